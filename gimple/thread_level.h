// MPI thread levels and concurrent collectives in MPI+OpenMP code (thesis
// chapters 2 and 4): the GIMPLE side of core/thread_level.h.
//
// At the `cfg' pass, for each function (OpenMP directives are still
// statements then):
//  * its augmented CFG and the parallelism word of every MPI call;
//  * warnings that do not depend on the requested level, given at once:
//    a collective several threads of a process may call (erroneous at
//    every level) and collectives in concurrent monothreaded regions
//    ([parcoach:thread-level], [parcoach:concurrent-collectives]), with
//    notes at the directives responsible;
//  * their run-time checks (rtlib/parcoach_threads.h): CC_ipw before a
//    collective in a multithreaded context, CC_cc before collectives in
//    concurrent monothreaded regions, and the marks CC_cc needs (a team
//    forked, a barrier passed).
// The requested level may be set in a function GCC lowers later (main is
// often last), so the warnings that depend on it wait for the end of the
// unit (PLUGIN_ALL_IPA_PASSES_START): each MPI call the level does not
// allow, and the level report at MPI_Init_thread (or one note per
// function when the unit has no MPI_Init_thread nor MPI_Init).
#ifndef PARCOACH_GIMPLE_THREAD_LEVEL_H
#define PARCOACH_GIMPLE_THREAD_LEVEL_H

#include "gcc_compat.h"

#include "findings_report.h"
#include "plugin_options.h"

#include <vector>

namespace parcoach {

// `findings' may be null (no report asked for); it must live until the end
// of the unit.
void check_thread_levels(function *fun, const Options &options, std::vector<Finding> *findings);

} // namespace parcoach

#endif
