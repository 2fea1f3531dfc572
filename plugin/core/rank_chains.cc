#include "rank_chains.h"

#include <cstdint>
#include <deque>

namespace parcoach {

namespace {

// Ranks are sets of bits: chains naming more ranks than this are left to
// the warning (no program spells out so many branches).
constexpr long long kMostRanks = 64;

using RankSet = std::uint64_t;

RankSet all_ranks(long long k) { return k >= 64 ? ~RankSet(0) : (RankSet(1) << k) - 1; }

// The tests of one communicator, by conditional node.
using TestsByNode = std::map<NodeId, const RankTest *>;

// For every node, the ranks below k that no process reaching it can have:
// the ranks every path from the entry has ruled out (the way taken when the
// rank equals none of a test's constants rules them out; the way taken when
// it equals some rules out all others).  A must analysis: intersection over
// predecessors.
std::vector<RankSet> ruled_out_ranks(const Graph &graph, const TestsByNode &tests, long long k) {
  const RankSet full = all_ranks(k);
  std::vector<RankSet> in(graph.size(), full);
  auto bit = [k](long long c) { return c >= 0 && c < k ? RankSet(1) << c : RankSet(0); };
  auto through = [&](NodeId from, NodeId to) {
    auto test = tests.find(from);
    if (test == tests.end())
      return in[from];
    RankSet equal_here = 0, named = 0;
    for (const auto &c : test->second->cases) {
      named |= bit(c.first);
      if (c.second == to)
        equal_here |= bit(c.first);
    }
    if (to == test->second->otherwise)
      return in[from] | (named & ~equal_here);
    return in[from] | (full & ~equal_here);
  };
  if (graph.entry < 0 || graph.entry >= (NodeId)graph.size())
    return in;
  in[graph.entry] = 0;
  std::deque<NodeId> work(1, graph.entry);
  std::vector<bool> queued(graph.size(), false);
  queued[graph.entry] = true;
  while (!work.empty()) {
    NodeId n = work.front();
    work.pop_front();
    queued[n] = false;
    for (NodeId s : graph.succs(n)) {
      RankSet meet = s == graph.entry ? 0 : full;
      for (NodeId p : graph.preds(s))
        meet &= through(p, s);
      if (meet != in[s]) {
        in[s] = meet;
        if (!queued[s]) {
          queued[s] = true;
          work.push_back(s);
        }
      }
    }
  }
  return in;
}

// Every successor of the test's node is one the test describes.
bool describes_its_node(const Graph &graph, const RankTest &test) {
  if (test.node < 0 || test.node >= (NodeId)graph.size())
    return false;
  for (NodeId s : graph.succs(test.node)) {
    bool known = s == test.otherwise;
    for (const auto &c : test.cases)
      known |= c.second == s;
    if (!known)
      return false;
  }
  return true;
}

} // namespace

std::map<int, long long> ranks_named_by_tests(const std::vector<RankTest> &tests) {
  std::map<int, std::set<long long>> named;
  for (const RankTest &test : tests)
    for (const auto &c : test.cases)
      named[test.communicator].insert(c.first);
  std::map<int, long long> result;
  for (const auto &entry : named) {
    // Exactly the ranks 0..k-1: a test of any other rank (a gap, a rank
    // beyond) says the author runs more processes than the chain covers.
    const std::set<long long> &constants = entry.second;
    long long k = (long long)constants.size();
    bool exactly = *constants.begin() == 0 && *constants.rbegin() == k - 1;
    result[entry.first] = exactly && k >= 2 && k <= kMostRanks ? k : 0;
  }
  return result;
}

std::set<NodeId> flagged_only_beyond_tested_ranks(const ExpandedModel &expanded,
                                                  const std::vector<RankTest> &tests,
                                                  const std::map<NodeId, FlaggedCollective> &flagged) {
  std::set<NodeId> quiet;
  if (flagged.empty() || tests.empty())
    return quiet;
  const Graph &graph = expanded.model.cfg;
  // The edges (from, to) only ranks beyond the chains take.
  std::set<std::pair<NodeId, NodeId>> dead;
  for (const auto &communicator : ranks_named_by_tests(tests)) {
    const long long k = communicator.second;
    if (k == 0)
      continue;
    TestsByNode of_node;
    for (const RankTest &test : tests)
      if (test.communicator == communicator.first && describes_its_node(graph, test))
        of_node[test.node] = &test;
    std::vector<RankSet> ruled_out = ruled_out_ranks(graph, of_node, k);
    // A way out taken only by ranks the tests do not name: nobody, when
    // the communicator has k processes or fewer.
    for (const auto &entry : of_node) {
      const RankTest &test = *entry.second;
      RankSet named = 0;
      bool shared = false; // the way out is also some constant's way
      for (const auto &c : test.cases) {
        named |= RankSet(1) << c.first; // 0 <= c < k: ranks_named_by_tests
        shared |= c.second == test.otherwise;
      }
      if (!shared && test.otherwise >= 0 && (ruled_out[test.node] | named) == all_ranks(k))
        dead.insert({test.node, test.otherwise});
    }
  }
  if (dead.empty())
    return quiet;
  ExpandedModel pruned;
  pruned.origin = expanded.origin;
  pruned.model.facts = expanded.model.facts;
  Graph &cfg = pruned.model.cfg;
  for (std::size_t n = 0; n < graph.size(); ++n)
    cfg.add_node();
  cfg.entry = graph.entry;
  cfg.exit = graph.exit;
  for (std::size_t n = 0; n < graph.size(); ++n)
    for (NodeId s : graph.succs((NodeId)n))
      if (!dead.count({(NodeId)n, s}))
        cfg.add_edge((NodeId)n, s);
  std::map<NodeId, FlaggedCollective> still =
      flagged_by_origin(pruned, find_collective_mismatches(pruned.model));
  for (const auto &entry : flagged)
    if (!still.count(entry.first))
      quiet.insert(entry.first);
  return quiet;
}

} // namespace parcoach
