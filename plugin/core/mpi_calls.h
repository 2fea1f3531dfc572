// Which calls are MPI calls at all, for the thread-level analysis: every
// MPI routine counts (point-to-point, collective, anything else), except
// the few the standard lets any thread call at any time.  No GCC headers.
#ifndef PARCOACH_CORE_MPI_CALLS_H
#define PARCOACH_CORE_MPI_CALLS_H

#include "mpi_knowledge.h"

#include <string>

namespace parcoach {

// The C spelling of the MPI routine `callee' names (MPI_Send for MPI_Send,
// PMPI_Send, mpi_send, MPI_SEND or pmpi_send), or "" when it names none.
std::string mpi_routine_spelling(const char *callee, SourceLanguage language);

// `callee' (as the source spells it: MPI_Send in C, mpi_send in Fortran)
// is an MPI routine subject to the thread level.
bool is_thread_level_call(const char *callee, SourceLanguage language);

// The routines that set the thread level.
enum class InitKind { None, Init, InitThread };
InitKind init_kind(const char *callee, SourceLanguage language);

// The position of MPI_Init_thread's `required' argument (by value in C, by
// reference in Fortran).
int init_thread_required_arg(SourceLanguage language);

} // namespace parcoach

#endif
