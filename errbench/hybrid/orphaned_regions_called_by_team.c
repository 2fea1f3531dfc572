/* Orphaned monothreaded regions bind to the team that calls their
 * function: every thread of main's team calls work (line 44), whose
 * single nowait (MPI_Bcast, line 26) and single (MPI_Allreduce, line 28)
 * may then run at the same time on two threads of a process.  work is
 * defined before main and analysed alone as if called sequentially; the
 * unit step sees the call from the team and warns, with a note at the
 * call.  There is no run-time check for this case (CC_cc needs the team
 * to be created in the function that holds the regions), so the program
 * is run with one thread only.  report, called from a single region
 * (line 46) after work's last single and its implicit barrier, runs its
 * MPI_Reduce on one thread, ordered after work's collectives: no warning.
 *
 * description: orphaned single regions of a function every thread of a team calls are concurrent
 * compile-flags: -fopenmp
 * expect-warning: 28 concurrent-collectives
 * expect-run: 2 ok threads=1
 */
#include <mpi.h>
#include <stdio.h>

/* The nowait lets a thread leave the first single while another thread
   enters the second one. */
static void work(int *a, int *b)
{
#pragma omp single nowait
  MPI_Bcast(a, 1, MPI_INT, 0, MPI_COMM_WORLD);
#pragma omp single
  MPI_Allreduce(a, b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

static void report(int value)
{
  int total = 0;
  MPI_Reduce(&value, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  printf("%d\n", total);
}

int main(int argc, char **argv)
{
  int provided, a = 1, b = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#pragma omp parallel shared(a, b)
  {
    work(&a, &b);
#pragma omp single
    report(b);
  }
  MPI_Finalize();
  return 0;
}
