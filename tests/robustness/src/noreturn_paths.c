/* Robustness: paths ending in exit, _Exit, abort, MPI_Abort, a user
 * noreturn function, __builtin_unreachable, __builtin_trap. */
#include <mpi.h>
#include <stdlib.h>

_Noreturn void die(const char *why)
{
  (void)why;
  MPI_Abort(MPI_COMM_WORLD, 3);
  abort(); /* not reached */
}

__attribute__((noreturn)) void finish(int code)
{
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  exit(code);
}

int with_exit(int rank)
{
  if (rank == 3)
    exit(1);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 4)
    _Exit(2);
  return 0;
}

int with_abort(int rank)
{
  if (rank < 0)
    abort();
  if (rank > 1000)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Barrier(MPI_COMM_WORLD);
  return rank;
}

int with_user_noreturn(int rank)
{
  if (rank < 0)
    die("negative");
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    finish(0);
  MPI_Barrier(MPI_COMM_WORLD);
  return 0;
}

int with_unreachable(int x)
{
  switch (x) {
  case 0:
    MPI_Barrier(MPI_COMM_WORLD);
    return 0;
  case 1:
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return x;
  default:
    __builtin_unreachable();
  }
}

int with_trap(int x)
{
  if (x < 0)
    __builtin_trap();
  MPI_Barrier(MPI_COMM_WORLD);
  return x;
}

/* Every path ends the program. */
void never_returns(int rank)
{
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank)
    exit(0);
  MPI_Abort(MPI_COMM_WORLD, 0);
}

/* MPI_Abort on a communicator from a parameter inside a loop. */
void abort_in_loop(MPI_Comm comm, int n)
{
  int i;
  for (i = 0; i < n; i++) {
    if (i == 42)
      MPI_Abort(comm, 42);
    MPI_Barrier(comm);
  }
}
