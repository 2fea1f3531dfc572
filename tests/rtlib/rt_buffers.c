/* The safe intervals of the run-time buffer checks
   (rtlib/parcoach_buffers.c) and parcoach_buffer_range_allowed, called
   directly as the plugin's code would, on one process sending to itself.
   Whatever the order of registrations and queries, the published
   intervals must hold no byte a pending operation forbids; a new pending
   buffer must keep the part of the interval a loop asked for last; the
   range query never stops.  Prints nothing and exits 0 when all hold.  */
#include "parcoach_rt.h"

#include <stdint.h>
#include <stdio.h>

extern uintptr_t parcoach_buffers_read_lo, parcoach_buffers_read_end;
extern uintptr_t parcoach_buffers_write_lo, parcoach_buffers_write_end;

static double a[64], b[8];
static int failures;

#define ADDRESS(k) ((uintptr_t) &a[k])

static void
expect (int holds, const char *what)
{
  if (!holds)
    {
      fprintf (stderr, "rt_buffers: %s\n", what);
      failures++;
    }
}

/* Whether [lo, end) and the elements [first, last) are disjoint.  */
static int
apart (uintptr_t lo, uintptr_t end, int first, int last)
{
  return lo >= end || end <= ADDRESS (first) || lo >= ADDRESS (last);
}

/* The intervals exclude the receive buffers (reads and writes) and the
   send buffers (writes).  */
static void
expect_intervals_safe (int receive_first, int receive_last, int send_first,
                       int send_last, const char *when)
{
  char what[128];
  snprintf (what, sizeof what, "%s: the read interval meets a receive buffer", when);
  expect (apart (parcoach_buffers_read_lo, parcoach_buffers_read_end,
                 receive_first, receive_last), what);
  snprintf (what, sizeof what, "%s: the write interval meets a receive buffer", when);
  expect (apart (parcoach_buffers_write_lo, parcoach_buffers_write_end,
                 receive_first, receive_last), what);
  snprintf (what, sizeof what, "%s: the write interval meets a send buffer", when);
  expect (apart (parcoach_buffers_write_lo, parcoach_buffers_write_end,
                 send_first, send_last), what);
}

int
main (int argc, char **argv)
{
  MPI_Request requests[4];
  MPI_Status statuses[4];

  MPI_Init (&argc, &argv);
  /* a[0..8): received; a[8..16): sent; a[16..48): a loop's interior.  */
  MPI_Irecv (&a[0], 8, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &requests[0]);
  MPI_Isend (&a[8], 8, MPI_DOUBLE, 0, 0, MPI_COMM_SELF, &requests[1]);
  expect_intervals_safe (0, 8, 8, 16, "after MPI_Irecv and MPI_Isend");
  expect (!parcoach_buffer_range_allowed (&a[4], 8 * sizeof a[0], 0),
          "a read over the receive buffer is allowed");
  expect (parcoach_buffer_range_allowed (&a[8], 8 * sizeof a[0], 0),
          "a read of the send buffer is refused");
  expect (!parcoach_buffer_range_allowed (&a[8], 8 * sizeof a[0], 1),
          "a write of the send buffer is allowed");
  expect (parcoach_buffer_range_allowed (&a[16], 32 * sizeof a[0], 0),
          "a read of the interior is refused");
  expect (parcoach_buffers_read_lo <= ADDRESS (16)
            && parcoach_buffers_read_end >= ADDRESS (48),
          "an allowed read interval does not widen the safe one");
  expect (!parcoach_buffer_range_allowed ((void *) UINTPTR_MAX, 16, 0),
          "an interval wrapping around the address space is allowed");
  expect_intervals_safe (0, 8, 8, 16, "after the queries");

  /* A new receive buffer above the interior: the read interval keeps
     the interior (where the last query was), without a[56..64).  */
  MPI_Irecv (&a[56], 8, MPI_DOUBLE, 0, 1, MPI_COMM_SELF, &requests[2]);
  expect_intervals_safe (0, 8, 8, 16, "after a second MPI_Irecv");
  expect_intervals_safe (56, 64, 8, 16, "after a second MPI_Irecv");
  expect (parcoach_buffers_read_lo <= ADDRESS (16)
            && parcoach_buffers_read_end >= ADDRESS (48),
          "a new pending buffer beside it lost the interval a loop asked for");

  MPI_Isend (b, 8, MPI_DOUBLE, 0, 1, MPI_COMM_SELF, &requests[3]);
  MPI_Waitall (4, requests, statuses);
  expect (parcoach_buffers_read_lo == 0
            && parcoach_buffers_read_end == UINTPTR_MAX
            && parcoach_buffers_write_lo == 0
            && parcoach_buffers_write_end == UINTPTR_MAX,
          "with nothing pending, the intervals are not the whole space");
  expect (parcoach_buffer_range_allowed (&a[0], sizeof a, 1),
          "with nothing pending, a write is refused");
  MPI_Finalize ();
  return failures != 0;
}
