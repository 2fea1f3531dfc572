/* A particle migration step as codes write it: the send counts in a
 * calloc'd array, the receive counts in a malloc'd one that MPI_Alltoall
 * fills, the communicator and its size read from a domain struct passed
 * by pointer.  Built with -Wall -Werror: the run-time check PARCOACH
 * inserts before the collective takes the buffers' addresses, and GCC
 * took a receive buffer given to a `const void *' parameter as read
 * (-Wmaybe-uninitialized, an error here) where the plain build is
 * silent.  Nothing to warn, nothing to stop.
 *
 * description: MPI_Alltoall into a malloc'd receive buffer, communicator and size from a struct pointer, built with -Wall -Werror: the inserted check adds no GCC warning
 * compile-flags: -Wall -Werror
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  MPI_Comm comm;
  int rank, size;
} domain_t;

int migrate(const domain_t *d) {
  int processes = d->size;
  int *send_counts = calloc(processes, sizeof(int));
  int *receive_counts = malloc(processes * sizeof(int));
  for (int p = 0; p < processes; p++)
    send_counts[p] = d->rank + p;
  MPI_Alltoall(send_counts, 1, MPI_INT, receive_counts, 1, MPI_INT, d->comm);
  int arriving = 0;
  for (int p = 0; p < processes; p++)
    arriving += receive_counts[p];
  free(send_counts);
  free(receive_counts);
  return arriving;
}

int main(int argc, char **argv) {
  domain_t d;
  MPI_Init(&argc, &argv);
  d.comm = MPI_COMM_WORLD;
  MPI_Comm_rank(d.comm, &d.rank);
  MPI_Comm_size(d.comm, &d.size);
  int arriving = migrate(&d);
  printf("rank %d receives %d\n", d.rank, arriving);
  MPI_Finalize();
  return 0;
}
