/* Requests completed by MPI_Test, MPI_Testall, MPI_Testany, MPI_Waitany
 * and MPI_Waitsome loops.
 *
 * Correct: each round posts a ring exchange and completes it with a
 * different completion call, looping until it says every request is
 * done; an MPI_Ibarrier and an MPI_Iallreduce are completed by an
 * MPI_Test loop and by MPI_Wait.  Silent at compile time, clean at run
 * time.
 *
 * description: MPI_Test/Testall/Testany/Waitany/Waitsome loops, MPI_Ibarrier and MPI_Iallreduce completed
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>

static void ring(int rank, int size, int tag, int *got, MPI_Request r[2])
{
  static int mine[8];
  mine[tag] = rank + tag;
  MPI_Irecv(got, 1, MPI_INT, (rank + size - 1) % size, tag, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(&mine[tag], 1, MPI_INT, (rank + 1) % size, tag, MPI_COMM_WORLD, &r[1]);
}

int main(int argc, char **argv)
{
  int rank, size, got, flag, index, outcount, indices[2], done, sum = 0, one = 1;
  MPI_Request r[2], single;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  ring(rank, size, 0, &got, r);
  for (done = 0; done < 2; done++) {
    flag = 0;
    while (!flag)
      MPI_Test(&r[done], &flag, MPI_STATUS_IGNORE);
  }

  ring(rank, size, 1, &got, r);
  flag = 0;
  while (!flag)
    MPI_Testall(2, r, &flag, MPI_STATUSES_IGNORE);

  ring(rank, size, 2, &got, r);
  for (done = 0; done < 2;) {
    MPI_Testany(2, r, &index, &flag, MPI_STATUS_IGNORE);
    if (flag && index != MPI_UNDEFINED)
      done++;
  }

  ring(rank, size, 3, &got, r);
  for (done = 0; done < 2; done++)
    MPI_Waitany(2, r, &index, MPI_STATUS_IGNORE);

  ring(rank, size, 4, &got, r);
  for (done = 0; done < 2; done += outcount)
    MPI_Waitsome(2, r, &outcount, indices, MPI_STATUSES_IGNORE);

  ring(rank, size, 5, &got, r);
  for (done = 0; done < 2;) {
    MPI_Testsome(2, r, &outcount, indices, MPI_STATUSES_IGNORE);
    done += outcount;
  }
  if (got != (rank + size - 1) % size + 5)
    MPI_Abort(MPI_COMM_WORLD, 1);

  MPI_Ibarrier(MPI_COMM_WORLD, &single);
  flag = 0;
  while (!flag)
    MPI_Test(&single, &flag, MPI_STATUS_IGNORE);
  MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &single);
  MPI_Wait(&single, MPI_STATUS_IGNORE);
  if (sum != size)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Finalize();
  return 0;
}
