#include "mpi_f08.h"

namespace parcoach {

namespace {

bool ends_with(const std::string &name, const std::string &suffix) {
  return name.size() > suffix.size() &&
         name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool starts_with(const std::string &name, const char *prefix) {
  return name.compare(0, std::string(prefix).size(), prefix) == 0;
}

// MPICH's suffixes: f08 for routines without choice buffers, f08ts for
// those with (TS 29113 assumed-type, assumed-rank), _large for the
// INTEGER(MPI_COUNT_KIND) overloads of MPI 4.0.
const char *const f08_suffixes[] = {"_f08ts_large", "_f08_large", "_f08ts", "_f08"};

} // namespace

std::string use_mpi_spelling_of_f08(const std::string &name) {
  if (!starts_with(name, "mpi_") && !starts_with(name, "pmpi_"))
    return "";
  for (const char *suffix : f08_suffixes)
    if (ends_with(name, suffix)) {
      std::string base = name.substr(0, name.size() - std::string(suffix).size());
      // "mpi_" alone, or "mpi__f08": no routine.
      return base.size() > 4 && base.back() != '_' ? base : "";
    }
  return "";
}

bool f08_passes_descriptors(const std::string &name) {
  return !use_mpi_spelling_of_f08(name).empty() &&
         (ends_with(name, "_f08ts") || ends_with(name, "_f08ts_large"));
}

bool f08_completion_unseen(const std::string &name) {
  return !use_mpi_spelling_of_f08(name).empty();
}

} // namespace parcoach
