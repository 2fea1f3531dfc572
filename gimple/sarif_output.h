// -fplugin-arg-parcoach-sarif=FILE: every finding GCC printed for this
// translation unit, with the notes printed after it, added to a SARIF log
// (core sarif_log.h) when the compilation ends.
#ifndef PARCOACH_GIMPLE_SARIF_OUTPUT_H
#define PARCOACH_GIMPLE_SARIF_OUTPUT_H

#include "gcc_compat.h"

#include "finding_kinds.h"
#include "plugin_options.h"

#include <string>

namespace parcoach {

// Registers the end-of-compilation writer when options.sarif_file is set.
void register_sarif_output(const char *plugin_name, const Options &options);

// report_finding brackets each finding it reports with these two calls, so
// that the printed diagnostic (and the notes after it) become a result.
void sarif_finding_begins(FindingKind kind, const std::string &function);
void sarif_finding_ends();

} // namespace parcoach

#endif
