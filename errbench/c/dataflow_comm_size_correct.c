/* Value flow, uniform: MPI_Comm_size.
 *
 * Correct: the size of MPI_COMM_WORLD is the same on every process, so a
 * collective under a test on it, or in a loop over it, is called by all
 * of them.  PARCOACH proves the tests uniform (with
 * -fplugin-arg-parcoach-verbose it says "'nprocs' comes from
 * MPI_Comm_size at line 25"): no warning, no run-time check.
 *
 * description: value flow: collectives under tests on MPI_Comm_size: no warning, runs
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, nprocs, i, one = 1, total = 0;
  double *unused = NULL;

  (void)unused;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs > 1)
    MPI_Barrier(MPI_COMM_WORLD);
  for (i = 0; i < nprocs; i++)
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d processes, total %d\n", nprocs, total);
  MPI_Finalize();
  return 0;
}
