/* The erroneous twin of correct/md_rebuild_agreed_flag.c (issue 14): the
 * master writes the shared flag with MPI_Allreduce, but no barrier
 * separates that write from the other threads' test of the flag.  The
 * flag alternates between 0 and 1 from one step to the next, so the
 * other threads read the previous step's value while the master reads
 * the new one: threads of the team disagree on `if (agreed)' and not all
 * of them meet the `omp for' inside it.
 *
 * What is wrong: line 41's `omp for' (and its implicit barrier) is
 * reached by the master only, blamed on the conditional at line 40.  At
 * run time the team check before it stops the program.  (The correct
 * program, with the barrier after the master's write and the one passed
 * before the next write, stays silent: the phase check finds no read
 * beside a write.)
 *
 * description: FUNNELED: master MPI_Allreduce into a shared flag read by the team with no barrier in between, then if (flag) around omp for: warned and stopped
 * compile-flags: -fopenmp
 * expect-warning: 41 omp-collective
 * expect-conditional: 40
 * expect-run: 2 stop threads=2
 * expect-run: 1 stop threads=2
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int provided, agreed = 0, need = 0, hits = 0;
  double x[100];
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
#pragma omp parallel shared(agreed, need, hits)
  {
    for (int s = 0; s < 20; s++) {
#pragma omp master
      {
        need = s % 2;
        MPI_Allreduce(&need, &agreed, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
      }
      if (agreed) {
#pragma omp for
        for (int i = 0; i < 100; i++)
          x[i] = i + s;
#pragma omp master
        hits++;
      }
#pragma omp barrier
    }
  }
  printf("flag: %d steps with the rebuild, x[99] = %g\n", hits, x[99]);
  MPI_Finalize();
  return 0;
}
