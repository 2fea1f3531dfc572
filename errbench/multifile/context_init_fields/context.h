#include <mpi.h>
/* The solver's context, filled by context_init (context.c). */
typedef struct {
  MPI_Comm comm;
  int rank, nprocs;
  int nsteps;
  double tol;
} context_t;
void context_init(context_t *ctx, MPI_Comm parent);
void context_free(context_t *ctx);
