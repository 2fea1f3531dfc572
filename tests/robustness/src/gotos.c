/* Robustness: forward and backward gotos, gotos out of nested loops, and
 * irreducible loops (a cycle with two entries), with collectives on the
 * way.  Compile only. */
#include <mpi.h>

int forward_and_backward(int rank, int n)
{
  int i = 0;
  if (rank == 0)
    goto skip;
  MPI_Barrier(MPI_COMM_WORLD);
skip:
  i++;
  if (i < n)
    goto skip;                       /* backward goto: a loop */
  MPI_Allreduce(MPI_IN_PLACE, &i, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return i;
}

/* Two entries into the cycle a <-> b: irreducible. */
int irreducible(int rank, int n)
{
  int k = n;
  if (rank % 2)
    goto b;
a:
  MPI_Barrier(MPI_COMM_WORLD);
  k--;
b:
  MPI_Bcast(&k, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (k > 0)
    goto a;
  return k;
}

/* Three-node irreducible region with several entries and a collective on
 * each node. */
int irreducible3(int x)
{
  switch (x % 3) {
  case 0: goto n0;
  case 1: goto n1;
  default: goto n2;
  }
n0:
  MPI_Barrier(MPI_COMM_WORLD);
  if (--x > 10) goto n2;
n1:
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (x & 1) goto n0;
n2:
  MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (x-- > 0) goto n1;
  return x;
}

int out_of_nested_loops(int rank)
{
  int i, j, found = -1;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 4; j++) {
      MPI_Barrier(MPI_COMM_WORLD);
      if (i * j == rank) {
        found = i;
        goto done;
      }
    }
done:
  MPI_Allreduce(MPI_IN_PLACE, &found, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return found;
}

/* Jump into the middle of a loop body from outside. */
int into_loop(int rank)
{
  int i = 0, s = 0;
  if (rank)
    goto inside;
  for (i = 0; i < 3; i++) {
    s += i;
inside:
    MPI_Barrier(MPI_COMM_WORLD);
  }
  return s;
}

/* A label that nothing jumps to and a goto to the next statement. */
void trivial_gotos(void)
{
  goto next;
next:
unused_label: __attribute__((unused));
  MPI_Barrier(MPI_COMM_WORLD);
}
