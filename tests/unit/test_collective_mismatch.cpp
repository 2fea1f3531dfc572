// find_collective_mismatches (thesis Algorithm 12) on the thesis figures
// and on the shapes of code the GIMPLE adapter produces.  In every figure
// node 0 is the entry and the last node the exit.
#include <catch2/catch.hpp>

#include "analysis_test_support.h"

using namespace parcoach;
using namespace testing_support;

namespace {

using Nodes = std::vector<NodeId>;

void check_flag(const MismatchResult &r, NodeId node, int collective, const Nodes &order,
                const Nodes &loop) {
  INFO("collective node " << node);
  const FlaggedCollective *f = find_flagged(r, node);
  REQUIRE(f != nullptr);
  CHECK(f->collective == collective);
  CHECK(f->order_conditionals == order);
  CHECK(f->loop_conditionals == loop);
}

} // namespace

// ------------------------------------------------------------ thesis figures

TEST_CASE("figure 3.2(a): barriers 3 and 4 depend on node 1, not on 2", "[mismatch][thesis]") {
  Figure f(5);
  f.edges({{0, 1}, {1, 2}, {1, 5}, {2, 3}, {2, 4}, {3, 5}, {4, 5}, {5, 6}})
      .collective(3, barrier()).collective(4, barrier()).collective(5, barrier())
      .conditional({1, 2});
  MismatchResult r = f.analyse();
  CHECK(flagged_nodes(r) == Nodes{3, 4});
  check_flag(r, 3, barrier(), {1}, {});
  check_flag(r, 4, barrier(), {1}, {});
  // Barrier 5 (order 1) is met by every path.
  CHECK(r.valid_sequence == std::vector<int>{barrier()});
}

TEST_CASE("figure 3.2(b): the barrier under `if' in f is flagged with the `if'",
          "[mismatch][thesis]") {
  Figure f(3);
  f.edges({{0, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 4}}).collective(2, barrier()).conditional({1});
  MismatchResult r = f.analyse();
  CHECK(flagged_nodes(r) == Nodes{2});
  check_flag(r, 2, barrier(), {1}, {});
  CHECK(r.valid_sequence.empty());
}

TEST_CASE("figure 3.2(c): C(0,Barrier) = {4,7} depends on 1, 2 and 6", "[mismatch][thesis]") {
  Figure f(8);
  f.edges({{0, 1}, {1, 2}, {1, 5}, {2, 3}, {2, 4}, {3, 8}, {4, 8}, {5, 6}, {6, 7}, {6, 8},
           {7, 8}, {8, 9}})
      .collective(4, barrier()).collective(7, barrier()).conditional({1, 2, 6});
  MismatchResult r = f.analyse();
  CHECK(flagged_nodes(r) == Nodes{4, 7});
  check_flag(r, 4, barrier(), {1, 2, 6}, {});
  check_flag(r, 7, barrier(), {1, 2, 6}, {});
}

TEST_CASE("figure 3.2(d): MPI_Barrier and MPI_Ibarrier never match", "[mismatch][thesis]") {
  Figure f(4);
  f.edges({{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}})
      .collective(2, barrier()).collective(3, ibarrier()).conditional({1});
  MismatchResult r = f.analyse();
  check_flag(r, 2, barrier(), {1}, {});
  check_flag(r, 3, ibarrier(), {1}, {});
  CHECK(r.valid_sequence.empty());
}

TEST_CASE("figure 3.3: benchmark CFG with a loop", "[mismatch][thesis]") {
  Figure f(11);
  f.edges({{0, 1}, {1, 6}, {1, 2}, {6, 7}, {6, 8}, {7, 9}, {8, 9}, {9, 10}, {9, 11},
           {11, 10}, {11, 2}, {10, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 2}, {2, 12}})
      .collective(3, barrier()).collective(7, barrier()).collective(8, barrier())
      .collective(10, allreduce()).conditional({1, 2, 6, 9, 11});
  MismatchResult r = f.analyse();
  CHECK(flagged_nodes(r) == Nodes{3, 7, 8, 10});
  // C(0,Barrier) = {7,8}: node 1 decides (6 is set-postdominated by {7,8}).
  check_flag(r, 7, barrier(), {1}, {});
  check_flag(r, 8, barrier(), {1}, {});
  // C(1,Allreduce) = {10}
  check_flag(r, 10, allreduce(), {1, 9, 11}, {});
  // The loop barrier: node 2 is responsible, as loop exit.
  check_flag(r, 3, barrier(), {2}, {2});
  CHECK(r.valid_sequence.empty());
}

// ------------------------------------------------------------ loops

TEST_CASE("a rank-dependent barrier inside a loop", "[mismatch][loop]") {
  // for (...) { if (rank) MPI_Barrier(); }
  Figure f(5);
  f.edges({{0, 1}, {1, 2}, {2, 3}, {2, 4}, {3, 4}, {4, 1}, {1, 5}, {5, 6}})
      .collective(3, barrier()).conditional({1, 2});
  MismatchResult r = f.analyse();
  CHECK(flagged_nodes(r) == Nodes{3});
  check_flag(r, 3, barrier(), {1, 2}, {1});
}

TEST_CASE("a collective after a loop is not flagged", "[mismatch][loop]") {
  SECTION("while loop") {
    Figure f(3);
    f.edges({{0, 1}, {1, 2}, {2, 1}, {1, 3}, {3, 4}}).collective(3, barrier()).conditional({1});
    MismatchResult r = f.analyse();
    CHECK(r.flagged.empty());
    CHECK(r.valid_sequence == std::vector<int>{barrier()});
  }
  SECTION("loop with a break to the same place") {
    Figure f(4);
    f.edges({{0, 1}, {1, 2}, {2, 3}, {2, 1}, {1, 3}, {3, 4}, {4, 5}})
        .collective(4, barrier()).conditional({1, 2});
    MismatchResult r = f.analyse();
    CHECK(r.flagged.empty());
    CHECK(r.valid_sequence == std::vector<int>{barrier()});
  }
  SECTION("loop with a collective, then a collective after it") {
    // while (a) { MPI_Bcast(); if (b) break; }  MPI_Barrier();
    Figure f(4);
    f.edges({{0, 1}, {1, 2}, {2, 3}, {3, 1}, {3, 4}, {1, 4}, {4, 5}})
        .collective(2, bcast()).collective(4, barrier()).conditional({1, 3});
    MismatchResult r = f.analyse();
    CHECK(flagged_nodes(r) == Nodes{2});
    check_flag(r, 2, bcast(), {1}, {1, 3});
    CHECK(r.valid_sequence == std::vector<int>{barrier()});
  }
}

TEST_CASE("a loop left two ways: a test whose both sides go round again chooses no exit",
          "[mismatch][loop]") {
  // while (c) { MPI_Allreduce(); if (err) goto out; if (rank == 0) print(); }
  // MPI_Barrier();  out: ...
  // 1 loop test, 2 allreduce, 3 err test, 4 rank test, 5 print, 6 barrier,
  // 7 out, 8 exit.  Both sides of 4 reach the loop's latch: only 1 and 3
  // decide where processes leave the loop.
  Figure f(7);
  f.edges({{0, 1}, {1, 2}, {1, 6}, {2, 3}, {3, 7}, {3, 4}, {4, 5}, {4, 1}, {5, 1}, {6, 7},
           {7, 8}})
      .collective(2, allreduce()).collective(6, barrier()).conditional({1, 3, 4});
  MismatchResult r = f.analyse();
  check_flag(r, 6, barrier(), {1, 3}, {});
  check_flag(r, 2, allreduce(), {1}, {1, 3});
  SECTION("the same test leaving the loop itself is responsible") {
    // if (rank == 0) goto out; instead of the print.
    Figure g(7);
    g.edges({{0, 1}, {1, 2}, {1, 6}, {2, 3}, {3, 7}, {3, 4}, {4, 7}, {4, 1}, {6, 7}, {7, 8}})
        .collective(2, allreduce()).collective(6, barrier()).conditional({1, 3, 4});
    MismatchResult q = g.analyse();
    check_flag(q, 6, barrier(), {1, 3, 4}, {});
  }
}

TEST_CASE("a collective in a do-while loop depends on the loop test", "[mismatch][loop]") {
  // do { MPI_Barrier(); } while (c);  -- every path meets the barrier at
  // least once: only the loop exit is responsible.
  Figure f(3);
  f.edges({{0, 1}, {1, 2}, {2, 1}, {2, 3}, {3, 4}}).collective(1, barrier()).conditional({2});
  MismatchResult r = f.analyse();
  check_flag(r, 1, barrier(), {}, {2});
  CHECK(r.valid_sequence.empty()); // in a loop: not a fixed sequence
}

TEST_CASE("nested loops: each collective answers to the loops containing it", "[mismatch][loop]") {
  SECTION("barrier in the inner loop") {
    Figure f(5);
    f.edges({{0, 1}, {1, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 1}, {1, 5}, {5, 6}})
        .collective(3, barrier()).conditional({1, 2});
    MismatchResult r = f.analyse();
    check_flag(r, 3, barrier(), {1, 2}, {1, 2});
  }
  SECTION("bcast after the inner loop, inside the outer one") {
    Figure f(5);
    f.edges({{0, 1}, {1, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 1}, {1, 5}, {5, 6}})
        .collective(4, bcast()).conditional({1, 2});
    MismatchResult r = f.analyse();
    check_flag(r, 4, bcast(), {1}, {1});
  }
}

// ------------------------------------------------------------ leaving early

TEST_CASE("an MPI_Abort branch does not flag a later barrier", "[mismatch][abort]") {
  // if (err) MPI_Abort(); MPI_Barrier();   (MPI_Abort is not noreturn)
  Figure f(3);
  f.edges({{0, 1}, {1, 2}, {2, 3}, {1, 3}, {3, 4}})
      .terminates(2).collective(3, barrier()).conditional({1});
  MismatchResult r = f.analyse();
  CHECK(r.flagged.empty());
  CHECK(r.valid_sequence == std::vector<int>{barrier()});
}

TEST_CASE("paths that all end in MPI_Abort are ignored, collectives included", "[mismatch][abort]") {
  // if (err) { MPI_Bcast(); if (x) MPI_Abort(); else MPI_Abort(); }  MPI_Barrier();
  Figure f(6);
  f.edges({{0, 1}, {1, 2}, {2, 3}, {3, 4}, {3, 5}, {1, 6}, {6, 7}})
      .collective(2, bcast()).terminates(4).terminates(5).collective(6, barrier())
      .conditional({1, 3});
  MismatchResult r = f.analyse();
  CHECK(r.flagged.empty());
  CHECK(r.valid_sequence == std::vector<int>{barrier()});
}

TEST_CASE("a function where every path aborts has nothing to report", "[mismatch][abort]") {
  Figure f(2);
  f.edges({{0, 1}, {1, 2}, {2, 3}}).collective(1, barrier()).terminates(2);
  MismatchResult r = f.analyse();
  CHECK(r.flagged.empty());
  CHECK(r.valid_sequence.empty());
}

TEST_CASE("an exit() branch flags a later barrier", "[mismatch][exit]") {
  // if (err) exit(1); MPI_Barrier();  -- node 2 has no successor at all
  Figure f(3);
  f.edges({{0, 1}, {1, 2}, {1, 3}, {3, 4}}).collective(3, barrier()).conditional({1});
  MismatchResult r = f.analyse();
  CHECK(flagged_nodes(r) == Nodes{3});
  check_flag(r, 3, barrier(), {1}, {});
  SECTION("same when the adapter already linked exit() to the exit") {
    Figure g(3);
    g.edges({{0, 1}, {1, 2}, {2, 4}, {1, 3}, {3, 4}}).collective(3, barrier()).conditional({1});
    CHECK(flagged_nodes(g.analyse()) == Nodes{3});
  }
}

TEST_CASE("infinite loops", "[mismatch][loop]") {
  SECTION("a process stuck in for(;;) never reaches the barrier") {
    // if (rank) for (;;) ;  MPI_Barrier();
    Figure f(3);
    f.edges({{0, 1}, {1, 2}, {2, 2}, {1, 3}, {3, 4}}).collective(3, barrier()).conditional({1});
    MismatchResult r = f.analyse();
    check_flag(r, 3, barrier(), {1}, {});
  }
  SECTION("for(;;) { MPI_Barrier(); } is the same on every process") {
    Figure f(2);
    f.edges({{0, 1}, {1, 2}, {2, 1}}).collective(2, barrier());
    MismatchResult r = f.analyse();
    CHECK(r.flagged.empty());
    CHECK(r.valid_sequence.empty());
  }
  SECTION("for(;;) { if (rank) MPI_Barrier(); }") {
    Figure f(4);
    f.edges({{0, 1}, {1, 2}, {2, 3}, {2, 4}, {3, 4}, {4, 1}})
        .collective(3, barrier()).conditional({2});
    MismatchResult r = f.analyse();
    CHECK(flagged_nodes(r) == Nodes{3});
    check_flag(r, 3, barrier(), {2}, {});
  }
  SECTION("for(;;) { MPI_Barrier(); if (err) MPI_Abort(); }: no way out but abort") {
    Figure f(4);
    f.edges({{0, 1}, {1, 2}, {2, 3}, {3, 4}, {3, 1}, {4, 1}})
        .collective(2, barrier()).terminates(4).conditional({3});
    MismatchResult r = f.analyse();
    CHECK(r.flagged.empty());
  }
}

// ------------------------------------------------------------ branches

TEST_CASE("switch whose cases all call the same collective", "[mismatch][switch]") {
  SECTION("three cases, three barriers: no warning") {
    Figure f(5);
    f.edges({{0, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 5}, {3, 5}, {4, 5}, {5, 6}})
        .collective(2, barrier()).collective(3, barrier()).collective(4, barrier())
        .conditional({1});
    MismatchResult r = f.analyse();
    CHECK(r.flagged.empty());
    CHECK(r.valid_sequence == std::vector<int>{barrier()});
  }
  SECTION("one case without it: the switch is responsible") {
    Figure f(5);
    f.edges({{0, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 5}, {3, 5}, {4, 5}, {5, 6}})
        .collective(2, barrier()).collective(3, barrier()).conditional({1});
    MismatchResult r = f.analyse();
    CHECK(flagged_nodes(r) == Nodes{2, 3});
    check_flag(r, 2, barrier(), {1}, {});
    check_flag(r, 3, barrier(), {1}, {});
    CHECK(r.valid_sequence.empty());
  }
}

TEST_CASE("two collectives in reversed order on the two branches", "[mismatch]") {
  // if (c) { Bcast; Barrier; } else { Barrier; Bcast; }
  Figure f(6);
  f.edges({{0, 1}, {1, 2}, {2, 3}, {3, 6}, {1, 4}, {4, 5}, {5, 6}, {6, 7}})
      .collective(2, bcast()).collective(3, barrier()).collective(4, barrier())
      .collective(5, bcast()).conditional({1});
  MismatchResult r = f.analyse();
  CHECK(flagged_nodes(r) == Nodes{2, 3, 4, 5});
  for (NodeId n : {2, 3, 4, 5})
    CHECK(find_flagged(r, n)->order_conditionals == Nodes{1});
  SECTION("same order on both branches is correct") {
    Figure g(6);
    g.edges({{0, 1}, {1, 2}, {2, 3}, {3, 6}, {1, 4}, {4, 5}, {5, 6}, {6, 7}})
        .collective(2, bcast()).collective(3, barrier()).collective(4, bcast())
        .collective(5, barrier()).conditional({1});
    MismatchResult s = g.analyse();
    CHECK(s.flagged.empty());
    CHECK(s.valid_sequence == std::vector<int>{bcast(), barrier()});
  }
}

TEST_CASE("a branch that is not a real conditional is never reported", "[mismatch]") {
  // Node 1 has two successors but selects threads, not processes.
  Figure f(3);
  f.edges({{0, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 4}}).collective(2, barrier());
  MismatchResult r = f.analyse();
  CHECK(r.flagged.empty());
  CHECK(r.valid_sequence.empty()); // still not executed by every process
}

TEST_CASE("results use the caller's node ids", "[mismatch]") {
  // entry 5, exit 0, and an unreachable collective node 6.
  FunctionModel m;
  m.cfg = make_graph(7, 5, 0, {{5, 3}, {3, 1}, {3, 4}, {1, 4}, {4, 0}, {6, 4}, {2, 2}});
  m.facts.resize(7);
  m.facts[1].collective = barrier();
  m.facts[6].collective = bcast();
  m.facts[4].collective = allreduce();
  m.facts[3].conditional = true;
  MismatchResult r = find_collective_mismatches(m);
  REQUIRE(r.flagged.size() == 1);
  check_flag(r, 1, barrier(), {3}, {});
  CHECK(r.valid_sequence == std::vector<int>{allreduce()});
}

// Thesis figure 3.9(c), OpenMP barriers through the same core: explicit
// barriers 3 and 4 on the two sides of branch 2 (order 0), explicit barrier
// 6 (order 1), implicit barrier 8 at the end of a worksharing construct
// (order 2).  C0 = {3, 4}, C1 = {6}, C2 = {8}: every PDF+ is empty.
TEST_CASE("figure 3.9(c): barriers matched by sequential order", "[mismatch][openmp]") {
  const int barrier = 1;
  Figure f(8);
  f.edges({{0, 1}, {1, 2}, {2, 3}, {2, 4}, {3, 5}, {4, 5}, {5, 6}, {6, 7}, {7, 8}, {8, 9}})
      .conditional({2});
  for (NodeId n : {3, 4, 6, 8})
    f.collective(n, barrier);
  MismatchResult result = f.analyse();
  CHECK(result.flagged.empty());
  CHECK(result.valid_sequence == std::vector<int>{barrier, barrier, barrier});
  // Verbosity 1 gives each explicit barrier its own identifier: 3 and 4 are
  // then each reachable or not from the branch.
  f.collective(3, 100).collective(4, 101);
  result = f.analyse();
  REQUIRE(result.flagged.size() == 2);
  CHECK(result.flagged[0].node == 3);
  CHECK(result.flagged[0].order_conditionals == std::vector<NodeId>{2});
  CHECK(result.flagged[1].node == 4);
}
