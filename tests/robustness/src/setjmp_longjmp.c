/* Robustness: setjmp/longjmp (abnormal edges) around collectives. */
#include <mpi.h>
#include <setjmp.h>

static jmp_buf env;
static void *builtin_buf[5];

static void fail(int code)
{
  longjmp(env, code);
}

int guarded(int rank)
{
  volatile int tries = 0;
  int code = setjmp(env);
  if (code != 0) {
    tries++;
    if (tries > 3)
      return -code;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == tries)
    fail(tries + 1);
  MPI_Allreduce(MPI_IN_PLACE, (void *)&tries, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return tries;
}

int nested_setjmp(int x)
{
  jmp_buf local;
  if (setjmp(local) == 0) {
    MPI_Barrier(MPI_COMM_WORLD);
    if (x)
      longjmp(local, 1);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (__builtin_setjmp(builtin_buf) == 0)
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return x;
}

int sigsetjmp_loop(int n)
{
  sigjmp_buf buf;
  volatile int i = 0;
  sigsetjmp(buf, 1);
  while (i < n) {
    MPI_Barrier(MPI_COMM_WORLD);
    i++;
    if (i == 2)
      siglongjmp(buf, 1);
  }
  return i;
}
