#include "collective_pass.h"

#include "function_model.h"
#include "instrument.h"
#include "omp_collectives.h"
#include "report.h"

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

// What -fplugin-arg-parcoach-report collects over the translation unit.
TranslationUnitReport unit_report;
// The pass ran here: lto1 loads the plugin too, but has nothing to report.
bool pass_ran = false;

void record_instrumentation(function *fun, const char *mode,
                            const InstrumentationSummary &summary) {
  unit_report.instrumented.push_back({lang_hooks.decl_printable_name(fun->decl, 2), mode,
                                      summary.collective_checks, summary.exit_checks});
}

void check_function(function *fun, const Options &options) {
  pass_ran = true;
  std::vector<Finding> *findings = options.report_file.empty() ? nullptr : &unit_report.findings;
  check_omp_collectives(fun, options, findings); // reads only: runs first
  GimpleFunction model = build_function_model(fun);
  if (model.collectives.empty())
    return;
  MismatchResult result = find_collective_mismatches(model.model);
  if (options.instrument == InstrumentMode::None) {
    report_mismatches(fun, model, result, nullptr, findings);
    return;
  }
  if (result.flagged.empty()) {
    bool dormant = options.instrument == InstrumentMode::Selective;
    record_instrumentation(fun, dormant ? "dormant" : "proved",
                           instrument_proved_function(fun, model, dormant));
    return;
  }
  // The model keeps pointing at the original statements, so reporting
  // after instrumenting is fine, and can say what was inserted.
  InstrumentationSummary summary = instrument_function(fun, model, result);
  record_instrumentation(fun, "flagged", summary);
  report_mismatches(fun, model, result, &summary, findings);
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
      warning_at(DECL_SOURCE_LOCATION(fun->decl), 0,
                 "PARCOACH skipped %qD: %s [parcoach:internal]", fun->decl, error.what());
    }
    return 0;
  }

private:
  Options options_;
};

void write_report(void *, void *user_data) {
  const Options &options = *static_cast<const Options *>(user_data);
  if (!pass_ran)
    return;
  unit_report.source = main_input_filename ? main_input_filename : "";
  std::string problem = append_report(options.report_file, unit_report);
  if (!problem.empty())
    warning(0, "PARCOACH report not written: %s [parcoach:report]", problem.c_str());
}

} // namespace

opt_pass *make_collective_pass(gcc::context *context, const Options &options) {
  return new CollectivePass(context, options);
}

void register_report_writer(const char *plugin_name, const Options &options) {
  if (options.report_file.empty())
    return;
  static Options saved = options;
  register_callback(plugin_name, PLUGIN_FINISH, write_report, &saved);
}

} // namespace parcoach
