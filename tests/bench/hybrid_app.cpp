// A C++ MPI+OpenMP application written to look like real code, for the
// compile-time benchmark (issue 17): classes, templates, STL containers and
// algorithms, lambdas, std::function, exceptions, OpenMP loops and a few
// MPI collectives on a uniform control flow.  A correct program, on which
// the plugin still warns today: precision gaps, not errors.  What Config
// parses (std::istringstream on a string, operator>>, std::getline) is
// no longer among them: the value flow knows libstdc++'s streams and
// strings (it warned at both loops below for `value', written by
// operator>>).  The two warnings left come from how the configuration
// reaches the tests; -fplugin-arg-parcoach-verbose names one reason each:
// - the loop of Solver::solve (line 192, exit at 198) tests the tolerance
//   run_solver passes, and run_solver is called through the std::function
//   table of solve_with: a function whose address is taken gets
//   parameters that may differ;
// - the loop bound read from Config in run (line 452) reads `config'
//   after solve_with and apply_arguments, public functions (other files
//   may call them) given its address: what they leave in it counts as
//   what any caller may pass.
// Without these two (-fwhole-program, run_solver called directly), both
// still depend on Config::text's `found->second': a std::map iterator
// that a function of the file (map::find) returns points, for the
// analysis, to memory it cannot follow ("Known limits" in README).  Most
// of its compile time, like that of real C++ code, is libstdc++'s inline
// functions and template instantiations.
//
// Build: mpicxx -O2 -fopenmp -c hybrid_app.cpp; run: mpiexec -n 2 ./a.out
#include <mpi.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace app {

// ------------------------------------------------------------ configuration

class ConfigError : public std::runtime_error {
public:
  explicit ConfigError(const std::string &what) : std::runtime_error(what) {}
};

class Config {
public:
  Config() {
    values_["nx"] = "64";
    values_["ny"] = "48";
    values_["steps"] = "6";
    values_["particles"] = "2000";
    values_["solver"] = "jacobi";
    values_["tolerance"] = "1e-6";
  }
  void set(const std::string &key, const std::string &value) { values_[key] = value; }
  std::string text(const std::string &key) const {
    auto found = values_.find(key);
    if (found == values_.end())
      throw ConfigError("missing key " + key);
    return found->second;
  }
  template <typename T> T get(const std::string &key) const {
    std::istringstream in(text(key));
    T value{};
    if (!(in >> value))
      throw ConfigError("bad value for " + key);
    return value;
  }
  std::vector<std::string> keys() const {
    std::vector<std::string> names;
    for (const auto &entry : values_)
      names.push_back(entry.first);
    return names;
  }

private:
  std::map<std::string, std::string> values_;
};

// ------------------------------------------------------------ small algebra

template <typename T, std::size_t N> struct Vec {
  std::array<T, N> c{};
  Vec operator+(const Vec &o) const {
    Vec r;
    for (std::size_t i = 0; i < N; ++i)
      r.c[i] = c[i] + o.c[i];
    return r;
  }
  Vec operator-(const Vec &o) const {
    Vec r;
    for (std::size_t i = 0; i < N; ++i)
      r.c[i] = c[i] - o.c[i];
    return r;
  }
  Vec operator*(T s) const {
    Vec r;
    for (std::size_t i = 0; i < N; ++i)
      r.c[i] = c[i] * s;
    return r;
  }
  T dot(const Vec &o) const { return std::inner_product(c.begin(), c.end(), o.c.begin(), T()); }
  T norm() const { return std::sqrt(dot(*this)); }
};

using Vec2 = Vec<double, 2>;
using Vec3 = Vec<double, 3>;

template <typename T> class Grid {
public:
  Grid(int nx, int ny, T init = T()) : nx_(nx), ny_(ny), cells_((std::size_t)nx * ny, init) {}
  T &at(int i, int j) { return cells_[(std::size_t)j * nx_ + i]; }
  const T &at(int i, int j) const { return cells_[(std::size_t)j * nx_ + i]; }
  int nx() const { return nx_; }
  int ny() const { return ny_; }
  std::vector<T> &data() { return cells_; }
  const std::vector<T> &data() const { return cells_; }
  template <typename F> void for_each_interior(F &&f) {
    for (int j = 1; j + 1 < ny_; ++j)
      for (int i = 1; i + 1 < nx_; ++i)
        f(i, j);
  }
  T sum() const { return std::accumulate(cells_.begin(), cells_.end(), T()); }
  T max_abs() const {
    T best = T();
    for (const T &v : cells_)
      best = std::max(best, std::abs(v));
    return best;
  }

private:
  int nx_, ny_;
  std::vector<T> cells_;
};

// ------------------------------------------------------------ kernels

template <typename T> struct Jacobi {
  static const char *name() { return "jacobi"; }
  T sweep(const Grid<T> &in, Grid<T> &out, const Grid<T> &rhs) const {
    T change = 0;
#pragma omp parallel for reduction(max : change) schedule(static)
    for (int j = 1; j < in.ny() - 1; ++j)
      for (int i = 1; i < in.nx() - 1; ++i) {
        T v = 0.25 * (in.at(i - 1, j) + in.at(i + 1, j) + in.at(i, j - 1) + in.at(i, j + 1) -
                      rhs.at(i, j));
        change = std::max(change, std::abs(v - in.at(i, j)));
        out.at(i, j) = v;
      }
    return change;
  }
};

template <typename T> struct GaussSeidel {
  static const char *name() { return "gauss-seidel"; }
  T sweep(const Grid<T> &in, Grid<T> &out, const Grid<T> &rhs) const {
    out = in;
    T change = 0;
    for (int colour = 0; colour < 2; ++colour) {
#pragma omp parallel for reduction(max : change)
      for (int j = 1; j < in.ny() - 1; ++j)
        for (int i = 1 + (j + colour) % 2; i < in.nx() - 1; i += 2) {
          T v = 0.25 * (out.at(i - 1, j) + out.at(i + 1, j) + out.at(i, j - 1) +
                        out.at(i, j + 1) - rhs.at(i, j));
          change = std::max(change, std::abs(v - out.at(i, j)));
          out.at(i, j) = v;
        }
    }
    return change;
  }
};

template <typename T, typename Kernel> class Solver {
public:
  Solver(MPI_Comm comm, T tolerance) : comm_(comm), tolerance_(tolerance) {}
  // Iterates until the global change is below the tolerance: the test
  // uses an Allreduce result, the same on every process.
  int solve(Grid<T> &u, const Grid<T> &rhs, int max_iterations) {
    Grid<T> next = u;
    int iteration = 0;
    for (; iteration < max_iterations; ++iteration) {
      T local = kernel_.sweep(u, next, rhs);
      std::swap(u, next);
      T global = 0;
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm_);
      history_.push_back(global);
      if (global < tolerance_)
        break;
    }
    return iteration;
  }
  const std::vector<T> &history() const { return history_; }
  const char *name() const { return Kernel::name(); }

private:
  MPI_Comm comm_;
  T tolerance_;
  Kernel kernel_;
  std::vector<T> history_;
};

// ------------------------------------------------------------ particles

struct Particle {
  Vec2 position;
  Vec2 velocity;
  double mass = 1.0;
  int id = 0;
};

class ParticleSet {
public:
  explicit ParticleSet(int count, unsigned seed) {
    particles_.reserve(count);
    unsigned state = seed;
    auto next = [&state]() {
      state = state * 1103515245u + 12345u;
      return (state >> 8) / double(1u << 24);
    };
    for (int p = 0; p < count; ++p) {
      Particle particle;
      particle.position.c = {next(), next()};
      particle.velocity.c = {next() - 0.5, next() - 0.5};
      particle.mass = 0.5 + next();
      particle.id = p;
      particles_.push_back(particle);
    }
  }
  void advance(double dt, const std::function<Vec2(const Particle &)> &force) {
#pragma omp parallel for
    for (std::size_t p = 0; p < particles_.size(); ++p) {
      Particle &particle = particles_[p];
      Vec2 a = force(particle) * (1.0 / particle.mass);
      particle.velocity = particle.velocity + a * dt;
      particle.position = particle.position + particle.velocity * dt;
      for (double &x : particle.position.c)
        x = x - std::floor(x);
    }
  }
  double kinetic_energy() const {
    double energy = 0;
#pragma omp parallel for reduction(+ : energy)
    for (std::size_t p = 0; p < particles_.size(); ++p)
      energy += 0.5 * particles_[p].mass * particles_[p].velocity.dot(particles_[p].velocity);
    return energy;
  }
  std::map<int, int> histogram(int bins) const {
    std::map<int, int> counts;
    for (const Particle &particle : particles_)
      ++counts[std::min(bins - 1, int(particle.position.c[0] * bins))];
    return counts;
  }
  std::vector<Particle> fastest(std::size_t n) const {
    std::vector<Particle> sorted(particles_);
    std::sort(sorted.begin(), sorted.end(), [](const Particle &a, const Particle &b) {
      return a.velocity.norm() > b.velocity.norm();
    });
    sorted.resize(std::min(n, sorted.size()));
    return sorted;
  }
  std::size_t size() const { return particles_.size(); }

private:
  std::vector<Particle> particles_;
};

// ------------------------------------------------------------ diagnostics

class Statistics {
public:
  void add(const std::string &name, double value) { series_[name].push_back(value); }
  double mean(const std::string &name) const {
    const std::vector<double> &values = series_.at(name);
    return values.empty() ? 0.0
                          : std::accumulate(values.begin(), values.end(), 0.0) / values.size();
  }
  double median(const std::string &name) const {
    std::vector<double> values = series_.at(name);
    if (values.empty())
      return 0.0;
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
  }
  std::set<std::string> names() const {
    std::set<std::string> result;
    for (const auto &entry : series_)
      result.insert(entry.first);
    return result;
  }
  std::string summary() const {
    std::ostringstream out;
    for (const std::string &name : names())
      out << name << ": mean " << mean(name) << ", median " << median(name) << "\n";
    return out.str();
  }

private:
  std::unordered_map<std::string, std::vector<double>> series_;
};

class Observer {
public:
  virtual ~Observer() = default;
  virtual void notify(int step, const std::string &event, double value) = 0;
};

class RecordingObserver : public Observer {
public:
  explicit RecordingObserver(Statistics &stats) : stats_(stats) {}
  void notify(int step, const std::string &event, double value) override {
    stats_.add(event, value);
    events_.emplace_back(step, event, value);
  }
  std::size_t count() const { return events_.size(); }

private:
  Statistics &stats_;
  std::vector<std::tuple<int, std::string, double>> events_;
};

// ------------------------------------------------------------ domain

class Domain {
public:
  Domain(MPI_Comm comm, const Config &config)
      : comm_(comm), nx_(config.get<int>("nx")), ny_(config.get<int>("ny")),
        u_(nx_, ny_, 0.0), rhs_(nx_, ny_, 0.0) {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
    rhs_.for_each_interior([this](int i, int j) {
      double x = double(i) / nx_, y = double(j) / ny_ + rank_;
      rhs_.at(i, j) = std::sin(3.0 * x) * std::cos(2.0 * y) / (nx_ * ny_);
    });
  }
  Grid<double> &solution() { return u_; }
  const Grid<double> &rhs() const { return rhs_; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  MPI_Comm comm() const { return comm_; }
  double global_sum() const {
    double local = u_.sum(), global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return global;
  }

private:
  MPI_Comm comm_;
  int nx_, ny_;
  int rank_ = 0, size_ = 1;
  Grid<double> u_, rhs_;
};

template <typename Kernel>
int run_solver(Domain &domain, const Config &config, Observer &observer) {
  Solver<double, Kernel> solver(domain.comm(), config.get<double>("tolerance"));
  int iterations = solver.solve(domain.solution(), domain.rhs(), 50);
  for (std::size_t i = 0; i < solver.history().size(); ++i)
    observer.notify((int)i, std::string(solver.name()) + ".change", solver.history()[i]);
  return iterations;
}

// Picks a solver by name; the name comes from the configuration, the
// same on every process, and is broadcast anyway from rank 0.
int solve_with(Domain &domain, const Config &config, Observer &observer) {
  std::string name = config.text("solver");
  int length = (int)name.size();
  MPI_Bcast(&length, 1, MPI_INT, 0, domain.comm());
  name.resize(length);
  MPI_Bcast(&name[0], length, MPI_CHAR, 0, domain.comm());
  static const std::map<std::string, std::function<int(Domain &, const Config &, Observer &)>>
      solvers = {{"jacobi", run_solver<Jacobi<double>>},
                 {"gauss-seidel", run_solver<GaussSeidel<double>>}};
  auto found = solvers.find(name);
  if (found == solvers.end())
    throw ConfigError("unknown solver " + name);
  return found->second(domain, config, observer);
}

std::vector<double> gather_energies(MPI_Comm comm, double energy) {
  int size = 1;
  MPI_Comm_size(comm, &size);
  std::vector<double> all(size);
  MPI_Allgather(&energy, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, comm);
  return all;
}

// ------------------------------------------------------------ text utilities

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator))
    if (!part.empty())
      parts.push_back(part);
  return parts;
}

std::string join(const std::vector<std::string> &parts, const std::string &separator) {
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i)
    text += (i ? separator : "") + parts[i];
  return text;
}

template <typename Map> std::string describe(const Map &map) {
  std::vector<std::string> parts;
  std::transform(map.begin(), map.end(), std::back_inserter(parts),
                 [](const typename Map::value_type &entry) {
                   std::ostringstream out;
                   out << entry.first << "=" << entry.second;
                   return out.str();
                 });
  return join(parts, ", ");
}

void apply_arguments(Config &config, int argc, char **argv) {
  for (int a = 1; a < argc; ++a) {
    std::vector<std::string> pair = split(argv[a], '=');
    if (pair.size() != 2)
      throw ConfigError(std::string("bad argument ") + argv[a]);
    config.set(pair[0], pair[1]);
  }
}

// ------------------------------------------------------------ the run

int run(int argc, char **argv) {
  Config config;
  apply_arguments(config, argc, argv);
  Domain domain(MPI_COMM_WORLD, config);
  Statistics stats;
  RecordingObserver observer(stats);
  int iterations = solve_with(domain, config, observer);

  ParticleSet particles(config.get<int>("particles"), 17u + domain.rank());
  const Vec2 centre{{0.5, 0.5}};
  std::function<Vec2(const Particle &)> spring = [&centre](const Particle &p) {
    return (centre - p.position) * 0.1;
  };
  for (int step = 0; step < config.get<int>("steps"); ++step) {
    particles.advance(0.01, spring);
    std::vector<double> energies = gather_energies(domain.comm(), particles.kinetic_energy());
    observer.notify(step, "energy",
                    std::accumulate(energies.begin(), energies.end(), 0.0));
  }
  double total = domain.global_sum();
  MPI_Barrier(domain.comm());
  if (domain.rank() == 0) {
    std::printf("iterations %d, sum %g, events %zu\n", iterations, total, observer.count());
    std::printf("%s", stats.summary().c_str());
    std::printf("histogram: %s\n", describe(particles.histogram(8)).c_str());
    std::printf("keys: %s\n", join(config.keys(), " ").c_str());
    for (const Particle &p : particles.fastest(3))
      std::printf("particle %d speed %g\n", p.id, p.velocity.norm());
  }
  return 0;
}

} // namespace app

int main(int argc, char **argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int status = 0;
  try {
    status = app::run(argc, argv);
  } catch (const std::exception &error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return status;
}
