// A small RAII wrapper around an MPI communicator, as C++ codes write one:
// the constructor duplicates the parent and caches the size and rank.
#ifndef COMM_HPP
#define COMM_HPP
#include <mpi.h>

class Communicator {
public:
  explicit Communicator(MPI_Comm parent);
  ~Communicator();
  int size() const { return size_; }
  int rank() const { return rank_; }
  void barrier() const;
  double sum(double value) const;

private:
  MPI_Comm comm_;
  int size_;
  int rank_;
};
#endif
