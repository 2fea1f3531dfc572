/* nsteps (io.c) is set once by read_params(): rank 0 reads it, MPI_Bcast
   gives it to all.  The loop of line 15 and the test of line 17 send every
   process the same way: silent.  main.c alone only knows that nsteps is
   a variable of another file; the link step reads in io.o's summary that
   every store there is the same everywhere, and that read_params is
   called by every process alike. */
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
