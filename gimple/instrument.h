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

// A function the analysis flagged (or any, with instrument=all): every
// collective gets a check, every leave point function-exit checks, and the
// function's dynamic extent is marked for the runtime.  The lines of the
// conditionals blamed travel with each check into the run-time message.
InstrumentationSummary instrument_function(function *fun, const GimpleFunction &model,
                                           const MismatchResult &result);

// A function proved correct: its collectives get checks, but its exits
// none, since every process entering it runs the same collectives, and
// processes that never entered it may match them elsewhere (thesis figure
// 5.1).  In selective mode the checks are `dormant': they run only inside
// the extent of a flagged function, whose own checks would otherwise wait
// forever for processes calling an unchecked collective here.  MPI_Finalize
// is always checked: it catches a process finalising while others wait in a
// check.
InstrumentationSummary instrument_proved_function(function *fun, const GimpleFunction &model,
                                                  bool dormant);

// The OpenMP check (rtlib/parcoach_omp.h) before `before', executed by
// every thread of the team that reaches it.
void insert_omp_check(gimple *before, int colour, location_t where,
                      const std::string &function, const std::string &conditionals);

} // namespace parcoach

#endif
