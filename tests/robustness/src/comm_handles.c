/* Robustness: communicators taken from struct fields, arrays, pointers,
 * globals, volatile variables, function results, conditional expressions;
 * collectives under conditions so that these functions are instrumented. */
#include <mpi.h>

struct grid {
  MPI_Comm row, col;
  MPI_Comm levels[4];
  struct grid *parent;
};

MPI_Comm global_comm = MPI_COMM_NULL;
static MPI_Comm comms[8];
volatile MPI_Comm volatile_comm;

MPI_Comm current_comm(void) { return global_comm; }

int from_fields(struct grid *g, int rank)
{
  if (rank % 2)
    MPI_Barrier(g->row);
  MPI_Barrier(g->col);
  if (g->parent)
    MPI_Barrier(g->parent->row);
  return 0;
}

int from_arrays(struct grid *g, int level, int rank)
{
  int i;
  for (i = 0; i < level; i++)
    MPI_Barrier(g->levels[i]);
  if (rank)
    MPI_Allreduce(MPI_IN_PLACE, &i, 1, MPI_INT, MPI_SUM, comms[rank & 7]);
  return i;
}

int from_pointer(const MPI_Comm *comm, int rank)
{
  if (rank)
    MPI_Barrier(*comm);
  return MPI_Barrier(comm[0]);
}

int from_globals(int rank)
{
  if (rank)
    MPI_Barrier(global_comm);
  MPI_Barrier(volatile_comm);
  MPI_Barrier(current_comm());
  return MPI_Barrier(rank ? global_comm : MPI_COMM_WORLD);
}

int split_and_free(int rank)
{
  MPI_Comm sub, dup;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &sub);
  if (rank % 2)
    MPI_Comm_dup(sub, &dup);
  else
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  if (rank > 2)
    MPI_Barrier(dup);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&sub);
  return 0;
}

int struct_by_value(struct grid g, int rank)
{
  if (rank)
    return MPI_Barrier(g.row);
  return MPI_Barrier(g.levels[rank & 3]);
}

/* Windows and files: handles by value and by address. */
int windows_and_files(MPI_Comm comm, int rank)
{
  MPI_Win win;
  MPI_File fh;
  int buf[4];
  MPI_Win_create(buf, sizeof buf, sizeof buf[0], MPI_INFO_NULL, comm, &win);
  if (rank)
    MPI_Win_fence(0, win);
  MPI_Win_free(&win);
  if (rank == 0)
    return 0;
  MPI_File_open(comm, "x", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  MPI_File_read_all(fh, buf, 4, MPI_INT, MPI_STATUS_IGNORE);
  MPI_File_close(&fh);
  return 1;
}

/* Nonblocking and persistent collectives. */
int nonblocking(MPI_Comm comm, int rank)
{
  MPI_Request req[2];
  int x = rank;
  if (rank)
    MPI_Ibarrier(comm, &req[0]);
  else
    MPI_Iallreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, comm, &req[0]);
  MPI_Wait(&req[0], MPI_STATUS_IGNORE);
  MPI_Barrier_init(comm, MPI_INFO_NULL, &req[1]);
  if (x)
    MPI_Start(&req[1]);
  MPI_Request_free(&req[1]);
  return x;
}
