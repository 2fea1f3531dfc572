// Where the run-time buffer checks go (rtlib/parcoach_buffers.c): a pure
// function over a small record of one function that knows nothing of GCC.
// The reader (gimple/buffer_checks.cc) records, per block in statement
// order:
//   Start   a call that leaves an operation pending on a buffer (a
//           nonblocking send, receive or collective, MPI_Start, an RMA
//           operation whose origin buffer stays in use until a
//           synchronization)
//   Access  a load or store of memory, with the variable it is part of
//           (-1: memory reached through a pointer, any variable)
//   CompleteAll  a call proved to complete every operation the function
//           starts (MPI_Waitall over the whole local array that receives
//           every request of the function)
// and, per variable, whether it may be the buffer of such an operation:
// its address reaches a starting call or anything else the analysis does
// not follow (a local whose address is never taken cannot be one).
//
// An access gets a check when some path from a Start reaches it without
// a CompleteAll after the Start (the operation may still be pending there:
// what the compiler cannot prove complete is the runtime's business, which
// knows each request) and its memory may be a buffer.
#ifndef PARCOACH_CORE_BUFFER_ACCESSES_H
#define PARCOACH_CORE_BUFFER_ACCESSES_H

#include <vector>

namespace parcoach {

struct BufferEvent {
  enum class Kind { Start, Access, CompleteAll };
  Kind kind;
  int access = -1;   // Access: the reader's index of the access
  int variable = -1; // Access: the variable, or -1 (through a pointer)
};

struct BufferBlock {
  std::vector<BufferEvent> events; // in statement order
  std::vector<int> successors;     // block indices
};

struct BufferFunction {
  std::vector<BufferBlock> blocks;
  int entry = 0;
  // One element per variable: whether it may be a pending buffer.
  std::vector<bool> may_be_buffer;
};

// The indices of the accesses to check, in increasing order.
std::vector<int> accesses_to_check(const BufferFunction &function);

} // namespace parcoach

#endif
