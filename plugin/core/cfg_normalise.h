// First step of the collective analysis: a well-formed copy of a function's
// graph, in which every node is reachable from the entry and reaches the
// exit.  No GCC headers.
#ifndef PARCOACH_CORE_CFG_NORMALISE_H
#define PARCOACH_CORE_CFG_NORMALISE_H

#include "collective_mismatch.h"
#include "graph.h"

#include <vector>

namespace parcoach {

struct NormalisedCfg {
  // False when there is nothing to analyse: bad entry or exit, entry ==
  // exit, or every path from the entry ends the job.
  bool valid = false;
  Graph graph;
  // Caller's id of each node of `graph'.
  std::vector<NodeId> original;
  // The node's edge to the exit is fake: added to leave an infinite loop.
  // Such an edge is no way out of a loop for the processes.
  std::vector<bool> fake_exit_edge;
};

// The facts of node n, or default facts when the model has none for it.
const NodeFacts &facts_of(const FunctionModel &model, NodeId n);

// Builds the normalised copy:
//  * nodes unreachable from the entry are dropped, and so are the exit's
//    successor edges (the exit ends the function);
//  * a node that terminates the job (MPI_Abort...) is dropped, and so is
//    every node whose paths all end in one: processes taking them are all
//    killed, which cannot leave others waiting in a collective;
//  * any other node without successors (exit(), throw) gets an edge to the
//    exit;
//  * a node that loops forever gets a fake edge to the exit from the
//    deepest node of its cycle, as GCC's connect_infinite_loops_to_exit.
// Multiple edges between two nodes are merged.  Nodes keep the relative
// order of their original ids.
NormalisedCfg normalise_cfg(const FunctionModel &model);

} // namespace parcoach

#endif
