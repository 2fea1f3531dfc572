// Run-time buffer checks: after a call that leaves an operation pending on
// a buffer (a nonblocking send, receive or collective, MPI_Start, an RMA
// operation with an origin buffer), every load and store of the function
// that may touch such a buffer gets a guarded call to the runtime
// (core/buffer_accesses.h decides which; rtlib/parcoach_buffers.c knows
// the pending buffers and the rules).  Before and after, for
//   MPI_Irecv (&u[0], 8, MPI_DOUBLE, ...);  x = u[i];
// the plugin writes
//   MPI_Irecv (...);
//   address = (uintptr_t) &u[i];
//   if (address < parcoach_buffers_read_lo
//       || address + 8 > parcoach_buffers_read_end)
//     parcoach_buffer_access (&u[i], 8, 0 /* read */, "halo.c", 12);
//   x = u[i];
// ([lo, end) is the runtime's interval of memory a read may touch; the
// write_ pair for a store): with nothing pending, two loads and two
// compares per access; next to a pending buffer, about one call per loop.
// A loop with no call (the pending buffers cannot change while it runs),
// counted by a local integer, whose checked accesses all move by a fixed
// number of bytes per iteration, is versioned instead (core/buffer_loops.h):
//   if (each interval [first, last + size) of its accesses lies in the safe
//       one, or parcoach_buffer_range_allowed (first, length, writes))
//     the loop as written, unchecked (GCC may vectorize it);
//   else
//     the loop with the checks above, which stop at the faulty access.
#ifndef PARCOACH_GIMPLE_BUFFER_CHECKS_H
#define PARCOACH_GIMPLE_BUFFER_CHECKS_H

#include "gcc_compat.h"

#include "plugin_options.h"

namespace parcoach {

// Keeps the runtime's declarations alive across garbage collections.
void register_buffer_check_gc_roots(const char *plugin_name);

// Inserts the checks into `fun' (nothing with instrument=none, nothing in a
// function with OpenMP constructs), and the sites of its RMA operations
// (parcoach_request_site), so that the runtime names them by file:line.
void insert_buffer_checks(function *fun, const Options &options);

} // namespace parcoach

#endif
