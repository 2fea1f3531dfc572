/* my_rank() (helpers.c) returns the rank: `if (my_rank() == 0)' differs
   between processes, and the MPI_Barrier it guards (line 15) is warned,
   note at line 14.  main.c alone only knows that the conditional depends
   on the result of my_rank, a function of another file: the link step
   warns, at main.c:15, because helpers.o's summary says that result
   depends on MPI_Comm_rank; the run stops on both sides. */
#include <mpi.h>
int my_rank(void);

int main(int argc, char **argv) {
  int one = 1, total;
  MPI_Init(&argc, &argv);
  MPI_Allreduce(MPI_IN_PLACE, &one, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (my_rank() == 0)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: rank 0 only */
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
