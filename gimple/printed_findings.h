// The findings GCC printed for this translation unit, as printed (message,
// warning or error, the notes after it), for the outputs that need them:
// the SARIF log of -fplugin-arg-parcoach-sarif=FILE (core sarif_log.h),
// written when the compilation ends, and the JSON report's messages.
#ifndef PARCOACH_GIMPLE_PRINTED_FINDINGS_H
#define PARCOACH_GIMPLE_PRINTED_FINDINGS_H

#include "gcc_compat.h"

#include "finding_kinds.h"
#include "findings_report.h"
#include "plugin_options.h"

#include <string>
#include <vector>

namespace parcoach {

// Captures the printed findings when a SARIF log or a JSON report is asked
// for; registers the SARIF log's writer.
void register_printed_findings(const char *plugin_name, const Options &options);

// Gives each finding of the JSON report the message, severity and path GCC
// printed for it (same kind and location); "warning" and no message when
// nothing was printed (-w).
void describe_printed_findings(std::vector<Finding> &findings);

// report_finding brackets each finding it reports with these two calls, so
// that the printed diagnostic (and the notes after it) become a result,
// with the events of its path (printed as notes in between by
// -fdiagnostics-path-format=separate-events: not taken as notes).
void sarif_finding_begins(FindingKind kind, const std::string &function,
                          const std::vector<PathEvent> &events);
void sarif_finding_ends();

} // namespace parcoach

#endif
