#include "thread_level.h"

#include "function_model.h"
#include "graph_utils.h"
#include "mpi_calls.h"
#include "omp_ordering.h"
#include "omp_regions.h"
#include "omp_team_exits.h"
#include "parallelism_words.h"
#include "report.h"
#include "runtime_entry_points.h"
#include "unit_analysis.h"

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

ThreadFunction build_thread_function(function *fun, const OmpRegions &regions,
                                     SourceLanguage language) {
  ThreadFunction out;
  ThreadModel &model = out.model;
  StorageKeys keys(fun);
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
      chain(OmpStep::OpenThreadZero, branch->second->test);
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
        for (unsigned i = 0; i < gimple_call_num_args(call); ++i)
          if (!StorageKeys::same_in_every_thread(keys.value(gimple_call_arg(call, i))))
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
// What waits for the end of the unit.
// ---------------------------------------------------------------------------

struct DirectiveNote {
  location_t where;
  std::string name; // "'#pragma omp parallel'", quoted as GCC quotes
};

// An MPI call whose compliance depends on the requested level.
struct LevelCall {
  unsigned function_uid;
  std::string function;
  std::string call;
  location_t where;
  ThreadLevel required;
  // The directives responsible when the level requested is SINGLE,
  // FUNNELED, SERIALIZED (index: the level).
  std::vector<DirectiveNote> blamed[3];
  std::string concurrent_lines; // lines of calls another thread may make meanwhile
  // Warned otherwise (as concurrent collectives; in the callee, for a call
  // whose word adds nothing): no level warning here.
  bool reported = false;
  // For a call to a function of the unit: the MPI call of the callee (or of
  // its callees) that needs `required', "'MPI_Send' at line 12 in 'g'".
  std::string through;
};

struct InitCall {
  std::string function;
  location_t where;
  int level; // -1: not a known constant
  bool thread; // MPI_Init_thread (not MPI_Init)
};

struct FunctionLevel {
  unsigned uid;
  std::string name;
  location_t where;
  ThreadLevel required;
};

// A call several threads of a process may make at once to a function of the
// unit: erroneous if that function runs collectives, which only the unit
// step knows.
struct MultithreadedCall {
  int tag; // its candidate CC_ipw, or -1
  unsigned callee_uid;
  std::string callee;
  std::string function;
  location_t where;
  std::string word;
  std::vector<DirectiveNote> blamed;
};

// Whether a function may run a collective outside its own single, master
// and task regions: then the threads that call it all run that collective.
// Direct collectives here, and calls there to other functions of the unit.
struct Exposure {
  bool direct = false;
  std::vector<unsigned> callees;
};

// Two calls that two threads of a process may make at the same time, at
// least one of them to a function of the unit: concurrent collectives if
// both run collectives, which only the unit step knows.
struct ConcurrentCallSide {
  std::string name;    // "MPI_Bcast", or the function called
  unsigned callee_uid; // 0 for an MPI call
  location_t where;
  bool collective;     // an MPI call: whether it is a collective
  // An MPI call: its LevelCall (index in UnitLevels::calls); a call to a
  // function: its LevelCallSite (index in UnitLevels::call_sites).
  std::size_t record;
};

struct ConcurrentCallPair {
  std::string function;
  ConcurrentCallSide earlier, later;
  bool same_call; // one call that two threads may make (a region met again)
  std::vector<DirectiveNote> regions;
  // The note of the run-time check before the later call, if any, and the
  // tags of the candidate checks of both sides (kept if the pair is).
  std::string check_note;
  std::vector<int> check_tags;
  // Orphaned regions of a function a team calls: where it is called.
  location_t team_call = UNKNOWN_LOCATION;
  std::string team_caller;
};

// Lemma 5 over a function, decided at the unit step, when it is known
// which calls to the unit's functions pass a barrier of the calling team.
struct ConcurrencyRecord {
  unsigned uid;
  std::string function;
  bool sequential_context; // its words assume a call outside parallel regions
  ThreadModel model;
  WordResult words;
  // The calls Lemma 5 considers, MPI calls and calls to the unit's
  // functions in single, section, task or master regions.
  std::map<NodeId, ConcurrentCallSide> sides;
  std::map<NodeId, unsigned> callee_of;            // the unit calls
  std::map<NodeId, DirectiveNote> region_notes;    // by S/M directive node
  std::map<NodeId, std::string> check_notes;       // CC_cc checks, by call
  std::map<NodeId, int> check_tags;                // the candidate ones, by call
};

// Where an MPI call that a caller reaches through calls is written.
struct LevelOrigin {
  std::string call, function;
  location_t where;
};

// A call to a function of the unit, whose MPI calls run at this call's word
// followed by theirs: its level is known at the unit step.
struct LevelCallSite {
  unsigned caller, callee;
  std::string caller_name, callee_name;
  location_t where;
  ParallelismWord word;
  std::map<NodeId, DirectiveNote> directives; // the caller's, by node
};

struct UnitLevels {
  Options options;
  std::map<unsigned, Exposure> exposure; // by DECL_UID
  std::vector<Finding> *findings = nullptr;
  std::vector<LevelCall> calls;
  std::vector<InitCall> inits;
  std::vector<FunctionLevel> functions;
  std::set<int> erroneous_lines; // collectives erroneous at every level
  std::vector<MultithreadedCall> multithreaded_calls;
  std::map<unsigned, LevelSummaryInput> level_inputs; // by DECL_UID
  std::vector<LevelOrigin> origins;                   // ReachedMpiCall::origin
  std::vector<LevelCallSite> call_sites;
  std::map<unsigned, std::vector<ReachedMpiCall>> reached; // at the unit step
  std::vector<ConcurrencyRecord> concurrency;
  std::map<unsigned, BarrierPaths> barrier_paths; // by DECL_UID
};

UnitLevels &unit() {
  static UnitLevels state;
  return state;
}

ThreadLevel max_level(ThreadLevel a, ThreadLevel b) { return a < b ? b : a; }

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
    path.add(note.where, "every thread of the team of this %s region calls %qs (line %d)",
             note.name.c_str(), call.c_str(), LOCATION_LINE(where));
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
    finding.related.push_back({source_location(note.where), "directive"});
  finding.checked = checked;
  finding.path = path.report_events();
  unit().findings->push_back(finding);
}

// The per-call warnings and the level report, once the requested level is
// known.
// The functions whose callers' threads all run their collectives: a
// fixpoint over the calls made outside single, master and task regions.
std::set<unsigned> exposed_functions(const std::function<bool(unsigned)> &runs_collectives) {
  std::set<unsigned> direct;
  std::map<unsigned, std::vector<unsigned>> calls; // to callees that run collectives
  for (const auto &function : unit().exposure) {
    if (function.second.direct)
      direct.insert(function.first);
    for (unsigned callee : function.second.callees)
      if (runs_collectives(callee))
        calls[function.first].push_back(callee);
  }
  return callers_closure(direct, calls);
}

// Calls in a multithreaded context to functions that run collectives
// outside their own monothreaded regions.
void report_multithreaded_calls(const std::function<bool(unsigned)> &runs_collectives,
                                std::vector<SettledCheck> &by_tag) {
  UnitLevels &state = unit();
  std::set<unsigned> exposed = exposed_functions(runs_collectives);
  for (const MultithreadedCall &call : state.multithreaded_calls) {
    if (!exposed.count(call.callee_uid))
      continue; // its candidate check stays `Remove'
    if (finding_silenced(FindingKind::ThreadLevel, call.where, call.function))
      continue; // the user's choice: no warning, no check
    if (call.tag >= 0 && (std::size_t)call.tag < by_tag.size())
      by_tag[call.tag].decision = CheckDecision::Always;
    state.erroneous_lines.insert(LOCATION_LINE(call.where));
    FindingPath path = team_path(call.blamed, call.callee, call.where);
    auto_diagnostic_group group;
    if (!report_finding(FindingKind::ThreadLevel, call.where, call.function, path,
                    "this call to %qs runs MPI collectives, and several threads of this "
                    "process may make it at once: threads calling a collective concurrently "
                    "on one communicator is erroneous at every thread level "
                    "[parcoach:thread-level]",
                    call.callee.c_str()))
      continue;
    add_finding(FindingKind::ThreadLevel, call.function, call.where, call.callee, call.blamed,
                call.tag >= 0, path);
    if (call.tag >= 0)
      inform(call.where, "run-time check inserted: the program stops if more than one "
                         "thread can make this call");
  }
}

FunctionLevel *function_level(unsigned uid) {
  for (FunctionLevel &function : unit().functions)
    if (function.uid == uid)
      return &function;
  return nullptr;
}

// Each call to a function of the unit needs the highest level its callee's
// MPI calls need at the call's word (collectives several threads would run
// are left out: erroneous at every level, reported as such).  Gives each
// call site a LevelCall; `call_of_site' receives its index, or -1 when the
// callee makes no MPI call.
void add_call_site_levels(std::vector<int> &call_of_site) {
  UnitLevels &state = unit();
  state.reached = reached_mpi_calls(state.level_inputs);
  call_of_site.assign(state.call_sites.size(), -1);
  for (std::size_t i = 0; i < state.call_sites.size(); ++i) {
    const LevelCallSite &site = state.call_sites[i];
    auto reached = state.reached.find(site.callee);
    if (reached == state.reached.end())
      continue;
    // The witness: the inner call needing the most, preferring one whose
    // need comes from this call's word (the others are warned where they
    // are written, in the callee).
    const ReachedMpiCall *witness = nullptr;
    ParallelismWord witness_word;
    ThreadLevel required = ThreadLevel::Single;
    bool raised_here = false;
    for (const ReachedMpiCall &inner : reached->second) {
      ParallelismWord word = extend_word(site.word, inner.letters);
      if (inner.collective && !is_monothreaded(word))
        continue;
      ThreadLevel level = required_level(word);
      bool raised = level > required_level(extend_word({}, inner.letters));
      if (!witness || level > required || (level == required && raised && !raised_here)) {
        witness = &inner;
        witness_word = word;
        required = level;
        raised_here = raised;
      }
    }
    if (!witness)
      continue;
    const LevelOrigin &origin = state.origins[witness->origin];
    LevelCall call;
    call.function_uid = site.caller;
    call.function = site.caller_name;
    call.call = site.callee_name;
    call.where = site.where;
    call.required = required;
    call.reported = !raised_here;
    call.through = quote(origin.call) + " at line " +
                   std::to_string(LOCATION_LINE(origin.where)) + " in " + quote(origin.function);
    for (ThreadLevel level : {ThreadLevel::Single, ThreadLevel::Funneled, ThreadLevel::Serialized})
      for (NodeId directive : responsible_directives(witness_word, level)) {
        auto note = site.directives.find(directive);
        if (note != site.directives.end())
          call.blamed[static_cast<int>(level)].push_back(note->second);
      }
    call_of_site[i] = static_cast<int>(state.calls.size());
    state.calls.push_back(call);
    if (FunctionLevel *caller = function_level(site.caller))
      caller->required = max_level(caller->required, required);
  }
}

// Two calls other threads may make at the same time need
// MPI_THREAD_MULTIPLE when both make MPI calls.
void require_multiple(LevelCall &call, int other_line) {
  call.required = ThreadLevel::Multiple;
  std::string line = std::to_string(other_line);
  if (call.concurrent_lines.find(line) == std::string::npos)
    call.concurrent_lines += (call.concurrent_lines.empty() ? "" : ", ") + line;
}

// The functions every thread of a team may call (directly in a parallel
// region, or from such a function outside its single and master regions),
// with one such call: their orphaned single, master and task regions bind
// to that team.
std::map<unsigned, const LevelCallSite *> functions_called_by_teams() {
  std::map<unsigned, const LevelCallSite *> called;
  for (bool changed = true; changed;) {
    changed = false;
    for (const LevelCallSite &site : unit().call_sites) {
      if (called.count(site.callee))
        continue;
      std::string letters = relative_letters(site.word);
      bool by_team = letters.empty() ? called.count(site.caller) > 0 : letters.back() == 'P';
      if (by_team) {
        called[site.callee] = &site;
        changed = true;
      }
    }
  }
  return called;
}

// Lemma 5 on each recorded function, now that it is known which calls pass
// a barrier of the calling team (a barrier in a callee orders regions like
// one written in place) and which functions teams call: the pairs of calls
// two threads may make at once.
std::vector<ConcurrentCallPair> concurrent_call_pairs() {
  UnitLevels &state = unit();
  std::set<unsigned> passing = functions_passing_barrier(state.barrier_paths);
  std::map<unsigned, const LevelCallSite *> team_calls = functions_called_by_teams();
  std::vector<ConcurrentCallPair> pairs;
  for (const ConcurrencyRecord &record : state.concurrency) {
    // A function a team calls: its words as in a parallel region.
    const LevelCallSite *team_call = nullptr;
    WordResult team_words;
    const WordResult *words = &record.words;
    auto found_call = team_calls.find(record.uid);
    if (found_call != team_calls.end() && record.sequential_context) {
      team_call = found_call->second;
      team_words = parallelism_words(record.model, context_word(CallContext::Parallel));
      words = &team_words;
    }
    std::vector<NodeId> candidates;
    for (const auto &side : record.sides)
      candidates.push_back(side.first);
    std::vector<bool> passes_barrier(record.model.cfg.size(), false);
    for (const auto &call : record.callee_of)
      // A barrier reached from inside a single or master region would be
      // an OpenMP error, not an order.
      passes_barrier[call.first] = passing.count(call.second) &&
                                   !is_monothreaded(words->words[call.first]);
    for (const ConcurrentCalls &found :
         concurrent_calls(record.model, *words, candidates, passes_barrier)) {
      const ConcurrentCallSide &first = record.sides.at(found.first);
      const ConcurrentCallSide &second = record.sides.at(found.second);
      bool second_later = LOCATION_LINE(second.where) >= LOCATION_LINE(first.where);
      ConcurrentCallPair pair{record.function, second_later ? first : second,
                              second_later ? second : first, found.first == found.second,
                              {}, {}};
      std::vector<NodeId> regions{found.first_region};
      if (found.second_region != found.first_region)
        regions.push_back(found.second_region);
      for (NodeId region : regions) {
        auto note = record.region_notes.find(region);
        if (note != record.region_notes.end())
          pair.regions.push_back(note->second);
      }
      NodeId later = second_later ? found.second : found.first;
      auto check = record.check_notes.find(later);
      if (check != record.check_notes.end())
        pair.check_note = check->second;
      for (NodeId side : {found.first, found.second}) {
        auto tag = record.check_tags.find(side);
        if (tag != record.check_tags.end())
          pair.check_tags.push_back(tag->second);
      }
      if (team_call) {
        pair.team_call = team_call->where;
        pair.team_caller = team_call->caller_name;
      }
      pairs.push_back(pair);
    }
  }
  return pairs;
}

// Concurrent monothreaded regions: MPI calls there need
// MPI_THREAD_MULTIPLE, and collectives there are erroneous (one order on
// every process), whether written in place or run by called functions.
void report_concurrent_calls(const std::function<bool(unsigned)> &runs_collectives,
                             const std::vector<int> &call_of_site,
                             std::vector<SettledCheck> &by_tag) {
  UnitLevels &state = unit();
  for (const ConcurrentCallPair &pair : concurrent_call_pairs()) {
    // The LevelCall of a side, or null when it makes no MPI call.
    auto level_call = [&](const ConcurrentCallSide &side) -> LevelCall * {
      if (side.callee_uid == 0)
        return &state.calls[side.record];
      int call = call_of_site[side.record];
      return call < 0 ? nullptr : &state.calls[call];
    };
    LevelCall *earlier_call = level_call(pair.earlier), *later_call = level_call(pair.later);
    if (earlier_call && later_call) {
      require_multiple(*earlier_call, LOCATION_LINE(pair.later.where));
      require_multiple(*later_call, LOCATION_LINE(pair.earlier.where));
      // A call's concurrency is this call site's own finding.
      for (const ConcurrentCallSide *side : {&pair.earlier, &pair.later})
        if (side->callee_uid)
          level_call(*side)->reported = false;
      for (const LevelCall *call : {earlier_call, later_call})
        if (FunctionLevel *function = function_level(call->function_uid))
          function->required = ThreadLevel::Multiple;
    }
    auto runs = [&](const ConcurrentCallSide &side) {
      return side.callee_uid == 0 ? side.collective : runs_collectives(side.callee_uid);
    };
    if (!runs(pair.earlier) || !runs(pair.later))
      continue;
    // Reported as concurrent collectives: not again as a level problem.
    if (earlier_call && later_call)
      earlier_call->reported = later_call->reported = true;
    if (finding_silenced(FindingKind::ConcurrentCollectives, pair.later.where, pair.function))
      continue; // the user's choice: no warning, no check
    for (int tag : pair.check_tags)
      if (tag >= 0 && (std::size_t)tag < by_tag.size())
        by_tag[tag].decision = CheckDecision::Always;
    auto text = [](const ConcurrentCallSide &side) {
      return (side.callee_uid ? "the call to " : "") + quote(side.name) + " (line " +
             std::to_string(LOCATION_LINE(side.where)) + ")";
    };
    std::string later = text(pair.later), earlier = text(pair.earlier);
    // The path: where a team calls the function, then the two regions and
    // the two calls in source order (no order between the threads).
    FindingPath path;
    if (pair.team_call != UNKNOWN_LOCATION)
      path.add(pair.team_call, "every thread of a team may call %qs here, in %qs: its single, "
                               "master and task regions belong to that team",
               pair.function.c_str(), pair.team_caller.c_str());
    struct Place {
      location_t where;
      const DirectiveNote *region; // or a call:
      const ConcurrentCallSide *call;
    };
    std::vector<Place> places;
    for (const DirectiveNote &note : pair.regions)
      places.push_back({note.where, &note, nullptr});
    places.push_back({pair.later.where, nullptr, &pair.later});
    if (!pair.same_call)
      places.push_back({pair.earlier.where, nullptr, &pair.earlier});
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
            ? report_finding(FindingKind::ConcurrentCollectives, pair.later.where, pair.function,
                         path,
                         "%s %s of this process: another thread may enter its region again "
                         "before this one leaves it, with no barrier between; collectives must "
                         "be called in one order on every process "
                         "[parcoach:concurrent-collectives]",
                         later.c_str(), what)
            : report_finding(FindingKind::ConcurrentCollectives, pair.later.where, pair.function,
                         path,
                         "%s and %s %s of this process: their monothreaded regions are not "
                         "ordered by a barrier; collectives must be called in one order on "
                         "every process [parcoach:concurrent-collectives]",
                         later.c_str(), earlier.c_str(), what);
    if (!shown)
      continue;
    add_finding(FindingKind::ConcurrentCollectives, pair.function, pair.later.where, pair.later.name,
                pair.regions, !pair.check_note.empty(), path);
    if (unit().findings) {
      unit().findings->back().other_call = pair.earlier.name;
      unit().findings->back().other_location = source_location(pair.earlier.where);
    }
    if (!pair.check_note.empty())
      inform(pair.later.where, "%s", pair.check_note.c_str());
  }
}

void report_levels() {
  UnitLevels &state = unit();
  bool from_option = state.options.thread_level_given;
  bool known = from_option;
  ThreadLevel requested = state.options.thread_level;
  if (!known)
    for (const InitCall &init : state.inits)
      if (init.level >= 0) {
        requested = known ? max_level(requested, static_cast<ThreadLevel>(init.level))
                          : static_cast<ThreadLevel>(init.level);
        known = true;
      }
  ThreadLevel required = ThreadLevel::Single;
  for (const LevelCall &call : state.calls)
    required = max_level(required, call.required);
  std::string origin_text =
      from_option ? " (as " + quote("-fplugin-arg-parcoach-thread-level") + " says)" : "";
  const char *origin = origin_text.c_str();
  if (known)
    for (const LevelCall &call : state.calls) {
      if (call.reported || call.required <= requested)
        continue;
      std::string why;
      const std::vector<DirectiveNote> *blamed = &call.blamed[static_cast<int>(requested)];
      if (!call.concurrent_lines.empty())
        why = std::string("another thread may make the ") +
              (call.through.empty() ? "MPI call" : "call") + " at line " + call.concurrent_lines +
              " at the same time";
      else if (call.required == ThreadLevel::Multiple)
        why = "several threads of this process may call it at once";
      else if (requested == ThreadLevel::Single)
        why = "it runs inside a parallel region";
      else
        why = "a thread other than the main thread may call it";
      // The path: where the level is requested, the directives, the call.
      FindingPath path;
      if (!from_option)
        for (const InitCall &init : state.inits)
          if (init.level >= 0)
            path.add(init.where, "the program requests %qs here",
                     level_name(static_cast<ThreadLevel>(init.level)));
      for (const DirectiveNote &note : *blamed)
        path.add(note.where, "%s%qs (line %d) runs inside this %s region",
                 call.through.empty() ? "" : "the call to ", call.call.c_str(),
                 LOCATION_LINE(call.where), note.name.c_str());
      path.add(call.where, "%qs is called here, and needs %qs", call.call.c_str(),
               level_name(call.required));
      auto_diagnostic_group group;
      bool shown =
          call.through.empty()
              ? report_finding(FindingKind::ThreadLevel, call.where, call.function, path,
                           "%qs needs %qs, but the program requests %qs%s: %s "
                           "[parcoach:thread-level]",
                           call.call.c_str(), level_name(call.required), level_name(requested),
                           origin, why.c_str())
              : report_finding(FindingKind::ThreadLevel, call.where, call.function, path,
                           "this call to %qs makes MPI calls that need %qs (%s), but the "
                           "program requests %qs%s: %s [parcoach:thread-level]",
                           call.call.c_str(), level_name(call.required),
                           call.through.c_str(), level_name(requested), origin,
                           why.c_str());
      if (!shown)
        continue;
      add_finding(FindingKind::ThreadLevel, call.function, call.where, call.call, *blamed, false,
                  path);
      if (state.findings) {
        state.findings->back().requested_level = level_name(requested);
        state.findings->back().required_level = level_name(call.required);
      }
    }
  std::string erroneous;
  if (!state.erroneous_lines.empty())
    erroneous = "; the collective calls at line(s) " + join_lines(state.erroneous_lines) +
                " are erroneous at every level";
  // The level a correct file needs is news only to who asks for it: those
  // notes stand alone (no warning to explain), so they wait for verbose.
  bool inform_levels = state.options.verbose || !erroneous.empty();
  for (const InitCall &init : state.inits) {
    ThreadLevel asked = known ? requested : ThreadLevel::Single;
    if (!known && init.thread) {
      if (!inform_levels)
        continue;
      inform(init.where, "the level this call requests is not a constant PARCOACH can read; "
                         "the code of this file requires %qs%s",
             level_name(required), erroneous.c_str());
      continue;
    }
    if (required > asked) {
      // The path: the request, then the first calls that need the most.
      FindingPath path;
      path.add(init.where, "the program requests %qs here", level_name(asked));
      const unsigned shown_calls = 4;
      unsigned needing = 0;
      for (const LevelCall &call : state.calls)
        if (call.required == required && needing++ < shown_calls)
          path.add(call.where, "%qs is called here, and needs %qs", call.call.c_str(),
                   level_name(required));
      if (needing > shown_calls)
        path.add(init.where, "%u more calls of this file need %qs", needing - shown_calls,
                 level_name(required));
      if (report_finding(FindingKind::ThreadLevel, init.where, init.function, path,
                     "the program requests %qs%s but requires %qs%s [parcoach:thread-level]",
                     level_name(asked), origin, level_name(required), erroneous.c_str())) {
        add_finding(FindingKind::ThreadLevel, init.function, init.where,
                    init.thread ? "MPI_Init_thread" : "MPI_Init",
                    {}, false, path);
        if (state.findings) {
          state.findings->back().requested_level = level_name(asked);
          state.findings->back().required_level = level_name(required);
        }
      }
    } else if (inform_levels &&
               (required > ThreadLevel::Single || asked > required || !erroneous.empty())) {
      inform(init.where, "the program requests %qs%s and requires %qs%s", level_name(asked),
             origin, level_name(required), erroneous.c_str());
    }
  }
  if (state.inits.empty() && inform_levels)
    for (const FunctionLevel &function : state.functions)
      if (function.required > ThreadLevel::Single)
        inform(function.where, "%qs requires %qs (no %<MPI_Init_thread%> in this file)",
               function.name.c_str(), level_name(function.required));
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

void insert_ipw_check(gcall *mpi_call, const std::string &word, const std::string &name,
                      const std::string &function) {
  location_t where = gimple_location(mpi_call);
  insert_before(mpi_call,
                gimple_build_call(runtime_entry(EntryPoint::thread_check_ipw), 5,
                                  gcc_compat::string_constant(word.c_str()),
                                  gcc_compat::string_constant(name.c_str()),
                                  gcc_compat::string_constant(file_of(where)),
                                  build_int_cst(integer_type_node, LOCATION_LINE(where)),
                                  gcc_compat::string_constant(function.c_str())));
}

// CC_cc before `mpi_call'; with the collective's communicator when it is
// passed as a handle (C) or an INTEGER (Fortran), so that collectives on
// different communicators never conflict.
void insert_cc_check(gcall *mpi_call, const std::string &name, const std::string &function,
                     const std::string &others, SourceLanguage language) {
  location_t where = gimple_location(mpi_call);
  const MpiCollective *collective = find_collective(name.c_str(), language);
  // The run-time message spells it as the compile-time one (display_name).
  std::string spelled = mpi_routine_spelling(name.c_str(), language);
  if (spelled.empty())
    spelled = name;
  int index = collective && collective->handle_kind == HandleKind::Comm
                  ? collective->handle_arg
                  : -1;
  tree handle = index >= 0 && (unsigned)index < gimple_call_num_args(mpi_call)
                    ? gimple_call_arg(mpi_call, index)
                    : NULL_TREE;
  bool fortran = language == SourceLanguage::Fortran;
  if (handle && (fortran ? POINTER_TYPE_P(TREE_TYPE(handle))
                         : INTEGRAL_TYPE_P(TREE_TYPE(handle)) ||
                               POINTER_TYPE_P(TREE_TYPE(handle)))) {
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

// Where the mark of a passed barrier goes: right after an explicit barrier,
// or at the start of the block after an implicit one (a GIMPLE_OMP_RETURN
// must end its block).  Null when there is no such place.
bool mark_barrier(gimple *barrier, EntryPoint kind = EntryPoint::thread_barrier) {
  gcall *mark = gimple_build_call(runtime_entry(kind), 0);
  gimple_set_location(mark, gimple_location(barrier));
  if (is_gimple_call(barrier)) {
    gimple_stmt_iterator gsi = gsi_for_stmt(barrier);
    gsi_insert_after(&gsi, mark, GSI_SAME_STMT);
    return true;
  }
  basic_block bb = gimple_bb(barrier);
  if (!single_succ_p(bb) || single_succ(bb) == EXIT_BLOCK_PTR_FOR_FN(cfun))
    return false;
  gimple_stmt_iterator gsi = gsi_after_labels(single_succ(bb));
  gsi_insert_before(&gsi, mark, GSI_SAME_STMT);
  return true;
}

// ---------------------------------------------------------------------------
// The analysis of one function.
// ---------------------------------------------------------------------------

// The program's entry runs sequentially whatever -fplugin-arg-parcoach-context
// says about the other functions.

class FunctionCheck {
public:
  FunctionCheck(function *fun, const Options &options)
      : fun_(fun), options_(options), language_(current_language()),
        regions_(find_omp_regions(fun)), tf_(build_thread_function(fun, regions_, language_)),
        words_(parallelism_words(tf_.model, context_word(call_context(fun, options)))),
        name_(printable_function_name(fun->decl)) {}

  void run() {
    record_inits();
    report_invalid_nestings();
    std::vector<NodeId> monothreaded;
    ThreadLevel function_level = ThreadLevel::Single;
    std::map<NodeId, std::size_t> record_of_node;
    unsigned uid = DECL_UID(fun_->decl);
    LevelSummaryInput &summary = unit().level_inputs[uid];
    for (NodeId node = 0; node < (NodeId)tf_.model.cfg.size(); ++node) {
      if (!tf_.model.mpi_call[node] || !words_.reached[node])
        continue;
      const ParallelismWord &word = words_.words[node];
      // Several threads calling a collective at once is erroneous on one
      // communicator; on one communicator per thread (or one that cannot be
      // named) it is a question of level only.
      if (tf_.model.collective[node] && !is_monothreaded(word) &&
          StorageKeys::same_in_every_thread(tf_.model.communicator[node])) {
        report_multithreaded_collective(node);
        continue;
      }
      if (is_monothreaded(word))
        monothreaded.push_back(node);
      LevelCall call = level_call(node);
      function_level = max_level(function_level, call.required);
      record_of_node[node] = unit().calls.size();
      unit().calls.push_back(call);
      summary.direct.push_back({relative_letters(word), (bool)tf_.model.collective[node],
                                static_cast<int>(unit().origins.size())});
      unit().origins.push_back({display_name(node), name_, where(node)});
    }
    for (const auto &call : tf_.unit_calls)
      if (words_.reached[call.first])
        record_call_site(call.first, call.second, summary);
    Exposure &exposure = unit().exposure[DECL_UID(fun_->decl)];
    for (NodeId node = 0; node < (NodeId)tf_.model.cfg.size(); ++node)
      exposure.direct |= tf_.model.collective[node] && words_.reached[node] &&
                         exposes_callers_threads(words_.words[node]);
    for (const auto &call : tf_.unit_calls) {
      const ParallelismWord &word = words_.words[call.first];
      if (!words_.reached[call.first])
        continue;
      if (exposes_callers_threads(word))
        exposure.callees.push_back(DECL_UID(call.second));
      // With arguments that differ between threads, the threads may run
      // the callee's collectives on communicators of their own: a question
      // of thread level only (as for a collective on comms[t] written in
      // place), never a stop.
      if (!is_monothreaded(word) && !tf_.thread_varying_calls.count(call.first))
        unit().multithreaded_calls.push_back(
            {multithreaded_call_check(call.first, call.second), DECL_UID(call.second),
             printable_function_name(call.second), name_, where(call.first),
             spell(word), notes(responsible_directives(word, ThreadLevel::Multiple))});
    }
    record_barrier_paths();
    ConcurrencyRecord concurrency = record_concurrency(monothreaded, record_of_node);
    insert_concurrency_checks(concurrency);
    if (!concurrency.sides.empty())
      unit().concurrency.push_back(std::move(concurrency));
    unit().functions.push_back({uid, name_, DECL_SOURCE_LOCATION(fun_->decl), function_level});
  }

private:
  int line_of(NodeId node) const { return LOCATION_LINE(gimple_location(tf_.stmt_of_node[node])); }
  location_t where(NodeId node) const { return gimple_location(tf_.stmt_of_node[node]); }
  gcall *call_of(NodeId node) const { return as_a<gcall *>(tf_.stmt_of_node[node]); }
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
    if (gimple_code(stmt) == GIMPLE_COND)
      return {where(node), quote("omp_get_thread_num () == 0") + " test"};
    if (is_gimple_call(stmt))
      return {where(node), quote(callee_name(as_a<const gcall *>(stmt)))};
    return {where(node), quote(std::string(directive_prefix()) + " " + directive_name(stmt))};
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
  int multithreaded_call_check(NodeId node, tree callee) {
    if (!instrumenting())
      return -1;
    int tag = next_candidate_tag();
    insert_thread_candidate(ThreadCandidate::IpwCall, call_of(node), tag,
                            runtime_word(words_.words[node]),
                            printable_function_name(callee), name_);
    return tag;
  }

  // A call to a function of the unit: its word goes into the summary, and
  // the call waits for the unit step to learn what its callee needs.
  void record_call_site(NodeId node, tree callee, LevelSummaryInput &summary) {
    const ParallelismWord &word = words_.words[node];
    summary.calls.push_back({relative_letters(word), DECL_UID(callee)});
    LevelCallSite site{DECL_UID(fun_->decl), DECL_UID(callee), name_,
                       printable_function_name(callee), where(node), word, {}};
    for (const WordLetter &letter : word)
      if (letter.directive >= 0 && letter.letter != Letter::Barrier)
        site.directives[letter.directive] = directive_note(letter.directive);
    site_of_node_[node] = unit().call_sites.size();
    unit().call_sites.push_back(site);
  }

  // What the unit step needs to decide Lemma 5 for this function: the
  // monothreaded MPI calls and calls to the unit's functions, with the
  // model, since a callee may pass a barrier that orders them.
  ConcurrencyRecord record_concurrency(const std::vector<NodeId> &monothreaded_mpi_calls,
                                       const std::map<NodeId, std::size_t> &record_of_node) {
    ConcurrencyRecord record;
    record.uid = DECL_UID(fun_->decl);
    record.function = name_;
    record.sequential_context = call_context(fun_, options_) == CallContext::Sequential;
    // Only calls inside a single, section, task or master region can be
    // concurrent (also once a team calls the function: its orphaned
    // regions then belong to that team).
    auto in_monothreaded_region = [this](NodeId node) {
      const ParallelismWord &word = words_.words[node];
      return is_monothreaded(word) &&
             std::any_of(word.begin(), word.end(), [](const WordLetter &l) {
               return l.letter == Letter::Single || l.letter == Letter::Master;
             });
    };
    for (NodeId node : monothreaded_mpi_calls)
      if (in_monothreaded_region(node))
        record.sides[node] = {display_name(node), 0, where(node), (bool)tf_.model.collective[node],
                            record_of_node.at(node)};
    for (const auto &call : tf_.unit_calls) {
      if (!words_.reached[call.first])
        continue;
      record.callee_of[call.first] = DECL_UID(call.second);
      if (in_monothreaded_region(call.first))
        record.sides[call.first] = {printable_function_name(call.second),
                                    DECL_UID(call.second), where(call.first), false,
                                    site_of_node_.at(call.first)};
    }
    if (record.sides.empty())
      return record;
    for (NodeId node = 0; node < (NodeId)tf_.model.cfg.size(); ++node) {
      OmpStep step = tf_.model.steps[node];
      if (step == OmpStep::OpenSingle || step == OmpStep::OpenSection ||
          step == OmpStep::OpenTask || step == OmpStep::OpenMaster ||
          step == OmpStep::OpenMasked || step == OmpStep::OpenThreadZero ||
          step == OmpStep::OpenCritical || step == OmpStep::OpenOrdered)
        record.region_notes[node] = directive_note(node);
    }
    record.model = tf_.model;
    record.words = words_;
    return record;
  }

  // For functions called by a team: the barriers that bind to the caller's
  // team (outside parallel regions of this function's own).
  void record_barrier_paths() {
    BarrierPaths paths;
    for (NodeId node = 0; node < (NodeId)tf_.model.cfg.size(); ++node)
      if (tf_.model.steps[node] == OmpStep::Barrier && words_.reached[node] &&
          relative_letters(words_.words[node]).find('P') == std::string::npos)
        paths.barriers.push_back(node);
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
    unit().barrier_paths[DECL_UID(fun_->decl)] = std::move(paths);
  }


  // A call at this word runs on every thread that calls the function: the
  // function's own directives (not the assumed context, nor barriers) open
  // no single, master or task region before any parallel one.
  static bool exposes_callers_threads(const ParallelismWord &word) {
    for (const WordLetter &letter : word) {
      if (letter.directive < 0 || letter.letter == Letter::Barrier)
        continue;
      return letter.letter == Letter::Parallel;
    }
    return true;
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
      unit().inits.push_back({name_, gimple_location(init), level, thread});
    }
  }

  void report_invalid_nestings() {
    for (NodeId node : words_.invalid_nestings) {
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
    const ParallelismWord &word = words_.words[node];
    LevelCall call;
    call.function_uid = DECL_UID(fun_->decl);
    call.function = name_;
    call.call = display_name(node);
    call.where = where(node);
    call.required = required_level(word);
    for (ThreadLevel level : {ThreadLevel::Single, ThreadLevel::Funneled, ThreadLevel::Serialized})
      call.blamed[static_cast<int>(level)] = notes(responsible_directives(word, level));
    return call;
  }

  void report_multithreaded_collective(NodeId node) {
    const ParallelismWord &word = words_.words[node];
    std::string name = display_name(node);
    unit().erroneous_lines.insert(line_of(node));
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
      insert_ipw_check(call_of(node), runtime_word(word), name, name_);
      inform(where(node), "run-time check inserted: the program stops if more than one "
                          "thread can reach this call");
    }
  }

  // CC_cc (Algorithm 11) before the collectives of this function that two
  // threads may run at once, and before calls to the unit's functions in
  // such regions.  Inserted now, before OpenMP expansion, for every pair
  // Lemma 5 finds when calls are not taken as barriers: before a
  // collective paired with another collective, a check; before anything
  // paired only with calls, a candidate the unit step keeps if the pair
  // turns out to run collectives on both sides and to be unordered.  A
  // check that stays although a callee's barrier orders its pair is silent
  // at run time, since the barriers of such callees are marked too
  // (record_barrier_paths).
  void insert_concurrency_checks(ConcurrencyRecord &record) {
    if (!instrumenting())
      return;
    std::vector<NodeId> nodes;
    for (const auto &side : record.sides)
      if (side.second.callee_uid || side.second.collective)
        nodes.push_back(side.first);
    std::map<NodeId, std::set<int>> others;
    std::set<NodeId> certain; // paired with a collective written in place
    for (const ConcurrentCalls &pair : concurrent_calls(tf_.model, words_, nodes)) {
      others[pair.first].insert(line_of(pair.second));
      others[pair.second].insert(line_of(pair.first));
      bool first_direct = !record.callee_of.count(pair.first);
      bool second_direct = !record.callee_of.count(pair.second);
      if (first_direct && second_direct)
        certain.insert({pair.first, pair.second});
    }
    // CC_cc needs the team's fork and barriers marked; a team whose
    // parallel directive is not in this function (the context's) or whose
    // barriers cannot be marked gets no check.
    std::map<NodeId, std::vector<NodeId>> calls_of_team; // by the team's P
    for (const auto &entry : others) {
      ParallelismWord team = openmp_team(words_.words[entry.first]);
      if (!team.empty() && team.back().directive >= 0 &&
          gimple_code(tf_.stmt_of_node[team.back().directive]) == GIMPLE_OMP_PARALLEL)
        calls_of_team[team.back().directive].push_back(entry.first);
    }
    for (const auto &team_calls : calls_of_team) {
      NodeId parallel = team_calls.first;
      ParallelismWord team = openmp_team(words_.words[team_calls.second.front()]);
      std::vector<gimple *> barriers;
      bool markable = true;
      for (NodeId node = 0; node < (NodeId)tf_.model.cfg.size(); ++node)
        if (tf_.model.steps[node] == OmpStep::Barrier && words_.reached[node] &&
            without_barriers(words_.words[node]) == team) {
          gimple *stmt = tf_.stmt_of_node[node];
          markable &= is_gimple_call(stmt) ||
                      (single_succ_p(gimple_bb(stmt)) &&
                       single_succ(gimple_bb(stmt)) != EXIT_BLOCK_PTR_FOR_FN(fun_));
          barriers.push_back(stmt);
        }
      if (!markable)
        continue;
      for (gimple *barrier : barriers)
        mark_barrier(barrier);
      // A taskwait orders the tasks its thread created before it: the
      // regions of those tasks no longer count against what follows.
      for (NodeId node = 0; node < (NodeId)tf_.model.cfg.size(); ++node)
        if (tf_.model.steps[node] == OmpStep::TaskWait && words_.reached[node] &&
            openmp_team(words_.words[node]) == team)
          mark_barrier(tf_.stmt_of_node[node], EntryPoint::thread_taskwait);
      insert_before(tf_.stmt_of_node[parallel], gimple_build_call(runtime_entry(EntryPoint::thread_fork), 0));
      for (NodeId node : team_calls.second) {
        std::string lines = join_lines(others[node]);
        if (certain.count(node)) {
          insert_cc_check(call_of(node), call_name(node), name_, lines, language_);
        } else {
          int tag = next_candidate_tag();
          std::string what = record.callee_of.count(node)
                                 ? "the call to " + record.sides.at(node).name
                                 : display_name(node);
          insert_thread_candidate(ThreadCandidate::ConcurrentCall, call_of(node), tag, lines,
                                  what, name_);
          record.check_tags[node] = tag;
        }
        record.check_notes[node] = "run-time check inserted: the program stops if two "
                                   "different threads of a process reach collectives at lines " +
                                   std::to_string(line_of(node)) + " and " + lines +
                                   " between the same two barriers";
      }
    }
  }

  function *fun_;
  const Options &options_;
  SourceLanguage language_;
  OmpRegions regions_;
  ThreadFunction tf_;
  WordResult words_;
  std::string name_;
  std::map<NodeId, std::size_t> site_of_node_; // index in UnitLevels::call_sites
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

void report_thread_levels(const std::function<bool(unsigned)> &runs_collectives,
                          std::vector<SettledCheck> &by_tag) {
  report_multithreaded_calls(runs_collectives, by_tag);
  std::vector<int> call_of_site;
  add_call_site_levels(call_of_site);
  report_concurrent_calls(runs_collectives, call_of_site, by_tag);
  report_levels();
}

} // namespace parcoach
