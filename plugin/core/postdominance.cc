#include "postdominance.h"

#include "graph_utils.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

namespace parcoach {

namespace {

// Lengauer-Tarjan "simple" version, run on the reverse graph rooted at the
// exit.  Nodes are handled by their DFS preorder number.
class ReverseDominatorSolver {
public:
  explicit ReverseDominatorSolver(const Graph &g) : g_(g) {}

  std::vector<NodeId> solve() {
    std::vector<NodeId> ipdom(g_.size(), -1);
    if (!is_node(g_, g_.exit))
      return ipdom;
    number_from_exit();
    compute_semidominators();
    for (std::size_t w = 1; w < vertex_.size(); ++w)
      ipdom[vertex_[w]] = vertex_[idom_[w]];
    return ipdom;
  }

private:
  // Preorder DFS from the exit following predecessors (iterative: CFGs of
  // generated code can be 100k nodes deep).
  void number_from_exit() {
    number_.assign(g_.size(), -1);
    auto visit = [&](NodeId n, int parent) {
      number_[n] = static_cast<int>(vertex_.size());
      vertex_.push_back(n);
      parent_.push_back(parent);
    };
    visit(g_.exit, -1);
    std::vector<std::pair<NodeId, std::size_t>> stack{{g_.exit, 0}};
    while (!stack.empty()) {
      NodeId n = stack.back().first;
      std::size_t i = stack.back().second++;
      if (i == g_.preds(n).size()) {
        stack.pop_back();
        continue;
      }
      NodeId p = g_.preds(n)[i];
      if (number_[p] >= 0)
        continue;
      visit(p, number_[n]);
      stack.emplace_back(p, 0);
    }
  }

  void compute_semidominators() {
    const int count = static_cast<int>(vertex_.size());
    semi_.resize(count);
    std::iota(semi_.begin(), semi_.end(), 0);
    label_ = semi_;
    ancestor_.assign(count, -1);
    idom_.assign(count, 0);
    // Buckets as linked lists: each node enters exactly one, once.
    std::vector<int> bucket_head(count, -1), bucket_next(count, -1);
    for (int w = count - 1; w > 0; --w) {
      // Predecessors in the reverse graph are successors in g.
      for (NodeId s : g_.succs(vertex_[w])) {
        int v = number_[s];
        if (v < 0)
          continue;
        semi_[w] = std::min(semi_[w], semi_[eval(v)]);
      }
      bucket_next[w] = bucket_head[semi_[w]];
      bucket_head[semi_[w]] = w;
      const int p = parent_[w];
      ancestor_[w] = p; // link
      for (int v = bucket_head[p]; v >= 0; v = bucket_next[v]) {
        int u = eval(v);
        idom_[v] = semi_[u] < semi_[v] ? u : p;
      }
      bucket_head[p] = -1;
    }
    for (int w = 1; w < count; ++w)
      if (idom_[w] != semi_[w])
        idom_[w] = idom_[idom_[w]];
  }

  int eval(int v) {
    if (ancestor_[v] < 0)
      return v;
    compress(v);
    return label_[v];
  }

  // Path compression, iteratively: the recursive version updates the
  // nodes nearest the forest root first.
  void compress(int v) {
    path_.clear();
    for (int x = v; ancestor_[ancestor_[x]] >= 0; x = ancestor_[x])
      path_.push_back(x);
    for (auto it = path_.rbegin(); it != path_.rend(); ++it) {
      int x = *it, a = ancestor_[x];
      if (semi_[label_[a]] < semi_[label_[x]])
        label_[x] = label_[a];
      ancestor_[x] = ancestor_[a];
    }
  }

  const Graph &g_;
  std::vector<int> number_;     // node -> preorder number, -1 unreached
  std::vector<NodeId> vertex_;  // preorder number -> node
  std::vector<int> parent_, semi_, label_, ancestor_, idom_, path_;
};

// A union of disjoint intervals [begin, end) of preorder numbers: the
// covered postdominator subtrees.  Tree intervals are nested or disjoint,
// so an added interval swallows the ones inside it.
class IntervalUnion {
public:
  bool contains(int point) const {
    auto it = spans_.upper_bound(point);
    if (it == spans_.begin())
      return false;
    --it;
    return point < it->second;
  }
  void add(int begin, int end) {
    auto it = spans_.lower_bound(begin);
    while (it != spans_.end() && it->first < end)
      it = spans_.erase(it);
    spans_.emplace(begin, end);
  }
  const std::map<int, int> &spans() const { return spans_; }

private:
  std::map<int, int> spans_; // begin -> end
};

} // namespace

// The nodes set-postdominated by a set U on an acyclic graph: a union of
// postdominator subtrees.  Their roots are the nodes of U plus the "extra"
// nodes all of whose successors are covered; such a node is in the
// frontier of the root covering one of its successors, so only frontiers of
// roots are searched.  A node rejected too early is searched again when its
// last successor gets covered, since it is in the frontier of that new root.
class PostDominance::Cover {
public:
  Cover(const PostDominance &pd, const std::vector<NodeId> &set) : pd_(pd) {
    for (NodeId u : set)
      if (pd_.in_tree(u) && !contains(u))
        add_root(u);
    for (std::size_t i = 0; i < roots_.size(); ++i)
      for (NodeId v : pd_.frontier_[roots_[i]])
        if (!contains(v) && successors_covered(v))
          add_root(v);
  }

  bool contains(NodeId n) const {
    return pd_.in_tree(n) && spans_.contains(pd_.enter_[n]);
  }
  // Every root ever added, swallowed ones included.
  const std::vector<NodeId> &roots() const { return roots_; }
  std::vector<NodeId> nodes() const {
    std::vector<NodeId> out;
    for (const auto &span : spans_.spans())
      for (int i = span.first; i < span.second; ++i)
        out.push_back(pd_.by_enter_[i]);
    sort_unique(out);
    return out;
  }

private:
  void add_root(NodeId r) {
    spans_.add(pd_.enter_[r], pd_.leave_[r]);
    roots_.push_back(r);
  }
  // The only path from the exit is the exit itself: never covered unless
  // it is in U.  Successors not reaching the exit lie on no path.
  bool successors_covered(NodeId v) const {
    if (v == pd_.graph_.exit)
      return false;
    for (NodeId s : pd_.graph_.succs(v))
      if (pd_.in_tree(s) && !contains(s))
        return false;
    return true;
  }

  const PostDominance &pd_;
  IntervalUnion spans_;
  std::vector<NodeId> roots_;
};

PostDominance::PostDominance(const Graph &g) : graph_(g) {
  std::vector<NodeId> order;
  acyclic_ = topological_order(g, order);
  marks_.assign(g.size(), 0);
  compute_ipdoms();
  number_tree();
  compute_frontiers();
}

void PostDominance::compute_ipdoms() {
  ipdom_ = ReverseDominatorSolver(graph_).solve();
}

void PostDominance::number_tree() {
  const std::size_t n = graph_.size();
  enter_.assign(n, -1);
  leave_.assign(n, -1);
  if (!is_node(graph_, graph_.exit))
    return;
  // Children lists in one array: those of v are
  // child[first_child[v] .. first_child[v + 1]).
  std::vector<std::size_t> first_child(n + 1, 0);
  for (std::size_t v = 0; v < n; ++v)
    if (ipdom_[v] >= 0)
      ++first_child[ipdom_[v] + 1];
  for (std::size_t v = 0; v < n; ++v)
    first_child[v + 1] += first_child[v];
  std::vector<NodeId> child(first_child[n]);
  std::vector<std::size_t> filled(first_child.begin(), first_child.end() - 1);
  for (std::size_t v = 0; v < n; ++v)
    if (ipdom_[v] >= 0)
      child[filled[ipdom_[v]]++] = static_cast<NodeId>(v);

  // Preorder numbering; the stack holds (node, next child position).
  std::vector<std::pair<NodeId, std::size_t>> stack{{graph_.exit, first_child[graph_.exit]}};
  enter_[graph_.exit] = 0;
  by_enter_.reserve(n);
  by_enter_.push_back(graph_.exit);
  while (!stack.empty()) {
    NodeId v = stack.back().first;
    std::size_t i = stack.back().second++;
    if (i == first_child[v + 1]) {
      leave_[v] = static_cast<int>(by_enter_.size());
      stack.pop_back();
      continue;
    }
    NodeId c = child[i];
    enter_[c] = static_cast<int>(by_enter_.size());
    by_enter_.push_back(c);
    stack.emplace_back(c, first_child[c]);
  }
}

// Cooper's "runner" method: v is in the frontier of every node on the tree
// path from each successor of v up to, not including, ipdom(v).
void PostDominance::compute_frontiers() {
  frontier_.assign(graph_.size(), {});
  for (std::size_t i = 0; i < graph_.size(); ++i) {
    NodeId v = static_cast<NodeId>(i);
    if (!in_tree(v))
      continue;
    for (NodeId s : graph_.succs(v))
      for (NodeId r = s; in_tree(r) && r != ipdom_[v]; r = ipdom_[r]) {
        // v is handled in increasing order, so lists stay sorted and a
        // repeat can only be at the back.
        if (!frontier_[r].empty() && frontier_[r].back() == v)
          break;
        frontier_[r].push_back(v);
      }
  }
}

bool PostDominance::in_tree(NodeId n) const {
  return is_node(graph_, n) && enter_[n] >= 0;
}

bool PostDominance::reaches_exit(NodeId n) const { return in_tree(n); }

NodeId PostDominance::ipdom(NodeId n) const {
  return is_node(graph_, n) ? ipdom_[n] : -1;
}

bool PostDominance::postdominates(NodeId a, NodeId b) const {
  return in_tree(a) && in_tree(b) && enter_[a] <= enter_[b] &&
         enter_[b] < leave_[a];
}

const std::vector<NodeId> &PostDominance::frontier(NodeId n) const {
  static const std::vector<NodeId> none;
  return in_tree(n) ? frontier_[n] : none;
}

PostDominance::Cover
PostDominance::cover_of(const std::vector<NodeId> &set) const {
  return Cover(*this, set);
}

void PostDominance::start_marking() const {
  if (++epoch_ == 0) { // wrapped: forget every old mark
    std::fill(marks_.begin(), marks_.end(), 0);
    epoch_ = 1;
  }
}

bool PostDominance::mark(NodeId n) const {
  if (marks_[n] == epoch_)
    return false;
  marks_[n] = epoch_;
  return true;
}

namespace {

// Fallback for cyclic graphs, straight from the definition: w is covered
// iff it reaches the exit but not along a path avoiding U.
std::vector<bool> covered_by_traversal(const Graph &g,
                                       const std::vector<bool> &reaches_exit,
                                       const std::vector<NodeId> &set) {
  std::vector<bool> in_set(g.size(), false);
  for (NodeId u : set)
    if (is_node(g, u))
      in_set[u] = true;
  std::vector<bool> avoids = reachable_from(g, g.exit, true, in_set);
  std::vector<bool> covered(g.size(), false);
  for (std::size_t v = 0; v < g.size(); ++v)
    covered[v] = reaches_exit[v] && !avoids[v];
  return covered;
}

} // namespace

std::vector<NodeId>
PostDominance::set_postdominated(const std::vector<NodeId> &set) const {
  if (acyclic_)
    return cover_of(set).nodes();
  std::vector<bool> tree(graph_.size());
  for (std::size_t v = 0; v < graph_.size(); ++v)
    tree[v] = in_tree(static_cast<NodeId>(v));
  std::vector<bool> covered = covered_by_traversal(graph_, tree, set);
  std::vector<NodeId> out;
  for (std::size_t v = 0; v < graph_.size(); ++v)
    if (covered[v])
      out.push_back(static_cast<NodeId>(v));
  return out;
}

std::vector<NodeId>
PostDominance::set_frontier(const std::vector<NodeId> &set) const {
  std::vector<NodeId> out;
  if (acyclic_) {
    // A node outside the cover with a covered successor is in the frontier
    // of that successor's root.
    Cover cover = cover_of(set);
    start_marking();
    for (NodeId r : cover.roots())
      for (NodeId v : frontier_[r])
        if (!cover.contains(v) && mark(v))
          out.push_back(v);
    std::sort(out.begin(), out.end());
    return out;
  }
  std::vector<bool> covered(graph_.size(), false);
  for (NodeId v : set_postdominated(set))
    covered[v] = true;
  for (std::size_t i = 0; i < graph_.size(); ++i) {
    NodeId v = static_cast<NodeId>(i);
    if (!in_tree(v) || covered[v])
      continue;
    for (NodeId s : graph_.succs(v))
      if (covered[s]) {
        out.push_back(v);
        break;
      }
  }
  return out;
}

std::vector<NodeId>
PostDominance::iterated_frontier(const std::vector<NodeId> &set) const {
  std::vector<NodeId> closure = set_frontier(set);
  start_marking();
  for (NodeId x : closure)
    mark(x);
  // `closure' doubles as the worklist.
  for (std::size_t i = 0; i < closure.size(); ++i)
    for (NodeId y : frontier_[closure[i]])
      if (mark(y))
        closure.push_back(y);
  std::sort(closure.begin(), closure.end());
  return closure;
}

} // namespace parcoach
