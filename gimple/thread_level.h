// MPI thread levels and concurrent collectives in MPI+OpenMP code (thesis
// chapters 2 and 4): the GIMPLE side of core/parallelism_words.h,
// core/function_threads.h (what one function's words decide) and
// core/thread_levels.h (the unit step).  Here: reading each function into
// those records, wording the findings, inserting the checks.
//
// At the `cfg' pass, for each function (OpenMP directives are still
// statements then):
//  * its augmented CFG and the parallelism word of every MPI call;
//  * the warning that does not depend on the rest of the unit, given at
//    once: a collective several threads of a process may call (erroneous
//    at every level, [parcoach:thread-level]), with notes at the
//    directives responsible;
//  * the run-time checks (rtlib/parcoach_threads.h), which must be in
//    place before OpenMP expansion: CC_ipw before a collective in a
//    multithreaded context, CC_cc before collectives in concurrent
//    monothreaded regions, and the marks CC_cc needs (a team forked, a
//    barrier passed, including the orphaned barriers of every function,
//    which a checked team may call).
// The rest waits for the unit step (unit_analysis.h), once every function
// is lowered: the requested level may be set in a function GCC lowers later
// (main is often last); a call's MPI calls are its callee's (levels through
// calls); a barrier in a callee orders monothreaded regions, and the
// orphaned regions of a function a team calls belong to that team (Lemma 5,
// [parcoach:concurrent-collectives]).  Then come each MPI call the level
// does not allow, the level report at MPI_Init_thread (or one note per
// function when the unit has no MPI_Init_thread nor MPI_Init), and the
// calls several threads may make to functions that run collectives.
#ifndef PARCOACH_GIMPLE_THREAD_LEVEL_H
#define PARCOACH_GIMPLE_THREAD_LEVEL_H

#include "gcc_compat.h"

#include "findings_report.h"
#include "instrument.h"
#include "plugin_options.h"
#include "program_summary.h"

#include <functional>
#include <map>
#include <set>
#include <vector>

namespace parcoach {

// `findings' may be null (no report asked for); it must live until the end
// of the unit.
void check_thread_levels(function *fun, const Options &options, std::vector<Finding> *findings);

// How `fun' is assumed to be called: main is sequential, any other
// function as -fplugin-arg-parcoach-context says.
CallContext call_context(function *fun, const Options &options);

// At the unit step (unit_analysis.h): the warnings that depend on the
// requested level, the level report, and the calls several threads may
// make to functions that run collectives (`runs_collectives', by
// DECL_UID).
// `by_tag' receives the decisions on the candidate checks inserted at the
// `cfg' pass (instrument.h).
void report_thread_levels(const std::function<bool(unsigned)> &runs_collectives,
                          std::vector<SettledCheck> &by_tag);

// For the unit's summary (cross_file_threads.h), at the unit step: the MPI
// calls each function (by DECL_UID) makes through the unit's functions,
// with their words; and into `summary', the unit's MPI_Init* calls and its
// calls to other files' functions inside parallel regions.
std::map<unsigned, std::vector<MpiCallWord>> mpi_call_words();
// The functions of the unit (DECL_UID) several threads may call at once
// (called_by_several_threads), once every function has been read.
std::set<unsigned> functions_called_by_several_threads();
void summarise_thread_levels(UnitSummary &summary);

} // namespace parcoach

#endif
