/* MPI_THREAD_MULTIPLE with one communicator per thread: before the
 * parallel region, the main thread duplicates MPI_COMM_WORLD once per
 * thread; in the region each thread reduces on its own duplicate
 * (comms[omp_get_thread_num ()]).  Then two sections reduce at the same
 * time, each on a communicator of its own (two variables, each from its
 * own MPI_Comm_dup).  Collectives on different communicators never
 * conflict, and MULTIPLE allows the concurrent calls: correct, no warning,
 * no run-time stop.
 *
 * description: MULTIPLE: a duplicated communicator per thread, and two sections on two duplicates: correct
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define NCOMMS 8

int main(int argc, char **argv)
{
  int provided, i, nthreads, a = 1, b = 2, sum_a = 0, sum_b = 0;
  MPI_Comm comms[NCOMMS], left, right;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE)
    MPI_Abort(MPI_COMM_WORLD, 2);
  nthreads = omp_get_max_threads();
  if (nthreads > NCOMMS)
    nthreads = NCOMMS;
  for (i = 0; i < NCOMMS; i++)
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[i]);
  MPI_Comm_dup(MPI_COMM_WORLD, &left);
  MPI_Comm_dup(MPI_COMM_WORLD, &right);
#pragma omp parallel num_threads(nthreads)
  {
    int mine = omp_get_thread_num(), total = 0;
    MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, comms[mine]);
#pragma omp sections
    {
#pragma omp section
      MPI_Allreduce(&a, &sum_a, 1, MPI_INT, MPI_SUM, left);
#pragma omp section
      MPI_Allreduce(&b, &sum_b, 1, MPI_INT, MPI_SUM, right);
    }
  }
  printf("%d %d\n", sum_a, sum_b);
  for (i = 0; i < NCOMMS; i++)
    MPI_Comm_free(&comms[i]);
  MPI_Comm_free(&left);
  MPI_Comm_free(&right);
  MPI_Finalize();
  return 0;
}
