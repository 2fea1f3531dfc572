// Value flow, C++ library: an application reads its settings the way real
// codes do, from a built-in text of "key = value" lines (std::getline on a
// std::istringstream, then operator>> on each line) and from key=value
// command-line arguments (std::getline with a delimiter, std::ostringstream
// to rebuild the line), converting with operator>>, std::stoi and
// std::stod.  The steps, the tolerance and the block count then drive the
// loops around MPI_Allreduce and MPI_Barrier.  What libstdc++'s extraction
// and conversion functions return comes from the text and the arguments,
// the same on every process (an SPMD launch gives all of them one argument
// list): nothing to warn, nothing to stop.
//
// description: value flow: settings parsed with istringstream, getline, stoi and stod from constants and argv drive collective loops: silent
// expect-run: 1 ok
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>

#include <cstdio>
#include <sstream>
#include <string>

namespace {

const char *const kDefaults = "# solver settings\n"
                              "steps = 4\n"
                              "tolerance = 1e-3\n"
                              "blocks = 3\n"
                              "scale = 0.5\n"
                              "name = relax\n";

struct Settings {
  int steps = 1;
  double tolerance = 1e-2;
  int blocks = 1;
  double scale = 0.5;
  std::string name = "default";
};

// One "key = value" line; other lines are ignored.
void apply_line(Settings &settings, const std::string &line) {
  std::istringstream fields(line);
  std::string key, equals, value;
  if (!(fields >> key >> equals >> value) || equals != "=")
    return;
  if (key == "steps") {
    settings.steps = std::stoi(value);
  } else if (key == "tolerance") {
    settings.tolerance = std::stod(value);
  } else if (key == "blocks") {
    std::istringstream in(value);
    if (!(in >> settings.blocks) || settings.blocks < 1)
      settings.blocks = 1;
  } else if (key == "scale") {
    std::istringstream in(value);
    in >> settings.scale;
  } else if (key == "name") {
    settings.name = value;
  }
}

Settings parse(const std::string &text) {
  Settings settings;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty() && line[0] != '#')
      apply_line(settings, line);
  return settings;
}

// key=value arguments override the built-in text.
void apply_arguments(Settings &settings, int argc, char **argv) {
  for (int a = 1; a < argc; ++a) {
    std::istringstream pair(argv[a]);
    std::string key, value;
    if (std::getline(pair, key, '=') && std::getline(pair, value)) {
      std::ostringstream line;
      line << key << " = " << value;
      apply_line(settings, line.str());
    }
  }
}

int relax(MPI_Comm comm, double tolerance, double scale) {
  double change = 1.0;
  int iterations = 0;
  while (change > tolerance && iterations < 100) {
    double local = change * scale, global = 0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm);
    change = global;
    ++iterations;
  }
  return iterations;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Settings settings = parse(kDefaults);
  apply_arguments(settings, argc, argv);
  int total = 0;
  for (int step = 0; step < settings.steps; ++step) {
    total += relax(MPI_COMM_WORLD, settings.tolerance, settings.scale);
    for (int b = 0; b < settings.blocks; ++b)
      MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0)
    std::printf("%s: %d iterations\n", settings.name.c_str(), total);
  MPI_Finalize();
  return 0;
}
