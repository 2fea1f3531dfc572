#include "paths.h"

namespace parcoach {

std::vector<int> branch_sides(const Graph &cfg, NodeId conditional,
                              const std::vector<NodeId> &nodes) {
  const std::vector<NodeId> &sides = cfg.succs(conditional);
  // reached[s][n]: node n is reached from side s.
  std::vector<std::vector<bool>> reached(sides.size(), std::vector<bool>(cfg.size(), false));
  for (std::size_t s = 0; s < sides.size(); ++s) {
    std::vector<NodeId> work;
    if (sides[s] != conditional) {
      reached[s][sides[s]] = true;
      work.push_back(sides[s]);
    }
    while (!work.empty()) {
      NodeId node = work.back();
      work.pop_back();
      for (NodeId next : cfg.succs(node))
        if (next != conditional && !reached[s][next]) {
          reached[s][next] = true;
          work.push_back(next);
        }
    }
  }
  std::vector<int> result;
  for (NodeId node : nodes) {
    int side = -1;
    for (std::size_t s = 0; s < sides.size(); ++s)
      if (node >= 0 && (std::size_t)node < cfg.size() && reached[s][node])
        side = side == -1 ? (int)s : -2;
    result.push_back(side < 0 ? -1 : side);
  }
  return result;
}

} // namespace parcoach
