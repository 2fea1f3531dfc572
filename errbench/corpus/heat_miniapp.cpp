// C++ mini-app: explicit diffusion of a scalar on a periodic 1-D ring of
// cells distributed over the processes, written the way small C++ physics
// codes are: a class holding the communicator, std::vector fields, a
// configuration read by rank 0 and broadcast, a time-stepping loop whose
// step count and output interval are the broadcast values, diagnostics
// reduced every few steps, rank-0-only printing (no collective inside),
// and a final gather of the field to rank 0 for a checksum.  Errors in the
// configuration or a failed verification throw; main catches and calls
// MPI_Abort.
//
// Correct program: the explicit scheme conserves the total exactly up to
// round-off, which the run checks (allreduced, so every process throws or
// none); all collectives are reached by every process in the same order.
//
// What PARCOACH must follow to stay silent (plugin/core/DESIGN, "Precision"): the
// step count and output interval are broadcast in a std::vector<int> and
// read in the public inline method run(); the drift test reads allreduces
// made on the communicator of the reference member comm_, which the
// constructor binds to main's `world'.
//
// description: C++ mini-app: class holding the communicator, std::vector fields, broadcast step count, rank-0-only printf
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace mini {

class Communicator {
public:
  explicit Communicator(MPI_Comm comm) : comm_(comm)
  {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_root() const { return rank_ == 0; }
  MPI_Comm handle() const { return comm_; }

  double sum(double local) const
  {
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return global;
  }

  double max(double local) const
  {
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm_);
    return global;
  }

  void broadcast(std::vector<int> &values) const
  {
    MPI_Bcast(values.data(), static_cast<int>(values.size()), MPI_INT, 0, comm_);
  }

  void broadcast(double &value) const { MPI_Bcast(&value, 1, MPI_DOUBLE, 0, comm_); }

  int left() const { return (rank_ + size_ - 1) % size_; }
  int right() const { return (rank_ + 1) % size_; }

private:
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
};

struct Config {
  int cells = 4096;
  int steps = 200;
  int output_every = 50;
  double diffusivity = 0.4; // nu * dt / dx^2, stable below 0.5

  static Config from_args(int argc, char **argv)
  {
    Config c;
    if (argc > 1)
      c.cells = std::atoi(argv[1]);
    if (argc > 2)
      c.steps = std::atoi(argv[2]);
    if (argc > 3)
      c.output_every = std::atoi(argv[3]);
    if (argc > 4)
      c.diffusivity = std::atof(argv[4]);
    return c;
  }

  std::string check(int nprocs) const
  {
    if (cells < 2 * nprocs)
      return "fewer than two cells per process";
    if (steps < 0 || output_every < 1)
      return "bad step count or output interval";
    if (!(diffusivity > 0.0 && diffusivity < 0.5))
      return "diffusivity must be in (0, 0.5) for stability";
    return "";
  }

  // rank 0 reads, everybody gets the same values
  void share(const Communicator &comm)
  {
    std::vector<int> ints{cells, steps, output_every};
    comm.broadcast(ints);
    comm.broadcast(diffusivity);
    cells = ints[0];
    steps = ints[1];
    output_every = ints[2];
  }
};

class Field {
public:
  Field(const Communicator &comm, int global_cells) : comm_(comm)
  {
    int base = global_cells / comm.size(), extra = global_cells % comm.size();
    local_ = base + (comm.rank() < extra ? 1 : 0);
    offset_ = comm.rank() * base + std::min(comm.rank(), extra);
    u_.assign(local_ + 2, 0.0);
    next_.assign(local_ + 2, 0.0);
  }

  void initialise(int global_cells)
  {
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < local_; ++i) {
      double x = (offset_ + i + 0.5) / global_cells;
      u_[i + 1] = 1.0 + 0.5 * std::sin(2.0 * pi * x) + (x < 0.25 ? 1.0 : 0.0);
    }
  }

  void exchange_halo()
  {
    MPI_Comm c = comm_.handle();
    MPI_Sendrecv(&u_[local_], 1, MPI_DOUBLE, comm_.right(), 1,
                 &u_[0], 1, MPI_DOUBLE, comm_.left(), 1, c, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u_[1], 1, MPI_DOUBLE, comm_.left(), 2,
                 &u_[local_ + 1], 1, MPI_DOUBLE, comm_.right(), 2, c, MPI_STATUS_IGNORE);
  }

  void step(double k)
  {
    for (int i = 1; i <= local_; ++i)
      next_[i] = u_[i] + k * (u_[i - 1] - 2.0 * u_[i] + u_[i + 1]);
    u_.swap(next_);
  }

  double local_total() const { return std::accumulate(u_.begin() + 1, u_.end() - 1, 0.0); }

  double local_max() const
  {
    double m = u_[1];
    for (int i = 2; i <= local_; ++i)
      m = std::max(m, u_[i]);
    return m;
  }

  // the whole field on rank 0 (empty elsewhere)
  std::vector<double> gather() const
  {
    MPI_Comm c = comm_.handle();
    std::vector<int> counts(comm_.size()), displs(comm_.size());
    int mine = local_;
    MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, c);
    std::vector<double> all;
    if (comm_.is_root()) {
      std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
      all.resize(displs.back() + counts.back());
    }
    MPI_Gatherv(&u_[1], local_, MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                MPI_DOUBLE, 0, c);
    return all;
  }

private:
  const Communicator &comm_;
  int local_ = 0;
  int offset_ = 0;
  std::vector<double> u_, next_;
};

class Simulation {
public:
  Simulation(const Communicator &comm, const Config &config)
      : comm_(comm), config_(config), field_(comm, config.cells)
  {
    field_.initialise(config_.cells);
  }

  void run()
  {
    const double initial = comm_.sum(field_.local_total());
    if (comm_.rank() == 0)
      std::printf("%8s %22s %14s\n", "step", "total", "max");
    for (int step = 1; step <= config_.steps; ++step) {
      field_.exchange_halo();
      field_.step(config_.diffusivity);
      if (step % config_.output_every == 0 || step == config_.steps)
        report(step);
    }
    const double final_total = comm_.sum(field_.local_total());
    const double drift = std::fabs(final_total - initial) / std::fabs(initial);
    if (drift > 1e-12)
      throw std::runtime_error("total not conserved: relative drift " + std::to_string(drift));

    std::vector<double> all = field_.gather();
    if (comm_.is_root()) {
      double checksum = 0.0;
      for (std::size_t i = 0; i < all.size(); ++i)
        checksum += all[i] * static_cast<double>((i % 7) + 1);
      std::printf("cells %zu, checksum %.12e, drift %.3e\n", all.size(), checksum, drift);
    }
  }

private:
  void report(int step)
  {
    double total = comm_.sum(field_.local_total());
    double peak = comm_.max(field_.local_max());
    if (comm_.rank() == 0)
      std::printf("%8d %22.15e %14.8f\n", step, total, peak);
  }

  const Communicator &comm_;
  Config config_;
  Field field_;
};

} // namespace mini

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  {
    mini::Communicator world(MPI_COMM_WORLD);
    try {
      mini::Config config;
      if (world.is_root()) {
        config = mini::Config::from_args(argc, argv);
        std::string problem = config.check(world.size());
        if (!problem.empty()) {
          std::fprintf(stderr, "heat_miniapp: %s\n", problem.c_str());
          MPI_Abort(MPI_COMM_WORLD, 2);
        }
        std::printf("heat mini-app: %d cells, %d steps, %d processes\n", config.cells,
                    config.steps, world.size());
      }
      config.share(world);
      mini::Simulation simulation(world, config);
      double start = MPI_Wtime();
      simulation.run();
      double slowest = world.max(MPI_Wtime() - start);
      if (world.is_root())
        std::printf("time %.4f s\n", slowest);
    } catch (const std::exception &error) {
      std::fprintf(stderr, "heat_miniapp: rank %d: %s\n", world.rank(), error.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
  MPI_Finalize();
  return 0;
}
