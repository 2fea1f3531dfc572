// C++: a neighbour-exchange class in the style of C++ application
// frameworks.  The class keeps its requests in a std::vector<MPI_Request>
// that grows with push_back as messages are posted (one std::vector<double>
// buffer per message), and completes them with an MPI_Waitsome loop that
// unpacks each message as soon as it arrives; the vector is cleared
// afterwards.  A free function takes a request by reference and waits on
// it; requests also live in a std::array member.  Values are checked.
// Silent at compile time, clean at run time.
//
// description: C++: std::vector<MPI_Request> grown by push_back and completed by an MPI_Waitsome loop, request passed by reference to a waiting helper, std::array of requests: silent, runs clean
// expect-run: 2 ok
// expect-run: 3 ok
// expect-run: 1 ok
#include <mpi.h>

#include <array>
#include <cstdio>
#include <vector>

namespace {

void wait_for(MPI_Request &req)
{
  MPI_Wait(&req, MPI_STATUS_IGNORE);
}

class NeighbourExchange {
public:
  NeighbourExchange(MPI_Comm comm, std::vector<int> peers)
      : comm_(comm), peers_(std::move(peers))
  {
    MPI_Comm_rank(comm_, &rank_);
  }

  void post(int length)
  {
    incoming_.assign(peers_.size(), std::vector<double>(length));
    outgoing_.assign(peers_.size(), std::vector<double>(length));
    for (std::size_t k = 0; k < peers_.size(); ++k) {
      for (int i = 0; i < length; ++i)
        outgoing_[k][i] = rank_ * 1000.0 + peers_[k] * 10.0 + i;
      MPI_Request r;
      MPI_Irecv(incoming_[k].data(), length, MPI_DOUBLE, peers_[k], 5, comm_,
                &r);
      requests_.push_back(r);
    }
    for (std::size_t k = 0; k < peers_.size(); ++k) {
      requests_.push_back(MPI_REQUEST_NULL);
      MPI_Isend(outgoing_[k].data(), length, MPI_DOUBLE, peers_[k], 5, comm_,
                &requests_.back());
    }
  }

  int complete()
  {
    int errors = 0;
    std::vector<int> done(requests_.size());
    int remaining = static_cast<int>(requests_.size());
    while (remaining > 0) {
      int outcount = 0;
      MPI_Waitsome(static_cast<int>(requests_.size()), requests_.data(),
                   &outcount, done.data(), MPI_STATUSES_IGNORE);
      if (outcount == MPI_UNDEFINED)
        break;
      remaining -= outcount;
      for (int j = 0; j < outcount; ++j) {
        std::size_t k = static_cast<std::size_t>(done[j]);
        if (k < peers_.size())
          errors += unpack(k);
      }
    }
    requests_.clear();
    return errors;
  }

  void start_sum(int value)
  {
    sum_in_ = value;
    MPI_Iallreduce(&sum_in_, &sum_out_, 1, MPI_INT, MPI_SUM, comm_,
                   &collectives_[0]);
    MPI_Ibarrier(comm_, &collectives_[1]);
  }

  int finish_sum()
  {
    wait_for(collectives_[0]);
    wait_for(collectives_[1]);
    return sum_out_;
  }

private:
  int unpack(std::size_t k)
  {
    int errors = 0;
    for (std::size_t i = 0; i < incoming_[k].size(); ++i)
      if (incoming_[k][i] != peers_[k] * 1000.0 + rank_ * 10.0 + i)
        ++errors;
    return errors;
  }

  MPI_Comm comm_;
  std::vector<int> peers_;
  int rank_ = 0;
  std::vector<MPI_Request> requests_;
  std::vector<std::vector<double>> incoming_, outgoing_;
  std::array<MPI_Request, 2> collectives_{{MPI_REQUEST_NULL, MPI_REQUEST_NULL}};
  int sum_in_ = 0, sum_out_ = 0;
};

} // namespace

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  std::vector<int> peers;
  for (int p = 0; p < nprocs; ++p)
    if (p != rank)
      peers.push_back(p);

  int errors = 0;
  {
    NeighbourExchange ex(MPI_COMM_WORLD, peers);
    for (int round = 1; round <= 3; ++round) {
      ex.post(8 * round);
      errors += ex.complete();
    }
    ex.start_sum(rank + 1);
    if (ex.finish_sum() != nprocs * (nprocs + 1) / 2)
      ++errors;
  }

  int all = 0;
  MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (all != 0) {
    if (rank == 0)
      std::fprintf(stderr, "%d errors\n", all);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
