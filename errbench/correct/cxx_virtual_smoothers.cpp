// Pure MPI C++ in the style of a multigrid-like solver framework: an
// abstract Smoother interface whose virtual methods take the sweep count,
// the tolerance and a grid level; two smoothers (Jacobi, weighted Jacobi)
// defined in an anonymous namespace, a third (Chebyshev) public.  A cycle
// function calls them through a Smoother reference, a std::unique_ptr a
// factory returns holds the coarse one; the counts passed are constants,
// read from a settings struct rank 0 fills and broadcasts, or computed
// from the level (the base class's correct() calls smooth() through the
// vtable again).  Each smoother loops over its sweeps, exchanging halos
// with its neighbours and reducing the residual with MPI_Allreduce.  Every
// process calls the same virtual methods with the same arguments: nothing
// to warn, nothing to stop.
//
// description: C++ solver framework: virtual smoother methods (anonymous-namespace and public overriders) called through a Smoother reference and a unique_ptr from a factory with constant or broadcast sweep counts around halo exchanges and Allreduce
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

struct Settings {
  int pre_sweeps = 2;
  int post_sweeps = 2;
  int levels = 3;
  double tolerance = 1e-8;
};

class Grid {
public:
  Grid(MPI_Comm comm, int local_points) : comm_(comm), u_(local_points + 2, 0.0),
                                           f_(local_points + 2, 1.0)
  {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }
  int points() const { return static_cast<int>(u_.size()) - 2; }
  double &u(int i) { return u_[i]; }
  double f(int i) const { return f_[i]; }
  MPI_Comm comm() const { return comm_; }

  void exchange_halos()
  {
    int left = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
    int right = rank_ < size_ - 1 ? rank_ + 1 : MPI_PROC_NULL;
    int n = points();
    MPI_Sendrecv(&u_[1], 1, MPI_DOUBLE, left, 0, &u_[n + 1], 1, MPI_DOUBLE, right, 0, comm_,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u_[n], 1, MPI_DOUBLE, right, 1, &u_[0], 1, MPI_DOUBLE, left, 1, comm_,
                 MPI_STATUS_IGNORE);
  }

  double residual_norm()
  {
    double local = 0.0, global = 0.0;
    for (int i = 1; i <= points(); ++i) {
      double r = f_[i] - (2.0 * u_[i] - u_[i - 1] - u_[i + 1]);
      local += r * r;
    }
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return std::sqrt(global);
  }

private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  std::vector<double> u_, f_;
};

class Smoother {
public:
  virtual ~Smoother() = default;
  virtual const char *name() const = 0;
  // Runs `sweeps' sweeps, or fewer once the residual is below `tolerance';
  // returns the last residual.
  virtual double smooth(Grid &grid, int sweeps, double tolerance) = 0;
  // One coarse-level correction with as many sweeps as the level asks.
  virtual void correct(Grid &grid, int level) { smooth(grid, 1 + level, 0.0); }
};

namespace {

class JacobiSmoother : public Smoother {
public:
  const char *name() const override { return "jacobi"; }
  double smooth(Grid &grid, int sweeps, double tolerance) override
  {
    double residual = 0.0;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
      grid.exchange_halos();
      std::vector<double> next(grid.points() + 2);
      for (int i = 1; i <= grid.points(); ++i)
        next[i] = 0.5 * (grid.u(i - 1) + grid.u(i + 1) + grid.f(i));
      for (int i = 1; i <= grid.points(); ++i)
        grid.u(i) = next[i];
      residual = grid.residual_norm();
      if (residual < tolerance)
        break;
    }
    return residual;
  }
};

class WeightedJacobiSmoother : public JacobiSmoother {
public:
  explicit WeightedJacobiSmoother(double weight) : weight_(weight) {}
  const char *name() const override { return "weighted-jacobi"; }
  double smooth(Grid &grid, int sweeps, double tolerance) override
  {
    double residual = 0.0;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
      grid.exchange_halos();
      for (int i = 1; i <= grid.points(); ++i)
        grid.u(i) += weight_ * (0.5 * (grid.u(i - 1) + grid.u(i + 1) + grid.f(i)) - grid.u(i));
      residual = grid.residual_norm();
      if (residual < tolerance)
        break;
    }
    return residual;
  }
  void correct(Grid &grid, int level) override
  {
    for (int pass = 0; pass < level; ++pass)
      smooth(grid, 2, 0.0);
  }

private:
  double weight_;
};

} // namespace

class ChebyshevSmoother : public Smoother {
public:
  const char *name() const override { return "chebyshev"; }
  double smooth(Grid &grid, int sweeps, double tolerance) override
  {
    double residual = grid.residual_norm();
    for (int k = 0; k < sweeps && residual >= tolerance; ++k) {
      grid.exchange_halos();
      double omega = 1.0 / (1.0 + 0.1 * k);
      for (int i = 1; i <= grid.points(); ++i)
        grid.u(i) += omega * 0.25 * (grid.u(i - 1) + grid.u(i + 1) + grid.f(i) - 2.0 * grid.u(i));
      residual = grid.residual_norm();
    }
    return residual;
  }
};

static Settings read_settings(MPI_Comm comm)
{
  Settings settings;
  int rank;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) { // the input deck, read by one process
    settings.pre_sweeps = 3;
    settings.levels = 2;
  }
  MPI_Bcast(&settings.pre_sweeps, 1, MPI_INT, 0, comm);
  MPI_Bcast(&settings.post_sweeps, 1, MPI_INT, 0, comm);
  MPI_Bcast(&settings.levels, 1, MPI_INT, 0, comm);
  MPI_Bcast(&settings.tolerance, 1, MPI_DOUBLE, 0, comm);
  return settings;
}

// One cycle with a smoother: pre-smoothing, one correction per coarse
// level, post-smoothing; the residuals printed by rank 0.
static void run_cycle(Smoother &smoother, Grid &grid, const Settings &settings)
{
  double before = smoother.smooth(grid, settings.pre_sweeps, settings.tolerance);
  for (int level = 1; level < settings.levels; ++level)
    smoother.correct(grid, level);
  double after = smoother.smooth(grid, settings.post_sweeps + 2, settings.tolerance);
  int rank;
  MPI_Comm_rank(grid.comm(), &rank);
  if (rank == 0)
    std::printf("%-16s residual %.3e -> %.3e\n", smoother.name(), before, after);
}

// The coarse-level smoother for this many levels.
static std::unique_ptr<Smoother> make_coarse_smoother(int levels)
{
  if (levels > 2)
    return std::unique_ptr<Smoother>(new ChebyshevSmoother);
  return std::unique_ptr<Smoother>(new WeightedJacobiSmoother(0.6));
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  Settings settings = read_settings(MPI_COMM_WORLD);
  Grid grid(MPI_COMM_WORLD, 16);

  JacobiSmoother jacobi;
  WeightedJacobiSmoother weighted(0.8);
  ChebyshevSmoother chebyshev;
  run_cycle(jacobi, grid, settings);
  run_cycle(weighted, grid, settings);
  run_cycle(chebyshev, grid, settings);

  std::unique_ptr<Smoother> coarse = make_coarse_smoother(settings.levels);
  double last = coarse->smooth(grid, 8, 1e-3);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    std::printf("coarse %-9s residual %.3e\n", coarse->name(), last);
  MPI_Finalize();
  return 0;
}
