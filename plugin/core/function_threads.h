// What one function's parallelism words decide at the `cfg' pass (thesis
// chapters 2 and 4), GCC-free: which MPI calls several threads may run as
// collectives on one communicator (erroneous at every level), which calls
// the unit step (core/thread_levels.h) must weigh, and where the run-time
// checks of rtlib/parcoach_threads.h go.  The reader
// (gimple/thread_level.cc) builds a FunctionThreads from GIMPLE; it words
// the findings and inserts the checks the plan names, by node.
#ifndef PARCOACH_CORE_FUNCTION_THREADS_H
#define PARCOACH_CORE_FUNCTION_THREADS_H

#include "parallelism_words.h"

#include <map>
#include <set>
#include <utility>
#include <vector>

namespace parcoach {

// A function's augmented CFG (Algorithm 1) with its words, and what only
// the reader can tell of its nodes.
struct FunctionThreads {
  ThreadModel model;
  WordResult words;
  // By node: an MPI call whose communicator is the same in every thread of
  // a team (not comms[t], nor one that cannot be named).
  std::vector<bool> shared_communicator;
  // Calls to functions of the unit: (node, callee uid), in node order.
  std::vector<std::pair<NodeId, unsigned>> unit_calls;
  // Those of them passing an argument that may differ between the threads
  // of a team: the callee's collectives may then run on one communicator
  // per thread, which no check can tell from here.
  std::set<NodeId> thread_varying_calls;
  // By node: a parallel directive (not teams), before which the run-time
  // can mark a team's fork.
  std::vector<bool> forks_team;
  // By barrier node: whether the run-time can mark its passing (right
  // after an explicit barrier, or at the start of the block after an
  // implicit one).
  std::vector<bool> markable;
};

// CC_cc (Algorithm 11) for the monothreaded calls of one team.
struct TeamChecks {
  NodeId parallel = -1;          // its directive: the fork is marked before it
  std::vector<NodeId> barriers;  // marked once passed
  std::vector<NodeId> taskwaits; // marked once passed
  std::vector<NodeId> calls;     // checked, in node order
};

struct FunctionThreadPlan {
  // Collectives several threads of a process may call at once on one
  // communicator: erroneous at every thread level.
  std::vector<NodeId> multithreaded_collectives;
  // The other reached MPI calls, whose compliance depends on the level.
  std::vector<NodeId> level_calls;
  // The reached calls to functions of the unit.
  std::vector<NodeId> unit_calls;
  // Whether the function may run a collective on every thread that calls
  // it (outside its own single, master and task regions), directly or
  // through the unit's functions it calls there (`exposing_callees').
  bool exposes_directly = false;
  std::vector<unsigned> exposing_callees;
  // Calls several threads may make at once, with the same arguments, to
  // functions of the unit: erroneous if those run collectives (unit step).
  std::vector<NodeId> multithreaded_unit_calls;
  // Barriers binding to the caller's team (outside parallel regions of the
  // function's own), reached.
  std::vector<NodeId> orphaned_barriers;
  // MPI calls and calls to the unit's functions in single, section, task
  // or master regions: the sides Lemma 5 may pair; and, if there are any,
  // the directives of the monothreaded regions, for the notes.
  std::vector<NodeId> concurrency_sides;
  std::vector<NodeId> region_directives;
};

FunctionThreadPlan plan_function_threads(const FunctionThreads &function);

// A call at this word runs on every thread that calls the function: the
// function's own directives (not the assumed context, nor barriers) open
// no single, master or task region before any parallel one.
bool exposes_callers_threads(const ParallelismWord &word);

// The run-time concurrency checks: for every pair Lemma 5 finds among
// `sides' (the collectives and the calls to the unit's functions among the
// plan's concurrency sides) when calls are not taken as barriers, a check
// before each call; `certain': paired with a collective written in place
// on both sides (a check), the others are candidates the unit step keeps
// if the pair turns out to run collectives on both sides.  A team whose
// parallel directive is not in this function (the context's) or whose
// barriers cannot all be marked gets no check.
// The teams of `calls' (nodes of `function') whose phases the runtime can
// follow: forked in this function, every barrier markable; each with the
// fork, barriers and taskwaits to mark and its calls, in node order.
std::vector<TeamChecks> plan_team_marks(const FunctionThreads &function,
                                        const std::vector<NodeId> &calls);

struct ConcurrencyCheckPlan {
  std::vector<TeamChecks> teams;
  std::map<NodeId, std::set<NodeId>> paired_with; // by checked call
  std::set<NodeId> certain;
};

ConcurrencyCheckPlan plan_concurrency_checks(const FunctionThreads &function,
                                             const std::vector<NodeId> &sides,
                                             const std::set<NodeId> &unit_call_nodes);

} // namespace parcoach

#endif
