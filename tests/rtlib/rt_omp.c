/* The OpenMP checks' arming (rtlib/parcoach_omp.h), with teams of 2
   threads and nested parallelism on.  "ok": every dormant check that must
   stay dormant is made by one thread alone (it would wait forever if it
   ran), and every armed one by the whole team; the program must end
   silently.  "stop": after a nested team, the outer team is still armed,
   so a dormant check by thread 0 alone meets the other thread's check at
   the end of the region, and the run stops naming the region's
   conditionals.  */

#include "parcoach_omp.h"

#include <omp.h>
#include <string.h>

static void
orphan (int colour, int line)
{
  parcoach_omp_check_if_armed (colour, "o.c", line, "orphan", "");
}

int
main (int argc, char **argv)
{
  int stop_mode = argc > 1 && strcmp (argv[1], "stop") == 0;

  omp_set_max_active_levels (2);
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num ();

    /* Not armed yet.  */
    if (t == 0)
      orphan (PARCOACH_OMP_BARRIER, 1);
    parcoach_omp_check (PARCOACH_OMP_START, "r.c", 5, "region", "7");
    /* Armed: dormant checks meet each other and live ones.  */
    orphan (PARCOACH_OMP_BARRIER, 2);
    if (t == 0)
      orphan (PARCOACH_OMP_SINGLE, 3);
    else
      parcoach_omp_check (PARCOACH_OMP_SINGLE, "r.c", 8, "region", "7");
    /* A nested team is not armed by its parent's region...  */
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num () == 0)
        orphan (PARCOACH_OMP_BARRIER, 4);
    }
    /* ... but by its own.  */
#pragma omp parallel num_threads(2)
    {
      parcoach_omp_check (PARCOACH_OMP_START, "r.c", 10, "inner", "11");
      orphan (PARCOACH_OMP_FOR, 5);
      parcoach_omp_check (PARCOACH_OMP_END, "r.c", 10, "inner", "11");
    }
    /* The outer team is still armed.  */
    if (stop_mode && t == 0)
      orphan (PARCOACH_OMP_BARRIER, 9);
    parcoach_omp_check (PARCOACH_OMP_END, "r.c", 5, "region", "7");
    /* Disarmed at the end.  */
    if (t == 1)
      orphan (PARCOACH_OMP_BARRIER, 6);
  }
  return 0;
}
