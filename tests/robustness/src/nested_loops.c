/* Robustness: nested loops of every kind with collectives at every level,
 * continue and break at several depths. */
#include <mpi.h>

double nested(int n, int rank)
{
  double x = rank;
  int i, j, k;
  for (i = 0; i < n; i++) {
    MPI_Barrier(MPI_COMM_WORLD);
    for (j = i; j < n; j++) {
      if (j == rank)
        continue;
      k = 0;
      while (k < j) {
        MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        if (x > 1e6)
          break;
        do {
          k++;
          if (k & 1)
            continue;
          MPI_Bcast(&x, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        } while (k % 5);
      }
      if (x < 0)
        break;
    }
  }
  return x;
}

/* Loops with two exits and a collective after each exit. */
int two_exits(int n)
{
  int i;
  for (i = 0; i < n; i++) {
    if (i * i > n) {
      MPI_Barrier(MPI_COMM_WORLD);
      break;
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  return i;
}

/* A loop whose body is only a collective, and a loop with a collective in
 * its condition. */
int loop_conditions(int n)
{
  int x = n;
  while (x-- > 0)
    MPI_Barrier(MPI_COMM_WORLD);
  for (x = 0; MPI_Barrier(MPI_COMM_WORLD) == MPI_SUCCESS && x < n; x++)
    ;
  for (x = 0; x < n; MPI_Barrier(MPI_COMM_WORLD), x++)
    ;
  return x;
}

/* Deep nesting. */
int deep(int a)
{
  int i1, i2, i3, i4, i5, s = 0;
  for (i1 = 0; i1 < a; i1++)
    for (i2 = 0; i2 < i1; i2++)
      for (i3 = 0; i3 < i2; i3++)
        for (i4 = 0; i4 < i3; i4++)
          for (i5 = 0; i5 < i4; i5++) {
            s += i5;
            if (s % 7 == 0)
              MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
          }
  return s;
}
