// Small traversals of a Graph shared by the analyses.  No GCC headers.
#ifndef PARCOACH_CORE_GRAPH_UTILS_H
#define PARCOACH_CORE_GRAPH_UTILS_H

#include "graph.h"

#include <map>
#include <set>
#include <vector>

namespace parcoach {

// True when n names a node of g.
inline bool is_node(const Graph &g, NodeId n) {
  return n >= 0 && static_cast<std::size_t>(n) < g.size();
}

// Nodes reachable from `start' (itself included) following successors, or
// predecessors when `backwards'.  Nodes with `blocked[n]' are neither
// entered nor expanded; `blocked' may be empty.
std::vector<bool> reachable_from(const Graph &g, NodeId start, bool backwards,
                                 const std::vector<bool> &blocked = {});

// Kahn's algorithm over every node of g.  Returns false (and a partial
// order) when g has a cycle.
bool topological_order(const Graph &g, std::vector<NodeId> &order);

// `nodes' sorted, without duplicates.
void sort_unique(std::vector<NodeId> &nodes);

// On a call graph (`calls': caller -> callees): the functions in `direct'
// and every function that calls one of them, directly or not.  A least
// fixpoint: recursion alone adds nothing.
std::set<unsigned> callers_closure(const std::set<unsigned> &direct,
                                   const std::map<unsigned, std::vector<unsigned>> &calls);

} // namespace parcoach

#endif
