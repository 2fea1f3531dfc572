#include <catch2/catch.hpp>

#include "buffer_accesses.h"

using namespace parcoach;

namespace {

BufferEvent start() { return {BufferEvent::Kind::Start}; }
BufferEvent access(int index, int variable = -1) {
  return {BufferEvent::Kind::Access, index, variable};
}

int add_block(BufferFunction &f, std::vector<BufferEvent> events, std::vector<int> successors) {
  f.blocks.push_back({std::move(events), std::move(successors)});
  return (int)f.blocks.size() - 1;
}

} // namespace

TEST_CASE("a function without nonblocking call gets no buffer check", "[buffers]") {
  BufferFunction f;
  add_block(f, {access(0), access(1)}, {1});
  add_block(f, {access(2)}, {});
  CHECK(accesses_to_check(f).empty());
}

TEST_CASE("only the accesses after the starting call are checked, within a block too",
          "[buffers]") {
  // x = b[0] [0]; MPI_Irecv (b); y = b[1] [1]; then  z = b[2] [2]
  BufferFunction f;
  add_block(f, {access(0), start(), access(1)}, {1});
  add_block(f, {access(2)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{1, 2});
}

TEST_CASE("a loop carries a pending operation back to the accesses before its call",
          "[buffers]") {
  // 0: entry -> 1: loop head {access 0} -> 2: {Isend; access 1} -> 1 | 3
  // 3: after the loop {access 2}; 4: a branch never reached from the loop
  BufferFunction f;
  add_block(f, {access(3)}, {1});
  add_block(f, {access(0)}, {2, 3});
  add_block(f, {start(), access(1)}, {1});
  add_block(f, {access(2)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{0, 1, 2});
}

TEST_CASE("a branch without the starting call is checked only after the join", "[buffers]") {
  // 0 -> 1 {Irecv} -> 3 {access 2};  0 -> 2 {access 1} -> 3
  BufferFunction f;
  add_block(f, {access(0)}, {1, 2});
  add_block(f, {start()}, {3});
  add_block(f, {access(1)}, {3});
  add_block(f, {access(2)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{2});
}

TEST_CASE("a variable that cannot be a buffer is never checked; pointers always are",
          "[buffers]") {
  // variable 0 is a buffer candidate, variable 1 a local whose address is
  // never taken
  BufferFunction f;
  f.may_be_buffer = {true, false};
  add_block(f, {start(), access(0, 0), access(1, 1), access(2, -1), access(3, 7)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{0, 2});
}

TEST_CASE("malformed successors are ignored, not followed", "[buffers]") {
  BufferFunction f;
  add_block(f, {start()}, {-1, 5});
  add_block(f, {access(0)}, {});
  CHECK(accesses_to_check(f).empty());
}

namespace {
BufferEvent complete_all() { return {BufferEvent::Kind::CompleteAll}; }
} // namespace

TEST_CASE("accesses after a call completing every operation are not checked", "[buffers]") {
  // Irecv; access 0; Waitall (all); access 1
  BufferFunction f;
  add_block(f, {start(), access(0), complete_all(), access(1)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{0});
}

TEST_CASE("a halo loop: only the accesses between the starts and the Waitall are checked",
          "[buffers]") {
  // 0 -> 1: loop {Irecv, Isend; access 0 (overlap); Waitall; access 1} -> 1 | 2
  // 2: {access 2}
  BufferFunction f;
  add_block(f, {access(3)}, {1});
  add_block(f, {start(), start(), access(0), complete_all(), access(1)}, {1, 2});
  add_block(f, {access(2)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{0});
}

TEST_CASE("a completion on one path only leaves the join checked", "[buffers]") {
  // 0 {Isend} -> 1 {Waitall} -> 3 ; 0 -> 2 {} -> 3 {access 0}; 1 {access 1}
  BufferFunction f;
  add_block(f, {start()}, {1, 2});
  add_block(f, {complete_all(), access(1)}, {3});
  add_block(f, {}, {3});
  add_block(f, {access(0)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{0});
}

TEST_CASE("a start after the completion in a loop keeps the loop head checked", "[buffers]") {
  // 0 -> 1 {access 0} -> 2 {Waitall; access 1; Isend} -> 1 | 3 {access 2}
  BufferFunction f;
  add_block(f, {}, {1});
  add_block(f, {access(0)}, {2});
  add_block(f, {complete_all(), access(1), start()}, {1, 3});
  add_block(f, {access(2)}, {});
  CHECK(accesses_to_check(f) == std::vector<int>{0, 2});
}
