// Arming that follows the work, whoever created it (rtlib/DESIGN, "The MPI
// collective check"): a task, or the body of a parallel region, created
// while the creating thread is inside a flagged function's extent runs
// armed on whichever thread executes it, and one created outside runs
// unarmed, even on a thread that is inside such an extent (a thread
// waiting at a taskwait or barrier runs other tasks).  Without this, the
// dormant checks of a task created by a correct function that a flagged
// one calls ran on some processes and not on others, depending on which
// thread took the task: the run hung or MPI failed ("Message truncated").
//
// Done before OpenMP lowering, where a clause can still be added: every
// task and non-combined parallel directive whose body calls a function
// becomes
//     { int armed = parcoach_work_armed ();
//       #pragma omp task firstprivate (armed) ...
//       { int saved = parcoach_enter_created_work (armed);
//         BODY
//         parcoach_leave_created_work (saved); } }
// The parts of a combined `parallel for' or `parallel sections' must stay
// adjacent, so there each iteration or section is entered and left that
// way, as is each iteration of a taskloop's tasks (the firstprivate clause
// goes on the task GCC makes for the taskloop).  Not followed: composite
// loops (`for simd', `taskloop simd') and work inside target or teams
// regions.  Functions compiled with instrument=none get nothing.
#ifndef PARCOACH_GIMPLE_WORK_ARMING_H
#define PARCOACH_GIMPLE_WORK_ARMING_H

#include "gcc_compat.h"

#include "plugin_options.h"

namespace parcoach {

// The pass, to be inserted before `omplower'.
opt_pass *make_work_arming_pass(gcc::context *context, const Options &options);

} // namespace parcoach

#endif
