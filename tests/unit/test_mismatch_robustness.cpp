// Odd inputs never crash find_collective_mismatches and give a sensible,
// conservative answer.
#include <catch2/catch.hpp>

#include "analysis_test_support.h"

#include <algorithm>

using namespace parcoach;
using namespace testing_support;

namespace {

using Nodes = std::vector<NodeId>;

FunctionModel model_of(int nodes, NodeId entry, NodeId exit, const EdgeList &edges) {
  FunctionModel m;
  m.cfg = make_graph(nodes, entry, exit, edges);
  m.facts.resize(nodes);
  return m;
}

// What every result must satisfy, whatever the input.
void check_well_formed(const FunctionModel &m, const MismatchResult &r) {
  for (std::size_t i = 0; i < r.flagged.size(); ++i) {
    const FlaggedCollective &f = r.flagged[i];
    REQUIRE(f.node >= 0);
    REQUIRE(static_cast<std::size_t>(f.node) < m.cfg.size());
    if (i > 0)
      CHECK(r.flagged[i - 1].node < f.node);
    CHECK(f.collective == m.facts[f.node].collective);
    CHECK(f.collective != 0);
    CHECK_FALSE(m.facts[f.node].terminates_job);
    CHECK((!f.order_conditionals.empty() || !f.loop_conditionals.empty()));
    for (const Nodes *list : {&f.order_conditionals, &f.loop_conditionals}) {
      CHECK(std::is_sorted(list->begin(), list->end()));
      CHECK(std::adjacent_find(list->begin(), list->end()) == list->end());
      for (NodeId c : *list)
        CHECK(m.facts[c].conditional);
    }
  }
  for (int c : r.valid_sequence)
    CHECK(c != 0);
}

} // namespace

TEST_CASE("empty and malformed graphs give an empty result", "[mismatch][robust]") {
  FunctionModel empty;
  MismatchResult r = find_collective_mismatches(empty);
  CHECK(r.flagged.empty());
  CHECK(r.valid_sequence.empty());

  FunctionModel no_exit = model_of(3, 0, -1, {{0, 1}, {1, 2}});
  no_exit.facts[1].collective = barrier();
  CHECK(find_collective_mismatches(no_exit).flagged.empty());

  FunctionModel bad_entry = model_of(3, 7, 2, {{0, 1}, {1, 2}});
  CHECK(find_collective_mismatches(bad_entry).flagged.empty());

  FunctionModel same = model_of(2, 0, 0, {{0, 1}, {1, 0}, {0, 0}});
  same.facts[0].collective = barrier();
  same.facts[1].collective = bcast();
  same.facts[0].conditional = true;
  r = find_collective_mismatches(same);
  CHECK(r.flagged.empty());
  CHECK(r.valid_sequence.empty());
}

TEST_CASE("missing facts count as plain nodes", "[mismatch][robust]") {
  FunctionModel m = model_of(4, 0, 3, {{0, 1}, {1, 2}, {1, 3}, {2, 3}});
  m.facts.resize(3); // none for the exit
  m.facts[2].collective = barrier();
  m.facts[1].conditional = true;
  MismatchResult r = find_collective_mismatches(m);
  CHECK(flagged_nodes(r) == Nodes{2});
  m.facts.clear();
  CHECK(find_collective_mismatches(m).flagged.empty());
}

TEST_CASE("a collective in a self loop", "[mismatch][robust]") {
  // while (c) MPI_Barrier();  with the test and the call in one node
  FunctionModel m = model_of(3, 0, 2, {{0, 1}, {1, 1}, {1, 2}});
  m.facts[1].collective = barrier();
  m.facts[1].conditional = true;
  MismatchResult r = find_collective_mismatches(m);
  REQUIRE(r.flagged.size() == 1);
  CHECK(r.flagged[0].node == 1);
  CHECK(r.flagged[0].loop_conditionals == Nodes{1});
}

TEST_CASE("multiple edges between the same nodes change nothing", "[mismatch][robust]") {
  EdgeList edges{{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}, {4, 5}};
  EdgeList doubled = edges;
  doubled.insert(doubled.end(), {{0, 1}, {1, 2}, {1, 2}, {2, 4}});
  for (const EdgeList *list : {&edges, &doubled}) {
    FunctionModel m = model_of(6, 0, 5, *list);
    m.facts[2].collective = barrier();
    m.facts[1].conditional = true;
    MismatchResult r = find_collective_mismatches(m);
    REQUIRE(r.flagged.size() == 1);
    CHECK(r.flagged[0].order_conditionals == Nodes{1});
  }
  // Both edges of a branch to the same node: no real choice.
  FunctionModel m = model_of(4, 0, 3, {{0, 1}, {1, 2}, {1, 2}, {2, 3}});
  m.facts[2].collective = barrier();
  m.facts[1].conditional = true;
  CHECK(find_collective_mismatches(m).flagged.empty());
}

TEST_CASE("an exit nobody reaches: every path ends in exit()", "[mismatch][robust]") {
  // 1 branches to a barrier that calls exit() and to a plain exit().
  FunctionModel m = model_of(5, 0, 4, {{0, 1}, {1, 2}, {1, 3}});
  m.facts[2].collective = barrier();
  m.facts[1].conditional = true;
  MismatchResult r = find_collective_mismatches(m);
  REQUIRE(r.flagged.size() == 1);
  CHECK(r.flagged[0].order_conditionals == Nodes{1});
}

TEST_CASE("edges leaving the exit are ignored", "[mismatch][robust]") {
  FunctionModel m = model_of(3, 0, 2, {{0, 1}, {1, 2}, {2, 0}, {2, 1}});
  m.facts[1].collective = barrier();
  MismatchResult r = find_collective_mismatches(m);
  CHECK(r.flagged.empty());
  CHECK(r.valid_sequence == std::vector<int>{barrier()});
}

TEST_CASE("an irreducible loop is handled conservatively", "[mismatch][robust]") {
  // 0 enters the cycle 1 <-> 2 at either node.
  FunctionModel m = model_of(5, 0, 4, {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {1, 3}, {2, 3}, {3, 4}});
  m.facts[1].collective = barrier();
  m.facts[3].collective = bcast();
  m.facts[0].conditional = m.facts[1].conditional = m.facts[2].conditional = true;
  MismatchResult r = find_collective_mismatches(m);
  check_well_formed(m, r);
  const FlaggedCollective *f = find_flagged(r, 1);
  REQUIRE(f != nullptr);
  CHECK_FALSE(f->loop_conditionals.empty());
}

TEST_CASE("an infinite loop nobody leaves, behind a branch", "[mismatch][robust]") {
  // if (c) { for (;;) MPI_Bcast(); }  MPI_Barrier();  -- exit reachable
  FunctionModel m = model_of(6, 0, 5, {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {1, 4}, {4, 5}});
  m.facts[3].collective = bcast();
  m.facts[4].collective = barrier();
  m.facts[1].conditional = true;
  MismatchResult r = find_collective_mismatches(m);
  check_well_formed(m, r);
  CHECK(find_flagged(r, 4) != nullptr);
  CHECK(find_flagged(r, 3) != nullptr);
}

TEST_CASE("a finite loop in a branch ending in MPI_Abort is no way around what follows",
          "[mismatch][robust]") {
  // if (c) { for (i = 0; i < n; ++i) ...; MPI_Abort(); }  MPI_Barrier();
  // (gfortran's MAXVAL in the message an error branch prints)
  FunctionModel m =
      model_of(7, 0, 6, {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {2, 4}, {1, 5}, {5, 6}});
  m.facts[1].conditional = true;
  m.facts[2].conditional = true;
  m.facts[4].terminates_job = true;
  m.facts[5].collective = barrier();
  MismatchResult r = find_collective_mismatches(m);
  check_well_formed(m, r);
  CHECK(find_flagged(r, 5) == nullptr);
}

TEST_CASE("random arbitrary graphs never crash", "[mismatch][robust][random]") {
  std::mt19937 rng(2718);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  for (int round = 0; round < 3000; ++round) {
    int n = std::uniform_int_distribution<int>(1, 16)(rng);
    std::uniform_int_distribution<int> any(0, n - 1);
    int edges = std::uniform_int_distribution<int>(0, 2 * n + 2)(rng);
    EdgeList list;
    for (int k = 0; k < edges; ++k)
      list.emplace_back(any(rng), any(rng));
    NodeId entry = round % 50 == 0 ? -1 : any(rng);
    NodeId exit = round % 61 == 0 ? n : any(rng);
    FunctionModel m;
    m.cfg = make_graph(n, entry, exit, list);
    m.facts.resize(n);
    for (auto &f : m.facts) {
      f.collective = coin(rng) < 0.4 ? 1 + static_cast<int>(coin(rng) * 3) : 0;
      f.conditional = coin(rng) < 0.6;
      f.terminates_job = coin(rng) < 0.08;
    }
    INFO("round " << round);
    check_well_formed(m, find_collective_mismatches(m));
  }
}
