/* read_steps() (params.c) returns a value rank 0 read and broadcast: the
   same on every process, so the loop of line 14 and the test of line 16
   send every process the same way: silent.  main.c alone only knows that
   they depend on the result of a function of another file; the link step
   reads in params.o's summary that it is the same everywhere. */
#include <mpi.h>
int read_steps(void);

int main(int argc, char **argv) {
  int one = 1, total = 0;
  MPI_Init(&argc, &argv);
  int steps = read_steps();
  int i;
  for (i = 0; i < steps; i++)
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (read_steps() > 2)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
