// C++: requests owned by movable RAII objects and kept in standard
// containers, as C++ codes wrap MPI.
//   - A move-only Pending class starts an MPI_Irecv or MPI_Isend in its
//     constructor and waits in its destructor; its move constructor and
//     move assignment hand the request over and leave MPI_REQUEST_NULL
//     behind; objects are emplaced and pushed into a std::vector.
//   - Receives keyed by peer in a std::map<int, MPI_Request> (the handle
//     written straight into the map's element), sends pushed into a
//     std::vector<MPI_Request>; a lambda taking a request by reference
//     waits on each map element, MPI_Waitall on the vector.
//   - std::unique_ptr<MPI_Request[]> completed by a std::function.
// Values are checked.  Silent at compile time, clean at run time.
//
// description: C++: move-only RAII request objects in a std::vector, requests in a std::map and a std::vector completed by a lambda and MPI_Waitall, std::unique_ptr<MPI_Request[]> completed by a std::function: silent, runs clean
// expect-run: 2 ok
// expect-run: 3 ok
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>
#include <map>
#include <memory>
#include <utility>
#include <vector>
#include <functional>

class Pending {
public:
  Pending() = default;
  Pending(int *buf, int n, int peer, int tag, bool recv) {
    if (recv) MPI_Irecv(buf, n, MPI_INT, peer, tag, MPI_COMM_WORLD, &req_);
    else MPI_Isend(buf, n, MPI_INT, peer, tag, MPI_COMM_WORLD, &req_);
  }
  Pending(Pending &&o) noexcept : req_(o.req_) { o.req_ = MPI_REQUEST_NULL; }
  Pending &operator=(Pending &&o) noexcept {
    if (this != &o) { wait(); req_ = o.req_; o.req_ = MPI_REQUEST_NULL; }
    return *this;
  }
  Pending(const Pending &) = delete;
  ~Pending() { wait(); }
  void wait() { if (req_ != MPI_REQUEST_NULL) MPI_Wait(&req_, MPI_STATUS_IGNORE); }
private:
  MPI_Request req_ = MPI_REQUEST_NULL;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size, errors = 0;
  {
    std::vector<int> in(4, -1), out(4, rank);
    std::vector<Pending> ops;
    ops.reserve(2);
    ops.emplace_back(in.data(), 4, left, 1, true);
    ops.push_back(Pending(out.data(), 4, right, 1, false));
    for (auto &p : ops) p.wait();
    if (in[0] != left) ++errors;
  }
  {
    std::map<int, MPI_Request> by_peer;
    std::map<int, int> inbox;
    int mine = rank * 3;
    for (int peer : {left, right}) {
      if (by_peer.count(peer)) continue;
      MPI_Irecv(&inbox[peer], 1, MPI_INT, peer, 2, MPI_COMM_WORLD, &by_peer[peer]);
    }
    std::vector<MPI_Request> sends;
    for (int peer : {left, right}) {
      if (sends.size() == 1 && left == right) break;
      MPI_Request r;
      MPI_Isend(&mine, 1, MPI_INT, peer, 2, MPI_COMM_WORLD, &r);
      sends.push_back(r);
    }
    auto finish = [&](MPI_Request &r) { MPI_Wait(&r, MPI_STATUS_IGNORE); };
    for (auto &kv : by_peer) finish(kv.second);
    MPI_Waitall((int)sends.size(), sends.data(), MPI_STATUSES_IGNORE);
    for (auto &kv : inbox) if (kv.second != kv.first * 3) ++errors;
  }
  {
    std::unique_ptr<MPI_Request[]> reqs(new MPI_Request[2]);
    std::unique_ptr<int[]> buf(new int[2]);
    buf[1] = rank;
    MPI_Irecv(&buf[0], 1, MPI_INT, left, 3, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(&buf[1], 1, MPI_INT, right, 3, MPI_COMM_WORLD, &reqs[1]);
    std::function<void()> done = [&] { MPI_Waitall(2, reqs.get(), MPI_STATUSES_IGNORE); };
    done();
    if (buf[0] != left) ++errors;
  }
  if (errors) std::printf("%d errors on %d\n", errors, rank);
  MPI_Finalize();
  return errors != 0;
}
