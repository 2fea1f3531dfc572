// The blocking point-to-point routines whose calls the plugin brackets
// with parcoach_blocking_enter / parcoach_blocking_leave (rtlib/parcoach_rt.h),
// so that the runtime knows where each process waits when a run would
// hang (rtlib/parcoach_nohang.c).  No GCC headers.
#ifndef PARCOACH_CORE_BLOCKING_CALLS_H
#define PARCOACH_CORE_BLOCKING_CALLS_H

#include "mpi_knowledge.h"

namespace parcoach {

// The C spelling (MPI_Recv...) when `callee', as the source spells it
// (MPI_Recv in C, mpi_recv in Fortran, PMPI_ names too), is a routine
// that may block until another process calls a matching routine and that
// is not a collective (collectives get their own checks): sends, receives,
// probes and the completion of requests (MPI_Wait*).  Null otherwise.
const char *blocking_point_to_point(const char *callee, SourceLanguage language);

} // namespace parcoach

#endif
