// Lookups over the MPI table (mpi_collectives.def) and the few other facts
// about library calls the analyses need.  No GCC headers.
#ifndef PARCOACH_CORE_MPI_KNOWLEDGE_H
#define PARCOACH_CORE_MPI_KNOWLEDGE_H

#include <cstddef>

namespace parcoach {

enum class CollectiveFamily {
  Blocking, Nonblocking, Persistent, Neighborhood, Communicator, Window,
  FileIO, Finalize
};

// What the argument at `handle_arg' is; see mpi_collectives.def.
enum class HandleKind { Comm, CommPtr, Win, WinPtr, File, FilePtr, World };

enum class SourceLanguage { C, Fortran };

// Where the size of one side of a collective's data is compared; see
// PARCOACH_ARGUMENTS in mpi_collectives.def.
enum class SizeCompared { Nowhere, Every, Root, Total, Peer, Peers };

// One side (send or receive) of the data: 0-based argument positions, -1
// when absent.
struct DataArguments {
  int buffer;
  int count; // with SizeCompared::Total or Peers, an array of one count per process
  int datatype;
  SizeCompared compared;
};

// The arguments every process of the communicator must give alike.
struct CollectiveArguments {
  const char *shape; // the PARCOACH_ARGUMENTS name, for messages and tests
  int root;          // position, or -1
  int op;            // position, or -1
  DataArguments send;
  DataArguments recv;
  bool compares_anything() const;
};

struct MpiCollective {
  const char *c_name;
  const char *fortran_name;
  CollectiveFamily family;
  int handle_arg;
  HandleKind handle_kind;
  const CollectiveArguments *arguments; // never null
  int colour; // position in the table + 1; 0 is reserved for "leaving"
};

// The whole table, in .def order.
const MpiCollective *collectives_begin();
const MpiCollective *collectives_end();
std::size_t collective_count();

// The collective called `callee' in `language', or nullptr.
const MpiCollective *find_collective(const char *callee, SourceLanguage language);
// The collective of a colour, or nullptr (colour 0 or unknown).
const MpiCollective *collective_by_colour(int colour);

// Whether the runtime's wrapper of `collective' compares its per-process
// counts across processes before the call (rtlib/parcoach_count_checks.c):
// the blocking v-variants (Peer and Peers sides) and MPI_Reduce_scatter
// (an array of counts every process must give alike).
bool wrapper_checks_counts(const MpiCollective &collective);

// Calls after which no process of the job continues: MPI_Abort, abort,
// traps, Fortran ERROR STOP.  A branch ending in one never deadlocks.
bool terminates_job(const char *callee);

// Calls whose result selects threads, not processes: the thread tests that
// OpenMP lowering emits for single, master/masked and sections, and
// omp_get_thread_num.  A branch on them is not process divergence.
bool selects_threads(const char *callee);

// The C types of MPI's predefined datatypes whose size the value flow
// compares with a buffer's elements (a broadcast covering a whole
// std::vector).
enum class PredefinedCType {
  None, Char, SignedChar, UnsignedChar, Short, UnsignedShort, Int, Unsigned, Long,
  UnsignedLong, LongLong, UnsignedLongLong, Float, Double, LongDouble
};

// MPICH (and its derivatives) spell a predefined datatype as an integer
// handle 0x4cNNSSKK whose byte SS is its size in bytes: that size, or 0
// for any other value.
std::size_t mpich_predefined_datatype_size(unsigned long long handle);

// Open MPI's Fortran bindings spell the basic Fortran ones as small
// integers (mpif-handles.h: MPI_INTEGER 7, MPI_DOUBLE_PRECISION 17...):
// the size in bytes with gfortran's default kinds, or 0.
std::size_t open_mpi_fortran_datatype_size(unsigned long long handle);

// Open MPI spells one as the address of a global ompi_mpi_<type>: the C
// type of the global called `symbol', or None.
PredefinedCType open_mpi_predefined_datatype(const char *symbol);

// Predefined datatypes that hold several basic values or none (MPI_2INT
// and the other MINLOC/MAXLOC pairs, MPI_PACKED, MPI_LB, MPI_UB): one of
// them may match a count of basic types.  MPICH spells them as the
// integer `handle', Open MPI as the address of the global `symbol' (null:
// not that spelling).
bool mpich_composite_datatype(unsigned long long handle);
bool open_mpi_composite_datatype(const char *symbol);

} // namespace parcoach

#endif
