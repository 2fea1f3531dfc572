// Helpers taking and returning references, as C++ codes write them: a
// broadcast helper taking `double &', an accessor returning a reference to
// a member, std::max returning a reference to one of its arguments.
//
// Why it is correct: rank 0 reads the settings (one through the accessor),
// broadcast() gives each one to every process, so the loop count of line
// 46 and the test of line 51 are the same everywhere.  What PARCOACH must
// follow: a helper whose parameter is one scalar (`int &', `double &')
// replaces the field it is given (&settings.sweeps); a reference returned
// by a call points into the caller's own object, not to memory other code
// may change at any time, so neither the accessor nor std::max makes the
// object escape.  No warning.
//
// description: C++ reference helpers (double& broadcast, accessor returning a member reference, std::max): silent
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>

struct Settings {
  int sweeps = 3;
  double tolerance = 1e-6;
  double peak = 0.0;
  int &sweep_count() { return sweeps; }
};

static void broadcast(double &value) { MPI_Bcast(&value, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD); }
static void broadcast(int &value) { MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD); }

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Settings settings;
  if (rank == 0 && argc > 2) {
    settings.sweep_count() = std::atoi(argv[1]);
    settings.tolerance = std::atof(argv[2]);
  }
  broadcast(settings.sweeps);
  broadcast(settings.tolerance);
  double value = rank + 1.0;
  settings.peak = std::max(settings.peak, value);
  for (int sweep = 0; sweep < settings.sweeps; ++sweep) {
    double sum = 0.0;
    MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    value = sum / 2.0;
  }
  if (settings.tolerance > 0.5)
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("value %.3f, local peak %.1f\n", value, settings.peak);
  MPI_Finalize();
  return 0;
}
