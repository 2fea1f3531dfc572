#include "cfg_normalise.h"

#include "graph_utils.h"

namespace parcoach {

const NodeFacts &facts_of(const FunctionModel &model, NodeId n) {
  static const NodeFacts none;
  if (n < 0 || static_cast<std::size_t>(n) >= model.facts.size())
    return none;
  return model.facts[n];
}

namespace {

// Works on the caller's graph through two filters instead of a copy: the
// edges no process follows (those leaving the exit or a job-ending node)
// are skipped, and the edges added to the exit are kept as one flag per
// node.
class Normaliser {
public:
  explicit Normaliser(const FunctionModel &model) : g_(model.cfg) {
    ends_job_.resize(g_.size());
    for (std::size_t v = 0; v < g_.size(); ++v)
      ends_job_[v] = facts_of(model, static_cast<NodeId>(v)).terminates_job;
  }

  NormalisedCfg run() {
    if (!is_node(g_, g_.entry) || !is_node(g_, g_.exit) ||
        g_.entry == g_.exit)
      return {};
    added_exit_edge_.assign(g_.size(), no_edge);
    live_ = reachable(g_.entry, true);
    connect_dead_ends();
    reaches_exit_ = reachable(g_.exit, false);
    for (std::size_t v = 0; v < g_.size(); ++v)
      reaches_exit_[v] = reaches_exit_[v] && live_[v];
    reaches_exit_[g_.exit] = true; // kept once live: fake edges lead to it
    connect_infinite_loops();
    if (!reaches_exit_[g_.entry])
      return {}; // every process entering ends the job
    return compact();
  }

private:
  enum AddedEdge : char { no_edge, real_edge, fake_edge };

  bool follows_edges_out(NodeId n) const { return n != g_.exit && !ends_job_[n]; }

  template <class Visit> void for_each_succ(NodeId n, Visit visit) const {
    if (follows_edges_out(n))
      for (NodeId s : g_.succs(n))
        visit(s);
    if (added_exit_edge_[n] != no_edge)
      visit(g_.exit);
  }

  template <class Visit> void for_each_pred(NodeId n, Visit visit) const {
    for (NodeId p : g_.preds(n))
      if (follows_edges_out(p))
        visit(p);
    if (n == g_.exit)
      for (NodeId p : added_sources_)
        visit(p);
  }

  std::vector<bool> reachable(NodeId start, bool forward) const {
    std::vector<bool> seen(g_.size(), false);
    std::vector<NodeId> stack{start};
    seen[start] = true;
    auto visit = [&](NodeId next) {
      if (!seen[next]) {
        seen[next] = true;
        stack.push_back(next);
      }
    };
    while (!stack.empty()) {
      NodeId n = stack.back();
      stack.pop_back();
      if (forward)
        for_each_succ(n, visit);
      else
        for_each_pred(n, visit);
    }
    return seen;
  }

  void add_exit_edge(NodeId from, AddedEdge kind) {
    added_exit_edge_[from] = kind;
    added_sources_.push_back(from);
    live_[g_.exit] = true;
  }

  // exit(), throw and other calls that leave the function without killing
  // the job: the process leaves the function, as through the exit.
  void connect_dead_ends() {
    for (std::size_t i = 0; i < g_.size(); ++i) {
      NodeId v = static_cast<NodeId>(i);
      if (live_[v] && follows_edges_out(v) && g_.succs(v).empty())
        add_exit_edge(v, real_edge);
    }
  }

  // Live nodes that cannot reach the exit either end up ending the job on
  // every path ("doomed": dropped) or can run forever.  Doomed ones are
  // found by peeling, from the job-ending nodes up, nodes all of whose
  // successors are doomed; what remains reaches a cycle and gets
  // connected.
  void connect_infinite_loops() {
    std::vector<bool> stuck(g_.size(), false);
    for (std::size_t v = 0; v < g_.size(); ++v)
      stuck[v] = live_[v] && !reaches_exit_[v] && !ends_job_[v];
    std::vector<bool> looping = stuck;
    for (NodeId v : doomed_nodes(stuck))
      looping[v] = false;
    // A loop with a way out, every way out of which ends the job, is no
    // infinite loop: its processes end up ending the job too (a counted
    // loop in an MPI_Abort branch, such as gfortran's MAXVAL in the message
    // printed before it).  Only cycles no way out of which ends the job
    // stay looping.
    std::vector<bool> ends_up_ending_job = reaching_job_end(stuck);
    for (std::size_t v = 0; v < g_.size(); ++v)
      if (ends_up_ending_job[v])
        looping[v] = false;
    for (std::size_t i = 0; i < g_.size(); ++i) {
      NodeId v = static_cast<NodeId>(i);
      if (!looping[v] || reaches_exit_[v])
        continue;
      NodeId deepest = deepest_node_of_cycle(v, looping);
      add_exit_edge(deepest, fake_edge);
      mark_reaching_exit(deepest);
    }
  }

  std::vector<NodeId> doomed_nodes(const std::vector<bool> &stuck) const {
    std::vector<std::size_t> stuck_succs(g_.size(), 0);
    std::vector<NodeId> doomed; // doubles as the worklist
    for (std::size_t i = 0; i < g_.size(); ++i) {
      NodeId v = static_cast<NodeId>(i);
      if (!stuck[v])
        continue;
      for_each_succ(v, [&](NodeId s) { stuck_succs[v] += stuck[s]; });
      if (stuck_succs[v] == 0)
        doomed.push_back(v);
    }
    for (std::size_t i = 0; i < doomed.size(); ++i)
      for_each_pred(doomed[i], [&](NodeId p) {
        if (stuck[p] && --stuck_succs[p] == 0)
          doomed.push_back(p);
      });
    return doomed;
  }

  // The stuck nodes from which a path leads to a node ending the job.
  std::vector<bool> reaching_job_end(const std::vector<bool> &stuck) const {
    std::vector<bool> seen(g_.size(), false);
    std::vector<NodeId> ends;
    for (std::size_t i = 0; i < g_.size(); ++i)
      if (live_[i] && ends_job_[i])
        ends.push_back(static_cast<NodeId>(i));
    mark_predecessors(std::move(ends), seen, [&](NodeId p) { return stuck[p]; });
    return seen;
  }

  // Marks in `marked' the nodes `admit' accepts from which a path of such
  // nodes leads to one of `from' (a backward walk through for_each_pred).
  template <class Admit>
  void mark_predecessors(std::vector<NodeId> from, std::vector<bool> &marked,
                         Admit admit) const {
    while (!from.empty()) {
      NodeId n = from.back();
      from.pop_back();
      for_each_pred(n, [&](NodeId p) {
        if (admit(p) && !marked[p]) {
          marked[p] = true;
          from.push_back(p);
        }
      });
    }
  }

  // Follows first successors that still cannot reach the exit until one is
  // already on the walk: the node before it closes a cycle.
  NodeId deepest_node_of_cycle(NodeId start, const std::vector<bool> &looping) {
    std::vector<NodeId> walk{start};
    on_walk_.resize(g_.size(), false);
    on_walk_[start] = true;
    NodeId current = start;
    for (;;) {
      NodeId next = -1;
      for (NodeId s : g_.succs(current)) // no added edge: it cannot reach the exit
        if (looping[s] && !reaches_exit_[s]) {
          next = s;
          break;
        }
      if (next < 0 || on_walk_[next])
        break;
      on_walk_[next] = true;
      walk.push_back(next);
      current = next;
    }
    for (NodeId n : walk)
      on_walk_[n] = false;
    return current;
  }

  void mark_reaching_exit(NodeId from) {
    reaches_exit_[from] = true;
    mark_predecessors({from}, reaches_exit_, [&](NodeId p) { return live_[p]; });
  }

  NormalisedCfg compact() const {
    NormalisedCfg out;
    out.valid = true;
    std::vector<NodeId> new_id(g_.size(), -1);
    for (std::size_t i = 0; i < g_.size(); ++i) {
      if (!live_[i] || !reaches_exit_[i])
        continue;
      new_id[i] = out.graph.add_node();
      out.original.push_back(static_cast<NodeId>(i));
      out.fake_exit_edge.push_back(added_exit_edge_[i] == fake_edge);
    }
    out.graph.entry = new_id[g_.entry];
    out.graph.exit = new_id[g_.exit];
    std::vector<NodeId> targets;
    for (NodeId v : out.original) {
      targets.clear();
      for_each_succ(v, [&](NodeId s) {
        if (new_id[s] >= 0)
          targets.push_back(new_id[s]);
      });
      sort_unique(targets);
      for (NodeId t : targets)
        out.graph.add_edge(new_id[v], t);
    }
    return out;
  }

  const Graph &g_;
  std::vector<bool> ends_job_, live_, reaches_exit_, on_walk_;
  std::vector<AddedEdge> added_exit_edge_;
  std::vector<NodeId> added_sources_; // nodes with an added edge to the exit
};

} // namespace

NormalisedCfg normalise_cfg(const FunctionModel &model) {
  return Normaliser(model).run();
}

} // namespace parcoach
