#include "collective_summaries.h"

#include <algorithm>
#include <functional>

namespace parcoach {

ExpandedModel expand_calls(const FunctionModel &model,
                           const std::vector<std::vector<int>> &summaries) {
  ExpandedModel out;
  const std::size_t count = model.cfg.size();
  Graph &graph = out.model.cfg;
  for (std::size_t n = 0; n < count; ++n) {
    graph.add_node();
    out.origin.push_back(static_cast<NodeId>(n));
  }
  graph.entry = model.cfg.entry;
  graph.exit = model.cfg.exit;
  out.model.facts.resize(count);
  // Where each original node's outgoing edges now start.
  std::vector<NodeId> last(count);
  for (std::size_t i = 0; i < count; ++i) {
    NodeId n = static_cast<NodeId>(i);
    NodeFacts facts = i < model.facts.size() ? model.facts[i] : NodeFacts{};
    last[i] = n;
    if (facts.callee >= 0) {
      const std::vector<int> empty;
      const std::vector<int> &summary =
          static_cast<std::size_t>(facts.callee) < summaries.size() ? summaries[facts.callee]
                                                                    : empty;
      facts.callee = -1;
      if (!summary.empty())
        facts.collective = summary.front();
      for (std::size_t k = 1; k < summary.size(); ++k) {
        NodeId extra = graph.add_node();
        out.origin.push_back(n);
        NodeFacts extra_facts;
        extra_facts.collective = summary[k];
        out.model.facts.push_back(extra_facts);
        graph.add_edge(last[i], extra);
        last[i] = extra;
      }
    }
    out.model.facts[i] = facts;
  }
  for (std::size_t i = 0; i < count; ++i)
    for (NodeId s : model.cfg.succs(static_cast<NodeId>(i)))
      graph.add_edge(last[i], s);
  return out;
}

std::map<NodeId, FlaggedCollective> flagged_by_origin(const ExpandedModel &expanded,
                                                      const MismatchResult &result) {
  std::map<NodeId, FlaggedCollective> sites;
  for (const FlaggedCollective &flagged : result.flagged) {
    NodeId origin = expanded.origin[flagged.node];
    auto inserted = sites.insert({origin, flagged});
    FlaggedCollective &merged = inserted.first->second;
    merged.node = origin;
    if (inserted.second)
      continue;
    merged.order_conditionals.insert(merged.order_conditionals.end(),
                                     flagged.order_conditionals.begin(),
                                     flagged.order_conditionals.end());
    merged.loop_conditionals.insert(merged.loop_conditionals.end(),
                                    flagged.loop_conditionals.begin(),
                                    flagged.loop_conditionals.end());
  }
  for (auto &entry : sites)
    for (std::vector<NodeId> *nodes :
         {&entry.second.order_conditionals, &entry.second.loop_conditionals}) {
      std::sort(nodes->begin(), nodes->end());
      nodes->erase(std::unique(nodes->begin(), nodes->end()), nodes->end());
    }
  return sites;
}

namespace {

bool runs_collectives(const FunctionModel &model) {
  return std::any_of(model.facts.begin(), model.facts.end(),
                     [](const NodeFacts &facts) { return facts.collective != 0; });
}

// Strongly connected components of the call graph (Tarjan), each listed
// after every component it calls: the bottom-up order.
std::vector<std::vector<int>> call_graph_components(const std::vector<FunctionModel> &models) {
  const int count = static_cast<int>(models.size());
  std::vector<std::vector<int>> callees(count);
  for (int f = 0; f < count; ++f) {
    for (const NodeFacts &facts : models[f].facts)
      if (facts.callee >= 0 && facts.callee < count)
        callees[f].push_back(facts.callee);
    std::sort(callees[f].begin(), callees[f].end());
    callees[f].erase(std::unique(callees[f].begin(), callees[f].end()), callees[f].end());
  }
  std::vector<int> index(count, -1), low(count, 0);
  std::vector<bool> on_stack(count, false);
  std::vector<int> stack;
  std::vector<std::vector<int>> components;
  int next_index = 0;
  // Iterative, so that deep call chains cannot overflow GCC's stack.
  struct Frame { int function; std::size_t next_callee; };
  for (int root = 0; root < count; ++root) {
    if (index[root] >= 0)
      continue;
    std::vector<Frame> frames{{root, 0}};
    index[root] = low[root] = next_index++;
    stack.push_back(root);
    on_stack[root] = true;
    while (!frames.empty()) {
      Frame &frame = frames.back();
      int f = frame.function;
      if (frame.next_callee < callees[f].size()) {
        int g = callees[f][frame.next_callee++];
        if (index[g] < 0) {
          index[g] = low[g] = next_index++;
          stack.push_back(g);
          on_stack[g] = true;
          frames.push_back({g, 0});
        } else if (on_stack[g]) {
          low[f] = std::min(low[f], index[g]);
        }
        continue;
      }
      if (low[f] == index[f]) {
        std::vector<int> component;
        int g;
        do {
          g = stack.back();
          stack.pop_back();
          on_stack[g] = false;
          component.push_back(g);
        } while (g != f);
        components.push_back(component);
      }
      frames.pop_back();
      if (!frames.empty())
        low[frames.back().function] = std::min(low[frames.back().function], low[f]);
    }
  }
  return components;
}

std::vector<int> summary_of(const MismatchResult &result, const FunctionModel &expanded,
                            int function) {
  if (result.single_sequence)
    return result.valid_sequence;
  if (!runs_collectives(expanded))
    return {};
  return {first_call_token + function};
}

} // namespace

UnitAnalysis analyse_unit(const std::vector<FunctionModel> &models) {
  UnitAnalysis unit;
  const std::size_t count = models.size();
  unit.expanded.resize(count);
  unit.results.resize(count);
  unit.summaries.resize(count);
  for (const std::vector<int> &component : call_graph_components(models)) {
    // Inside a recursive cycle, summaries are not known yet: first see
    // whether the cycle can run a collective at all, with its own calls
    // counted as nothing...
    for (int f : component)
      unit.summaries[f].clear();
    bool cycle = component.size() > 1;
    for (int f : component)
      for (const NodeFacts &facts : models[f].facts)
        cycle |= facts.callee == f;
    bool cycle_runs_collectives = false;
    if (cycle)
      for (int f : component)
        cycle_runs_collectives |= runs_collectives(expand_calls(models[f], unit.summaries).model);
    // ...and if it can, let its functions see each other as tokens.
    if (cycle_runs_collectives)
      for (int f : component)
        unit.summaries[f] = {first_call_token + f};
    std::vector<std::vector<int>> component_summaries;
    for (int f : component) {
      unit.expanded[f] = expand_calls(models[f], unit.summaries);
      unit.results[f] = find_collective_mismatches(unit.expanded[f].model);
      component_summaries.push_back(cycle_runs_collectives
                                        ? std::vector<int>{first_call_token + f}
                                        : summary_of(unit.results[f], unit.expanded[f].model, f));
    }
    for (std::size_t k = 0; k < component.size(); ++k)
      unit.summaries[component[k]] = component_summaries[k];
  }
  return unit;
}

} // namespace parcoach
