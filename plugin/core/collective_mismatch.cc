// Thesis Algorithm 12 on the normalised graph (cfg_normalise.h), with loop
// back edges replaced as described in loops.h.
#include "collective_mismatch.h"

#include "cfg_normalise.h"
#include "postdominance.h"
#include "graph_utils.h"
#include "loops.h"

#include <algorithm>
#include <map>
#include <utility>

namespace parcoach {

namespace {

// What the analysis found about one node of the normalised graph.
struct Verdict {
  std::vector<NodeId> order_conditionals; // caller's ids
  std::vector<NodeId> loop_conditionals;  // caller's ids
  bool in_loop = false;
};

// Sets C(r,c): collective nodes by (maximal execution order, collective).
// The map's order is increasing r, as the valid sequence needs.
using OrderSets = std::map<std::pair<int, int>, std::vector<NodeId>>;

class MismatchAnalysis {
public:
  MismatchAnalysis(const FunctionModel &model, const NormalisedCfg &cfg)
      : model_(model), cfg_(cfg), verdicts_(cfg.graph.size()) {}

  MismatchResult run() {
    LoopInfo loops = find_loops(cfg_.graph, cfg_.fake_exit_edge);
    Graph dag = acyclic_graph(cfg_.graph, loops);
    judge_loops(loops);
    MismatchResult result;
    judge_order_sets(dag, result);
    result.flagged = flagged_nodes();
    return result;
  }

private:
  // 0 for the join nodes the acyclic graph adds (loops.h).
  int collective(NodeId n) const {
    return is_join(n) ? 0 : facts_of(model_, cfg_.original[n]).collective;
  }

  bool is_join(NodeId n) const { return static_cast<std::size_t>(n) >= cfg_.original.size(); }

  // The caller's ids of the real conditionals among `nodes', sorted: only
  // they may send processes different ways.
  std::vector<NodeId> conditional_originals(const std::vector<NodeId> &nodes) const {
    std::vector<NodeId> out;
    for (NodeId n : nodes)
      if (!is_join(n) && facts_of(model_, cfg_.original[n]).conditional)
        out.push_back(cfg_.original[n]);
    sort_unique(out);
    return out;
  }

  // A collective in a loop may run a different number of times on each
  // process: whoever decides to leave the loop is responsible.
  void judge_loops(const LoopInfo &info) {
    for (const Loop &loop : info.loops) {
      std::vector<NodeId> exits = conditional_originals(loop.exiting);
      for (NodeId n : loop.body) {
        if (collective(n) == 0)
          continue;
        Verdict &v = verdicts_[n];
        v.in_loop = true;
        v.loop_conditionals.insert(v.loop_conditionals.end(), exits.begin(),
                                   exits.end());
      }
    }
    for (Verdict &v : verdicts_)
      sort_unique(v.loop_conditionals);
  }

  // order(n): the largest number of collectives on a path from the entry
  // to n, n excluded.
  std::vector<int> execution_orders(const Graph &dag) const {
    std::vector<NodeId> topo;
    topological_order(dag, topo); // acyclic by construction
    std::vector<int> order(dag.size(), 0);
    for (NodeId n : topo) {
      int after = order[n] + (collective(n) != 0 ? 1 : 0);
      for (NodeId s : dag.succs(n))
        order[s] = std::max(order[s], after);
    }
    return order;
  }

  OrderSets order_sets(const Graph &dag) const {
    std::vector<int> order = execution_orders(dag);
    OrderSets sets;
    for (std::size_t i = 0; i < dag.size(); ++i) {
      NodeId n = static_cast<NodeId>(i);
      if (collective(n) != 0)
        sets[{order[n], collective(n)}].push_back(n);
    }
    return sets;
  }

  // Algorithm 12, lines 4-11: a set C(r,c) that some path from the entry
  // avoids has a non-empty PDF+, the nodes where paths part.  The sets all
  // paths meet, outside loops, make the sequence every process executes.
  void judge_order_sets(const Graph &dag, MismatchResult &result) {
    PostDominance pdom(dag);
    for (const auto &entry : order_sets(dag)) {
      const std::vector<NodeId> &nodes = entry.second;
      std::vector<NodeId> responsible = pdom.iterated_frontier(nodes);
      bool in_loop = std::any_of(nodes.begin(), nodes.end(),
                                 [&](NodeId n) { return verdicts_[n].in_loop; });
      if (responsible.empty() && !in_loop)
        result.valid_sequence.push_back(entry.first.second);
      else
        result.single_sequence = false;
      if (responsible.empty())
        continue;
      std::vector<NodeId> conditionals = conditional_originals(responsible);
      for (NodeId n : nodes)
        verdicts_[n].order_conditionals = conditionals;
    }
  }

  // Normalised ids follow the caller's, so the result comes out sorted.
  std::vector<FlaggedCollective> flagged_nodes() const {
    std::vector<FlaggedCollective> out;
    for (std::size_t i = 0; i < verdicts_.size(); ++i) {
      const Verdict &v = verdicts_[i];
      if (v.order_conditionals.empty() && v.loop_conditionals.empty())
        continue;
      NodeId n = static_cast<NodeId>(i);
      out.push_back({cfg_.original[n], collective(n), v.order_conditionals,
                     v.loop_conditionals});
    }
    return out;
  }

  const FunctionModel &model_;
  const NormalisedCfg &cfg_;
  std::vector<Verdict> verdicts_;
};

} // namespace

MismatchResult find_collective_mismatches(const FunctionModel &model) {
  NormalisedCfg cfg = normalise_cfg(model);
  if (!cfg.valid)
    return {};
  return MismatchAnalysis(model, cfg).run();
}

} // namespace parcoach
