// The arguments of a collective call that a run-time check compares
// between processes (root, reduction operation, count and datatype of each
// side: PARCOACH_ARGUMENTS in mpi_collectives.def), as the operands of the
// check (parcoach_check_comm_args and parcoach_check_fortran_comm_args in
// rtlib/parcoach_rt.h).
//
// Every operand is an address, so that the runtime's declaration does not
// depend on how the MPI library represents MPI_Op and MPI_Datatype (ints in
// MPICH, pointers in Open MPI): in C a value argument is copied into a
// temporary whose address is passed; in Fortran the arguments already are
// addresses.  A null pointer means "nothing to compare".
#ifndef PARCOACH_GIMPLE_COLLECTIVE_ARGUMENTS_H
#define PARCOACH_GIMPLE_COLLECTIVE_ARGUMENTS_H

#include "argument_matching.h"
#include "gcc_compat.h"
#include "mpi_knowledge.h"

#include <vector>

namespace parcoach {

// root, op, then buffer, count, datatype of the send side and of the
// receive side.
constexpr unsigned collective_argument_count = 8;

// The type of each of those parameters: void *.
tree collective_argument_type();

struct CheckArguments {
  std::vector<tree> operands;    // collective_argument_count of them
  std::vector<tree> temporaries; // to clobber once the check has run
};

// The operands for a check before `call' (a call of `collective'), with the
// statements computing them inserted before `gsi'.  With a null `call' (a
// function-exit check) or a null `collective', all null pointers.  Never
// fails: an argument that does not look as expected gets a null pointer.
CheckArguments collective_arguments(gimple_stmt_iterator *gsi, const gcall *call,
                                    const MpiCollective *collective,
                                    SourceLanguage language);

// Ends the temporaries' lifetimes before `gsi' (after the check), so that
// checks do not add up in the stack frame.
void release_collective_arguments(gimple_stmt_iterator *gsi, const CheckArguments &arguments);

// Whether the send and receive buffers of `call' (a call of `collective'
// in `fun') may be MPI_IN_PLACE, for the compiler's argument matching
// (argument_matching.h).  A buffer surely is not when it is the address of
// an object not named MPI_IN_PLACE, a null pointer, or a local pointer
// variable of `fun' whose every assignment is one of these or fresh memory
// (malloc, calloc, operator new...), possibly offset; anything else (a
// non-null constant, a parameter, a global, a value loaded from memory, a
// function's result) may be.
InPlaceBuffers in_place_buffers(function *fun, const gcall *call,
                                const MpiCollective &collective);

} // namespace parcoach

#endif
