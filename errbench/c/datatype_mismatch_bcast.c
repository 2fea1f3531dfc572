/* The processes disagree on the datatype of an MPI_Bcast, not on its size.
 *
 * What is wrong: rank 0 broadcasts one MPI_INT, the others receive one
 * MPI_FLOAT.  Both are 4 bytes, so MPICH and Open MPI deliver the bits
 * without a word and the receivers read 42 as a tiny float; the standard
 * requires the same type signature everywhere.  The datatype depends on
 * a test of the rank, the count is 1 everywhere and the file builds no
 * derived datatype: the signatures surely differ, a collective-arguments
 * warning; the check before MPI_Bcast compares a summary of the type
 * signatures and stops the program:
 *   ... processes call it with different datatypes (type signatures):
 *   1 x 4-byte integer on rank 0, 1 x 4-byte floating-point on rank 1
 * Its correct twin, correct_datatype_spellings.c, spells one signature
 * several ways and must never stop.
 *
 * description: MPI_Bcast of MPI_INT against MPI_FLOAT (same size): warned, the check names the type signatures
 * expect-warning: 34 collective-arguments
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-stop-message: different datatypes (type signatures): 1 x 4-byte integer on rank 0, 1 x 4-byte floating-point on rank
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank;
  union { int i; float f; } value;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  value.i = 42;
  MPI_Bcast(&value, 1, rank == 0 ? MPI_INT : MPI_FLOAT, 0, MPI_COMM_WORLD); /* BUG */
  printf("rank %d got %g\n", rank, (double)value.f);
  MPI_Finalize();
  return 0;
}
