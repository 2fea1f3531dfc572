// Helpers shared by the analysis tests: building graphs and function models
// by hand (thesis figures) or at random, and brute-force oracles computed by
// enumerating paths, straight from the definitions in dominance.h.
#ifndef PARCOACH_TESTS_ANALYSIS_TEST_SUPPORT_H
#define PARCOACH_TESTS_ANALYSIS_TEST_SUPPORT_H

#include "collective_mismatch.h"
#include "graph.h"
#include "mpi_knowledge.h"

#include <functional>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace testing_support {

using parcoach::FunctionModel;
using parcoach::Graph;
using parcoach::NodeId;

using EdgeList = std::vector<std::pair<NodeId, NodeId>>;

inline int colour(const char *name) {
  return parcoach::find_collective(name, parcoach::SourceLanguage::C)->colour;
}
inline int barrier() { return colour("MPI_Barrier"); }
inline int ibarrier() { return colour("MPI_Ibarrier"); }
inline int allreduce() { return colour("MPI_Allreduce"); }
inline int bcast() { return colour("MPI_Bcast"); }

inline Graph make_graph(int nodes, NodeId entry, NodeId exit, const EdgeList &edges) {
  Graph g;
  for (int i = 0; i < nodes; ++i)
    g.add_node();
  g.entry = entry;
  g.exit = exit;
  for (const auto &e : edges)
    g.add_edge(e.first, e.second);
  return g;
}

// A function drawn like the thesis figures: node 0 is "entry", nodes
// 1..last are the numbered nodes, node last+1 is "exit".
class Figure {
public:
  explicit Figure(int last) : exit_(last + 1) {
    model_.cfg = make_graph(last + 2, 0, exit_, {});
    model_.facts.resize(last + 2);
  }
  NodeId exit() const { return exit_; }
  Figure &edges(const EdgeList &list) {
    for (const auto &e : list)
      model_.cfg.add_edge(e.first, e.second);
    return *this;
  }
  Figure &collective(NodeId n, int c) { model_.facts[n].collective = c; return *this; }
  Figure &conditional(std::initializer_list<NodeId> nodes) {
    for (NodeId n : nodes)
      model_.facts[n].conditional = true;
    return *this;
  }
  Figure &terminates(NodeId n) { model_.facts[n].terminates_job = true; return *this; }
  // Node n calls function number `function' of the unit (collective_summaries.h).
  Figure &call(NodeId n, int function) { model_.facts[n].callee = function; return *this; }
  const FunctionModel &model() const { return model_; }
  const Graph &graph() const { return model_.cfg; }
  parcoach::MismatchResult analyse() const {
    return parcoach::find_collective_mismatches(model_);
  }

private:
  NodeId exit_;
  FunctionModel model_;
};

// The flagged entry for `node', or nullptr.
inline const parcoach::FlaggedCollective *
find_flagged(const parcoach::MismatchResult &r, NodeId node) {
  for (const auto &f : r.flagged)
    if (f.node == node)
      return &f;
  return nullptr;
}

inline std::vector<NodeId> flagged_nodes(const parcoach::MismatchResult &r) {
  std::vector<NodeId> out;
  for (const auto &f : r.flagged)
    out.push_back(f.node);
  return out;
}

// Nodes with two or more distinct successors.
inline bool is_branch(const Graph &g, NodeId n) {
  std::set<NodeId> distinct(g.succs(n).begin(), g.succs(n).end());
  return distinct.size() >= 2;
}

// ---------------------------------------------------------------- random

// A random acyclic graph on `n' nodes: entry 0, exit n-1, every node
// reachable from the entry and reaching the exit; edges go forward in
// numbering, a few of them doubled.
inline Graph random_dag(std::mt19937 &rng, int n, int max_out = 3) {
  Graph g = make_graph(n, 0, n - 1, {});
  auto pick = [&](int lo, int hi) { // inclusive
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  for (int v = 1; v < n; ++v) // a predecessor: reachable from the entry
    g.add_edge(pick(0, v - 1), v);
  for (int v = 0; v < n - 1; ++v) {
    int extra = pick(0, max_out - 1);
    if (g.succs(v).empty())
      ++extra; // a successor: reaches the exit
    for (int k = 0; k < extra; ++k)
      g.add_edge(v, pick(v + 1, n - 1));
  }
  if (n > 2 && pick(0, 4) == 0) { // a doubled edge
    int v = pick(0, n - 2);
    g.add_edge(v, g.succs(v).front());
  }
  return g;
}

// b is unreachable from the entry once a is removed.
inline bool dominates(const Graph &g, NodeId a, NodeId b) {
  if (a == b)
    return true;
  std::vector<bool> seen(g.size(), false);
  std::vector<NodeId> stack;
  if (g.entry != a) {
    stack.push_back(g.entry);
    seen[g.entry] = true;
  }
  while (!stack.empty()) {
    NodeId x = stack.back();
    stack.pop_back();
    for (NodeId s : g.succs(x))
      if (s != a && !seen[s]) {
        seen[s] = true;
        stack.push_back(s);
      }
  }
  return !seen[b];
}

// Adds up to `count' back edges t -> h with h dominating t (natural loops,
// as structured code makes), or arbitrary ones when `irreducible'.
inline void add_back_edges(std::mt19937 &rng, Graph &g, int count, bool irreducible) {
  const int n = static_cast<int>(g.size());
  for (int tries = 0; tries < 40 && count > 0; ++tries) {
    int h = std::uniform_int_distribution<int>(1, n - 2)(rng);
    int t = std::uniform_int_distribution<int>(h, n - 2)(rng);
    if (!irreducible && !dominates(g, h, t))
      continue;
    g.add_edge(t, h);
    --count;
  }
}

// ---------------------------------------------------------------- oracles

class BruteForce {
public:
  explicit BruteForce(const Graph &g) : g_(g), n_(static_cast<int>(g.size())) {
    reaches_.assign(n_, false);
    for (int v = 0; v < n_; ++v)
      reaches_[v] = exists_path_to_exit(v);
    pdom_.assign(n_, std::vector<bool>(n_, false));
    for (int a = 0; a < n_; ++a)
      for (int b = 0; b < n_; ++b)
        pdom_[a][b] = reaches_[a] && reaches_[b] && all_paths_meet(b, only(a));
  }

  bool reaches_exit(NodeId v) const { return reaches_[v]; }
  bool postdominates(NodeId a, NodeId b) const { return pdom_[a][b]; }

  NodeId ipdom(NodeId v) const {
    if (!reaches_[v] || v == g_.exit)
      return -1;
    // The strict postdominator postdominated by all the others.
    for (int d = 0; d < n_; ++d) {
      if (d == v || !pdom_[d][v])
        continue;
      bool closest = true;
      for (int o = 0; o < n_; ++o)
        if (o != v && pdom_[o][v] && !pdom_[o][d])
          closest = false;
      if (closest)
        return d;
    }
    return -1;
  }

  std::set<NodeId> frontier(NodeId u) const {
    std::set<NodeId> out;
    for (int v = 0; v < n_; ++v) {
      if (!reaches_[v] || (u != v && pdom_[u][v]))
        continue;
      for (NodeId w : g_.succs(v))
        if (pdom_[u][w])
          out.insert(v);
    }
    return out;
  }

  std::set<NodeId> set_postdominated(const std::vector<NodeId> &set) const {
    std::vector<bool> in_set = members(set);
    std::set<NodeId> out;
    for (int w = 0; w < n_; ++w)
      if (reaches_[w] && all_paths_meet(w, in_set))
        out.insert(w);
    return out;
  }

  std::set<NodeId> set_frontier(const std::vector<NodeId> &set) const {
    std::set<NodeId> covered = set_postdominated(set), out;
    for (int v = 0; v < n_; ++v) {
      if (!reaches_[v] || covered.count(v))
        continue;
      for (NodeId w : g_.succs(v))
        if (covered.count(w))
          out.insert(v);
    }
    return out;
  }

  std::set<NodeId> iterated_frontier(const std::vector<NodeId> &set) const {
    std::set<NodeId> closure = set_frontier(set);
    std::vector<NodeId> work(closure.begin(), closure.end());
    while (!work.empty()) {
      NodeId x = work.back();
      work.pop_back();
      for (NodeId y : frontier(x))
        if (closure.insert(y).second)
          work.push_back(y);
    }
    return closure;
  }

private:
  std::vector<bool> only(NodeId a) const {
    std::vector<bool> m(n_, false);
    m[a] = true;
    return m;
  }
  std::vector<bool> members(const std::vector<NodeId> &set) const {
    std::vector<bool> m(n_, false);
    for (NodeId u : set)
      m[u] = true;
    return m;
  }

  bool exists_path_to_exit(NodeId v) const {
    std::vector<bool> on_path(n_, false);
    std::function<bool(NodeId)> walk = [&](NodeId x) {
      if (x == g_.exit)
        return true;
      on_path[x] = true;
      bool found = false;
      for (NodeId s : g_.succs(x))
        if (!on_path[s] && walk(s)) {
          found = true;
          break;
        }
      on_path[x] = false;
      return found;
    };
    return walk(v);
  }

  // Enumerates the simple paths from w to the exit (a path avoiding the set
  // contains a simple one avoiding it, so simple paths are enough).
  bool all_paths_meet(NodeId w, const std::vector<bool> &in_set) const {
    std::vector<bool> on_path(n_, false);
    std::function<bool(NodeId)> walk = [&](NodeId x) {
      if (in_set[x])
        return true;
      if (x == g_.exit)
        return false;
      on_path[x] = true;
      bool all = true;
      for (NodeId s : g_.succs(x))
        if (!on_path[s] && !walk(s)) {
          all = false;
          break;
        }
      on_path[x] = false;
      return all;
    };
    return walk(w);
  }

  const Graph &g_;
  int n_;
  std::vector<bool> reaches_;
  std::vector<std::vector<bool>> pdom_;
};

// The sequences of collectives along entry -> exit walks of `model' that
// visit no node more than `max_visits' times (at most `max_walks' walks).
// A walk reaching a node that ends the job is dropped; a node without
// successors other than the exit leaves the function.
inline std::set<std::vector<int>>
collective_sequences(const FunctionModel &model, int max_visits = 1,
                     std::size_t max_walks = 20000) {
  const Graph &g = model.cfg;
  std::set<std::vector<int>> out;
  std::vector<int> visits(g.size(), 0), sequence;
  std::size_t walks = 0;
  std::function<void(NodeId)> walk = [&](NodeId x) {
    if (walks >= max_walks || model.facts[x].terminates_job)
      return;
    ++visits[x];
    if (model.facts[x].collective)
      sequence.push_back(model.facts[x].collective);
    if (x == g.exit || g.succs(x).empty()) {
      out.insert(sequence);
      ++walks;
    } else {
      for (NodeId s : g.succs(x))
        if (visits[s] < max_visits)
          walk(s);
    }
    if (model.facts[x].collective)
      sequence.pop_back();
    --visits[x];
  };
  walk(g.entry);
  return out;
}

} // namespace testing_support

#endif
