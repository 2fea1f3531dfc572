#include "time_report.h"

#include "gcc_compat.h"

#include "phase_timer.h"

namespace parcoach {

namespace {

double start_wall; // when the plugin was loaded: about when cc1 started

void print_phase_times(void *, void *) {
  // lto1 loads the plugin too, but runs no pass: nothing to print.
  if (phase_times().phases().empty())
    return;
  std::string text = phase_times().format(user_seconds(), wall_seconds() - start_wall);
  fputs(text.c_str(), stderr);
}

} // namespace

void register_time_report(const char *plugin_name, const Options &options) {
  if (!options.print_phase_times)
    return;
  start_wall = wall_seconds();
  phase_times().enable();
  register_callback(plugin_name, PLUGIN_FINISH, print_phase_times, nullptr);
}

} // namespace parcoach
