// The GIMPLE side of static argument matching (plugin/core/
// argument_matching.h): which arguments of each collective call the value
// flow describes, what the translation unit calls (datatype constructors,
// intercommunicators), and the [parcoach:collective-arguments] warnings
// with their notes and run-time checks.  The decisions are the core's.
#ifndef PARCOACH_GIMPLE_ARGUMENT_CHECKS_H
#define PARCOACH_GIMPLE_ARGUMENT_CHECKS_H

#include "function_model.h"
#include "instrument.h"

#include "argument_matching.h"
#include "findings_report.h"

#include <string>
#include <vector>

namespace parcoach {

// By collective call (in `collectives' order): the positions of the
// arguments to match, for extract_value_flow, then that of the
// communicator when the call passes one by value or reference
// (communicator_choice.h; its index: communicator_verdict_index).
std::vector<std::vector<int>> matched_argument_positions(
    const std::vector<CollectiveCall> &collectives);

// Where the communicator's verdict is among those asked for `call' by
// matched_argument_positions, or -1.
int communicator_verdict_index(const CollectiveCall &call);

// The communicator of collective `collective' of `function' (a call of
// `called'), if it is chosen by rank between communicators every process
// holds (communicator_choice.h): one mismatch naming `comm', or none.
// `verdicts': the value flow's on the arguments asked for that call.
std::vector<ArgumentMismatch> communicator_choice(const ValueFlowFunction &function,
                                                  int collective, const MpiCollective &called,
                                                  const std::vector<ArgumentVerdict> &verdicts);

// Notes every call of `fun' into `context'.
void scan_unit_calls(function *fun, MatchingContext &context);

// One collective call site as the unit step knows it.
struct ArgumentSite {
  location_t where;
  const MpiCollective *collective;
  std::string communicator; // ValueFlowCollective::communicator_name
  int tag = -1; // its candidate check, or -1
  // The communicator argument chosen by rank between communicators every
  // process holds (communicator_choice.h), warned with the others.
  std::vector<ArgumentMismatch> communicator_choice;
  // Which of its buffers may be MPI_IN_PLACE (collective_arguments.h).
  InPlaceBuffers in_place = {};
};

// Warns at each site whose arguments may differ where MPI forbids it
// (verdicts[i]: what the value flow says of sites[i]'s matched arguments),
// and makes its candidate check live (`by_tag'; `instrumented': the
// function got candidate checks).  Findings also go to `findings' if not
// null.
void report_collective_arguments(const std::string &function,
                                 const std::vector<ArgumentSite> &sites,
                                 const std::vector<std::vector<ArgumentVerdict>> &verdicts,
                                 const MatchingContext &context, bool instrumented,
                                 std::vector<SettledCheck> &by_tag,
                                 std::vector<Finding> *findings);

} // namespace parcoach

#endif
