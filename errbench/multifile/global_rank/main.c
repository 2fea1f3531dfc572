/* Twin of global_bcast: read_params() (io.c) stores rank + 2 in nsteps,
   so the loop of line 15 runs a different number of MPI_Allreduce on each
   process and the test of line 17 sends rank 0 past the MPI_Barrier: the
   link step warns both (io.o's summary: a store that may differ), at
   main.c:16 (loop exit at 15) and main.c:18 (conditional at 17), and the
   run stops. */
#include <mpi.h>
extern int nsteps;
void read_params(void);

int main(int argc, char **argv) {
  int one = 1, total = 0, i;
  MPI_Init(&argc, &argv);
  read_params();
  for (i = 0; i < nsteps; i++)
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (nsteps > 2)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
