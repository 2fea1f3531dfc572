#include "report.h"

#include "paths.h"
#include "printed_findings.h"
#include "suppressions.h"

#include "c-family/c-pragma.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

// The C family's pragma interface lives in cc1 and cc1plus only: weak
// references, null in f951, which never asks for pragmas anyway.
extern void c_register_pragma(const char *, const char *, pragma_handler_1arg)
    __attribute__((weak));
extern enum cpp_ttype pragma_lex(tree *, location_t *) __attribute__((weak));

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

// What configure_finding_reports read, for the whole translation unit.
KindSeverities severities;
Suppressions suppressions;

// #pragma parcoach ignore KIND[, KIND...]: kinds are spelled with '-', which
// the C lexer cuts into names and minus signs; glue them back.
void handle_ignore_pragma(cpp_reader *) {
  std::vector<std::string> words(1);
  location_t where = input_location;
  bool first = true;
  for (;;) {
    tree value = NULL_TREE;
    location_t token_location = UNKNOWN_LOCATION;
    enum cpp_ttype token = pragma_lex(&value, &token_location);
    if (first && token_location != UNKNOWN_LOCATION)
      where = token_location;
    first = false;
    if (token == CPP_EOF || token == CPP_PRAGMA_EOL)
      break;
    if (token == CPP_NAME)
      words.back() += IDENTIFIER_POINTER(value);
    else if (token == CPP_MINUS)
      words.back() += "-";
    else if (token == CPP_COMMA)
      words.emplace_back();
    else {
      warning_at(where, 0, "%<#pragma parcoach ignore%> expects kinds of finding (%s), "
                           "separated by commas [parcoach:pragma]",
                 finding_kind_names().c_str());
      return;
    }
  }
  std::string list;
  for (const std::string &word : words)
    list += (list.empty() ? "" : ",") + word;
  std::vector<FindingKind> kinds;
  std::string problem = parse_kind_list(list, kinds);
  if (!problem.empty()) {
    warning_at(where, 0, "%<#pragma parcoach ignore%>: %s [parcoach:pragma]", problem.c_str());
    return;
  }
  suppressions.add_pragma(LOCATION_FILE(where) ? LOCATION_FILE(where) : "", LOCATION_LINE(where),
                          kinds);
}

void register_pragmas(void *, void *) {
  if (c_register_pragma && pragma_lex)
    c_register_pragma("parcoach", "ignore", handle_ignore_pragma);
}

} // namespace

std::string configure_finding_reports(const char *plugin_name, const Options &options) {
  severities = options.severities;
  register_callback(plugin_name, PLUGIN_PRAGMAS, register_pragmas, nullptr);
  if (options.suppressions_file.empty())
    return "";
  std::ifstream in(options.suppressions_file);
  if (!in)
    return "cannot read the suppression file " + options.suppressions_file + " (" +
           xstrerror(errno) + ")";
  std::ostringstream text;
  text << in.rdbuf();
  return suppressions.add_file(text.str(), options.suppressions_file);
}

bool finding_silenced(FindingKind kind, location_t where, const std::string &function) {
  if (severities.of(kind) == Severity::Silent)
    return true;
  if (suppressions.empty())
    return false;
  expanded_location place = expand_location(where);
  return suppressions.silences(kind, place.file ? place.file : "", place.line, function);
}

namespace {

bool report_with_path(FindingKind kind, location_t where, const std::string &function,
                      const FindingPath *path, const char *gmsgid, va_list *arguments) {
  if (finding_silenced(kind, where, function))
    return false;
  rich_location place(line_table, where);
  pretty_printer event_printer;
  simple_diagnostic_path gcc_path(&event_printer);
  if (path && !path->empty()) {
    add_to_gcc_path(*path, gcc_path);
    place.set_path(&gcc_path);
  }
  diagnostic_info diagnostic;
  diagnostic_set_info(&diagnostic, gmsgid, arguments, &place,
                      severities.of(kind) == Severity::Error ? DK_ERROR : DK_WARNING);
  sarif_finding_begins(kind, function, path ? path->report_events() : std::vector<PathEvent>());
  bool reported = diagnostic_report_diagnostic(global_dc, &diagnostic);
  sarif_finding_ends();
  return reported;
}

} // namespace

bool report_finding(FindingKind kind, location_t where, const std::string &function,
                    const char *gmsgid, ...) {
  va_list arguments;
  va_start(arguments, gmsgid);
  bool reported = report_with_path(kind, where, function, nullptr, gmsgid, &arguments);
  va_end(arguments);
  return reported;
}

bool report_finding(FindingKind kind, location_t where, const std::string &function,
                    const FindingPath &path, const char *gmsgid, ...) {
  va_list arguments;
  va_start(arguments, gmsgid);
  bool reported = report_with_path(kind, where, function, &path, gmsgid, &arguments);
  va_end(arguments);
  return reported;
}

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

std::vector<BlamedConditional> blamed_conditionals(const BranchOfNode &branches,
                                                   const FlaggedCollective &flagged) {
  std::vector<BlamedConditional> blamed;
  for_each_blamed(branches, flagged, [&](location_t where, bool loop_exit, NodeId node) {
    blamed.push_back({where, loop_exit, node});
  });
  return blamed;
}

namespace {

bool earlier_in_source(location_t a, location_t b) {
  expanded_location x = expand_location(a), y = expand_location(b);
  int files = strcmp(x.file ? x.file : "", y.file ? y.file : "");
  if (files != 0)
    return files < 0;
  return x.line != y.line ? x.line < y.line : x.column < y.column;
}

} // namespace

std::vector<std::vector<NodeId>>
group_by_cause(const BranchOfNode &branches, const std::map<NodeId, FlaggedCollective> &flagged,
               const std::function<location_t(NodeId)> &where) {
  std::map<std::vector<std::pair<location_t, bool>>, std::vector<NodeId>> by_cause;
  for (const auto &entry : flagged) {
    if (where(entry.first) == UNKNOWN_LOCATION)
      continue;
    std::vector<std::pair<location_t, bool>> cause;
    for (const BlamedConditional &blamed : blamed_conditionals(branches, entry.second))
      cause.push_back({blamed.where, blamed.loop_exit});
    std::sort(cause.begin(), cause.end());
    by_cause[cause].push_back(entry.first);
  }
  auto before = [&](NodeId a, NodeId b) { return earlier_in_source(where(a), where(b)); };
  std::vector<std::vector<NodeId>> groups;
  for (auto &cause : by_cause) {
    std::stable_sort(cause.second.begin(), cause.second.end(), before);
    groups.push_back(cause.second);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [&](const std::vector<NodeId> &a, const std::vector<NodeId> &b) {
                     return before(a.front(), b.front());
                   });
  return groups;
}

std::vector<std::string> side_phrases(const Graph &cfg, const std::vector<BlamedConditional> &blamed,
                                      const std::vector<NodeId> &group) {
  std::vector<std::string> phrases(group.size());
  if (blamed.size() != 1 || blamed.front().loop_exit)
    return phrases;
  std::vector<int> sides = branch_sides(cfg, blamed.front().node, group);
  bool two_ways = cfg.succs(blamed.front().node).size() == 2;
  std::string conditional =
      " of the conditional at line " + std::to_string(LOCATION_LINE(blamed.front().where));
  int first_side = -1;
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (sides[i] < 0)
      continue;
    if (first_side < 0)
      first_side = sides[i];
    bool first = sides[i] == first_side;
    phrases[i] = std::string(", ") +
                 (two_ways ? (first ? "on one side" : "on the other side")
                           : (first ? "on one branch" : "on another branch")) +
                 conditional;
  }
  return phrases;
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
