/* A hydrodynamics-style C kernel, as called from a Fortran driver: the
 * list of fields to update (`fields', an int array the region only reads)
 * decides which worksharing loops run inside the parallel region.  The
 * region writes only double arrays, which C's aliasing rules keep apart
 * from the int array, so every thread reads the same flags and meets the
 * same `omp for' loops and barriers.  Then the master thread reduces the
 * update's norm (FUNNELED).  The flags are broadcast from rank 0, so every
 * process runs the same collectives.  Nothing to warn, nothing to stop.
 *
 * description: OpenMP region whose conditions read a shared int array it never writes (it writes only doubles), FUNNELED
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

#define CELLS 2048
#define NFIELDS 4

static double density[CELLS], energy[CELLS], pressure[CELLS], velocity[CELLS];

void update_halo_fields(int nfields, const int *fields, double *d, double *e, double *p,
                        double *v, int n)
{
#pragma omp parallel
  {
    for (int k = 0; k < nfields; k++) {
      if (fields[k] == 1) {
#pragma omp for
        for (int i = 0; i < n; i++) {
          switch (k) {
          case 0: d[i] += 1.0; break;
          case 1: e[i] += 2.0; break;
          case 2: p[i] += 3.0; break;
          default: v[i] += 4.0; break;
          }
        }
      }
    }
  }
}

int main(int argc, char **argv)
{
  int provided, rank;
  int fields[NFIELDS] = {0, 0, 0, 0};
  double norm = 0.0, global = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    fields[0] = 1;
    fields[2] = 1;
  }
  MPI_Bcast(fields, NFIELDS, MPI_INT, 0, MPI_COMM_WORLD);

  for (int step = 0; step < 3; step++)
    update_halo_fields(NFIELDS, fields, density, energy, pressure, velocity, CELLS);

#pragma omp parallel
  {
#pragma omp for reduction(+ : norm)
    for (int i = 0; i < CELLS; i++)
      norm += density[i] + energy[i] + pressure[i] + velocity[i];
#pragma omp master
    MPI_Allreduce(&norm, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }

  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (global != (3.0 * 1.0 + 3.0 * 3.0) * CELLS * size) {
    fprintf(stderr, "rank %d: %g\n", rank, global);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
