#include "thread_level.h"

#include "function_model.h"
#include "graph_utils.h"
#include "mpi_calls.h"
#include "omp_ordering.h"
#include "omp_regions.h"
#include "omp_team_exits.h"
#include "function_threads.h"
#include "parallelism_words.h"
#include "report.h"
#include "runtime_entry_points.h"
#include "thread_levels.h"
#include "unit_analysis.h"

#include "intl.h" // open_quote, close_quote

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace parcoach {

namespace {

// ---------------------------------------------------------------------------
// The augmented CFG (Algorithm 1): one node per OpenMP step and per MPI call.
// ---------------------------------------------------------------------------

struct ThreadFunction {
  ThreadModel model;
  // By node: the directive, barrier call, GIMPLE_OMP_RETURN (region end,
  // implicit barrier) or MPI call it stands for; null for plain code.
  std::vector<gimple *> stmt_of_node;
  // The MPI_Init / MPI_Init_thread calls of the function.
  std::vector<gcall *> inits;
  // Calls to functions of the unit (which may run collectives), by node.
  std::vector<std::pair<NodeId, tree>> unit_calls;
  // Calls to functions of other files (not of a system header), by node:
  // the link step learns what they need (cross_file_threads.h).
  std::vector<std::pair<NodeId, tree>> external_calls;
  // Those of them passing an argument that may differ between the threads
  // of a team (comms[t], t): the callee's collectives may then run on one
  // communicator per thread, which no check can tell from here.
  std::set<NodeId> thread_varying_calls;
};

SourceLanguage current_language() {
  return gcc_compat::compiling_fortran() ? SourceLanguage::Fortran : SourceLanguage::C;
}

const char *directive_prefix() {
  return gcc_compat::compiling_fortran() ? "!$omp" : "#pragma omp";
}

// The step of a directive opening a region, or None.
OmpStep opening_step(const gimple *stmt) {
  switch (gimple_code(stmt)) {
  case GIMPLE_OMP_PARALLEL: case GIMPLE_OMP_TEAMS: return OmpStep::OpenParallel;
  case GIMPLE_OMP_SINGLE: return OmpStep::OpenSingle;
  case GIMPLE_OMP_SECTION: return OmpStep::OpenSection;
  case GIMPLE_OMP_TASK:
    // `taskwait depend(...)' (a bodiless task, see omp_regions.cc) waits for
    // some earlier sibling tasks only: no region, and not a full taskwait.
    return gimple_omp_task_taskwait_p(stmt) ? OmpStep::None : OmpStep::OpenTask;
  case GIMPLE_OMP_MASTER: return OmpStep::OpenMaster;
  // masked may select another thread than the master (filter): one thread,
  // maybe not the main one; with no filter, or filter(0), it is a master.
  case GIMPLE_OMP_MASKED:
    return gcc_compat::masked_runs_on_thread_zero(stmt) ? OmpStep::OpenMaster
                                                         : OmpStep::OpenMasked;
  case GIMPLE_OMP_CRITICAL: return OmpStep::OpenCritical;
  case GIMPLE_OMP_ORDERED: {
    // Only the ordered regions of a worksharing loop's iterations (not
    // `ordered simd', nor the standalone `ordered depend').
    tree clauses = gimple_omp_ordered_clauses(as_a<const gomp_ordered *>(stmt));
    for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_SIMD || OMP_CLAUSE_CODE(c) == OMP_CLAUSE_DEPEND)
        return OmpStep::None;
    return OmpStep::OpenOrdered;
  }
  case GIMPLE_OMP_TARGET:
    return gimple_omp_target_kind(stmt) == GF_OMP_TARGET_KIND_REGION ? OmpStep::OpenTarget
                                                                    : OmpStep::None;
  case GIMPLE_OMP_TASKGROUP: return OmpStep::OpenTaskgroup;
  case GIMPLE_OMP_SECTIONS: return OmpStep::OpenWorksharing;
  case GIMPLE_OMP_FOR:
    return gimple_omp_for_kind(stmt) == GF_OMP_FOR_KIND_FOR ? OmpStep::OpenWorksharing
                                                            : OmpStep::None;
  default: return OmpStep::None;
  }
}

// A parallel directive whose team has one thread (num_threads(1), or an
// if clause that is false): that thread is the encountering one, and the
// master of the team, so it runs the region as a master region.
bool forks_team_of_one(const gimple *stmt) {
  if (gimple_code(stmt) != GIMPLE_OMP_PARALLEL)
    return false;
  tree clauses = gimple_omp_parallel_clauses(as_a<const gomp_parallel *>(stmt));
  tree count = omp_find_clause(clauses, OMP_CLAUSE_NUM_THREADS);
  if (count && integer_onep(OMP_CLAUSE_NUM_THREADS_EXPR(count)))
    return true;
  for (tree c = omp_find_clause(clauses, OMP_CLAUSE_IF); c;
       c = omp_find_clause(OMP_CLAUSE_CHAIN(c), OMP_CLAUSE_IF))
    if ((OMP_CLAUSE_IF_MODIFIER(c) == ERROR_MARK || OMP_CLAUSE_IF_MODIFIER(c) == OMP_PARALLEL) &&
        integer_zerop(OMP_CLAUSE_IF_EXPR(c)))
      return true;
  return false;
}

const char *directive_name(const gimple *stmt) {
  switch (gimple_code(stmt)) {
  case GIMPLE_OMP_PARALLEL: return "parallel";
  case GIMPLE_OMP_TEAMS: return "teams";
  case GIMPLE_OMP_SINGLE: return "single";
  case GIMPLE_OMP_SECTION: return "section";
  case GIMPLE_OMP_SECTIONS: return "sections";
  case GIMPLE_OMP_TASK: return "task";
  case GIMPLE_OMP_MASTER: return "master";
  case GIMPLE_OMP_MASKED: return "masked";
  case GIMPLE_OMP_FOR: return gcc_compat::compiling_fortran() ? "do" : "for";
  case GIMPLE_OMP_CRITICAL: return "critical";
  case GIMPLE_OMP_ORDERED: return "ordered";
  case GIMPLE_OMP_TARGET: return "target";
  case GIMPLE_OMP_TASKGROUP: return "taskgroup";
  default: return "barrier";
  }
}

// The steps of a region end: the region's own, then its implicit barrier.
std::vector<OmpStep> closing_steps(const gimple *omp_return, const OmpRegions &regions) {
  int closed = regions.region_closed_by(omp_return);
  if (closed < 0)
    return {};
  const gimple *opener = regions.regions[closed].directive;
  bool barrier = !gimple_omp_return_nowait_p(omp_return);
  switch (opening_step(opener)) {
  case OmpStep::OpenParallel: return {OmpStep::CloseParallel};
  case OmpStep::OpenSingle:
    if (barrier)
      return {OmpStep::CloseMonothreaded, OmpStep::Barrier};
    return {OmpStep::CloseMonothreaded};
  case OmpStep::OpenSection: case OmpStep::OpenTask: case OmpStep::OpenMaster:
  case OmpStep::OpenMasked: case OmpStep::OpenCritical: case OmpStep::OpenOrdered:
  case OmpStep::OpenTarget:
    return {OmpStep::CloseMonothreaded};
  case OmpStep::OpenTaskgroup: return {}; // ends at GOMP_taskgroup_end
  case OmpStep::OpenWorksharing:
    if (barrier)
      return {OmpStep::Barrier};
    return {};
  default: return {};
  }
}

// Numbers for what the core compares by identity: exclusion groups
// (critical names, loops of ordered regions, locks) and depend items.
class Numbering {
public:
  int operator()(const std::string &name) {
    return numbers_.emplace(name, (int)numbers_.size()).first->second;
  }

private:
  std::map<std::string, int> numbers_;
};

// The exclusion group of a critical or ordered directive: critical regions
// by name (all unnamed ones share one), ordered regions by their loop.
int exclusion_group(const gimple *directive, const OmpRegions &regions, Numbering &numbers) {
  if (gimple_code(directive) == GIMPLE_OMP_CRITICAL) {
    tree name = gimple_omp_critical_name(as_a<const gomp_critical *>(directive));
    return numbers(std::string("critical:") + (name ? IDENTIFIER_POINTER(name) : ""));
  }
  int region = regions.region_at_block[gimple_bb(directive)->index];
  for (; region >= 0; region = regions.regions[region].parent)
    if (gimple_code(regions.regions[region].directive) == GIMPLE_OMP_FOR)
      return numbers("ordered:" + std::to_string(region));
  return -1;
}

// The communicator of an MPI call, as ThreadModel::communicator names it.
std::string communicator_name(gcall *call, const MpiCollective &collective,
                              SourceLanguage language, StorageKeys &keys) {
  if (collective.handle_kind == HandleKind::World)
    return "world";
  int index = collective.handle_arg;
  if (index < 0 || (unsigned)index >= gimple_call_num_args(call))
    return "?";
  tree handle = gimple_call_arg(call, index);
  bool by_address = language == SourceLanguage::Fortran ||
                    collective.handle_kind == HandleKind::CommPtr ||
                    collective.handle_kind == HandleKind::WinPtr ||
                    collective.handle_kind == HandleKind::FilePtr;
  std::string name = by_address ? keys.pointed_value(handle) : keys.value(handle);
  switch (collective.handle_kind) {
  case HandleKind::Win: case HandleKind::WinPtr: return "win" + name;
  case HandleKind::File: case HandleKind::FilePtr: return "file" + name;
  default: return name;
  }
}

// `text' with GCC's quotes (which follow the locale) made ASCII ones: the
// link step prints its messages with those.
std::string with_ascii_quotes(std::string text) {
  for (const char *quote_mark : {open_quote, close_quote}) {
    std::size_t length = strlen(quote_mark);
    for (std::size_t at; length && (at = text.find(quote_mark)) != std::string::npos;)
      text.replace(at, length, "'");
  }
  return text;
}

// The local variables of `fun' that some assignment gives the result of
// omp_get_thread_num (), directly or through a temporary (blocks in
// order: a copy met before its source is missed, and stays warned).
std::set<tree> thread_number_locals(function *fun) {
  std::set<tree> locals;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      tree lhs = gimple_get_lhs(stmt);
      if (!lhs || !VAR_P(lhs) || !auto_var_in_fn_p(lhs, fun->decl))
        continue;
      tree rhs = gimple_assign_single_p(stmt) ? gimple_assign_rhs1(stmt) : NULL_TREE;
      if (is_thread_number_call(stmt) ||
          (rhs && TREE_CODE(rhs) == SSA_NAME && is_thread_number_call(SSA_NAME_DEF_STMT(rhs))) ||
          (rhs && locals.count(rhs))) // a temporary seen before (tid.1 at -O0)
        locals.insert(lhs);
    }
  return locals;
}

// Whether an argument of `call' may differ between the threads of a team:
// its value, or, passed by reference (Fortran), a thread number it points
// to.
bool passes_thread_varying_argument(const gcall *call, StorageKeys &keys,
                                    const std::set<tree> &thread_numbers) {
  for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
    tree arg = gimple_call_arg(call, i);
    if (!StorageKeys::same_in_every_thread(keys.value(arg)))
      return true;
    STRIP_NOPS(arg);
    if (TREE_CODE(arg) == ADDR_EXPR && thread_numbers.count(TREE_OPERAND(arg, 0)))
      return true;
  }
  return false;
}

ThreadFunction build_thread_function(function *fun, const OmpRegions &regions,
                                     SourceLanguage language) {
  ThreadFunction out;
  ThreadModel &model = out.model;
  StorageKeys keys(fun);
  const std::set<tree> thread_numbers = thread_number_locals(fun);
  OrderingFacts facts = find_ordering_facts(fun, regions, keys);
  Numbering exclusions, items;
  // Region ends name their directive's node once every block is built.
  std::map<const gimple *, NodeId> node_of_directive;
  std::vector<std::pair<NodeId, const gimple *>> ends;
  auto add = [&](OmpStep step, gimple *stmt) {
    NodeId node = model.add_node(step);
    out.stmt_of_node.push_back(stmt);
    if (stmt && gimple_code(stmt) == GIMPLE_OMP_RETURN) {
      int closed = regions.region_closed_by(stmt);
      if (closed >= 0)
        ends.push_back({node, regions.regions[closed].directive});
    } else if (stmt && step != OmpStep::None && step != OmpStep::Barrier) {
      node_of_directive[stmt] = node;
    }
    return node;
  };
  // Thread-0 branches open at the start of their first block and close on
  // the edges that leave them; lock regions open at the set, close at the
  // unset.
  std::map<int, const ThreadZeroBranch *> branch_starting_at;
  std::map<edge, const ThreadZeroBranch *> branch_left_by;
  for (const ThreadZeroBranch &branch : facts.thread_zero) {
    branch_starting_at[branch.into->dest->index] = &branch;
    for (edge exit : branch.exits)
      branch_left_by[exit] = &branch;
  }
  std::map<const gimple *, const LockRegion *> lock_set, lock_unset;
  for (const LockRegion &lock : facts.locks) {
    lock_set[lock.set] = &lock;
    lock_unset[lock.unset] = &lock;
  }
  model.cfg.entry = add(OmpStep::None, nullptr);
  model.cfg.exit = add(OmpStep::None, nullptr);
  int blocks = last_basic_block_for_fn(fun);
  std::vector<NodeId> first(blocks, -1), last(blocks, -1);
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    NodeId current = add(OmpStep::None, nullptr);
    first[bb->index] = current;
    auto chain = [&](OmpStep step, gimple *stmt) {
      NodeId node = add(step, stmt);
      model.cfg.add_edge(current, node);
      current = node;
      return node;
    };
    auto branch = branch_starting_at.find(bb->index);
    if (branch != branch_starting_at.end())
      chain(branch->second->main_thread ? OmpStep::OpenThreadZero : OmpStep::OpenOneThread,
            branch->second->test);
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (gimple_code(stmt) == GIMPLE_OMP_RETURN) {
        for (OmpStep step : closing_steps(stmt, regions))
          chain(step, stmt);
        continue;
      }
      OmpStep step = opening_step(stmt);
      if (step != OmpStep::None) {
        NodeId node = chain(step, stmt);
        if (forks_team_of_one(stmt)) {
          // P then M: the region's one thread is the team's master.  The
          // end of the region still closes it at the P (and the M with it).
          chain(OmpStep::OpenThreadZero, stmt);
          node_of_directive[stmt] = node;
        }
        if (step == OmpStep::OpenCritical || step == OmpStep::OpenOrdered)
          model.exclusion[node] = exclusion_group(stmt, regions, exclusions);
        if (step == OmpStep::OpenTask)
          for (const DependClause &clause : depend_clauses(stmt, keys))
            model.dependences[node].push_back(
                {clause.item.find('?') == std::string::npos ? items(clause.item) : -1,
                 clause.type == DependClause::In    ? DependType::In
                 : clause.type == DependClause::Out ? DependType::Out
                                                    : DependType::MutexInOutSet,
                 clause.fixed_storage});
        continue;
      }
      gcall *call = dyn_cast<gcall *>(stmt);
      if (!call)
        continue;
      if (lock_set.count(call)) {
        NodeId node = chain(OmpStep::OpenCritical, call);
        model.exclusion[node] = exclusions("lock:" + lock_set[call]->lock);
        continue;
      }
      auto taskgroup_end = facts.taskgroup_ends.find(call);
      if (taskgroup_end != facts.taskgroup_ends.end()) {
        ends.push_back({chain(OmpStep::CloseTaskgroup, call), taskgroup_end->second});
        continue;
      }
      if (lock_unset.count(call)) {
        ends.push_back({chain(OmpStep::CloseMonothreaded, call), lock_unset[call]->set});
        continue;
      }
      const char *name = callee_name(call);
      if (is_barrier_call(name)) {
        chain(OmpStep::Barrier, call);
        continue;
      }
      if (name && strcmp(name, "__builtin_GOMP_taskwait") == 0) {
        chain(OmpStep::TaskWait, call);
        continue;
      }
      if (init_kind(name, language) != InitKind::None)
        out.inits.push_back(call);
      if (is_thread_level_call(name, language)) {
        NodeId node = chain(OmpStep::None, call);
        model.mpi_call[node] = true;
        const MpiCollective *collective = find_collective(name, language);
        model.collective[node] = collective != nullptr;
        model.communicator[node] =
            collective ? communicator_name(call, *collective, language, keys) : "?";
      } else if (tree callee = unit_callee(call)) {
        NodeId node = chain(OmpStep::None, call);
        out.unit_calls.push_back({node, callee});
        if (passes_thread_varying_argument(call, keys, thread_numbers))
          out.thread_varying_calls.insert(node);
      } else if (tree external = external_callee(call)) {
        // The C library, libstdc++... (no summary of theirs), and the
        // run-time calls the pass itself inserted.
        if (DECL_IN_SYSTEM_HEADER(external) ||
            strncmp(IDENTIFIER_POINTER(DECL_NAME(external)), "parcoach_", 9) == 0)
          continue;
        NodeId node = chain(OmpStep::None, call);
        out.external_calls.push_back({node, external});
        if (passes_thread_varying_argument(call, keys, thread_numbers))
          out.thread_varying_calls.insert(node);
      }
    }
    last[bb->index] = current;
  }
  for (const auto &end : ends) {
    auto found = node_of_directive.find(end.second);
    if (found != node_of_directive.end())
      model.opener[end.first] = found->second;
  }
  model.cfg.add_edge(model.cfg.entry,
                     first[single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun))->index]);
  FOR_EACH_BB_FN(bb, fun) {
    bool any = false;
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs) {
      any = true;
      NodeId to = e->dest == EXIT_BLOCK_PTR_FOR_FN(fun) ? model.cfg.exit : first[e->dest->index];
      if (to < 0)
        continue;
      NodeId from = last[bb->index];
      auto leaving = branch_left_by.find(e);
      if (leaving != branch_left_by.end()) {
        // The end of a thread-0 branch, on the edge that leaves it.
        NodeId close = add(OmpStep::CloseMonothreaded, nullptr);
        auto opened = node_of_directive.find(leaving->second->test);
        if (opened != node_of_directive.end())
          model.opener[close] = opened->second;
        model.cfg.add_edge(from, close);
        from = close;
      }
      model.cfg.add_edge(from, to);
    }
    if (!any)
      model.cfg.add_edge(last[bb->index], model.cfg.exit);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The requested level: the constant given to MPI_Init_thread.
// ---------------------------------------------------------------------------

// The statement that last assigns `var' before `use', looking back through
// `use''s block and its single predecessors.
gimple *last_assignment(tree var, gimple *use) {
  gimple_stmt_iterator gsi = gsi_for_stmt(use);
  basic_block bb = gimple_bb(use);
  for (int blocks = 0; blocks < 64; ++blocks) {
    for (gsi_prev(&gsi); !gsi_end_p(gsi); gsi_prev(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_call(stmt) && gimple_call_lhs(stmt) &&
          operand_equal_p(gimple_call_lhs(stmt), var, 0))
        return nullptr; // set by a call: unknown
      if (is_gimple_assign(stmt) && operand_equal_p(gimple_assign_lhs(stmt), var, 0))
        return stmt;
    }
    if (!single_pred_p(bb) || single_pred(bb) == ENTRY_BLOCK_PTR_FOR_FN(cfun))
      return nullptr;
    bb = single_pred(bb);
    gsi = gsi_last_bb(bb);
    if (gsi_end_p(gsi))
      continue;
    // Start after the last statement so that gsi_prev reaches it.
    gimple *tail = gsi_stmt(gsi);
    if (is_gimple_assign(tail) && operand_equal_p(gimple_assign_lhs(tail), var, 0))
      return tail;
  }
  return nullptr;
}

// The level `arg' holds at `call', or -1 when it is not a known constant.
int constant_level(tree arg, gimple *call) {
  if (TREE_CODE(arg) == ADDR_EXPR)
    arg = TREE_OPERAND(arg, 0); // Fortran passes the address
  for (int hops = 0; hops < 8 && arg; ++hops) {
    if (TREE_CODE(arg) == INTEGER_CST)
      return tree_fits_shwi_p(arg) && tree_to_shwi(arg) >= 0 && tree_to_shwi(arg) <= 3
                 ? static_cast<int>(tree_to_shwi(arg))
                 : -1;
    if (TREE_CODE(arg) == CONST_DECL) { // gfortran: a literal passed by reference
      arg = DECL_INITIAL(arg);
      continue;
    }
    if (!VAR_P(arg))
      return -1;
    // A constant (gfortran passes a literal as the address of one).
    tree init = TREE_READONLY(arg) ? ctor_for_folding(arg) : NULL_TREE;
    if (init && init != error_mark_node && TREE_CODE(init) == INTEGER_CST) {
      arg = init;
      continue;
    }
    gimple *def = last_assignment(arg, call);
    if (!def || !gimple_assign_single_p(def))
      return -1;
    arg = gimple_assign_rhs1(def);
    call = def;
  }
  return -1;
}

// ---------------------------------------------------------------------------
// What waits for the end of the unit: the facts (core/thread_levels.h),
// decided there, worded here.
// ---------------------------------------------------------------------------

struct UnitLevels {
  Options options;
  std::vector<Finding> *findings = nullptr;
  UnitThreadFacts facts;
  std::vector<ThreadCallSite> thread_sites; // for the link step
};

UnitLevels &unit() {
  static UnitLevels state;
  return state;
}

SourcePlace place_of(location_t where) { return {where, LOCATION_LINE(where)}; }

location_t location_of(const SourcePlace &place) { return place.token; }

std::string join_lines(const std::set<int> &lines) {
  std::string text;
  for (int line : lines)
    text += (text.empty() ? "" : ", ") + std::to_string(line);
  return text;
}

// The path of a collective that several threads may call at once: the
// directives whose teams all run it, then the call.
FindingPath team_path(const std::vector<DirectiveNote> &directives, const std::string &call,
                      location_t where) {
  FindingPath path;
  for (const DirectiveNote &note : directives)
    path.add(location_of(note.where),
             "every thread of the team of this %s region calls %qs (line %d)", note.name.c_str(),
             call.c_str(), LOCATION_LINE(where));
  path.add(where, "several threads may call %qs here at once", call.c_str());
  return path;
}

// Adds a finding to the report (if one is written); the caller may then
// complete unit().findings->back().
void add_finding(FindingKind kind, const std::string &function, location_t where,
                 const std::string &call, const std::vector<DirectiveNote> &related,
                 bool checked, const FindingPath &path = FindingPath()) {
  if (!unit().findings)
    return;
  Finding finding;
  finding.kind = kind;
  finding.function = function;
  finding.location = source_location(where);
  finding.collective = call;
  for (const DirectiveNote &note : related)
    finding.related.push_back({source_location(location_of(note.where)), "directive"});
  finding.checked = checked;
  finding.path = path.report_events();
  unit().findings->push_back(finding);
}

// Calls in a multithreaded context to functions that run collectives
// outside their own monothreaded regions.
void report_multithreaded_calls(const ThreadLevelVerdict &verdict) {
  for (std::size_t index : verdict.multithreaded_calls) {
    const MultithreadedCall &call = unit().facts.multithreaded_calls[index];
    location_t where = location_of(call.where);
    FindingPath path = team_path(call.blamed, call.callee, where);
    auto_diagnostic_group group;
    if (!report_finding(FindingKind::ThreadLevel, where, call.function, path,
                    "this call to %qs runs MPI collectives, and several threads of this "
                    "process may make it at once: threads calling a collective concurrently "
                    "on one communicator is erroneous at every thread level "
                    "[parcoach:thread-level]",
                    call.callee.c_str()))
      continue;
    add_finding(FindingKind::ThreadLevel, call.function, where, call.callee, call.blamed,
                call.tag >= 0, path);
    if (call.tag >= 0)
      inform(where, "run-time check inserted: the program stops if more than one "
                    "thread can make this call");
  }
}

// Two monothreaded regions' calls that may run collectives at once.
void report_concurrent_collectives(const ConcurrentCallPair &pair) {
  location_t later_where = location_of(pair.later.where);
  auto text = [](const ConcurrentCallSide &side) {
    return (side.callee_uid ? "the call to " : "") + quote(side.name) + " (line " +
           std::to_string(side.where.line) + ")";
  };
  std::string later = text(pair.later), earlier = text(pair.earlier);
  // The path: where a team calls the function, then the two regions and
  // the two calls in source order (no order between the threads).
  FindingPath path;
  if (pair.by_team)
    path.add(location_of(pair.team_call),
             "every thread of a team may call %qs here, in %qs: its single, "
             "master and task regions belong to that team",
             pair.function.c_str(), pair.team_caller.c_str());
  struct Place {
    location_t where;
    const DirectiveNote *region; // or a call:
    const ConcurrentCallSide *call;
  };
  std::vector<Place> places;
  for (const DirectiveNote &note : pair.regions)
    places.push_back({location_of(note.where), &note, nullptr});
  places.push_back({later_where, nullptr, &pair.later});
  if (!pair.same_call)
    places.push_back({location_of(pair.earlier.where), nullptr, &pair.earlier});
  std::stable_sort(places.begin(), places.end(), [](const Place &a, const Place &b) {
    expanded_location x = expand_location(a.where), y = expand_location(b.where);
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  bool first_call = true;
  for (const Place &place : places) {
    if (place.region)
      path.add(place.where, "one thread may run this %s region while another runs the other "
                            "monothreaded region",
               place.region->name.c_str());
    else if (pair.same_call)
      path.add(place.where, "one thread may make this call while another makes it again");
    else if (first_call)
      path.add(place.where, "one thread may call %qs here", place.call->name.c_str());
    else
      path.add(place.where, "while another thread calls %qs here", place.call->name.c_str());
    first_call &= place.region != nullptr;
  }
  auto_diagnostic_group group;
  const char *what = pair.earlier.callee_uid || pair.later.callee_uid
                         ? "may run MPI collectives at the same time in two threads"
                         : "may be called at the same time by two threads";
  bool shown =
      pair.same_call
          ? report_finding(FindingKind::ConcurrentCollectives, later_where, pair.function, path,
                       "%s %s of this process: another thread may enter its region again "
                       "before this one leaves it, with no barrier between; collectives must "
                       "be called in one order on every process "
                       "[parcoach:concurrent-collectives]",
                       later.c_str(), what)
          : report_finding(FindingKind::ConcurrentCollectives, later_where, pair.function, path,
                       "%s and %s %s of this process: their monothreaded regions are not "
                       "ordered by a barrier; collectives must be called in one order on "
                       "every process [parcoach:concurrent-collectives]",
                       later.c_str(), earlier.c_str(), what);
  if (!shown)
    return;
  add_finding(FindingKind::ConcurrentCollectives, pair.function, later_where, pair.later.name,
              pair.regions, !pair.check_note.empty(), path);
  if (unit().findings) {
    unit().findings->back().other_call = pair.earlier.name;
    unit().findings->back().other_location = source_location(location_of(pair.earlier.where));
  }
  if (!pair.check_note.empty())
    inform(later_where, "%s", pair.check_note.c_str());
}

// "'MPI_Send' at line 12 in 'g'": the MPI call a call to a function makes.
std::string through_text(const LevelCall &call) {
  if (call.through < 0)
    return "";
  const LevelOrigin &origin = unit().facts.origins[call.through];
  return quote(origin.call) + " at line " + std::to_string(origin.where.line) + " in " +
         quote(origin.function);
}

std::string reason_text(const LevelCall &call, LevelReason reason) {
  switch (reason) {
  case LevelReason::ConcurrentCall:
    return std::string("another thread may make the ") +
           (call.through < 0 ? "MPI call" : "call") + " at line " + call.concurrent_lines +
           " at the same time";
  case LevelReason::SeveralThreads: return "several threads of this process may call it at once";
  case LevelReason::InParallelRegion: return "it runs inside a parallel region";
  case LevelReason::NotMainThread: return "a thread other than the main thread may call it";
  }
  return "";
}

// The per-call warnings and the level report, once the requested level is
// known.
void report_levels(const ThreadLevelVerdict &verdict) {
  UnitLevels &state = unit();
  bool from_option = state.options.thread_level_given;
  ThreadLevel requested = verdict.requested, required = verdict.required;
  std::string origin_text =
      from_option ? " (as " + quote("-fplugin-arg-parcoach-thread-level") + " says)" : "";
  const char *origin = origin_text.c_str();
  for (const LevelWarning &warning : verdict.level_warnings) {
    const LevelCall &call = verdict.calls[warning.call];
    location_t where = location_of(call.where);
    std::string why = reason_text(call, warning.reason), through = through_text(call);
    const std::vector<DirectiveNote> &blamed = call.blamed[static_cast<int>(requested)];
    // The path: where the level is requested, the directives, the call.
    FindingPath path;
    if (!from_option)
      for (const InitCall &init : state.facts.inits)
        if (init.level >= 0)
          path.add(location_of(init.where), "the program requests %qs here",
                   level_name(static_cast<ThreadLevel>(init.level)));
    for (const DirectiveNote &note : blamed)
      path.add(location_of(note.where), "%s%qs (line %d) runs inside this %s region",
               through.empty() ? "" : "the call to ", call.call.c_str(), call.where.line,
               note.name.c_str());
    path.add(where, "%qs is called here, and needs %qs", call.call.c_str(),
             level_name(call.required));
    auto_diagnostic_group group;
    bool shown =
        through.empty()
            ? report_finding(FindingKind::ThreadLevel, where, call.function, path,
                         "%qs needs %qs, but the program requests %qs%s: %s "
                         "[parcoach:thread-level]",
                         call.call.c_str(), level_name(call.required), level_name(requested),
                         origin, why.c_str())
            : report_finding(FindingKind::ThreadLevel, where, call.function, path,
                         "this call to %qs makes MPI calls that need %qs (%s), but the "
                         "program requests %qs%s: %s [parcoach:thread-level]",
                         call.call.c_str(), level_name(call.required), through.c_str(),
                         level_name(requested), origin, why.c_str());
    if (!shown)
      continue;
    add_finding(FindingKind::ThreadLevel, call.function, where, call.call, blamed, false, path);
    if (state.findings) {
      state.findings->back().requested_level = level_name(requested);
      state.findings->back().required_level = level_name(call.required);
    }
  }
  std::string erroneous;
  if (!verdict.erroneous_lines.empty())
    erroneous = "; the collective calls at line(s) " + join_lines(verdict.erroneous_lines) +
                " are erroneous at every level";
  ThreadLevel asked = verdict.asked;
  for (std::size_t i = 0; i < state.facts.inits.size(); ++i) {
    const InitCall &init = state.facts.inits[i];
    location_t where = location_of(init.where);
    switch (verdict.inits[i]) {
    case InitVerdict::Quiet: break;
    case InitVerdict::UnreadableLevel:
      inform(where, "the level this call requests is not a constant PARCOACH can read; "
                    "the code of this file requires %qs%s",
             level_name(required), erroneous.c_str());
      break;
    case InitVerdict::Insufficient: {
      // The path: the request, then the first calls that need the most.
      FindingPath path;
      path.add(where, "the program requests %qs here", level_name(asked));
      const std::size_t shown_calls = 4;
      for (std::size_t n = 0; n < verdict.needing_required.size() && n < shown_calls; ++n) {
        const LevelCall &call = verdict.calls[verdict.needing_required[n]];
        path.add(location_of(call.where), "%qs is called here, and needs %qs", call.call.c_str(),
                 level_name(required));
      }
      if (verdict.needing_required.size() > shown_calls)
        path.add(where, "%u more calls of this file need %qs",
                 (unsigned)(verdict.needing_required.size() - shown_calls),
                 level_name(required));
      if (report_finding(FindingKind::ThreadLevel, where, init.function, path,
                     "the program requests %qs%s but requires %qs%s [parcoach:thread-level]",
                     level_name(asked), origin, level_name(required), erroneous.c_str())) {
        add_finding(FindingKind::ThreadLevel, init.function, where,
                    init.thread ? "MPI_Init_thread" : "MPI_Init", {}, false, path);
        if (state.findings) {
          state.findings->back().requested_level = level_name(asked);
          state.findings->back().required_level = level_name(required);
        }
      }
      break;
    }
    case InitVerdict::Sufficient:
      inform(where, "the program requests %qs%s and requires %qs%s", level_name(asked), origin,
             level_name(required), erroneous.c_str());
      break;
    }
  }
  for (std::size_t index : verdict.function_notes) {
    const FunctionLevel &function = verdict.functions[index];
    inform(location_of(function.where), "%qs requires %qs (no %<MPI_Init_thread%> in this file)",
           function.name.c_str(), level_name(function.required));
  }
}

void remember_options(const Options &options, std::vector<Finding> *findings) {
  UnitLevels &state = unit();
  state.options = options;
  state.findings = findings;
}

// ---------------------------------------------------------------------------
// Run-time checks (rtlib/parcoach_threads.h).
// ---------------------------------------------------------------------------

const char *file_of(location_t where) {
  const char *file = LOCATION_FILE(where);
  return file ? file : "";
}

void insert_before(gimple *stmt, gcall *call) {
  gimple_set_location(call, gimple_location(stmt));
  gimple_stmt_iterator gsi = gsi_for_stmt(stmt);
  gsi_insert_before(&gsi, call, GSI_SAME_STMT);
}

// The communicator a CC_cc check of `mpi_call' compares: the handle (C)
// or the address of the INTEGER (Fortran) the collective passes, or null
// (a call of a function, a collective on something else).
tree cc_communicator(gcall *mpi_call, const std::string &name, SourceLanguage language) {
  const MpiCollective *collective = find_collective(name.c_str(), language);
  int index = collective && collective->handle_kind == HandleKind::Comm
                  ? collective->handle_arg
                  : -1;
  tree handle = index >= 0 && (unsigned)index < gimple_call_num_args(mpi_call)
                    ? gimple_call_arg(mpi_call, index)
                    : NULL_TREE;
  bool fortran = language == SourceLanguage::Fortran;
  if (handle && (fortran ? POINTER_TYPE_P(TREE_TYPE(handle))
                         : INTEGRAL_TYPE_P(TREE_TYPE(handle)) ||
                               POINTER_TYPE_P(TREE_TYPE(handle))))
    return handle;
  return NULL_TREE;
}

// CC_ipw before `mpi_call'; with the collective's communicator when it is
// passed as a handle (C) or an INTEGER (Fortran), so that threads reaching
// it on communicators of their own never conflict.
void insert_ipw_check(gcall *mpi_call, const std::string &word, const std::string &name,
                      const std::string &function, SourceLanguage language) {
  location_t where = gimple_location(mpi_call);
  tree word_text = gcc_compat::string_constant(word.c_str());
  tree name_text = gcc_compat::string_constant(name.c_str());
  tree file_text = gcc_compat::string_constant(file_of(where));
  tree line = build_int_cst(integer_type_node, LOCATION_LINE(where));
  tree function_text = gcc_compat::string_constant(function.c_str());
  if (tree handle = cc_communicator(mpi_call, name, language)) {
    EntryPoint check = language == SourceLanguage::Fortran ? EntryPoint::thread_check_ipw_fortran
                                                           : EntryPoint::thread_check_ipw_comm;
    insert_before(mpi_call, gimple_build_call(runtime_entry(check, TREE_TYPE(handle)), 6, handle,
                                              word_text, name_text, file_text, line,
                                              function_text));
    return;
  }
  insert_before(mpi_call, gimple_build_call(runtime_entry(EntryPoint::thread_check_ipw), 5,
                                            word_text, name_text, file_text, line, function_text));
}

// CC_cc before `mpi_call'; with the collective's communicator when it is
// passed as a handle (C) or an INTEGER (Fortran), so that collectives on
// different communicators never conflict.
void insert_cc_check(gcall *mpi_call, const std::string &name, const std::string &function,
                     const std::string &others, SourceLanguage language) {
  location_t where = gimple_location(mpi_call);
  // The run-time message spells it as the compile-time one (display_name).
  std::string spelled = mpi_routine_spelling(name.c_str(), language);
  if (spelled.empty())
    spelled = name;
  bool fortran = language == SourceLanguage::Fortran;
  if (tree handle = cc_communicator(mpi_call, name, language)) {
    EntryPoint check =
        fortran ? EntryPoint::thread_check_cc_fortran : EntryPoint::thread_check_cc_comm;
    insert_before(mpi_call,
                  gimple_build_call(runtime_entry(check, TREE_TYPE(handle)), 6, handle,
                                    gcc_compat::string_constant(spelled.c_str()),
                                    gcc_compat::string_constant(file_of(where)),
                                    build_int_cst(integer_type_node, LOCATION_LINE(where)),
                                    gcc_compat::string_constant(function.c_str()),
                                    gcc_compat::string_constant(others.c_str())));
    return;
  }
  insert_before(mpi_call,
                gimple_build_call(runtime_entry(EntryPoint::thread_check_cc), 5,
                                  gcc_compat::string_constant(spelled.c_str()),
                                  gcc_compat::string_constant(file_of(where)),
                                  build_int_cst(integer_type_node, LOCATION_LINE(where)),
                                  gcc_compat::string_constant(function.c_str()),
                                  gcc_compat::string_constant(others.c_str())));
}

// Whether a barrier's passing can be marked: right after an explicit
// barrier, or at the start of the block after an implicit one (a
// GIMPLE_OMP_RETURN must end its block), when there is such a block.
bool barrier_markable(const gimple *barrier) {
  if (is_gimple_call(barrier))
    return true;
  basic_block bb = gimple_bb(barrier);
  return single_succ_p(bb) && single_succ(bb) != EXIT_BLOCK_PTR_FOR_FN(cfun);
}

// Marks a barrier's passing there; false when it cannot be marked.
bool mark_barrier(gimple *barrier, EntryPoint kind = EntryPoint::thread_barrier) {
  gcall *mark = gimple_build_call(runtime_entry(kind), 0);
  gimple_set_location(mark, gimple_location(barrier));
  if (!barrier_markable(barrier))
    return false;
  if (is_gimple_call(barrier)) {
    gimple_stmt_iterator gsi = gsi_for_stmt(barrier);
    gsi_insert_after(&gsi, mark, GSI_SAME_STMT);
    return true;
  }
  basic_block bb = gimple_bb(barrier);
  gimple_stmt_iterator gsi = gsi_after_labels(single_succ(bb));
  gsi_insert_before(&gsi, mark, GSI_SAME_STMT);
  return true;
}

// ---------------------------------------------------------------------------
// The analysis of one function.
// ---------------------------------------------------------------------------

// The program's entry runs sequentially whatever -fplugin-arg-parcoach-context
// says about the other functions.

// The callee of each call to a function of the unit, by node.
std::map<NodeId, tree> callees_by_node(const ThreadFunction &tf) {
  std::map<NodeId, tree> callees;
  for (const auto &call : tf.unit_calls)
    callees[call.first] = call.second;
  return callees;
}

class FunctionCheck {
public:
  FunctionCheck(function *fun, const Options &options)
      : fun_(fun), options_(options), language_(current_language()),
        regions_(find_omp_regions(fun)), tf_(build_thread_function(fun, regions_, language_)),
        name_(printable_function_name(fun->decl)) {
    threads_.words = parallelism_words(tf_.model, context_word(call_context(fun, options)));
    threads_.model = tf_.model;
    NodeId nodes = (NodeId)tf_.model.cfg.size();
    threads_.shared_communicator.assign(nodes, false);
    threads_.forks_team.assign(nodes, false);
    threads_.markable.assign(nodes, false);
    for (NodeId node = 0; node < nodes; ++node) {
      gimple *stmt = tf_.stmt_of_node[node];
      threads_.shared_communicator[node] =
          StorageKeys::same_in_every_thread(tf_.model.communicator[node]);
      threads_.forks_team[node] = stmt && gimple_code(stmt) == GIMPLE_OMP_PARALLEL;
      threads_.markable[node] =
          tf_.model.steps[node] == OmpStep::Barrier && stmt && barrier_markable(stmt);
    }
    for (const auto &call : tf_.unit_calls)
      threads_.unit_calls.push_back({call.first, DECL_UID(call.second)});
    threads_.thread_varying_calls = tf_.thread_varying_calls;
  }

  void run() {
    record_inits();
    report_invalid_nestings();
    FunctionThreadPlan plan = plan_function_threads(threads_);
    for (NodeId node : plan.multithreaded_collectives)
      report_multithreaded_collective(node);
    ThreadLevel function_level = ThreadLevel::Single;
    std::map<NodeId, std::size_t> record_of_node;
    unsigned uid = DECL_UID(fun_->decl);
    UnitThreadFacts &facts = unit().facts;
    LevelSummaryInput &summary = facts.level_inputs[uid];
    for (NodeId node : plan.level_calls) {
      LevelCall call = level_call(node);
      function_level = max_level(function_level, call.required);
      record_of_node[node] = facts.calls.size();
      facts.calls.push_back(call);
      summary.direct.push_back({relative_letters(words().words[node]),
                                (bool)tf_.model.collective[node],
                                static_cast<int>(facts.origins.size())});
      facts.origins.push_back({display_name(node), name_, place(node)});
    }
    for (NodeId node : plan.unit_calls)
      record_call_site(node, summary);
    record_external_sites();
    Exposure &exposure = facts.exposure[uid];
    exposure.direct |= plan.exposes_directly;
    for (unsigned callee : plan.exposing_callees)
      exposure.callees.push_back(callee);
    for (NodeId node : plan.multithreaded_unit_calls)
      facts.multithreaded_calls.push_back(
          {multithreaded_call_check(node), DECL_UID(callee_of(node)),
           printable_function_name(callee_of(node)), name_, place(node),
           notes(responsible_directives(words().words[node], ThreadLevel::Multiple)),
           finding_silenced(FindingKind::ThreadLevel, where(node), name_)});
    record_barrier_paths(plan);
    // CC_ipw stops when a second thread reaches its call in the same phase.
    for (const TeamChecks &team : plan_team_marks(threads_, ipw_checked_))
      mark_team(team);
    ConcurrencyRecord concurrency = record_concurrency(plan, record_of_node);
    insert_concurrency_checks(concurrency);
    if (!concurrency.sides.empty())
      facts.concurrency.push_back(std::move(concurrency));
    facts.functions.push_back(
        {uid, name_, place_of(DECL_SOURCE_LOCATION(fun_->decl)), function_level});
  }

private:
  const WordResult &words() const { return threads_.words; }
  int line_of(NodeId node) const { return LOCATION_LINE(gimple_location(tf_.stmt_of_node[node])); }
  location_t where(NodeId node) const { return gimple_location(tf_.stmt_of_node[node]); }
  SourcePlace place(NodeId node) const { return place_of(where(node)); }
  // The user's choice to hear nothing of concurrent collectives there.
  bool concurrency_silenced(NodeId node) const {
    return finding_silenced(FindingKind::ConcurrentCollectives, where(node), name_);
  }
  gcall *call_of(NodeId node) const { return as_a<gcall *>(tf_.stmt_of_node[node]); }
  tree callee_of(NodeId node) const { return unit_callees_.at(node); }
  std::string call_name(NodeId node) const { return callee_name(call_of(node)); }
  // As messages spell it, at compile time and run time alike: the
  // standard's name of an MPI routine in every language (MPI_Allreduce,
  // not gfortran's mpi_allreduce).
  std::string display_name(NodeId node) const {
    std::string name = call_name(node);
    std::string spelled = mpi_routine_spelling(name.c_str(), language_);
    return spelled.empty() ? name : spelled;
  }

  // "#pragma omp single"; a thread test and a lock region, which are no
  // directives, get names of their own ("thread-0 test region").
  DirectiveNote directive_note(NodeId node) const {
    const gimple *stmt = tf_.stmt_of_node[node];
    if (gimple_code(stmt) == GIMPLE_COND && tf_.model.steps[node] == OmpStep::OpenOneThread)
      return {place(node), "test of " + quote("omp_get_thread_num ()") + " letting one thread in"};
    if (gimple_code(stmt) == GIMPLE_COND)
      return {place(node), quote("omp_get_thread_num () == 0") + " test"};
    if (is_gimple_call(stmt))
      return {place(node), quote(callee_name(as_a<const gcall *>(stmt)))};
    return {place(node), quote(std::string(directive_prefix()) + " " + directive_name(stmt))};
  }

  // Notes at the directives; the calling context (-1) has none.
  std::vector<DirectiveNote> notes(const std::vector<NodeId> &directives) const {
    std::vector<DirectiveNote> out;
    for (NodeId d : directives)
      if (d >= 0)
        out.push_back(directive_note(d));
    return out;
  }

  // A candidate CC_ipw before a call several threads may make to a
  // function of the unit, kept at the unit step if that function runs
  // collectives outside its own single and master regions; its tag, or -1.
  int multithreaded_call_check(NodeId node) {
    if (!instrumenting())
      return -1;
    int tag = next_candidate_tag();
    ipw_checked_.push_back(node);
    insert_thread_candidate(ThreadCandidate::IpwCall, call_of(node), tag,
                            runtime_word(words().words[node]),
                            printable_function_name(callee_of(node)), name_);
    return tag;
  }

  // A call to a function of the unit: its word goes into the summary, and
  // the call waits for the unit step to learn what its callee needs.
  void record_call_site(NodeId node, LevelSummaryInput &summary) {
    const ParallelismWord &word = words().words[node];
    tree callee = callee_of(node);
    summary.calls.push_back({relative_letters(word), DECL_UID(callee)});
    LevelCallSite site{DECL_UID(fun_->decl), DECL_UID(callee), name_,
                       printable_function_name(callee), place(node), word, {}};
    for (const WordLetter &letter : word)
      if (letter.directive >= 0 && letter.letter != Letter::Barrier)
        site.directives[letter.directive] = directive_note(letter.directive);
    site_of_node_[node] = unit().facts.call_sites.size();
    unit().facts.call_sites.push_back(site);
  }

  // Calls to other files' functions inside parallel regions, for the link
  // step (cross_file_threads.h), with the directive behind each letter.
  void record_external_sites() {
    for (const auto &call : tf_.external_calls) {
      NodeId node = call.first;
      if (!words().reached[node])
        continue;
      ParallelismWord word = without_barriers(words().words[node]);
      if (spell(word).find('P') == std::string::npos)
        continue; // sequential code: the callee's own file decides
      ThreadCallSite site;
      site.function = name_;
      site.location = source_location(where(node));
      site.callee = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(call.second));
      site.callee_name = printable_function_name(call.second);
      site.thread_varying = tf_.thread_varying_calls.count(node) != 0;
      for (const WordLetter &letter : word) {
        SiteLetter spelled;
        spelled.letter = static_cast<char>(letter.letter);
        if (letter.directive >= 0) {
          DirectiveNote note = directive_note(letter.directive);
          spelled.name = with_ascii_quotes(note.name);
          spelled.where = source_location(location_of(note.where));
        }
        site.letters.push_back(spelled);
      }
      unit().thread_sites.push_back(std::move(site));
    }
  }

  // What the unit step needs to decide Lemma 5 for this function: the
  // monothreaded MPI calls and calls to the unit's functions, with the
  // model, since a callee may pass a barrier that orders them.
  ConcurrencyRecord record_concurrency(const FunctionThreadPlan &plan,
                                       const std::map<NodeId, std::size_t> &record_of_node) {
    ConcurrencyRecord record;
    record.uid = DECL_UID(fun_->decl);
    record.function = name_;
    record.sequential_context = call_context(fun_, options_) == CallContext::Sequential;
    for (NodeId node : plan.unit_calls)
      record.callee_of[node] = DECL_UID(callee_of(node));
    for (NodeId node : plan.concurrency_sides) {
      if (record.callee_of.count(node))
        record.sides[node] = {printable_function_name(callee_of(node)),
                              DECL_UID(callee_of(node)), place(node), false,
                              site_of_node_.at(node), concurrency_silenced(node)};
      else
        record.sides[node] = {display_name(node), 0, place(node), (bool)tf_.model.collective[node],
                              record_of_node.at(node), concurrency_silenced(node)};
    }
    if (record.sides.empty())
      return record;
    for (NodeId node : plan.region_directives)
      record.region_notes[node] = directive_note(node);
    record.model = tf_.model;
    record.words = words();
    return record;
  }

  // For functions called by a team: the barriers that bind to the caller's
  // team (outside parallel regions of this function's own).
  void record_barrier_paths(const FunctionThreadPlan &plan) {
    BarrierPaths paths;
    paths.barriers = plan.orphaned_barriers;
    for (const auto &call : tf_.unit_calls)
      paths.calls.push_back({call.first, DECL_UID(call.second)});
    if (paths.barriers.empty() && paths.calls.empty())
      return;
    // Their marks let CC_cc see them when a checked team calls this
    // function (dormant otherwise: rtlib/parcoach_threads.h).
    if (instrumenting())
      for (NodeId barrier : paths.barriers)
        mark_barrier(tf_.stmt_of_node[barrier]);
    paths.cfg = tf_.model.cfg;
    unit().facts.barrier_paths[DECL_UID(fun_->decl)] = std::move(paths);
  }

  bool instrumenting() const { return options_.instrument != InstrumentMode::None; }

  // The word CC_ipw reads: its letters without the barriers.
  static std::string runtime_word(const ParallelismWord &word) {
    return spell(without_barriers(word));
  }

  void record_inits() {
    for (gcall *init : tf_.inits) {
      bool thread = init_kind(callee_name(init), language_) == InitKind::InitThread;
      int level = static_cast<int>(ThreadLevel::Single);
      if (thread) {
        unsigned index = init_thread_required_arg(language_);
        level = index < gimple_call_num_args(init)
                    ? constant_level(gimple_call_arg(init, index), init)
                    : -1;
      }
      unit().facts.inits.push_back({name_, place_of(gimple_location(init)), level, thread});
    }
  }

  void report_invalid_nestings() {
    for (NodeId node : words().invalid_nestings) {
      gimple *stmt = tf_.stmt_of_node[node];
      if (!stmt)
        continue;
      std::string what = tf_.model.steps[node] == OmpStep::Barrier
                             ? std::string(gimple_code(stmt) == GIMPLE_OMP_RETURN
                                               ? "the implicit barrier at the end of this region"
                                               : "a barrier")
                             : quote(std::string(directive_prefix()) + " " + directive_name(stmt));
      // A region end with none open (unexpected IR) is not the user's.
      if (gimple_code(stmt) == GIMPLE_OMP_RETURN && tf_.model.steps[node] != OmpStep::Barrier)
        continue;
      // The implicit barrier of a region end has no location of its own:
      // it is the construct's.
      location_t where = gimple_location(stmt);
      int closed = regions_.region_closed_by(stmt);
      if (where == UNKNOWN_LOCATION && closed >= 0)
        where = gimple_location(regions_.regions[closed].directive);
      report_finding(FindingKind::ThreadLevel, where, name_,
                 "%s is not allowed here: OpenMP 5.1 forbids closely nesting it in the "
                 "enclosing single, sections, task, critical, ordered or masked region "
                 "(with the context of %<-fplugin-arg-parcoach-context%>); PARCOACH ignores "
                 "it [parcoach:thread-level]",
                 what.c_str());
    }
  }

  LevelCall level_call(NodeId node) const {
    const ParallelismWord &word = words().words[node];
    LevelCall call;
    call.function_uid = DECL_UID(fun_->decl);
    call.function = name_;
    call.call = display_name(node);
    call.where = place(node);
    call.required = required_level(word);
    for (ThreadLevel level : {ThreadLevel::Single, ThreadLevel::Funneled, ThreadLevel::Serialized})
      call.blamed[static_cast<int>(level)] = notes(responsible_directives(word, level));
    return call;
  }

  void report_multithreaded_collective(NodeId node) {
    const ParallelismWord &word = words().words[node];
    std::string name = display_name(node);
    unit().facts.erroneous_lines.insert(line_of(node));
    std::vector<DirectiveNote> blamed =
        notes(responsible_directives(word, ThreadLevel::Multiple));
    if (finding_silenced(FindingKind::ThreadLevel, where(node), name_))
      return; // the user's choice: no warning, no check
    bool check = instrumenting();
    FindingPath path = team_path(blamed, name, where(node));
    auto_diagnostic_group group;
    if (!report_finding(FindingKind::ThreadLevel, where(node), name_, path,
                    "%qs may be called by several threads of this process at once: threads "
                    "calling a collective concurrently on one communicator is erroneous at "
                    "every thread level, %<MPI_THREAD_MULTIPLE%> included "
                    "[parcoach:thread-level]",
                    name.c_str()))
      return;
    add_finding(FindingKind::ThreadLevel, name_, where(node), name, blamed, check, path);
    if (word.size() && word.front().directive < 0)
      inform(where(node), "the function is assumed to be called %s "
                          "(%<-fplugin-arg-parcoach-context%>)",
             word.size() == 1 ? "by every thread of a team" : "in a monothreaded region");
    if (check) {
      insert_ipw_check(call_of(node), runtime_word(word), name, name_, language_);
      ipw_checked_.push_back(node);
      inform(where(node), "run-time check inserted: the program stops if more than one "
                          "thread reaches this call between two barriers");
    }
  }

  // CC_cc (Algorithm 11) before the collectives of this function that two
  // threads may run at once, and before calls to the unit's functions in
  // such regions, as plan_concurrency_checks places them.  Inserted now,
  // before OpenMP expansion; a candidate is kept at the unit step if its
  // pair turns out to run collectives on both sides and to be unordered.
  // A check that stays although a callee's barrier orders its pair is
  // silent at run time, since the barriers of such callees are marked too
  // (record_barrier_paths).
  void insert_concurrency_checks(ConcurrencyRecord &record) {
    if (!instrumenting())
      return;
    std::vector<NodeId> sides;
    std::set<NodeId> unit_call_nodes;
    for (const auto &side : record.sides)
      if (side.second.callee_uid || side.second.collective)
        sides.push_back(side.first);
    for (const auto &call : record.callee_of)
      unit_call_nodes.insert(call.first);
    ConcurrencyCheckPlan plan = plan_concurrency_checks(threads_, sides, unit_call_nodes);
    for (const TeamChecks &team : plan.teams) {
      mark_team(team);
      for (NodeId node : team.calls) {
        std::set<int> other_lines;
        for (NodeId other : plan.paired_with.at(node))
          other_lines.insert(line_of(other));
        std::string lines = join_lines(other_lines);
        if (plan.certain.count(node)) {
          insert_cc_check(call_of(node), call_name(node), name_, lines, language_);
        } else {
          int tag = next_candidate_tag();
          std::string what = record.callee_of.count(node)
                                 ? "the call to " + record.sides.at(node).name
                                 : display_name(node);
          tree communicator = record.callee_of.count(node)
                                  ? NULL_TREE
                                  : cc_communicator(call_of(node), call_name(node), language_);
          insert_thread_candidate(ThreadCandidate::ConcurrentCall, call_of(node), tag, lines,
                                  what, name_, communicator);
          record.check_tags[node] = tag;
        }
        record.check_notes[node] = "run-time check inserted: the program stops if two "
                                   "different threads of a process reach collectives at lines " +
                                   std::to_string(line_of(node)) + " and " + lines +
                                   " between the same two barriers";
      }
    }
  }

  // The fork, barriers and taskwaits of a team with checks that follow its
  // phases (CC_cc, CC_ipw), marked once.
  void mark_team(const TeamChecks &team) {
    if (!marked_teams_.insert(team.parallel).second)
      return;
    for (NodeId barrier : team.barriers)
      mark_barrier(tf_.stmt_of_node[barrier]);
    for (NodeId taskwait : team.taskwaits)
      mark_barrier(tf_.stmt_of_node[taskwait], EntryPoint::thread_taskwait);
    insert_before(tf_.stmt_of_node[team.parallel],
                  gimple_build_call(runtime_entry(EntryPoint::thread_fork), 0));
  }

  function *fun_;
  const Options &options_;
  SourceLanguage language_;
  OmpRegions regions_;
  ThreadFunction tf_;
  std::string name_;
  FunctionThreads threads_;
  std::map<NodeId, tree> unit_callees_ = callees_by_node(tf_);
  std::map<NodeId, std::size_t> site_of_node_; // index in UnitThreadFacts::call_sites
  std::vector<NodeId> ipw_checked_;             // calls given a CC_ipw check
  std::set<NodeId> marked_teams_;               // by the team's parallel directive
};

} // namespace

void check_thread_levels(function *fun, const Options &options, std::vector<Finding> *findings) {
  remember_options(options, findings);
  FunctionCheck(fun, options).run();
}

CallContext call_context(function *fun, const Options &options) {
  tree name = DECL_NAME(fun->decl);
  if (name && (MAIN_NAME_P(name) || strcmp(IDENTIFIER_POINTER(name), "MAIN__") == 0))
    return CallContext::Sequential;
  return options.context;
}

std::set<unsigned> functions_called_by_several_threads() {
  return called_by_several_threads(unit().facts.call_sites);
}

std::map<unsigned, std::vector<MpiCallWord>> mpi_call_words() {
  const UnitThreadFacts &facts = unit().facts;
  std::map<unsigned, std::vector<MpiCallWord>> words;
  for (const auto &function : reached_mpi_calls(facts.level_inputs)) {
    // One call per word, a collective if there is one: at a given word a
    // collective needs what any other MPI call needs, and may be erroneous
    // at every level besides (summaries stay small).
    std::map<std::string, const ReachedMpiCall *> by_letters;
    for (const ReachedMpiCall &call : function.second) {
      if (call.origin < 0 || (std::size_t)call.origin >= facts.origins.size())
        continue;
      const ReachedMpiCall *&kept = by_letters[call.letters];
      if (!kept || (call.collective && !kept->collective))
        kept = &call;
    }
    for (const auto &entry : by_letters) {
      const LevelOrigin &origin = facts.origins[entry.second->origin];
      words[function.first].push_back({entry.first, entry.second->collective, origin.call,
                                       source_location(location_of(origin.where))});
    }
  }
  return words;
}

void summarise_thread_levels(UnitSummary &summary) {
  UnitLevels &state = unit();
  for (const InitCall &init : state.facts.inits)
    summary.level_requests.push_back(
        {init.function, source_location(location_of(init.where)), init.level, init.thread});
  summary.thread_sites = state.thread_sites;
}

void report_thread_levels(const std::function<bool(unsigned)> &runs_collectives,
                          std::vector<SettledCheck> &by_tag) {
  UnitLevels &state = unit();
  LevelRequestOptions options{state.options.thread_level_given, state.options.thread_level,
                              state.options.verbose};
  ThreadLevelVerdict verdict = decide_thread_levels(state.facts, runs_collectives, options);
  for (int tag : verdict.kept_checks)
    if ((std::size_t)tag < by_tag.size())
      by_tag[tag].decision = CheckDecision::Always;
  report_multithreaded_calls(verdict);
  for (const ConcurrentCallPair &pair : verdict.concurrent_collectives)
    report_concurrent_collectives(pair);
  report_levels(verdict);
}

} // namespace parcoach
