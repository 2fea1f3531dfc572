/* The CC_cc run-time protocol (rtlib/parcoach_threads.h) driven by hand,
 * with a schedule fixed by barriers and thread numbers, so that every run
 * is the same:
 *  - one thread reaching two checked collectives in one phase is fine;
 *  - after a barrier (marked), another thread may reach one: new phase;
 *  - a new instance of the team (marked fork) starts afresh, even with
 *    the barrier count back at zero;
 *  - nested teams are told apart: the master threads of two inner teams
 *    check in the same phase without stopping the program.
 * The program itself has no MPI call in a parallel region: no warning.
 *
 * description: run-time CC_cc protocol: same thread, barrier reset, new team instance, nested teams
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <omp.h>

/* From rtlib/parcoach_threads.h (not installed: only the plugin calls it). */
void parcoach_thread_check_cc(const char *call, const char *file, int line,
                              const char *function, const char *others);
void parcoach_thread_fork(void);
void parcoach_thread_barrier(void);

static void check(const char *what, int line)
{
  parcoach_thread_check_cc(what, __FILE__, line, "check", "");
}

int main(int argc, char **argv)
{
  int provided, round;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  omp_set_max_active_levels(2);
  for (round = 0; round < 2; round++) {
    parcoach_thread_fork();
#pragma omp parallel
    {
      int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
      /* Round 0: thread 0 owns the first phase; round 1: the last thread
         does, in a new instance of the same team. */
      if (me == (round == 0 ? 0 : last)) {
        check("first", __LINE__);
        check("second", __LINE__);
      }
#pragma omp barrier
      parcoach_thread_barrier();
      if (me == (round == 0 ? last : 0))
        check("after the barrier", __LINE__);
      parcoach_thread_fork();
#pragma omp parallel num_threads(2)
      {
        if (omp_get_thread_num() == 0)
          check("inner master", __LINE__);
      }
    }
  }
  MPI_Finalize();
  return 0;
}
