#include <catch2/catch.hpp>

#include "rma_epochs.h"

using namespace parcoach;

namespace {

using K = RmaEventKind;

RmaEvent ev(K kind, int site, int window = 0) { return RmaEvent{kind, window, site}; }

// A function of blocks 0..n-1 with the given successors and events.
RmaFunction make(std::vector<std::vector<int>> successors,
                 std::vector<std::vector<RmaEvent>> events, int windows = 1) {
  RmaFunction f;
  f.windows = windows;
  for (std::size_t b = 0; b < successors.size(); ++b)
    f.blocks.push_back(RmaBlock{events[b], successors[b]});
  return f;
}

} // namespace

TEST_CASE("an operation with no epoch since the window's creation", "[rma]") {
  // create; if (c) put;  -- the put runs with no epoch whenever it runs
  RmaFunction f = make({{1, 2}, {2}, {}},
                       {{ev(K::Create, 1)}, {ev(K::Operation, 2)}, {ev(K::Free, 3)}});
  auto findings = check_rma_epochs(f);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].kind == RmaFindingKind::OperationOutsideEpoch);
  CHECK(findings[0].site == 2);
  CHECK(findings[0].opened_site == 1);
}

TEST_CASE("a synchronization on one path before the operation: silent", "[rma]") {
  for (K sync : {K::Fence, K::Lock, K::LockAll, K::Start, K::Escape}) {
    // create; if (c) SYNC; put  (the put may be in an epoch: not certain)
    RmaFunction f = make({{1, 2}, {2}, {}},
                         {{ev(K::Create, 1)}, {ev(sync, 2)}, {ev(K::Operation, 3)}});
    CHECK(check_rma_epochs(f).empty());
  }
  // fence; put in one block, then free: the fence comes first.
  RmaFunction g = make({{}}, {{ev(K::Create, 1), ev(K::Fence, 2), ev(K::Operation, 3),
                               ev(K::Fence, 4), ev(K::Free, 5)}});
  CHECK(check_rma_epochs(g).empty());
}

TEST_CASE("an operation on a window not created in the function: silent", "[rma]") {
  RmaFunction f = make({{}}, {{ev(K::Operation, 1)}});
  CHECK(check_rma_epochs(f).empty());
}

TEST_CASE("a lock open at MPI_Win_free on every path", "[rma]") {
  // create; lock; put; if (err) { free; return; } unlock; free
  RmaFunction f = make({{1, 2}, {}, {}},
                       {{ev(K::Create, 1), ev(K::Lock, 2), ev(K::Operation, 3)},
                        {ev(K::Free, 4)},
                        {ev(K::Unlock, 5), ev(K::Free, 6)}});
  auto findings = check_rma_epochs(f);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].kind == RmaFindingKind::EpochOpenAtFree);
  CHECK(findings[0].site == 4);
  CHECK(findings[0].opened_site == 2);
  CHECK(findings[0].opened_by == K::Lock);
}

TEST_CASE("correlated branches around lock and unlock: silent", "[rma]") {
  // create; if (r == 0) lock; ...; if (r == 0) unlock; free
  RmaFunction f = make({{1, 2}, {2}, {3, 4}, {4}, {}},
                       {{ev(K::Create, 1)}, {ev(K::Lock, 2)}, {}, {ev(K::Unlock, 3)},
                        {ev(K::Free, 4)}});
  CHECK(check_rma_epochs(f).empty());
  // lock; if (c) unlock; free: not every path to the free has it open
  RmaFunction g = make({{1, 2}, {2}, {}},
                       {{ev(K::Create, 1), ev(K::Lock, 2)}, {ev(K::Unlock, 3)},
                        {ev(K::Free, 4)}});
  CHECK(check_rma_epochs(g).empty());
}

TEST_CASE("epochs of lock_all, start and post open at free or finalize", "[rma]") {
  for (K opener : {K::LockAll, K::Start, K::Post}) {
    RmaFunction f = make({{}}, {{ev(K::Create, 1), ev(opener, 2), ev(K::Free, 3)}});
    auto findings = check_rma_epochs(f);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].opened_by == opener);
  }
  RmaFunction g = make({{}}, {{ev(K::Create, 1), ev(K::LockAll, 2), ev(K::Finalize, 3, -1)}});
  auto findings = check_rma_epochs(g);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].kind == RmaFindingKind::EpochOpenAtFinalize);
  CHECK(findings[0].site == 3);
}

TEST_CASE("closing calls and escapes close the epoch", "[rma]") {
  for (K closer : {K::Unlock, K::UnlockAll, K::Complete, K::Wait, K::Escape}) {
    RmaFunction f = make({{}}, {{ev(K::Create, 1), ev(K::Lock, 2), ev(closer, 3),
                                 ev(K::Free, 4), ev(K::Finalize, 5, -1)}});
    CHECK(check_rma_epochs(f).empty());
  }
}

TEST_CASE("a loop of lock/put/unlock is silent; a fence in the loop too", "[rma]") {
  // create; loop { lock; put; unlock; } free
  RmaFunction f = make({{1}, {1, 2}, {}},
                       {{ev(K::Create, 1)},
                        {ev(K::Lock, 2), ev(K::Operation, 3), ev(K::Unlock, 4)},
                        {ev(K::Free, 5)}});
  CHECK(check_rma_epochs(f).empty());
  // create; loop { put; fence; }: the first put has no epoch, but the
  // later ones do (the meet over the back edge): silent, as promised.
  RmaFunction g = make({{1}, {1, 2}, {}},
                       {{ev(K::Create, 1)}, {ev(K::Operation, 2), ev(K::Fence, 3)},
                        {ev(K::Free, 4)}});
  CHECK(check_rma_epochs(g).empty());
}

TEST_CASE("two windows are followed separately", "[rma]") {
  // create a, create b; fence a; put b (no epoch on b); put a
  RmaFunction f = make({{}}, {{ev(K::Create, 1, 0), ev(K::Create, 2, 1), ev(K::Fence, 3, 0),
                               ev(K::Operation, 4, 1), ev(K::Operation, 5, 0)}},
                       2);
  auto findings = check_rma_epochs(f);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].site == 4);
  CHECK(findings[0].window == 1);
}

TEST_CASE("unreachable blocks and bad indices give nothing", "[rma]") {
  RmaFunction f = make({{7, -1}, {}}, {{ev(K::Create, 1)}, {ev(K::Operation, 2)}});
  CHECK(check_rma_epochs(f).empty());
  RmaFunction empty;
  CHECK(check_rma_epochs(empty).empty());
}

TEST_CASE("the routines' events, C and PMPI spellings", "[rma]") {
  RmaEventKind kind;
  REQUIRE(rma_event_of_routine("MPI_Put", kind));
  CHECK(kind == K::Operation);
  REQUIRE(rma_event_of_routine("PMPI_Win_lock_all", kind));
  CHECK(kind == K::LockAll);
  REQUIRE(rma_event_of_routine("MPI_Win_test", kind));
  CHECK(kind == K::Wait);
  REQUIRE(rma_event_of_routine("MPI_Win_allocate_shared", kind));
  CHECK(kind == K::Create);
  CHECK_FALSE(rma_event_of_routine("MPI_Win_flush", kind));
  CHECK_FALSE(rma_event_of_routine("MPI_Win_get_group", kind));
  CHECK_FALSE(rma_event_of_routine("mpi_put_", kind));
  CHECK_FALSE(rma_event_of_routine(nullptr, kind));
  CHECK(std::string(rma_opener_name(K::Start)) == "MPI_Win_start");
}
