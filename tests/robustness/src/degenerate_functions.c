/* Robustness: empty functions, functions without a return statement,
 * functions that only return, a collective as the only statement, a
 * non-void function falling off its end, K&R-style definitions, static
 * inline and always_inline helpers, nested functions (GNU C), statement
 * expressions, VLAs and alloca. */
#include <mpi.h>
#include <alloca.h>

void empty(void)
{
}

void only_return(void)
{
  return;
}

void only_collective(void)
{
  MPI_Barrier(MPI_COMM_WORLD);
}

#pragma GCC diagnostic ignored "-Wreturn-type"
int no_return_statement(int rank)
{
  if (rank)
    MPI_Barrier(MPI_COMM_WORLD);
}

int kr_style(rank, comm)
  int rank;
  MPI_Comm comm;
{
  if (rank)
    return MPI_Barrier(comm);
  return 0;
}

static inline int helper(MPI_Comm comm, int x)
{
  if (x)
    MPI_Barrier(comm);
  return x;
}

__attribute__((always_inline)) static inline int forced(int x)
{
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return x;
}

int uses_helpers(int x)
{
  return helper(MPI_COMM_WORLD, x) + forced(x);
}

int nested_function(int rank)
{
  int inner(int y)
  {
    if (y > rank)
      MPI_Barrier(MPI_COMM_WORLD);
    return y;
  }
  return inner(rank) + inner(rank + 1);
}

int statement_expression(int rank)
{
  int x = ({
    int t = rank;
    if (t)
      MPI_Barrier(MPI_COMM_WORLD);
    t * 2;
  });
  return x;
}

int vla_and_alloca(int n, int rank)
{
  int v[n > 0 ? n : 1];
  int *a = alloca(sizeof(int) * (n > 0 ? n : 1));
  v[0] = a[0] = rank;
  if (rank)
    MPI_Allreduce(MPI_IN_PLACE, v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, a, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return v[0] + a[0];
}

/* Recursion with a collective. */
int recursive(int n)
{
  if (n <= 0)
    return 0;
  MPI_Barrier(MPI_COMM_WORLD);
  return recursive(n - 1) + 1;
}

/* Varargs function with a collective. */
#include <stdarg.h>
int variadic(int count, ...)
{
  va_list ap;
  int i, s = 0;
  va_start(ap, count);
  for (i = 0; i < count; i++)
    s += va_arg(ap, int);
  va_end(ap);
  if (s)
    MPI_Barrier(MPI_COMM_WORLD);
  return s;
}

/* MPI_Init / MPI_Finalize in a non-main function, and a main. */
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  if (argc > 1)
    only_collective();
  MPI_Finalize();
}
