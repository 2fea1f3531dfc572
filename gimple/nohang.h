// Brackets the blocking point-to-point calls of a function (MPI_Recv,
// MPI_Send, MPI_Probe, MPI_Wait... : plugin/core/blocking_calls.h) with
//   parcoach_blocking_enter ("MPI_Recv", file, line, function);
//   MPI_Recv (...);
//   parcoach_blocking_leave ();
// so that the runtime knows where each process waits if the run would
// hang (rtlib/parcoach_nohang.c).  The two calls only store to memory of
// the process: nothing is communicated while nothing blocks.
#ifndef PARCOACH_GIMPLE_NOHANG_H
#define PARCOACH_GIMPLE_NOHANG_H

#include "gcc_compat.h"

namespace parcoach {

// Every blocking point-to-point call of `fun' that has one normal
// successor (a call that may throw keeps its exception edge) gets the
// bracket.
void bracket_blocking_calls(function *fun);

} // namespace parcoach

#endif
