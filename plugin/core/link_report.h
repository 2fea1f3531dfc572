// Link-time findings in the JSON report and the SARIF log (issue 15: "the
// JSON report extended").  No GCC headers.
//
// A unit compiled with -fplugin-arg-parcoach-report=FILE (or sarif=FILE)
// says so in its summary (UnitSummary::report_file, sarif_file, with the
// compilation's directory), so that the link step, which sees no plugin
// argument, adds the findings it reports at that unit's sites to the same
// report and log: one more JSON line with "stage": "link" and the unit's
// source, and SARIF results like the compile-time ones.
//
// A finding is taken from the GCC-style text parcoach-link prints for it
// (format_finding, format_deferred_finding): the report says exactly what
// the terminal says.  Its path holds an event at each conditional blamed
// (the notes "processes may take different branches here..."), then the
// notes after them (which file's function runs which collectives, what
// the conditional depends on), as the compile-time path ends at the call.
#ifndef PARCOACH_CORE_LINK_REPORT_H
#define PARCOACH_CORE_LINK_REPORT_H

#include "findings_report.h"
#include "sarif_log.h"

#include <string>
#include <vector>

namespace parcoach {

// The report's finding for the text `printed' ("FILE: In function 'F':",
// the warning or error line, its notes) of one link-time finding;
// `related': the conditionals blamed, `collective': the MPI routine, or for
// a call the function called, `checked': a run-time check is armed.
Finding link_report_finding(const std::string &printed, const std::vector<RelatedLocation> &related,
                            const std::string &collective, bool checked);

// The same finding as a SARIF result (its path the code flow, each event a
// related location, as the compile-time results' path events).
SarifResult link_sarif_result(const Finding &finding);

// Where the findings at one unit's sites go.
struct LinkReportTarget {
  std::string source;      // the unit's main file
  std::string directory;   // its compilation's directory
  std::string report_file; // as given at compile time ("" for none)
  std::string sarif_file;
  std::string tool_version;    // of the plugin that compiled the unit
  std::string information_uri; // its documentation, for the SARIF log
};

// `path' made absolute against `directory' (kept as is if already).
std::string path_in_directory(const std::string &path, const std::string &directory);

// Appends the findings of each target (a JSON line per target with
// findings, stage "link"; SARIF results merged into its log).  Returns
// what failed, one message each (nothing: all written).
std::vector<std::string> write_link_reports(
    const std::vector<std::pair<LinkReportTarget, std::vector<Finding>>> &findings);

} // namespace parcoach

#endif
