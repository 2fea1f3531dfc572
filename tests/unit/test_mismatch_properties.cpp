// find_collective_mismatches on random functions, against oracles that
// enumerate paths:
//  * on acyclic graphs, the exact result of Algorithm 12 (execution orders
//    and PDF+ computed from all paths), and the key property both ways:
//    some node is flagged iff two entry -> exit paths call different
//    sequences of collectives;
//  * with loops, soundness: different sequences => something flagged.
#include <catch2/catch.hpp>

#include "analysis_test_support.h"

#include <map>
#include <sstream>

using namespace parcoach;
using namespace testing_support;

namespace {

std::string describe(const FunctionModel &m) {
  std::ostringstream out;
  out << "entry " << m.cfg.entry << " exit " << m.cfg.exit << "\n";
  for (std::size_t v = 0; v < m.cfg.size(); ++v) {
    out << v << " ->";
    for (NodeId s : m.cfg.succs(static_cast<NodeId>(v)))
      out << " " << s;
    const NodeFacts &f = m.facts[v];
    if (f.collective)
      out << "  [coll " << f.collective << "]";
    if (f.conditional)
      out << "  [cond]";
    if (f.terminates_job)
      out << "  [abort]";
    out << "\n";
  }
  return out.str();
}

// Collectives on some inner nodes; every branch conditional, or each one
// with probability 0.7 when `some_conditionals'.
FunctionModel random_function(std::mt19937 &rng, Graph g, bool some_conditionals) {
  FunctionModel m;
  m.cfg = std::move(g);
  m.facts.resize(m.cfg.size());
  const int palette[] = {barrier(), bcast(), allreduce()};
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  for (std::size_t v = 0; v < m.cfg.size(); ++v) {
    NodeId n = static_cast<NodeId>(v);
    if (n != m.cfg.entry && n != m.cfg.exit && coin(rng) < 0.35)
      m.facts[v].collective = palette[std::uniform_int_distribution<int>(0, 2)(rng)];
    m.facts[v].conditional = is_branch(m.cfg, n) && (!some_conditionals || coin(rng) < 0.7);
  }
  return m;
}

// Algorithm 12 computed from path enumeration, for an acyclic graph whose
// nodes are all on some entry -> exit path.
MismatchResult expected_result(const FunctionModel &m) {
  const Graph &g = m.cfg;
  std::vector<int> order(g.size(), 0);
  std::vector<NodeId> path;
  std::function<void(NodeId)> walk = [&](NodeId x) {
    path.push_back(x);
    if (x == g.exit) {
      int before = 0;
      for (NodeId n : path) {
        order[n] = std::max(order[n], before);
        before += m.facts[n].collective != 0;
      }
    }
    for (NodeId s : g.succs(x))
      walk(s);
    path.pop_back();
  };
  walk(g.entry);

  std::map<std::pair<int, int>, std::vector<NodeId>> sets;
  for (std::size_t v = 0; v < g.size(); ++v)
    if (m.facts[v].collective)
      sets[{order[v], m.facts[v].collective}].push_back(static_cast<NodeId>(v));

  BruteForce brute(g);
  MismatchResult r;
  std::map<NodeId, std::vector<NodeId>> conditionals;
  for (const auto &entry : sets) {
    std::set<NodeId> pdf = brute.iterated_frontier(entry.second);
    if (pdf.empty()) {
      r.valid_sequence.push_back(entry.first.second);
      continue;
    }
    std::vector<NodeId> conds;
    for (NodeId v : pdf)
      if (m.facts[v].conditional)
        conds.push_back(v);
    for (NodeId n : entry.second)
      conditionals[n] = conds;
  }
  for (const auto &c : conditionals)
    if (!c.second.empty())
      r.flagged.push_back({c.first, m.facts[c.first].collective, c.second, {}});
  return r;
}

void check_same(const MismatchResult &actual, const MismatchResult &expected) {
  REQUIRE(actual.flagged.size() == expected.flagged.size());
  for (std::size_t i = 0; i < actual.flagged.size(); ++i) {
    INFO("flagged #" << i);
    CHECK(actual.flagged[i].node == expected.flagged[i].node);
    CHECK(actual.flagged[i].collective == expected.flagged[i].collective);
    CHECK(actual.flagged[i].order_conditionals == expected.flagged[i].order_conditionals);
    CHECK(actual.flagged[i].loop_conditionals.empty());
  }
  CHECK(actual.valid_sequence == expected.valid_sequence);
}

// Rebuilds g without the successors of `dead_end' (an exit() call).
Graph without_successors(const Graph &g, NodeId dead_end) {
  EdgeList edges;
  for (std::size_t v = 0; v < g.size(); ++v)
    if (static_cast<NodeId>(v) != dead_end)
      for (NodeId s : g.succs(static_cast<NodeId>(v)))
        edges.emplace_back(static_cast<NodeId>(v), s);
  return make_graph(static_cast<int>(g.size()), g.entry, g.exit, edges);
}

} // namespace

TEST_CASE("random acyclic functions: exact Algorithm 12 and flagged iff paths disagree",
          "[mismatch][random]") {
  std::mt19937 rng(4242);
  int disagreeing = 0;
  for (int round = 0; round < 200; ++round) {
    int n = std::uniform_int_distribution<int>(3, 14)(rng);
    Graph g = random_dag(rng, n);
    for (bool some_conditionals : {false, true}) {
      FunctionModel m = random_function(rng, g, some_conditionals);
      INFO("round " << round << "\n" << describe(m));
      MismatchResult r = find_collective_mismatches(m);
      check_same(r, expected_result(m));
      if (!some_conditionals) {
        bool differ = collective_sequences(m).size() > 1;
        disagreeing += differ;
        CHECK(differ == !r.flagged.empty());
      }
    }
  }
  // The generator must exercise both outcomes.
  CHECK(disagreeing > 40);
  CHECK(disagreeing < 190);
}

TEST_CASE("random acyclic functions with MPI_Abort and exit(): flagged iff paths disagree",
          "[mismatch][random]") {
  std::mt19937 rng(99);
  int disagreeing = 0;
  for (int round = 0; round < 100; ++round) {
    int n = std::uniform_int_distribution<int>(4, 14)(rng);
    Graph g = random_dag(rng, n);
    std::uniform_int_distribution<int> inner(1, n - 2);
    if (round % 2 == 0)
      g = without_successors(g, inner(rng));
    FunctionModel m = random_function(rng, g, false);
    for (int k = round % 3; k > 0; --k)
      m.facts[inner(rng)].terminates_job = true;
    INFO("round " << round << "\n" << describe(m));
    MismatchResult r = find_collective_mismatches(m);
    bool differ = collective_sequences(m).size() > 1;
    disagreeing += differ;
    CHECK(differ == !r.flagged.empty());
  }
  CHECK(disagreeing > 20);
  CHECK(disagreeing < 95);
}

TEST_CASE("random functions with loops: different sequences are always flagged",
          "[mismatch][random][loop]") {
  std::mt19937 rng(31337);
  int disagreeing = 0;
  for (int round = 0; round < 200; ++round) {
    int n = std::uniform_int_distribution<int>(4, 12)(rng);
    Graph g = random_dag(rng, n, 2);
    bool irreducible = round % 4 == 3;
    add_back_edges(rng, g, 1 + round % 2, irreducible);
    FunctionModel m = random_function(rng, g, false);
    INFO("round " << round << (irreducible ? " (irreducible)\n" : "\n") << describe(m));
    MismatchResult r = find_collective_mismatches(m);
    // Each node at most twice: loops run once or twice.
    bool differ = collective_sequences(m, 2).size() > 1;
    disagreeing += differ;
    if (differ)
      CHECK_FALSE(r.flagged.empty());
    // Every reported responsible node is a real conditional.
    for (const FlaggedCollective &f : r.flagged) {
      CHECK(m.facts[f.node].collective == f.collective);
      for (NodeId c : f.order_conditionals)
        CHECK(m.facts[c].conditional);
      for (NodeId c : f.loop_conditionals)
        CHECK(m.facts[c].conditional);
    }
  }
  CHECK(disagreeing > 40);
}
