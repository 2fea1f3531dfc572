// The control-flow graph model shared by every analysis.  It knows nothing of
// GCC: the GIMPLE adapter (gimple/) builds one per function, unit tests build
// them by hand from the thesis figures.
#ifndef PARCOACH_CORE_GRAPH_H
#define PARCOACH_CORE_GRAPH_H

#include <cstddef>
#include <vector>

namespace parcoach {

using NodeId = int;

// A directed graph with a distinguished entry and exit node.  Nodes are
// numbered 0..size()-1 in creation order; edges may be added in any order.
class Graph {
public:
  NodeId add_node() {
    succs_.emplace_back();
    preds_.emplace_back();
    return static_cast<NodeId>(succs_.size() - 1);
  }
  void add_edge(NodeId from, NodeId to) {
    succs_[from].push_back(to);
    preds_[to].push_back(from);
  }
  std::size_t size() const { return succs_.size(); }
  const std::vector<NodeId> &succs(NodeId n) const { return succs_[n]; }
  const std::vector<NodeId> &preds(NodeId n) const { return preds_[n]; }

  NodeId entry = -1;
  NodeId exit = -1;

private:
  std::vector<std::vector<NodeId>> succs_, preds_;
};

} // namespace parcoach

#endif
