// Static argument matching (issue 19): the arguments of a collective call
// that MPI requires to be the same on every process of the communicator
// (PARCOACH_MATCHED in mpi_collectives.def: the root, the reduction
// operation, the count and datatype of one side), and, given what the
// value flow (value_flow.h) says of each, which of them are errors worth a
// [parcoach:collective-arguments] warning and a run-time check.
//
// Silence on correct code first, so a warning needs a value that differs
// because of the rank of the process (MPI_Comm_rank, or a conditional on
// it), not one the analysis merely cannot see, and the rank in the very
// communicator of the collective, named as a constant (MPI_COMM_WORLD): a
// value computed from the rank in MPI_COMM_WORLD may well be the same
// within each sub-communicator (a count per colour of MPI_Comm_split), and
// anything goes on MPI_COMM_SELF; and, for the data, a
// difference that makes the type signatures differ for sure: the count
// differs while the datatype is the same everywhere, or the other way
// round, in a unit that builds no derived datatype and packs nothing
// (otherwise two counts of two datatypes may still give one signature).
// A unit that makes intercommunicators is left alone: the root group of an
// intercommunicator collective passes MPI_ROOT and MPI_PROC_NULL, by rank.
// No GCC headers.
#ifndef PARCOACH_CORE_ARGUMENT_MATCHING_H
#define PARCOACH_CORE_ARGUMENT_MATCHING_H

#include "mpi_knowledge.h"
#include "value_flow.h"

#include <string>
#include <vector>

namespace parcoach {

// Communicator: the collective's communicator itself, judged apart
// (communicator_choice.h).
enum class MatchedRole { Root, Op, Count, Datatype, Communicator };

struct MatchedArgument {
  MatchedRole role;
  int position;     // 0-based argument position
  const char *name; // the MPI standard's parameter name: "root", "recvcount"...
};

// The arguments of `collective' every process must give alike, in the
// order root, op, count, datatype (those it has).
std::vector<MatchedArgument> arguments_to_match(const MpiCollective &collective);

// What the whole translation unit does, which changes what a difference
// means (lower-case callee names, without PMPI's P nor Fortran's '_').
struct MatchingContext {
  bool builds_datatypes = false;        // a derived datatype, or MPI_Pack
  bool makes_intercommunicators = false;
  void saw_call(const char *callee);
};

struct ArgumentMismatch {
  MatchedArgument argument;
  std::string reason; // the value flow's: "depends on MPI_Comm_rank at line 8"
  unsigned origin = 0; // where that source is (ArgumentVerdict::origin)
};

// The arguments of a call of `collective' on the communicator named
// `communicator' (ValueFlowCollective::communicator_name; empty: not a
// constant, so nothing is certain) that may differ between processes
// where MPI forbids it.  `verdicts': one per entry of
// arguments_to_match(collective), in that order (fewer: the rest are
// taken as uniform).
std::vector<ArgumentMismatch> mismatched_arguments(const MpiCollective &collective,
                                                   const std::string &communicator,
                                                   const std::vector<ArgumentVerdict> &verdicts,
                                                   const MatchingContext &context);

} // namespace parcoach

#endif
