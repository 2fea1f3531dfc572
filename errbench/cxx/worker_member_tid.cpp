// FUNNELED: a C++ worker object remembers its thread's number in a
// member (`tid_'), set by its constructor inside the parallel region; its
// reduce method, which every thread calls, reduces only in thread 0.
// Only the main thread calls MPI: correct.  The compiler does not follow
// the number through the member and warns at the call; at run time the
// checks stop only a thread other than the main one in MPI, or a second
// thread at the same call, so every run completes.
//
// description: FUNNELED: C++ worker whose member tid_ keeps omp_get_thread_num (); thread 0 alone reduces
// compile-flags: -fopenmp
// expect-warning: 41 thread-level
// expect-run: 2 ok threads=1
// expect-run: 2 ok threads=3
#include <mpi.h>
#include <omp.h>
#include <cstdio>
#include <vector>

class Worker {
public:
  explicit Worker(MPI_Comm comm) : comm_(comm), tid_(omp_get_thread_num()) {}
  void reduce(double *total) const {
    if (tid_ == 0)
      MPI_Allreduce(MPI_IN_PLACE, total, 1, MPI_DOUBLE, MPI_SUM, comm_);
  }

private:
  MPI_Comm comm_;
  int tid_;
};

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double total = rank + 1.0;
#pragma omp parallel
  {
    Worker worker(MPI_COMM_WORLD);
    for (int step = 0; step < 3; ++step) {
      worker.reduce(&total);
#pragma omp barrier
    }
  }
  if (rank == 0)
    std::printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
