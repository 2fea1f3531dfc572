/* The plugin's table of the runtime's entry points
   (rtlib/parcoach_entry_points.def) against the runtime's prototypes: each
   line becomes a pointer of the type the plugin declares, initialised with
   the runtime's function.  A missing prototype or another type fails the
   build (-Werror), and the program, linked with the runtime, checks that
   every function is there.  tests/rtlib/run.sh builds and runs it.  */

#include "parcoach_omp.h"
#include "parcoach_rt.h"
#include "parcoach_threads.h"

#include <stdio.h>

#define VOID void
#define INT int
#define TEXT const char *
#define ADDRESS const void *
#define ULONG unsigned long
#define COMM MPI_Comm
#define FORTRAN_COMM const MPI_Fint *

#define PARCOACH_ENTRY_POINT(name, result, parameters) \
  static result (*const entry_##name) parameters = parcoach_##name;
#include "parcoach_entry_points.def"
#undef PARCOACH_ENTRY_POINT

int
main (void)
{
  int count = 0;
#define PARCOACH_ENTRY_POINT(name, result, parameters) \
  count += entry_##name != NULL;
#include "parcoach_entry_points.def"
#undef PARCOACH_ENTRY_POINT
  printf ("%d\n", count);
  return 0;
}
