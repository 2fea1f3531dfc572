// Ways a thread leaves its team's code that are no barrier mismatch,
// for the OpenMP collective checker (omp_collectives.cc):
//  * cancellation: GCC lowers `cancel', `cancellation point' and the
//    barriers of a region that may be cancelled to calls returning whether
//    the region is cancelled, each followed by a branch to the region's end.
//    OpenMP 5.1 (2.20.1, 2.20.2) sends every thread of the team to that end
//    at its next cancellation point, barriers included: the branch
//    separates no threads for good;
//  * the end of the process: exit(), STOP, abort(), a noreturn call that
//    throws nothing here.  Every thread of the team ends with it, so none
//    is left waiting in a barrier.
#ifndef PARCOACH_GIMPLE_OMP_TEAM_EXITS_H
#define PARCOACH_GIMPLE_OMP_TEAM_EXITS_H

#include "gcc_compat.h"

namespace parcoach {

// An explicit barrier: GOMP_barrier, or GOMP_barrier_cancel in a region
// that may be cancelled.
bool is_barrier_call(const char *callee);

// The successor a block takes when it finds its region cancelled (it ends
// with a test of what GOMP_cancel, GOMP_cancellation_point or
// GOMP_barrier_cancel returned in the block), or null.
basic_block cancellation_exit(basic_block bb);

// The call ends the process (and so every thread of the team): a call that
// terminates the job (mpi_knowledge.h), or any other call that does not
// return and cannot throw to a handler of this function.
bool ends_process(const gcall *call);

} // namespace parcoach

#endif
