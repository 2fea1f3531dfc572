#include "report.h"

#include "instrument.h"

#include <set>

namespace parcoach {

namespace {

int line_of(const gimple *branch) {
  return LOCATION_LINE(conditional_location(branch));
}

void collect_lines(const GimpleFunction &function, const std::vector<NodeId> &nodes,
                   std::set<int> &lines) {
  for (NodeId node : nodes)
    if (const gimple *branch = function.branch_of_node[node])
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

// Notes go at each conditional once, even when the same one is blamed both
// for the order and for a loop.
void note_conditionals(const GimpleFunction &function, const std::vector<NodeId> &nodes,
                       const char *what, const char *name, int call_line,
                       std::set<location_t> &noted) {
  for (NodeId node : nodes) {
    const gimple *branch = function.branch_of_node[node];
    if (!branch || !noted.insert(conditional_location(branch)).second)
      continue;
    inform(conditional_location(branch), what, name, call_line);
  }
}

// Each conditional once, with its first role (loop exits are recorded
// first, as in the notes).
void record_related(const GimpleFunction &function, const std::vector<NodeId> &nodes,
                    const char *role, Finding &finding, std::set<location_t> &recorded) {
  for (NodeId node : nodes) {
    const gimple *branch = function.branch_of_node[node];
    if (branch && recorded.insert(conditional_location(branch)).second)
      finding.related.push_back({source_location(conditional_location(branch)), role});
  }
}

} // namespace

SourceLocation source_location(location_t where) {
  expanded_location expanded = expand_location(where);
  return {expanded.file ? expanded.file : "", expanded.line, expanded.column};
}

std::string conditional_lines(const GimpleFunction &function,
                              const FlaggedCollective &flagged) {
  std::set<int> lines;
  collect_lines(function, flagged.order_conditionals, lines);
  collect_lines(function, flagged.loop_conditionals, lines);
  return join(lines);
}

std::string all_conditional_lines(const GimpleFunction &function,
                                  const MismatchResult &result) {
  std::set<int> lines;
  for (const FlaggedCollective &flagged : result.flagged) {
    collect_lines(function, flagged.order_conditionals, lines);
    collect_lines(function, flagged.loop_conditionals, lines);
  }
  return join(lines);
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
    std::string lines = conditional_lines(function, flagged);
    bool several = lines.find(',') != std::string::npos;
    if (findings) {
      Finding finding;
      finding.kind = "collective-mismatch";
      finding.function = lang_hooks.decl_printable_name(fun->decl, 2);
      finding.location = source_location(where);
      finding.collective = name;
      std::set<location_t> recorded;
      record_related(function, flagged.loop_conditionals, "loop-exit", finding, recorded);
      record_related(function, flagged.order_conditionals, "branch", finding, recorded);
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
    int call_line = LOCATION_LINE(where);
    std::set<location_t> noted;
    note_conditionals(function, flagged.loop_conditionals,
                      "processes may leave this loop after different numbers of "
                      "iterations, and so call %qs (line %d) a different number of times",
                      name, call_line, noted);
    note_conditionals(function, flagged.order_conditionals,
                      "processes may take different branches here, and then not all "
                      "of them call %qs (line %d) at the same point",
                      name, call_line, noted);
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
