// Erroneous twin of correct/cxx_virtual_smoothers.cpp: the smoothers are
// still called through a Smoother reference, but the driver balances
// "work" by giving the odd ranks one more pre-smoothing sweep.  The sweep
// loop of every overrider then runs MPI_Allreduce a different number of
// times on different processes: the virtual call passes the rank to the
// overriders' parameter, which no longer hides behind "other files may
// call it".  Warned in each overrider; the run stops.
//
// description: twin of correct/cxx_virtual_smoothers.cpp: a virtual smooth() called through the base class with a sweep count depending on the rank, around Allreduce in the overriders
// expect-warning: 55 collective-mismatch
// expect-warning: 71 collective-mismatch
// expect-conditional: 52
// expect-conditional: 68
// expect-run: 2 stop
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <vector>

class Field {
public:
  Field(MPI_Comm comm, int points) : comm_(comm), u_(points, 0.0) {}
  int points() const { return static_cast<int>(u_.size()); }
  double &operator[](int i) { return u_[i]; }
  double norm()
  {
    double local = 0.0, global = 0.0;
    for (double v : u_)
      local += v * v;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return std::sqrt(global);
  }

private:
  MPI_Comm comm_;
  std::vector<double> u_;
};

class Smoother {
public:
  virtual ~Smoother() = default;
  virtual double smooth(Field &field, int sweeps) = 0;
};

namespace {

class Damped : public Smoother {
public:
  double smooth(Field &field, int sweeps) override
  {
    double r = 0.0;
    for (int s = 0; s < sweeps; ++s) {
      for (int i = 0; i < field.points(); ++i)
        field[i] = 0.5 * field[i] + 1.0;
      r = field.norm();
    }
    return r;
  }
};

} // namespace

class Richardson : public Smoother {
public:
  double smooth(Field &field, int sweeps) override
  {
    double r = 0.0;
    for (int s = 0; s < sweeps; ++s) {
      for (int i = 0; i < field.points(); ++i)
        field[i] += 0.1;
      r = field.norm();
    }
    return r;
  }
};

static void presmooth(Smoother &smoother, Field &field, int rank)
{
  int sweeps = 2 + rank % 2; // "odd ranks have more work"
  double r = smoother.smooth(field, sweeps);
  if (rank == 0)
    std::printf("residual %.3e\n", r);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Field field(MPI_COMM_WORLD, 8);
  Damped damped;
  Richardson richardson;
  presmooth(damped, field, rank);
  presmooth(richardson, field, rank);
  MPI_Finalize();
  return 0;
}
