// [parcoach:rma]: reads one function's use of its local MPI_Win variables
// into the core's record (plugin/core/rma_epochs.h), and reports what the
// core proves: an RMA operation with no epoch open since the window's
// creation, an epoch still open at MPI_Win_free or MPI_Finalize.
#ifndef PARCOACH_GIMPLE_WINDOW_EVENTS_H
#define PARCOACH_GIMPLE_WINDOW_EVENTS_H

#include "findings_report.h"

#include <vector>

struct function;

namespace parcoach {

// Cheap when the function creates no window (one scan of its calls).
// Each finding reported is added to `findings' (the JSON report), if given.
void check_rma_epochs_of(function *fun, std::vector<Finding> *findings = nullptr);

} // namespace parcoach

#endif
