#include "function_model.h"

#include "instrument.h"

#include "mpi_f08.h"
#include "omp_regions.h"
#include "runtime_callees.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <utility>

namespace parcoach {

const char *callee_name(const gcall *call) {
  if (gimple_call_internal_p(call))
    return nullptr;
  tree callee = gimple_call_fndecl(call);
  if (!callee || !DECL_NAME(callee))
    return nullptr; // a call through a pointer: not analysed
  const char *name = IDENTIFIER_POINTER(DECL_NAME(callee));
  if (gcc_compat::compiling_fortran()) {
    // `use mpi_f08': every analysis knows the routine by its `use mpi'
    // name, whose argument positions the f08 procedures share.
    std::string use_mpi = use_mpi_spelling_of_f08(name);
    if (!use_mpi.empty()) {
      static std::set<std::string> spellings; // names handed out stay valid
      return spellings.insert(use_mpi).first->c_str();
    }
  }
  return name;
}

std::string printable_function_name(tree function) {
  if (!function)
    return "";
  // Kept by DECL_UID (never reused, unlike a collected tree's address):
  // C++'s printer spells out every template argument, and the same
  // callees are named again and again (issue 17: 5 % of the plugin's
  // time on a C++ unit).  The name of a declaration does not change once
  // it is lowered.
  static std::unordered_map<unsigned, std::string> names;
  auto found = names.find(DECL_UID(function));
  if (found != names.end())
    return found->second;
  return names.emplace(DECL_UID(function), lang_hooks.decl_printable_name(function, 2))
      .first->second;
}

bool is_mpi_library_code(function *fun) {
  const char *own = DECL_SOURCE_FILE(fun->decl);
  if (!own || !fun->cfg)
    return false;
  std::string own_file = own;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
      const char *name = call ? callee_name(call) : nullptr;
      if (!name || (strncmp(name, "MPI_", 4) != 0 && strncmp(name, "PMPI_", 5) != 0))
        continue;
      // An MPI header (mpi.h, mpi_proto.h...), not a declaration the
      // program makes itself (gfortran declares externals where called).
      const char *header = DECL_SOURCE_FILE(gimple_call_fndecl(call));
      const char *slash = header ? strrchr(header, '/') : nullptr;
      std::string base = slash ? slash + 1 : "";
      if (base.compare(0, 3, "mpi") != 0 || base.size() < 5 ||
          base.compare(base.size() - 2, 2, ".h") != 0 || own_file == header ||
          (main_input_filename && own_file == main_input_filename))
        return false;
      std::string directory(header, slash + 1 - header); // ".../openmpi/include/"
      return own_file.compare(0, directory.size(), directory) == 0;
    }
  return false;
}

std::string library_name(const char *name) {
  std::string result(name ? name : "");
  for (char &ch : result)
    ch = (char)TOLOWER(ch);
  if (result.compare(0, 10, "__builtin_") == 0)
    result.erase(0, 10);
  if (result.compare(0, 5, "pmpi_") == 0)
    result.erase(0, 1);
  return result;
}

tree parameter_type(const gcall *call, unsigned i) {
  tree fntype = gimple_call_fntype(call);
  tree types = fntype ? TYPE_ARG_TYPES(fntype) : NULL_TREE;
  for (unsigned k = 0; types && k < i; ++k)
    types = TREE_CHAIN(types);
  return types ? TREE_VALUE(types) : NULL_TREE;
}

bool communicator_handle_type(tree type) {
  tree name = type ? TYPE_NAME(type) : NULL_TREE;
  if (name && TREE_CODE(name) == TYPE_DECL)
    name = DECL_NAME(name);
  return name && TREE_CODE(name) == IDENTIFIER_NODE &&
         strcasecmp(IDENTIFIER_POINTER(name), "MPI_Comm") == 0;
}

tree external_callee(const gcall *call) {
  if (gimple_call_internal_p(call))
    return NULL_TREE;
  tree callee = gimple_call_fndecl(call);
  if (!callee || fndecl_built_in_p(callee) || !TREE_PUBLIC(callee) || !DECL_NAME(callee) ||
      unit_callee(call) || is_language_runtime_function(callee))
    return NULL_TREE;
  // The MPI library, the compilers' runtimes: they run no collective of
  // the program (MPI's own are in the table).
  static const char *const runtimes[] = {"mpi_", "pmpi_", "ompi_", "mpix_", "_gfortran_",
                                         "gomp_", "omp_", "__cxa_", "_unwind_", "__builtin_"};
  const char *name = IDENTIFIER_POINTER(DECL_NAME(callee));
  for (const char *prefix : runtimes)
    if (strncasecmp(name, prefix, strlen(prefix)) == 0)
      return NULL_TREE;
  return callee;
}

namespace {

bool starts_with_nocase(const char *name, const char *prefix) {
  return strncasecmp(name, prefix, strlen(prefix)) == 0;
}

// Conservative: any name an MPI or OpenMP routine could have.
bool may_be_mpi_or_openmp(const char *name) {
  if (starts_with_nocase(name, "__builtin_"))
    name += strlen("__builtin_");
  return starts_with_nocase(name, "mpi_") || starts_with_nocase(name, "pmpi_") ||
         starts_with_nocase(name, "omp_") || starts_with_nocase(name, "gomp_");
}

} // namespace

bool is_quiet_leaf(function *fun) {
  if (!fun->cfg)
    return false;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_omp(stmt))
        return false;
      gcall *call = dyn_cast<gcall *>(stmt);
      if (!call || gimple_call_internal_p(call))
        continue;
      const char *name = callee_name(call);
      if ((name && may_be_mpi_or_openmp(name)) || unit_callee(call))
        return false;
    }
  return true;
}

tree unit_callee(const gcall *call) {
  if (gimple_call_internal_p(call))
    return NULL_TREE;
  tree callee = gimple_call_fndecl(call);
  if (!callee || fndecl_built_in_p(callee))
    return NULL_TREE;
  cgraph_node *node = cgraph_node::get(callee);
  // A same-body alias (C++ makes the complete-object constructor and
  // destructor aliases of the base-object ones): the function called is
  // the alias target, whose body the unit sees under its own DECL_UID.
  // An alias whose target is not known yet is not followed (no callee).
  for (int hops = 0; node && node->alias; ++hops) {
    ipa_ref *ref = nullptr;
    tree target = NULL_TREE;
    if (node->iterate_reference(0, ref) && ref && ref->use == IPA_REF_ALIAS)
      target = ref->referred->decl;
    else if (node->alias_target && TREE_CODE(node->alias_target) == FUNCTION_DECL)
      target = node->alias_target;
    if (!target || hops > 16)
      return NULL_TREE;
    callee = target;
    node = cgraph_node::get(callee);
  }
  return node && node->definition ? callee : NULL_TREE;
}

gimple *definition_in_block(tree value, gimple *use) {
  if (TREE_CODE(value) == SSA_NAME)
    return SSA_NAME_DEF_STMT(value);
  if (!VAR_P(value))
    return nullptr;
  gimple_stmt_iterator gsi = gsi_for_stmt(use);
  for (gsi_prev(&gsi); !gsi_end_p(gsi); gsi_prev(&gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    tree lhs = gimple_get_lhs(stmt);
    if (lhs && operand_equal_p(lhs, value, 0))
      return stmt;
  }
  return nullptr;
}

namespace {

// A branch on the result of GOMP_single_start, omp_get_thread_num or the
// sections dispatcher chooses threads, not processes.
bool branches_on_thread_selection(gcond *cond) {
  tree operands[] = {gimple_cond_lhs(cond), gimple_cond_rhs(cond)};
  for (tree operand : operands) {
    gimple *def = definition_in_block(operand, cond);
    if (def && is_gimple_call(def) &&
        selects_threads(callee_name(as_a<gcall *>(def))))
      return true;
  }
  return false;
}

bool is_process_conditional(gimple *last) {
  switch (gimple_code(last)) {
  case GIMPLE_COND:
    return !branches_on_thread_selection(as_a<gcond *>(last));
  case GIMPLE_SWITCH:
    return true;
  case GIMPLE_GOTO: // computed goto
    return TREE_CODE(gimple_goto_dest(last)) != LABEL_DECL;
  default:
    return false; // OpenMP directives, exception dispatch, ...
  }
}

// A block that only passes an exception on (`resx').
bool resumes_unwinding(basic_block bb) {
  gimple_stmt_iterator gsi = gsi_after_labels(bb);
  return !gsi_end_p(gsi) && gimple_code(gsi_stmt(gsi)) == GIMPLE_RESX;
}

class ModelBuilder {
public:
  ModelBuilder(function *fun, GimpleFunction &out)
      : fun_(fun), out_(out),
        chains_(fun, out.model, out.branch_of_node,
                [] {}) {}

  void build() {
    out_.language = gcc_compat::compiling_fortran() ? SourceLanguage::Fortran
                                                    : SourceLanguage::C;
    regions_ = find_omp_regions(fun_);
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      add_block(bb);
    FOR_EACH_BB_FN(bb, fun_)
      add_leave_points(bb);
    chains_.connect(ENTRY_BLOCK_PTR_FOR_FN(fun_), nullptr);
    out_.branch_ways = chains_.branch_ways();
  }

private:
  // Collective calls get nodes of their own; a job-ending call stops the
  // chain.
  void add_block(basic_block bb) {
    NodeId current = chains_.begin_block(bb);
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
      if (!call)
        continue;
      if (calls_runtime_function(call)) // our own bookkeeping (work_arming.h)
        continue;
      const char *name = callee_name(call);
      if (terminates_job(name)) {
        chains_.end_job(current);
        return;
      }
      if (const MpiCollective *collective = find_collective(name, out_.language)) {
        NodeId node;
        current = chains_.append_collective(current, collective->colour, node);
        out_.collectives.push_back({call, collective, node});
      } else if (tree callee = unit_callee(call)) {
        NodeId node;
        current = chains_.append_collective(current, 0, node);
        out_.unit_calls.push_back({call, callee, node});
      } else if (tree external = external_callee(call)) {
        NodeId node;
        current = chains_.append_collective(current, 0, node);
        out_.external_calls.push_back({call, external, node});
      }
    }
    gimple *last = last_stmt(bb);
    chains_.end_block(bb, current, last && is_process_conditional(last) ? last : nullptr);
  }

  // Leave points: returns; calls that do not return, unless an exception
  // they throw is handled here; an exception resumed out of the function.
  void add_leave_points(basic_block bb) {
    bool handled_here = false;
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs)
      handled_here |= (e->flags & EDGE_EH) != 0;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      bool leaves = false;
      if (gimple_code(stmt) == GIMPLE_RETURN)
        leaves = true;
      else if (gimple_code(stmt) == GIMPLE_RESX)
        leaves = EDGE_COUNT(bb->succs) == 0;
      else if (const gcall *call = dyn_cast<gcall *>(stmt))
        leaves = (gimple_call_flags(call) & ECF_NORETURN) && !handled_here &&
                 !terminates_job(callee_name(call));
      if (leaves && regions_.team_of_block(bb->index) < 0)
        out_.leave_points.push_back(stmt);
    }
  }

  function *fun_;
  GimpleFunction &out_;
  BlockChains chains_;
  OmpRegions regions_;
};

} // namespace

BlockChains::BlockChains(function *fun, FunctionModel &model,
                         std::vector<gimple *> &branch_of_node,
                         std::function<void()> grow_extras)
    : fun_(fun), model_(model), branch_of_node_(branch_of_node),
      grow_extras_(std::move(grow_extras)),
      first_(last_basic_block_for_fn(fun), -1), last_(last_basic_block_for_fn(fun), -1),
      to_exit_(last_basic_block_for_fn(fun), false) {
  model_.cfg.entry = new_node();
  model_.cfg.exit = new_node();
}

NodeId BlockChains::new_node() {
  grow_extras_();
  branch_of_node_.push_back(nullptr);
  model_.facts.emplace_back();
  return model_.cfg.add_node();
}

NodeId BlockChains::begin_block(basic_block bb) {
  first_[bb->index] = new_node();
  return first_[bb->index];
}

NodeId BlockChains::append_collective(NodeId current, int collective, NodeId &node) {
  node = new_node();
  model_.facts[node].collective = collective;
  model_.cfg.add_edge(current, node);
  NodeId next = new_node();
  model_.cfg.add_edge(node, next);
  return next;
}

void BlockChains::end_job(NodeId current) {
  NodeId end = new_node();
  model_.facts[end].terminates_job = true;
  model_.cfg.add_edge(current, end);
}

void BlockChains::end_block(basic_block bb, NodeId current, gimple *branch, bool to_exit) {
  last_[bb->index] = current;
  to_exit_[bb->index] = to_exit;
  if (branch) {
    model_.facts[current].conditional = true;
    branch_of_node_[current] = branch;
  }
}

void BlockChains::record_ways(basic_block bb, NodeId from,
                              const std::vector<basic_block> &successors,
                              const std::function<bool(basic_block)> &in_model) {
  // The node a CFG edge to `dest' leads to, or -1 if the model skips it.
  auto way = [&](basic_block dest) -> NodeId {
    if (!dest || std::find(successors.begin(), successors.end(), dest) == successors.end() ||
        skipped_.count({bb->index, dest->index}))
      return -1;
    return node_entering(dest, in_model);
  };
  gimple *branch = branch_of_node_[from];
  BranchWays ways;
  if (gimple_code(branch) == GIMPLE_COND) {
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs)
      if (e->flags & EDGE_TRUE_VALUE)
        ways.when_true = way(e->dest);
    if (ways.when_true < 0)
      return;
  } else if (gswitch *choice = dyn_cast<gswitch *>(branch)) {
    // Case ranges of a few values are spelled out; a wide one describes
    // nothing rank_chains.h could use.
    const long long most_values = 64;
    for (unsigned i = 1; i < gimple_switch_num_labels(choice); ++i) {
      tree label = gimple_switch_label(choice, i);
      tree low = CASE_LOW(label), high = CASE_HIGH(label) ? CASE_HIGH(label) : low;
      if (!tree_fits_shwi_p(low) || !tree_fits_shwi_p(high) ||
          tree_to_shwi(high) - tree_to_shwi(low) >= most_values)
        return;
      NodeId to = way(label_to_block(fun_, CASE_LABEL(label)));
      if (to < 0)
        return;
      for (long long v = tree_to_shwi(low); v <= tree_to_shwi(high); ++v)
        ways.cases.push_back({v, to});
    }
    ways.otherwise = way(label_to_block(fun_, CASE_LABEL(gimple_switch_default_label(choice))));
    if (ways.otherwise < 0)
      return;
  } else {
    return;
  }
  branch_ways_[from] = ways;
}

NodeId BlockChains::node_entering(basic_block bb,
                                  const std::function<bool(basic_block)> &in_model) const {
  if (bb == EXIT_BLOCK_PTR_FOR_FN(fun_) || (in_model && !in_model(bb)))
    return model_.cfg.exit;
  return first_[bb->index];
}

void BlockChains::connect(basic_block start,
                          const std::function<bool(basic_block)> &in_model) {
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun_) {
    NodeId from = last_[bb->index];
    if (from < 0)
      continue; // not in the model, or the job ends in it
    std::vector<basic_block> successors =
        to_exit_[bb->index] ? std::vector<basic_block>() : model_successors(bb);
    for (basic_block succ : successors)
      if (!skipped_.count({bb->index, succ->index}))
        model_.cfg.add_edge(from, node_entering(succ, in_model));
    if (successors.empty())
      model_.cfg.add_edge(from, model_.cfg.exit);
    if (branch_of_node_[from])
      record_ways(bb, from, successors, in_model);
  }
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE(e, ei, start->succs)
    model_.cfg.add_edge(model_.cfg.entry, node_entering(e->dest, in_model));
}

// A test the compiler made (OpenMP lowering: `if (GOMP_single_start ())',
// array code...) has no location: the nearest statement before it that has
// one, in its block or up the chain of single predecessors, stands for it
// (for a lowered construct, the directive).
static bool has_line(location_t where) { return LOCATION_LINE(where) > 0; }

static location_t nearest_location_before(const gimple *branch) {
  basic_block bb = gimple_bb(branch);
  if (!bb)
    return UNKNOWN_LOCATION;
  gimple_stmt_iterator gsi = gsi_for_stmt(const_cast<gimple *>(branch));
  for (int steps = 0; steps < 64; ++steps) {
    for (; !gsi_end_p(gsi); gsi_prev(&gsi))
      if (has_line(gimple_location(gsi_stmt(gsi))))
        return gimple_location(gsi_stmt(gsi));
    if (!single_pred_p(bb) || single_pred(bb)->index < NUM_FIXED_BLOCKS)
      break;
    bb = single_pred(bb);
    gsi = gsi_last_bb(bb);
  }
  return UNKNOWN_LOCATION;
}

location_t conditional_location(const gimple *branch) {
  // gfortran gives a SELECT CASE's switch the location of the last case's
  // statement; the computation of its index is where the SELECT CASE is.
  if (gimple_code(branch) == GIMPLE_SWITCH && gcc_compat::compiling_fortran()) {
    tree index = gimple_switch_index(as_a<const gswitch *>(branch));
    if (TREE_CODE(index) == SSA_NAME && SSA_NAME_DEF_STMT(index) &&
        gimple_location(SSA_NAME_DEF_STMT(index)) != UNKNOWN_LOCATION)
      return gimple_location(SSA_NAME_DEF_STMT(index));
  }
  if (!has_line(gimple_location(branch)))
    return nearest_location_before(branch);
  return gimple_location(branch);
}

std::vector<basic_block> model_successors(basic_block bb) {
  bool continues_normally = false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE(e, ei, bb->succs)
    continues_normally |= !(e->flags & (EDGE_EH | EDGE_FAKE));
  gimple *last = last_stmt(bb);
  bool dispatch = last && gimple_code(last) == GIMPLE_EH_DISPATCH;
  std::vector<basic_block> successors;
  FOR_EACH_EDGE(e, ei, bb->succs) {
    if ((e->flags & EDGE_FAKE) || ((e->flags & EDGE_EH) && continues_normally))
      continue;
    // An exception thrown here that matches none of this function's
    // handlers is as exceptional as one from a callee: follow only the
    // edges into the handlers.
    if (dispatch && EDGE_COUNT(bb->succs) > 1 && resumes_unwinding(e->dest))
      continue;
    successors.push_back(e->dest);
  }
  return successors;
}

int FlowBranches::add(gimple *branch) {
  auto inserted = index_.insert({branch, (int)statements_.size()});
  if (inserted.second)
    statements_.push_back(branch);
  return inserted.first->second;
}

std::map<NodeId, std::string>
drop_uniform_conditionals(FunctionModel &model,
                          const std::vector<std::pair<NodeId, int>> &flow_branches,
                          const std::vector<BranchVerdict> &verdicts, bool between_threads,
                          std::map<NodeId, std::string> *why_differs) {
  std::map<NodeId, std::string> proofs;
  for (const auto &branch : flow_branches) {
    if ((std::size_t)branch.second >= verdicts.size())
      continue;
    const BranchVerdict &verdict = verdicts[branch.second];
    bool may_differ = between_threads ? verdict.may_differ_between_threads
                                      : verdict.may_differ_between_processes;
    if (may_differ) {
      if (why_differs)
        (*why_differs)[branch.first] = verdict.reason;
      continue;
    }
    model.facts[branch.first].conditional = false;
    proofs[branch.first] = verdict.reason;
  }
  return proofs;
}

void repair_fortran_call_locations(function *fun) {
  if (!gcc_compat::compiling_fortran())
    return;
  int unit_line = LOCATION_LINE(DECL_SOURCE_LOCATION(fun->decl));
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    gimple *previous = nullptr;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_call(stmt) && previous && gimple_clobber_p(previous) &&
          LOCATION_LINE(gimple_location(stmt)) == unit_line &&
          gimple_location(previous) != UNKNOWN_LOCATION &&
          LOCATION_LINE(gimple_location(previous)) != unit_line)
        gimple_set_location(stmt, gimple_location(previous));
      previous = stmt;
    }
  }
}

GimpleFunction build_function_model(function *fun) {
  GimpleFunction result;
  ModelBuilder(fun, result).build();
  return result;
}

} // namespace parcoach
