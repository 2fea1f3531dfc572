// The Fortran 2008 bindings (`use mpi_f08'): gfortran calls the specific
// procedures of MPICH's mpi_f08 module, named after the routine with a
// suffix (mpi_barrier_f08, mpi_allreduce_f08ts, mpi_send_f08ts_large...).
// Their arguments sit where `use mpi' puts them: handles are TYPE(MPI_Comm)
// and the like, passed by reference, whose only component MPI_VAL is the
// `use mpi' INTEGER handle, so a pointer to one is a pointer to a Fortran
// handle.  No GCC headers.
#ifndef PARCOACH_CORE_MPI_F08_H
#define PARCOACH_CORE_MPI_F08_H

#include <string>

namespace parcoach {

// The `use mpi' spelling (mpi_barrier) of the mpi_f08 procedure `name'
// (mpi_barrier_f08), or "" when `name' is not one.  Names are gfortran's
// DECL_NAMEs, in lower case.
std::string use_mpi_spelling_of_f08(const std::string &name);

// Whether the mpi_f08 procedure `name' takes its choice buffers as array
// descriptors (the `ts' procedures, TYPE(*), DIMENSION(..)): the buffer
// argument is then the descriptor's address, not the data's.
bool f08_passes_descriptors(const std::string &name);

// Whether the mpi_f08 procedure `name' starts an operation whose
// completion the runtime cannot see: the completing procedures of the
// mpi_f08 bindings never reach the runtime's MPI_ wrappers (MPICH 4.0's
// mpi_wait_f08, mpi_waitall_f08, mpi_test_f08... call PMPI_Wait and the
// like directly; Open MPI's call its internals), while MPICH's starting
// ones do (mpi_irecv_f08ts reaches MPI_Irecv, whose buffer the runtime
// then registers for good).  True for every mpi_f08 procedure that is a
// `use mpi' routine: the start's completion is in the same bindings.
bool f08_completion_unseen(const std::string &name);

} // namespace parcoach

#endif
