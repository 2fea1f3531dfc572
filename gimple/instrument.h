// Writes the run-time checks (thesis Algorithm 13) into a function: a call
// to the runtime before each collective, and function-exit checks before
// each point where a process leaves the function.
#ifndef PARCOACH_GIMPLE_INSTRUMENT_H
#define PARCOACH_GIMPLE_INSTRUMENT_H

#include "function_model.h"

#include <string>

namespace parcoach {

// The runtime's declarations are built once per translation unit and kept
// alive across garbage collections through these roots.
void register_instrumentation_gc_roots(const char *plugin_name);

struct InstrumentationSummary {
  int collective_checks = 0;
  int exit_checks = 0;
  // Leave points got no function-exit check because no communicator of the
  // function's collectives is available there (see choose_exit_handles).
  bool exit_unchecked = false;
};

// Every collective of the function gets a check; the lines of the
// conditionals blamed travel with each check into the run-time message.
InstrumentationSummary instrument_function(function *fun, const GimpleFunction &model,
                                           const MismatchResult &result);

// Only the check on MPI_COMM_WORLD before MPI_Finalize, which every mode
// but `none' inserts: it catches a process finalising while others wait in
// a check.
void instrument_finalize(function *fun, const GimpleFunction &model);

} // namespace parcoach

#endif
