/* Robustness: infinite loops with and without exits, with collectives. */
#include <mpi.h>

void for_ever_with_break(int rank)
{
  int x = rank;
  for (;;) {
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (x > 10)
      break;
    x++;
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

/* Never returns: the exit block is unreachable. */
void for_ever_server(void)
{
  int request;
  for (;;) {
    MPI_Bcast(&request, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
}

void while_one_with_return(int n)
{
  while (1) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (n-- == 0)
      return;
  }
}

void do_while_one(int rank)
{
  do {
    if (rank)
      MPI_Barrier(MPI_COMM_WORLD);
  } while (1);
}

/* An empty infinite loop after a collective. */
void spin(void)
{
  MPI_Barrier(MPI_COMM_WORLD);
  for (;;)
    ;
}

/* Nested infinite loops, the inner one left with goto. */
int nested_for_ever(int x)
{
  for (;;) {
    for (;;) {
      MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      if (x & 4)
        goto out;
      if (x & 8)
        break;
      x += 3;
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
out:
  return x;
}

/* Unreachable code after an infinite loop. */
int unreachable_after(void)
{
  for (;;)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(0, 0, MPI_INT, 0, MPI_COMM_WORLD);
  return 1;
}
