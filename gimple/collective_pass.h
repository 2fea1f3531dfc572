// The per-function work of the PARCOACH pass: build the model, run the
// collective-mismatch analysis, report, instrument.
#ifndef PARCOACH_GIMPLE_COLLECTIVE_PASS_H
#define PARCOACH_GIMPLE_COLLECTIVE_PASS_H

#include "gcc_compat.h"

#include "plugin_options.h"

namespace parcoach {

opt_pass *make_collective_pass(gcc::context *context, const Options &options);

// With -fplugin-arg-parcoach-report=FILE: appends the translation unit's
// findings to FILE when the compilation finishes.
void register_report_writer(const char *plugin_name, const Options &options);

} // namespace parcoach

#endif
