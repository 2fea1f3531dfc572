/* Inter-procedural concurrent collectives (thesis Lemma 5 through calls):
 * sibling sections, one calling reduce_stats (which runs an MPI_Allreduce),
 * the other an MPI_Bcast.  Two threads of a process may run them at the
 * same time, and the two processes may then start the two collectives in
 * different orders.  PARCOACH sees it once the whole file is analysed
 * (reduce_stats is defined after its caller): a warning at line 42 naming
 * the call of line 39, with notes at both sections.  The single nowait at
 * line 44 calls log_step, which runs no collective: no warning for it and
 * the later single.  At run time the call and the collective get CC_cc
 * checks (candidates kept once reduce_stats is known to run a collective):
 * with two threads or more, the first section sleeps while another
 * thread takes the second, and the program stops.
 * description: sibling sections, one calling a function that runs a collective, the other a collective
 * compile-flags: -fopenmp
 * expect-warning: 42 concurrent-collectives
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

static void reduce_stats(double *value);
static void log_step(int step);

int main(int argc, char **argv)
{
  int provided;
  double a = 1.0, b = 2.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      {
        usleep(200000); /* another thread takes the other section */
        reduce_stats(&a);
      }
#pragma omp section
      MPI_Bcast(&b, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    }
#pragma omp single nowait
    log_step(1);
#pragma omp single
    reduce_stats(&b);
  }
  printf("%g %g\n", a, b);
  MPI_Finalize();
  return 0;
}

static void reduce_stats(double *value)
{
  MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void log_step(int step)
{
  printf("step %d\n", step);
}
