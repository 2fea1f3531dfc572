// What the events of a finding's diagnostic path say about a conditional
// (gimple/diagnostic_paths.h): on which of its sides each flagged call
// lies.  No GCC headers.
#ifndef PARCOACH_CORE_PATHS_H
#define PARCOACH_CORE_PATHS_H

#include "graph.h"

#include <vector>

namespace parcoach {

// For each node of `nodes': the index (in cfg.succs(conditional)) of the
// one successor of `conditional' from which the node is reached without
// passing through `conditional' again, or -1 when it is reached from
// several (after the sides join, or in a loop) or from none.
std::vector<int> branch_sides(const Graph &cfg, NodeId conditional,
                              const std::vector<NodeId> &nodes);

} // namespace parcoach

#endif
