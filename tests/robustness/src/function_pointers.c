/* Robustness: MPI collectives called through function pointers (not
 * analysed, must not crash), PMPI_ names, collectives in expressions and
 * as arguments. */
#include <mpi.h>

typedef int (*comm_fn)(MPI_Comm);

int through_pointer(MPI_Comm comm, int rank)
{
  int (*f)(MPI_Comm) = MPI_Barrier;
  if (rank)
    f(comm);
  return f(comm);
}

static comm_fn table[] = {MPI_Barrier, PMPI_Barrier};

int through_table(MPI_Comm comm, int which)
{
  return table[which & 1](comm);
}

int pick(int rank, comm_fn *out)
{
  *out = rank ? MPI_Barrier : PMPI_Barrier;
  return (*out)(MPI_COMM_WORLD);
}

int pmpi_direct(int rank)
{
  if (rank)
    PMPI_Barrier(MPI_COMM_WORLD);
  return MPI_Barrier(MPI_COMM_WORLD);
}

/* Collectives whose results are used in conditions and expressions. */
int in_expressions(int rank)
{
  int err = 0, x = rank;
  if (MPI_Barrier(MPI_COMM_WORLD) != MPI_SUCCESS)
    return -1;
  err = MPI_Barrier(MPI_COMM_WORLD) + MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  err |= rank ? MPI_Barrier(MPI_COMM_WORLD) : MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  while (MPI_Barrier(MPI_COMM_WORLD) != MPI_SUCCESS && x-- > 0)
    ;
  return err || (rank && MPI_Barrier(MPI_COMM_WORLD));
}

static int use(int err) { return err; }

int as_arguments(void)
{
  return use(MPI_Barrier(MPI_COMM_WORLD)) + use(use(MPI_Barrier(MPI_COMM_WORLD)));
}

/* A local function with the name of a collective in another scope: a
 * static function named like an MPI routine would be a user error, so use
 * a struct member instead. */
struct ops {
  int (*barrier)(MPI_Comm);
  int (*bcast)(void *, int, MPI_Datatype, int, MPI_Comm);
};

int through_struct(struct ops *o, MPI_Comm comm, int x)
{
  if (x)
    o->barrier(comm);
  return o->bcast(&x, 1, MPI_INT, 0, comm);
}
