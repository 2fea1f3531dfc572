/* A record broadcast whole as bytes (`MPI_Bcast(&params, sizeof params,
 * MPI_BYTE, ...)'), a record variable or a record field reached through a
 * pointer parameter: every field is the same on every process after it.
 * A count short of the record, or a field broadcast alone, leaves the
 * rest as it was. */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  int steps, size;
  double tolerance;
} params_t;

typedef struct {
  params_t params;
  int verbose;
} deck_t;

static void read_deck(deck_t *deck, int rank) {
  if (rank == 0) { /* value-flow: rank */
    if (scanf("%d %d", &deck->params.steps, &deck->verbose) != 2) /* value-flow: differs */
      deck->params.steps = 3;
  }
  MPI_Bcast(&deck->params, (int)sizeof deck->params, MPI_BYTE, 0, MPI_COMM_WORLD);
  if (deck->params.steps > 2) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  if (deck->verbose > 0) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  int rank;
  params_t p, partial;
  deck_t deck;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  p.steps = rank;
  p.size = rank;
  p.tolerance = 1e-3;
  partial = p;
  if (p.steps > 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(&p, sizeof p, MPI_BYTE, 0, MPI_COMM_WORLD);
  if (p.steps > 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(&partial, sizeof(int), MPI_BYTE, 0, MPI_COMM_WORLD);
  if (partial.size > 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  read_deck(&deck, rank);
  MPI_Finalize();
  return 0;
}
