#include "omp_collectives.h"

#include "collective_summaries.h"
#include "graph_utils.h"
#include "mpi_knowledge.h"
#include "omp_regions.h"
#include "omp_team_exits.h"
#include "../rtlib/parcoach_omp.h"

#include <map>
#include <set>
#include <string>

namespace parcoach {

namespace {

// Identifiers of the team collectives in the model.  With verbosity 1 each
// explicit barrier gets an identifier of its own, so that it is checked on
// its own rather than with the barriers of the same order.
enum TeamCollective { Barrier = 1, For = 2, Sections = 3, Single = 4, FirstOwnBarrier = 100 };

struct TeamEvent {
  // For messages (quoted as GCC quotes): "'#pragma omp barrier'", "the
  // implicit barrier at the end of '#pragma omp for'", "the call to 'f'".
  std::string name;
  location_t where;
  int callee;          // unit id of the function a call event calls, or -1
  // Where the run-time check goes (the barrier call or the directive), and
  // its colour (rtlib/parcoach_omp.h); null for an implicit barrier, which
  // the check before its construct covers, and for a call, whose callee
  // checks its own constructs.
  gimple *check_before;
  int check_colour;
  std::string construct;
};

struct RegionModel {
  FunctionModel model;
  std::vector<int> event_of_node; // index in events, or -1
  std::vector<gimple *> branch_of_node;
  std::vector<TeamEvent> events;
  gimple *region_end = nullptr;  // the GIMPLE_OMP_RETURN of the parallel
  // The team's code tests for cancellation: a cancelled thread leaves for
  // the region's end past the checks the others wait in, so no run-time
  // check can be placed.
  bool cancellable = false;
};

// What the model builder asks of the unit: the unit id of a function the
// code calls, if it is defined in the unit.
using UnitIds = std::function<int(tree)>;

const char *directive_prefix() {
  return gcc_compat::compiling_fortran() ? "!$omp" : "#pragma omp";
}

// The worksharing construct a directive opens, or 0.
int worksharing_kind(const gimple *stmt) {
  switch (gimple_code(stmt)) {
  case GIMPLE_OMP_FOR:
    return gimple_omp_for_kind(stmt) == GF_OMP_FOR_KIND_FOR ? For : 0;
  case GIMPLE_OMP_SECTIONS: return Sections;
  case GIMPLE_OMP_SINGLE: return Single;
  default: return 0;
  }
}

const char *worksharing_name(int kind) {
  switch (kind) {
  case For: return gcc_compat::compiling_fortran() ? "do" : "for";
  case Sections: return "sections";
  default: return "single";
  }
}

// Builds the model of one team: the body of a parallel region, or with
// team -1 the function's own code outside its parallel regions (where
// orphaned constructs bind to the calling team).
class RegionModelBuilder {
public:
  RegionModelBuilder(function *fun, const OmpRegions &regions, int team, int verbosity,
                     const UnitIds &unit_id, RegionModel &out)
      : fun_(fun), regions_(regions), team_(team), verbosity_(verbosity), unit_id_(unit_id),
        out_(out),
        chains_(fun, out.model, out.branch_of_node,
                [&out] { out.event_of_node.push_back(-1); }) {}

  void build() {
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      if (inside(bb))
        add_block(bb);
    basic_block start = team_ < 0 ? ENTRY_BLOCK_PTR_FOR_FN(fun_)
                                  : gimple_bb(regions_.regions[team_].directive);
    chains_.connect(start, [this](basic_block b) { return inside(b); });
  }

private:
  // Blocks of the region (nested regions included: their statements are
  // plain code for this team, except those of nested teams).
  bool inside(basic_block bb) const {
    if (team_ < 0)
      return true;
    for (int r = regions_.region_at_block[bb->index]; r >= 0; r = regions_.regions[r].parent)
      if (r == team_)
        return true;
    return false;
  }

  bool ours(basic_block bb) const { return regions_.team_of_block(bb->index) == team_; }

  // `construct': the directive or the function called, unquoted
  // (TeamEventRecord::construct).
  NodeId add_event(NodeId current, int collective, std::string name, location_t where,
                   gimple *check_before, int check_colour, int callee = -1,
                   std::string construct = "") {
    out_.events.push_back(
        {std::move(name), where, callee, check_before, check_colour, std::move(construct)});
    NodeId node;
    NodeId next = chains_.append_collective(current, collective, node);
    out_.model.facts[node].callee = callee;
    out_.event_of_node[node] = static_cast<int>(out_.events.size()) - 1;
    return next;
  }

  void add_block(basic_block bb) {
    NodeId current = chains_.begin_block(bb);
    bool team_code = ours(bb);
    bool ends_team = false;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (gimple_code(stmt) == GIMPLE_OMP_RETURN) {
        int closed = regions_.region_closed_by(stmt);
        if (closed == team_ && team_ >= 0) {
          ends_team = true; // the end of the parallel region
          out_.region_end = stmt;
          break;
        }
        const gimple *opener = closed >= 0 ? regions_.regions[closed].directive : nullptr;
        int kind = opener ? worksharing_kind(opener) : 0;
        std::string directive = std::string(directive_prefix()) + " " + worksharing_name(kind);
        if (kind && team_code && !gimple_omp_return_nowait_p(stmt))
          current = add_event(current, Barrier,
                              "the implicit barrier at the end of " + quote(directive),
                              gimple_location(opener), nullptr, 0, -1, directive);
        continue;
      }
      if (int kind = team_code ? worksharing_kind(stmt) : 0) {
        std::string directive = std::string(directive_prefix()) + " " + worksharing_name(kind);
        current = add_event(current, kind, quote(directive), gimple_location(stmt), stmt, kind,
                            -1, directive);
        continue;
      }
      gcall *call = dyn_cast<gcall *>(stmt);
      if (!call)
        continue;
      const char *name = callee_name(call);
      if (ends_process(call)) {
        chains_.end_job(current);
        return;
      }
      if (team_code && is_barrier_call(name)) {
        int id = verbosity_ >= 1 ? FirstOwnBarrier + own_barriers_++ : Barrier;
        std::string directive = std::string(directive_prefix()) + " barrier";
        current = add_event(current, id, quote(directive), gimple_location(call), call, Barrier,
                            -1, directive);
        continue;
      }
      // A call to a function of the unit stands for the orphaned
      // constructs it runs, known at the unit step (Algorithm 18).  No
      // check before it: the callee's dormant checks come alive in a
      // checked region, one before each construct.
      if (tree callee = team_code ? unit_callee(call) : NULL_TREE)
        current = add_event(current, 0, "the call to " + quote(printable_function_name(callee)),
                            gimple_location(call), nullptr, 0, unit_id_(callee),
                            printable_function_name(callee));
    }
    gimple *last = last_stmt(bb);
    bool branches = team_code && last && !ends_team &&
                    (gimple_code(last) == GIMPLE_COND || gimple_code(last) == GIMPLE_SWITCH);
    // A cancelled region sends every thread to its end (omp_team_exits.h).
    if (basic_block cancelled = ends_team ? nullptr : cancellation_exit(bb)) {
      chains_.skip_edge(bb, cancelled);
      branches = false;
      out_.cancellable |= team_code;
    }
    chains_.end_block(bb, current, branches ? last : nullptr, ends_team);
  }

  function *fun_;
  const OmpRegions &regions_;
  int team_;
  int verbosity_;
  const UnitIds &unit_id_;
  RegionModel &out_;
  BlockChains chains_;
  int own_barriers_ = 0;
};

TeamRecord team_record(const RegionModel &region, bool parallel_region, location_t start,
                       FlowBranches &branches) {
  TeamRecord record;
  record.parallel_region = parallel_region;
  record.start = start;
  record.model = region.model;
  record.event_of_node = region.event_of_node;
  for (const TeamEvent &event : region.events)
    record.events.push_back({event.name, event.where, event.construct});
  record.branches = branch_locations(region.branch_of_node);
  for (std::size_t n = 0; n < region.branch_of_node.size(); ++n)
    if (region.branch_of_node[n] && region.model.facts[n].conditional)
      record.flow_branches.push_back({(NodeId)n, branches.add(region.branch_of_node[n])});
  return record;
}

// Thesis Algorithm 16: a check before every barrier and worksharing
// construct of the region, and before its end, so that no thread can wait
// in a real barrier while another waits in a check; the start of the body
// arms the dormant checks of the constructs the region reaches through
// calls.  For the orphaned constructs (no directive), dormant checks.
void add_pending_checks(const RegionModel &region, std::size_t team, gimple *directive,
                        location_t start, std::vector<PendingOmpCheck> &pending) {
  bool dormant = directive == nullptr;
  if (directive)
    pending.push_back({team, directive, PARCOACH_OMP_START, start, false});
  for (const TeamEvent &event : region.events)
    if (event.check_before)
      pending.push_back({team, event.check_before, event.check_colour, event.where, dormant});
  if (region.region_end)
    pending.push_back({team, region.region_end, PARCOACH_OMP_END, start, false});
}

// The name of what a flagged node stands for: the construct, or for a
// call, what the callee runs.
std::string event_name(const TeamRecord &team, NodeId origin, int colour,
                       const std::vector<const OmpFunctionRecord *> &records) {
  const TeamEventRecord &event = team.events[team.event_of_node[origin]];
  if (team.model.facts[origin].callee < 0)
    return event.name;
  if (is_call_token(colour) && records[token_function(colour)])
    return event.name + " (it reaches the barriers or worksharing constructs of " +
           quote(records[token_function(colour)]->name) + ")";
  return event.name + " (it reaches barriers or worksharing constructs)";
}

// One warning per cause (group_by_cause), at its first construct.
void report_team(const std::string &function, const TeamRecord &team,
                 const std::map<NodeId, FlaggedCollective> &flagged,
                 const std::map<NodeId, std::string> &names, bool instrumented,
                 std::vector<Finding> *findings) {
  auto event_of = [&](NodeId node) -> const TeamEventRecord & {
    return team.events[team.event_of_node[node]];
  };
  auto where = [&](NodeId node) {
    return node >= 0 && (std::size_t)node < team.event_of_node.size() &&
                   team.event_of_node[node] >= 0
               ? event_of(node).where
               : UNKNOWN_LOCATION;
  };
  for (const std::vector<NodeId> &group : group_by_cause(team.branches, flagged, where)) {
    const FlaggedCollective &site = flagged.at(group.front());
    const TeamEventRecord &event = event_of(group.front());
    const std::string &name = names.at(group.front());
    std::string lines = conditional_lines(team.branches, site);
    bool several = lines.find(',') != std::string::npos;
    std::string others;
    bool reaches_calls = false;
    for (NodeId node : group) {
      reaches_calls |= team.model.facts[node].callee >= 0;
      if (node != group.front())
        others += (others.empty() ? "" : ", ") + std::to_string(LOCATION_LINE(where(node)));
    }
    // The path: the conditionals, then each construct.
    std::vector<BlamedConditional> blamed = blamed_conditionals(team.branches, site);
    FindingPath path;
    for (const BlamedConditional &conditional : blamed)
      if (conditional.loop_exit)
        path.add(conditional.where,
                 "threads may leave this loop after different numbers of iterations");
      else
        path.add(conditional.where, "threads may take different branches here");
    std::vector<std::string> sides = side_phrases(team.model.cfg, blamed, group);
    for (std::size_t i = 0; i < group.size(); ++i)
      path.add(where(group[i]), "%s is reached here%s", names.at(group[i]).c_str(),
               sides[i].c_str());
    if (findings) {
      Finding finding;
      finding.kind = FindingKind::OmpCollective;
      finding.function = function;
      finding.location = source_location(event.where);
      finding.collective = event.construct;
      add_related_locations(team.branches, site, finding);
      finding.path = path.report_events();
      finding.checked = instrumented;
      findings->push_back(finding);
    }
    const char *conditionals = several ? "conditionals" : "conditional";
    const char *at_lines = several ? "lines" : "line";
    auto_diagnostic_group diagnostic_group;
    bool warned =
        group.size() > 1
            ? report_finding(FindingKind::OmpCollective, event.where, function, path,
                             "%s and the %s at %s %s may not be reached by all threads of the "
                             "team, or not in the same order, because of the %s at %s %s "
                             "[parcoach:omp-collective]",
                             name.c_str(), group.size() > 2 ? "constructs" : "construct",
                             group.size() > 2 ? "lines" : "line", others.c_str(), conditionals,
                             at_lines, lines.c_str())
            : report_finding(FindingKind::OmpCollective, event.where, function, path,
                             "%s may not be reached by all threads of the team, or not in the "
                             "same order, because of the %s at %s %s [parcoach:omp-collective]",
                             name.c_str(), conditionals, at_lines, lines.c_str());
    if (!warned || !instrumented)
      continue;
    if (group.size() > 1)
      inform(event.where, "run-time checks inserted before these constructs%s: the program "
                          "stops if the threads of the team disagree there",
             reaches_calls ? " (for a call, before the constructs it reaches)" : "");
    else if (reaches_calls)
      inform(event.where, "run-time checks inserted before the constructs this call "
                          "reaches: the program stops if the threads of the team disagree "
                          "there");
    else
      inform(event.where, "run-time check inserted: the program stops if the threads "
                          "of the team disagree here");
  }
}

// A team's model with the conditionals the same in every thread dropped
// and the calls replaced by the callees' summaries.
ExpandedModel team_view(const TeamRecord &team, const std::vector<BranchVerdict> *verdicts,
                        const std::vector<std::vector<int>> &summaries) {
  FunctionModel model = team.model;
  if (verdicts)
    drop_uniform_conditionals(model, team.flow_branches, *verdicts, true);
  return expand_calls(model, summaries);
}

} // namespace

OmpFunctionRecord build_omp_record(function *fun, const Options &options,
                                   const std::function<int(tree)> &unit_id,
                                   FlowBranches &branches,
                                   std::vector<PendingOmpCheck> &pending) {
  OmpFunctionRecord record;
  record.name = printable_function_name(fun->decl);
  OmpRegions regions = find_omp_regions(fun);
  location_t start = DECL_SOURCE_LOCATION(fun->decl);
  // What callers see: the orphaned constructs, every barrier alike.
  RegionModel summary;
  RegionModelBuilder(fun, regions, -1, 0, unit_id, summary).build();
  record.summary = team_record(summary, false, start, branches);
  // The orphaned constructs get dormant checks, alive while the calling
  // team's region is checked.
  RegionModel orphaned;
  RegionModelBuilder(fun, regions, -1, options.omp_verbosity, unit_id, orphaned).build();
  if (!orphaned.events.empty()) {
    record.teams.push_back(team_record(orphaned, false, start, branches));
    if (!orphaned.cancellable)
      add_pending_checks(orphaned, record.teams.size() - 1, nullptr, start, pending);
  }
  for (std::size_t r = 0; r < regions.regions.size(); ++r) {
    gimple *directive = regions.regions[r].directive;
    if (gimple_code(directive) != GIMPLE_OMP_PARALLEL)
      continue;
    RegionModel region;
    RegionModelBuilder(fun, regions, static_cast<int>(r), options.omp_verbosity, unit_id,
                       region)
        .build();
    if (region.events.empty())
      continue;
    record.teams.push_back(
        team_record(region, true, gimple_location(directive), branches));
    if (!region.cancellable)
      add_pending_checks(region, record.teams.size() - 1, directive,
                         gimple_location(directive), pending);
  }
  return record;
}

void insert_omp_candidates(function *fun, const std::vector<PendingOmpCheck> &pending,
                           OmpFunctionRecord &record, int &next_tag) {
  std::string function = printable_function_name(fun->decl);
  // A region whose start cannot be marked gets no check at all: its live
  // checks would wait for threads in its callees' unarmed constructs.
  std::set<std::size_t> unmarked;
  for (const PendingOmpCheck &check : pending) {
    if (unmarked.count(check.team))
      continue;
    if (check.colour == PARCOACH_OMP_START) {
      if (!insert_omp_region_start(check.before, next_tag, check.where, function)) {
        unmarked.insert(check.team);
        continue;
      }
    } else {
      insert_omp_candidate(check.before, check.dormant, next_tag, check.where, function);
    }
    record.teams[check.team].candidates.push_back({next_tag++, check.colour});
  }
}

void analyse_omp_unit(const std::vector<const OmpFunctionRecord *> &records,
                      const std::vector<const std::vector<BranchVerdict> *> &verdicts,
                      const Options &options, std::vector<Finding> *findings,
                      std::vector<SettledCheck> &by_tag) {
  // Algorithm 18: what each function's orphaned constructs are, callees
  // first.
  std::vector<FunctionModel> summary_models(records.size());
  for (std::size_t id = 0; id < records.size(); ++id)
    if (records[id]) {
      summary_models[id] = records[id]->summary.model;
      if (verdicts[id])
        drop_uniform_conditionals(summary_models[id], records[id]->summary.flow_branches,
                                  *verdicts[id], true);
    }
  std::vector<std::vector<int>> summaries = analyse_unit(summary_models).summaries;

  // The mismatches of every team, by function id and team.
  std::vector<std::vector<std::map<NodeId, FlaggedCollective>>> flagged_teams(records.size());
  for (std::size_t id = 0; id < records.size(); ++id)
    if (records[id])
      for (const TeamRecord &team : records[id]->teams) {
        ExpandedModel view = team_view(team, verdicts[id], summaries);
        std::map<NodeId, FlaggedCollective> flagged =
            flagged_by_origin(view, find_collective_mismatches(view.model));
        // What the user silenced is neither reported nor checked.
        drop_silenced(flagged, FindingKind::OmpCollective, records[id]->name,
                      [&](NodeId node) { return &team.events[team.event_of_node[node]].where; });
        flagged_teams[id].push_back(flagged);
      }
  // The functions whose orphaned constructs, or those of the functions
  // they call outside their own regions, are flagged: their dormant checks
  // come alive only inside a checked region, so a region calling them is
  // checked too (the mismatch may be decided by an argument, which the
  // callee's summary does not see).
  std::set<unsigned> flagged_orphans;
  std::map<unsigned, std::vector<unsigned>> orphan_calls; // callees of the orphaned code
  for (std::size_t id = 0; id < records.size(); ++id) {
    if (!records[id])
      continue;
    for (std::size_t t = 0; t < records[id]->teams.size(); ++t)
      if (!records[id]->teams[t].parallel_region && !flagged_teams[id][t].empty())
        flagged_orphans.insert(id);
    for (const NodeFacts &facts : records[id]->summary.model.facts)
      if (facts.callee >= 0)
        orphan_calls[id].push_back(facts.callee);
  }
  std::set<unsigned> reaches_flagged = callers_closure(flagged_orphans, orphan_calls);
  auto calls_flagged = [&](const FunctionModel &model) {
    for (const NodeFacts &facts : model.facts)
      if (facts.callee >= 0 && reaches_flagged.count(facts.callee))
        return true;
    return false;
  };

  for (std::size_t id = 0; id < records.size(); ++id) {
    if (!records[id])
      continue;
    for (std::size_t t = 0; t < records[id]->teams.size(); ++t) {
      const TeamRecord &team = records[id]->teams[t];
      const std::map<NodeId, FlaggedCollective> &flagged = flagged_teams[id][t];
      std::map<NodeId, std::string> names;
      for (const auto &entry : flagged)
        names[entry.first] = event_name(team, entry.first, entry.second.collective, records);
      // A parallel region is checked when flagged, when it calls flagged
      // orphaned constructs (or always with instrument=all); orphaned
      // constructs always keep their dormant checks, since any team may
      // call them from a checked region, possibly in another file.
      bool instrument =
          team.parallel_region && !team.candidates.empty() &&
          (options.instrument == InstrumentMode::All ||
           (options.instrument == InstrumentMode::Selective &&
            (!flagged.empty() || calls_flagged(team.model))));
      if (instrument || !team.parallel_region) {
        std::string lines = all_conditional_lines(team.branches, flagged);
        CheckDecision decision =
            team.parallel_region ? CheckDecision::Always : CheckDecision::IfArmed;
        for (const TeamRecord::Candidate &candidate : team.candidates)
          by_tag[candidate.tag] = {decision, candidate.colour, lines};
      }
      report_team(records[id]->name, team, flagged, names, instrument, findings);
    }
  }
}

} // namespace parcoach
