/* A checkpointing driver in the style of I/O mini-apps: the run's settings
 * (checkpoint period, step count, file name) live in one struct, the same
 * on every process.  The time loop writes a checkpoint every `every'
 * steps (a barrier and an Allreduce of the checksum stand for the
 * collective write), and at the end rank 0 removes the file with
 * access() and unlink(), which take the name as `const char *': they
 * read the struct's path, and change nothing of it.  The loop's tests read
 * the period and the step count, the same everywhere.
 * Nothing to warn, nothing to stop.
 *
 * description: settings struct whose path field goes to access/unlink/remove (const char * parameters of the C library) after the loop: its period and step count still the same everywhere: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
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
