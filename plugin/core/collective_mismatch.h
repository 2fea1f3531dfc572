// Collective mismatch analysis: thesis Algorithm 12 (execution orders, sets
// C(r,c), iterated postdominance frontier of each set, loop exits).
#ifndef PARCOACH_CORE_COLLECTIVE_MISMATCH_H
#define PARCOACH_CORE_COLLECTIVE_MISMATCH_H

#include "graph.h"

#include <vector>

namespace parcoach {

// What the analysis needs to know about one node of the function's graph.
// The adapter gives each collective call a node of its own.
struct NodeFacts {
  // Identifier of the collective called in this node (the colour: position
  // in mpi_collectives.def plus one), or 0 for no collective.
  int collective = 0;
  // The node ends with a real conditional branch (if, switch, computed
  // goto) that may send processes different ways.  Only such nodes are
  // reported as responsible; other multi-successor nodes (OpenMP lowering,
  // exception dispatch) never are.
  bool conditional = false;
  // The node ends the whole parallel job (MPI_Abort, abort): paths through
  // it never mismatch with anything, since every process is killed.
  bool terminates_job = false;
  // The node calls function number `callee' of the translation unit
  // (collective_summaries.h replaces it by what that function runs), or -1.
  int callee = -1;
};

struct FunctionModel {
  Graph cfg;
  std::vector<NodeFacts> facts; // one per node of cfg
};

// The verdict for one collective node that not all processes may reach in
// the same position of their sequence of collectives.
struct FlaggedCollective {
  NodeId node;
  int collective;
  // Conditional nodes in PDF+ of the node's set C(r,c), sorted.
  std::vector<NodeId> order_conditionals;
  // Exit conditionals of the loops containing the node, sorted.
  std::vector<NodeId> loop_conditionals;
};

struct MismatchResult {
  std::vector<FlaggedCollective> flagged; // sorted by node
  // Collectives every process entering the function executes, in order
  // (ValidSeq of thesis Algorithm 22): the basis of inter-procedural
  // summaries.
  std::vector<int> valid_sequence;
  // Every process entering the function runs exactly valid_sequence: no
  // collective is flagged, in a loop, or on some paths only (even paths
  // chosen by conditions the same on every process).
  bool single_sequence = true;
};

MismatchResult find_collective_mismatches(const FunctionModel &model);

} // namespace parcoach

#endif
