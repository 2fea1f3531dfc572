/* A solver file in the style of mini-apps: the run's environment is
 * private to the file (static) and set up by public functions other files
 * may call (env_start, the accessors); main lives in the same file.
 *   - env.comm is a duplicate of MPI_COMM_WORLD, env.rank the rank and
 *     env.size the size: a test on env.size guards a barrier, beside a
 *     printf on env.rank;
 *   - the iteration count is read by rank 0 and broadcast, then bounds
 *     the loop of collectives.
 * When other files call env_start is the link step's question: every
 * process calls it here.  Nothing to warn, nothing to stop.
 *
 * description: static struct {comm, rank, size} and a static step count broadcast on the struct's communicator, set by public functions of the file: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static struct {
  MPI_Comm comm;
  int rank, size;
} env;
static int iterations;

void env_start(int *argc, char ***argv) {
  MPI_Init(argc, argv);
  MPI_Comm_dup(MPI_COMM_WORLD, &env.comm);
  MPI_Comm_rank(env.comm, &env.rank);
  MPI_Comm_size(env.comm, &env.size);
  if (env.rank == 0) {
    const char *text = getenv("ITERATIONS");
    iterations = text ? atoi(text) : 5;
  }
  MPI_Bcast(&iterations, 1, MPI_INT, 0, env.comm);
}

int env_iterations(void) { return iterations; }

void env_stop(void) {
  MPI_Comm_free(&env.comm);
  MPI_Finalize();
}

int main(int argc, char **argv) {
  double mine, sum = 0.0;
  env_start(&argc, &argv);
  if (env.rank == 0)
    printf("%d processes\n", env.size);
  for (int it = 0; it < env_iterations(); ++it) {
    mine = env.rank + it;
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, env.comm);
  }
  if (env.size > 1)
    MPI_Barrier(env.comm);
  if (env.rank == 0)
    printf("sum %.1f\n", sum);
  env_stop();
  return 0;
}
