// What the value-flow analysis knows of library calls (MPI, the C library,
// the OpenMP runtime, gfortran's runtime, the C++ library's streams and
// strings): which outputs are the same on every process, which may differ,
// which calls only read their pointer arguments.  Names are the callee's,
// in lower case, without __builtin_ nor PMPI's P, so that one entry serves
// C, C++ and Fortran; the C++ standard library's functions are known by
// their qualified name, in its case, with no template arguments
// ("std::basic_istream::_M_extract", "std::getline"; a constructor
// "std::basic_ifstream::basic_ifstream"), which the GIMPLE side gives
// only to functions declared in namespace std (a user's operator>> or
// getline is never one of them).  No GCC headers.
#ifndef PARCOACH_CORE_VALUE_FLOW_LIBRARY_H
#define PARCOACH_CORE_VALUE_FLOW_LIBRARY_H

#include "value_flow.h"

namespace parcoach {

enum class LibraryKind {
  Mpi,        // an MPI function; returns (Fortran: writes) an error code
  Source,     // its result and outputs may differ: rand, getenv, fread...
  Memory,     // copies into argument 0 from the others: memcpy, sprintf...
  Allocation, // returns new memory: malloc...
  InputsOnly, // only reads its pointer arguments: printf, free...
  Deterministic, // a result computed from its arguments only: atoi, strtol...
};

struct LibraryFunction {
  const char *name;
  LibraryKind kind;
  // Mpi: the number of C arguments (Fortran passes ierr after them; -1:
  // unknown), the argument naming the processes that agree on
  // `uniform_output' (a communicator, group or datatype), and the output
  // the same on all of them (-1: none).
  int arguments = -1;
  int communicator = -1;
  int uniform_output = -1;
  const char *uniform_phrase = nullptr; // "'n' <is broadcast by> MPI_Bcast"
  // The output that is the rank of the calling process in the
  // communicator at `communicator', or that communicator's size (-1:
  // none): see ValueFlowQuantity.
  int quantity_output = -1;
  ValueFlowQuantity::Kind quantity = ValueFlowQuantity::Kind::None;
  // The number of elements written to `uniform_output' (-1: not known),
  // and the argument giving their MPI datatype.
  int count = -1;
  int datatype = -1;
  // An output computed from the arguments only (and what they point to),
  // the same wherever they are: MPI_Dims_create's dims.
  int derived_output = -1;
  // The output where it stores a new communicator (-1: none): one
  // communicator, held by each of its members, MPI_COMM_NULL elsewhere
  // (ValueFlowFunction::splits); for MPI_Comm_split, the colour that
  // chose the members too.
  int new_communicator = -1;
  int split_colour = -1;
  // Pointer arguments written with values that may differ; none listed
  // and !inputs_only: every pointer argument.
  int differing_outputs[4] = {-1, -1, -1, -1};
  bool inputs_only = false;
  // Deterministic: the only pointer arguments written (-1: none listed,
  // every one unless inputs_only, which writes none).
  int deterministic_outputs[2] = {-1, -1};
  bool result_differs = false; // a result that is not an error code
  bool installs_error_handler = false;
  // Source, and an MPI routine's differing outputs: which dimension
  // differs (MPI_Is_thread_main's flag: between threads only).  Source:
  // the phrase before the name
  // ("depends on <data received by> MPI_Recv"), and the first pointer
  // argument it writes.
  bool process_source = true;
  bool thread_source = true;
  const char *phrase = "";
  unsigned first_output = 0;
  // Also writes through the pointers stored in what its arguments point
  // to (gfortran's I/O parameter block holds the addresses of IOSTAT=,
  // EXIST=... variables).
  bool deep = false;
  // Known by this entry even when the unit has the function's body (an
  // inline function of a library header: std::stoi, the constructor of
  // std::ifstream); else the body is analysed, as it may call the
  // program's own code (a template's arguments).
  bool over_body = false;
  // Deterministic, of the C++ library: stores into what its arguments
  // reach pointers to what the others reach (std::map's rebalancing links
  // a node into the tree); the others keep pointers within what each
  // argument reaches.
  bool links_arguments = false;
};

// The entry for `name' (lower case; std:: names in their case), or null.
// Every mpi_* name has one: an MPI function the table does not list writes
// values that may differ through all its pointer arguments, and retains
// none of them.  A member of a class of namespace std the table lists
// whole ("std::basic_istream::*") gets the class's entry, nested classes
// included (std::basic_istream::sentry).
const LibraryFunction *find_library_function(const char *name);

} // namespace parcoach

#endif
