// Pure MPI C++ in the style of a solver benchmark driver: the methods to
// time are listed in braces (an initializer_list of names) and each name
// becomes a std::string that selects the kernel; the kernels reduce with
// MPI_Allreduce, the conjugate-gradient one once more per iteration for
// its second dot product.  Every process walks the same list in the same
// order: nothing to warn, nothing to stop.
//
// description: C++ benchmark driver: range-for over an initializer_list of method names turned into std::string, selecting kernels that run Allreduce loops
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <string>

class Kernel {
public:
  explicit Kernel(MPI_Comm comm) : comm_(comm) { MPI_Comm_rank(comm_, &rank_); }

  double dot(double local) const
  {
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return global;
  }

  double stationary(int iterations) const
  {
    double r = 1.0;
    for (int it = 0; it < iterations; ++it)
      r = std::sqrt(dot(0.25 * r * r));
    return r;
  }

  double conjugate_gradient(int iterations) const
  {
    double rho = 1.0;
    for (int it = 0; it < iterations; ++it) {
      double alpha = rho / (1.0 + dot(rho));
      rho = dot(alpha * alpha);
    }
    return rho;
  }

  int rank() const { return rank_; }

private:
  MPI_Comm comm_;
  int rank_ = 0;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  Kernel kernel(MPI_COMM_WORLD);
  for (const char *name : {"jacobi", "gauss-seidel", "cg"}) {
    std::string method(name);
    double start = MPI_Wtime();
    double result;
    if (method == "cg")
      result = kernel.conjugate_gradient(5);
    else
      result = kernel.stationary(method == "jacobi" ? 8 : 4);
    double elapsed = MPI_Wtime() - start;
    if (kernel.rank() == 0)
      std::printf("%-14s %.3e (%.6f s)\n", method.c_str(), result, elapsed);
  }
  MPI_Finalize();
  return 0;
}
