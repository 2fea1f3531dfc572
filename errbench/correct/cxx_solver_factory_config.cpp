// Pure MPI C++ in the style of an application framework: a settings text
// built on rank 0 and broadcast (length, then characters), parsed on every
// process into a std::unordered_map; solvers in a class hierarchy (an
// abstract base whose virtual methods run the collectives, two derived
// classes) made by a factory held in a std::map of std::function returning
// std::unique_ptr; a convergence loop on a residual every process got from
// MPI_Allreduce; a monitor object printing on rank 0 only; errors thrown
// as exceptions on every process alike and turned into MPI_Abort by main.
// Nothing to warn, nothing to stop.
//
// description: C++ framework: broadcast settings parsed into unordered_map, solver class hierarchy with virtual methods calling collectives, std::function factory of unique_ptr, exceptions to MPI_Abort
// expect-run: 2 ok
// expect-run-args: instrument=all
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

using Settings = std::unordered_map<std::string, std::string>;

static Settings parse_settings(const std::string &text)
{
  Settings settings;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::string::size_type eq = line.find('=');
    if (line.empty() || line[0] == '#' || eq == std::string::npos)
      continue;
    settings[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return settings;
}

static std::string broadcast_text(const std::string &text, int root, MPI_Comm comm)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  int length = rank == root ? static_cast<int>(text.size()) : 0;
  MPI_Bcast(&length, 1, MPI_INT, root, comm);
  std::vector<char> buffer(length + 1, '\0');
  if (rank == root)
    text.copy(buffer.data(), length);
  MPI_Bcast(buffer.data(), length, MPI_CHAR, root, comm);
  return std::string(buffer.data(), length);
}

class Solver {
public:
  Solver(MPI_Comm comm, int local_points) : comm_(comm), n_(local_points)
  {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
    u_.assign(n_ + 2, 0.0);
    f_.assign(n_ + 2, 1.0);
  }
  virtual ~Solver() = default;
  virtual const char *name() const = 0;
  virtual void sweep() = 0;

  // Global residual norm: every process gets the same value.
  virtual double residual()
  {
    exchange();
    double local = 0.0, global = 0.0;
    for (int i = 1; i <= n_; i++) {
      double r = f_[i] * h2() - (2.0 * u_[i] - u_[i - 1] - u_[i + 1]);
      local += r * r;
    }
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return std::sqrt(global);
  }

protected:
  double h2() const
  {
    double h = 1.0 / (static_cast<double>(n_) * size_ + 1.0);
    return h * h;
  }
  void exchange()
  {
    int left = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
    int right = rank_ < size_ - 1 ? rank_ + 1 : MPI_PROC_NULL;
    MPI_Sendrecv(&u_[n_], 1, MPI_DOUBLE, right, 0, &u_[0], 1, MPI_DOUBLE, left, 0, comm_,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u_[1], 1, MPI_DOUBLE, left, 1, &u_[n_ + 1], 1, MPI_DOUBLE, right, 1, comm_,
                 MPI_STATUS_IGNORE);
  }

  MPI_Comm comm_;
  int rank_ = 0, size_ = 1, n_;
  std::vector<double> u_, f_;
};

class JacobiSolver : public Solver {
public:
  JacobiSolver(MPI_Comm comm, int n, double weight) : Solver(comm, n), weight_(weight) {}
  const char *name() const override { return "jacobi"; }
  void sweep() override
  {
    exchange();
    std::vector<double> next(u_);
    for (int i = 1; i <= n_; i++)
      next[i] = (1.0 - weight_) * u_[i] + weight_ * 0.5 * (u_[i - 1] + u_[i + 1] + h2() * f_[i]);
    u_.swap(next);
  }

private:
  double weight_;
};

class RedBlackSolver : public Solver {
public:
  RedBlackSolver(MPI_Comm comm, int n, double omega) : Solver(comm, n), omega_(omega) {}
  const char *name() const override { return "red-black"; }
  void sweep() override
  {
    for (int colour = 0; colour < 2; colour++) {
      exchange();
      int first_global = rank_ * n_;   // the colour follows the global index
      for (int i = 1; i <= n_; i++)
        if ((first_global + i) % 2 == colour) {
          double gs = 0.5 * (u_[i - 1] + u_[i + 1] + h2() * f_[i]);
          u_[i] += omega_ * (gs - u_[i]);
        }
    }
  }

private:
  double omega_;
};

using SolverFactory = std::function<std::unique_ptr<Solver>(MPI_Comm, const Settings &)>;

static double number(const Settings &settings, const std::string &key, double fallback)
{
  auto it = settings.find(key);
  return it == settings.end() ? fallback : std::stod(it->second);
}

static const std::map<std::string, SolverFactory> &factories()
{
  static const std::map<std::string, SolverFactory> table = {
      {"jacobi",
       [](MPI_Comm comm, const Settings &s) -> std::unique_ptr<Solver> {
         return std::make_unique<JacobiSolver>(comm, static_cast<int>(number(s, "points", 32)),
                                               number(s, "weight", 0.8));
       }},
      {"redblack",
       [](MPI_Comm comm, const Settings &s) -> std::unique_ptr<Solver> {
         return std::make_unique<RedBlackSolver>(comm, static_cast<int>(number(s, "points", 32)),
                                                 number(s, "omega", 1.5));
       }},
  };
  return table;
}

class Monitor {
public:
  explicit Monitor(MPI_Comm comm) { MPI_Comm_rank(comm, &rank_); }
  void report(const Solver &solver, int iteration, double residual) const
  {
    if (rank_ == 0)
      std::printf("%-9s iteration %4d  residual %.3e\n", solver.name(), iteration, residual);
  }

private:
  int rank_ = 0;
};

static void run(MPI_Comm comm, int argc, char **argv)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  std::string text;
  if (rank == 0) {
    std::ostringstream defaults;
    defaults << "# solver settings\nsolvers=jacobi,redblack\npoints=8\ntolerance=1e-3\n"
             << "max_iterations=" << (argc > 1 ? argv[1] : "4000") << "\nreport_every=500\n";
    text = defaults.str();
  }
  Settings settings = parse_settings(broadcast_text(text, 0, comm));
  const double tolerance = number(settings, "tolerance", 1e-6);
  const int max_iterations = static_cast<int>(number(settings, "max_iterations", 1000));
  const int report_every = static_cast<int>(number(settings, "report_every", 100));
  if (tolerance <= 0.0 || max_iterations < 1)
    throw std::invalid_argument("bad settings");

  Monitor monitor(comm);
  std::istringstream names(settings.at("solvers"));
  std::string name;
  while (std::getline(names, name, ',')) {
    auto factory = factories().find(name);
    if (factory == factories().end())
      throw std::runtime_error("unknown solver " + name);
    std::unique_ptr<Solver> solver = factory->second(comm, settings);
    double initial = solver->residual(), residual = initial;
    int iteration = 0;
    while (residual > tolerance * initial && iteration < max_iterations) {
      solver->sweep();
      residual = solver->residual();
      if (++iteration % report_every == 0)
        monitor.report(*solver, iteration, residual);
    }
    if (residual > tolerance * initial)
      throw std::runtime_error(std::string(solver->name()) + " did not converge");
    monitor.report(*solver, iteration, residual);
  }
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  try {
    run(MPI_COMM_WORLD, argc, argv);
  } catch (const std::exception &error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
