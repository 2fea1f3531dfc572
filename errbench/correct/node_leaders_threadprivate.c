/* Node-aware hybrid reduction, MPI_THREAD_FUNNELED (issue 14).
 * MPI_Comm_split_type gives the shared-memory node communicator; node
 * leaders (node rank 0) get a leaders' communicator, the others
 * MPI_COMM_NULL (MPI_UNDEFINED colour).  In one parallel region every
 * thread counts its work in a threadprivate counter; thread 0 (tested
 * with omp_get_thread_num() == 0, the FUNNELED idiom) reduces on the node
 * between barriers, the leaders reduce across nodes under `if (leaders
 * != MPI_COMM_NULL)', and a node broadcast spreads the result.  A second
 * region is `parallel if' on the node size, thread 0 reducing in place.
 * The sums are checked.
 *
 * Before the fix: collective-mismatch warning at the leaders'
 * MPI_Allreduce, blamed on the MPI_COMM_NULL test: inside the region the
 * test and the call read the shared handle through temporaries of their
 * own (`leaders.4 = *.omp_data_i->leaders'), which the membership rule
 * did not follow back to the variable.
 *
 * handle-spelling: the region's load of the leaders' communicator is a copy of it in either spelling (an Open MPI false warning until 2026-11-29)
 * description: FUNNELED: node communicator, leaders' communicator tested against MPI_COMM_NULL inside a thread-0 branch of a region, threadprivate counters, parallel if
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define CELLS 1000

static long work_done;
#pragma omp threadprivate(work_done)

static double cells[CELLS];

int main(int argc, char **argv)
{
  int provided, rank, node_rank, node_size;
  MPI_Comm node, leaders;
  double node_sum = 0.0, global_sum = 0.0, partial = 0.0;
  long total_work = 0, node_work = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &node_rank);
  MPI_Comm_size(node, &node_size);
  MPI_Comm_split(MPI_COMM_WORLD, node_rank == 0 ? 0 : MPI_UNDEFINED, rank, &leaders);

  for (int i = 0; i < CELLS; i++)
    cells[i] = (rank + i) % 5;

#pragma omp parallel shared(node_sum, global_sum, partial, total_work, node_work)
  {
    int tid = omp_get_thread_num();
    work_done = 0;
#pragma omp for reduction(+ : partial)
    for (int i = 0; i < CELLS; i++) {
      partial += cells[i];
      work_done++;
    }
#pragma omp atomic
    total_work += work_done;
#pragma omp barrier
    if (tid == 0) {
      MPI_Reduce(&partial, &node_sum, 1, MPI_DOUBLE, MPI_SUM, 0, node);
      MPI_Reduce(&total_work, &node_work, 1, MPI_LONG, MPI_SUM, 0, node);
      if (leaders != MPI_COMM_NULL)
        MPI_Allreduce(&node_sum, &global_sum, 1, MPI_DOUBLE, MPI_SUM, leaders);
      MPI_Bcast(&global_sum, 1, MPI_DOUBLE, 0, node);
    }
#pragma omp barrier
    for (int i = 0; i < CELLS; i++)
      if (i % omp_get_num_threads() == tid)
        cells[i] /= (global_sum > 0.0 ? global_sum : 1.0);
  }

  partial = 0.0;
#pragma omp parallel if (CELLS * node_size > 2000) shared(partial)
  {
#pragma omp for reduction(+ : partial)
    for (int i = 0; i < CELLS; i++)
      partial += cells[i];
    if (omp_get_thread_num() == 0)
      MPI_Allreduce(MPI_IN_PLACE, &partial, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
  }

  if (rank == 0)
    printf("node leaders: %g, normalised %g, work %ld\n", global_sum, partial, node_work);
  {
    int size;
    double expected = 0.0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int r = 0; r < size; r++)
      for (int i = 0; i < CELLS; i++)
        expected += (r + i) % 5;
    if (global_sum != expected || fabs(partial - 1.0) > 1e-9 ||
        (node_rank == 0 && node_work != (long)CELLS * node_size))
      MPI_Abort(MPI_COMM_WORLD, 3);
  }
  if (leaders != MPI_COMM_NULL)
    MPI_Comm_free(&leaders);
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
