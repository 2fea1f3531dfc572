#include "report.h"

#include <set>

namespace parcoach {

namespace {

void collect_lines(const BranchOfNode &branches, const std::vector<NodeId> &nodes,
                   std::set<int> &lines) {
  for (NodeId node : nodes)
    if (branches[node] != UNKNOWN_LOCATION)
      lines.insert(LOCATION_LINE(branches[node]));
}

std::string join(const std::set<int> &lines) {
  std::string text;
  for (int line : lines) {
    if (!text.empty())
      text += ", ";
    text += std::to_string(line);
  }
  return text;
}

// Calls `visit (where, is_loop_exit, node)' for each blamed conditional
// once, loop exits first.
template <typename Visit>
void for_each_blamed(const BranchOfNode &branches, const FlaggedCollective &flagged,
                     Visit visit) {
  std::set<location_t> seen;
  for (const std::vector<NodeId> *nodes : {&flagged.loop_conditionals, &flagged.order_conditionals})
    for (NodeId node : *nodes) {
      location_t where = branches[node];
      if (where != UNKNOWN_LOCATION && seen.insert(where).second)
        visit(where, nodes == &flagged.loop_conditionals, node);
    }
}

} // namespace

BranchOfNode branch_locations(const std::vector<gimple *> &branch_of_node) {
  BranchOfNode locations;
  for (const gimple *branch : branch_of_node)
    locations.push_back(branch ? conditional_location(branch) : UNKNOWN_LOCATION);
  return locations;
}

SourceLocation source_location(location_t where) {
  expanded_location expanded = expand_location(where);
  return {expanded.file ? expanded.file : "", expanded.line, expanded.column};
}

std::string conditional_lines(const BranchOfNode &branches, const FlaggedCollective &flagged) {
  std::set<int> lines;
  collect_lines(branches, flagged.order_conditionals, lines);
  collect_lines(branches, flagged.loop_conditionals, lines);
  return join(lines);
}

std::string all_conditional_lines(const BranchOfNode &branches,
                                  const std::map<NodeId, FlaggedCollective> &flagged) {
  std::set<int> lines;
  for (const auto &site : flagged) {
    collect_lines(branches, site.second.order_conditionals, lines);
    collect_lines(branches, site.second.loop_conditionals, lines);
  }
  return join(lines);
}

void add_related_locations(const BranchOfNode &branches, const FlaggedCollective &flagged,
                           Finding &finding) {
  for_each_blamed(branches, flagged, [&](location_t where, bool loop_exit, NodeId) {
    finding.related.push_back({source_location(where), loop_exit ? "loop-exit" : "branch"});
  });
}

void note_conditionals(const BranchOfNode &branches, const FlaggedCollective &flagged,
                       const char *loop_exit_format, const char *branch_format,
                       const char *name, int line,
                       const std::map<NodeId, std::string> *why_differs) {
  for_each_blamed(branches, flagged, [&](location_t where, bool loop_exit, NodeId node) {
    inform(where, loop_exit ? loop_exit_format : branch_format, name, line);
    if (!why_differs)
      return;
    auto why = why_differs->find(node);
    if (why != why_differs->end())
      inform(where, "PARCOACH cannot prove this condition the same on every process: it %s",
             why->second.c_str());
  });
}

} // namespace parcoach
