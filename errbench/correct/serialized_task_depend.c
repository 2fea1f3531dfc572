/* MPI_THREAD_SERIALIZED with collectives in tasks ordered by their
 * dependences: in every round the producer task (depend(out: x)) reduces
 * across processes, the consumer (depend(in: x) depend(out: y))
 * broadcasts; the next round's producer waits for the consumer (it writes
 * x, which the consumer reads).  The dependences chain every task of the
 * single region (OpenMP 5.1, section 2.19.11), so whichever threads run
 * them, one at a time and in the same order on every process: SERIALIZED
 * is enough and nothing runs two collectives at once.  Nothing to warn,
 * nothing to stop.
 *
 * description: SERIALIZED: tasks with collectives ordered by depend(out: x) / depend(in: x)
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=3
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 8

int main(int argc, char **argv)
{
  int provided, rank, size;
  double total = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

#pragma omp parallel
#pragma omp single
  {
    double x = 0.0, y = 0.0;
    for (int round = 0; round < ROUNDS; round++) {
#pragma omp task depend(out : x) shared(x) firstprivate(round)
      {
        double mine = rank + round;
        MPI_Allreduce(&mine, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      }
#pragma omp task depend(in : x) depend(out : y) shared(x, y)
      {
        double v = x;
        MPI_Bcast(&v, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        y += v;
      }
    }
#pragma omp taskwait
    total = y;
  }

  /* sum over rounds of sum over ranks of (rank + round) */
  double expected = 0.0;
  for (int round = 0; round < ROUNDS; round++)
    expected += size * (size - 1) / 2.0 + (double)size * round;
  if (total != expected) {
    fprintf(stderr, "rank %d: %g, expected %g\n", rank, total, expected);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
