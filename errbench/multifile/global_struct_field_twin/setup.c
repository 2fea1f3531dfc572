/* The run's settings in one public record: `size' is MPI_Comm_size, but
   `steps' is computed from the rank. */
#include <mpi.h>

typedef struct { MPI_Comm comm; int rank, size, steps; } settings_t;
settings_t settings;

void setup(void)
{
  settings.comm = MPI_COMM_WORLD;
  MPI_Comm_rank(settings.comm, &settings.rank);
  MPI_Comm_size(settings.comm, &settings.size);
  settings.steps = settings.rank + 1;
}
