// Erroneous twin of correct/cxx_benchmark_suite_initlist.cpp: the list of
// methods in braces names "cg" on rank 0 only (a debugging leftover), so
// rank 0 runs the conjugate-gradient kernel (two Allreduce per iteration)
// where the others run the stationary one (one per iteration).  The
// names read through the initializer_list still carry the rank: warned,
// and the run stops.  (The kernels' loops run `iterations' times, 3 at
// both calls: not blamed.)
//
// description: twin of correct/cxx_benchmark_suite_initlist.cpp: an initializer_list of method names whose second entry depends on the rank selects kernels with different collectives
// expect-warning: 49 collective-mismatch
// expect-conditional: 47
// expect-conditional: 49
// expect-run: 2 stop
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <string>

static double dot(double local, MPI_Comm comm)
{
  double global = 0.0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
  return global;
}

static double conjugate_gradient(int iterations, MPI_Comm comm)
{
  double rho = 1.0;
  for (int it = 0; it < iterations; ++it)
    rho = dot(rho / (1.0 + dot(rho, comm)), comm);
  return rho;
}

static double stationary(int iterations, MPI_Comm comm)
{
  double r = 1.0;
  for (int it = 0; it < iterations; ++it)
    r = std::sqrt(dot(0.25 * r * r, comm));
  return r;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (const char *name : {"jacobi", rank == 0 ? "cg" : "jacobi"}) {
    std::string method(name);
    double result = method == "cg" ? conjugate_gradient(3, MPI_COMM_WORLD)
                                   : stationary(3, MPI_COMM_WORLD);
    if (rank == 0)
      std::printf("%-8s %.3e\n", method.c_str(), result);
  }
  MPI_Finalize();
  return 0;
}
