// A reference member referring to a rank.
//
// What is wrong: Worker keeps a reference to main's `place', whose rank
// field MPI_Comm_rank set; Worker::finish calls MPI_Barrier on rank 0
// only (line 28).  The reference is followed to main's object: warned,
// and the run stops.
//
// description: C++ reference member to a struct holding the rank, barrier on rank 0 only
// expect-warning: 28 collective-mismatch
// expect-conditional: 27
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

struct Place {
  int rank = 0;
  int size = 1;
};

class Worker {
public:
  explicit Worker(const Place &place) : place_(place) {}

  void finish() const
  {
    if (place_.rank == 0)
      MPI_Barrier(MPI_COMM_WORLD);
    std::printf("rank %d of %d done\n", place_.rank, place_.size);
  }

private:
  const Place &place_;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  Place place;
  MPI_Comm_rank(MPI_COMM_WORLD, &place.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &place.size);
  Worker worker(place);
  worker.finish();
  MPI_Finalize();
  return 0;
}
