#include <catch2/catch.hpp>

#include "request_lifecycle.h"

using namespace parcoach;

namespace {

using Kind = RequestEvent::Kind;
using Found = RequestFinding::Kind;

RequestEvent create(int handle, int site) { return {Kind::Create, handle, site}; }
RequestEvent touch(int handle, int site) { return {Kind::Touch, handle, site}; }
RequestEvent finalize(int site) { return {Kind::Finalize, -1, site}; }
RequestEvent leave(int site) { return {Kind::Return, -1, site}; }

// A function of `handles' local handles (dying at return).
RequestFunction function_of(int handles) {
  RequestFunction f;
  f.dies_at_return.assign(handles, true);
  return f;
}

int add_block(RequestFunction &f, std::vector<RequestEvent> events, std::vector<int> successors) {
  f.blocks.push_back({std::move(events), std::move(successors)});
  return (int)f.blocks.size() - 1;
}

} // namespace

TEST_CASE("a request created then MPI_Finalize on every path is reported at its creation",
          "[request]") {
  // MPI_Isend (&r) [1]; MPI_Recv; MPI_Finalize [2]; return [3]
  RequestFunction f = function_of(1);
  add_block(f, {create(0, 1), finalize(2), leave(3)}, {});
  std::vector<RequestFinding> found = find_request_errors(f);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == RequestFinding{Found::ActiveAtFinalize, 0, 1, 2});
}

TEST_CASE("a completion on every path, or on some path only, silences it", "[request]") {
  SECTION("MPI_Wait before MPI_Finalize") {
    RequestFunction f = function_of(1);
    add_block(f, {create(0, 1), touch(0, 2), finalize(3), leave(4)}, {});
    CHECK(find_request_errors(f).empty());
  }
  SECTION("MPI_Ibarrier waited for by rank 0 only: not certain, left to the runtime") {
    // 0: Ibarrier [1]; if (rank == 0) -> 1: Wait [2] -> 2; else -> 2
    // 2: Finalize [3]
    RequestFunction f = function_of(1);
    add_block(f, {create(0, 1)}, {1, 2});
    add_block(f, {touch(0, 2)}, {2});
    add_block(f, {finalize(3), leave(4)}, {});
    CHECK(find_request_errors(f).empty());
  }
  SECTION("the same handle created by two calls on two branches: not one request") {
    RequestFunction f = function_of(1);
    add_block(f, {}, {1, 2});
    add_block(f, {create(0, 1)}, {3});
    add_block(f, {create(0, 2)}, {3});
    add_block(f, {finalize(3)}, {});
    CHECK(find_request_errors(f).empty());
  }
}

TEST_CASE("MPI_Finalize on one path only, with the request active there, is certain",
          "[request]") {
  // 0: Isend [1]; if -> 1: Finalize [2] (returns) ; else -> 2: Wait [3], Finalize [4]
  RequestFunction f = function_of(1);
  add_block(f, {create(0, 1)}, {1, 2});
  add_block(f, {finalize(2), leave(5)}, {});
  add_block(f, {touch(0, 3), finalize(4), leave(6)}, {});
  std::vector<RequestFinding> found = find_request_errors(f);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == RequestFinding{Found::ActiveAtFinalize, 0, 1, 2});
}

TEST_CASE("a handle overwritten while its request is certainly active", "[request]") {
  // Isend (&r) [1]; Isend (&r) [2]; Wait (&r) [3]; Finalize [4]
  RequestFunction f = function_of(1);
  add_block(f, {create(0, 1), create(0, 2), touch(0, 3), finalize(4), leave(5)}, {});
  std::vector<RequestFinding> found = find_request_errors(f);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == RequestFinding{Found::Overwritten, 0, 1, 2});

  SECTION("an MPI_Test in between: the request may be complete, silent") {
    RequestFunction g = function_of(1);
    add_block(g, {create(0, 1), touch(0, 6), create(0, 2), touch(0, 3), finalize(4)}, {});
    CHECK(find_request_errors(g).empty());
  }
}

TEST_CASE("loops: a creation in the body is not certainly active at the next iteration",
          "[request]") {
  SECTION("MPI_Isend in a loop without a wait: depends on the trip count, silent") {
    // 0 -> 1 (header) -> 2 (body: Isend [1]) -> 1 ; 1 -> 3: Finalize [2]
    RequestFunction f = function_of(1);
    add_block(f, {}, {1});
    add_block(f, {}, {2, 3});
    add_block(f, {create(0, 1)}, {1});
    add_block(f, {finalize(2)}, {});
    CHECK(find_request_errors(f).empty());
  }
  SECTION("a halo exchange: Isend and Wait in the body") {
    RequestFunction f = function_of(2);
    add_block(f, {}, {1});
    add_block(f, {}, {2, 3});
    add_block(f, {create(0, 1), create(1, 2), touch(0, 3), touch(1, 4)}, {1});
    add_block(f, {finalize(5), leave(6)}, {});
    CHECK(find_request_errors(f).empty());
  }
  SECTION("a request created before a loop that never completes it") {
    RequestFunction f = function_of(1);
    add_block(f, {create(0, 1)}, {1});
    add_block(f, {}, {2, 3});
    add_block(f, {}, {1});
    add_block(f, {finalize(2)}, {});
    std::vector<RequestFinding> found = find_request_errors(f);
    REQUIRE(found.size() == 1);
    CHECK(found[0] == RequestFinding{Found::ActiveAtFinalize, 0, 1, 2});
  }
  SECTION("an MPI_Test loop that exits on completion") {
    // 0: Ibarrier [1] -> 1: Test [2] -> 1 or 2; 2: Finalize [3]
    RequestFunction f = function_of(1);
    add_block(f, {create(0, 1)}, {1});
    add_block(f, {touch(0, 2)}, {1, 2});
    add_block(f, {finalize(3)}, {});
    CHECK(find_request_errors(f).empty());
  }
}

TEST_CASE("a request left active in a local handle when the function returns", "[request]") {
  RequestFunction f = function_of(2);
  f.dies_at_return[1] = false; // a static handle: another call may complete it
  add_block(f, {create(0, 1), create(1, 2), leave(3)}, {});
  std::vector<RequestFinding> found = find_request_errors(f);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == RequestFinding{Found::ActiveAtReturn, 0, 1, 3});

  SECTION("after MPI_Finalize, the return says nothing more") {
    RequestFunction g = function_of(1);
    add_block(g, {create(0, 1), finalize(2), leave(3)}, {});
    std::vector<RequestFinding> once = find_request_errors(g);
    REQUIRE(once.size() == 1);
    CHECK(once[0].kind == Found::ActiveAtFinalize);
  }
}

TEST_CASE("each request is reported once per kind; handles are independent", "[request]") {
  // Isend (&a) [1]; Isend (&b) [2]; Wait (&b) [3]; if -> Finalize [4] / Finalize [5]
  RequestFunction f = function_of(2);
  add_block(f, {create(0, 1), create(1, 2), touch(1, 3)}, {1, 2});
  add_block(f, {finalize(4)}, {});
  add_block(f, {finalize(5)}, {});
  std::vector<RequestFinding> found = find_request_errors(f);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == RequestFinding{Found::ActiveAtFinalize, 0, 1, 4});
}

TEST_CASE("unreachable code and malformed records give no finding and no crash", "[request]") {
  RequestFunction f = function_of(1);
  add_block(f, {leave(1)}, {});
  add_block(f, {create(0, 2), finalize(3)}, {0}); // not reached from the entry
  CHECK(find_request_errors(f).empty());

  RequestFunction bad = function_of(1);
  add_block(bad, {create(5, 1), touch(-3, 2), create(0, 3)}, {7, -1, 1});
  add_block(bad, {finalize(4)}, {});
  std::vector<RequestFinding> found = find_request_errors(bad);
  REQUIRE(found.size() == 1);
  CHECK(found[0] == RequestFinding{Found::ActiveAtFinalize, 0, 3, 4});

  RequestFunction empty;
  CHECK(find_request_errors(empty).empty());
}

namespace {

RequestEvent receive_into(int handle, int site, int buffer) {
  RequestEvent event{Kind::Create, handle, site};
  event.buffer = buffer;
  event.receives = true;
  return event;
}
RequestEvent send_from(int handle, int site, int buffer) {
  RequestEvent event{Kind::Create, handle, site};
  event.buffer = buffer;
  return event;
}
RequestEvent read(int buffer, int site) {
  RequestEvent event{Kind::Read, -1, site};
  event.buffer = buffer;
  return event;
}
RequestEvent write(int buffer, int site) {
  RequestEvent event{Kind::Write, -1, site};
  event.buffer = buffer;
  return event;
}

} // namespace

TEST_CASE("the buffer of a pending request accessed before its completion", "[request]") {
  SECTION("a receive buffer read, then written, before MPI_Wait") {
    // Irecv (&x, &r) [1]; y = x [2]; x = 0 [3]; Wait (&r) [4]; y = x [5]
    RequestFunction f = function_of(1);
    add_block(f, {receive_into(0, 1, 0), read(0, 2), write(0, 3), touch(0, 4), read(0, 5)}, {});
    std::vector<RequestFinding> found = find_request_errors(f);
    REQUIRE(found.size() == 2);
    CHECK(found[0] == RequestFinding{Found::BufferAccessed, 0, 1, 2});
    CHECK(found[1] == RequestFinding{Found::BufferAccessed, 0, 1, 3});
  }
  SECTION("a send buffer may be read, not written") {
    RequestFunction f = function_of(1);
    add_block(f, {send_from(0, 1, 0), read(0, 2), write(0, 3), touch(0, 4), write(0, 5)}, {});
    std::vector<RequestFinding> found = find_request_errors(f);
    REQUIRE(found.size() == 1);
    CHECK(found[0] == RequestFinding{Found::BufferAccessed, 0, 1, 3});
  }
  SECTION("another buffer, or a wait on one path only: silent") {
    RequestFunction f = function_of(1);
    add_block(f, {receive_into(0, 1, 0), read(1, 2)}, {1, 2});
    add_block(f, {touch(0, 3)}, {2});
    add_block(f, {read(0, 4), touch(0, 5)}, {});
    CHECK(find_request_errors(f).empty());
  }
  SECTION("a request whose buffer the reader does not follow") {
    RequestFunction f = function_of(1);
    add_block(f, {create(0, 1), read(0, 2), write(0, 3), touch(0, 4)}, {});
    CHECK(find_request_errors(f).empty());
  }
}

namespace {

// A use of bytes [first, end) of `buffer' by the request created at
// `site' (a Create's extent, or a further Buffer of the same call).
RequestEvent with_extent(RequestEvent event, long long first, long long end, bool exact = true) {
  event.first = first;
  event.end = end;
  event.exact = exact;
  return event;
}
RequestEvent also_uses(int site, int buffer, bool receives) {
  RequestEvent event{Kind::Buffer, -1, site};
  event.buffer = buffer;
  event.receives = receives;
  return event;
}

} // namespace

TEST_CASE("element accesses of an array buffer: reported only when they certainly overlap",
          "[request]") {
  // int buf[200]; MPI_Ibcast (buf, 128, MPI_INT, ...) uses bytes [0, 512).
  RequestEvent ibcast = with_extent(send_from(0, 1, 0), 0, 512);
  SECTION("buf[0] = 8 before MPI_Wait: reported") {
    RequestFunction f = function_of(1);
    add_block(f, {ibcast, with_extent(write(0, 2), 0, 4), touch(0, 3)}, {});
    std::vector<RequestFinding> found = find_request_errors(f);
    REQUIRE(found.size() == 1);
    CHECK(found[0] == RequestFinding{Found::BufferAccessed, 0, 1, 2});
  }
  SECTION("buf[200 / 4 * 4] outside the 128 elements, another array, a read: silent") {
    RequestFunction f = function_of(1);
    add_block(f, {ibcast, with_extent(write(0, 2), 512, 516), with_extent(write(1, 3), 0, 4),
                  with_extent(read(0, 4), 0, 4), touch(0, 5)},
              {});
    CHECK(find_request_errors(f).empty());
  }
  SECTION("after MPI_Wait, or waited on one path only: silent") {
    RequestFunction f = function_of(1);
    add_block(f, {ibcast}, {1, 2});
    add_block(f, {touch(0, 3)}, {2});
    add_block(f, {with_extent(write(0, 4), 0, 4), touch(0, 5), with_extent(write(0, 6), 0, 4)},
              {});
    CHECK(find_request_errors(f).empty());
  }
  SECTION("a receive buffer of a collective, read or written; its send buffer read") {
    // MPI_Iallreduce (s, r, 4, MPI_INT...) [1]: s (0) sent, r (1) received.
    RequestFunction f = function_of(1);
    add_block(f, {with_extent(send_from(0, 1, 0), 0, 16), with_extent(also_uses(1, 1, true), 0, 16),
                  with_extent(read(0, 2), 4, 8), with_extent(read(1, 3), 12, 16),
                  with_extent(write(1, 4), 16, 20), touch(0, 5)},
              {});
    std::vector<RequestFinding> found = find_request_errors(f);
    REQUIRE(found.size() == 1);
    CHECK(found[0] == RequestFinding{Found::BufferAccessed, 0, 1, 3});
  }
  SECTION("a variable index: reported only when every element it may reach is used") {
    RequestFunction f = function_of(1);
    add_block(f, {ibcast, with_extent(write(0, 2), 0, 800, false), touch(0, 3)}, {});
    CHECK(find_request_errors(f).empty());
    RequestFunction g = function_of(1);
    add_block(g, {with_extent(send_from(0, 1, 0), 0, 800), with_extent(write(0, 2), 0, 800, false),
                  touch(0, 3)},
              {});
    REQUIRE(find_request_errors(g).size() == 1);
  }
}

TEST_CASE("certainly_overlaps and the buffers of nonblocking calls", "[request]") {
  RequestEvent use = with_extent(send_from(0, 1, 0), 8, 16);
  CHECK(certainly_overlaps(use, with_extent(write(0, 2), 12, 16)));
  CHECK(certainly_overlaps(use, with_extent(write(0, 2), 4, 9)));
  CHECK_FALSE(certainly_overlaps(use, with_extent(write(0, 2), 16, 20)));
  CHECK_FALSE(certainly_overlaps(use, with_extent(write(0, 2), 0, 8)));
  CHECK_FALSE(certainly_overlaps(use, with_extent(write(1, 2), 8, 16)));
  CHECK_FALSE(certainly_overlaps(use, with_extent(write(0, 2), 8, 8)));
  CHECK(certainly_overlaps(use, write(0, 2))); // the whole variable
  CHECK(certainly_overlaps(send_from(0, 1, 0), with_extent(write(0, 2), 4, 8)));
  CHECK_FALSE(certainly_overlaps(with_extent(send_from(0, 1, 0), 0, 0), write(0, 2)));
  CHECK_FALSE(certainly_overlaps(use, with_extent(write(0, 2), 8, 24, false)));
  CHECK(certainly_overlaps(use, with_extent(write(0, 2), 8, 16, false)));

  REQUIRE(nonblocking_buffers("MPI_Isend").size() == 1);
  CHECK_FALSE(nonblocking_buffers("MPI_Isend")[0].receives);
  CHECK(nonblocking_buffers("MPI_Irecv")[0].receives);
  std::vector<NonblockingBuffer> iallreduce = nonblocking_buffers("MPI_Iallreduce");
  REQUIRE(iallreduce.size() == 2);
  CHECK(iallreduce[0].buffer == 0);
  CHECK(iallreduce[1].buffer == 1);
  CHECK(iallreduce[1].count == 2);
  CHECK(iallreduce[1].receives);
  // Root-only buffers are left out: MPI_Ireduce's recvbuf, MPI_Iscatter's
  // sendbuf; MPI_Ibcast's buffer counts as sent (the root may read it).
  REQUIRE(nonblocking_buffers("MPI_Ireduce").size() == 1);
  CHECK(nonblocking_buffers("MPI_Iscatter")[0].buffer == 3);
  CHECK_FALSE(nonblocking_buffers("MPI_Ibcast")[0].receives);
  CHECK(nonblocking_buffers("MPI_Ibarrier").empty());
  CHECK(nonblocking_request_position("MPI_Igather") == 8);
  CHECK(nonblocking_request_position("MPI_Foo") == -1);
}
