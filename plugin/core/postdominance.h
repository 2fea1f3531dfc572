// Postdominance (thesis appendix B and §3.1): the postdominator tree, the
// postdominance frontier of every node, and the postdominance frontier and
// iterated postdominance frontier of a SET of nodes, which is what Algorithm
// 12 asks about the sets C(r,c).  No GCC headers.
//
// Definitions (a path always ends at the exit):
//   a postdominates b       every path from b meets a (a postdominates a)
//   PDF(u)                  { v | u postdominates a successor of v and does
//                             not strictly postdominate v }
//   U set-postdominates w   every path from w meets a node of U
//   PDF_set(U)              { v | U set-postdominates a successor of v and
//                             does not set-postdominate v }
//   PDF+(U)                 the smallest X containing PDF_set(U) with
//                             x in X  =>  PDF(x) included in X
//
// Only nodes that can reach the exit take part: the others have no
// postdominator, are never set-postdominated and are in no frontier.
#ifndef PARCOACH_CORE_POSTDOMINANCE_H
#define PARCOACH_CORE_POSTDOMINANCE_H

#include "graph.h"

#include <vector>

namespace parcoach {

class PostDominance {
public:
  // Builds the tree (Lengauer-Tarjan on the reverse graph, O(E log V)) and
  // the frontiers.  `g' is kept by reference and must outlive this object.
  explicit PostDominance(const Graph &g);
  PostDominance(const Graph &&) = delete; // would dangle

  bool reaches_exit(NodeId n) const;
  // Immediate postdominator; -1 for the exit and for nodes not reaching it.
  NodeId ipdom(NodeId n) const;
  // a postdominates b (reflexive); false if either does not reach the exit.
  bool postdominates(NodeId a, NodeId b) const;
  // PDF(n), sorted.
  const std::vector<NodeId> &frontier(NodeId n) const;

  // Set queries; results sorted.  On an acyclic graph their cost depends on
  // the region around the set (postdominator subtrees and frontiers), not
  // on the size of the graph.  On a cyclic graph they fall back to one
  // O(V+E) traversal each.  They share scratch marks: do not query one
  // object from two threads at once.
  std::vector<NodeId> set_postdominated(const std::vector<NodeId> &set) const;
  std::vector<NodeId> set_frontier(const std::vector<NodeId> &set) const;
  std::vector<NodeId> iterated_frontier(const std::vector<NodeId> &set) const;

private:
  class Cover;

  void compute_ipdoms();
  void number_tree();
  void compute_frontiers();
  bool in_tree(NodeId n) const;
  Cover cover_of(const std::vector<NodeId> &set) const;
  void start_marking() const;
  bool mark(NodeId n) const; // false if it was already marked

  const Graph &graph_;
  bool acyclic_ = false;
  std::vector<NodeId> ipdom_;
  // Preorder interval [enter_, leave_) of each node's subtree; -1 when the
  // node is not in the tree.  by_enter_[enter_[n]] == n.
  std::vector<int> enter_, leave_;
  std::vector<NodeId> by_enter_;
  std::vector<std::vector<NodeId>> frontier_;
  // Scratch for set queries: a node is marked when its mark equals epoch_.
  mutable std::vector<unsigned> marks_;
  mutable unsigned epoch_ = 0;
};

} // namespace parcoach

#endif
