#include "loops.h"

#include "graph_utils.h"

#include <algorithm>
#include <utility>

namespace parcoach {

namespace {

// Depth-first search from the entry: marks retreating edges (to a node
// still on the stack) and ranks nodes in reverse postorder, a topological
// order of the graph without its retreating edges.
void search_from_entry(const Graph &g, LoopInfo &info) {
  const std::size_t n = g.size();
  info.first_edge.resize(n + 1);
  info.first_edge[0] = 0;
  for (std::size_t v = 0; v < n; ++v)
    info.first_edge[v + 1] = info.first_edge[v] + g.succs(static_cast<NodeId>(v)).size();
  info.retreating_edge.assign(info.first_edge[n], false);
  info.rpo_rank.assign(n, -1);
  if (!is_node(g, g.entry))
    return;
  enum : char { unseen, on_stack, done };
  std::vector<char> state(n, unseen);
  std::vector<NodeId> postorder;
  std::vector<std::pair<NodeId, std::size_t>> stack{{g.entry, 0}};
  state[g.entry] = on_stack;
  while (!stack.empty()) {
    NodeId v = stack.back().first;
    std::size_t i = stack.back().second++;
    if (i == g.succs(v).size()) {
      state[v] = done;
      postorder.push_back(v);
      stack.pop_back();
      continue;
    }
    NodeId s = g.succs(v)[i];
    if (state[s] == on_stack)
      info.retreating_edge[info.first_edge[v] + i] = true;
    else if (state[s] == unseen) {
      state[s] = on_stack;
      stack.emplace_back(s, 0);
    }
  }
  for (std::size_t k = 0; k < postorder.size(); ++k)
    info.rpo_rank[postorder[k]] = static_cast<int>(postorder.size() - 1 - k);
}

class LoopFinder {
public:
  LoopFinder(const Graph &g, const std::vector<bool> &fake, LoopInfo &info)
      : g_(g), fake_(fake), info_(info), in_backward_(g.size(), -1),
        in_body_(g.size(), -1) {}

  void find_all() {
    // (header, latch) for every retreating edge, grouped by header.
    std::vector<std::pair<NodeId, NodeId>> back_edges;
    for (std::size_t i = 0; i < g_.size(); ++i) {
      NodeId v = static_cast<NodeId>(i);
      for (std::size_t k = 0; k < g_.succs(v).size(); ++k)
        if (info_.is_retreating(v, k))
          back_edges.emplace_back(g_.succs(v)[k], v);
    }
    std::sort(back_edges.begin(), back_edges.end());
    info_.loop_of_header.assign(g_.size(), -1);
    std::vector<NodeId> latches;
    for (std::size_t i = 0; i < back_edges.size(); ++i) {
      latches.push_back(back_edges[i].second);
      NodeId header = back_edges[i].first;
      if (i + 1 == back_edges.size() || back_edges[i + 1].first != header) {
        add_loop(header, latches);
        latches.clear();
      }
    }
  }

private:
  void add_loop(NodeId header, const std::vector<NodeId> &latches) {
    const int stamp = static_cast<int>(info_.loops.size());
    Loop loop;
    loop.header = header;
    mark_reaching_latches(header, latches, stamp);
    loop.body = body_from_header(header, stamp);
    collect_exits(loop, stamp);
    info_.loop_of_header[header] = stamp;
    info_.loops.push_back(std::move(loop));
  }

  // Nodes reaching a latch without passing the header: the natural loop
  // when the header dominates its latches.
  void mark_reaching_latches(NodeId header, const std::vector<NodeId> &latches,
                             int stamp) {
    std::vector<NodeId> stack;
    for (NodeId t : latches)
      if (t != header && in_backward_[t] != stamp) {
        in_backward_[t] = stamp;
        stack.push_back(t);
      }
    while (!stack.empty()) {
      NodeId x = stack.back();
      stack.pop_back();
      for (NodeId p : g_.preds(x))
        if (p != header && info_.rpo_rank[p] >= 0 && in_backward_[p] != stamp) {
          in_backward_[p] = stamp;
          stack.push_back(p);
        }
    }
  }

  // Of those, the ones the header reaches through them.  This changes
  // nothing for a natural loop, and keeps an irreducible one to the nodes
  // actually on its cycles instead of everything above the latch.
  std::vector<NodeId> body_from_header(NodeId header, int stamp) {
    std::vector<NodeId> body{header};
    in_body_[header] = stamp;
    for (std::size_t i = 0; i < body.size(); ++i)
      for (NodeId s : g_.succs(body[i]))
        if (in_backward_[s] == stamp && in_body_[s] != stamp) {
          in_body_[s] = stamp;
          body.push_back(s);
        }
    sort_unique(body);
    return body;
  }

  void collect_exits(Loop &loop, int stamp) {
    for (NodeId x : loop.body) {
      const std::vector<NodeId> &succs = g_.succs(x);
      for (std::size_t i = 0; i < succs.size(); ++i) {
        NodeId s = succs[i];
        if (in_body_[s] == stamp)
          continue;
        if (info_.is_retreating(x, i))
          loop.exit_headers.push_back(s);
        else
          loop.exit_targets.push_back(s);
        if (!is_fake_edge(x, s))
          loop.exiting.push_back(x);
      }
    }
    sort_unique(loop.exiting);
    sort_unique(loop.exit_targets);
    sort_unique(loop.exit_headers);
  }

  bool is_fake_edge(NodeId from, NodeId to) const {
    return to == g_.exit && static_cast<std::size_t>(from) < fake_.size() &&
           fake_[from];
  }

  const Graph &g_;
  const std::vector<bool> &fake_;
  LoopInfo &info_;
  // Stamp of the last loop whose search reached the node.
  std::vector<int> in_backward_, in_body_;
};

class AcyclicBuilder {
public:
  AcyclicBuilder(const Graph &g, const LoopInfo &info)
      : g_(g), info_(info), continuation_(info.loops.size()),
        state_(info.loops.size(), unseen), exit_only_{g.exit} {}

  // With `keep_rank_order', a replacement edge against the reverse
  // postorder goes to the exit instead: this cannot make a cycle, at the
  // price of precision.  Only needed if the plain version made one, which
  // irreducible graphs might.
  Graph build(bool keep_rank_order) {
    Graph dag;
    for (std::size_t v = 0; v < g_.size(); ++v)
      dag.add_node();
    dag.entry = g_.entry;
    dag.exit = g_.exit;
    std::vector<int> join_of_loop(info_.loops.size(), -1);
    std::vector<NodeId> targets;
    for (std::size_t i = 0; i < g_.size(); ++i) {
      NodeId v = static_cast<NodeId>(i);
      if (v == g_.exit || info_.rpo_rank[v] < 0)
        continue;
      targets.clear();
      const std::vector<NodeId> &succs = g_.succs(v);
      for (std::size_t k = 0; k < succs.size(); ++k) {
        if (!info_.is_retreating(v, k)) {
          targets.push_back(succs[k]);
          continue;
        }
        int l = info_.loop_of_header[succs[k]];
        if (!keep_rank_order && l >= 0) {
          if (join_of_loop[l] < 0)
            join_of_loop[l] = dag.add_node();
          targets.push_back(join_of_loop[l]);
          continue;
        }
        for (NodeId x : continuation(succs[k]))
          targets.push_back(keep_rank_order && !goes_forward(v, x) ? g_.exit
                                                                   : x);
      }
      sort_unique(targets);
      for (NodeId t : targets)
        if (is_node(dag, t)) // the exit may be missing from odd graphs
          dag.add_edge(v, t);
    }
    for (std::size_t l = 0; l < join_of_loop.size(); ++l)
      if (join_of_loop[l] >= 0)
        for (NodeId x : continuation(info_.loops[l].header))
          if (is_node(g_, x))
            dag.add_edge(join_of_loop[l], x);
    return dag;
  }

private:
  enum State : char { unseen, busy, done };

  bool goes_forward(NodeId from, NodeId to) const {
    return to == g_.exit || info_.rpo_rank[to] > info_.rpo_rank[from];
  }

  // Where the loop headed by `header' continues once left.
  const std::vector<NodeId> &continuation(NodeId header) {
    int l = info_.loop_of_header[header];
    if (l < 0 || state_[l] == busy) // busy: overlapping irreducible loops
      return exit_only_;
    if (state_[l] == done)
      return continuation_[l];
    state_[l] = busy;
    const Loop &loop = info_.loops[l];
    std::vector<NodeId> targets = loop.exit_targets;
    for (NodeId outer : loop.exit_headers) {
      const std::vector<NodeId> &more = continuation(outer);
      targets.insert(targets.end(), more.begin(), more.end());
    }
    if (targets.empty())
      targets = exit_only_;
    sort_unique(targets);
    continuation_[l] = std::move(targets);
    state_[l] = done;
    return continuation_[l];
  }

  const Graph &g_;
  const LoopInfo &info_;
  std::vector<std::vector<NodeId>> continuation_;
  std::vector<State> state_;
  const std::vector<NodeId> exit_only_;
};

} // namespace

LoopInfo find_loops(const Graph &g, const std::vector<bool> &fake_exit_edge) {
  LoopInfo info;
  search_from_entry(g, info);
  LoopFinder(g, fake_exit_edge, info).find_all();
  return info;
}

Graph acyclic_graph(const Graph &g, const LoopInfo &info) {
  AcyclicBuilder builder(g, info);
  Graph dag = builder.build(false);
  std::vector<NodeId> order;
  if (!topological_order(dag, order))
    dag = builder.build(true);
  return dag;
}

} // namespace parcoach
