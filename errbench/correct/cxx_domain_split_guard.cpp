// The LULESH-like domain of cxx_domain_raii_methods.cpp, but the RAII
// guard makes its communicator with MPI_Comm_split (the colour and key
// given by the caller: the same on every process here, so the split is a
// copy of MPI_COMM_WORLD), as codes do to build sub-domains.  The
// guard's destructor frees the communicator under `if (comm_ !=
// MPI_COMM_NULL)'.  Correct: every collective of a Domain runs on its
// own communicator, and the run loop tests values reduced on it.
//
// Known failure: a communicator made by MPI_Comm_split counts as
// differing across the whole world (plugin/core/DESIGN, "Limits"); what
// is the same among its members only (the MPI_Allreduce results on it,
// the MPI_COMM_NULL test) is recognised only when the test and the
// collectives are in one function, the collectives called there on the
// variable the reduction passed (communicator_membership.h).  Here
// the split is in the guard's constructor, the reductions in methods of
// the Domain holding the guard, the test in the guard's destructor and
// the loop in run(): following "the same on every member of the
// communicator in this field" across constructors, members and calls is
// a redesign of the value flow (a relative fact per communicator), not
// done.  Warnings at the calls of time_increment() and total_energy() in
// run() and at MPI_Comm_free in the destructor; the runs are clean.
//
// description: LULESH-like C++ domain whose RAII guard splits the communicator: MPI in methods, loop on values reduced on the split communicator
// compile-flags: -fopenmp
// expect-run: 2 ok threads=1
// expect-run: 2 ok threads=2
// expect-run: 1 ok threads=2
// expect-run: 3 ok threads=2
#include <mpi.h>
#include <omp.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

class CommGuard {
public:
  CommGuard(MPI_Comm parent, int colour, int key) { MPI_Comm_split(parent, colour, key, &comm_); }
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
      : comm_(world, 0, 0), column_(ny, nx + 2), nx_(nx), ny_(ny),
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
    CommGuard half(MPI_COMM_WORLD, 0, 1);
    int r;
    MPI_Comm_rank(half.get(), &r);
    cycles += run(half.get(), 0.5);
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
