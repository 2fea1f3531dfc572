#include "report.h"

#include "instrument.h"

#include <set>

namespace parcoach {

namespace {

int line_of(const gimple *branch) {
  return LOCATION_LINE(conditional_location(branch));
}

void collect_lines(const BranchOfNode &branches, const std::vector<NodeId> &nodes,
                   std::set<int> &lines) {
  for (NodeId node : nodes)
    if (const gimple *branch = branches[node])
      lines.insert(line_of(branch));
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

const char *collective_name(const GimpleFunction &function, const FlaggedCollective &flagged) {
  const MpiCollective *collective = collective_by_colour(flagged.collective);
  return function.language == SourceLanguage::Fortran ? collective->fortran_name
                                                      : collective->c_name;
}

// Calls `visit (branch, is_loop_exit)' for each blamed conditional once,
// loop exits first.
template <typename Visit>
void for_each_blamed(const BranchOfNode &branches, const FlaggedCollective &flagged,
                     Visit visit) {
  std::set<location_t> seen;
  for (const std::vector<NodeId> *nodes : {&flagged.loop_conditionals, &flagged.order_conditionals})
    for (NodeId node : *nodes) {
      const gimple *branch = branches[node];
      if (branch && seen.insert(conditional_location(branch)).second)
        visit(branch, nodes == &flagged.loop_conditionals);
    }
}

} // namespace

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

std::string all_conditional_lines(const BranchOfNode &branches, const MismatchResult &result) {
  std::set<int> lines;
  for (const FlaggedCollective &flagged : result.flagged) {
    collect_lines(branches, flagged.order_conditionals, lines);
    collect_lines(branches, flagged.loop_conditionals, lines);
  }
  return join(lines);
}

void add_related_locations(const BranchOfNode &branches, const FlaggedCollective &flagged,
                           Finding &finding) {
  for_each_blamed(branches, flagged, [&](const gimple *branch, bool loop_exit) {
    finding.related.push_back(
        {source_location(conditional_location(branch)), loop_exit ? "loop-exit" : "branch"});
  });
}

void note_conditionals(const BranchOfNode &branches, const FlaggedCollective &flagged,
                       const char *loop_exit_format, const char *branch_format,
                       const char *name, int line) {
  for_each_blamed(branches, flagged, [&](const gimple *branch, bool loop_exit) {
    inform(conditional_location(branch), loop_exit ? loop_exit_format : branch_format, name,
           line);
  });
}

void report_mismatches(function *fun, const GimpleFunction &function,
                       const MismatchResult &result,
                       const InstrumentationSummary *instrumented,
                       std::vector<Finding> *findings) {
  bool first = true;
  for (const FlaggedCollective &flagged : result.flagged) {
    const gcall *call = function.call_of_node[flagged.node];
    location_t where = gimple_location(call);
    const char *name = collective_name(function, flagged);
    std::string lines = conditional_lines(function.branch_of_node, flagged);
    bool several = lines.find(',') != std::string::npos;
    if (findings) {
      Finding finding;
      finding.kind = "collective-mismatch";
      finding.function = lang_hooks.decl_printable_name(fun->decl, 2);
      finding.location = source_location(where);
      finding.collective = name;
      add_related_locations(function.branch_of_node, flagged, finding);
      finding.checked = instrumented != nullptr;
      findings->push_back(finding);
    }

    auto_diagnostic_group group;
    if (!warning_at(where, 0,
                    "%qs may not be called by all processes of its communicator, "
                    "or not in the same order, because of the %s at %s %s "
                    "[parcoach:collective-mismatch]",
                    name, several ? "conditionals" : "conditional",
                    several ? "lines" : "line", lines.c_str()))
      continue; // warnings disabled (-w) or in a system header
    note_conditionals(function.branch_of_node, flagged,
                      "processes may leave this loop after different numbers of "
                      "iterations, and so call %qs (line %d) a different number of times",
                      "processes may take different branches here, and then not all "
                      "of them call %qs (line %d) at the same point",
                      name, LOCATION_LINE(where));
    if (instrumented)
      inform(where,
             "run-time check inserted before this call: the program stops with "
             "%<MPI_Abort%> if processes disagree here");
    if (instrumented && instrumented->exit_unchecked && first)
      inform(DECL_SOURCE_LOCATION(fun->decl),
             "no function-exit check in %qD: none of the communicators of its "
             "collectives is available at its returns, so a process leaving it "
             "while others call a collective is caught only at their next check",
             fun->decl);
    first = false;
  }
}

} // namespace parcoach
