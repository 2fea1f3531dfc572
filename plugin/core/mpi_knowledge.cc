#include "mpi_knowledge.h"

#include <cstring>
#include <string>
#include <unordered_map>

namespace parcoach {

namespace {

#define at_NOWHERE SizeCompared::Nowhere
#define at_EVERY SizeCompared::Every
#define at_ROOT SizeCompared::Root
#define at_TOTAL SizeCompared::Total
#define at_PEER SizeCompared::Peer
#define at_PEERS SizeCompared::Peers
#define PARCOACH_ARGUMENTS(shape, root, op, sbuf, scount, stype, sat, rbuf, rcount, rtype, rat) \
  const CollectiveArguments shape_##shape = {#shape, root, op, {sbuf, scount, stype, at_##sat}, \
                                             {rbuf, rcount, rtype, at_##rat}};
#include "mpi_collectives.def"
#undef PARCOACH_ARGUMENTS

const MpiCollective table[] = {
#define PARCOACH_COLLECTIVE(c_name, f_name, family, arg, kind, arguments) \
  {#c_name, #f_name, family_of_##family, arg, kind_of_##kind, &shape_##arguments, 0},
#define family_of_BLOCKING CollectiveFamily::Blocking
#define family_of_NONBLOCKING CollectiveFamily::Nonblocking
#define family_of_PERSISTENT CollectiveFamily::Persistent
#define family_of_NEIGHBORHOOD CollectiveFamily::Neighborhood
#define family_of_COMMUNICATOR CollectiveFamily::Communicator
#define family_of_WINDOW CollectiveFamily::Window
#define family_of_FILE_IO CollectiveFamily::FileIO
#define family_of_FINALIZE CollectiveFamily::Finalize
#define kind_of_COMM HandleKind::Comm
#define kind_of_COMM_PTR HandleKind::CommPtr
#define kind_of_WIN HandleKind::Win
#define kind_of_WIN_PTR HandleKind::WinPtr
#define kind_of_FILE HandleKind::File
#define kind_of_FILE_PTR HandleKind::FilePtr
#define kind_of_WORLD HandleKind::World
#include "mpi_collectives.def"
#undef PARCOACH_COLLECTIVE
};

constexpr std::size_t table_size = sizeof table / sizeof table[0];

// Colours are positions + 1; filled once so the table above stays a plain
// list.
struct ColouredTable {
  MpiCollective entries[table_size];
  ColouredTable() {
    for (std::size_t i = 0; i < table_size; ++i) {
      entries[i] = table[i];
      entries[i].colour = static_cast<int>(i) + 1;
    }
  }
};

const ColouredTable &coloured() {
  static const ColouredTable instance;
  return instance;
}

bool starts_with(const char *s, const char *prefix) {
  return std::strncmp(s, prefix, std::strlen(prefix)) == 0;
}

} // namespace

bool CollectiveArguments::compares_anything() const {
  return root >= 0 || op >= 0 || send.compared != SizeCompared::Nowhere ||
         recv.compared != SizeCompared::Nowhere;
}

bool wrapper_checks_counts(const MpiCollective &collective) {
  auto per_pair = [](SizeCompared c) { return c == SizeCompared::Peer || c == SizeCompared::Peers; };
  const CollectiveArguments &a = *collective.arguments;
  return collective.family == CollectiveFamily::Blocking &&
         ((per_pair(a.send.compared) && per_pair(a.recv.compared)) ||
          (a.op >= 0 && a.send.compared == SizeCompared::Total));
}

const MpiCollective *collectives_begin() { return coloured().entries; }
const MpiCollective *collectives_end() { return coloured().entries + table_size; }
std::size_t collective_count() { return table_size; }

const MpiCollective *find_collective(const char *callee, SourceLanguage language) {
  // Called for every call statement of every function: index the names once.
  using Index = std::unordered_map<std::string, const MpiCollective *>;
  static const Index by_c_name = [] {
    Index index;
    for (const MpiCollective *c = collectives_begin(); c != collectives_end(); ++c)
      index.emplace(c->c_name, c);
    return index;
  }();
  static const Index by_fortran_name = [] {
    Index index;
    for (const MpiCollective *c = collectives_begin(); c != collectives_end(); ++c)
      index.emplace(c->fortran_name, c);
    return index;
  }();
  if (!callee)
    return nullptr;
  const Index &index = language == SourceLanguage::Fortran ? by_fortran_name : by_c_name;
  auto found = index.find(callee);
  return found == index.end() ? nullptr : found->second;
}

const MpiCollective *collective_by_colour(int colour) {
  if (colour < 1 || static_cast<std::size_t>(colour) > table_size)
    return nullptr;
  return collectives_begin() + (colour - 1);
}

bool terminates_job(const char *callee) {
  static const char *const exact[] = {
      "MPI_Abort", "PMPI_Abort", "mpi_abort", "pmpi_abort", "abort",
      "__builtin_abort", "__builtin_trap", "__builtin_unreachable"};
  static const char *const prefixes[] = {
      "_gfortran_error_stop", "_gfortran_runtime_error", "_gfortran_os_error",
      "_gfortran_generate_error"};
  if (!callee)
    return false;
  for (const char *name : exact)
    if (std::strcmp(callee, name) == 0)
      return true;
  for (const char *prefix : prefixes)
    if (starts_with(callee, prefix))
      return true;
  return false;
}

bool selects_threads(const char *callee) {
  static const char *const names[] = {
      "GOMP_single_start", "__builtin_GOMP_single_start",
      "omp_get_thread_num", "__builtin_omp_get_thread_num",
      "GOMP_sections_start", "__builtin_GOMP_sections_start",
      "GOMP_sections_next", "__builtin_GOMP_sections_next"};
  if (!callee)
    return false;
  for (const char *name : names)
    if (std::strcmp(callee, name) == 0)
      return true;
  return false;
}

std::size_t mpich_predefined_datatype_size(unsigned long long handle) {
  if (handle > 0xffffffffull || (handle & 0xfc000000ull) != 0x4c000000ull)
    return 0;
  return (std::size_t)((handle >> 8) & 0xff);
}

std::size_t open_mpi_fortran_datatype_size(unsigned long long handle) {
  static const struct {
    unsigned long long handle;
    std::size_t size;
  } sizes[] = {
      {1, 1},   // MPI_BYTE
      {5, 1},   // MPI_CHARACTER
      {6, 4},   // MPI_LOGICAL
      {7, 4},   // MPI_INTEGER
      {8, 1},   // MPI_INTEGER1
      {9, 2},   // MPI_INTEGER2
      {10, 4},  // MPI_INTEGER4
      {11, 8},  // MPI_INTEGER8
      {13, 4},  // MPI_REAL
      {14, 4},  // MPI_REAL4
      {15, 8},  // MPI_REAL8
      {17, 8},  // MPI_DOUBLE_PRECISION
      {18, 8},  // MPI_COMPLEX
      {22, 16}, // MPI_DOUBLE_COMPLEX
  };
  for (const auto &entry : sizes)
    if (entry.handle == handle)
      return entry.size;
  return 0;
}

PredefinedCType open_mpi_predefined_datatype(const char *symbol) {
  static const struct {
    const char *symbol;
    PredefinedCType type;
  } table[] = {
      {"ompi_mpi_char", PredefinedCType::Char},
      {"ompi_mpi_signed_char", PredefinedCType::SignedChar},
      {"ompi_mpi_unsigned_char", PredefinedCType::UnsignedChar},
      {"ompi_mpi_short", PredefinedCType::Short},
      {"ompi_mpi_unsigned_short", PredefinedCType::UnsignedShort},
      {"ompi_mpi_int", PredefinedCType::Int},
      {"ompi_mpi_unsigned", PredefinedCType::Unsigned},
      {"ompi_mpi_long", PredefinedCType::Long},
      {"ompi_mpi_unsigned_long", PredefinedCType::UnsignedLong},
      {"ompi_mpi_long_long_int", PredefinedCType::LongLong},
      {"ompi_mpi_unsigned_long_long", PredefinedCType::UnsignedLongLong},
      {"ompi_mpi_float", PredefinedCType::Float},
      {"ompi_mpi_double", PredefinedCType::Double},
      {"ompi_mpi_long_double", PredefinedCType::LongDouble},
  };
  if (symbol)
    for (const auto &entry : table)
      if (std::strcmp(entry.symbol, symbol) == 0)
        return entry.type;
  return PredefinedCType::None;
}

bool mpich_composite_datatype(unsigned long long handle) {
  // mpi.h: the pair types of MPI_MINLOC/MAXLOC are 0x8c0000NN; MPI_PACKED,
  // MPI_LB, MPI_UB, MPI_2INT and the Fortran pairs are 0x4cSSSSKK handles
  // like the basic types, so listed.
  static const unsigned long long listed[] = {
      0x4c00010f /* MPI_PACKED */, 0x4c000010 /* MPI_LB */,  0x4c000011 /* MPI_UB */,
      0x4c000816 /* MPI_2INT */,   0x4c000820 /* MPI_2INTEGER */, 0x4c000821 /* MPI_2REAL */,
      0x4c001023 /* MPI_2DOUBLE_PRECISION */, 0x4c001024 /* MPI_2COMPLEX */,
      0x4c002025 /* MPI_2DOUBLE_COMPLEX */};
  if ((handle & 0xffffff00ULL) == 0x8c000000ULL)
    return true;
  for (unsigned long long composite : listed)
    if (handle == composite)
      return true;
  return false;
}

bool open_mpi_composite_datatype(const char *symbol) {
  static const char *const listed[] = {
      "ompi_mpi_packed", "ompi_mpi_lb", "ompi_mpi_ub", "ompi_mpi_float_int",
      "ompi_mpi_double_int", "ompi_mpi_longdbl_int", "ompi_mpi_long_int", "ompi_mpi_short_int",
      "ompi_mpi_2int", "ompi_mpi_2integer", "ompi_mpi_2real", "ompi_mpi_2dblprec",
      "ompi_mpi_2cplex", "ompi_mpi_2dblcplex"};
  if (symbol)
    for (const char *composite : listed)
      if (std::strcmp(symbol, composite) == 0)
        return true;
  return false;
}

} // namespace parcoach
