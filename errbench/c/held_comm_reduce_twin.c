/* A loop exit on a value reduced on a communicator made in another
 * function and held in a struct field (as correct/cart2d_jacobi_convergence.c
 * holds its grid), guarding a collective on MPI_COMM_WORLD as well.  The
 * sum is the same on every member of `h.sub', so the MPI_Allreduce on it
 * is not blamed; the two halves of the world are different communicators
 * and leave the loop after different numbers of iterations, so the
 * MPI_Barrier on MPI_COMM_WORLD (line 40) is blamed on the loop exit
 * (line 37).  With 3 processes the halves have 2 and 1 members: the check
 * before the barrier stops the run.  With 2 or 1, every half counts alike.
 *
 * description: loop exit on MPI_Allreduce over a split communicator held in a struct field, MPI_Barrier(MPI_COMM_WORLD) in the loop: warned, stops with 3 processes
 * expect-warning: 40 collective-mismatch
 * expect-conditional: 37
 * expect-run: 3 stop
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

typedef struct { MPI_Comm sub; int rank; } half_t;

static void make_halves(half_t *h)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &h->sub);
  MPI_Comm_rank(h->sub, &h->rank);
}

int main(int argc, char **argv)
{
  half_t h;
  int total = 0, steps = 0;
  MPI_Init(&argc, &argv);
  make_halves(&h);
  while (total < 6) {
    int one = 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, h.sub);
    MPI_Barrier(MPI_COMM_WORLD);
    total += sum;
    steps++;
  }
  if (h.rank == 0)
    printf("%d steps\n", steps);
  MPI_Comm_free(&h.sub);
  MPI_Finalize();
  return 0;
}
