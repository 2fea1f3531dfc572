/* MPI_THREAD_SERIALIZED with MPI calls made by any thread but never two
 * at once: point-to-point messages a process sends to itself inside a
 * `critical' region in one loop, inside an OpenMP lock in the next (mutual
 * exclusion is what SERIALIZED asks of the user; the loops' barrier keeps
 * the two phases apart; MPI_Sendrecv to oneself completes alone),
 * an atomic counter, then the team's totals reduced across processes by a
 * `single'.  Every collective is called by one thread per process, after
 * the barrier that ends the loop.  Nothing to warn, nothing to stop.
 *
 * description: SERIALIZED: point-to-point calls in critical and under omp_set_lock, single allreduce after the loop
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define ITEMS 64

int main(int argc, char **argv)
{
  int provided, rank, size, echoed = 0, locked = 0, counted = 0, totals[3], global[3];
  omp_lock_t lock;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  omp_init_lock(&lock);

#pragma omp parallel
  {
#pragma omp for
    for (int item = 0; item < ITEMS / 2; item++) {
      int out = item, in = -1;
#pragma omp critical(mpi_calls)
      {
        MPI_Sendrecv(&out, 1, MPI_INT, rank, item, &in, 1, MPI_INT, rank, item, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        echoed += in == item;
      }
#pragma omp atomic
      counted++;
    }
    /* the implicit barrier ends the critical phase; the lock phase follows */
#pragma omp for
    for (int item = ITEMS / 2; item < ITEMS; item++) {
      int out = item, in = -1;
      omp_set_lock(&lock);
      MPI_Sendrecv(&out, 1, MPI_INT, rank, item, &in, 1, MPI_INT, rank, item, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      locked += in == item;
      omp_unset_lock(&lock);
#pragma omp atomic
      counted++;
    }
#pragma omp single
    {
      totals[0] = echoed;
      totals[1] = locked;
      totals[2] = counted;
      MPI_Allreduce(totals, global, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }

  omp_destroy_lock(&lock);
  if (global[0] != ITEMS / 2 * size || global[1] != ITEMS / 2 * size || global[2] != ITEMS * size) {
    fprintf(stderr, "rank %d: %d %d %d\n", rank, global[0], global[1], global[2]);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
