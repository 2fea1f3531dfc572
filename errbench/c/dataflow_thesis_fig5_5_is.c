/* Thesis figure 5.5 (NAS IS v3.2, function main): a test on the
 * communicator size, far from the reduction it used to be blamed for.
 *
 * Correct: if there are too many processes, rank 0 prints a message and
 * every process calls MPI_Finalize and exits: `comm_size' comes from
 * MPI_Comm_size, so every process takes the same branch.  The
 * thesis' control-flow analysis warns at the MPI_Reduce at the end
 * because of that `if' (section 5.3); with the value flow the test is
 * proved uniform and nothing is reported.  The ranking loop runs a
 * constant number of iterations and its MPI_Alltoall is called by all.
 *
 * description: thesis fig. 5.5 (NAS IS): exit on a comm_size test, reduction much later: no warning, runs
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_PROCS 64
#define MAX_ITERATIONS 10
#define KEYS_PER_PROC 256

static int key_array[KEYS_PER_PROC];
static int send_count[MAX_PROCS], recv_count[MAX_PROCS];

static void create_seq(int seed)
{
  int i;

  for (i = 0; i < KEYS_PER_PROC; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    key_array[i] = seed % 1024;
  }
}

static void rank_keys(int iteration, int comm_size)
{
  int i;

  key_array[iteration] = iteration;
  key_array[iteration + MAX_ITERATIONS] = 1024 - iteration;
  for (i = 0; i < comm_size; i++)
    send_count[i] = 0;
  for (i = 0; i < KEYS_PER_PROC; i++)
    send_count[key_array[i] * comm_size / 1024]++;
  MPI_Alltoall(send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int my_rank, comm_size, iteration;
  double timecounter, maxtime;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &comm_size);

  /* Check to see whether total number of processes is within bounds. */
  if (comm_size > MAX_PROCS) {
    if (my_rank == 0)
      printf("\n ERROR: number of processes %d exceeds maximum %d\n"
             " Exiting program!\n\n",
             comm_size, MAX_PROCS);
    MPI_Finalize();
    exit(1);
  }

  create_seq(314159265 + my_rank);
  timecounter = MPI_Wtime();
  rank_keys(1, comm_size);
  for (iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
    if (my_rank == 0)
      printf("        %d\n", iteration);
    rank_keys(iteration, comm_size);
  }
  timecounter = MPI_Wtime() - timecounter;

  /* End of timing, obtain maximum time of all processors */
  MPI_Reduce(&timecounter, &maxtime, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (my_rank == 0)
    printf(" Time in seconds: %g\n", maxtime);
  MPI_Finalize();
  return 0;
}
