#include "collective_pass.h"

#include "buffer_checks.h"
#include "function_model.h"
#include "nohang.h"
#include "phase_timer.h"
#include "report.h"
#include "request_events.h"
#include "window_events.h"
#include "thread_level.h"
#include "unit_analysis.h"

#include <exception>

namespace parcoach {

namespace {

const pass_data collective_pass_data = {
    GIMPLE_PASS,
    "parcoach",   // name, as in -fdump-passes
    OPTGROUP_NONE,
    TV_NONE,
    PROP_cfg,     // properties required: runs right after `cfg'
    0, 0, 0, 0,
};

void check_function(function *fun, const Options &options) {
  repair_fortran_call_locations(fun);
  // The MPI library's own inline code is not the program's: no warning
  // (its collectives count at the program's calls to it).
  bool library = is_mpi_library_code(fun);
  // A quiet leaf makes no MPI call and has no OpenMP construct: the
  // thread-level check would find nothing in it.
  if (!library && !is_quiet_leaf(fun)) {
    PhaseTimer timer("thread levels, per function");
    check_thread_levels(fun, options, unit_findings());
    PhaseTimer requests("nonblocking requests, per function");
    check_request_lifecycles(fun, unit_findings());
  }
  if (!library) {
    PhaseTimer timer("RMA epochs, per function");
    check_rma_epochs_of(fun, unit_findings());
  }
  // The analyses need the whole unit: this records the function and
  // inserts its candidate checks (unit_analysis.h).
  PhaseTimer timer("records of functions");
  record_function(fun, options, library);
  // After the records: the sites are runtime calls no analysis needs.
  if (!library)
    insert_call_sites(fun, options);
  // After the records too: the buffer checks add blocks no analysis needs.
  if (!library)
    insert_buffer_checks(fun, options);
  // Where each process waits, for the runtime's hang detector.
  if (!library && options.instrument != InstrumentMode::None)
    bracket_blocking_calls(fun);
}

class CollectivePass : public gimple_opt_pass {
public:
  CollectivePass(gcc::context *context, const Options &options)
      : gimple_opt_pass(collective_pass_data, context), options_(options) {}

  unsigned int execute(function *fun) final override {
    // The analysis is plain C++ that may allocate a lot on huge functions:
    // never let an exception reach GCC, whose build has none.
    try {
      check_function(fun, options_);
    } catch (const std::exception &error) {
      report_finding(FindingKind::Internal, DECL_SOURCE_LOCATION(fun->decl),
                     printable_function_name(fun->decl),
                     "PARCOACH skipped %qD: %s [parcoach:internal]", fun->decl, error.what());
    }
    return 0;
  }

private:
  Options options_;
};

} // namespace

opt_pass *make_collective_pass(gcc::context *context, const Options &options) {
  return new CollectivePass(context, options);
}

} // namespace parcoach
