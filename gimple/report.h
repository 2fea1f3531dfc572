// Turns the findings of the collective-mismatch analysis into GCC
// diagnostics: a warning at each collective, a note at each responsible
// conditional, a note where a run-time check goes.
#ifndef PARCOACH_GIMPLE_REPORT_H
#define PARCOACH_GIMPLE_REPORT_H

#include "function_model.h"

#include "findings_report.h"

#include <string>

namespace parcoach {

// "9, 14": the distinct source lines of the conditionals blamed for one
// flagged collective, in increasing order.
std::string conditional_lines(const GimpleFunction &function,
                              const FlaggedCollective &flagged);

// The same for every flagged collective of the function.
std::string all_conditional_lines(const GimpleFunction &function,
                                  const MismatchResult &result);

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
