#include "sarif_log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace parcoach {

namespace {

// The fixed end of every log: results are inserted right before it.
const char log_end[] = "\n      ]\n    }\n  ]\n}\n";
const char result_indent[] = "        ";

std::string text_object(const std::string &text) {
  return "{\"text\": " + json_quoted(text) + "}";
}

std::string physical_location(const SourceLocation &where, const std::string &directory) {
  std::string region = "\"startLine\": " + std::to_string(where.line > 0 ? where.line : 1);
  if (where.column > 0)
    region += ", \"startColumn\": " + std::to_string(where.column);
  return "{\"artifactLocation\": {\"uri\": " + json_quoted(file_uri(where.file, directory)) +
         "}, \"region\": {" + region + "}}";
}

std::string result_json(const SarifResult &result, const std::string &directory) {
  std::string json = "{\"ruleId\": " + json_quoted(finding_kind_name(result.kind)) +
                     ", \"level\": \"" + (result.error ? "error" : "warning") + "\"" +
                     ", \"message\": " + text_object(result.message) +
                     ", \"locations\": [{\"physicalLocation\": " +
                     physical_location(result.location, directory);
  if (!result.function.empty())
    json += ", \"logicalLocations\": [{\"fullyQualifiedName\": " + json_quoted(result.function) +
            ", \"kind\": \"function\"}]";
  json += "}]";
  // The related locations: the path's events, then the notes.  A note
  // GCC printed with no location has none here either.
  std::vector<SarifNote> related = result.notes;
  for (std::size_t i = 0; i < result.events.size(); ++i)
    related.insert(related.begin() + i, {result.events[i].location, result.events[i].message});
  // The code flow: the path's events; without a path, what the notes
  // explain (the conditionals, the other region), then the call the
  // warning is about.
  std::vector<SarifNote> steps;
  for (const PathEvent &event : result.events)
    steps.push_back({event.location, event.message});
  if (steps.empty() && !result.notes.empty()) {
    steps = result.notes;
    steps.push_back({result.location, result.message});
  }
  auto place = [&](const SarifNote &note) {
    return note.location.file.empty()
               ? std::string()
               : ", \"physicalLocation\": " + physical_location(note.location, directory);
  };
  if (!related.empty()) {
    std::string list;
    for (std::size_t i = 0; i < related.size(); ++i)
      list += std::string(i ? ", " : "") + "{\"id\": " + std::to_string(i + 1) +
              ", \"message\": " + text_object(related[i].message) + place(related[i]) + "}";
    json += ", \"relatedLocations\": [" + list + "]";
  }
  if (!steps.empty()) {
    std::string flow;
    for (std::size_t i = 0; i < steps.size(); ++i)
      flow += std::string(i ? ", " : "") + "{\"location\": {\"message\": " +
              text_object(steps[i].message) + place(steps[i]) + "}}";
    json += ", \"codeFlows\": [{\"threadFlows\": [{\"locations\": [" + flow + "]}]}]";
  }
  return json + "}";
}

std::string rules_json() {
  std::string rules;
  for (FindingKind kind : all_finding_kinds()) {
    std::string description = text_object(finding_kind_description(kind));
    rules += std::string(rules.empty() ? "" : ",\n") + "            {\"id\": " +
             json_quoted(finding_kind_name(kind)) +
             ", \"shortDescription\": " + description + ", \"fullDescription\": " +
             description + ", \"help\": " +
             text_object(std::string(finding_kind_description(kind)) +
                         " Silence it with -fplugin-arg-parcoach-disable=" +
                         finding_kind_name(kind) + ", #pragma parcoach ignore " +
                         finding_kind_name(kind) + " or a suppression file.") +
             ", \"defaultConfiguration\": {\"level\": \"warning\"}}";
  }
  return rules;
}

std::string log_start(const SarifTool &tool) {
  return std::string("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n") +
         "  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": {\"driver\": {" +
         "\"name\": " + json_quoted(tool_name) + ", \"version\": " + json_quoted(tool.version) +
         ", \"informationUri\": " + json_quoted(tool.information_uri) +
         ",\n          \"rules\": [\n" + rules_json() + "\n          ]}},\n" +
         "      \"columnKind\": \"utf16CodeUnits\",\n      \"results\": [";
}

// The results as the lines inserted before log_end; `first': the log has
// none yet.
std::string result_lines(const std::vector<SarifResult> &results, const std::string &directory,
                         bool first) {
  std::string lines;
  for (const SarifResult &result : results) {
    lines += (first ? "\n" : ",\n") + std::string(result_indent) + result_json(result, directory);
    first = false;
  }
  return lines;
}

std::string write_all(int fd, const std::string &text, off_t offset, const std::string &path) {
  const char *data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    ssize_t written = pwrite(fd, data, left, offset);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return "cannot write " + path + ": " + std::strerror(errno);
    data += written;
    offset += written;
    left -= static_cast<std::size_t>(written);
  }
  return "";
}

std::string read_all(int fd, std::string &text, const std::string &path) {
  char buffer[1 << 16];
  off_t offset = 0;
  for (;;) {
    ssize_t got = pread(fd, buffer, sizeof buffer, offset);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return "cannot read " + path + ": " + std::strerror(errno);
    if (got == 0)
      return "";
    text.append(buffer, static_cast<std::size_t>(got));
    offset += got;
  }
}

bool ends_with(const std::string &text, const std::string &end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

} // namespace

std::string file_uri(const std::string &path, const std::string &directory) {
  std::string absolute = path;
  if (absolute.empty() || absolute[0] != '/')
    absolute = directory + (directory.empty() || directory.back() == '/' ? "" : "/") + path;
  std::string uri = "file://";
  for (unsigned char c : absolute) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 std::strchr("/-._~", c);
    if (plain && c) {
      uri += static_cast<char>(c);
    } else {
      char escape[4];
      std::snprintf(escape, sizeof escape, "%%%02X", c);
      uri += escape;
    }
  }
  return uri;
}

std::string sarif_log(const SarifTool &tool, const std::vector<SarifResult> &results,
                      const std::string &directory) {
  return log_start(tool) + result_lines(results, directory, true) + log_end;
}

std::string merge_into_sarif_log(const std::string &path, const SarifTool &tool,
                                 const std::vector<SarifResult> &results,
                                 const std::string &directory) {
  int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0)
    return "cannot open " + path + ": " + std::strerror(errno);
  std::string problem;
  if (flock(fd, LOCK_EX) != 0)
    problem = "cannot lock " + path + ": " + std::strerror(errno);
  std::string log;
  if (problem.empty())
    problem = read_all(fd, log, path);
  if (problem.empty() && log.empty()) {
    problem = write_all(fd, sarif_log(tool, results, directory), 0, path);
  } else if (problem.empty()) {
    std::string end = log_end;
    if (!ends_with(log, end) || log.find(json_quoted(tool_name)) == std::string::npos)
      problem = path + " is not a SARIF log written by " + tool_name +
                " (remove it, or name another file)";
    bool first = problem.empty() && ends_with(log.substr(0, log.size() - end.size()), "[");
    if (problem.empty() && !results.empty())
      problem = write_all(fd, result_lines(results, directory, first) + end,
                          static_cast<off_t>(log.size() - end.size()), path);
  }
  close(fd); // also releases the lock
  return problem;
}

} // namespace parcoach
