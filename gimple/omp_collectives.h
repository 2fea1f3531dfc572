// OpenMP collectives (thesis section 3.2, Algorithm 15): every thread of a
// team must meet the same sequence of barriers and worksharing constructs.
// Each parallel region becomes a graph model of its own, whose "collectives"
// are explicit barriers, implicit barriers (end of for, sections, single
// without nowait) and worksharing constructs; the collective-mismatch core
// (Algorithm 12) then finds the conditionals some threads may take and
// others not.  Static analysis only: no run-time check yet.
#ifndef PARCOACH_GIMPLE_OMP_COLLECTIVES_H
#define PARCOACH_GIMPLE_OMP_COLLECTIVES_H

#include "gcc_compat.h"

#include "findings_report.h"
#include "plugin_options.h"

#include <vector>

namespace parcoach {

// Warns about the barriers and worksharing constructs of `fun' that not
// every thread of their team may reach in the same order; records the
// findings when `findings' is not null.
void check_omp_collectives(function *fun, const Options &options,
                           std::vector<Finding> *findings);

} // namespace parcoach

#endif
