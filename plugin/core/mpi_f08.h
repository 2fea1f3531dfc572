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

} // namespace parcoach

#endif
