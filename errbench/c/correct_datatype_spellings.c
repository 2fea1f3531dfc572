/* Correct: the processes give one type signature in different spellings.
 *
 * Rank 0 broadcasts 4 MPI_INT, odd ranks receive 2 elements of a
 * contiguous pair of MPI_INT32_T, the others one vector of 2 blocks of 2
 * MPI_INT; then an MPI_Allreduce of MPI_LONG_LONG on some ranks and
 * MPI_INT64_T on the others.  The standard's type signatures are equal
 * (the sequence of basic types, MPI_INT and MPI_INT32_T being one class
 * here), so the checks of instrument=all must let every run through.
 *
 * description: one type signature spelled with derived and fixed-size types: no stop
 * plugin-args: instrument=all
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, data[6] = {0};
  long long sum, one = 1;
  MPI_Datatype pair, vec;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Type_contiguous(2, MPI_INT32_T, &pair);
  MPI_Type_commit(&pair);
  MPI_Type_vector(2, 2, 3, MPI_INT, &vec);
  MPI_Type_commit(&vec);
  if (rank == 0) {
    data[0] = 1; data[1] = 2; data[2] = 3; data[3] = 4;
  }
  MPI_Bcast(data, rank == 0 ? 4 : rank % 2 ? 2 : 1,
            rank == 0 ? MPI_INT : rank % 2 ? pair : vec, 0, MPI_COMM_WORLD);
  MPI_Allreduce(&one, &sum, 1, rank % 2 ? MPI_INT64_T : MPI_LONG_LONG, MPI_SUM,
                MPI_COMM_WORLD);
  if (rank == 0)
    printf("sum %lld\n", sum);
  MPI_Type_free(&vec);
  MPI_Type_free(&pair);
  MPI_Finalize();
  return 0;
}
