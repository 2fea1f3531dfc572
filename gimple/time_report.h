// -fplugin-arg-parcoach-time-report: turns the phase timers on
// (phase_timer.h) and prints them when the compilation ends.
#ifndef PARCOACH_GIMPLE_TIME_REPORT_H
#define PARCOACH_GIMPLE_TIME_REPORT_H

#include "plugin_options.h"

namespace parcoach {

void register_time_report(const char *plugin_name, const Options &options);

} // namespace parcoach

#endif
