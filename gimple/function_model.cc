#include "function_model.h"

#include "omp_regions.h"

#include <algorithm>
#include <utility>

namespace parcoach {

const char *callee_name(const gcall *call) {
  if (gimple_call_internal_p(call))
    return nullptr;
  tree callee = gimple_call_fndecl(call);
  if (!callee || !DECL_NAME(callee))
    return nullptr; // a call through a pointer: not analysed
  return IDENTIFIER_POINTER(DECL_NAME(callee));
}

namespace {

// The statement that last assigned `value' before `use' in its block, if
// any: enough to see the thread test that OpenMP lowering puts right before
// its branch.
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
  ModelBuilder(function *fun, GimpleFunction &out) : fun_(fun), out_(out) {}

  void build() {
    out_.language = gcc_compat::compiling_fortran() ? SourceLanguage::Fortran
                                                    : SourceLanguage::C;
    regions_ = find_omp_regions(fun_);
    first_.assign(last_basic_block_for_fn(fun_), -1);
    last_.assign(last_basic_block_for_fn(fun_), -1);
    Graph &cfg = out_.model.cfg;
    cfg.entry = new_node();
    cfg.exit = new_node();
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      add_block(bb);
    FOR_EACH_BB_FN(bb, fun_) {
      connect_block(bb);
      add_leave_points(bb);
    }
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, ENTRY_BLOCK_PTR_FOR_FN(fun_)->succs)
      cfg.add_edge(cfg.entry, node_entering(e->dest));
  }

private:
  NodeId new_node() {
    out_.call_of_node.push_back(nullptr);
    out_.branch_of_node.push_back(nullptr);
    out_.model.facts.emplace_back();
    return out_.model.cfg.add_node();
  }

  NodeId node_entering(basic_block bb) {
    if (bb == EXIT_BLOCK_PTR_FOR_FN(fun_))
      return out_.model.cfg.exit;
    return first_[bb->index];
  }

  // A block becomes a chain of nodes: one per collective call, so that the
  // analysis sees each collective as its own node, and one per job-ending
  // call, after which the chain stops.
  void add_block(basic_block bb) {
    NodeId current = new_node();
    first_[bb->index] = current;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      gcall *call = dyn_cast<gcall *>(stmt);
      if (!call)
        continue;
      const char *name = callee_name(call);
      if (terminates_job(name)) {
        NodeId end = new_node();
        out_.model.facts[end].terminates_job = true;
        out_.model.cfg.add_edge(current, end);
        return; // last_ stays -1: nothing follows
      }
      if (const MpiCollective *collective = find_collective(name, out_.language)) {
        NodeId node = new_node();
        out_.model.facts[node].collective = collective->colour;
        out_.call_of_node[node] = call;
        out_.collectives.push_back({call, collective, node});
        out_.model.cfg.add_edge(current, node);
        current = new_node();
        out_.model.cfg.add_edge(node, current);
        continue;
      }
    }
    last_[bb->index] = current;
    gimple *last = last_stmt(bb);
    if (last && is_process_conditional(last)) {
      out_.model.facts[current].conditional = true;
      out_.branch_of_node[current] = last;
    }
  }


  void connect_block(basic_block bb) {
    NodeId from = last_[bb->index];
    if (from < 0)
      return;
    std::vector<basic_block> successors = model_successors(bb);
    for (basic_block succ : successors)
      out_.model.cfg.add_edge(from, node_entering(succ));
    if (successors.empty())
      out_.model.cfg.add_edge(from, out_.model.cfg.exit);
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
  std::vector<NodeId> first_, last_;
  OmpRegions regions_;
};

} // namespace

location_t conditional_location(const gimple *branch) {
  // gfortran gives a SELECT CASE's switch the location of the last case's
  // statement; the computation of its index is where the SELECT CASE is.
  if (gimple_code(branch) == GIMPLE_SWITCH && gcc_compat::compiling_fortran()) {
    tree index = gimple_switch_index(as_a<const gswitch *>(branch));
    if (TREE_CODE(index) == SSA_NAME && SSA_NAME_DEF_STMT(index) &&
        gimple_location(SSA_NAME_DEF_STMT(index)) != UNKNOWN_LOCATION)
      return gimple_location(SSA_NAME_DEF_STMT(index));
  }
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

GimpleFunction build_function_model(function *fun) {
  GimpleFunction result;
  ModelBuilder(fun, result).build();
  return result;
}

} // namespace parcoach
