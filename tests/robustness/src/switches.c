/* Robustness: switch statements with fallthrough, default first/middle/
 * absent, GNU case ranges, nested switches, switch in loops with continue
 * and break, Duff's device, a switch with only a default, a switch on a
 * constant. */
#include <mpi.h>

int fallthrough(int rank)
{
  int x = 0;
  switch (rank) {
  case 0:
    MPI_Barrier(MPI_COMM_WORLD);
    /* fall through */
  case 1:
    x++;
    __attribute__((fallthrough));
  case 2:
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    break;
  default:
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  return x;
}

int default_in_the_middle(int rank)
{
  int x = rank;
  switch (rank % 4) {
  case 0:
    x = 1;
    break;
  default:
    MPI_Barrier(MPI_COMM_WORLD);
  case 3:
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    break;
  case 1 ... 2:
    return -1;
  }
  return x;
}

int no_default(int rank)
{
  switch (rank) {
  case 7:
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  case 100000:
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  }
  return 0;
}

int nested(int a, int b)
{
  switch (a) {
  case 0:
    switch (b) {
    case 0:
      MPI_Barrier(MPI_COMM_WORLD);
      break;
    case 1:
      return 1;
    default:
      break;
    }
    /* fall through */
  case 1:
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  }
  return 0;
}

int in_a_loop(int n)
{
  int i, s = 0;
  for (i = 0; i < n; i++) {
    switch (i % 3) {
    case 0:
      continue;
    case 1:
      MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      break;
    default:
      if (s > 100)
        goto out;
    }
    s += i;
  }
out:
  return s;
}

void duff(int *to, const int *from, int count)
{
  int n = (count + 7) / 8;
  if (count <= 0)
    return;
  switch (count % 8) {
  case 0: do { *to += *from++;
  case 7:      *to += *from++;
  case 6:      *to += *from++;
  case 5:      *to += *from++;
  case 4:      *to += *from++;
  case 3:      *to += *from++;
  case 2:      *to += *from++;
  case 1:      *to += *from++;
               MPI_Barrier(MPI_COMM_WORLD);
          } while (--n > 0);
  }
}

void only_default(int x)
{
  switch (x) {
  default:
    MPI_Barrier(MPI_COMM_WORLD);
  }
}

void constant_switch(void)
{
  switch (2) {
  case 1:
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  case 2:
    MPI_Allreduce(MPI_IN_PLACE, MPI_BOTTOM, 0, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    break;
  }
}

void empty_switch(int x)
{
  switch (x) {
  }
  MPI_Barrier(MPI_COMM_WORLD);
}
