// The machine-readable report of -fplugin-arg-parcoach-report=FILE: every
// finding of a translation unit, appended to FILE as one line of JSON
// (JSON Lines), so that parallel compilations (make -j) can share a file.
//
// One line per translation unit:
//   {"version": 3, "tool": {"name": "PARCOACH for GCC", "version": "0.1"},
//    "source": "app.c",
//    ("stage": "link", on the lines the link step adds: link_report.h)
//    "findings": [
//      {"kind": "collective-mismatch", "severity": "warning" | "error",
//       "message": "'MPI_Barrier' may not be called...", "function": "f",
//       "location": {"file": "app.c", "line": 12, "column": 5},
//       "collective": "MPI_Barrier",
//       "related": [{"file": "app.c", "line": 9, "column": 6,
//                    "role": "branch" | "loop-exit" | "directive"}],
//       "path": [{"file": "app.c", "line": 9, "column": 6,
//                 "message": "processes may take different branches here"}],
//       "checked": true,
//       concurrent-collectives only, the call of the other thread:
//       "other": {"call": "MPI_Bcast", "file": "app.c", "line": 20, "column": 7},
//       thread-level only (a level the program does not request, or none):
//       "levels": {"requested": "MPI_THREAD_FUNNELED",
//                  "required": "MPI_THREAD_MULTIPLE"}}],
//    "instrumented": [
//      {"function": "f", "mode": "flagged" | "dormant" | "proved",
//       "collective_checks": 2, "exit_checks": 1}]}
#ifndef PARCOACH_CORE_FINDINGS_REPORT_H
#define PARCOACH_CORE_FINDINGS_REPORT_H

#include "finding_kinds.h"

#include <string>
#include <vector>

namespace parcoach {

// The tool's name in the report, the SARIF log and the plugin's version.
constexpr char tool_name[] = "PARCOACH for GCC";

struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

struct RelatedLocation {
  SourceLocation location;
  // "branch" or "loop-exit" (a conditional blamed), "directive" (an
  // OpenMP directive blamed by a thread-level or concurrent-collectives
  // finding)
  std::string role;
};

// One event of a finding's diagnostic path (gimple/diagnostic_paths.h):
// what GCC prints under the warning (-fdiagnostics-path-format), the
// report's "path" and the SARIF log's code flow.
struct PathEvent {
  SourceLocation location;
  std::string message;
};

struct Finding {
  FindingKind kind = FindingKind::CollectiveMismatch; // "kind": its name

  std::string function;
  SourceLocation location;
  std::string collective;
  std::vector<RelatedLocation> related;
  bool checked = false; // a run-time check guards the call
  // As GCC printed it (without the [parcoach:KIND] tag); "warning" or
  // "error" (error=KIND, -Werror).
  std::string message;
  std::string severity = "warning";
  std::vector<PathEvent> path; // the events of the diagnostic path
  // concurrent-collectives: the MPI call (or function) the other thread
  // may run meanwhile ("other"; empty: none).
  std::string other_call;
  SourceLocation other_location;
  // thread-level: the level the program requests and the one it needs
  // ("levels"; empty: none).
  std::string requested_level;
  std::string required_level;
};

struct InstrumentedFunction {
  std::string function;
  // "flagged": live checks, exit checks; "dormant": checks live only inside
  // a flagged function (selective); "proved": live checks, no exit checks
  // (instrument=all).
  std::string mode;
  int collective_checks = 0;
  int exit_checks = 0;
};

struct TranslationUnitReport {
  std::string tool_version;
  std::string source;
  // "link": the findings of the link step at this unit's sites
  // (link_report.h), written "stage": "link"; "" (compile time): no key.
  std::string stage;
  std::vector<Finding> findings;
  std::vector<InstrumentedFunction> instrumented;
};

// Whether `source' is a file a build system compiles only to probe the
// compiler (CMake's CMakeCCompilerId.c and try_compile sources, autoconf's
// conftest.c): no report or SARIF log is written for those.
bool is_build_system_probe(const std::string &source);

// `text' as a JSON string, quotes included.
std::string json_quoted(const std::string &text);

// The report as one line of JSON, without the newline.
std::string to_json_line(const TranslationUnitReport &report);

// Appends the line and a newline to `path' under an exclusive lock, in one
// write.  Returns an empty string, or a message saying what failed.
std::string append_report(const std::string &path, const TranslationUnitReport &report);

} // namespace parcoach

#endif
