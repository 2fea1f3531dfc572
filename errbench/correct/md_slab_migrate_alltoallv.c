/* A particle mini-app (pure MPI, C): a periodic 1-D box cut into slabs,
 * one per process.  Particles start on a lattice perturbed by a hash of
 * their global id (the same whatever the process count).  Each step
 * exchanges ghost particles with both neighbours (counts by MPI_Sendrecv
 * first, then the positions), builds a neighbour list within a cutoff,
 * computes soft repulsive forces and moves the particles; every few steps
 * particles that left their slab migrate to their owner: counts by
 * MPI_Alltoall, displacements summed locally, then MPI_Alltoallv.  Energy
 * and the particle count are reduced with MPI_Allreduce; the count must be
 * conserved (MPI_Abort otherwise), rank 0 prints.  Local particle counts
 * differ between processes; no collective depends on them.
 *
 * description: MD mini-app: slab decomposition, ghost exchange with counts first, neighbour lists, migration by Alltoall of counts then Alltoallv, conserved count checked after Allreduce
 * expect-run: 2 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARTICLES_PER_RANK 48
#define BOX_PER_RANK 12.0
#define CUTOFF 1.5
#define STEPS 40
#define MIGRATE_EVERY 5

typedef struct { double x, v, f; int id; } particle_t;

typedef struct {
  MPI_Comm comm;
  int rank, size, left, right;
  double lo, hi, box;
  particle_t *p;
  int n, capacity;
  double *ghost_x;
  int nghost;
  int *neighbour_start, *neighbour_list;
} system_t;

static double hash_unit(int id)
{
  unsigned h = (unsigned)id * 2654435761u;
  h ^= h >> 15;
  return (h % 1000) / 1000.0;
}

static void reserve(system_t *s, int n)
{
  if (n > s->capacity) {
    s->capacity = 2 * n;
    s->p = realloc(s->p, s->capacity * sizeof *s->p);
  }
}

static double wrap(double x, double box)
{
  while (x < 0.0) x += box;
  while (x >= box) x -= box;
  return x;
}

static int owner_of(const system_t *s, double x)
{
  int owner = (int)(x / (s->box / s->size));
  return owner >= s->size ? s->size - 1 : owner;
}

/* Positions within CUTOFF of a slab edge go to that neighbour, shifted
 * across the periodic boundary when needed. */
static void exchange_ghosts(system_t *s)
{
  double *to_left = malloc(s->n * sizeof(double)), *to_right = malloc(s->n * sizeof(double));
  int nleft = 0, nright = 0, from_left, from_right;
  for (int i = 0; i < s->n; i++) {
    if (s->p[i].x - s->lo < CUTOFF)
      to_left[nleft++] = s->rank == 0 ? s->p[i].x + s->box : s->p[i].x;
    if (s->hi - s->p[i].x < CUTOFF)
      to_right[nright++] = s->rank == s->size - 1 ? s->p[i].x - s->box : s->p[i].x;
  }
  MPI_Sendrecv(&nleft, 1, MPI_INT, s->left, 0, &from_right, 1, MPI_INT, s->right, 0, s->comm,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(&nright, 1, MPI_INT, s->right, 1, &from_left, 1, MPI_INT, s->left, 1, s->comm,
               MPI_STATUS_IGNORE);
  s->nghost = from_left + from_right;
  s->ghost_x = realloc(s->ghost_x, (s->nghost + 1) * sizeof(double));
  MPI_Sendrecv(to_left, nleft, MPI_DOUBLE, s->left, 2, s->ghost_x, from_right, MPI_DOUBLE,
               s->right, 2, s->comm, MPI_STATUS_IGNORE);
  MPI_Sendrecv(to_right, nright, MPI_DOUBLE, s->right, 3, s->ghost_x + from_right, from_left,
               MPI_DOUBLE, s->left, 3, s->comm, MPI_STATUS_IGNORE);
  free(to_left);
  free(to_right);
}

static void build_neighbour_list(system_t *s)
{
  int total = s->n + s->nghost;
  s->neighbour_start = realloc(s->neighbour_start, (s->n + 1) * sizeof(int));
  s->neighbour_list = realloc(s->neighbour_list, (s->n * total + 1) * sizeof(int));
  int count = 0;
  for (int i = 0; i < s->n; i++) {
    s->neighbour_start[i] = count;
    for (int j = 0; j < total; j++) {
      double xj = j < s->n ? s->p[j].x : s->ghost_x[j - s->n];
      double d = s->p[i].x - xj;
      if (j != i && d < CUTOFF && d > -CUTOFF)
        s->neighbour_list[count++] = j;
    }
  }
  s->neighbour_start[s->n] = count;
}

static double compute_forces(system_t *s)
{
  double energy = 0.0;
  for (int i = 0; i < s->n; i++) {
    s->p[i].f = 0.0;
    for (int k = s->neighbour_start[i]; k < s->neighbour_start[i + 1]; k++) {
      int j = s->neighbour_list[k];
      double xj = j < s->n ? s->p[j].x : s->ghost_x[j - s->n];
      double d = s->p[i].x - xj, overlap = CUTOFF - (d > 0 ? d : -d);
      s->p[i].f += (d > 0 ? 1.0 : -1.0) * overlap;
      energy += 0.25 * overlap * overlap;   /* each pair is seen from both sides */
    }
  }
  return energy;
}

static void migrate(system_t *s)
{
  int *send_counts = calloc(s->size, sizeof(int)), *recv_counts = malloc(s->size * sizeof(int));
  int *send_displs = malloc(s->size * sizeof(int)), *recv_displs = malloc(s->size * sizeof(int));
  for (int i = 0; i < s->n; i++)
    send_counts[owner_of(s, s->p[i].x)]++;
  MPI_Alltoall(send_counts, 1, MPI_INT, recv_counts, 1, MPI_INT, s->comm);
  int nsend = 0, nrecv = 0;
  for (int r = 0; r < s->size; r++) {
    send_displs[r] = nsend;
    recv_displs[r] = nrecv;
    nsend += send_counts[r];
    nrecv += recv_counts[r];
  }
  particle_t *packed = malloc((nsend + 1) * sizeof *packed);
  int *fill = calloc(s->size, sizeof(int));
  for (int i = 0; i < s->n; i++) {
    int r = owner_of(s, s->p[i].x);
    packed[send_displs[r] + fill[r]++] = s->p[i];
  }
  MPI_Datatype particle_type;
  MPI_Type_contiguous(sizeof(particle_t), MPI_BYTE, &particle_type);
  MPI_Type_commit(&particle_type);
  reserve(s, nrecv);
  MPI_Alltoallv(packed, send_counts, send_displs, particle_type, s->p, recv_counts, recv_displs,
                particle_type, s->comm);
  MPI_Type_free(&particle_type);
  s->n = nrecv;
  free(packed); free(fill);
  free(send_counts); free(recv_counts); free(send_displs); free(recv_displs);
}

int main(int argc, char **argv)
{
  system_t s;
  memset(&s, 0, sizeof s);
  MPI_Init(&argc, &argv);
  s.comm = MPI_COMM_WORLD;
  MPI_Comm_rank(s.comm, &s.rank);
  MPI_Comm_size(s.comm, &s.size);
  s.left = (s.rank + s.size - 1) % s.size;
  s.right = (s.rank + 1) % s.size;
  s.box = BOX_PER_RANK * s.size;
  s.lo = BOX_PER_RANK * s.rank;
  s.hi = s.lo + BOX_PER_RANK;
  const int total_particles = PARTICLES_PER_RANK * s.size;

  reserve(&s, PARTICLES_PER_RANK);
  for (int i = 0; i < PARTICLES_PER_RANK; i++) {
    int id = s.rank * PARTICLES_PER_RANK + i;
    double spacing = s.box / total_particles;
    s.p[i].id = id;
    s.p[i].x = wrap((id + 0.5) * spacing + 0.3 * spacing * (hash_unit(id) - 0.5), s.box);
    s.p[i].v = 0.05 * (hash_unit(id + 7919) - 0.5);
  }
  s.n = PARTICLES_PER_RANK;
  migrate(&s);

  const double dt = 0.05;
  double energy = 0.0;
  for (int step = 1; step <= STEPS; step++) {
    exchange_ghosts(&s);
    build_neighbour_list(&s);
    double local_energy = compute_forces(&s);
    for (int i = 0; i < s.n; i++) {
      s.p[i].v += dt * s.p[i].f;
      s.p[i].x = wrap(s.p[i].x + dt * s.p[i].v, s.box);
      local_energy += 0.5 * s.p[i].v * s.p[i].v;
    }
    if (step % MIGRATE_EVERY == 0) {
      migrate(&s);
      int count;
      MPI_Allreduce(&s.n, &count, 1, MPI_INT, MPI_SUM, s.comm);
      if (count != total_particles) {
        fprintf(stderr, "rank %d: %d particles, expected %d\n", s.rank, count, total_particles);
        MPI_Abort(s.comm, 3);
      }
    }
    MPI_Allreduce(&local_energy, &energy, 1, MPI_DOUBLE, MPI_SUM, s.comm);
    if (s.rank == 0 && step % 10 == 0)
      printf("step %3d  energy %.6f\n", step, energy);
  }

  long id_sum = 0, expected = (long)total_particles * (total_particles - 1) / 2, global_sum;
  for (int i = 0; i < s.n; i++)
    id_sum += s.p[i].id;
  MPI_Reduce(&id_sum, &global_sum, 1, MPI_LONG, MPI_SUM, 0, s.comm);
  if (s.rank == 0) {
    if (global_sum != expected) {
      fprintf(stderr, "particle ids lost: %ld != %ld\n", global_sum, expected);
      MPI_Abort(s.comm, 4);
    }
    printf("md: %d particles on %d processes, final energy %.6f\n", total_particles, s.size, energy);
  }
  free(s.p); free(s.ghost_x); free(s.neighbour_start); free(s.neighbour_list);
  MPI_Finalize();
  return 0;
}
