/* Checks from several threads at once, each on its own communicator (MPI
   requires distinct communicators for concurrent collectives): the runtime
   keeps no mutable global state, so they must all pass.  Prints "SKIP" if
   the MPI library does not provide MPI_THREAD_MULTIPLE.  */

#include "parcoach_rt.h"

#include <pthread.h>
#include <stdio.h>

#define NTHREADS 4
/* Enough to interleave the threads' checks many times; more only slows a
   loaded machine, where Open MPI's MPI_THREAD_MULTIPLE collectives on an
   oversubscribed node take milliseconds each.  */
#define NCHECKS 300

static MPI_Comm comms[NTHREADS];

static void *
worker (void *arg)
{
  int t = *(int *) arg, i;

  for (i = 0; i < NCHECKS; i++)
    parcoach_check_comm (comms[t], (i + t) % 7, PARCOACH_CHECK_ALWAYS, "th.c", 10 + t, "worker",
                         "9");
  return NULL;
}

int
main (int argc, char **argv)
{
  int provided, rank, t, ids[NTHREADS];
  pthread_t threads[NTHREADS];

  MPI_Init_thread (&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  if (provided < MPI_THREAD_MULTIPLE)
    {
      if (rank == 0)
        printf ("SKIP\n");
      MPI_Finalize ();
      return 0;
    }
  for (t = 0; t < NTHREADS; t++)
    MPI_Comm_dup (MPI_COMM_WORLD, &comms[t]);
  for (t = 0; t < NTHREADS; t++)
    {
      ids[t] = t;
      if (pthread_create (&threads[t], NULL, worker, &ids[t]) != 0)
        MPI_Abort (MPI_COMM_WORLD, 3);
    }
  for (t = 0; t < NTHREADS; t++)
    pthread_join (threads[t], NULL);
  for (t = 0; t < NTHREADS; t++)
    MPI_Comm_free (&comms[t]);
  MPI_Finalize ();
  return 0;
}
