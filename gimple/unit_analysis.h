// The MPI collective analysis over a whole translation unit.
//
// Where things happen, and why:
//  * GCC lowers the functions of a unit one at a time, and right after our
//    pass (after `cfg') it expands OpenMP constructs, outlining parallel
//    bodies into new functions.  So at `cfg', record_function keeps a
//    GCC-free description of each function (its graph model, with a node
//    of its own for each call to a function of the unit; the value-flow
//    description of its conditionals; the locations diagnostics need) and
//    inserts every run-time check the function might need, as tagged
//    candidates (instrument.h).
//  * Once every function is lowered, before the IPA passes
//    (PLUGIN_ALL_IPA_PASSES_START), the unit step solves the value flow of
//    the unit (value_flow.h: which conditionals may differ between
//    processes), computes the collective summaries of the functions,
//    callees first (collective_summaries.h), analyses each function with
//    its calls replaced by their summaries, reports, and settles every
//    candidate check wherever OpenMP expansion has moved it.
// Across translation units nothing is known: a call to a function defined
// in another file counts as running no collective.  That file's own checks
// (if it was compiled with the plugin) still come alive while a flagged
// function of this file runs, since the runtime's state is per process.
#ifndef PARCOACH_GIMPLE_UNIT_ANALYSIS_H
#define PARCOACH_GIMPLE_UNIT_ANALYSIS_H

#include "gcc_compat.h"

#include "findings_report.h"
#include "plugin_options.h"

#include <vector>

namespace parcoach {

// At the `cfg' pass, for each function.
// `library': the function is the MPI implementation's (is_mpi_library_code):
// recorded for its callers, never flagged (its checks stay dormant).
void record_function(function *fun, const Options &options, bool library);

// A tag for a candidate check inserted at the `cfg' pass outside
// record_function (instrument.h); the unit step settles it.
int next_candidate_tag();

// The findings of the unit, for -fplugin-arg-parcoach-report (null when no
// report was asked for).
std::vector<Finding> *unit_findings();

// Registers the unit step and, with a report file, the writer of the
// report at the end of the compilation.
void register_unit_analysis(const char *plugin_name, const Options &options);

} // namespace parcoach

#endif
