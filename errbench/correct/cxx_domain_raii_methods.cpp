// A LULESH-like C++ mini-app, MPI_THREAD_FUNNELED (issue 14).  A Domain
// object owns a duplicated communicator and a column datatype through RAII
// guards (their destructors call MPI_Comm_free, after a test against
// MPI_COMM_NULL, and MPI_Type_free), std::vector fields, and methods that
// run MPI: exchange() (MPI_Sendrecv of a strided column), time_increment()
// (MPI_Allreduce MIN of the stable time step), total_energy() (a region
// whose master reduces, then a barrier).  The compute methods are `omp
// parallel for' loops (one with collapse(2), indexing through a member
// function) storing into the vector fields; the run loop tests only
// reduced values.  The run is repeated on a second duplicate of
// MPI_COMM_WORLD, built in a nested scope.
//
// Before the fix: collective-mismatch warnings at the calls of
// time_increment() and total_energy() and at the guard's MPI_Comm_free,
// all blamed on `*this.comm_' taken as written concurrently by the teams
// of the compute methods: their stores into `e_[k]', `p_[k]' went through
// addresses of `this' fields held in compiler temporaries (`D.1 =
// &this->e_', assigned again at -O2, `D.2 = D.1' in collapsed loops) on
// the region's copy of `this', which named the whole object.
//
// Under Open MPI (MPI_Comm a pointer to the library's global
// ompi_mpi_comm_world) the guard's MPI_Comm_free was still warned, its test
// blamed on that global as "a variable of another file, which may change
// it": the handle passed to run() was taken to carry what it points to
// (the library's global, and whatever get()'s result may point to).  A
// pointer to a structure the unit never completes is now an opaque handle
// (gimple/value_flow_model.cc, points_to_opaque_type).
// handle-spelling: a handle passed on carries its value, not the library's global it points to under Open MPI (a false warning there until 2026-11-29)
// description: LULESH-like C++ domain: RAII guards freeing a duplicated communicator and a datatype, vector fields written in parallel for (collapse) in methods, MPI in methods
// compile-flags: -fopenmp
// expect-run: 2 ok threads=1
// expect-run: 2 ok threads=2 repeat=2
// expect-run: 2 ok threads=4 repeat=2
// expect-run: 1 ok threads=2
// expect-run: 3 ok threads=2
// expect-run-args: instrument=all
#include <mpi.h>
#include <omp.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

class CommGuard {
public:
  explicit CommGuard(MPI_Comm parent) { MPI_Comm_dup(parent, &comm_); }
  ~CommGuard()
  {
    if (comm_ != MPI_COMM_NULL)
      MPI_Comm_free(&comm_);
  }
  CommGuard(const CommGuard &) = delete;
  CommGuard &operator=(const CommGuard &) = delete;
  MPI_Comm get() const { return comm_; }

private:
  MPI_Comm comm_ = MPI_COMM_NULL;
};

class TypeGuard {
public:
  TypeGuard(int count, int stride)
  {
    MPI_Type_vector(count, 1, stride, MPI_DOUBLE, &type_);
    MPI_Type_commit(&type_);
  }
  ~TypeGuard() { MPI_Type_free(&type_); }
  TypeGuard(const TypeGuard &) = delete;
  TypeGuard &operator=(const TypeGuard &) = delete;
  MPI_Datatype get() const { return type_; }

private:
  MPI_Datatype type_;
};

class Domain {
public:
  Domain(MPI_Comm world, int nx, int ny)
      : comm_(world), column_(ny, nx + 2), nx_(nx), ny_(ny),
        e_((nx + 2) * ny, 1.0), p_((nx + 2) * ny, 0.0), v_((nx + 2) * ny, 1.0)
  {
    MPI_Comm_rank(comm_.get(), &rank_);
    MPI_Comm_size(comm_.get(), &size_);
    left_ = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
    right_ = rank_ < size_ - 1 ? rank_ + 1 : MPI_PROC_NULL;
    for (int j = 0; j < ny_; j++)
      for (int i = 1; i <= nx_; i++)
        e_[idx(i, j)] = 1.0 + 0.1 * ((i + j + rank_) % 4);
  }

  void exchange()
  {
    MPI_Sendrecv(&e_[idx(nx_, 0)], 1, column_.get(), right_, 0, &e_[idx(0, 0)], 1,
                 column_.get(), left_, 0, comm_.get(), MPI_STATUS_IGNORE);
    MPI_Sendrecv(&e_[idx(1, 0)], 1, column_.get(), left_, 1, &e_[idx(nx_ + 1, 0)], 1,
                 column_.get(), right_, 1, comm_.get(), MPI_STATUS_IGNORE);
  }

  void compute_pressure()
  {
    const int n = static_cast<int>(p_.size());
#pragma omp parallel for
    for (int k = 0; k < n; k++)
      p_[k] = 0.4 * e_[k] / v_[k];
  }

  void update_energy(double dt)
  {
#pragma omp parallel for collapse(2)
    for (int j = 0; j < ny_; j++)
      for (int i = 1; i <= nx_; i++)
        e_[idx(i, j)] -= dt * (p_[idx(i, j)] - 0.25 * (e_[idx(i - 1, j)] + e_[idx(i + 1, j)]));
  }

  double reduce_min(double local) const
  {
    double global = local;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MIN, comm_.get());
    return global;
  }

  double time_increment()
  {
    double dtmin = 1.0e20;
    const int n = static_cast<int>(p_.size());
#pragma omp parallel for reduction(min : dtmin)
    for (int k = 0; k < n; k++)
      dtmin = std::min(dtmin, 0.1 / (1.0 + std::fabs(p_[k])));
    return reduce_min(dtmin);
  }

  // Energy check inside one region: the master reduces between barriers.
  double total_energy()
  {
    double local = 0.0, global = 0.0;
    const int n = static_cast<int>(e_.size());
#pragma omp parallel
    {
#pragma omp for reduction(+ : local)
      for (int k = 0; k < n; k++)
        local += e_[k];
#pragma omp master
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_.get());
#pragma omp barrier
    }
    return global;
  }

  int rank() const { return rank_; }

private:
  int idx(int i, int j) const { return j * (nx_ + 2) + i; }
  CommGuard comm_;
  TypeGuard column_;
  int nx_, ny_, rank_ = 0, size_ = 1, left_ = MPI_PROC_NULL, right_ = MPI_PROC_NULL;
  std::vector<double> e_, p_, v_;
};

static int run(MPI_Comm world, double stop_time)
{
  Domain domain(world, 32, 16);
  double time = 0.0;
  int cycle = 0;
  while (time < stop_time && cycle < 50) {
    domain.exchange();
    domain.compute_pressure();
    double dt = domain.time_increment();
    domain.update_energy(dt);
    time += dt;
    cycle++;
    if (cycle % 10 == 0) {
      double e = domain.total_energy();
      if (domain.rank() == 0)
        std::printf("cycle %d time %g energy %g\n", cycle, time, e);
    }
  }
  return cycle;
}

int main(int argc, char **argv)
{
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int cycles = run(MPI_COMM_WORLD, 1.0);
  {
    CommGuard again(MPI_COMM_WORLD);
    int r;
    MPI_Comm_rank(again.get(), &r);
    cycles += run(again.get(), 0.5);
  }
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    std::printf("domain: %d cycles\n", cycles);
  if (cycles < 2 || cycles > 100)
    MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Finalize();
  return 0;
}
