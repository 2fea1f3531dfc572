#include <mpi.h>

class Solver {
public:
  explicit Solver(MPI_Comm comm) : comm_(comm) {}
  void synchronise();
  void report() const;

private:
  MPI_Comm comm_;
};
