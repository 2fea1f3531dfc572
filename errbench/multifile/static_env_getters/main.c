/* A time loop on the environment's step count (read by rank 0 and
   broadcast in env.c), a halo phase only when the job has more than one
   process, and a record of the decomposition whose `parts' and `cells'
   are the same everywhere although its `me' is the rank. */
#include <mpi.h>
#include <stdio.h>
#include "env.h"
#include "grid.h"

int main(int argc, char **argv)
{
  double local, total = 0.0;
  env_init(&argc, &argv);
  grid_setup(64);
  if (env_rank() == 0)
    printf("%d processes, %d steps\n", env_size(), env_steps());
  for (int step = 0; step < env_steps(); step++) {
    local = grid.me + step;
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, env_comm());
    if (env_size() > 1)
      MPI_Barrier(env_comm());
  }
  if (grid.parts > 1 && grid.cells > 0)
    MPI_Barrier(env_comm());
  if (grid.me == 0)
    printf("total %.1f\n", total);
  env_finalize();
  return 0;
}
