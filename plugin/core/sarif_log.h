// The SARIF 2.1.0 log of -fplugin-arg-parcoach-sarif=FILE, for CI
// dashboards (GitHub code scanning, GitLab) and SARIF viewers: one run of
// the tool, one rule per kind of finding, one result per warning (or error)
// with its path's events and its notes as related locations, and its path
// as a code flow.
//
// Every compilation of a build (make -j) adds its results to the same
// FILE: the log is always written in one layout whose end is fixed, so a
// compilation inserts its results before that end under an exclusive lock,
// without parsing the rest.  No GCC headers.
#ifndef PARCOACH_CORE_SARIF_LOG_H
#define PARCOACH_CORE_SARIF_LOG_H

#include "finding_kinds.h"
#include "findings_report.h"

#include <string>
#include <vector>

namespace parcoach {

struct SarifNote {
  SourceLocation location;
  std::string message;
};

struct SarifResult {
  FindingKind kind = FindingKind::CollectiveMismatch;
  bool error = false; // reported as an error (error=KIND, -Werror)
  std::string message;
  SourceLocation location;
  std::string function; // may be empty
  // The notes GCC printed after the warning, in order: the conditionals
  // blamed, the other region...
  std::vector<SarifNote> notes;
  // The events of its diagnostic path (gimple/diagnostic_paths.h), printed
  // or not (-fdiagnostics-path-format=none): the code flow.  Without any,
  // the code flow is the notes, then the warning.
  std::vector<PathEvent> events;
};

struct SarifTool {
  std::string version;         // "0.1"
  std::string information_uri; // where a user learns about the tool
};

// "file:///abs/dir/x.c" for `path' (made absolute against `directory',
// the compilation's working directory), with the characters a URI does not
// allow percent-encoded.
std::string file_uri(const std::string &path, const std::string &directory);

// A whole log holding `results' (locations already made absolute with
// `directory'), in the layout merge_into_sarif_log expects.
std::string sarif_log(const SarifTool &tool, const std::vector<SarifResult> &results,
                      const std::string &directory);

// Adds `results' to the log in `path' (creating it, valid even with no
// result), under an exclusive lock.  An empty string, or what failed (a
// file that is not a log this function wrote is left untouched).
std::string merge_into_sarif_log(const std::string &path, const SarifTool &tool,
                                 const std::vector<SarifResult> &results,
                                 const std::string &directory);

} // namespace parcoach

#endif
