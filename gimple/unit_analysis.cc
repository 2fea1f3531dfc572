#include "unit_analysis.h"

#include "points_to_bound.h"

#include "argument_checks.h"
#include "collective_arguments.h"
#include "collective_summaries.h"
#include "communicator_choice.h"
#include "communicator_membership.h"
#include "cross_file_parameters.h"
#include "cross_file_values.h"
#include "function_model.h"
#include "graph_utils.h"
#include "instrument.h"
#include "link_arming.h"
#include "omp_collectives.h"
#include "phase_timer.h"
#include "printed_findings.h"
#include "rank_chains.h"
#include "private_copies.h"
#include "program_summary.h"
#include "report.h"
#include "summary_section.h"
#include "thread_level.h"
#include "value_flow_model.h"
#include "value_flow_text.h"

#include "toplev.h" // get_src_pwd

#include <algorithm>
#include <exception>
#include <map>
#include <set>
#include <string>
#include <tuple>

namespace parcoach {

namespace {

// A node of a function's model that runs collectives: a collective call,
// or a call to a function of the unit.
struct Site {
  location_t where;
  const MpiCollective *collective; // null for a call
  int callee = -1;                 // unit id of the function called
  // A collective's buffers that may be MPI_IN_PLACE (argument_matching.h).
  InPlaceBuffers in_place = {};
};

// What the unit step needs to know about one function: no pointer into
// GCC's IR, which OpenMP expansion changes after the `cfg' pass.
struct FunctionRecord {
  unsigned uid;
  int unit_id;
  std::string name;
  location_t location;
  SourceLanguage language;
  FunctionModel model; // facts.callee: unit ids
  BranchOfNode branches;
  std::map<NodeId, Site> sites;
  bool has_collectives;
  // (node, index of its verdict in what `value_flow' gives).
  std::vector<std::pair<NodeId, int>> flow_branches;
  // Where the ways of its conditionals lead (rank_chains.h).
  std::map<NodeId, BranchWays> branch_ways;
  // Collective call nodes: their index in value_flow.collectives.
  std::map<NodeId, int> flow_collectives;
  // By that index: the call's node (argument_checks.h).
  std::vector<NodeId> collective_nodes;
  ValueFlowFunction value_flow;
  OmpFunctionRecord omp;
  CandidateChecks candidates;
  bool instrumented;
  // Every thread of a team calls the function (context=parallel).
  bool called_by_team;
  // Part of the MPI implementation's headers: summarised, never flagged.
  bool library = false;
  // It polls for communication (MPI_Test*, MPI_Iprobe): its processes may
  // have to keep doing so until every one starts a nonblocking collective
  // (the NBX termination of MPI_Ibarrier), which a blocking check before
  // that collective would stop them from (nonblocking_unchecked).
  bool polls = false;
  // A C++ inline function or template instantiation (private_copies.h).
  bool shared_inline_copy = false;
  // For the link step (program_summary.h): the linker's name, whether
  // other files may call it, and its calls to functions of other files.
  std::string symbol;
  bool is_public = false;
  bool returns_value = false; // and other files may call it for that
  // Its definition is this unit's to emit (not a C99 or gnu_inline one
  // that another file's definition may replace).
  bool defined_here = false;
  std::map<NodeId, ExternalCallee> external_sites;
  std::map<NodeId, location_t> external_locations;
  // Calls of public functions (of other files, or of this one), probed for
  // what they pass (cross_file_parameters.h): their index among the
  // value-flow probes (ValueFlowFunction::collectives).
  struct CallProbe {
    int probe;
    std::string callee, callee_name;
    location_t where;
    // A call through a vtable: not a node of the collective analysis,
    // which does not see what it runs; its arguments join the control
    // dependence of its block, so that a call some processes skip passes
    // values that differ (the overriders' conditionals are warned).
    bool through_vtable = false;
  };
  std::vector<CallProbe> call_probes;
};

struct Unit {
  Options options;
  std::vector<FunctionRecord> records;
  // Unit ids: every function recorded or called, by DECL_UID.
  std::map<unsigned, int> id_of_uid;
  std::vector<std::string> name_of_id;
  int next_tag = 0;
  // What -fplugin-arg-parcoach-report collects.
  bool reporting = false;
  TranslationUnitReport report;
  // What the unit calls, for argument matching (argument_matching.h).
  MatchingContext matching;
  // The functions several threads may call at once (decide_checks).
  std::set<unsigned> several_threads;
};

Unit unit;

int unit_id(tree decl) {
  auto inserted = unit.id_of_uid.insert({DECL_UID(decl), (int)unit.name_of_id.size()});
  if (inserted.second)
    unit.name_of_id.push_back(printable_function_name(decl));
  return inserted.first->second;
}

// The standard's spelling in every language (MPI_Barrier, not gfortran's
// mpi_barrier), as the run-time messages spell it.
const char *collective_name(const MpiCollective *collective, SourceLanguage) {
  return collective->c_name;
}

// ------------------------------------------------------------ diagnostics

// Why the conditionals of a function may differ between processes, from
// the value flow: the reason and where its source is (0: unknown).
struct DifferingConditionals {
  std::map<NodeId, std::string> reasons;
  std::map<NodeId, location_t> origins;
};

// The path of one cause: where each value tested comes from (once per
// source), the conditionals, then every site.
FindingPath cause_path(const FunctionRecord &record, const std::vector<NodeId> &group,
                       const std::map<NodeId, FlaggedCollective> &flagged,
                       const DifferingConditionals &differing) {
  FindingPath path;
  std::vector<BlamedConditional> blamed =
      blamed_conditionals(record.branches, flagged.at(group.front()));
  std::set<location_t> sources;
  for (const BlamedConditional &conditional : blamed) {
    auto origin = differing.origins.find(conditional.node);
    auto reason = differing.reasons.find(conditional.node);
    if (origin != differing.origins.end() && reason != differing.reasons.end() &&
        sources.insert(origin->second).second)
      path.add(origin->second, "the condition at line %d may differ between processes: it %s",
               LOCATION_LINE(conditional.where), reason->second.c_str());
  }
  for (const BlamedConditional &conditional : blamed) {
    // Why it may differ, when no event above says where from.
    auto origin = differing.origins.find(conditional.node);
    auto reason = differing.reasons.find(conditional.node);
    std::string why = origin == differing.origins.end() && reason != differing.reasons.end()
                          ? ": the condition " + reason->second
                          : "";
    if (conditional.loop_exit)
      path.add(conditional.where,
               "processes may leave this loop after different numbers of iterations%s",
               why.c_str());
    else
      path.add(conditional.where, "processes may take different branches here%s", why.c_str());
  }
  std::vector<std::string> sides = side_phrases(record.model.cfg, blamed, group);
  for (std::size_t i = 0; i < group.size(); ++i) {
    const std::string &side = sides[i];
    const Site &site = record.sites.at(group[i]);
    int collective = flagged.at(group[i]).collective;
    if (site.collective)
      path.add(site.where, "%qs is called here%s",
               collective_name(site.collective, record.language), side.c_str());
    else if (is_call_token(collective))
      path.add(site.where, "the call to %qs runs the MPI collectives of %qs%s",
               unit.name_of_id[site.callee].c_str(),
               unit.name_of_id[token_function(collective)].c_str(), side.c_str());
    else
      path.add(site.where, "the call to %qs runs %qs%s", unit.name_of_id[site.callee].c_str(),
               collective_name(collective_by_colour(collective), record.language), side.c_str());
  }
  return path;
}

// No run-time check before this nonblocking collective of a function that
// polls (FunctionRecord::polls): the check's reduction blocks, and a
// process waiting in it could keep another from the progress that other
// needs before it starts the collective too (a correct program would
// hang).  Its mismatches are still warned, and the request tracking
// still sees them at MPI_Finalize.
bool nonblocking_unchecked(const FunctionRecord &record, const Site &site) {
  return record.polls && site.collective &&
         site.collective->family == CollectiveFamily::Nonblocking;
}

// `verbose': also say why each conditional may differ, as notes.
void report_cause(const FunctionRecord &record, const std::vector<NodeId> &group,
                  const std::map<NodeId, FlaggedCollective> &flagged, bool instrumented,
                  const DifferingConditionals &differing, bool verbose) {
  const Site &site = record.sites.at(group.front());
  const FlaggedCollective &first = flagged.at(group.front());
  std::string lines = conditional_lines(record.branches, first);
  bool several = lines.find(',') != std::string::npos;
  const char *conditionals = several ? "conditionals" : "conditional";
  const char *at_lines = several ? "lines" : "line";
  std::string other_lines;
  bool only_collectives = true;
  for (NodeId node : group) {
    const Site &other = record.sites.at(node);
    only_collectives &= other.collective != nullptr;
    if (node != group.front())
      other_lines += (other_lines.empty() ? "" : ", ") + std::to_string(LOCATION_LINE(other.where));
  }
  FindingPath path = cause_path(record, group, flagged, differing);
  if (unit.reporting) {
    Finding finding;
    finding.kind = FindingKind::CollectiveMismatch;
    finding.function = record.name;
    finding.location = source_location(site.where);
    finding.collective = site.collective ? collective_name(site.collective, record.language)
                                         : unit.name_of_id[site.callee];
    add_related_locations(record.branches, first, finding);
    finding.path = path.report_events();
    finding.checked = instrumented;
    unit.report.findings.push_back(finding);
  }
  auto_diagnostic_group diagnostic_group;
  const FindingKind kind = FindingKind::CollectiveMismatch;
  bool warned;
  const char *calls = group.size() > 2 ? "calls" : "call";
  const char *call_lines = group.size() > 2 ? "lines" : "line";
  if (group.size() > 1 && site.collective)
    warned = report_finding(kind, site.where, record.name, path,
                            "%qs and the %s at %s %s may not be made by all processes of "
                            "their communicator, or not in the same order, because of the %s at "
                            "%s %s [parcoach:collective-mismatch]",
                            collective_name(site.collective, record.language), calls, call_lines,
                            other_lines.c_str(), conditionals, at_lines, lines.c_str());
  else if (group.size() > 1)
    warned = report_finding(kind, site.where, record.name, path,
                            "this call to %qs and the %s at %s %s run MPI collectives that "
                            "not all processes may run, or not in the same order, because of the "
                            "%s at %s %s [parcoach:collective-mismatch]",
                            unit.name_of_id[site.callee].c_str(), calls, call_lines,
                            other_lines.c_str(), conditionals, at_lines, lines.c_str());
  else if (site.collective)
    warned = report_finding(kind, site.where, record.name, path,
                            "%qs may not be called by all processes of its communicator, "
                            "or not in the same order, because of the %s at %s %s "
                            "[parcoach:collective-mismatch]",
                            collective_name(site.collective, record.language), conditionals,
                            at_lines, lines.c_str());
  else if (is_call_token(first.collective))
    warned = report_finding(kind, site.where, record.name, path,
                            "this call to %qs runs MPI collectives (those of %qs) that not all "
                            "processes may run, or not in the same order, because of the %s at "
                            "%s %s [parcoach:collective-mismatch]",
                            unit.name_of_id[site.callee].c_str(),
                            unit.name_of_id[token_function(first.collective)].c_str(),
                            conditionals, at_lines, lines.c_str());
  else
    warned = report_finding(kind, site.where, record.name, path,
                            "this call to %qs runs %qs, which may not be called by all processes "
                            "of its communicator, or not in the same order, because of the %s at "
                            "%s %s [parcoach:collective-mismatch]",
                            unit.name_of_id[site.callee].c_str(),
                            collective_name(collective_by_colour(first.collective),
                                            record.language),
                            conditionals, at_lines, lines.c_str());
  if (!warned)
    return; // warnings disabled (-w) or in a system header
  if (verbose)
    for (const BlamedConditional &conditional : blamed_conditionals(record.branches, first)) {
      auto why = differing.reasons.find(conditional.node);
      if (why != differing.reasons.end())
        inform(conditional.where,
               "PARCOACH cannot prove this condition the same on every process: it %s",
               why->second.c_str());
    }
  if (!instrumented)
    return;
  if (group.size() == 1 && nonblocking_unchecked(record, site)) {
    inform(site.where, "no run-time check before this call: %qs polls for communication "
                       "(%<MPI_Test%>, %<MPI_Iprobe%>), which processes may have to keep "
                       "doing until all start this nonblocking collective; a blocking check "
                       "there could deadlock a correct program",
           record.name.c_str());
    return;
  }
  if (group.size() > 1 && only_collectives)
    inform(site.where, "run-time check inserted before each of these calls: the program stops "
                       "with %<MPI_Abort%> if processes disagree there");
  else if (group.size() > 1)
    inform(site.where, "run-time check inserted before each of these calls that is a collective, "
                       "and before each collective the others reach in this file: the program "
                       "stops with %<MPI_Abort%> if processes disagree there");
  else if (site.collective)
    inform(site.where, "run-time check inserted before this call: the program stops with "
                       "%<MPI_Abort%> if processes disagree here");
  else
    inform(site.where, "run-time check inserted before each collective this call reaches "
                       "in this file: the program stops with %<MPI_Abort%> if processes "
                       "disagree there while %qs runs", record.name.c_str());
}

// -fplugin-arg-parcoach-verbose: for each site the thesis' analysis (control
// flow only, one function at a time) flags but this one does not, why.
// `deferred': the conditionals left to the link step (cross_file_values.h).
void explain_proofs(const FunctionRecord &record, const std::set<NodeId> &flagged_now,
                    const std::map<NodeId, std::string> &uniform_reasons,
                    const std::map<NodeId, std::map<NodeId, std::string>> &membership_reasons,
                    const std::set<NodeId> &deferred) {
  MismatchResult thesis = find_collective_mismatches(record.model);
  for (const FlaggedCollective &flagged : thesis.flagged) {
    auto found = record.sites.find(flagged.node);
    if (flagged_now.count(flagged.node) || found == record.sites.end() ||
        !found->second.collective)
      continue;
    const Site &site = found->second;
    const char *runs = collective_name(site.collective, record.language);
    // A loop's exit test may be blamed both for the order and for the
    // loop: one note each.
    std::set<NodeId> blamed(flagged.order_conditionals.begin(), flagged.order_conditionals.end());
    blamed.insert(flagged.loop_conditionals.begin(), flagged.loop_conditionals.end());
    bool explained = false;
    auto spared = membership_reasons.find(flagged.node);
    for (NodeId node : blamed) {
      if (spared != membership_reasons.end() && spared->second.count(node)) {
        inform(record.branches[node], "no warning for %qs (line %d): %s", runs,
               LOCATION_LINE(site.where), spared->second.at(node).c_str());
        explained = true;
        continue;
      }
      auto reason = uniform_reasons.find(node);
      if (reason == uniform_reasons.end())
        continue;
      if (deferred.count(node))
        inform(record.branches[node], "no warning in this file for %qs (line %d): %s", runs,
               LOCATION_LINE(site.where), with_gcc_quotes(reason->second).c_str());
      else
        inform(record.branches[node],
               "no warning for %qs (line %d): this condition is the same on every "
               "process: %s",
               runs, LOCATION_LINE(site.where), with_gcc_quotes(reason->second).c_str());
      explained = true;
    }
    if (!explained)
      inform(site.where,
             "no warning for %qs: the functions called on the other paths run the same "
             "collectives in the same order",
             runs);
  }
}

// ------------------------------------------------------------ decisions

// A conditional that only separates processes that are not members of a
// collective's communicator (`if (sub != MPI_COMM_NULL)', a split colour)
// is not blamed for that collective (communicator_membership.h); nor is a
// conditional (a loop's exit) that goes the same way on every member once
// those go the same way (verdicts_among_members).  A collective left with
// no conditional to blame is not flagged.  `why': for verbose notes, by
// collective node, the conditionals spared and why.
using MembershipReasons = std::map<NodeId, std::map<NodeId, std::string>>;

// The unit's value flows as solved (empty with thesis=1), for
// verdicts_among_members, and its solutions so far, by (record, branches).
const std::vector<ValueFlowFunction> *solved_flows = nullptr;
std::map<std::tuple<std::size_t, std::set<int>, int>, std::vector<BranchVerdict>>
    member_verdicts;

void spare_members_of_tested_communicators(std::size_t r,
                                           std::map<NodeId, FlaggedCollective> &flagged,
                                           MembershipReasons *why = nullptr) {
  if (!solved_flows || r >= solved_flows->size())
    return; // only the unit step calls it, after the solve
  const FunctionRecord &record = unit.records[r];
  const ValueFlowFunction &value_flow = (*solved_flows)[r];
  std::map<NodeId, int> verdict_of;
  for (const auto &branch : record.flow_branches)
    verdict_of[branch.first] = branch.second;
  for (auto entry = flagged.begin(); entry != flagged.end();) {
    auto collective = record.flow_collectives.find(entry->first);
    std::vector<NodeId> &blamed = entry->second.order_conditionals;
    std::vector<NodeId> &loops = entry->second.loop_conditionals;
    std::set<int> spared;
    auto spare = [&](NodeId node, const char *reason) {
      if (why)
        (*why)[entry->first][node] = reason;
      return true;
    };
    if (collective != record.flow_collectives.end() &&
        holds_calling_process_alone(value_flow, collective->second)) {
      for (NodeId node : blamed)
        spare(node, "its communicator holds the calling process alone");
      for (NodeId node : loops)
        spare(node, "its communicator holds the calling process alone");
      blamed.clear();
      loops.clear();
    }
    if (collective != record.flow_collectives.end()) {
      blamed.erase(std::remove_if(blamed.begin(), blamed.end(),
                                  [&](NodeId node) {
                                    auto verdict = verdict_of.find(node);
                                    if (verdict == verdict_of.end() ||
                                        (!separates_only_nonmembers(value_flow,
                                                                    verdict->second,
                                                                    collective->second) &&
                                         !separated_by_split_in_helper(*solved_flows, (int)r,
                                                                       verdict->second,
                                                                       collective->second)))
                                      return false;
                                    spared.insert(verdict->second);
                                    return spare(node, "this condition only separates "
                                                       "processes that are not members of "
                                                       "its communicator");
                                  }),
                   blamed.end());
    }
    bool made_here = collective != record.flow_collectives.end() &&
                     members_share_results(*solved_flows, (int)r, collective->second);
    // Each new solution solves the unit again: a few per unit at most.
    const std::size_t max_solutions = 16;
    if ((!spared.empty() || made_here) && (!blamed.empty() || !loops.empty()) &&
        member_verdicts.size() < max_solutions) {
      auto key = std::make_tuple(r, spared, collective->second);
      auto found = member_verdicts.find(key);
      if (found == member_verdicts.end())
        found = member_verdicts
                    .emplace(key, verdicts_among_members(*solved_flows, (int)r, spared,
                                                         collective->second))
                    .first;
      const std::vector<BranchVerdict> &among_members = found->second;
      auto same_on_members = [&](NodeId node) {
        auto verdict = verdict_of.find(node);
        if (verdict == verdict_of.end() || verdict->second >= (int)among_members.size() ||
            among_members[verdict->second].may_differ_between_processes)
          return false;
        return spare(node, "this condition is the same on every member of its communicator");
      };
      blamed.erase(std::remove_if(blamed.begin(), blamed.end(), same_on_members), blamed.end());
      loops.erase(std::remove_if(loops.begin(), loops.end(), same_on_members), loops.end());
    }
    bool still_blamed = !blamed.empty() || !loops.empty();
    entry = still_blamed ? std::next(entry) : flagged.erase(entry);
  }
}

// The conditionals of `record' that compare a rank with a constant
// (rank_chains.h), communicators numbered by their names.
std::vector<RankTest> rank_tests(const FunctionRecord &record,
                                 const std::vector<BranchVerdict> &verdicts) {
  std::vector<RankTest> tests;
  std::map<std::string, int> numbers;
  for (const auto &branch : record.flow_branches) {
    if (branch.second < 0 || (std::size_t)branch.second >= verdicts.size())
      continue;
    const BranchVerdict &verdict = verdicts[branch.second];
    auto ways = record.branch_ways.find(branch.first);
    if (verdict.rank_communicator.empty() || ways == record.branch_ways.end())
      continue;
    int number = numbers.emplace(verdict.rank_communicator, (int)numbers.size()).first->second;
    if (ways->second.when_true < 0) { // a switch on the rank
      if (!ways->second.cases.empty())
        tests.push_back({branch.first, number, ways->second.cases, ways->second.otherwise});
      continue;
    }
    // `rank == c' holds on the true way, `rank != c' on the false one.
    NodeId holds = ways->second.when_true, other = -1;
    for (NodeId s : record.model.cfg.succs(branch.first))
      if (s != holds)
        other = s;
    if (other < 0)
      continue;
    NodeId equal = verdict.rank_equal_when_holds ? holds : other;
    NodeId otherwise = verdict.rank_equal_when_holds ? other : holds;
    tests.push_back({branch.first, number, {{verdict.rank_constant, equal}}, otherwise});
  }
  return tests;
}

// -fplugin-arg-parcoach-verbose: why a collective flagged for an unknown
// number of processes is not warned (flagged_only_beyond_tested_ranks).
void explain_rank_chain(const FunctionRecord &record, NodeId node,
                        const std::vector<RankTest> &tests) {
  auto site = record.sites.find(node);
  if (site == record.sites.end())
    return;
  long long most = 0;
  for (const auto &named : ranks_named_by_tests(tests))
    most = std::max(most, named.second);
  const char *what = site->second.collective
                         ? collective_name(site->second.collective, record.language)
                         : unit.name_of_id[site->second.callee].c_str();
  if (record.instrumented)
    inform(site->second.where,
           "no warning for %qs: its rank tests give each rank below %lld a branch that "
           "calls it, so it matches when the communicator has at most %lld processes; the "
           "run-time check stops a run with more",
           what, most, most);
  else
    inform(site->second.where,
           "no warning for %qs: its rank tests give each rank below %lld a branch that "
           "calls it, so it matches when the communicator has at most %lld processes",
           what, most, most);
}

// The arguments MPI requires alike on every process (argument_checks.h).
void check_collective_arguments(const FunctionRecord &record, const ValueFlowFunction &value_flow,
                                const std::vector<std::vector<ArgumentVerdict>> &verdicts,
                                std::vector<SettledCheck> &by_tag) {
  std::map<NodeId, int> tag_of(record.candidates.collective_tags.begin(),
                               record.candidates.collective_tags.end());
  std::vector<ArgumentSite> sites;
  for (std::size_t c = 0; c < record.collective_nodes.size(); ++c) {
    NodeId node = record.collective_nodes[c];
    const Site &site = record.sites.at(node);
    auto tag = tag_of.find(node);
    // A constant handle passed directly or through a local holding it on
    // every path (`MPI_Comm comm = MPI_COMM_WORLD;').
    int communicator_argument =
        site.collective ? (int)arguments_to_match(*site.collective).size() : -1;
    std::string communicator =
        communicator_constant_name(value_flow, (int)c, communicator_argument);
    sites.push_back({site.where, site.collective, communicator,
                     tag == tag_of.end() ? -1 : tag->second, {}, site.in_place});
    if (site.collective && c < verdicts.size())
      sites.back().communicator_choice =
          communicator_choice(value_flow, (int)c, *site.collective, verdicts[c]);
  }
  report_collective_arguments(record.name, sites, verdicts, unit.matching,
                              record.instrumented, by_tag, unit_findings());
}

void record_instrumentation(const FunctionRecord &record, const char *mode,
                            int collective_checks, int exit_checks) {
  if (unit.reporting)
    unit.report.instrumented.push_back({record.name, mode, collective_checks, exit_checks});
}

// Settles the candidates of one function, given what the unit step found.
void decide_checks(const FunctionRecord &record, const std::map<NodeId, FlaggedCollective> &flagged,
                   std::vector<SettledCheck> &by_tag) {
  InstrumentMode mode = unit.options.instrument;
  bool is_flagged = !flagged.empty();
  std::string all_lines = all_conditional_lines(record.branches, flagged);
  int live = 0, dormant = 0;
  for (const auto &candidate : record.candidates.collective_tags) {
    SettledCheck &settled = by_tag[candidate.second];
    const Site &site = record.sites.at(candidate.first);
    bool finalize = site.collective->family == CollectiveFamily::Finalize;
    if (nonblocking_unchecked(record, site)) {
      settled.decision = CheckDecision::Remove;
      continue;
    }
    if (is_flagged) {
      auto own = flagged.find(candidate.first);
      settled.decision = CheckDecision::Always;
      settled.conditionals =
          own != flagged.end() ? conditional_lines(record.branches, own->second) : all_lines;
    } else {
      settled.decision = finalize || mode == InstrumentMode::All ? CheckDecision::Always
                                                                 : CheckDecision::IfArmed;
    }
    ++(settled.decision == CheckDecision::Always ? live : dormant);
  }
  // Every thread of a team leaving the function would run its exit check,
  // concurrently on one communicator.  With context=parallel every thread
  // calls it and thread 0 checks for its process; where the unit shows
  // several threads calling it (a team, or a worksharing loop whose
  // iterations any thread runs) which ones do is unknown: no exit check.
  CheckDecision exit = record.called_by_team                     ? CheckDecision::OncePerTeam
                       : unit.several_threads.count(record.uid) ? CheckDecision::Remove
                                                                 : CheckDecision::Always;
  for (int tag : record.candidates.exit_tags) {
    by_tag[tag].decision = is_flagged ? exit : CheckDecision::Remove;
    by_tag[tag].conditionals = all_lines;
  }
  if (is_flagged)
    record_instrumentation(record, "flagged", live,
                           (int)record.candidates.exit_tags.size());
  else if (record.has_collectives)
    record_instrumentation(record, mode == InstrumentMode::Selective ? "dormant" : "proved",
                           live + dormant, 0);
}

// ------------------------------------------------------------ whole programs

// The position of the first argument of `call' declared MPI_Comm (C and
// C++, by value; MPICH and Open MPI alike), or -1.
int communicator_argument(const gcall *call) {
  // The prototype keeps the typedef; the argument's own type may not.
  for (unsigned i = 0; i < gimple_call_num_args(call); ++i)
    if (communicator_handle_type(parameter_type(call, i)) ||
        communicator_handle_type(TREE_TYPE(gimple_call_arg(call, i))))
      return (int)i;
  return -1;
}

// The colours the calls to functions of other files take in the second
// analysis of the unit: one per callee, below the call tokens.
constexpr int first_external_token = 1 << 19;

// What a function of the unit reaches through the functions of the unit:
// the collectives (C spelling) and the functions of other files.
struct Reachable {
  std::set<std::string> collectives;
  std::set<std::string> externals;
};

std::vector<Reachable> reachable_by_function() {
  std::size_t count = unit.name_of_id.size();
  std::vector<Reachable> reach(count);
  std::vector<std::set<int>> callees(count);
  for (const FunctionRecord &record : unit.records) {
    Reachable &own = reach[record.unit_id];
    for (const auto &site : record.sites)
      if (site.second.collective)
        own.collectives.insert(site.second.collective->c_name);
      else if (site.second.callee >= 0)
        callees[record.unit_id].insert(site.second.callee);
    for (const auto &external : record.external_sites)
      own.externals.insert(external.second.symbol);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t f = 0; f < count; ++f)
      for (int callee : callees[f]) {
        std::size_t before = reach[f].collectives.size() + reach[f].externals.size();
        reach[f].collectives.insert(reach[callee].collectives.begin(),
                                    reach[callee].collectives.end());
        reach[f].externals.insert(reach[callee].externals.begin(), reach[callee].externals.end());
        changed |= reach[f].collectives.size() + reach[f].externals.size() != before;
      }
  }
  return reach;
}

// Its address is taken other than by a C++ vtable: the calls through a
// vtable name a virtual method, the link step follows them.
bool address_taken_outside_vtables(cgraph_node *node) {
  if (!node->address_taken)
    return false;
  if (!DECL_VIRTUAL_P(node->decl))
    return true;
  ipa_ref *ref;
  for (unsigned i = 0; node->iterate_referring(i, ref); ++i)
    if (ref->use == IPA_REF_ADDR && !(is_a<varpool_node *>(ref->referring) &&
                                      DECL_VIRTUAL_P(ref->referring->decl)))
      return true;
  return false;
}

// The public functions whose address the unit takes (the call graph
// knows it once every function is lowered), by linker name.
std::vector<std::string> public_addresses_taken() {
  std::vector<std::string> symbols;
  cgraph_node *node;
  FOR_EACH_FUNCTION(node) {
    if (TREE_PUBLIC(node->decl) && address_taken_outside_vtables(node))
      symbols.push_back(IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(node->decl)));
  }
  return symbols;
}

// The public aliases of the unit's functions (program_summary.h
// SymbolAlias), by linker name: what other files call under another name.
std::vector<SymbolAlias> public_aliases() {
  std::vector<SymbolAlias> aliases;
  cgraph_node *node;
  FOR_EACH_FUNCTION(node) {
    if (!node->alias || !node->analyzed || !TREE_PUBLIC(node->decl))
      continue; // an alias is analysed once its target is known
    cgraph_node *target = node->ultimate_alias_target();
    if (target && target != node && target->definition && !target->alias)
      aliases.push_back({IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(node->decl)),
                         IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(target->decl))});
  }
  return aliases;
}

// The keys (cross_file_values.h) the conditionals blamed for `flagged' in
// record `r' depend on, when the unit deferred them.
std::set<std::string> deferred_keys(std::size_t r, const DeferredValues &deferred,
                                    const FlaggedCollective &flagged) {
  const FunctionRecord &record = unit.records[r];
  std::map<NodeId, int> branch_of;
  for (const auto &branch : record.flow_branches)
    branch_of[branch.first] = branch.second;
  std::set<std::string> keys;
  auto depends_on = [&](NodeId node) {
    auto j = branch_of.find(node);
    if (j != branch_of.end() && r < deferred.branch_depends_on.size() &&
        j->second < (int)deferred.branch_depends_on[r].size())
      keys.insert(deferred.branch_depends_on[r][j->second].begin(),
                  deferred.branch_depends_on[r][j->second].end());
  };
  for (NodeId node : flagged.order_conditionals)
    depends_on(node);
  for (NodeId node : flagged.loop_conditionals)
    depends_on(node);
  if (keys.empty()) // flagged by conditionals together: any of them
    for (const auto &branch : branch_of)
      depends_on(branch.first);
  return keys;
}

// Parameters across files (cross_file_parameters.h): what each probed call
// passes, the unit's parameters the link step judges, and the functions
// whose address the unit takes.
void summarise_parameters(const DeferredValues &deferred,
                          const std::vector<std::vector<std::vector<ArgumentVerdict>>> &arguments,
                          UnitSummary &summary) {
  // The calls the link step needs: those of functions whose parameters it
  // may judge (a key of this unit), or defined in other files.  A function
  // defined here without keys has none in any file (a C++ inline copy is
  // alike everywhere): its calls are left out (the summaries' size).
  std::set<std::string> defined_without_keys;
  for (const FunctionRecord &record : unit.records)
    if (record.defined_here)
      defined_without_keys.insert(record.symbol);
  for (const auto &entry : deferred.names)
    if (is_parameter_key(entry.first)) {
      std::string group = parameter_group(entry.first); // "par:SYMBOL:"
      defined_without_keys.erase(group.substr(4, group.size() - 5));
    }
  for (std::size_t r = 0; r < unit.records.size(); ++r) {
    const FunctionRecord &record = unit.records[r];
    for (const FunctionRecord::CallProbe &probe : record.call_probes) {
      if (defined_without_keys.count(probe.callee))
        continue;
      ParameterCallSite call;
      call.caller = record.name;
      call.callee = probe.callee;
      call.callee_name = probe.callee_name;
      call.location = source_location(probe.where);
      if (r < deferred.arguments.size() && probe.probe < (int)deferred.arguments[r].size()) {
        call.arguments = deferred.arguments[r][probe.probe];
      } else if (r < arguments.size() && probe.probe < (int)arguments[r].size()) {
        for (const ArgumentVerdict &verdict : arguments[r][probe.probe]) {
          call.arguments.emplace_back();
          if (!verdict.may_differ_between_processes)
            call.arguments.back().state = ArgumentSummary::State::Uniform;
          else
            call.arguments.back().reason = verdict.reason;
        }
      } else {
        call.arguments.emplace_back(); // no value flow: the first may differ
        call.arguments.back().reason = "is not analysed (-fplugin-arg-parcoach-thesis)";
      }
      summary.calls.push_back(call);
    }
  }
  std::map<std::string, std::string> base_keys;
  if (solved_flows)
    for (const ValueFlowFunction &flow : *solved_flows)
      for (ParameterCallSite &call : virtual_dispatch_calls(flow, deferred.names, base_keys))
        summary.calls.push_back(std::move(call));
  for (const auto &entry : deferred.names)
    if (is_parameter_key(entry.first))
      summary.parameters.push_back({entry.first, entry.second, summary.source});
  for (const auto &entry : base_keys)
    if (!deferred.names.count(entry.first))
      summary.parameters.push_back({entry.first, entry.second, summary.source});
  summary.every_key = deferred.every_key;
  summary.addresses_taken = public_addresses_taken();
  summary.aliases = public_aliases();
}

bool link_findings_are_errors() {
  return unit.options.severities.of(FindingKind::CollectiveMismatch) == Severity::Error ||
         global_dc->warning_as_error_requested;
}

// The variables other files may use that the unit defines and no function
// of it stores to (a Fortran module of data only, a C file of globals):
// their static initial value is the same everywhere, so the link step
// judges them by the other units' stores (variable_facts covers those
// the unit's functions touch).
void add_untouched_defined_variables(UnitSummary &summary) {
  std::set<std::string> known;
  for (const VariableSummary &variable : summary.variables)
    known.insert(variable.symbol);
  varpool_node *node;
  FOR_EACH_DEFINED_VARIABLE(node) {
    tree decl = node->decl;
    if (!TREE_PUBLIC(decl) || DECL_EXTERNAL(decl) || DECL_ARTIFICIAL(decl) ||
        DECL_THREAD_LOCAL_P(decl) || !DECL_NAME(decl))
      continue;
    VariableSummary variable;
    variable.symbol = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
    if (known.count(variable.symbol))
      continue;
    variable.name = IDENTIFIER_POINTER(DECL_NAME(decl));
    variable.file = summary.source;
    variable.defined_here = true;
    variable.may_differ = false;
    summary.variables.push_back(variable);
  }
}

// Value facts for the link step (cross_file_values.h): what each public
// function returns and what the unit stores in shared variables, and the
// sites flagged only because of conditionals that depend on results of
// functions of other files or on shared variables (`deferred_flagged', by
// record), each with those.  A function with such sites is
// armed at run time when the link step reports one, or when no link step
// judged the program (its key says so): its function-exit checks become
// dormant, as in summarise_for_link.
void summarise_deferred(const std::vector<Reachable> &reach, const DeferredValues &deferred,
                        const std::vector<VariableFacts> &variables,
                        const std::vector<std::map<NodeId, FlaggedCollective>> &deferred_flagged,
                        UnitSummary &summary, std::map<unsigned, std::string> &key_of_function,
                        std::vector<SettledCheck> &by_tag) {
  for (std::size_t r = 0; r < unit.records.size(); ++r) {
    const FunctionRecord &record = unit.records[r];
    if (!record.is_public || !record.returns_value || record.library ||
        record.shared_inline_copy)
      continue;
    ResultSummary result;
    result.symbol = record.symbol;
    result.name = record.name;
    result.file = source_location(record.location).file;
    result.may_differ = r >= deferred.result_may_differ.size() || deferred.result_may_differ[r];
    if (r < deferred.result_depends_on.size())
      result.depends_on = deferred.result_depends_on[r];
    if (result.may_differ && r < deferred.result_reason.size())
      result.reason = deferred.result_reason[r];
    summary.results.push_back(result);
  }
  // What public functions leave behind their pointer parameters.
  if (solved_flows) {
    std::vector<std::string> names;
    for (const FunctionRecord &record : unit.records)
      names.push_back(record.name);
    for (ResultSummary &left :
         exit_summaries(*solved_flows, deferred, names, summary.source))
      summary.results.push_back(std::move(left));
  }
  std::map<unsigned, std::string> symbol_of;
  for (const FunctionRecord &record : unit.records)
    symbol_of[record.uid] = record.symbol;
  for (const VariableFacts &facts : variables) {
    VariableSummary variable;
    variable.symbol = facts.symbol;
    variable.name = facts.name;
    variable.file = summary.source;
    variable.field_of = facts.field_of;
    variable.defined_here = facts.defined_here;
    variable.may_differ = facts.may_differ;
    variable.depends_on = facts.depends_on;
    for (unsigned uid : facts.writers)
      if (symbol_of.count(uid))
        variable.writers.push_back(symbol_of[uid]);
    summary.variables.push_back(variable);
  }
  add_untouched_defined_variables(summary);
  for (std::size_t r = 0; r < unit.records.size() && r < deferred_flagged.size(); ++r) {
    const FunctionRecord &record = unit.records[r];
    for (const auto &entry : deferred_flagged[r]) {
      auto found = record.sites.find(entry.first);
      if (found == record.sites.end())
        continue;
      const Site &where = found->second;
      DeferredSite site;
      site.function = record.name;
      site.location = source_location(where.where);
      site.as_error = link_findings_are_errors();
      if (where.collective) {
        site.collective = where.collective->c_name;
      } else if (where.callee >= 0) {
        site.callee = unit.name_of_id[where.callee];
        site.runs.assign(reach[where.callee].collectives.begin(),
                         reach[where.callee].collectives.end());
      }
      if (site.collective.empty() && site.runs.empty())
        continue;
      Finding related;
      add_related_locations(record.branches, entry.second, related);
      site.related = related.related;
      std::set<std::string> symbols = deferred_keys(r, deferred, entry.second);
      if (symbols.empty() || site.related.empty())
        continue;
      for (const std::string &symbol : symbols) {
        site.depends_on.push_back(symbol);
        auto name = deferred.names.find(symbol);
        site.names.push_back(name != deferred.names.end() ? name->second : symbol);
      }
      if (record.instrumented) {
        auto key =
            key_of_function.emplace(record.uid, deferred_arming_key(summary.source, record.symbol));
        site.arming_key = key.first->second;
        if (key.second)
          for (int tag : record.candidates.exit_tags)
            if (by_tag[tag].decision == CheckDecision::Remove) {
              by_tag[tag].decision = CheckDecision::IfArmed;
              by_tag[tag].conditionals = conditional_lines(record.branches, entry.second);
            }
      }
      summary.deferred.push_back(site);
    }
  }
}

// The unit's summary for the link step (program_summary.h).  The sites that
// matter are found by analysing the unit again, each call to a function of
// another file running a collective of its own (one colour per callee): a
// call flagged then, and not already flagged for the unit's own
// collectives, is one whose callee, if it runs collectives, not all
// processes run at the same point.  `flagged_first': the nodes the real
// analysis flagged, by record.
//
// A function with such sites is armed at run time if the link step reports
// one (link_arming.h): its function-exit checks, removed for an unflagged
// function, become dormant (live inside armed extents), in `by_tag'.
void summarise_for_link(const std::vector<FunctionModel> &models,
                        const std::vector<std::set<NodeId>> &flagged_first,
                        std::vector<SettledCheck> &by_tag, const DeferredValues &deferred,
                        const std::vector<VariableFacts> &variables,
                        const std::vector<std::map<NodeId, FlaggedCollective>> &deferred_flagged,
                        const std::vector<FunctionModel> *optimistic,
                        const std::vector<std::vector<std::vector<ArgumentVerdict>>> &arguments) {
  std::vector<Reachable> reach = reachable_by_function();
  UnitSummary summary;
  summary.source = main_input_filename ? main_input_filename : "";
  if (!unit.options.report_file.empty() || !unit.options.sarif_file.empty()) {
    summary.report_file = unit.options.report_file;
    summary.sarif_file = unit.options.sarif_file;
    summary.directory = get_src_pwd();
    summary.tool_version = PARCOACH_VERSION;
    summary.information_uri = PARCOACH_DOC_URI;
  }
  summarise_parameters(deferred, arguments, summary);
  std::map<unsigned, std::string> key_of_function;
  summarise_deferred(reach, deferred, variables, deferred_flagged, summary, key_of_function,
                     by_tag);
  std::map<unsigned, std::vector<MpiCallWord>> mpi_words = mpi_call_words();
  for (const FunctionRecord &record : unit.records) {
    const Reachable &own = reach[record.unit_id];
    auto words = mpi_words.find(record.uid);
    bool makes_mpi_calls = words != mpi_words.end() && !words->second.empty();
    if (!record.is_public || (own.collectives.empty() && own.externals.empty() && !makes_mpi_calls))
      continue;
    summary.functions.push_back(
        {record.symbol, record.name, source_location(record.location).file,
         std::vector<std::string>(own.collectives.begin(), own.collectives.end()),
         std::vector<std::string>(own.externals.begin(), own.externals.end()),
         makes_mpi_calls ? words->second : std::vector<MpiCallWord>()});
  }
  summarise_thread_levels(summary);
  std::map<std::string, int> token_of_symbol;
  std::vector<FunctionModel> with_externals = models;
  for (const FunctionRecord &record : unit.records)
    for (const auto &external : record.external_sites) {
      auto token = token_of_symbol.emplace(external.second.symbol, (int)token_of_symbol.size());
      with_externals[record.unit_id].facts[external.first].collective =
          first_external_token + token.first->second;
    }
  if (!token_of_symbol.empty()) {
    UnitAnalysis analysis = analyse_unit(with_externals);
    // The sites flagged only because of deferred conditionals: the link
    // step reports them only if one of their keys may differ.
    UnitAnalysis optimistic_analysis;
    if (optimistic) {
      std::vector<FunctionModel> optimistic_externals = *optimistic;
      for (const FunctionRecord &record : unit.records)
        for (const auto &external : record.external_sites)
          optimistic_externals[record.unit_id].facts[external.first].collective =
              with_externals[record.unit_id].facts[external.first].collective;
      optimistic_analysis = analyse_unit(optimistic_externals);
    }
    bool as_error = link_findings_are_errors();
    for (std::size_t r = 0; r < unit.records.size(); ++r) {
      const FunctionRecord &record = unit.records[r];
      if (record.library)
        continue;
      std::map<NodeId, FlaggedCollective> flagged = flagged_by_origin(
          analysis.expanded[record.unit_id], analysis.results[record.unit_id]);
      if (!unit.options.thesis)
        spare_members_of_tested_communicators(r, flagged);
      drop_silenced(flagged, FindingKind::CollectiveMismatch, record.name,
                    [&](NodeId node) -> const location_t * {
                      auto external = record.external_locations.find(node);
                      if (external != record.external_locations.end())
                        return &external->second;
                      auto site = record.sites.find(node);
                      return site == record.sites.end() ? nullptr : &site->second.where;
                    });
      std::map<NodeId, FlaggedCollective> flagged_optimistic;
      if (optimistic)
        flagged_optimistic = flagged_by_origin(optimistic_analysis.expanded[record.unit_id],
                                               optimistic_analysis.results[record.unit_id]);
      for (const auto &entry : flagged) {
        if (flagged_first[r].count(entry.first))
          continue;
        ExternalCallSite site;
        if (optimistic && !flagged_optimistic.count(entry.first)) {
          std::set<std::string> keys = deferred_keys(r, deferred, entry.second);
          site.depends_on.assign(keys.begin(), keys.end());
        }
        site.function = record.name;
        site.as_error = as_error;
        auto external = record.external_sites.find(entry.first);
        auto call = record.sites.find(entry.first);
        if (external != record.external_sites.end()) {
          site.location = source_location(record.external_locations.at(entry.first));
          site.callees.push_back(external->second);
        } else if (call != record.sites.end() && call->second.callee >= 0) {
          // A call to a function of this file that reaches other files'.
          site.location = source_location(call->second.where);
          for (const std::string &symbol : reach[call->second.callee].externals)
            site.callees.push_back({symbol, unit.name_of_id[call->second.callee]});
        }
        Finding related;
        add_related_locations(record.branches, entry.second, related);
        site.related = related.related;
        if (site.callees.empty() || site.related.empty())
          continue;
        if (unit.options.instrument != InstrumentMode::None) {
          auto key = key_of_function.emplace(record.uid,
                                             arming_key_for(summary.source, record.symbol));
          site.arming_key = key.first->second;
          if (key.second) {
            std::string lines = all_conditional_lines(record.branches, flagged);
            for (int tag : record.candidates.exit_tags)
              if (by_tag[tag].decision == CheckDecision::Remove) {
                by_tag[tag].decision = CheckDecision::IfArmed;
                by_tag[tag].conditionals = lines;
              }
          }
        }
        summary.sites.push_back(site);
      }
    }
  }
  insert_link_arming(key_of_function);
  if (!summary.functions.empty() || !summary.sites.empty() || !summary.results.empty() ||
      !summary.deferred.empty() || !summary.variables.empty() || !summary.calls.empty() ||
      !summary.addresses_taken.empty() || !summary.level_requests.empty() ||
      !summary.thread_sites.empty())
    set_unit_summary(serialise_summary(summary));
}

// The sites one file alone would flag (`models_one_file', the results of
// functions of other files may differ) that the unit's analysis did not
// (`flagged_first'), by record: the link step judges them.
std::vector<std::map<NodeId, FlaggedCollective>>
flagged_only_one_file_at_a_time(const std::vector<FunctionModel> &models_one_file,
                                const std::vector<std::set<NodeId>> &flagged_first) {
  std::vector<std::map<NodeId, FlaggedCollective>> by_record(unit.records.size());
  UnitAnalysis analysis = analyse_unit(models_one_file);
  for (std::size_t r = 0; r < unit.records.size(); ++r) {
    const FunctionRecord &record = unit.records[r];
    if (record.library)
      continue;
    std::map<NodeId, FlaggedCollective> flagged =
        flagged_by_origin(analysis.expanded[record.unit_id], analysis.results[record.unit_id]);
    spare_members_of_tested_communicators(r, flagged);
    drop_silenced(flagged, FindingKind::CollectiveMismatch, record.name,
                  [&](NodeId node) -> const location_t * {
                    auto site = record.sites.find(node);
                    return site == record.sites.end() ? nullptr : &site->second.where;
                  });
    for (const auto &entry : flagged)
      if (!flagged_first[r].count(entry.first))
        by_record[r].insert(entry);
  }
  return by_record;
}

// ------------------------------------------------------------ the unit step

void run_unit_step(); // below

void analyse_unit_functions(void *, void *) {
  if (seen_error())
    return;
  if (unit.records.empty()) { // data only: what the link step needs of it
    UnitSummary summary;
    summary.source = main_input_filename ? main_input_filename : "";
    add_untouched_defined_variables(summary);
    if (!summary.variables.empty())
      set_unit_summary(serialise_summary(summary));
    return;
  }
  // Plain C++ that may allocate a lot on huge units: never let an exception
  // reach GCC, whose build has none.
  try {
    PhaseTimer timer("unit step");
    run_unit_step();
  } catch (const std::exception &error) {
    warning(0, "PARCOACH skipped the analysis of this file: %s [parcoach:internal]",
            error.what());
  }
  unit.records.clear();
  unit.matching = MatchingContext();
}

// A parallel region, or an orphaned barrier or worksharing construct (not
// only calls that may run some).
bool runs_openmp_constructs(const OmpFunctionRecord &omp) {
  for (const TeamRecord &team : omp.teams) {
    if (team.parallel_region)
      return true;
    for (std::size_t n = 0; n < team.event_of_node.size(); ++n)
      if (team.event_of_node[n] >= 0 && team.model.facts[n].callee < 0)
        return true;
  }
  return false;
}

// The C++ inline functions whose parameters come from this file's call
// sites (private_copies.h); those whose analysis decides warnings or checks
// (they run MPI collectives or OpenMP constructs, themselves or through
// their callees) get a local copy.
void take_inline_parameters_from_this_file(std::vector<ValueFlowFunction> &flows) {
  std::set<unsigned> direct;
  std::map<unsigned, std::vector<unsigned>> calls;
  for (const FunctionRecord &record : unit.records) {
    if (record.has_collectives || runs_openmp_constructs(record.omp))
      direct.insert((unsigned)record.unit_id);
    for (const auto &site : record.sites)
      if (site.second.callee >= 0)
        calls[(unsigned)record.unit_id].push_back((unsigned)site.second.callee);
  }
  std::set<unsigned> decides_checks = callers_closure(direct, calls);
  for (std::size_t r = 0; r < unit.records.size(); ++r) {
    const FunctionRecord &record = unit.records[r];
    if (!record.shared_inline_copy || !flows[r].callable_from_outside)
      continue;
    bool local = decides_checks.count((unsigned)record.unit_id)
                     ? make_copy_local(record.uid)
                     : copy_may_be_local(record.uid);
    if (local)
      flows[r].callable_from_outside = false;
  }
}

void run_unit_step() {
  const Options &options = unit.options;

  // Which conditionals may send processes different ways.
  std::vector<FunctionModel> models(unit.name_of_id.size());
  std::vector<std::map<NodeId, std::string>> uniform_reasons(unit.records.size());
  std::vector<std::map<NodeId, std::string>> differ_reasons(unit.records.size());
  std::vector<ValueFlowFunction> flows;
  if (!options.thesis) {
    // Moved, not copied: the records' value flows are read through
    // `solved_flows' from here on (one copy of the unit less in memory).
    for (FunctionRecord &record : unit.records)
      flows.push_back(std::move(record.value_flow));
    settle_result_stores(flows);
    PhaseTimer timer("  private copies");
    take_inline_parameters_from_this_file(flows);
    std::vector<std::string> taken = public_addresses_taken();
    for (ValueFlowFunction &flow : flows)
      if (std::find(taken.begin(), taken.end(), flow.symbol) != taken.end())
        flow.link_judges_parameters = false;
  }
  PhaseTimer solve_timer("  value-flow solve");
  if (!options.thesis) {
    forget_link_names_of_private_statics(flows);
    add_exit_probes(flows);
  }
  std::vector<std::vector<std::vector<ArgumentVerdict>>> argument_verdicts;
  std::vector<ResultVerdict> results;
  // Tagged with the keys of other files: defer_external_results needs them.
  const SourceTags key_tags = options.thesis ? SourceTags() : link_key_tags(flows);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(
      flows, &argument_verdicts, &results, options.thesis ? nullptr : &key_tags);
  solved_flows = &flows;
  member_verdicts.clear();
  // Conditionals whose only sources of difference are results of functions
  // of other files or variables other files store to are left to the link
  // step (cross_file_values.h), unless one-file: `models' ignores them,
  // `models_one_file' keeps them, as one file alone would.  The facts for
  // the other files' summaries are computed in any case.
  DeferredValues deferred;
  if (!options.thesis)
    deferred = defer_external_results(flows, verdicts, results, 32, &argument_verdicts, true);
  if (options.dump_value_flow) {
    std::vector<std::string> files;
    for (const FunctionRecord &record : unit.records)
      files.push_back(source_location(record.location).file);
    fputs(value_flow_unit_text(flows, verdicts, results, deferred.branch_depends_on, files).c_str(),
          stderr);
  }
  const bool defer_here = deferred.any && !options.one_file;
  std::vector<FunctionModel> models_one_file;
  if (defer_here)
    models_one_file.resize(unit.name_of_id.size());
  for (std::size_t r = 0; r < unit.records.size(); ++r) {
    const FunctionRecord &record = unit.records[r];
    FunctionModel &model = models[record.unit_id];
    model = record.model;
    if (!options.thesis)
      uniform_reasons[r] = drop_uniform_conditionals(
          model, record.flow_branches, defer_here ? deferred.verdicts[r] : verdicts[r], false,
          &differ_reasons[r]);
    else
      for (NodeFacts &facts : model.facts)
        facts.callee = -1;
    if (defer_here) {
      models_one_file[record.unit_id] = record.model;
      drop_uniform_conditionals(models_one_file[record.unit_id], record.flow_branches,
                                verdicts[r], false, nullptr);
    }
  }

  solve_timer.stop();
  PhaseTimer algorithm_12("  collective summaries, Algorithm 12");
  UnitAnalysis analysis = analyse_unit(models);
  algorithm_12.stop();
  PhaseTimer reports("  collective reports and checks");

  std::vector<SettledCheck> by_tag(unit.next_tag);
  std::set<unsigned> flagged_functions;
  std::vector<std::set<NodeId>> flagged_nodes(unit.records.size());
  unit.several_threads = functions_called_by_several_threads();
  for (std::size_t r = 0; r < unit.records.size(); ++r) {
    const FunctionRecord &record = unit.records[r];
    std::map<NodeId, FlaggedCollective> flagged =
        flagged_by_origin(analysis.expanded[record.unit_id], analysis.results[record.unit_id]);
    MembershipReasons spared_for_members;
    if (!options.thesis)
      spare_members_of_tested_communicators(r, flagged, &spared_for_members);
    // The MPI library's code is never flagged itself: its checks stay
    // dormant, alive while a flagged caller of the program runs.
    if (record.library)
      flagged.clear();
    // What the user silenced is neither reported nor checked (unless
    // instrument=all asks for checks everywhere).
    drop_silenced(flagged, FindingKind::CollectiveMismatch, record.name,
                  [&](NodeId node) -> const location_t * {
                    auto site = record.sites.find(node);
                    return site == record.sites.end() ? nullptr : &site->second.where;
                  });
    for (const auto &entry : flagged)
      flagged_nodes[r].insert(entry.first);
    if (record.instrumented) {
      decide_checks(record, flagged, by_tag);
      if (!flagged.empty())
        flagged_functions.insert(record.uid);
    }
    // Checked, but not warned: a chain of rank tests written for the
    // number of processes it names.
    std::map<NodeId, FlaggedCollective> reported = flagged;
    if (!options.thesis && !flagged.empty()) {
      std::vector<RankTest> tests = rank_tests(record, verdicts[r]);
      for (NodeId node :
           flagged_only_beyond_tested_ranks(analysis.expanded[record.unit_id], tests, flagged)) {
        reported.erase(node);
        if (options.verbose)
          explain_rank_chain(record, node, tests);
      }
    }
    if (!options.thesis && !record.library && r < argument_verdicts.size())
      check_collective_arguments(record, flows[r], argument_verdicts[r], by_tag);
    DifferingConditionals differing;
    if (!options.thesis) {
      for (const auto &reason : differ_reasons[r])
        differing.reasons[reason.first] = with_gcc_quotes(reason.second);
      for (const auto &branch : record.flow_branches)
        if ((std::size_t)branch.second < verdicts[r].size() &&
            verdicts[r][branch.second].may_differ_between_processes &&
            verdicts[r][branch.second].origin != 0)
          differing.origins[branch.first] = verdicts[r][branch.second].origin;
    }
    bool first = true;
    auto site_location = [&](NodeId node) {
      auto site = record.sites.find(node);
      return site == record.sites.end() ? UNKNOWN_LOCATION : site->second.where;
    };
    for (const std::vector<NodeId> &group :
         group_by_cause(record.branches, reported, site_location)) {
      report_cause(record, group, reported, record.instrumented, differing,
                   options.verbose && !options.thesis);
      if (record.instrumented && record.candidates.exit_unchecked && first)
        inform(record.location,
               "no function-exit check in %qs: none of the communicators of its "
               "collectives is available at its returns, so a process leaving it "
               "while others call a collective is caught only at their next check",
               record.name.c_str());
      first = false;
    }
    if (options.verbose && !options.thesis) {
      std::set<NodeId> flagged_now;
      for (const auto &entry : flagged)
        flagged_now.insert(entry.first);
      std::set<NodeId> deferred_nodes;
      for (const auto &branch : record.flow_branches)
        if (defer_here && branch.second < (int)deferred.branch_depends_on[r].size() &&
            !deferred.branch_depends_on[r][branch.second].empty())
          deferred_nodes.insert(branch.first);
      explain_proofs(record, flagged_now, uniform_reasons[r], spared_for_members, deferred_nodes);
    }
  }

  reports.stop();
  PhaseTimer link_summary("  summary for the link step");
  std::vector<std::map<NodeId, FlaggedCollective>> deferred_flagged(unit.records.size());
  if (defer_here)
    deferred_flagged = flagged_only_one_file_at_a_time(models_one_file, flagged_nodes);
  std::vector<VariableFacts> variables;
  if (!options.thesis)
    variables = variable_facts(flows);
  summarise_for_link(defer_here ? models_one_file : models, flagged_nodes, by_tag, deferred,
                     variables, deferred_flagged, defer_here ? &models : nullptr,
                     argument_verdicts);
  link_summary.stop();
  // The OpenMP collectives of every team, with the threads' verdicts.
  PhaseTimer omp_timer("  OpenMP unit step");
  std::vector<const OmpFunctionRecord *> omp_records(unit.name_of_id.size(), nullptr);
  std::vector<const std::vector<BranchVerdict> *> omp_verdicts(unit.name_of_id.size(), nullptr);
  for (std::size_t r = 0; r < unit.records.size(); ++r) {
    omp_records[unit.records[r].unit_id] = &unit.records[r].omp;
    if (!options.thesis)
      omp_verdicts[unit.records[r].unit_id] = &verdicts[r];
  }
  analyse_omp_unit(omp_records, omp_verdicts, options, unit_findings(), by_tag);

  omp_timer.stop();
  PhaseTimer levels("  thread levels, unit step");
  std::set<unsigned> runs_collectives;
  for (const auto &function : unit.id_of_uid)
    if (!analysis.summaries[function.second].empty())
      runs_collectives.insert(function.first);
  report_thread_levels(
      [&runs_collectives](unsigned uid) { return runs_collectives.count(uid) != 0; }, by_tag);

  levels.stop();
  PhaseTimer settle("  settling the checks");
  if (options.instrument != InstrumentMode::None)
    settle_candidate_checks(by_tag, flagged_functions);
  solved_flows = nullptr; // `flows' ends here
}

void write_report(void *, void *) {
  if (!unit.reporting || unit.id_of_uid.empty())
    return; // lto1 loads the plugin too, but runs no pass
  unit.report.source = main_input_filename ? main_input_filename : "";
  if (is_build_system_probe(unit.report.source))
    return;
  unit.report.tool_version = PARCOACH_VERSION;
  describe_printed_findings(unit.report.findings);
  std::string problem = append_report(unit.options.report_file, unit.report);
  if (!problem.empty())
    report_finding(FindingKind::Report, UNKNOWN_LOCATION, "",
                   "PARCOACH report not written: %s [parcoach:report]", problem.c_str());
}

// `fun' calls MPI_Test, MPI_Testall, MPI_Testany, MPI_Testsome, MPI_Iprobe
// or MPI_Improbe (C, C++ or Fortran, PMPI_ spellings too: callee_name
// gives Fortran's without the trailing underscore).
bool polls_for_communication(function *fun) {
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
  for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
    const gcall *call = dyn_cast<const gcall *>(gsi_stmt(gsi));
    const char *name = call ? callee_name(call) : nullptr;
    if (!name)
      continue;
    std::string base = library_name(name);
    for (const char *polling : {"mpi_test", "mpi_testall", "mpi_testany", "mpi_testsome",
                                "mpi_iprobe", "mpi_improbe"})
      if (base == polling)
        return true;
  }
  return false;
}

} // namespace

int next_candidate_tag() { return unit.next_tag++; }

std::vector<Finding> *unit_findings() {
  return unit.reporting ? &unit.report.findings : nullptr;
}

void record_function(function *fun, const Options &options, bool library) {
  FunctionRecord record;
  FlowBranches branches;
  std::vector<PendingOmpCheck> omp_checks;
  PhaseTimer omp_timer("  OpenMP models");
  record.omp = build_omp_record(fun, options, unit_id, branches, omp_checks);
  omp_timer.stop();

  PhaseTimer model_timer("  function models");
  GimpleFunction model = build_function_model(fun);
  record.uid = DECL_UID(fun->decl);
  record.unit_id = unit_id(fun->decl);
  record.name = printable_function_name(fun->decl);
  record.location = DECL_SOURCE_LOCATION(fun->decl);
  record.language = model.language;
  record.called_by_team = call_context(fun, options) == CallContext::Parallel;
  record.branches = branch_locations(model.branch_of_node);
  record.has_collectives = !model.collectives.empty();
  record.polls = polls_for_communication(fun);
  for (const CollectiveCall &call : model.collectives)
    record.sites[call.node] = {gimple_location(call.call), call.collective, -1,
                               in_place_buffers(fun, call.call, *call.collective)};
  for (const UnitCall &call : model.unit_calls) {
    int callee = unit_id(call.callee);
    model.model.facts[call.node].callee = callee;
    record.sites[call.node] = {gimple_location(call.call), nullptr, callee};
  }
  for (const ExternalCall &call : model.external_calls) {
    record.external_sites[call.node] = {
        IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(call.callee)), printable_function_name(call.callee)};
    record.external_locations[call.node] = gimple_location(call.call);
  }
  record.symbol = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fun->decl));
  record.is_public = TREE_PUBLIC(fun->decl);
  record.defined_here = !DECL_EXTERNAL(fun->decl);
  // Other files may call it for its result (not a C++ inline function or
  // template instance, of which each calling file has its own copy, nor a
  // library's function of a system header).
  record.returns_value = !VOID_TYPE_P(TREE_TYPE(TREE_TYPE(fun->decl))) &&
                         !DECL_IN_SYSTEM_HEADER(fun->decl) && !DECL_COMDAT(fun->decl);
  record.model = model.model;
  record.branch_ways = model.branch_ways;
  for (std::size_t n = 0; n < model.branch_of_node.size(); ++n)
    if (model.branch_of_node[n] && record.model.facts[n].conditional)
      record.flow_branches.push_back({(NodeId)n, branches.add(model.branch_of_node[n])});

  // Before any check is inserted: the checks pass addresses of the
  // program's variables to the runtime, which the value flow would take
  // for writes.
  model_timer.stop();
  std::vector<std::pair<gimple *, int>> collective_calls;
  for (const CollectiveCall &call : model.collectives) {
    bool on_communicator = call.collective->handle_kind == HandleKind::Comm ||
                           call.collective->handle_kind == HandleKind::CommPtr;
    record.flow_collectives[call.node] = (int)collective_calls.size();
    record.collective_nodes.push_back(call.node);
    collective_calls.push_back({call.call, on_communicator ? call.collective->handle_arg : -1});
  }
  // A call to another file's function passing a communicator: a test of
  // that communicator against MPI_COMM_NULL does not make it a site for
  // the link step (summarise_for_link), as for a collective.
  for (const ExternalCall &call : model.external_calls) {
    int handle = communicator_argument(call.call);
    if (handle < 0)
      continue;
    record.flow_collectives[call.node] = (int)collective_calls.size();
    collective_calls.push_back({call.call, handle});
  }
  // Parameters across files (cross_file_parameters.h): every argument of
  // each call of a public function, of another file or of this one.
  std::vector<std::vector<int>> asked = matched_argument_positions(model.collectives);
  auto probe = [&](gcall *call, tree callee, bool through_vtable) {
    if (!(TREE_PUBLIC(callee) || DECL_VIRTUAL_P(callee)) || DECL_IN_SYSTEM_HEADER(callee))
      return;
    int index = -1;
    for (std::size_t k = 0; k < collective_calls.size() && index < 0; ++k)
      if (collective_calls[k].first == call)
        index = (int)k;
    if (index < 0) {
      index = (int)collective_calls.size();
      collective_calls.push_back({call, -1});
    }
    asked.resize(collective_calls.size());
    asked[index].clear();
    for (unsigned a = 0; a < gimple_call_num_args(call); ++a)
      asked[index].push_back((int)a);
    record.call_probes.push_back({index, IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(callee)),
                                  printable_function_name(callee), gimple_location(call),
                                  through_vtable});
  };
  for (const ExternalCall &call : model.external_calls)
    probe(call.call, call.callee, false);
  for (const UnitCall &call : model.unit_calls)
    probe(call.call, call.callee, false);
  // Calls through a vtable, as calls of the method they name: the link
  // step gives their arguments to its overriders (virtual_dispatch_calls).
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
      if (gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi)))
        if (tree method = virtual_call_method(call))
          probe(call, method, true);
  if (!options.thesis) {
    PhaseTimer timer("  value-flow extraction");
    record.value_flow = extract_value_flow(fun, branches.statements(), collective_calls, asked);
    for (const FunctionRecord::CallProbe &probe : record.call_probes)
      if (probe.probe < (int)record.value_flow.collectives.size()) {
        record.value_flow.collectives[probe.probe].callee_symbol = probe.callee;
        record.value_flow.collectives[probe.probe].with_control = probe.through_vtable;
      }
    if (options.verbose && record.value_flow.collapsed_pointer_sets > 0)
      inform_n(DECL_SOURCE_LOCATION(fun->decl), record.value_flow.collapsed_pointer_sets,
               "in %qs, %d set of possible pointer targets went past %d objects: "
               "what it may point to is taken as possibly different between processes",
               "in %qs, %d sets of possible pointer targets went past %d objects: "
               "what they may point to is taken as possibly different between processes",
               record.name.c_str(), record.value_flow.collapsed_pointer_sets,
               (int)kCollapseTargets);
    scan_unit_calls(fun, unit.matching);
  }
  PhaseTimer instrument_timer("  candidate checks");

  if (options.instrument != InstrumentMode::None)
    insert_omp_candidates(fun, omp_checks, record.omp, unit.next_tag);
  record.library = library;
  record.shared_inline_copy = !library && is_shared_inline_copy(fun->decl);
  // A function that runs no collective and calls no function of the unit
  // can never be flagged: nothing to check.
  record.instrumented = options.instrument != InstrumentMode::None &&
                        (record.has_collectives || !model.unit_calls.empty());
  if (record.instrumented)
    record.candidates = insert_candidate_checks(fun, model, unit.next_tag);
  unit.records.push_back(std::move(record));
}

void register_unit_analysis(const char *plugin_name, const Options &options) {
  unit.options = options;
  unit.reporting = !options.report_file.empty();
  register_summary_section(plugin_name);
  register_callback(plugin_name, PLUGIN_ALL_IPA_PASSES_START, analyse_unit_functions, nullptr);
  if (unit.reporting)
    register_callback(plugin_name, PLUGIN_FINISH, write_report, nullptr);
}

} // namespace parcoach
