// Values through the C++ library's streams and strings (value_flow_library.cc,
// the std:: entries): what an extraction from a std::istringstream, a
// std::getline, std::stoi or std::stod gives comes from the string the
// stream was built on; a std::ifstream reads a file and std::cin the
// standard input, whose data may differ.  An operator>> of the program's
// own is analysed from its body.
#include <mpi.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

struct Cell {
  int value = 0;
};

// The program's own extraction: it stores the rank, whatever it reads.
static std::istream &operator>>(std::istream &in, Cell &cell) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  in >> cell.value;
  cell.value += rank;
  return in;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::istringstream constant("12 2.5");
  int n = 0;
  double x = 0;
  constant >> n >> x;
  if (n > x) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  std::istringstream lines("a=1\nb=2\n");
  std::string line;
  std::getline(lines, line);
  if (std::stoi(line.substr(2)) > 0) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  if (std::stod(std::string("0.5")) < 1) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  // The rank written into a stream, read back.
  std::ostringstream out;
  out << rank;
  std::istringstream back(out.str());
  int r = 0;
  back >> r;
  if (r == 0) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
  // A string made from the rank, a stream on it (std::to_string writes
  // the digits through a pointer the analysis does not follow: it differs,
  // for a reason other than the rank).
  std::istringstream made(std::to_string(rank));
  int m = 0;
  made >> m;
  if (m == 0) // value-flow: differs
    MPI_Barrier(MPI_COMM_WORLD);
  Cell cell;
  std::istringstream cells("3");
  cells >> cell;
  if (cell.value > 3) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
  int typed = 0;
  std::cin >> typed;
  if (typed > 0) // value-flow: differs
    MPI_Barrier(MPI_COMM_WORLD);
  std::ifstream file("/proc/self/stat");
  long pid = 0;
  file >> pid;
  if (pid > 0) // value-flow: differs
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
  // The static initialisation <iostream> adds to the file (std::ios_base::Init)
  // tests its arguments at the file's last line.
} // value-flow: uniform
