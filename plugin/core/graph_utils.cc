#include "graph_utils.h"

#include <algorithm>

namespace parcoach {

std::vector<bool> reachable_from(const Graph &g, NodeId start, bool backwards,
                                 const std::vector<bool> &blocked) {
  std::vector<bool> seen(g.size(), false);
  auto is_blocked = [&](NodeId n) {
    return static_cast<std::size_t>(n) < blocked.size() && blocked[n];
  };
  if (!is_node(g, start) || is_blocked(start))
    return seen;
  std::vector<NodeId> stack{start};
  seen[start] = true;
  while (!stack.empty()) {
    NodeId n = stack.back();
    stack.pop_back();
    for (NodeId next : backwards ? g.preds(n) : g.succs(n)) {
      if (seen[next] || is_blocked(next))
        continue;
      seen[next] = true;
      stack.push_back(next);
    }
  }
  return seen;
}

bool topological_order(const Graph &g, std::vector<NodeId> &order) {
  const std::size_t n = g.size();
  std::vector<std::size_t> pending_preds(n);
  order.clear();
  for (std::size_t v = 0; v < n; ++v) {
    pending_preds[v] = g.preds(static_cast<NodeId>(v)).size();
    if (pending_preds[v] == 0)
      order.push_back(static_cast<NodeId>(v));
  }
  // `order' doubles as the queue: nodes are appended once all their
  // predecessors are in it.
  for (std::size_t i = 0; i < order.size(); ++i)
    for (NodeId s : g.succs(order[i]))
      if (--pending_preds[s] == 0)
        order.push_back(s);
  return order.size() == n;
}

void sort_unique(std::vector<NodeId> &nodes) {
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
}

std::set<unsigned> callers_closure(const std::set<unsigned> &direct,
                                   const std::map<unsigned, std::vector<unsigned>> &calls) {
  std::map<unsigned, std::vector<unsigned>> callers;
  for (const auto &function : calls)
    for (unsigned callee : function.second)
      callers[callee].push_back(function.first);
  std::set<unsigned> closure = direct;
  std::vector<unsigned> work(direct.begin(), direct.end());
  while (!work.empty()) {
    unsigned function = work.back();
    work.pop_back();
    auto found = callers.find(function);
    if (found == callers.end())
      continue;
    for (unsigned caller : found->second)
      if (closure.insert(caller).second)
        work.push_back(caller);
  }
  return closure;
}

} // namespace parcoach
