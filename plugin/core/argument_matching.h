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
// (otherwise two counts of two datatypes may still give one signature);
// for the v-variants, whose counts differ by process, a datatype that
// differs where every process's is significant, in a unit whose
// datatypes are all basic (n elements of one basic type never match m of
// another, but for n = m = 0).  A side MPI ignores under MPI_IN_PLACE is
// matched only where its buffer surely is not MPI_IN_PLACE.
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

// The side of the data a count or datatype describes.
enum class MatchedSide { None, Send, Recv };

struct MatchedArgument {
  MatchedRole role;
  int position;     // 0-based argument position
  const char *name; // the MPI standard's parameter name: "root", "recvcount"...
  MatchedSide side = MatchedSide::None;
  // Ignored by MPI where the side's buffer is MPI_IN_PLACE (the send side
  // of MPI_Gather at the root...): matched only where it surely is not.
  bool unless_in_place = false;
  // A datatype matched without its count (the v-variants' counts differ
  // by process): a mismatch only with basic datatypes.
  bool type_alone = false;
};

// The arguments of `collective' every process must give alike, in the
// order root, op, then count and datatype of the send side, then of the
// receive side (those it has).
std::vector<MatchedArgument> arguments_to_match(const MpiCollective &collective);

// What the whole translation unit does, which changes what a difference
// means (lower-case callee names, without PMPI's P nor Fortran's '_').
struct MatchingContext {
  bool builds_datatypes = false;        // a derived datatype, or MPI_Pack
  bool makes_intercommunicators = false;
  // A predefined datatype that is not basic is named (a pair type such as
  // MPI_2INT, or MPI_PACKED), or the unit's datatype handles cannot be
  // told apart (saw_datatype_of_unknown_kind): one element of it may
  // match several of a basic type, so a datatype alone proves nothing.
  bool names_composite_datatypes = false;
  void saw_call(const char *callee);
  // An MPI datatype constant the unit names: MPICH's handle value
  // (`handle', 0 for none) or Open MPI's global (`symbol', null for none).
  void saw_datatype(unsigned long long handle, const char *symbol);
};

// Whether the buffers of one call may be MPI_IN_PLACE (the GIMPLE reader
// knows: a buffer that is the address of an object or fresh memory surely
// is not).  By default, unknown: they may.
struct InPlaceBuffers {
  bool send_may_be_in_place = true;
  bool recv_may_be_in_place = true;
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
// taken as uniform); `in_place': what the call's buffers may be.
std::vector<ArgumentMismatch> mismatched_arguments(const MpiCollective &collective,
                                                   const std::string &communicator,
                                                   const std::vector<ArgumentVerdict> &verdicts,
                                                   const MatchingContext &context,
                                                   const InPlaceBuffers &in_place = {});

} // namespace parcoach

#endif
