// A configuration object holding std::strings beside its numbers, printed
// by rank 0 only (c_str(), size(), a const reference to the object), then
// read by every process: the time loop runs cfg.steps iterations and
// stops early on an MPI_Allreduce result.  The calls under the rank test
// are const members of std::string: they read the object, they do not
// write it, so cfg.steps stays the same everywhere.  Nothing to warn,
// nothing to stop.
//
// description: config struct with std::string fields printed through c_str() and size() under `rank == 0', then its step count and tolerance bound a loop of Allreduce calls
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cstdio>
#include <string>

struct Config {
  std::string case_name = "sod";
  std::string output_prefix = "run";
  int steps = 40;
  double tolerance = 1e-9;
};

static void print_config(const Config &cfg) {
  std::printf("case %s (%zu chars), output %s, %d steps, tolerance %g\n", cfg.case_name.c_str(),
              cfg.case_name.size(), cfg.output_prefix.c_str(), cfg.steps, cfg.tolerance);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Config cfg;
  if (argc > 1)
    cfg.case_name = argv[1];
  if (rank == 0) {
    std::printf("%s: starting\n", cfg.case_name.c_str());
    print_config(cfg);
  }
  double change = 1.0;
  int step = 0;
  for (; step < cfg.steps && change > cfg.tolerance; ++step) {
    double local = 1.0 / ((step + 1.0) * (step + 1.0) * (rank + 1.0));
    MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  if (rank == 0)
    std::printf("%s: %d steps, last change %g\n", cfg.output_prefix.c_str(), step, change);
  MPI_Finalize();
  return 0;
}
