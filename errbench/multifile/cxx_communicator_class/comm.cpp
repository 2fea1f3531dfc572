#include "comm.hpp"

Communicator::Communicator(MPI_Comm parent) {
  MPI_Comm_dup(parent, &comm_);
  MPI_Comm_size(comm_, &size_);
  MPI_Comm_rank(comm_, &rank_);
}

Communicator::~Communicator() { MPI_Comm_free(&comm_); }

void Communicator::barrier() const { MPI_Barrier(comm_); }

double Communicator::sum(double value) const {
  double total;
  MPI_Allreduce(&value, &total, 1, MPI_DOUBLE, MPI_SUM, comm_);
  return total;
}
