/* NAS IS-like integer sort (pure MPI, C): every process generates its keys
 * with a seed derived from its rank, counts them into buckets, the bucket
 * counts are summed with MPI_Allreduce and exchanged with MPI_Alltoall, the
 * keys move with MPI_Alltoallv (displacements computed on every process),
 * then a partial verification across neighbours (MPI_Sendrecv of the
 * boundary key) and a global MPI_Reduce of the failure count.  Timers are
 * reduced to rank 0 with MPI_Reduce(MPI_MAX) and only rank 0 prints.
 * Ten ranked iterations as in the benchmark.  Nothing to warn, nothing to
 * stop.
 *
 * description: NAS IS-like bucket sort: Allreduce/Alltoall of bucket counts, Alltoallv of keys, neighbour Sendrecv verification, timers reduced to rank 0
 * expect-run: 2 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TOTAL_KEYS_LOG 14
#define MAX_KEY_LOG 11
#define MAX_ITERATIONS 10
#define NUM_BUCKETS 64

static int my_rank, comm_size;
static int num_keys;
static int *key_array, *key_buff1, *key_buff2;
static int bucket_size[NUM_BUCKETS], bucket_size_totals[NUM_BUCKETS];
static int send_count[1024], send_displ[1024], recv_count[1024], recv_displ[1024];
static double timer_start[4], timer_elapsed[4];

static void timer_clear(int n) { timer_elapsed[n] = 0.0; }
static void timer_begin(int n) { timer_start[n] = MPI_Wtime(); }
static void timer_stop(int n) { timer_elapsed[n] += MPI_Wtime() - timer_start[n]; }

static double randlc(unsigned long *seed)
{
  *seed = (*seed * 1103515245UL + 12345UL) & 0x7fffffffUL;
  return (double)*seed / 2147483648.0;
}

static void create_seq(unsigned long seed)
{
  int k = 1 << MAX_KEY_LOG;
  for (int i = 0; i < num_keys; i++) {
    double x = randlc(&seed) + randlc(&seed) + randlc(&seed) + randlc(&seed);
    key_array[i] = (int)(k * x / 4.0);
    if (key_array[i] >= k)
      key_array[i] = k - 1;
  }
}

static int rank_keys(int iteration)
{
  int shift = MAX_KEY_LOG - 6; /* 64 buckets */
  int i, j, total;

  key_array[iteration] = iteration;
  key_array[iteration + MAX_ITERATIONS] = (1 << MAX_KEY_LOG) - iteration - 1;

  for (i = 0; i < NUM_BUCKETS; i++)
    bucket_size[i] = 0;
  for (i = 0; i < num_keys; i++)
    bucket_size[key_array[i] >> shift]++;

  timer_begin(1);
  MPI_Allreduce(bucket_size, bucket_size_totals, NUM_BUCKETS, MPI_INT,
                MPI_SUM, MPI_COMM_WORLD);
  timer_stop(1);

  /* buckets are dealt to processes in contiguous blocks */
  int per_proc = NUM_BUCKETS / comm_size;
  for (i = 0; i < comm_size; i++)
    send_count[i] = 0;
  for (i = 0; i < NUM_BUCKETS; i++) {
    int owner = i / per_proc;
    if (owner >= comm_size)
      owner = comm_size - 1;
    send_count[owner] += bucket_size[i];
  }
  send_displ[0] = 0;
  for (i = 1; i < comm_size; i++)
    send_displ[i] = send_displ[i - 1] + send_count[i - 1];

  /* sort locally into buckets by destination */
  int *pos = malloc(comm_size * sizeof *pos);
  for (i = 0; i < comm_size; i++)
    pos[i] = send_displ[i];
  for (i = 0; i < num_keys; i++) {
    int owner = (key_array[i] >> shift) / per_proc;
    if (owner >= comm_size)
      owner = comm_size - 1;
    key_buff1[pos[owner]++] = key_array[i];
  }
  free(pos);

  timer_begin(2);
  MPI_Alltoall(send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
  recv_displ[0] = 0;
  for (i = 1; i < comm_size; i++)
    recv_displ[i] = recv_displ[i - 1] + recv_count[i - 1];
  total = recv_displ[comm_size - 1] + recv_count[comm_size - 1];
  MPI_Alltoallv(key_buff1, send_count, send_displ, MPI_INT, key_buff2,
                recv_count, recv_displ, MPI_INT, MPI_COMM_WORLD);
  timer_stop(2);

  /* counting sort of the received keys */
  int k = 1 << MAX_KEY_LOG;
  int *hist = calloc(k, sizeof *hist);
  for (i = 0; i < total; i++)
    hist[key_buff2[i]]++;
  j = 0;
  for (i = 0; i < k; i++)
    while (hist[i]-- > 0)
      key_buff2[j++] = i;
  free(hist);
  return total;
}

static int full_verify(int total)
{
  int failures = 0, i;
  for (i = 1; i < total; i++)
    if (key_buff2[i - 1] > key_buff2[i])
      failures++;

  /* the last key of the left neighbour must not exceed my first key */
  int last = total > 0 ? key_buff2[total - 1] : -1;
  int left_last = -1;
  int left = my_rank > 0 ? my_rank - 1 : MPI_PROC_NULL;
  int right = my_rank < comm_size - 1 ? my_rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(&last, 1, MPI_INT, right, 1000, &left_last, 1, MPI_INT, left,
               1000, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (my_rank > 0 && total > 0 && left_last > key_buff2[0])
    failures++;

  int total_failures = 0;
  MPI_Reduce(&failures, &total_failures, 1, MPI_INT, MPI_SUM, 0,
             MPI_COMM_WORLD);
  return total_failures;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &comm_size);

  if (NUM_BUCKETS % comm_size != 0) {
    if (my_rank == 0)
      fprintf(stderr, "number of processes must divide %d\n", NUM_BUCKETS);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  num_keys = (1 << TOTAL_KEYS_LOG) / comm_size;
  key_array = malloc(num_keys * sizeof(int));
  key_buff1 = malloc(num_keys * sizeof(int));
  key_buff2 = malloc((1 << TOTAL_KEYS_LOG) * sizeof(int));
  create_seq(314159265UL + 2UL * my_rank);

  for (int t = 0; t < 4; t++)
    timer_clear(t);

  rank_keys(1); /* warm-up, as NAS does */
  for (int t = 0; t < 4; t++)
    timer_clear(t);

  int total = 0;
  timer_begin(0);
  for (int iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
    if (my_rank == 0)
      printf("        %d\n", iteration);
    total = rank_keys(iteration);
  }
  timer_stop(0);

  int failures = full_verify(total);

  double tmax[4];
  MPI_Reduce(timer_elapsed, tmax, 4, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  int status = 0;
  if (my_rank == 0) {
    printf(" IS benchmark completed, %d processes, %.3f s (alltoall %.3f s)\n",
           comm_size, tmax[0], tmax[2]);
    if (failures != 0) {
      printf(" Verification FAILED: %d\n", failures);
      status = 1;
    } else
      printf(" Verification = SUCCESSFUL\n");
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);

  free(key_array);
  free(key_buff1);
  free(key_buff2);
  MPI_Finalize();
  return status;
}
