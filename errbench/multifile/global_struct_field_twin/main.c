/* settings.size is the same everywhere: the barrier it guards (line 14)
   is correct.  settings.steps is the rank plus one (setup.c): the loop of
   line 15 runs MPI_Barrier (line 16) a different number of times on each
   process. */
#include <mpi.h>
typedef struct { MPI_Comm comm; int rank, size, steps; } settings_t;
extern settings_t settings;
void setup(void);

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  setup();
  if (settings.size > 1) MPI_Barrier(settings.comm);
  for (int i = 0; i < settings.steps; i++)
    MPI_Barrier(settings.comm); /* BUG */
  MPI_Finalize();
  return 0;
}
