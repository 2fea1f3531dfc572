/* The erroneous twin of init_thread_provided_correct.c: the processes
 * request different thread levels, so they may get different ones.
 *
 * What is wrong: the requested level comes from the environment, where
 * the launcher puts each process's rank (PMI_RANK for MPICH's,
 * OMPI_COMM_WORLD_RANK for Open MPI's): rank 0 requests
 * MPI_THREAD_FUNNELED, the others MPI_THREAD_SINGLE, and both libraries
 * grant what is requested.  Rank 0 then runs the MPI_Barrier of line 43
 * while the others leave: PARCOACH blames the test of line 39 (`provided'
 * is no longer the same everywhere: it depends on getenv) for the
 * MPI_Finalize of line 40 and the collectives of lines 43 and 44, one
 * cause warned once, at line 40 (its path names the three), and the check
 * before the barrier meets the others' check at their return.
 *
 * description: twin of init_thread_provided_correct.c whose requested level depends on the rank: warned, stops
 * expect-warning: 40 collective-mismatch
 * expect-conditional: 39
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int launcher_rank(void)
{
  const char *rank = getenv("PMI_RANK");
  if (!rank)
    rank = getenv("OMPI_COMM_WORLD_RANK");
  return rank ? atoi(rank) : 0;
}

int main(int argc, char **argv)
{
  int required = launcher_rank() == 0 ? MPI_THREAD_FUNNELED : MPI_THREAD_SINGLE;  /* BUG */
  int provided;

  MPI_Init_thread(&argc, &argv, required, &provided);
  if (provided < MPI_THREAD_FUNNELED) {
    MPI_Finalize();
    return 0;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
