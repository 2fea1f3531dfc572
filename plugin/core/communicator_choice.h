// A collective whose communicator alone may differ between processes
// (issue 19): `MPI_Comm c = (rank == 0) ? dup : MPI_COMM_WORLD;
// MPI_Barrier(c);', or a communicator chosen in a rank-dependent branch and
// used after the join.
//
// What "the same communicator" means across processes: the same
// communicator object in MPI terms, i.e. the same predefined handle or the
// result of the same call of a constructor (MPI_Comm_dup...) that every
// process made.  Its handle value is no identity (Open MPI's handles are
// pointers, different on every process), so nothing here compares values:
// the candidates are the places the handle can come from, found by
// following the function's value flow (value_flow.h) backwards from the
// collective through copies to the assignments of a constant handle or of
// the output of a constructor.
//
// Silence on correct code first.  A warning needs
//   * the value flow's word that the argument depends on the rank (not
//     merely on something the analysis cannot see: a parameter of a public
//     function is left to the link step, or to nobody);
//   * every candidate known and shared by every process that holds it: a
//     constant handle, or the output of a constructor the value flow takes
//     as the same everywhere (MPI_Comm_dup of such a communicator).  The
//     output of MPI_Comm_split or MPI_Comm_create differs by design (each
//     process gets the communicator of its colour or group, and choosing
//     between two of them by rank is how correct code uses them), and so
//     does anything the function cannot follow (a parameter, a global, an
//     array element, memory behind a pointer, a callee writing it): any of
//     those, no warning;
//   * two candidates at least, not all of them MPI_COMM_SELF or
//     MPI_COMM_NULL (each process alone on its own communicator never
//     waits for another).
// Then processes choose between communicators they all hold, by rank: some
// call the collective on one that others are members of but do not call
// it on here, which MPI forbids.
//
// No GCC headers.
#ifndef PARCOACH_CORE_COMMUNICATOR_CHOICE_H
#define PARCOACH_CORE_COMMUNICATOR_CHOICE_H

#include "value_flow.h"

#include <string>
#include <vector>

namespace parcoach {

// The places the communicator argument of collective `collective' of
// `function' can come from: "constant handle N", "constant address of
// ompi_mpi_comm_self", "made at B:S" (a constructor's output stored by
// statement S of block B; "self made at B:S" when it duplicates
// MPI_COMM_SELF), sorted, without repeats.  `argument': the index
// of the communicator among ValueFlowCollective::arguments.  Empty when
// one of them is not shared by all processes or cannot be followed.
std::vector<std::string> communicator_candidates(const ValueFlowFunction &function,
                                                 int collective, int argument);

// The unit-wide name (ValueFlowCollective::communicator_name spelling) of
// the one constant handle the communicator argument holds on every path
// to the collective (`MPI_Comm comm = MPI_COMM_WORLD; MPI_Bcast(..., comm)'),
// the call's own communicator_name when it passes a constant, "" when
// the argument may hold anything else.
std::string communicator_constant_name(const ValueFlowFunction &function, int collective,
                                       int argument);

// The constant handle name (ValueFlowQuantity::communicator spelling,
// without the "constant " prefix) is MPI_COMM_SELF's: MPICH's 0x44000001
// (C and Fortran), Open MPI's &ompi_mpi_comm_self (C) or 1 (Fortran).
bool names_comm_self(const std::string &handle);

// The same for MPI_COMM_WORLD: MPICH's 0x44000000, Open MPI's
// &ompi_mpi_comm_world (C) or 0 (Fortran).
bool names_comm_world(const std::string &handle);

// The same for MPI_COMM_NULL: MPICH's 0x04000000, Open MPI's
// &ompi_mpi_comm_null (C) or 2 (Fortran).
bool names_comm_null(const std::string &handle);

// A candidate of communicator_candidates holding no process but its own:
// MPI_COMM_SELF, "self made at B:S" (a duplicate of it), or MPI_COMM_NULL
// (a collective on it is erroneous in itself, so correct code tests for
// it before the call, a test the backward search does not see: `c = rank
// == 0 ? MPI_COMM_SELF : MPI_COMM_NULL; if (c != MPI_COMM_NULL) ...' is
// correct, while MPI_COMM_WORLD against MPI_COMM_NULL by rank still leaves
// members of MPI_COMM_WORLD out).
bool is_self_candidate(const std::string &candidate);

// Every place the handle variable `slot', read before statement `before'
// of `block', can come from holds the calling process alone, or is
// MPI_COMM_NULL (is_self_candidate): `c = rank == 0 ? MPI_COMM_SELF :
// MPI_COMM_NULL'.  False if one of them cannot be followed.
bool holds_own_process_or_null(const ValueFlowFunction &function, int slot, int block,
                               int before);

// Whether the communicator argument is an error worth a warning, given
// its candidates and the value flow's verdict on it.
bool communicator_differs_by_rank(const std::vector<std::string> &candidates,
                                  const ArgumentVerdict &verdict);

} // namespace parcoach

#endif
