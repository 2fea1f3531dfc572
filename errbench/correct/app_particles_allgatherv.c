/* A small N-body particle code (pure MPI, C) in the replicated-data style
 * of early molecular-dynamics codes: each process owns a block of the
 * particles, the positions of all are assembled every step with
 * MPI_Allgatherv whose counts and displacements every process computes
 * itself (MPI_Allgather of the local counts first), forces are computed on
 * the owned block, kinetic and potential energies are reduced with
 * MPI_Allreduce, the thermostat rescales velocities when the reduced
 * temperature drifts, and every `nprint' steps rank 0 prints.  Particle
 * counts per process are uneven (ragged blocks), some processes may own
 * none.  Nothing to warn, nothing to stop.
 *
 * description: replicated-data particle code: Allgather of counts, Allgatherv of positions with displacements computed everywhere, Allreduce of energies, thermostat on reduced temperature, rank 0 prints
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run: 4 ok
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NPART 23
#define NSTEPS 40
#define NPRINT 10

typedef struct {
  double x, y, z;
} vec3;

int main(int argc, char **argv)
{
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  MPI_Datatype vec3_type;
  MPI_Type_contiguous(3, MPI_DOUBLE, &vec3_type);
  MPI_Type_commit(&vec3_type);

  /* ragged ownership: the first NPART % nprocs processes own one more */
  int nlocal = NPART / nprocs + (rank < NPART % nprocs);
  int *counts = malloc(nprocs * sizeof *counts);
  int *displs = malloc(nprocs * sizeof *displs);
  MPI_Allgather(&nlocal, 1, MPI_INT, counts, 1, MPI_INT, MPI_COMM_WORLD);
  displs[0] = 0;
  for (int p = 1; p < nprocs; p++)
    displs[p] = displs[p - 1] + counts[p - 1];
  int first = displs[rank];
  int ntotal = displs[nprocs - 1] + counts[nprocs - 1];
  if (ntotal != NPART)
    MPI_Abort(MPI_COMM_WORLD, 3);

  vec3 *pos = malloc(ntotal * sizeof *pos);
  vec3 *mine = malloc((nlocal + 1) * sizeof *mine);
  vec3 *vel = malloc((nlocal + 1) * sizeof *vel);
  vec3 *frc = malloc((nlocal + 1) * sizeof *frc);
  for (int i = 0; i < nlocal; i++) {
    int g = first + i;
    mine[i].x = (g % 3) * 1.5;
    mine[i].y = ((g / 3) % 3) * 1.5;
    mine[i].z = (g / 9) * 1.5;
    vel[i].x = 0.01 * ((g * 7) % 5 - 2);
    vel[i].y = 0.01 * ((g * 3) % 5 - 2);
    vel[i].z = 0.01 * ((g * 11) % 5 - 2);
  }

  const double dt = 0.002, target_temp = 0.05;
  double epot = 0.0, ekin = 0.0;
  for (int step = 1; step <= NSTEPS; step++) {
    MPI_Allgatherv(mine, nlocal, vec3_type, pos, counts, displs, vec3_type,
                   MPI_COMM_WORLD);

    double epot_local = 0.0;
    for (int i = 0; i < nlocal; i++) {
      int gi = first + i;
      frc[i].x = frc[i].y = frc[i].z = 0.0;
      for (int j = 0; j < ntotal; j++) {
        if (j == gi)
          continue;
        double dx = pos[gi].x - pos[j].x, dy = pos[gi].y - pos[j].y,
               dz = pos[gi].z - pos[j].z;
        double r2 = dx * dx + dy * dy + dz * dz;
        if (r2 > 6.25)
          continue;
        double ir6 = 1.0 / (r2 * r2 * r2);
        double f = 24.0 * ir6 * (2.0 * ir6 - 1.0) / r2;
        frc[i].x += f * dx;
        frc[i].y += f * dy;
        frc[i].z += f * dz;
        epot_local += 2.0 * ir6 * (ir6 - 1.0); /* half of 4 e per pair */
      }
    }

    double ekin_local = 0.0;
    for (int i = 0; i < nlocal; i++) {
      vel[i].x += dt * frc[i].x;
      vel[i].y += dt * frc[i].y;
      vel[i].z += dt * frc[i].z;
      mine[i].x += dt * vel[i].x;
      mine[i].y += dt * vel[i].y;
      mine[i].z += dt * vel[i].z;
      ekin_local += 0.5 * (vel[i].x * vel[i].x + vel[i].y * vel[i].y +
                           vel[i].z * vel[i].z);
    }

    double loc[2] = {ekin_local, epot_local}, glob[2];
    MPI_Allreduce(loc, glob, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    ekin = glob[0];
    epot = glob[1];

    double temp = 2.0 * ekin / (3.0 * ntotal);
    if (temp > 2.0 * target_temp || temp < 0.5 * target_temp) {
      double scale = sqrt(target_temp / (temp > 0.0 ? temp : target_temp));
      for (int i = 0; i < nlocal; i++) {
        vel[i].x *= scale;
        vel[i].y *= scale;
        vel[i].z *= scale;
      }
    }

    if (step % NPRINT == 0 && rank == 0)
      printf("step %3d  T %.5f  Ekin %.5f  Epot %.5f\n", step, temp, ekin,
             epot);
  }

  int ok = isfinite(ekin) && isfinite(epot);
  MPI_Type_free(&vec3_type);
  free(pos);
  free(mine);
  free(vel);
  free(frc);
  free(counts);
  free(displs);
  MPI_Finalize();
  return ok ? 0 : 1;
}
