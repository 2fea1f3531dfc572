/* PARCOACH_TIMEOUT: the check's reduction becomes an MPI_Iallreduce
   polled with MPI_Test and short sleeps, so that a check whose partners
   never come notices it, says what it waits for, and stops the job.  */
#include "parcoach_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* Called on a process whose check has waited TIMEOUT seconds: the other
   processes of the communicator never called the matching check.  Says
   so and stops the whole job (MPI_COMM_WORLD: the processes that would
   go on waiting are elsewhere).  */
static void
parcoach_watchdog_fire (MPI_Comm comm, double waited, int colour,
                        const char *file, int line, const char *function)
{
  int rank = -1, size = -1;
  char mine[96], where[256];

  PMPI_Comm_rank (comm, &rank);
  PMPI_Comm_size (comm, &size);
  parcoach_describe (mine, sizeof mine, "", colour);
  parcoach_where (where, sizeof where, file, line, function);
  /* Named by its rank in MPI_COMM_WORLD: processes waiting on different
     communicators may have the same rank in theirs.  */
  fprintf (stderr,
           "PARCOACH: rank %d of MPI_COMM_WORLD (rank %d of communicator of"
           " size %d) has waited %.1f s"
           " in the check before %s %s; other"
           " processes never reached a matching check (a collective on"
           " another communicator, or code compiled without PARCOACH?)\n",
           parcoach_world_rank (), rank, size, waited, mine, where);
  fflush (stderr);
  /* Other processes stuck in a check since about the same time are about
     to say the same: give them a moment before the job goes down.  */
  parcoach_let_output_drain ();
  parcoach_let_output_drain ();
  parcoach_stop_program ();
}

/* The check's reduction with the watchdog: MPI_Iallreduce, then MPI_Test
   in a loop -- spinning for the first 10 ms, as a blocking MPI_Allreduce
   would (without an asynchronous progress thread, a process that sleeps
   does not move the reduction forward, and its partners wait for it: a
   short spin made the check 100 times slower), then sleeping 50 us,
   100 us, ... up to 5 ms between tests, since by then the check is
   probably stuck and the watchdog need not be precise.  MPI_SUCCESS, or
   the error of the failing call.  */
int
parcoach_allreduce_watched (signed char *in, signed char *out,
                            MPI_Comm comm, int colour, const char *file,
                            int line, const char *function)
{
  MPI_Request req;
  double start, waited;
  long pause = 50000;
  int err, done = 0;

  err = PMPI_Iallreduce (in, out, PARCOACH_DIGEST_BYTES, MPI_SIGNED_CHAR,
                         MPI_MIN, comm, &req);
  if (err != MPI_SUCCESS)
    return err;
  start = parcoach_now ();
  for (;;)
    {
      err = PMPI_Test (&req, &done, MPI_STATUS_IGNORE);
      if (err != MPI_SUCCESS || done)
        return err;
      waited = parcoach_now () - start;
      if (waited >= parcoach_timeout)
        parcoach_watchdog_fire (comm, waited, colour, file, line, function);
      if (waited < 10e-3)
        continue;
      parcoach_sleep_ns (pause);
      if (pause < 5000000L)
        pause *= 2;
    }
}
