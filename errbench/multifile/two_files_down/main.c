/* Every process calls middle() (middle.c) once per rank: rank r r times.
   middle() calls inner() (inner.c), which runs MPI_Allreduce, so the
   processes run different numbers of MPI_Allreduce.  The link step follows
   main.c -> middle.c -> inner.c and warns at line 13, with a note at the
   loop exit of line 12. */
#include <mpi.h>
void middle(MPI_Comm comm);
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < rank; ++i)
    middle(MPI_COMM_WORLD); /* BUG: a rank-dependent number of calls */
  MPI_Finalize();
  return 0;
}
