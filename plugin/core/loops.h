// Loops of a normalised graph and the acyclic graph on which the collective
// analysis computes execution orders and frontiers (thesis Algorithm 12,
// line 3: "remove loop backedges").  No GCC headers.
#ifndef PARCOACH_CORE_LOOPS_H
#define PARCOACH_CORE_LOOPS_H

#include "graph.h"

#include <cstddef>
#include <vector>

namespace parcoach {

struct Loop {
  NodeId header;
  // The header and every node on a cycle through one of the header's
  // retreating edges; sorted.  For a reducible graph this is the natural
  // loop (the union over the header's back edges).
  std::vector<NodeId> body;
  // Body nodes with a real (not fake) edge leaving the body: the ones that
  // decide how many iterations a process does.  Sorted.
  std::vector<NodeId> exiting;
  // Targets of the edges leaving the body, fake ones included, split by
  // whether the edge itself is retreating (a jump to an enclosing loop's
  // header, like `continue' of an outer loop).  Sorted.
  std::vector<NodeId> exit_targets;
  std::vector<NodeId> exit_headers;
};

struct LoopInfo {
  std::vector<Loop> loops;
  // loop_of_header[n]: index in `loops' of the loop headed by n, or -1.
  std::vector<int> loop_of_header;
  // The edge n -> succs(n)[i] goes back to a node on the stack of a
  // depth-first search from the entry.
  bool is_retreating(NodeId n, std::size_t i) const {
    return retreating_edge[first_edge[n] + i];
  }
  // Flat storage for is_retreating: one flag per edge, those of node n
  // starting at first_edge[n].
  std::vector<std::size_t> first_edge;
  std::vector<char> retreating_edge;
  // Position of each node in the reverse postorder of that search, -1 if
  // unreachable from the entry.
  std::vector<int> rpo_rank;
};

// `fake_exit_edge[n]': n's edge to g.exit was added for an infinite loop
// (see cfg_normalise.h); it never makes n an exiting node.  May be empty.
LoopInfo find_loops(const Graph &g, const std::vector<bool> &fake_exit_edge);

// The same nodes without cycles: each retreating edge t -> h is replaced by
// an edge from t to a join node of h's loop (one per loop, added after
// the graph's nodes), with edges to where the loop continues (its exit
// targets, with jumps to an enclosing header replaced in turn by that
// loop's exit targets; the exit when there is none), so that "iterate,
// then leave" keeps the continuation of leaving now.  All the latches of a
// loop meet at its join before the loop's exits part: a test whose both
// sides go round again (`if (rank == 0) printf' in a loop left by a goto
// as well as by its condition) chooses no exit.  The exit's own edges and
// the nodes unreachable from the entry are dropped.  Never returns a
// cyclic graph (an irreducible graph may get the exit targets directly,
// without join nodes).
Graph acyclic_graph(const Graph &g, const LoopInfo &info);

} // namespace parcoach

#endif
