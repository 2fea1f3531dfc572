/* CC_cc (parcoach_threads.h) with teams of 2 threads: thread 0 reaches a
   checked collective, then (after an unmarked barrier, so in the same
   phase) thread 1 reaches another one.
     comms     both are paired, but on two different communicators: silent;
     unpaired  same communicator, but the compiler did not pair them (the
               lines are not in each other's list): silent;
     fortran   paired, different communicators given as Fortran INTEGERs:
               silent;
     calls     paired, neither knows its communicator (calls of functions
               running collectives): silent;
     stop      paired, same communicator: the run stops;
     call      paired, thread 1's communicator not known: the run stops.  */

#include "parcoach_threads.h"

#include <mpi.h>
#include <omp.h>
#include <string.h>

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  MPI_Comm left = MPI_COMM_WORLD, right = MPI_COMM_SELF;
  MPI_Fint left_f, right_f;

  MPI_Init (&argc, &argv);
  if (strcmp (mode, "stop") == 0)
    right = left;
  left_f = MPI_Comm_c2f (left);
  right_f = MPI_Comm_c2f (right);
  parcoach_thread_fork ();
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num ();
    const char *others = strcmp (mode, "unpaired") == 0 ? "99" : t == 0 ? "20" : "10";
    if (t == 0)
      {
        if (strcmp (mode, "fortran") == 0)
          parcoach_thread_check_cc_fortran (&left_f, "MPI_Bcast", "cc.c", 10, "f", others);
        else if (strcmp (mode, "calls") == 0)
          parcoach_thread_check_cc ("MPI_Bcast", "cc.c", 10, "f", others);
        else
          parcoach_thread_check_cc_comm (left, "MPI_Bcast", "cc.c", 10, "f", others);
      }
#pragma omp barrier
    if (t == 1)
      {
        if (strcmp (mode, "fortran") == 0)
          parcoach_thread_check_cc_fortran (&right_f, "MPI_Reduce", "cc.c", 20, "f", others);
        else if (strcmp (mode, "calls") == 0 || strcmp (mode, "call") == 0)
          parcoach_thread_check_cc ("MPI_Reduce", "cc.c", 20, "f", others);
        else
          parcoach_thread_check_cc_comm (right, "MPI_Reduce", "cc.c", 20, "f", others);
      }
  }
  MPI_Finalize ();
  return 0;
}
