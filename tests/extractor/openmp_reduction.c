/* compile-flags: -fopenmp
 * A reduction merges each thread's part into the shared variable by an
 * atomic update through a temporary holding its address in the region's
 * shared-data record (`D.1 = &.omp_data_i->total'): that update writes
 * the one field, not the whole record, so the other shared variables
 * (`n', and the pointer `&c' a helper reads through) keep their values.
 * What the reduction itself merges still differs. */
#include <mpi.h>

typedef struct {
  MPI_Comm comm;
  int size;
} context_t;

static double global_sum(context_t *c, double local) {
  double global;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, c->comm);
  return global;
}

int main(int argc, char **argv) {
  int provided, rank, n;
  double total = 0.0, reduced = 0.0;
  context_t c;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  c.comm = MPI_COMM_WORLD;
  c.size = n;
#pragma omp parallel shared(n, total, reduced, c)
  {
    int mine = 0;
#pragma omp for reduction(+ : total)
    for (int i = 0; i < 8; i++)
      total += rank * i;
#pragma omp master /* value-flow: uniform, threads differ */
    reduced = global_sum(&c, total);
#pragma omp barrier
    if (n > 1) /* value-flow: uniform, threads same */
      mine = mine + 1;
    if (reduced > 0.0) /* value-flow: uniform, threads same */
      mine = mine + 2;
  }
  if (total > 0.0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (reduced > 0.0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
