#include "link_report.h"

#include "finding_kinds.h"

#include <cstdlib>
#include <sstream>

namespace parcoach {

namespace {

bool all_digits(const std::string &text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

// "file:line:column" or "file:line" (location_text), read from the right:
// a file name may hold colons.
SourceLocation parse_location(const std::string &text) {
  SourceLocation where;
  std::size_t last = text.rfind(':');
  if (last == std::string::npos || !all_digits(text.substr(last + 1))) {
    where.file = text;
    return where;
  }
  std::size_t before = text.rfind(':', last - 1);
  if (last > 0 && before != std::string::npos &&
      all_digits(text.substr(before + 1, last - before - 1))) {
    where.file = text.substr(0, before);
    where.line = std::atoi(text.substr(before + 1, last - before - 1).c_str());
    where.column = std::atoi(text.substr(last + 1).c_str());
  } else {
    where.file = text.substr(0, last);
    where.line = std::atoi(text.substr(last + 1).c_str());
  }
  return where;
}

// Splits "LOCATION: KIND: TEXT" for KIND warning, error or note.
bool split_diagnostic(const std::string &line, SourceLocation &where, std::string &kind,
                      std::string &text) {
  for (const char *candidate : {"warning", "error", "note"}) {
    std::string separator = std::string(": ") + candidate + ": ";
    std::size_t at = line.find(separator);
    if (at == std::string::npos)
      continue;
    where = parse_location(line.substr(0, at));
    kind = candidate;
    text = line.substr(at + separator.size());
    return true;
  }
  return false;
}

} // namespace

Finding link_report_finding(const std::string &printed, const std::vector<RelatedLocation> &related,
                            const std::string &collective, bool checked) {
  Finding finding;
  finding.kind = FindingKind::CollectiveMismatch;
  // The kind the printed warning names ("[parcoach:thread-level]").
  std::size_t tag = printed.find("[parcoach:");
  if (tag != std::string::npos) {
    std::size_t end = printed.find(']', tag);
    FindingKind named;
    if (end != std::string::npos &&
        finding_kind_named(printed.substr(tag + 10, end - tag - 10), named))
      finding.kind = named;
  }
  finding.related = related;
  finding.collective = collective;
  finding.checked = checked;
  std::istringstream lines(printed);
  std::string line;
  bool seen_warning = false;
  while (std::getline(lines, line)) {
    const std::string in_function = ": In function '";
    std::size_t at = line.find(in_function);
    if (!seen_warning && at != std::string::npos && line.size() >= 2 &&
        line.compare(line.size() - 2, 2, "':") == 0) {
      std::size_t start = at + in_function.size();
      finding.function = line.substr(start, line.size() - 2 - start);
      continue;
    }
    SourceLocation where;
    std::string kind, text;
    if (!split_diagnostic(line, where, kind, text))
      continue;
    if (kind == "note") {
      if (seen_warning)
        finding.path.push_back({where, text});
      continue;
    }
    if (seen_warning)
      break; // one finding per text
    seen_warning = true;
    finding.location = where;
    finding.severity = kind;
    std::size_t tag = text.rfind(" [parcoach:");
    finding.message = tag == std::string::npos ? text : text.substr(0, tag);
  }
  return finding;
}

SarifResult link_sarif_result(const Finding &finding) {
  SarifResult result;
  result.kind = finding.kind;
  result.error = finding.severity == "error";
  result.message = finding.message;
  result.location = finding.location;
  result.function = finding.function;
  result.events = finding.path; // the notes: one related location each
  return result;
}

std::string path_in_directory(const std::string &path, const std::string &directory) {
  if (path.empty() || path[0] == '/' || directory.empty())
    return path;
  return directory + (directory.back() == '/' ? "" : "/") + path;
}

std::vector<std::string> write_link_reports(
    const std::vector<std::pair<LinkReportTarget, std::vector<Finding>>> &findings) {
  std::vector<std::string> problems;
  for (const auto &entry : findings) {
    const LinkReportTarget &target = entry.first;
    if (entry.second.empty())
      continue;
    if (!target.report_file.empty()) {
      TranslationUnitReport report;
      report.tool_version = target.tool_version;
      report.source = target.source;
      report.stage = "link";
      report.findings = entry.second;
      std::string problem =
          append_report(path_in_directory(target.report_file, target.directory), report);
      if (!problem.empty())
        problems.push_back("PARCOACH report not written: " + problem);
    }
    if (!target.sarif_file.empty()) {
      std::vector<SarifResult> results;
      for (const Finding &finding : entry.second)
        results.push_back(link_sarif_result(finding));
      SarifTool tool{target.tool_version, target.information_uri};
      std::string problem = merge_into_sarif_log(
          path_in_directory(target.sarif_file, target.directory), tool, results, target.directory);
      if (!problem.empty())
        problems.push_back("PARCOACH SARIF log not written: " + problem);
    }
  }
  return problems;
}

} // namespace parcoach
