// The PARCOACH pass, right after `cfg': runs the OpenMP checker on each
// function and records it for the MPI analysis of the whole unit
// (unit_analysis.h).
#ifndef PARCOACH_GIMPLE_COLLECTIVE_PASS_H
#define PARCOACH_GIMPLE_COLLECTIVE_PASS_H

#include "gcc_compat.h"

#include "plugin_options.h"

namespace parcoach {

opt_pass *make_collective_pass(gcc::context *context, const Options &options);

} // namespace parcoach

#endif
