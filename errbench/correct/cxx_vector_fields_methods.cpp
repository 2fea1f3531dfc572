// A C++ solver class, MPI_THREAD_FUNNELED (issue 14): it owns a duplicated
// communicator (freed by its destructor) and std::vector fields that its
// methods update in `omp parallel for' loops (v[i] = ... through
// std::vector::operator[]); norm() reduces in the team, then with
// MPI_Allreduce on the member communicator; the iteration loop of
// solve() and the caller's time loop test only reduced values.  Stores
// into the elements of one vector field change that field only: the
// communicator beside it stays the one every process duplicated.
//
// Before the fix: collective-mismatch warnings at the calls of norm(),
// blamed on the loops: inside a region, `this' is the region's copy
// (`this = .omp_data_i->this'), which was not taken as one pointer for
// the whole region, so `&this->u_' given to operator[] named every field
// of the object, and every field (comm_ included) was taken as written
// concurrently by the team.
//
// description: C++ class with std::vector fields written in omp parallel for inside methods, member communicator reduced in another method, loops on reduced values
// compile-flags: -fopenmp
// expect-run: 2 ok threads=1
// expect-run: 2 ok threads=2 repeat=2
// expect-run: 2 ok threads=4 repeat=2
// expect-run: 1 ok threads=2
// expect-run: 3 ok threads=2
// expect-run-args: instrument=all
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
      f_[i] = 1.0 + ((i + rank_) % 4);
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

  int solve(double tol)
  {
    int it = 0;
    double res = norm();
    while (res > tol && it < 200) {
      sweep();
      res = norm();
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
