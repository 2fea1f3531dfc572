// Helpers that turn the findings of the analyses into GCC diagnostics and
// report entries: the conditionals blamed, as lines, notes and related
// locations.
#ifndef PARCOACH_GIMPLE_REPORT_H
#define PARCOACH_GIMPLE_REPORT_H

#include "diagnostic_paths.h"
#include "function_model.h"

#include "finding_kinds.h"
#include "findings_report.h"
#include "plugin_options.h"

#include <functional>
#include <map>
#include <string>

namespace parcoach {

// Where each node's conditional is reported (conditional_location), or
// UNKNOWN_LOCATION for other nodes: what the helpers below turn the core's
// node ids back into.  Locations, not statements, since the unit step
// reports after OpenMP expansion has rewritten some of those statements.
using BranchOfNode = std::vector<location_t>;

BranchOfNode branch_locations(const std::vector<gimple *> &branch_of_node);

// "9, 14": the distinct source lines of the conditionals blamed for one
// flagged node, in increasing order.
std::string conditional_lines(const BranchOfNode &branches, const FlaggedCollective &flagged);

// The same for every flagged site (flagged_by_origin).
std::string all_conditional_lines(const BranchOfNode &branches,
                                  const std::map<NodeId, FlaggedCollective> &flagged);

// The related locations of a finding: each conditional once, loop exits
// first ("loop-exit"), then the others ("branch").
void add_related_locations(const BranchOfNode &branches, const FlaggedCollective &flagged,
                           Finding &finding);

// Each blamed conditional once, loop exits first.
struct BlamedConditional {
  location_t where;
  bool loop_exit;
  NodeId node;
};
std::vector<BlamedConditional> blamed_conditionals(const BranchOfNode &branches,
                                                   const FlaggedCollective &flagged);

// One cause, one warning: the flagged nodes blamed on the same
// conditionals (the same branches and loop exits) are what one cause
// produces (in a reversed order, the four calls of the two sides of one
// rank test), reported as one warning at the first of them in the source.
// Nodes blamed on different sets stay apart: each set is a different fix.
// Each group in source order (`where(node)'), the groups by their first
// node; nodes whose `where' is UNKNOWN_LOCATION are left out.
std::vector<std::vector<NodeId>>
group_by_cause(const BranchOfNode &branches, const std::map<NodeId, FlaggedCollective> &flagged,
               const std::function<location_t(NodeId)> &where);

// For the path's event of each node of `group': which side of the one
// conditional blamed it lies on (", on one side of the conditional at line
// 25", ", on the other side ...", for a switch "on one branch" / "on
// another branch"), or "" (several conditionals, a loop exit, a node
// reached from several sides).  The first side met in the source is "one".
std::vector<std::string> side_phrases(const Graph &cfg, const std::vector<BlamedConditional> &blamed,
                                      const std::vector<NodeId> &group);

// A note at each blamed conditional, once, loop exits first; the formats
// take the construct's name and line.  With `why_differs' (verbose mode),
// a second note says why the value may differ (the value flow's reason).
void note_conditionals(const BranchOfNode &branches, const FlaggedCollective &flagged,
                       const char *loop_exit_format, const char *branch_format,
                       const char *name, int line,
                       const std::map<NodeId, std::string> *why_differs = nullptr);

SourceLocation source_location(location_t where);

// How the user wants findings reported: the severities of disable= and
// error=, the suppression file, and `#pragma parcoach ignore KIND[, KIND]'
// (C and C++: silences the line after it).  Called once, at plugin
// initialisation; an empty string, or what is wrong (an unreadable or bad
// suppression file).
std::string configure_finding_reports(const char *plugin_name, const Options &options);

// Whether the user silenced findings of `kind' at `where' in `function'
// (as printable_function_name spells it; may be empty): disabled, or
// suppressed.  Silenced findings get no run-time check either.
bool finding_silenced(FindingKind kind, location_t where, const std::string &function);

// Removes from `flagged' (by node) the sites the user silenced, so that
// they are neither reported nor checked.  `where(node)' points to a site's
// location, or is null for a node that is no site (kept).
template <typename Flagged, typename Where>
void drop_silenced(Flagged &flagged, FindingKind kind, const std::string &function, Where where) {
  for (auto entry = flagged.begin(); entry != flagged.end();) {
    const location_t *at = where(entry->first);
    bool silenced = at && finding_silenced(kind, *at, function);
    entry = silenced ? flagged.erase(entry) : std::next(entry);
  }
}

// Reports one finding as a warning, or as an error for the kinds of error=,
// or not at all when silenced.  The message ends with [parcoach:KIND].
// False when nothing was reported (silenced, -w, a system header): the
// caller then adds no notes.
bool report_finding(FindingKind kind, location_t where, const std::string &function,
                    const char *gmsgid, ...) ATTRIBUTE_GCC_DIAG(4, 5);

// The same with the events that explain the finding as its diagnostic path
// (diagnostic_paths.h), which also go to the SARIF log and the report.
bool report_finding(FindingKind kind, location_t where, const std::string &function,
                    const FindingPath &path, const char *gmsgid, ...) ATTRIBUTE_GCC_DIAG(5, 6);

} // namespace parcoach

#endif
