// Writes the run-time checks (thesis Algorithm 13) into a function: a call
// to the runtime before each collective, and function-exit checks before
// each point where a process leaves the function.
//
// Which checks stay: in a flagged function (or any, with instrument=all)
// every collective is checked, every leave point gets function-exit checks,
// and the function's dynamic extent is marked for the runtime.  A function
// proved correct gets checks at its collectives but none at its exits,
// since every process entering it runs the same collectives, and processes
// that never entered it may match them elsewhere (thesis figure 5.1).  In
// selective mode those checks are `dormant': they run only inside the
// extent of a flagged function, whose own checks would otherwise wait
// forever for processes calling an unchecked collective here.
// MPI_Finalize is always checked: it catches a process finalising while
// others wait in a check.
#ifndef PARCOACH_GIMPLE_INSTRUMENT_H
#define PARCOACH_GIMPLE_INSTRUMENT_H

#include "function_model.h"
#include "runtime_entry_points.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace parcoach {

// The runtime's declarations are built once per translation unit and kept
// alive across garbage collections through these roots.
void register_instrumentation_gc_roots(const char *plugin_name);

// GCC lowers one function at a time, but whether a function needs checks
// depends on the whole unit (unit_analysis.h).  So every check a function
// may need is inserted at the `cfg' pass as a candidate carrying a tag, and
// the unit step later settles each tag: keep it (live or dormant) or remove
// it, wherever OpenMP expansion has moved the call meanwhile.
struct CandidateChecks {
  // The tag of the check before each collective call, by model node.
  std::vector<std::pair<NodeId, int>> collective_tags;
  // The tags of the function-exit checks (colour 0) at its leave points.
  std::vector<int> exit_tags;
  // Leave points got no exit check: none of the function's collectives has
  // a communicator available there (see choose_exit_handles).
  bool exit_unchecked = false;
};

// Inserts the candidates of a function with collectives or calls to the
// unit's functions: a check before every collective, function-exit checks
// before every leave point, and the marks of the function's dynamic extent
// (kept only if the function is flagged).  Tags are numbered from
// `next_tag', which is advanced.
CandidateChecks insert_candidate_checks(function *fun, const GimpleFunction &model,
                                        int &next_tag);

enum class CheckDecision {
  Remove,
  Always,  // runs every time
  IfArmed, // dormant: runs only inside the extent of a flagged function
  // A function-exit check of a function every thread of a team calls
  // (context=parallel): thread 0 of the team checks for the process
  // (thesis Algorithm 20).
  OncePerTeam
};

struct SettledCheck {
  CheckDecision decision = CheckDecision::Remove;
  // OpenMP checks: the colour (rtlib/parcoach_omp.h), which the tag holds
  // the place of until then.
  int colour = 0;
  // The lines of the conditionals blamed, for the run-time message.
  std::string conditionals;
};

// Applies `by_tag' (indexed by tag) to every candidate of the unit, and
// removes the extent marks of the functions whose DECL_UID is not in
// `flagged_functions'.
void settle_candidate_checks(const std::vector<SettledCheck> &by_tag,
                             const std::set<unsigned> &flagged_functions);

// A candidate OpenMP check (rtlib/parcoach_omp.h) before `before', to be
// executed by every thread of the team that reaches it: live, or with
// `dormant' only while the calling team is armed (an orphaned construct).
// Settled like the others: removed, or kept with its colour set.
void insert_omp_candidate(gimple *before, bool dormant, int tag, location_t where,
                          const std::string &function);

// Candidate thread checks (rtlib/parcoach_threads.h) before `before', kept
// or removed at the unit step, which knows what the unit's functions run:
//  * IpwCall, before a call several threads may make: (word without
//    barriers, callee); kept if the callee runs collectives;
//  * ConcurrentCall, CC_cc before a call or collective that a concurrent
//    monothreaded region may pair with a call: (lines of the others, the
//    call as messages name it); kept if the pair runs collectives on both
//    sides.  `communicator': the collective's own handle (C) or the
//    address of its INTEGER (Fortran), which the check compares; null for
//    a call, whose communicators it does not know.
enum class ThreadCandidate { IpwCall, ConcurrentCall };
constexpr int ThreadCandidateCount = 2;
void insert_thread_candidate(ThreadCandidate kind, gimple *before, int tag,
                             const std::string &first, const std::string &second,
                             const std::string &function, tree communicator = NULL_TREE);

// The same for the start of a checked region (PARCOACH_OMP_START), at the
// start of the body of the parallel directive `parallel'; false if there
// is no such place (then the region must not be checked).
bool insert_omp_region_start(gimple *parallel, int tag, location_t where,
                             const std::string &function);

} // namespace parcoach

#endif
