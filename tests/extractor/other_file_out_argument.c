/* Out-arguments of functions of other files (cross_file_values.h,
 * out_argument_key): what they leave behind the address of a local
 * holding no address is for the link step to judge; anything else the
 * address reaches (a record holding a pointer, a variable whose address
 * is also stored where other code can reach it) may differ here.  The
 * call replaces what the local held (a strong update). */
#include <mpi.h>

void read_count(int *count);
struct pair { int n; double x; };
void read_pair(struct pair *p);
struct holder { int *where; int n; };
void read_holder(struct holder *h);
int *registry;

int main(int argc, char **argv) {
  int rank, n = 0, kept = 0, stored = 0;
  struct pair p;
  struct holder h = {&kept, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  read_count(&n);
  if (n > 0) /* value-flow: link-step */
    MPI_Barrier(MPI_COMM_WORLD);
  read_pair(&p);
  if (p.n > 1) /* value-flow: link-step */
    MPI_Barrier(MPI_COMM_WORLD);
  read_holder(&h);
  if (h.n > 2) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
  registry = &stored;
  read_count(&stored);
  if (stored > 3) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
  /* What read_count leaves, whatever n held: where it may leave n as it
     was, its summary says so through its parameter's key, which the link
     step judges with this call's rank. */
  n = rank;
  read_count(&n);
  if (n > 4) /* value-flow: link-step */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
