// Postdominator tree, postdominance frontiers and PDF+ of sets: the thesis
// figures (§3.1), then random graphs against brute-force path enumeration.
#include <catch2/catch.hpp>

#include "analysis_test_support.h"
#include "postdominance.h"

#include <set>

using namespace parcoach;
using namespace testing_support;

namespace {

std::vector<NodeId> nodes(std::initializer_list<NodeId> list) { return list; }

// Thesis figure 3.2(a): entry 0, exit 6.
Graph figure_3_2a() {
  return make_graph(7, 0, 6, {{0, 1}, {1, 2}, {1, 5}, {2, 3}, {2, 4}, {3, 5}, {4, 5}, {5, 6}});
}

// Thesis figure 3.3 with the back edge 5 -> 2 replaced by 5 -> exit: entry
// 0, exit 12.
Graph figure_3_3_acyclic() {
  return make_graph(13, 0, 12,
                    {{0, 1}, {1, 6}, {1, 2}, {6, 7}, {6, 8}, {7, 9}, {8, 9}, {9, 10},
                     {9, 11}, {11, 10}, {11, 2}, {10, 2}, {2, 3}, {3, 4}, {4, 5},
                     {5, 12}, {2, 12}});
}

} // namespace

TEST_CASE("postdominator tree of figure 3.2(a)", "[dominance]") {
  Graph g = figure_3_2a();
  PostDominance pd(g);
  CHECK(pd.ipdom(6) == -1);
  CHECK(pd.ipdom(5) == 6);
  CHECK(pd.ipdom(3) == 5);
  CHECK(pd.ipdom(4) == 5);
  CHECK(pd.ipdom(2) == 5);
  CHECK(pd.ipdom(1) == 5);
  CHECK(pd.ipdom(0) == 1);
  CHECK(pd.postdominates(5, 0));
  CHECK(pd.postdominates(2, 2));
  CHECK_FALSE(pd.postdominates(2, 1));
  CHECK_FALSE(pd.postdominates(3, 2));
  CHECK(pd.frontier(3) == nodes({2}));
  CHECK(pd.frontier(2) == nodes({1}));
  CHECK(pd.frontier(5).empty());
}

TEST_CASE("figure 3.2(a): PDF+({3,4}) is {1}, not 2", "[dominance][thesis]") {
  Graph g = figure_3_2a();
  PostDominance pd(g);
  CHECK(pd.set_postdominated({3, 4}) == nodes({2, 3, 4}));
  CHECK(pd.set_frontier({3, 4}) == nodes({1}));
  CHECK(pd.iterated_frontier({3, 4}) == nodes({1}));
  // One node alone is avoidable at 2 (and then at 1).
  CHECK(pd.iterated_frontier({3}) == nodes({1, 2}));
}

TEST_CASE("figure 3.2(b): PDF+({2}) is {1}", "[dominance][thesis]") {
  Graph g = make_graph(3, 0, 2, {{0, 1}, {0, 2}, {1, 2}}); // 1->2, 1->3, 2->3 renumbered
  PostDominance pd(g);
  CHECK(pd.iterated_frontier({1}) == nodes({0}));
}

TEST_CASE("figure 3.2(c): PDF+({4,7}) is {1,2,6}", "[dominance][thesis]") {
  Graph g = make_graph(10, 0, 9,
                       {{0, 1}, {1, 2}, {1, 5}, {2, 3}, {2, 4}, {3, 8}, {4, 8}, {5, 6},
                        {6, 7}, {6, 8}, {7, 8}, {8, 9}});
  PostDominance pd(g);
  CHECK(pd.set_frontier({4, 7}) == nodes({2, 6}));
  CHECK(pd.iterated_frontier({4, 7}) == nodes({1, 2, 6}));
}

TEST_CASE("figure 3.3: frontiers of C(0,Barrier), C(1,Allreduce) and the loop barrier",
          "[dominance][thesis]") {
  Graph g = figure_3_3_acyclic();
  PostDominance pd(g);
  // "node 6 is postdominated by the set {7, 8}"
  CHECK(pd.set_postdominated({7, 8}) == nodes({6, 7, 8}));
  CHECK(pd.iterated_frontier({7, 8}) == nodes({1}));
  CHECK(pd.iterated_frontier({10}) == nodes({1, 9, 11}));
  CHECK(pd.iterated_frontier({3}) == nodes({2}));
}

TEST_CASE("a set covering every way out of a branch absorbs it", "[dominance]") {
  // 0 -> 1 -> {2,3,4} -> 5 -> exit 6; 2 and 3 lead to 5 through 7.
  Graph g = make_graph(8, 0, 6,
                       {{0, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 7}, {3, 7}, {7, 5}, {4, 5}, {5, 6}});
  PostDominance pd(g);
  CHECK(pd.set_postdominated({7, 4}) == nodes({0, 1, 2, 3, 4, 7}));
  CHECK(pd.iterated_frontier({7, 4}).empty());
  CHECK(pd.iterated_frontier({2, 3}) == nodes({1}));
  CHECK(pd.iterated_frontier({5}).empty());
}

TEST_CASE("set postdominance on a cycle is exact", "[dominance]") {
  // a <-> b, each with its own way out through U = {u1, u2}: every path
  // from a or b meets U although no single node postdominates them.
  Graph g = make_graph(6, 0, 5, {{0, 1}, {1, 2}, {2, 1}, {1, 3}, {2, 4}, {3, 5}, {4, 5}});
  PostDominance pd(g);
  CHECK(pd.ipdom(1) == 5);
  CHECK(pd.set_postdominated({3, 4}) == nodes({0, 1, 2, 3, 4}));
  CHECK(pd.iterated_frontier({3, 4}).empty());
  CHECK(pd.iterated_frontier({3}) == nodes({1, 2}));
}

TEST_CASE("nodes that cannot reach the exit take no part", "[dominance]") {
  // 1 -> 3 is a trap (no way to the exit).
  Graph g = make_graph(5, 0, 4, {{0, 1}, {1, 2}, {1, 3}, {3, 3}, {2, 4}});
  PostDominance pd(g);
  CHECK_FALSE(pd.reaches_exit(3));
  CHECK(pd.ipdom(3) == -1);
  CHECK(pd.ipdom(1) == 2);
  CHECK(pd.frontier(3).empty());
  CHECK(pd.iterated_frontier({2}).empty());
  CHECK(pd.set_postdominated({3}).empty());
}

TEST_CASE("a graph without a usable exit has an empty tree", "[dominance]") {
  Graph g = make_graph(3, 0, -1, {{0, 1}, {1, 2}});
  PostDominance pd(g);
  CHECK_FALSE(pd.reaches_exit(0));
  CHECK(pd.iterated_frontier({1}).empty());
  Graph empty;
  PostDominance none(empty);
  CHECK(none.iterated_frontier({}).empty());
}

TEST_CASE("a 200000-node deep graph: no recursion, right answers", "[dominance]") {
  // A chain of diamonds: c -> {l, r} -> j, j is the next c.
  const int diamonds = 50000;
  Graph g;
  NodeId entry = g.add_node(), current = entry;
  std::vector<NodeId> lefts;
  for (int i = 0; i < diamonds; ++i) {
    NodeId l = g.add_node(), r = g.add_node(), j = g.add_node();
    g.add_edge(current, l);
    g.add_edge(current, r);
    g.add_edge(l, j);
    g.add_edge(r, j);
    lefts.push_back(l);
    current = j;
  }
  g.entry = entry;
  g.exit = current;
  PostDominance pd(g);
  CHECK(pd.ipdom(entry) == 3);
  CHECK(pd.postdominates(current, entry));
  CHECK(pd.iterated_frontier({lefts[777]}) == nodes({lefts[777] - 1 > 0 ? lefts[777] - 1 : 0}));
  CHECK(pd.iterated_frontier(lefts).size() == diamonds);
}

namespace {

std::vector<NodeId> as_vector(const std::set<NodeId> &s) { return {s.begin(), s.end()}; }

void compare_with_brute_force(const Graph &g, std::mt19937 &rng) {
  PostDominance pd(g);
  BruteForce brute(g);
  const int n = static_cast<int>(g.size());
  for (NodeId v = 0; v < n; ++v) {
    INFO("node " << v);
    REQUIRE(pd.reaches_exit(v) == brute.reaches_exit(v));
    REQUIRE(pd.ipdom(v) == brute.ipdom(v));
    REQUIRE(pd.frontier(v) == as_vector(brute.frontier(v)));
    for (NodeId w = 0; w < n; ++w)
      REQUIRE(pd.postdominates(v, w) == brute.postdominates(v, w));
  }
  for (int k = 0; k < 6; ++k) {
    std::vector<NodeId> set;
    int size = std::uniform_int_distribution<int>(1, 4)(rng);
    for (int i = 0; i < size; ++i)
      set.push_back(std::uniform_int_distribution<int>(0, n - 1)(rng));
    INFO("set of " << set.size() << " starting with " << set.front());
    REQUIRE(pd.set_postdominated(set) == as_vector(brute.set_postdominated(set)));
    REQUIRE(pd.set_frontier(set) == as_vector(brute.set_frontier(set)));
    REQUIRE(pd.iterated_frontier(set) == as_vector(brute.iterated_frontier(set)));
  }
}

// Adds a node from which the exit cannot be reached (looping on itself
// unless `acyclic').
void add_trap(std::mt19937 &rng, Graph &g, bool acyclic) {
  NodeId from = std::uniform_int_distribution<int>(0, static_cast<int>(g.size()) - 2)(rng);
  NodeId trap = g.add_node();
  g.add_edge(from, trap);
  if (!acyclic)
    g.add_edge(trap, trap);
}

} // namespace

TEST_CASE("random acyclic graphs agree with path enumeration", "[dominance][random]") {
  std::mt19937 rng(20240611);
  for (int round = 0; round < 200; ++round) {
    int n = std::uniform_int_distribution<int>(3, 14)(rng);
    Graph g = random_dag(rng, n);
    if (round % 4 == 0)
      add_trap(rng, g, true);
    INFO("round " << round);
    compare_with_brute_force(g, rng);
  }
}

TEST_CASE("random cyclic graphs agree with path enumeration", "[dominance][random]") {
  std::mt19937 rng(777);
  for (int round = 0; round < 150; ++round) {
    int n = std::uniform_int_distribution<int>(3, 11)(rng);
    Graph g = random_dag(rng, n, 2);
    add_back_edges(rng, g, 2, round % 2 == 0);
    if (round % 3 == 0)
      add_trap(rng, g, false);
    INFO("round " << round);
    compare_with_brute_force(g, rng);
  }
}

namespace {

// Acyclic, with short edges so that postdominator trees get deep.
Graph local_random_dag(std::mt19937 &rng, int n) {
  Graph g = make_graph(n, 0, n - 1, {});
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int v = 1; v < n; ++v)
    g.add_edge(pick(std::max(0, v - 6), v - 1), v);
  for (int v = 0; v < n - 1; ++v)
    for (int k = pick(g.succs(v).empty() ? 1 : 0, 2); k > 0; --k)
      g.add_edge(v, pick(v + 1, std::min(n - 1, v + 6)));
  return g;
}

// The definitions, by reachability: w is set-postdominated by U iff no
// path avoiding U leads from w to the exit.
std::vector<NodeId> covered_by_definition(const Graph &g, const std::vector<NodeId> &set) {
  std::vector<bool> in_set(g.size(), false), avoids(g.size(), false);
  for (NodeId u : set)
    in_set[u] = true;
  std::vector<NodeId> stack;
  if (!in_set[g.exit]) {
    avoids[g.exit] = true;
    stack.push_back(g.exit);
  }
  while (!stack.empty()) {
    NodeId x = stack.back();
    stack.pop_back();
    for (NodeId p : g.preds(x))
      if (!in_set[p] && !avoids[p]) {
        avoids[p] = true;
        stack.push_back(p);
      }
  }
  std::vector<NodeId> out;
  for (std::size_t v = 0; v < g.size(); ++v)
    if (!avoids[v])
      out.push_back(static_cast<NodeId>(v));
  return out;
}

std::vector<NodeId> frontier_by_definition(const Graph &g, const std::vector<NodeId> &set) {
  std::vector<NodeId> covered = covered_by_definition(g, set);
  std::vector<bool> is_covered(g.size(), false);
  for (NodeId c : covered)
    is_covered[c] = true;
  std::vector<NodeId> out;
  for (std::size_t v = 0; v < g.size(); ++v) {
    if (is_covered[v])
      continue;
    for (NodeId w : g.succs(static_cast<NodeId>(v)))
      if (is_covered[w]) {
        out.push_back(static_cast<NodeId>(v));
        break;
      }
  }
  return out;
}

} // namespace

TEST_CASE("large acyclic graphs agree with the reachability definitions", "[dominance][random]") {
  std::mt19937 rng(5);
  for (int round = 0; round < 4; ++round) {
    Graph g = local_random_dag(rng, 1500);
    PostDominance pd(g);
    const int n = static_cast<int>(g.size());
    // Per-node frontiers: PDF(u) is PDF_set({u}) on an acyclic graph.
    std::vector<std::vector<NodeId>> pdf(n);
    for (NodeId u = 0; u < n; ++u) {
      pdf[u] = frontier_by_definition(g, {u});
      REQUIRE(pd.frontier(u) == pdf[u]);
    }
    for (int k = 0; k < 60; ++k) {
      std::vector<NodeId> set;
      int size = std::uniform_int_distribution<int>(1, 40)(rng);
      int centre = std::uniform_int_distribution<int>(0, n - 1)(rng);
      for (int i = 0; i < size; ++i) // clustered sets, like C(r,c)
        set.push_back(std::min(n - 1, std::max(0, centre + std::uniform_int_distribution<int>(-30, 30)(rng))));
      INFO("round " << round << " set " << k);
      REQUIRE(pd.set_postdominated(set) == covered_by_definition(g, set));
      std::vector<NodeId> expected = frontier_by_definition(g, set);
      REQUIRE(pd.set_frontier(set) == expected);
      // Closure under per-node frontiers.
      std::set<NodeId> closure(expected.begin(), expected.end());
      std::vector<NodeId> work(expected);
      while (!work.empty()) {
        NodeId x = work.back();
        work.pop_back();
        for (NodeId y : pdf[x])
          if (closure.insert(y).second)
            work.push_back(y);
      }
      REQUIRE(pd.iterated_frontier(set) == std::vector<NodeId>(closure.begin(), closure.end()));
    }
  }
}
