// RMA epochs of one function, decided on a GCC-free record: the blocks of
// its CFG and, in each, the window events in order (creation, free,
// synchronizations, operations, MPI_Finalize, and "escapes": any use of
// the window the reader does not understand).  Only windows the reader
// fully understands are recorded (a local MPI_Win variable, used only as
// the window argument of MPI_ calls); everything else is left to the
// run-time checks (rtlib/parcoach_rma.c).
//
// Two findings, both certain whenever the reported call runs:
//  - OperationOutsideEpoch: an RMA operation that every path from the
//    window's creation in this function reaches with no synchronization
//    that could open an epoch (fence, lock, lock_all, start) and no escape;
//  - EpochOpenAtFree / EpochOpenAtFinalize: MPI_Win_free of the window, or
//    MPI_Finalize, that every path reaches with an epoch of the window
//    opened (lock, lock_all, start, post) and not closed since (any
//    unlock, unlock_all, complete, wait, test or escape closes).
// Both are "must" analyses (a meet over every path), so branches that
// depend on each other (if (r == 0) lock ... if (r == 0) unlock) never
// make a false finding.
#ifndef PARCOACH_CORE_RMA_EPOCHS_H
#define PARCOACH_CORE_RMA_EPOCHS_H

#include <vector>

namespace parcoach {

enum class RmaEventKind {
  Create,     // MPI_Win_create, allocate, allocate_shared, create_dynamic
  Free,       // MPI_Win_free
  Fence,
  Lock,
  Unlock,
  LockAll,
  UnlockAll,
  Start,
  Complete,
  Post,
  Wait,       // MPI_Win_wait, MPI_Win_test
  Operation,  // MPI_Put, Get, Accumulate, ... and the request-based ones
  Escape,     // any other use: from here on, nothing is known
  Finalize,   // MPI_Finalize (no window)
};

struct RmaEvent {
  RmaEventKind kind;
  int window = -1; // index of the window; -1 for Finalize
  int site = -1;   // the reader's id of the call, returned in findings
};

struct RmaBlock {
  std::vector<RmaEvent> events;  // in execution order
  std::vector<int> successors;   // block indices; none: leaves the function
};

struct RmaFunction {
  std::vector<RmaBlock> blocks;
  int entry = 0;
  int windows = 0; // windows are 0 .. windows - 1
};

enum class RmaFindingKind { OperationOutsideEpoch, EpochOpenAtFree, EpochOpenAtFinalize };

struct RmaFinding {
  RmaFindingKind kind;
  int window;
  int site;        // the operation, MPI_Win_free or MPI_Finalize
  int opened_site; // the creation (OperationOutsideEpoch) or the opener
  RmaEventKind opened_by;
};

// The event of a call to the MPI routine `name' (C spelling, "MPI_Put";
// "PMPI_Put" too) when the window is among its arguments: true and `kind'
// for the routines above; false for any other name (another MPI_ routine
// taking the window leaves its epochs alone: MPI_Win_flush, MPI_Win_sync,
// MPI_Win_get_group...; a non-MPI function taking it is an escape).
bool rma_event_of_routine(const char *name, RmaEventKind &kind);

// "MPI_Win_lock"...: how messages name the opener of an epoch.
const char *rma_opener_name(RmaEventKind kind);

// The findings, each (kind, site, window) once, in the order of the blocks
// and events.
std::vector<RmaFinding> check_rma_epochs(const RmaFunction &function);

} // namespace parcoach

#endif
