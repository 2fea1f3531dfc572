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
// arguments to match, for extract_value_flow.
std::vector<std::vector<int>> matched_argument_positions(
    const std::vector<CollectiveCall> &collectives);

// Notes every call of `fun' into `context'.
void scan_unit_calls(function *fun, MatchingContext &context);

// One collective call site as the unit step knows it.
struct ArgumentSite {
  location_t where;
  const MpiCollective *collective;
  std::string communicator; // ValueFlowCollective::communicator_name
  int tag = -1; // its candidate check, or -1
};

// Warns at each site whose arguments may differ where MPI forbids it
// (verdicts[i]: what the value flow says of sites[i]'s matched arguments),
// and makes its candidate check live (`by_tag'; `instrumented': the
// function got candidate checks).  Findings also go to `findings' if not
// null.
void report_collective_arguments(const std::string &function, SourceLanguage language,
                                 const std::vector<ArgumentSite> &sites,
                                 const std::vector<std::vector<ArgumentVerdict>> &verdicts,
                                 const MatchingContext &context, bool instrumented,
                                 std::vector<SettledCheck> &by_tag,
                                 std::vector<Finding> *findings);

} // namespace parcoach

#endif
