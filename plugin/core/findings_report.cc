#include "findings_report.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace parcoach {

std::string json_quoted(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (c < 0x20) {
        char escape[8];
        std::snprintf(escape, sizeof escape, "\\u%04x", c);
        out += escape;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

bool is_build_system_probe(const std::string &source) {
  std::size_t slash = source.rfind('/');
  std::string base = slash == std::string::npos ? source : source.substr(slash + 1);
  std::string stem = base.substr(0, base.find('.'));
  return stem == "conftest" || source.find("CMakeFiles/") != std::string::npos;
}

namespace {

const auto quoted = json_quoted;

std::string location_fields(const SourceLocation &where) {
  return "\"file\": " + quoted(where.file) + ", \"line\": " + std::to_string(where.line) +
         ", \"column\": " + std::to_string(where.column);
}

template <typename Item, typename Writer>
std::string list(const std::vector<Item> &items, Writer write) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + write(items[i]);
  return out + "]";
}

std::string event_json(const PathEvent &event) {
  return "{" + location_fields(event.location) + ", \"message\": " + quoted(event.message) + "}";
}

// The fields only some kinds have.
std::string kind_fields(const Finding &f) {
  std::string fields;
  if (!f.other_call.empty())
    fields += ", \"other\": {\"call\": " + quoted(f.other_call) + ", " +
              location_fields(f.other_location) + "}";
  if (!f.requested_level.empty() || !f.required_level.empty())
    fields += ", \"levels\": {\"requested\": " + quoted(f.requested_level) +
              ", \"required\": " + quoted(f.required_level) + "}";
  return fields;
}

std::string finding_json(const Finding &f) {
  return "{\"kind\": " + quoted(finding_kind_name(f.kind)) + ", \"severity\": " +
         quoted(f.severity) + ", \"message\": " + quoted(f.message) +
         ", \"function\": " + quoted(f.function) +
         ", \"location\": {" + location_fields(f.location) + "}" +
         ", \"collective\": " + quoted(f.collective) + ", \"related\": " +
         list(f.related,
              [](const RelatedLocation &r) {
                return "{" + location_fields(r.location) + ", \"role\": " + quoted(r.role) + "}";
              }) +
         ", \"path\": " + list(f.path, event_json) +
         ", \"checked\": " + (f.checked ? "true" : "false") + kind_fields(f) + "}";
}

std::string instrumented_json(const InstrumentedFunction &f) {
  return "{\"function\": " + quoted(f.function) + ", \"mode\": " + quoted(f.mode) +
         ", \"collective_checks\": " + std::to_string(f.collective_checks) +
         ", \"exit_checks\": " + std::to_string(f.exit_checks) + "}";
}

} // namespace

std::string to_json_line(const TranslationUnitReport &report) {
  return "{\"version\": 3, \"tool\": {\"name\": " + quoted(tool_name) +
         ", \"version\": " + quoted(report.tool_version) + "}, \"source\": " + quoted(report.source) +
         (report.stage.empty() ? "" : ", \"stage\": " + quoted(report.stage)) +
         ", \"findings\": " + list(report.findings, finding_json) +
         ", \"instrumented\": " + list(report.instrumented, instrumented_json) + "}";
}

std::string append_report(const std::string &path, const TranslationUnitReport &report) {
  std::string line = to_json_line(report) + "\n";
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd < 0)
    return "cannot open " + path + ": " + std::strerror(errno);
  // O_APPEND makes each write land at the end; the lock keeps a long line
  // from interleaving with another compilation's on file systems where a
  // large append is not atomic.
  std::string problem;
  if (flock(fd, LOCK_EX) != 0)
    problem = "cannot lock " + path + ": " + std::strerror(errno);
  const char *data = line.data();
  std::size_t left = line.size();
  while (problem.empty() && left > 0) {
    ssize_t written = write(fd, data, left);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0) {
      problem = "cannot write " + path + ": " + std::strerror(errno);
      break;
    }
    data += written;
    left -= static_cast<std::size_t>(written);
  }
  close(fd); // also releases the lock
  return problem;
}

} // namespace parcoach
