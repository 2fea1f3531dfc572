/* Correct: a 1-D diffusion code with a persistent halo exchange.  The
 * four persistent requests (receive from each neighbour, send to each)
 * are created once before the time loop; every step starts them with
 * MPI_Startall, updates the interior (which touches neither the ghost
 * cells being received nor the boundary cells being sent), completes them
 * with MPI_Waitall and then updates the two boundary cells.  After the
 * loop the requests are freed with MPI_Request_free.  The ends of the
 * domain use MPI_PROC_NULL.  The result is compared with the same
 * computation done serially on every rank.  Silent, runs clean.
 *
 * description: persistent halo exchange: MPI_Send_init/MPI_Recv_init once, MPI_Startall + interior update + MPI_Waitall in a time loop, MPI_Request_free after it, MPI_PROC_NULL ends: silent, runs clean
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run: 1 ok
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NLOC 20
#define STEPS 50

int main(int argc, char **argv)
{
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
  const double nu = 0.25;

  double *u = malloc((NLOC + 2) * sizeof *u);
  double *unew = malloc((NLOC + 2) * sizeof *unew);
  for (int i = 0; i < NLOC + 2; i++)
    u[i] = 0.0;
  for (int i = 1; i <= NLOC; i++)
    u[i] = (double)((rank * NLOC + i - 1) % 7);

  MPI_Request halo[4];
  MPI_Recv_init(&u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &halo[0]);
  MPI_Recv_init(&u[NLOC + 1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD,
                &halo[1]);
  MPI_Send_init(&u[1], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &halo[2]);
  MPI_Send_init(&u[NLOC], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD,
                &halo[3]);

  for (int step = 0; step < STEPS; step++) {
    MPI_Startall(4, halo);
    for (int i = 2; i < NLOC; i++)
      unew[i] = u[i] + nu * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    MPI_Waitall(4, halo, MPI_STATUSES_IGNORE);
    unew[1] = u[1] + nu * (u[0] - 2.0 * u[1] + u[2]);
    unew[NLOC] = u[NLOC] + nu * (u[NLOC - 1] - 2.0 * u[NLOC] + u[NLOC + 1]);
    for (int i = 1; i <= NLOC; i++)
      u[i] = unew[i];
  }
  for (int k = 0; k < 4; k++)
    MPI_Request_free(&halo[k]);

  /* the same serially */
  int n = NLOC * nprocs;
  double *g = calloc(n + 2, sizeof *g), *gn = calloc(n + 2, sizeof *gn);
  for (int i = 1; i <= n; i++)
    g[i] = (double)((i - 1) % 7);
  for (int step = 0; step < STEPS; step++) {
    for (int i = 1; i <= n; i++)
      gn[i] = g[i] + nu * (g[i - 1] - 2.0 * g[i] + g[i + 1]);
    for (int i = 1; i <= n; i++)
      g[i] = gn[i];
  }
  int errors = 0;
  for (int i = 1; i <= NLOC; i++)
    if (fabs(u[i] - g[rank * NLOC + i]) > 1e-12)
      errors++;

  int all;
  MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (all) {
    if (rank == 0)
      fprintf(stderr, "%d errors\n", all);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  free(g);
  free(gn);
  free(u);
  free(unew);
  MPI_Finalize();
  return 0;
}
