#include "omp_team_exits.h"

#include "function_model.h"
#include "mpi_knowledge.h"

#include <cstring>

namespace parcoach {

namespace {

bool is_one_of(const char *name, std::initializer_list<const char *> names) {
  if (!name)
    return false;
  for (const char *candidate : names)
    if (std::strcmp(name, candidate) == 0)
      return true;
  return false;
}

// The calls whose result says that the innermost enclosing region is
// cancelled (true: go to its end).
bool tests_cancellation(const char *callee) {
  return is_one_of(callee, {"__builtin_GOMP_cancel", "__builtin_GOMP_cancellation_point",
                            "__builtin_GOMP_barrier_cancel", "GOMP_cancel",
                            "GOMP_cancellation_point", "GOMP_barrier_cancel"});
}

// The statement that last sets `value' in `bb', or null.
gimple *definition_in_block(tree value, basic_block bb) {
  if (TREE_CODE(value) == SSA_NAME) {
    gimple *def = SSA_NAME_DEF_STMT(value);
    return def && gimple_bb(def) == bb ? def : nullptr;
  }
  gimple *found = nullptr;
  for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    tree lhs = is_gimple_call(stmt) || is_gimple_assign(stmt) ? gimple_get_lhs(stmt) : NULL_TREE;
    if (lhs && operand_equal_p(lhs, value, 0))
      found = stmt;
  }
  return found;
}

} // namespace

bool is_barrier_call(const char *callee) {
  return is_one_of(callee, {"__builtin_GOMP_barrier", "__builtin_GOMP_barrier_cancel"});
}

basic_block cancellation_exit(basic_block bb) {
  gimple *last = last_stmt(bb);
  gcond *cond = last ? dyn_cast<gcond *>(last) : nullptr;
  if (!cond || !integer_zerop(gimple_cond_rhs(cond)))
    return nullptr;
  enum tree_code code = gimple_cond_code(cond);
  if (code != NE_EXPR && code != EQ_EXPR)
    return nullptr;
  gimple *def = definition_in_block(gimple_cond_lhs(cond), bb);
  // GCC converts the call's result before the test ("_1 = (bool) D;").
  if (def && is_gimple_assign(def) && CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def)))
    def = definition_in_block(gimple_assign_rhs1(def), bb);
  gcall *call = def ? dyn_cast<gcall *>(def) : nullptr;
  if (!call || !tests_cancellation(callee_name(call)))
    return nullptr;
  edge true_edge, false_edge;
  extract_true_false_edges_from_block(bb, &true_edge, &false_edge);
  return (code == NE_EXPR ? true_edge : false_edge)->dest;
}

bool ends_process(const gcall *call) {
  const char *name = callee_name(call);
  if (terminates_job(name))
    return true;
  if (!(gimple_call_flags(call) & ECF_NORETURN))
    return false;
  // What may go on elsewhere in the program: an exception caught in this
  // function, a long jump.
  basic_block bb = gimple_bb(call);
  edge e;
  edge_iterator ei;
  if (bb)
    FOR_EACH_EDGE(e, ei, bb->succs)
      if (e->flags & EDGE_EH)
        return false;
  return !is_one_of(name, {"longjmp", "_longjmp", "siglongjmp", "__builtin_longjmp",
                           "__longjmp_chk", "__cxa_throw", "__cxa_rethrow", "_Unwind_Resume",
                           "__builtin_unwind_resume"});
}

} // namespace parcoach
