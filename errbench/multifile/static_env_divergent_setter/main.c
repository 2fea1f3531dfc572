/* Rank 0 alone calls config_set_steps() (line 14): the static nsteps of
   config.c then holds 4 on rank 0 and 1 elsewhere, and the loop of line 15
   runs MPI_Barrier (line 16) a different number of times.  config.o's
   summary says its stores are the same everywhere; the link step sees
   that main.c calls the writer on some processes only, and warns. */
#include <mpi.h>
void config_set_steps(int n);
int config_steps(void);

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) config_set_steps(4);
  for (int i = 0; i < config_steps(); i++)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: rank 0 runs it 4 times */
  MPI_Finalize();
  return 0;
}
