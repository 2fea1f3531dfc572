/* Robustness: a switch with 1000 cases, two thirds of them calling a
 * collective, and a chain of 300 conditional collectives (execution orders
 * up to 300, 2^300 paths: the analysis must not enumerate paths). */
#include <mpi.h>

#define CASE(n)                                                    \
  case (n):                                                        \
    if ((n) % 3 == 0)                                              \
      MPI_Barrier(comm);                                           \
    else if ((n) % 3 == 1)                                         \
      MPI_Bcast(&x, 1, MPI_INT, 0, comm);                          \
    else                                                           \
      x += (n);                                                    \
    break;
#define C10(b) CASE((b) + 0) CASE((b) + 1) CASE((b) + 2) CASE((b) + 3) CASE((b) + 4) \
  CASE((b) + 5) CASE((b) + 6) CASE((b) + 7) CASE((b) + 8) CASE((b) + 9)
#define C100(b) C10((b) + 0) C10((b) + 10) C10((b) + 20) C10((b) + 30) C10((b) + 40) \
  C10((b) + 50) C10((b) + 60) C10((b) + 70) C10((b) + 80) C10((b) + 90)
#define C1000(b) C100((b) + 0) C100((b) + 100) C100((b) + 200) C100((b) + 300) \
  C100((b) + 400) C100((b) + 500) C100((b) + 600) C100((b) + 700) C100((b) + 800) \
  C100((b) + 900)

int huge_switch(MPI_Comm comm, int key)
{
  int x = key;
  switch (key) {
    C1000(0)
  default:
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, comm);
  }
  return x;
}

#define STEP(n) if (x & (1 << ((n) % 31))) MPI_Barrier(comm);
#define S10(b) STEP((b) + 0) STEP((b) + 1) STEP((b) + 2) STEP((b) + 3) STEP((b) + 4) \
  STEP((b) + 5) STEP((b) + 6) STEP((b) + 7) STEP((b) + 8) STEP((b) + 9)
#define S100(b) S10((b) + 0) S10((b) + 10) S10((b) + 20) S10((b) + 30) S10((b) + 40) \
  S10((b) + 50) S10((b) + 60) S10((b) + 70) S10((b) + 80) S10((b) + 90)

int long_chain(MPI_Comm comm, int x)
{
  S100(0) S100(100) S100(200)
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, comm);
  return x;
}

/* The same chain inside a loop. */
int long_chain_in_loop(MPI_Comm comm, int x, int n)
{
  int i;
  for (i = 0; i < n; i++) {
    S100(0)
  }
  return x;
}
