// Turns the findings of the collective-mismatch analysis into GCC
// diagnostics: a warning at each collective, a note at each responsible
// conditional, a note where a run-time check goes.
#ifndef PARCOACH_GIMPLE_REPORT_H
#define PARCOACH_GIMPLE_REPORT_H

#include "function_model.h"

#include "findings_report.h"

#include <string>

namespace parcoach {

// A model's conditional statement per node (null for other nodes): what
// the helpers below turn the core's node ids back into.
using BranchOfNode = std::vector<gimple *>;

// "9, 14": the distinct source lines of the conditionals blamed for one
// flagged node, in increasing order.
std::string conditional_lines(const BranchOfNode &branches, const FlaggedCollective &flagged);

// The same for every flagged node of a result.
std::string all_conditional_lines(const BranchOfNode &branches, const MismatchResult &result);

// The related locations of a finding: each conditional once, loop exits
// first ("loop-exit"), then the others ("branch").
void add_related_locations(const BranchOfNode &branches, const FlaggedCollective &flagged,
                           Finding &finding);

// A note at each blamed conditional, once, loop exits first; the formats
// take the construct's name and line.
void note_conditionals(const BranchOfNode &branches, const FlaggedCollective &flagged,
                       const char *loop_exit_format, const char *branch_format,
                       const char *name, int line);

struct InstrumentationSummary;

// Emits the diagnostics and, when `findings' is not null, records each
// finding there for the JSON report.  `instrumented' is null when no check
// was inserted.
void report_mismatches(function *fun, const GimpleFunction &function,
                       const MismatchResult &result,
                       const InstrumentationSummary *instrumented,
                       std::vector<Finding> *findings);

SourceLocation source_location(location_t where);

} // namespace parcoach

#endif
