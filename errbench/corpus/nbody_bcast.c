/* Direct N-body integrator (leapfrog) with the all-pairs forces computed
 * by broadcasting each process' block of bodies in turn.
 *
 * Rank 0 reads the run parameters (command line or defaults), checks them
 * (MPI_Abort on a bad value), generates the initial bodies (a softened
 * random cluster with zero total momentum) and scatters them with
 * MPI_Scatterv; the parameters are broadcast first.  The bodies travel in a
 * derived datatype.  At each step every process broadcasts its block in
 * turn, in a loop bounded by the communicator size, and accumulates the
 * forces on its own bodies.  Every diag_every steps the total energy is
 * reduced (MPI_Allreduce), and rank 0 prints it.  At the end the energy
 * drift and the total momentum are checked on every process (their values
 * are allreduced, so every process takes the same branch), and rank 0
 * collects the final positions with MPI_Gatherv for a checksum.
 *
 * Correct program: the loop over roots runs nprocs times everywhere, the
 * step loop and the diagnostics test use broadcast values.
 *
 * description: direct N-body: MPI_Scatterv of rank 0's bodies, broadcast loop over roots bounded by MPI_Comm_size, energy allreduce every few steps
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SOFTENING2 1.0e-2

typedef struct {
  double pos[3];
  double vel[3];
  double mass;
} body_t;

typedef struct {
  int nbodies;
  int nsteps;
  int diag_every;
  double dt;
} run_params;

static MPI_Datatype body_type;

static void make_body_type(void)
{
  MPI_Type_contiguous(7, MPI_DOUBLE, &body_type);
  MPI_Type_commit(&body_type);
}

static double uniform(unsigned long long *state)
{
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(*state >> 11) / 9007199254740992.0;
}

/* Rank 0 only: a random cluster, centre-of-mass momentum removed. */
static void generate(body_t *all, int n)
{
  unsigned long long state = 20260101ULL;
  double p[3] = {0.0, 0.0, 0.0}, total_mass = 0.0;
  int i, d;

  for (i = 0; i < n; i++) {
    for (d = 0; d < 3; d++) {
      all[i].pos[d] = 2.0 * uniform(&state) - 1.0;
      all[i].vel[d] = 0.2 * (uniform(&state) - 0.5);
    }
    all[i].mass = (0.5 + uniform(&state)) / n;
    for (d = 0; d < 3; d++)
      p[d] += all[i].mass * all[i].vel[d];
    total_mass += all[i].mass;
  }
  for (i = 0; i < n; i++)
    for (d = 0; d < 3; d++)
      all[i].vel[d] -= p[d] / total_mass;
}

/* acc[i] = forces on the local bodies from every body; returns the local
 * bodies' share of the potential energy (each pair counted once overall). */
static double forces(const body_t *mine, int nmine, double (*acc)[3], body_t *buf,
                     const int *counts, int rank, int nprocs, MPI_Comm comm)
{
  int root, i, j, d;
  double potential = 0.0;

  memset(acc, 0, (size_t)nmine * sizeof *acc);
  for (root = 0; root < nprocs; root++) {
    if (root == rank)
      memcpy(buf, mine, (size_t)nmine * sizeof *mine);
    MPI_Bcast(buf, counts[root], body_type, root, comm);
    for (i = 0; i < nmine; i++)
      for (j = 0; j < counts[root]; j++) {
        double r[3], r2 = SOFTENING2, inv;
        for (d = 0; d < 3; d++) {
          r[d] = buf[j].pos[d] - mine[i].pos[d];
          r2 += r[d] * r[d];
        }
        inv = 1.0 / sqrt(r2);
        for (d = 0; d < 3; d++)
          acc[i][d] += buf[j].mass * r[d] * inv * inv * inv;
        if (root != rank || j != i)
          potential -= 0.5 * mine[i].mass * buf[j].mass * inv;
      }
  }
  return potential;
}

static double kinetic(const body_t *b, int n)
{
  double e = 0.0;
  int i, d;
  for (i = 0; i < n; i++)
    for (d = 0; d < 3; d++)
      e += 0.5 * b[i].mass * b[i].vel[d] * b[i].vel[d];
  return e;
}

int main(int argc, char **argv)
{
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank, nprocs, p, i, d, step, nmine, maxcount;
  int *counts, *displs, ints[3];
  run_params prm;
  body_t *all = NULL, *mine, *buf;
  double (*acc)[3];
  double energy[2], total[2], e0, e, drift, mom[3], gmom[3], checksum;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &nprocs);
  make_body_type();

  if (rank == 0) {
    prm.nbodies = argc > 1 ? atoi(argv[1]) : 384;
    prm.nsteps = argc > 2 ? atoi(argv[2]) : 40;
    prm.diag_every = argc > 3 ? atoi(argv[3]) : 10;
    prm.dt = argc > 4 ? atof(argv[4]) : 2.0e-3;
    if (prm.nbodies < nprocs || prm.nsteps < 1 || prm.diag_every < 1 || !(prm.dt > 0.0)) {
      fprintf(stderr, "nbody_bcast: bad parameters\n");
      MPI_Abort(comm, 2);
    }
  }
  ints[0] = prm.nbodies;
  ints[1] = prm.nsteps;
  ints[2] = prm.diag_every;
  MPI_Bcast(ints, 3, MPI_INT, 0, comm);
  MPI_Bcast(&prm.dt, 1, MPI_DOUBLE, 0, comm);
  prm.nbodies = ints[0];
  prm.nsteps = ints[1];
  prm.diag_every = ints[2];

  counts = malloc((size_t)nprocs * sizeof *counts);
  displs = malloc((size_t)nprocs * sizeof *displs);
  if (!counts || !displs)
    MPI_Abort(comm, 3);
  maxcount = 0;
  for (p = 0; p < nprocs; p++) {
    counts[p] = prm.nbodies / nprocs + (p < prm.nbodies % nprocs ? 1 : 0);
    displs[p] = p == 0 ? 0 : displs[p - 1] + counts[p - 1];
    if (counts[p] > maxcount)
      maxcount = counts[p];
  }
  nmine = counts[rank];
  mine = malloc((size_t)nmine * sizeof *mine);
  buf = malloc((size_t)maxcount * sizeof *buf);
  acc = malloc((size_t)nmine * sizeof *acc);
  if (!mine || !buf || !acc)
    MPI_Abort(comm, 3);

  if (rank == 0) {
    all = malloc((size_t)prm.nbodies * sizeof *all);
    if (!all)
      MPI_Abort(comm, 3);
    generate(all, prm.nbodies);
    printf("N-body: %d bodies, %d steps, %d processes\n", prm.nbodies, prm.nsteps, nprocs);
  }
  MPI_Scatterv(all, counts, displs, body_type, mine, nmine, body_type, 0, comm);

  energy[1] = forces(mine, nmine, acc, buf, counts, rank, nprocs, comm);
  energy[0] = kinetic(mine, nmine);
  MPI_Allreduce(energy, total, 2, MPI_DOUBLE, MPI_SUM, comm);
  e0 = total[0] + total[1];
  e = e0;

  for (step = 1; step <= prm.nsteps; step++) {
    for (i = 0; i < nmine; i++)
      for (d = 0; d < 3; d++) {
        mine[i].vel[d] += 0.5 * prm.dt * acc[i][d];
        mine[i].pos[d] += prm.dt * mine[i].vel[d];
      }
    energy[1] = forces(mine, nmine, acc, buf, counts, rank, nprocs, comm);
    for (i = 0; i < nmine; i++)
      for (d = 0; d < 3; d++)
        mine[i].vel[d] += 0.5 * prm.dt * acc[i][d];
    if (step % prm.diag_every == 0) {
      energy[0] = kinetic(mine, nmine);
      MPI_Allreduce(energy, total, 2, MPI_DOUBLE, MPI_SUM, comm);
      e = total[0] + total[1];
      if (rank == 0)
        printf("  step %4d  E = %.10f  kinetic %.6f\n", step, e, total[0]);
    }
  }

  for (d = 0; d < 3; d++) {
    mom[d] = 0.0;
    for (i = 0; i < nmine; i++)
      mom[d] += mine[i].mass * mine[i].vel[d];
  }
  MPI_Allreduce(mom, gmom, 3, MPI_DOUBLE, MPI_SUM, comm);
  drift = fabs((e - e0) / e0);
  if (drift > 1.0e-3 || fabs(gmom[0]) + fabs(gmom[1]) + fabs(gmom[2]) > 1.0e-10) {
    if (rank == 0)
      fprintf(stderr, "nbody_bcast: conservation violated: drift %.3e, momentum %.3e\n",
              drift, fabs(gmom[0]) + fabs(gmom[1]) + fabs(gmom[2]));
    MPI_Abort(comm, 1);
  }

  MPI_Gatherv(mine, nmine, body_type, all, counts, displs, body_type, 0, comm);
  if (rank == 0) {
    checksum = 0.0;
    for (i = 0; i < prm.nbodies; i++)
      checksum += all[i].pos[0] + 2.0 * all[i].pos[1] + 3.0 * all[i].pos[2];
    printf("energy drift %.3e, position checksum %.12f\n", drift, checksum);
    free(all);
  }

  free(acc);
  free(buf);
  free(mine);
  free(displs);
  free(counts);
  MPI_Type_free(&body_type);
  MPI_Finalize();
  return 0;
}
