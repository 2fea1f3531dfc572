// The erroneous twin of correct/cxx_vector_fields_methods.cpp (issue 14):
// the same class, whose vector fields are written in `omp parallel for'
// loops of its methods, but solve() stops on this process's own residual
// (local_norm(), computed from the vector fields without a reduction)
// while each sweep calls norm(), which runs MPI_Allreduce.  The right-hand
// side depends on the rank, so processes need different numbers of
// sweeps.
//
// What is wrong: the MPI_Allreduce of norm() (called at line 83) runs a
// number of times that differs between processes, blamed on the loop
// exit at line 81.  Stores into one vector field name that field only,
// but its elements still depend on the rank.  main's time loop (line
// 106) is not blamed: t adds up norm()'s results, reduced on the
// object's own communicator, the same on all its members.  With 2
// processes the check before the call stops the run; 1 process is fine.
//
// description: C++ class with vector fields written in parallel for methods, loop on an unreduced norm of them around a reducing method: warned and stopped
// compile-flags: -fopenmp
// expect-warning: 83 collective-mismatch
// expect-conditional: 81
// expect-run: 2 stop threads=2
// expect-run: 1 ok threads=2
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <vector>

class Relaxation {
public:
  Relaxation(MPI_Comm parent, int cells) : u_(cells, 0.0), f_(cells, 0.0)
  {
    MPI_Comm_dup(parent, &comm_);
    MPI_Comm_rank(comm_, &rank_);
  }
  ~Relaxation() { MPI_Comm_free(&comm_); }
  Relaxation(const Relaxation &) = delete;
  Relaxation &operator=(const Relaxation &) = delete;

  void init()
  {
    const int n = static_cast<int>(f_.size());
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      f_[i] = 1.0 + rank_;
  }

  void sweep()
  {
    const int n = static_cast<int>(u_.size());
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++)
      u_[i] += 0.5 * (f_[i] - u_[i]);
  }

  double norm() const
  {
    double local = 0.0, global = 0.0;
    const int n = static_cast<int>(u_.size());
#pragma omp parallel for reduction(+ : local)
    for (int i = 0; i < n; i++)
      local += (f_[i] - u_[i]) * (f_[i] - u_[i]);
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return std::sqrt(global);
  }

  // This process's part only: no reduction.
  double local_norm() const
  {
    double local = 0.0;
    const int n = static_cast<int>(u_.size());
#pragma omp parallel for reduction(+ : local)
    for (int i = 0; i < n; i++)
      local += (f_[i] - u_[i]) * (f_[i] - u_[i]);
    return std::sqrt(local);
  }

  int solve(double tol)
  {
    int it = 0;
    double res = local_norm();
    while (res > tol && it < 200) {
      sweep();
      norm();
      res = local_norm();
      it++;
    }
    return it;
  }

private:
  MPI_Comm comm_;
  int rank_ = 0;
  std::vector<double> u_, f_;
};

int main(int argc, char **argv)
{
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int total = 0;
  {
    Relaxation r(MPI_COMM_WORLD, 1000);
    r.init();
    double t = 0.0;
    while (t < 3.0) {
      total += r.solve(1e-6);
      t += 1.0 + r.norm();
    }
  }
  if (rank == 0)
    std::printf("relaxation: %d sweeps\n", total);
  if (total < 10 || total > 600)
    MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Finalize();
  return 0;
}
