/* The CC_cc run-time check driven by hand: thread 0 reaches a checked
 * collective on MPI_COMM_WORLD, then (ordered by a flag, not a barrier)
 * the last thread reaches another one in the same phase whose
 * communicator the check does not know (as for a call of a function
 * running collectives), each check naming the other's line as a
 * collective it may run concurrently with: the program stops, naming
 * both.  With one thread nothing happens.  (Two checks that both know no
 * communicator never conflict: tests/rtlib rt_cc.)
 *
 * description: run-time CC_cc: two threads in one phase stop the program
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <omp.h>

/* From rtlib/parcoach_threads.h (not installed: only the plugin calls it). */
void parcoach_thread_check_cc(const char *call, const char *file, int line,
                              const char *function, const char *others);
void parcoach_thread_check_cc_comm(MPI_Comm comm, const char *call, const char *file, int line,
                                   const char *function, const char *others);
void parcoach_thread_fork(void);
void parcoach_thread_barrier(void);

int main(int argc, char **argv)
{
  int provided, done = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  parcoach_thread_fork();
#pragma omp parallel shared(done)
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == 0) {
      parcoach_thread_check_cc_comm(MPI_COMM_WORLD, "MPI_Bcast", __FILE__, __LINE__, "main",
                                    "43");
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    }
    if (me == last && last > 0) {
      while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
        ;
      parcoach_thread_check_cc("MPI_Reduce", __FILE__, __LINE__, "main", "36");
    }
  }
  MPI_Finalize();
  return 0;
}
