// The lifecycle of nonblocking requests in one function ([parcoach:request]):
// a must-analysis over a small record of the function that knows nothing of
// GCC.  The reader (gimple/request_events.cc) records only the handle
// variables it fully understands -- a scalar MPI_Request whose address is
// only ever passed to MPI routines and which is otherwise only assigned --
// so that every change of such a handle's request is an event here:
//   Create    a nonblocking call writes a new active request into it
//   Touch     any other MPI call given its address (MPI_Wait, MPI_Test,
//             MPI_Request_free, MPI_Start, MPI_Cancel...), or an
//             assignment: from then on the request may be complete
//   Finalize  MPI_Finalize
//   Return    the function returns (the handles that die there are marked)
//   Read, Write  a direct access to a buffer variable the reader follows
//             (a scalar given by address to a nonblocking call as its whole
//             buffer, or a local array from a constant element on, with a
//             constant count of a predefined datatype): a Create names the
//             buffer of its request, and whether it receives into it
//   Buffer    one more buffer of the Create of the same site (a collective's
//             send and receive buffers)
// Buffers and accesses carry the bytes of their variable they cover
// (RequestEvent::first/end): an access is reported only when it certainly
// overlaps the bytes the operation certainly uses (certainly_overlaps).
// A request is "certainly active" at a point when every path from the
// entry to that point goes through its Create and no later Touch of its
// handle.  Reported, only then:
//   - ActiveAtFinalize: MPI_Finalize runs with the request certainly
//     active (MPI requires every request completed before it);
//   - Overwritten: a Create writes a handle whose request is certainly
//     active: that request can no longer be completed;
//   - ActiveAtReturn: the function returns with the request certainly
//     active in a handle that dies there;
//   - BufferAccessed: the buffer of a request certainly active is read or
//     written (receive) or written (send) before the request completes,
//     at bytes the operation certainly uses.
// Anything less than certain is left to the run-time tracking.
#ifndef PARCOACH_CORE_REQUEST_LIFECYCLE_H
#define PARCOACH_CORE_REQUEST_LIFECYCLE_H

#include <vector>

namespace parcoach {

struct RequestEvent {
  enum class Kind { Create, Touch, Finalize, Return, Read, Write, Buffer };
  Kind kind;
  int handle; // Create, Touch: the handle's index; otherwise -1
  int site;   // the reader's own index of the statement (for reporting)
  // Create, Buffer: the buffer of the request (-1: none followed) and
  // whether the call receives into it.  Read, Write: the buffer accessed.
  int buffer = -1;
  bool receives = false;
  // The bytes of the buffer variable concerned, [first, end); end < 0: the
  // whole variable.  Create, Buffer: bytes the operation certainly uses (a
  // lower bound).  Read, Write: with `exact', the bytes accessed; without,
  // the bytes the access may fall in (a variable index: it touches some of
  // them, which ones is unknown).
  long long first = 0;
  long long end = -1;
  bool exact = true;
};

// Whether an access certainly touches bytes an operation certainly uses:
// `use' is a Create or Buffer event, `access' a Read or Write of the same
// buffer.  An exact access overlapping the used bytes; an inexact one whose
// whole possible range lies inside them.  An empty range never overlaps.
bool certainly_overlaps(const RequestEvent &use, const RequestEvent &access);

// The buffers of a nonblocking call (C binding) the static buffer rule
// follows: argument positions of buffer, count and datatype, and whether the
// call receives into the buffer.  Only the buffers every process uses
// (a rooted collective's root-only buffers are left out; MPI_Ibcast's buffer
// is taken as a send buffer: written nowhere, read on the root).  Empty for
// a routine not known here.
struct NonblockingBuffer {
  int buffer;
  int count;
  int datatype;
  bool receives;
};
std::vector<NonblockingBuffer> nonblocking_buffers(const char *c_name);
// The position of the request argument of those calls (-1: unknown).
int nonblocking_request_position(const char *c_name);

struct RequestBlock {
  std::vector<RequestEvent> events; // in statement order
  std::vector<int> successors;      // block indices
};

struct RequestFunction {
  std::vector<RequestBlock> blocks;
  int entry = 0;
  // One element per handle: whether the handle dies when the function
  // returns (a local variable, not a static one).
  std::vector<bool> dies_at_return;
};

struct RequestFinding {
  enum class Kind { ActiveAtFinalize, Overwritten, ActiveAtReturn, BufferAccessed };
  Kind kind;
  int handle;
  int created; // site of the Create of the request concerned
  int at;      // site of the Finalize, of the overwriting Create, of the
               // Return, or of the access
  bool operator==(const RequestFinding &other) const {
    return kind == other.kind && handle == other.handle && created == other.created &&
           at == other.at;
  }
};

// The findings, each request reported once per kind (the first site in
// block order); for Overwritten and BufferAccessed, once per overwriting
// Create or access.  Sorted by the site reported at (the Create for
// ActiveAt*, the overwriting Create, the access).
std::vector<RequestFinding> find_request_errors(const RequestFunction &function);

} // namespace parcoach

#endif
