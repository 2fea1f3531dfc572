// Shared data read by orphaned OpenMP code (issue 14).  No GCC headers.
//
// A function with orphaned constructs (`#pragma omp for', `single',
// `barrier' outside a parallel region of its own) runs in whatever team
// calls it, possibly from another file.  What it reads of shared memory
// (a global or static variable that is not threadprivate, what a pointer
// parameter points to) is the same in every thread of that team unless
// some thread writes it in the barrier phase of the read: every thread
// reads it, so such a write races with the other threads' reads, which no
// correct program does (OpenMP 5.1, 1.4.1: a data race makes the program
// non-conforming; atomics aside).  Writes the unit shows are kept as
// sources of difference (the erroneous `if (tid == 0) n = 5;' before the
// orphaned loop); writes it cannot show (the calling team's code in
// another file) can only be such races.  To stay conservative without
// barrier phases across calls, a read is taken as the same in every
// thread only if the function and the functions of the unit it calls
// never write that memory (FunctionState in value_flow.cc applies it;
// threadprivate variables, locals and values per thread keep differing).
#ifndef PARCOACH_CORE_SHARED_READS_H
#define PARCOACH_CORE_SHARED_READS_H

#include "value_flow.h"

#include <set>
#include <vector>

namespace parcoach {

// By function of the unit (same order): what it, or a function of the
// unit it calls (transitively), may write.
struct SharedWrites {
  // Globals by unit-wide key (ValueFlowSlot::global): stored to, or whose
  // address is passed to a call (which may store there).
  std::vector<std::set<unsigned>> globals;
  // Stores through pointers it cannot name (ValueFlowFunction::
  // stores_through_unknown): it may write any shared memory.
  std::vector<bool> anything;
};

SharedWrites find_shared_writes(const std::vector<ValueFlowFunction> &unit);

// The same reasoning inside a parallel region a function forks (issue 14):
// a shared global the region's statements, and the functions of the unit
// they call, never write is read alike by every thread of the team.  By
// function of the unit (same order): what those may write.  `writes':
// find_shared_writes(unit).
struct TeamWrites {
  std::set<unsigned> globals;
  bool anything = false; // stores through pointers it cannot name
};
std::vector<TeamWrites> find_team_writes(const std::vector<ValueFlowFunction> &unit,
                                         const SharedWrites &writes);

// What pointer parameter `parameter' of `function' points to is only
// read there: no statement stores to one of its target slots, none passes
// one to a call, and none lets one escape.
bool parameter_target_read_only(const ValueFlowFunction &function, int parameter);

} // namespace parcoach

#endif
