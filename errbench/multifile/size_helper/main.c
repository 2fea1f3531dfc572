/* world_size() (helpers.c) returns MPI_Comm_size: the same on every
   process, so `if (world_size() > 1) MPI_Barrier' is correct and must stay
   silent.  main.c alone cannot know it: the conditional is left to the
   link step, which reads in helpers.o's summary that the result of
   world_size is the same everywhere. */
#include <mpi.h>
int world_size(void);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  if (world_size() > 1)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
