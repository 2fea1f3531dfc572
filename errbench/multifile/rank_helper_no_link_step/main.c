/* rank_helper linked with PARCOACH_LINK=0 (a link that skips the link
   step): `if (my_rank() == 0)' (line 13) depends only on the result of a
   function of another file, so main.c gets no warning, and nothing
   judges it at link time.  The run time arms the function instead: the
   barrier of line 14 still stops the run on both sides. */
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
