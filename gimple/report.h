// Turns the findings of the collective-mismatch analysis into GCC
// diagnostics: a warning at each collective, a note at each responsible
// conditional, a note where a run-time check goes.
#ifndef PARCOACH_GIMPLE_REPORT_H
#define PARCOACH_GIMPLE_REPORT_H

#include "function_model.h"

#include <string>

namespace parcoach {

// "9, 14": the distinct source lines of the conditionals blamed for one
// flagged collective, in increasing order.
std::string conditional_lines(const GimpleFunction &function,
                              const FlaggedCollective &flagged);

// The same for every flagged collective of the function.
std::string all_conditional_lines(const GimpleFunction &function,
                                  const MismatchResult &result);

void report_mismatches(const GimpleFunction &function, const MismatchResult &result,
                       bool instrumented);

} // namespace parcoach

#endif
