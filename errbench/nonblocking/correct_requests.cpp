// C++: requests in a std::vector, a local handle across code that may
// throw, and a class that completes its request in its destructor.
//
// Correct: every request is completed before MPI_Finalize; exception
// edges must not make the analysis see a path that leaves a request
// active.  Silent at compile time, clean at run time.
//
// description: C++: std::vector of requests, RAII completion, handle across throwing code
// expect-run: 2 ok
#include <mpi.h>

#include <stdexcept>
#include <vector>

class PendingReceive {
public:
  PendingReceive(int *buffer, int from, int tag) {
    MPI_Irecv(buffer, 1, MPI_INT, from, tag, MPI_COMM_WORLD, &request_);
  }
  ~PendingReceive() { MPI_Wait(&request_, MPI_STATUS_IGNORE); }

private:
  MPI_Request request_;
};

static int checked(int value) {
  if (value < 0)
    throw std::runtime_error("negative");
  return value;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  int mine = rank, got = -1;

  std::vector<MPI_Request> requests(2);
  std::vector<int> in(1);
  MPI_Irecv(in.data(), 1, MPI_INT, prev, 0, MPI_COMM_WORLD, &requests[0]);
  MPI_Isend(&mine, 1, MPI_INT, next, 0, MPI_COMM_WORLD, &requests[1]);
  MPI_Waitall((int)requests.size(), requests.data(), MPI_STATUSES_IGNORE);

  MPI_Request request;
  MPI_Isend(&mine, 1, MPI_INT, next, 1, MPI_COMM_WORLD, &request);
  std::vector<int> scratch(16, checked(rank));
  MPI_Recv(&got, 1, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);

  {
    PendingReceive pending(&got, prev, 2);
    MPI_Send(&mine, 1, MPI_INT, next, 2, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return in[0] == prev && got == prev && scratch.size() == 16 ? 0 : 1;
}
