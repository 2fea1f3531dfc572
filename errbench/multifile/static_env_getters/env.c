/* The run's environment, kept private to this file (static) and read
   through accessors, as mini-apps do: a duplicate of MPI_COMM_WORLD, this
   process's rank and the size, and the number of steps, read by rank 0
   and broadcast. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "env.h"

typedef struct {
  MPI_Comm comm;
  int rank, size;
} environment_t;

static environment_t env;
static int nsteps;

void env_init(int *argc, char ***argv)
{
  MPI_Init(argc, argv);
  MPI_Comm_dup(MPI_COMM_WORLD, &env.comm);
  MPI_Comm_rank(env.comm, &env.rank);
  MPI_Comm_size(env.comm, &env.size);
  if (env.rank == 0) {
    const char *given = getenv("STEPS");
    nsteps = given ? atoi(given) : 3;
  }
  MPI_Bcast(&nsteps, 1, MPI_INT, 0, env.comm);
}

int env_rank(void) { return env.rank; }
int env_size(void) { return env.size; }
int env_steps(void) { return nsteps; }
MPI_Comm env_comm(void) { return env.comm; }

void env_finalize(void)
{
  MPI_Comm_free(&env.comm);
  MPI_Finalize();
}
