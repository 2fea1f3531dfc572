#include "omp_collectives.h"

#include "collective_mismatch.h"
#include "function_model.h"
#include "instrument.h"
#include "mpi_knowledge.h"
#include "omp_regions.h"
#include "report.h"

#include <map>
#include <string>

namespace parcoach {

namespace {

// Identifiers of the team collectives in the model.  With verbosity 1 each
// explicit barrier gets an identifier of its own, so that it is checked on
// its own rather than with the barriers of the same order.
enum TeamCollective { Barrier = 1, For = 2, Sections = 3, Single = 4, FirstOwnBarrier = 100 };

struct TeamEvent {
  std::string name;    // "#pragma omp barrier", "the implicit barrier of ..."
  location_t where;
  // Where the run-time check goes (the barrier call or the directive), and
  // its colour (rtlib/parcoach_omp.h); null for an implicit barrier, which
  // the check before its construct covers.
  gimple *check_before;
  int check_colour;
};

struct RegionModel {
  FunctionModel model;
  std::vector<int> event_of_node; // index in events, or -1
  std::vector<gimple *> branch_of_node;
  std::vector<TeamEvent> events;
  gimple *region_end = nullptr;  // the GIMPLE_OMP_RETURN of the parallel
};

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

// Thesis Algorithm 18, within the translation unit: the fewest team
// collectives each function already analysed runs outside its own parallel
// regions (orphaned constructs, executed by the team that calls it), by
// DECL_UID.  GCC lowers functions in the order it finalises them, so
// callees defined before their callers are known; others (and recursion)
// count as none.
std::map<unsigned, int> orphaned_collectives;

int orphaned_collectives_of(const gcall *call) {
  tree callee = gimple_call_fndecl(call);
  if (!callee)
    return 0;
  auto found = orphaned_collectives.find(DECL_UID(callee));
  return found == orphaned_collectives.end() ? 0 : found->second;
}

// Builds the model of one team: the body of a parallel region, or with
// team -1 the function's own code outside its parallel regions (where
// orphaned constructs bind to the calling team).
class RegionModelBuilder {
public:
  RegionModelBuilder(function *fun, const OmpRegions &regions, int team, int verbosity,
                     RegionModel &out)
      : fun_(fun), regions_(regions), team_(team), verbosity_(verbosity), out_(out),
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

  NodeId add_event(NodeId current, int collective, std::string name, location_t where,
                   gimple *check_before, int check_colour) {
    out_.events.push_back({std::move(name), where, check_before, check_colour});
    NodeId node;
    NodeId next = chains_.append_collective(current, collective, node);
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
        if (kind && team_code && !gimple_omp_return_nowait_p(stmt))
          current = add_event(current, Barrier,
                              std::string("the implicit barrier at the end of ") +
                                  directive_prefix() + " " + worksharing_name(kind),
                              gimple_location(opener), nullptr, 0);
        continue;
      }
      if (int kind = team_code ? worksharing_kind(stmt) : 0) {
        current = add_event(current, kind,
                            std::string(directive_prefix()) + " " + worksharing_name(kind),
                            gimple_location(stmt), stmt, kind);
        continue;
      }
      gcall *call = dyn_cast<gcall *>(stmt);
      if (!call)
        continue;
      const char *name = callee_name(call);
      if (terminates_job(name)) {
        chains_.end_job(current);
        return;
      }
      if (team_code && name && strcmp(name, "__builtin_GOMP_barrier") == 0) {
        int id = verbosity_ >= 1 ? FirstOwnBarrier + own_barriers_++ : Barrier;
        current = add_event(current, id, std::string(directive_prefix()) + " barrier",
                            gimple_location(call), call, Barrier);
        continue;
      }
      // A call to a function with orphaned constructs stands for as many
      // barriers; its check is the one before the call.
      int inherited = team_code ? orphaned_collectives_of(call) : 0;
      for (int i = 0; i < inherited; ++i)
        current = add_event(current, Barrier,
                            std::string("the call to ") + name +
                                " (it reaches barriers or worksharing constructs)",
                            gimple_location(call), i == 0 ? call : nullptr, Barrier);
    }
    gimple *last = last_stmt(bb);
    bool branches = team_code && last && !ends_team &&
                    (gimple_code(last) == GIMPLE_COND || gimple_code(last) == GIMPLE_SWITCH);
    chains_.end_block(bb, current, branches ? last : nullptr, ends_team);
  }

  function *fun_;
  const OmpRegions &regions_;
  int team_;
  int verbosity_;
  RegionModel &out_;
  BlockChains chains_;
  int own_barriers_ = 0;
};

// Thesis Algorithm 16: a check before every barrier and worksharing
// construct of the region and before its end, so that no thread can wait
// in a real barrier while another waits in a check.
void instrument_region(function *fun, const RegionModel &region, const MismatchResult &result,
                       location_t region_start) {
  std::string function = lang_hooks.decl_printable_name(fun->decl, 2);
  std::string conditionals = all_conditional_lines(branch_locations(region.branch_of_node), result);
  for (const TeamEvent &event : region.events)
    if (event.check_before)
      insert_omp_check(event.check_before, event.check_colour, event.where, function,
                       conditionals);
  if (region.region_end)
    insert_omp_check(region.region_end, 0, region_start, function, conditionals);
}

void report_region(function *fun, const RegionModel &region, const MismatchResult &result,
                   bool instrumented, std::vector<Finding> *findings) {
  BranchOfNode branches = branch_locations(region.branch_of_node);
  for (const FlaggedCollective &flagged : result.flagged) {
    const TeamEvent &event = region.events[region.event_of_node[flagged.node]];
    std::string lines = conditional_lines(branches, flagged);
    bool several = lines.find(',') != std::string::npos;
    if (findings) {
      Finding finding;
      finding.kind = "omp-collective";
      finding.function = lang_hooks.decl_printable_name(fun->decl, 2);
      finding.location = source_location(event.where);
      finding.collective = event.name;
      add_related_locations(branches, flagged, finding);
      finding.checked = instrumented;
      findings->push_back(finding);
    }
    auto_diagnostic_group group;
    if (!warning_at(event.where, 0,
                    "%s may not be reached by all threads of the team, or not in the "
                    "same order, because of the %s at %s %s [parcoach:omp-collective]",
                    event.name.c_str(), several ? "conditionals" : "conditional",
                    several ? "lines" : "line", lines.c_str()))
      continue;
    note_conditionals(branches, flagged,
                      "threads may leave this loop after different numbers of iterations, "
                      "and so reach %s (line %d) a different number of times",
                      "threads may take different branches here, and then not all of them "
                      "reach %s (line %d) at the same point",
                      event.name.c_str(), LOCATION_LINE(event.where));
    if (instrumented)
      inform(event.where, "run-time check inserted: the program stops if the threads "
                          "of the team disagree here");
  }
}

} // namespace

void check_omp_collectives(function *fun, const Options &options,
                           std::vector<Finding> *findings) {
  OmpRegions regions = find_omp_regions(fun);
  // The function's orphaned constructs: reported, summarised for callers,
  // never checked at run time (the team's own region may be unchecked).
  RegionModel orphaned;
  RegionModelBuilder(fun, regions, -1, options.omp_verbosity, orphaned).build();
  if (!orphaned.events.empty()) {
    orphaned_collectives[DECL_UID(fun->decl)] = minimal_collective_count(orphaned.model);
    report_region(fun, orphaned, find_collective_mismatches(orphaned.model), false, findings);
  }
  for (std::size_t team = 0; team < regions.regions.size(); ++team) {
    if (gimple_code(regions.regions[team].directive) != GIMPLE_OMP_PARALLEL)
      continue;
    RegionModel region;
    RegionModelBuilder(fun, regions, static_cast<int>(team), options.omp_verbosity, region)
        .build();
    MismatchResult result = find_collective_mismatches(region.model);
    bool instrument = options.instrument == InstrumentMode::All ||
                      (options.instrument == InstrumentMode::Selective && !result.flagged.empty());
    if (instrument && !region.events.empty())
      instrument_region(fun, region, result,
                        gimple_location(regions.regions[team].directive));
    report_region(fun, region, result, instrument && !region.events.empty(), findings);
  }
}

} // namespace parcoach
