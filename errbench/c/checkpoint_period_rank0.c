/* Twin of correct/checkpoint_path_cleanup.c with a bug: rank 0 alone
 * changes the checkpoint period, so it reaches the barrier of the
 * checkpoint at step 4 while the others wait at step 5.  Passing the
 * path to access() and unlink() must not hide that store: warned, and
 * stopped.
 *
 * description: twin of correct/checkpoint_path_cleanup.c: the period set by rank 0 only, the path still given to unlink after the loop
 * expect-warning: 51 collective-mismatch
 * expect-conditional: 49
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  int every;
  int nsteps;
  char path[64];
  char log[64];
} settings_t;

static double checksum(const double *u, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += u[i];
  return s;
}

int main(int argc, char **argv) {
  int rank;
  double u[32], total = 0.0;
  settings_t cfg;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  cfg.every = 5;
  cfg.nsteps = 20;
  if (rank == 0)
    cfg.every = 4; /* the bug: rank 0 alone checkpoints more often */
  strcpy(cfg.path, "checkpoint_path_cleanup.tmp");
  strcpy(cfg.log, "checkpoint_path_cleanup.log");
  for (int i = 0; i < 32; ++i)
    u[i] = rank + i;
  for (int step = 1; step <= cfg.nsteps; ++step) {
    for (int i = 0; i < 32; ++i)
      u[i] *= 0.99;
    if (step % cfg.every == 0) {
      double local = checksum(u, 32);
      MPI_Barrier(MPI_COMM_WORLD);
      MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  if (rank == 0) {
    printf("checksum %g after %d steps\n", total, cfg.nsteps);
    if (access(cfg.path, F_OK) == 0)
      unlink(cfg.path);
    remove(cfg.log);
  }
  MPI_Finalize();
  return 0;
}
