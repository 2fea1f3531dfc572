#include "omp_ordering.h"

#include "function_model.h"

#include <algorithm>
#include <set>

namespace parcoach {

namespace {

const int kMaxDepth = 8;

std::string uid_text(tree decl) { return std::to_string(DECL_UID(decl)); }

bool is_local_variable(tree var) {
  return VAR_P(var) && !is_global_var(var) && DECL_CONTEXT(var) == current_function_decl;
}

// A read-only declaration with a known integer value (a Fortran named
// constant, a C const with an initializer).
tree constant_value(tree decl) {
  if ((TREE_CODE(decl) == CONST_DECL || (VAR_P(decl) && TREE_READONLY(decl))) &&
      DECL_INITIAL(decl) && TREE_CODE(DECL_INITIAL(decl)) == INTEGER_CST)
    return DECL_INITIAL(decl);
  return NULL_TREE;
}

// The pointer to the block of shared variables' addresses that OpenMP
// lowering gives a parallel or task region's body (.omp_data_i): its
// fields are written once, before the region starts.
bool is_region_data_block(tree decl) {
  return TREE_CODE(decl) == PARM_DECL && DECL_ARTIFICIAL(decl) && DECL_NAME(decl) &&
         strcmp(IDENTIFIER_POINTER(DECL_NAME(decl)), ".omp_data_i") == 0;
}

std::string constant_text(tree cst) {
  if (tree_fits_shwi_p(cst))
    return "c:" + std::to_string(tree_to_shwi(cst));
  if (tree_fits_uhwi_p(cst))
    return "c:" + std::to_string(tree_to_uhwi(cst));
  return "?";
}

} // namespace

StorageKeys::StorageKeys(function *fun) {
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      tree lhs = gimple_get_lhs(stmt);
      if (!lhs || !is_local_variable(lhs))
        continue;
      assigned_[lhs].push_back(gimple_assign_single_p(stmt) ? gimple_assign_rhs1(stmt)
                                                             : NULL_TREE);
    }
}

std::string StorageKeys::storage(tree lvalue, int depth) {
  if (depth > kMaxDepth)
    return "?";
  switch (TREE_CODE(lvalue)) {
  case VAR_DECL:
    return (is_global_var(lvalue) ? "g:" : "l:") + uid_text(lvalue);
  case PARM_DECL: case RESULT_DECL:
    return (is_region_data_block(lvalue) ? "d:" : "p:") + uid_text(lvalue);
  case COMPONENT_REF:
    return storage(TREE_OPERAND(lvalue, 0), depth + 1) + ".f:" +
           uid_text(TREE_OPERAND(lvalue, 1));
  case MEM_REF: {
    tree offset = TREE_OPERAND(lvalue, 1);
    std::string base = "*" + value(TREE_OPERAND(lvalue, 0), depth + 1);
    return integer_zerop(offset) ? base : base + "+" + constant_text(offset);
  }
  case INDIRECT_REF:
    return "*" + value(TREE_OPERAND(lvalue, 0), depth + 1);
  case ARRAY_REF: {
    tree index = TREE_OPERAND(lvalue, 1);
    return storage(TREE_OPERAND(lvalue, 0), depth + 1) + "[" +
           (TREE_CODE(index) == INTEGER_CST ? constant_text(index) : std::string("?")) + "]";
  }
  default:
    return "?";
  }
}

std::string StorageKeys::local_value(tree var, int depth) {
  auto known = local_names_.find(var);
  if (known != local_names_.end())
    return known->second;
  // Provisional, against cycles through copies.
  std::string own = "=l:" + uid_text(var);
  local_names_[var] = own;
  std::string name;
  for (tree rhs : assigned_[var]) {
    std::string next = rhs ? value(rhs, depth + 1) : own;
    if (name.empty())
      name = next;
    else if (name != next)
      name = own; // several values: two reads of the variable are alike only
  }
  if (name.empty())
    name = own;
  local_names_[var] = name;
  return name;
}

std::string StorageKeys::value(tree operand, int depth) {
  if (!operand || depth > kMaxDepth)
    return "?";
  STRIP_NOPS(operand);
  switch (TREE_CODE(operand)) {
  case INTEGER_CST:
    return constant_text(operand);
  case REAL_CST: {
    // The same in every thread (a call passing 1.0 is no per-thread call).
    char digits[64];
    real_to_decimal(digits, TREE_REAL_CST_PTR(operand), sizeof digits, 0, 1);
    return std::string("c:") + digits;
  }
  case ADDR_EXPR:
    return "&" + storage(TREE_OPERAND(operand, 0), depth + 1);
  case SSA_NAME: {
    gimple *def = SSA_NAME_DEF_STMT(operand);
    if (def && gimple_assign_single_p(def))
      return value(gimple_assign_rhs1(def), depth + 1);
    if (SSA_NAME_VAR(operand) && TREE_CODE(SSA_NAME_VAR(operand)) == PARM_DECL &&
        SSA_NAME_IS_DEFAULT_DEF(operand))
      return "=p:" + uid_text(SSA_NAME_VAR(operand));
    return "?";
  }
  case VAR_DECL: case CONST_DECL:
    if (tree cst = constant_value(operand))
      return constant_text(cst);
    if (is_local_variable(operand) && !TREE_ADDRESSABLE(operand))
      return local_value(operand, depth);
    return "=" + storage(operand, depth + 1);
  case PARM_DECL: case COMPONENT_REF: case MEM_REF: case INDIRECT_REF: case ARRAY_REF:
    return "=" + storage(operand, depth + 1);
  default:
    return "?";
  }
}

std::string StorageKeys::value(tree operand) { return value(operand, 0); }

std::string StorageKeys::pointed_value(tree address) {
  tree stripped = address;
  STRIP_NOPS(stripped);
  if (TREE_CODE(stripped) == ADDR_EXPR)
    return value(TREE_OPERAND(stripped, 0), 0);
  return "=*" + value(address, 0);
}

bool StorageKeys::same_in_every_thread(const std::string &name) {
  return !name.empty() && name.find('?') == std::string::npos &&
         name.find("=l:") == std::string::npos;
}

// ---------------------------------------------------------------------------
// Thread tests and lock regions.
// ---------------------------------------------------------------------------

namespace {

bool is_named_call(const gimple *stmt, std::initializer_list<const char *> names) {
  const gcall *call = dyn_cast<const gcall *>(stmt);
  const char *name = call ? callee_name(call) : nullptr;
  if (!name)
    return false;
  for (const char *wanted : names)
    if (strcmp(name, wanted) == 0)
      return true;
  return false;
}

bool is_in_parallel_call(const gimple *stmt) {
  return is_named_call(stmt, {"omp_in_parallel"}) && gimple_call_num_args(stmt) == 0;
}

// OpenMP statements and runtime calls (barriers, taskwaits...) that a
// thread-0 branch or a lock region must not hold to be modelled as one.
bool is_openmp_step(const gimple *stmt) {
  if (is_gimple_omp(stmt))
    return true;
  const gcall *call = dyn_cast<const gcall *>(stmt);
  const char *name = call ? callee_name(call) : nullptr;
  return name && (strncmp(name, "__builtin_GOMP_", 15) == 0 || strncmp(name, "GOMP_", 5) == 0);
}

class FactFinder {
public:
  FactFinder(function *fun, const OmpRegions &regions, StorageKeys &keys)
      : fun_(fun), regions_(regions), keys_(keys) {
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        tree lhs = gimple_get_lhs(gsi_stmt(gsi));
        if (lhs && is_local_variable(lhs))
          definitions_[lhs].push_back(gsi_stmt(gsi));
      }
  }

  OrderingFacts find() {
    bool had_dom = dom_info_available_p(fun_, CDI_DOMINATORS);
    bool had_post = dom_info_available_p(fun_, CDI_POST_DOMINATORS);
    if (!had_dom)
      calculate_dominance_info(CDI_DOMINATORS);
    if (!had_post)
      calculate_dominance_info(CDI_POST_DOMINATORS);
    OrderingFacts facts;
    find_thread_zero(facts);
    find_locks(facts);
    find_taskgroup_ends(facts);
    if (!had_dom)
      free_dominance_info(CDI_DOMINATORS);
    if (!had_post)
      free_dominance_info(CDI_POST_DOMINATORS);
    return facts;
  }

private:
  int team_of(const gimple *stmt) const {
    basic_block bb = gimple_bb(stmt);
    return bb ? regions_.team_of_block(bb->index) : -2;
  }

  // `x' holds, at `use', a statement of team `team', the thread number of
  // that team: the result of omp_get_thread_num () there, or a local
  // variable every assignment of which that reaches `use' stores such a
  // value (or converts it to a type as wide).
  bool thread_number(tree x, int team, const gimple *use) {
    return result_in_team(x, team, use, is_thread_number_call);
  }

  // The same for omp_in_parallel ().
  bool in_parallel_flag(tree x, int team, const gimple *use) {
    return result_in_team(x, team, use, is_in_parallel_call);
  }

  // `x' holds, at `use', whether the thread number of team `team' is 0:
  // `master = omp_get_thread_num () == 0', then `if (master)'.
  bool thread_zero_flag(tree x, int team, const gimple *use) {
    return result_in_team(x, team, use, [this, team](const gimple *def) {
      if (!is_gimple_assign(def) || gimple_assign_rhs_code(def) != EQ_EXPR)
        return false;
      tree a = gimple_assign_rhs1(def), b = gimple_assign_rhs2(def);
      if (integer_zerop(a))
        std::swap(a, b);
      return integer_zerop(b) && thread_number(a, team, def);
    });
  }

  // `x' holds, at `use' (a statement of team `team'), the value of a
  // statement `is_source' accepts made in that team, directly or through
  // local variables every assignment of which that reaches `use' copies
  // such a value: an assignment overwritten further in its own block
  // before `use' is passed over (`tid = 0;' then `tid =
  // omp_get_thread_num ();', the default of code built also without
  // OpenMP).
  template <typename Source>
  bool result_in_team(tree x, int team, const gimple *use, Source is_source, int depth = 0) {
    if (depth > kMaxDepth)
      return false;
    STRIP_NOPS(x);
    if (TREE_CODE(x) == SSA_NAME) {
      gimple *def = SSA_NAME_DEF_STMT(x);
      if (!def || team_of(def) != team)
        return false;
      if (is_source(def))
        return true;
      return copies_value(def) &&
             result_in_team(gimple_assign_rhs1(def), team, def, is_source, depth + 1);
    }
    if (!is_local_variable(x) || TREE_ADDRESSABLE(x) || TREE_THIS_VOLATILE(x))
      return false;
    auto defs = definitions_.find(x);
    if (defs == definitions_.end() || defs->second.empty())
      return false;
    for (gimple *def : defs->second) {
      if (overwritten_before(def, x, use))
        continue;
      if (team_of(def) != team)
        return false;
      if (is_source(def))
        continue;
      if (!copies_value(def) ||
          !result_in_team(gimple_assign_rhs1(def), team, def, is_source, depth + 1))
        return false;
    }
    return true;
  }

  // `def' copies its operand, or converts an integer to a type at least
  // as wide (which keeps a thread number and a flag).
  static bool copies_value(const gimple *def) {
    if (gimple_assign_single_p(def))
      return true;
    if (!is_gimple_assign(def) || !CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def)))
      return false;
    tree to = TREE_TYPE(gimple_assign_lhs(def)), from = TREE_TYPE(gimple_assign_rhs1(def));
    return INTEGRAL_TYPE_P(to) && INTEGRAL_TYPE_P(from) &&
           TYPE_PRECISION(to) >= TYPE_PRECISION(from);
  }

  // Another assignment of `x' follows `def' in its block, and `use' does
  // not lie between them: `def' cannot reach `use'.
  static bool overwritten_before(const gimple *def, tree x, const gimple *use) {
    gimple_stmt_iterator gsi = gsi_for_stmt(const_cast<gimple *>(def));
    for (gsi_next(&gsi); !gsi_end_p(gsi); gsi_next(&gsi)) {
      const gimple *stmt = gsi_stmt(gsi);
      if (stmt == use)
        return false;
      if (gimple_get_lhs(stmt) == x)
        return true;
    }
    return false;
  }

  // `x' holds the flag MPI_Is_thread_main sets: true in the thread that
  // initialised MPI only.  A copy of a local variable whose address only
  // MPI_Is_thread_main gets, and that nothing else assigns.
  bool thread_main_flag(tree x, int depth = 0) {
    if (depth > kMaxDepth)
      return false;
    STRIP_NOPS(x);
    if (TREE_CODE(x) == SSA_NAME) {
      gimple *def = SSA_NAME_DEF_STMT(x);
      return def && gimple_assign_single_p(def) &&
             thread_main_flag(gimple_assign_rhs1(def), depth + 1);
    }
    if (!is_local_variable(x) || TREE_THIS_VOLATILE(x))
      return false;
    if (!TREE_ADDRESSABLE(x)) { // a temporary: every assignment copies a flag
      auto defs = definitions_.find(x);
      if (defs == definitions_.end() || defs->second.empty())
        return false;
      for (gimple *def : defs->second)
        if (!gimple_assign_single_p(def) || !thread_main_flag(gimple_assign_rhs1(def), depth + 1))
          return false;
      return true;
    }
    if (!thread_main_flags_found_)
      find_thread_main_flags();
    return thread_main_flags_.count(x) != 0;
  }

  // thread_main_flags_: the local variables whose address only calls of
  // MPI_Is_thread_main get, and that nothing assigns.  One walk of the
  // function, on the first test that needs it.
  void find_thread_main_flags() {
    thread_main_flags_found_ = true;
    std::set<tree> given, elsewhere;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        if (is_gimple_debug(stmt) || gimple_clobber_p(stmt))
          continue;
        const gcall *call = dyn_cast<const gcall *>(stmt);
        bool sets_flag = call && callee_name(call) &&
                         library_name(callee_name(call)).compare(0, 18, "mpi_is_thread_main") == 0;
        tree lhs = gimple_get_lhs(stmt);
        if (lhs && is_local_variable(lhs))
          elsewhere.insert(lhs);
        for (unsigned i = 0; i < gimple_num_ops(stmt); ++i) {
          tree op = gimple_op(stmt, i);
          if (!op)
            continue;
          if (sets_flag && TREE_CODE(op) == ADDR_EXPR && is_local_variable(TREE_OPERAND(op, 0))) {
            given.insert(TREE_OPERAND(op, 0));
            continue;
          }
          walk_tree_without_duplicates(&op, note_address_taken, &elsewhere);
        }
      }
    for (tree variable : given)
      if (!elsewhere.count(variable))
        thread_main_flags_.insert(variable);
  }

  static tree note_address_taken(tree *node, int *walk_subtrees, void *data) {
    if (TYPE_P(*node))
      *walk_subtrees = 0;
    else if (TREE_CODE(*node) == ADDR_EXPR)
      static_cast<std::set<tree> *>(data)->insert(TREE_OPERAND(*node, 0));
    return NULL_TREE;
  }

  // The value of `x' when it is a named constant or a copy of one (`tid
  // == comm_thread' with `static const int comm_thread = 0', loaded into a
  // temporary at -O0), else `x'.
  tree known_constant(tree x) const {
    tree read = x;
    const gimple *def = nullptr;
    if (TREE_CODE(read) == SSA_NAME) {
      def = SSA_NAME_DEF_STMT(read);
    } else if (is_local_variable(read) && !TREE_ADDRESSABLE(read)) {
      auto defs = definitions_.find(read);
      if (defs != definitions_.end() && defs->second.size() == 1)
        def = defs->second.front();
    }
    if (def && gimple_assign_single_p(def))
      read = gimple_assign_rhs1(def);
    tree cst = DECL_P(read) ? constant_value(read) : NULL_TREE;
    return cst ? fold_convert(TREE_TYPE(x), cst) : x;
  }

  // `x' holds, at `use', a value the same in every thread of team `team'
  // that counts its threads: omp_get_num_threads () there, or that plus
  // or minus a constant (`nthreads - 1').
  bool team_size_value(tree x, int team, const gimple *use, int depth = 0) {
    if (depth > kMaxDepth)
      return false;
    return result_in_team(x, team, use, [this, team, depth](const gimple *def) {
      if (is_named_call(def, {"omp_get_num_threads", "__builtin_omp_get_num_threads"}))
        return gimple_call_num_args(def) == 0;
      if (!is_gimple_assign(def) || (gimple_assign_rhs_code(def) != PLUS_EXPR &&
                                     gimple_assign_rhs_code(def) != MINUS_EXPR))
        return false;
      return TREE_CODE(gimple_assign_rhs2(def)) == INTEGER_CST &&
             team_size_value(gimple_assign_rhs1(def), team, def, depth + 1);
    });
  }

  // The edge into the branch of `cond' that one thread alone takes, the
  // thread number being equal to a constant other than 0, or to a value
  // the same in every thread of the team (the true edge of `==', the
  // false edge of `!='); null otherwise.
  edge one_thread_edge(gcond *cond) {
    tree lhs = gimple_cond_lhs(cond), rhs = gimple_cond_rhs(cond);
    enum tree_code code = gimple_cond_code(cond);
    if (code != EQ_EXPR && code != NE_EXPR)
      return nullptr;
    int team = team_of(cond);
    if (!thread_number(lhs, team, cond)) {
      std::swap(lhs, rhs);
      if (!thread_number(lhs, team, cond))
        return nullptr;
    }
    rhs = known_constant(rhs);
    if (TREE_CODE(rhs) == INTEGER_CST ? integer_zerop(rhs) : !team_size_value(rhs, team, cond))
      return nullptr;
    edge true_edge, false_edge;
    extract_true_false_edges_from_block(gimple_bb(cond), &true_edge, &false_edge);
    return code == EQ_EXPR ? true_edge : false_edge;
  }

  // The edge into the branch thread 0 takes at `cond' (or the thread that
  // initialised MPI, thread 0 of the outermost team), or null.
  edge thread_zero_edge(gcond *cond) {
    tree lhs = gimple_cond_lhs(cond), rhs = gimple_cond_rhs(cond);
    enum tree_code code = gimple_cond_code(cond);
    edge true_edge, false_edge;
    extract_true_false_edges_from_block(gimple_bb(cond), &true_edge, &false_edge);
    lhs = known_constant(lhs);
    rhs = known_constant(rhs);
    if (TREE_CODE(lhs) == INTEGER_CST) { // `0 < tid' is `tid > 0'
      std::swap(lhs, rhs);
      code = swap_tree_comparison(code);
    }
    if (TREE_CODE(rhs) != INTEGER_CST || !tree_fits_shwi_p(rhs))
      return nullptr;
    const HOST_WIDE_INT k = tree_to_shwi(rhs);
    if (thread_number(lhs, team_of(cond), cond)) {
      // A thread number is >= 0: the side of `tid OP k' that holds 0
      // alone (`tid == 0', `tid > 0' false, `tid < 1' true...).
      switch (code) {
      case EQ_EXPR: return k == 0 ? true_edge : nullptr;
      case NE_EXPR: return k == 0 ? false_edge : nullptr;
      case LT_EXPR: return k == 1 ? true_edge : nullptr;
      case LE_EXPR: return k == 0 ? true_edge : nullptr;
      case GT_EXPR: return k == 0 ? false_edge : nullptr;
      case GE_EXPR: return k == 1 ? false_edge : nullptr;
      default: return nullptr;
      }
    }
    if (k == 0 && (code == EQ_EXPR || code == NE_EXPR) && thread_main_flag(lhs))
      return code == NE_EXPR ? true_edge : false_edge;
    // omp_in_parallel () false: no active region encloses the thread, which
    // runs alone, thread 0 of every team around it (OpenMP 5.2, 18.2.5).
    if (k == 0 && (code == EQ_EXPR || code == NE_EXPR) &&
        in_parallel_flag(lhs, team_of(cond), cond))
      return code == EQ_EXPR ? true_edge : false_edge;
    if (k == 0 && (code == EQ_EXPR || code == NE_EXPR) && thread_zero_flag(lhs, team_of(cond), cond))
      return code == NE_EXPR ? true_edge : false_edge;
    return nullptr;
  }

  void find_thread_zero(OrderingFacts &facts) {
    struct Candidate {
      ThreadZeroBranch branch;
      std::set<int> body;
    };
    std::vector<Candidate> candidates;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_) {
      gcond *cond = safe_dyn_cast<gcond *>(last_stmt(bb));
      edge into = cond ? thread_zero_edge(cond) : nullptr;
      bool main_thread = into != nullptr;
      if (cond && !into)
        into = one_thread_edge(cond);
      if (!into || !single_pred_p(into->dest) || into->dest == EXIT_BLOCK_PTR_FOR_FN(fun_))
        continue;
      Candidate candidate{{cond, into, {}, main_thread}, {}};
      bool plain = true;
      basic_block inner;
      FOR_EACH_BB_FN(inner, fun_)
        if (dominated_by_p(CDI_DOMINATORS, inner, into->dest)) {
          candidate.body.insert(inner->index);
          for (gimple_stmt_iterator gsi = gsi_start_bb(inner); !gsi_end_p(gsi); gsi_next(&gsi))
            plain &= !is_openmp_step(gsi_stmt(gsi));
        }
      if (!plain)
        continue;
      for (int index : candidate.body) {
        edge e;
        edge_iterator ei;
        FOR_EACH_EDGE(e, ei, BASIC_BLOCK_FOR_FN(fun_, index)->succs)
          if (!candidate.body.count(e->dest->index))
            candidate.branch.exits.push_back(e);
      }
      candidates.push_back(candidate);
    }
    // One level only: a test inside another one's branch adds nothing.
    for (const Candidate &c : candidates) {
      bool nested = false;
      for (const Candidate &other : candidates)
        nested |= &other != &c && other.body.count(gimple_bb(c.branch.test)->index);
      if (!nested)
        facts.thread_zero.push_back(c.branch);
    }
  }

  // The statements strictly between `from' and `to' (`from' dominating
  // `to', `to' postdominating `from') are plain code.
  bool plain_between(gimple *from, gimple *to) {
    basic_block a = gimple_bb(from), b = gimple_bb(to);
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_) {
      bool between = bb == a || bb == b ||
                     (dominated_by_p(CDI_DOMINATORS, bb, a) &&
                      dominated_by_p(CDI_POST_DOMINATORS, bb, b));
      if (!between)
        continue;
      // In the first block, from `from' on; in the last, up to `to'.
      bool inside = bb != a;
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        if (stmt == from) {
          inside = true;
          continue;
        }
        if (stmt == to)
          break;
        if (inside && is_openmp_step(stmt))
          return false;
      }
    }
    return true;
  }

  void find_taskgroup_ends(OrderingFacts &facts) {
    std::vector<gimple *> directives, ends;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        if (gimple_code(stmt) == GIMPLE_OMP_TASKGROUP)
          directives.push_back(stmt);
        else if (is_named_call(stmt, {"__builtin_GOMP_taskgroup_end", "GOMP_taskgroup_end"}))
          ends.push_back(stmt);
      }
    for (gimple *end : ends) {
      gimple *innermost = nullptr;
      for (gimple *directive : directives)
        if (dominated_by_p(CDI_DOMINATORS, gimple_bb(end), gimple_bb(directive)) &&
            (!innermost ||
             dominated_by_p(CDI_DOMINATORS, gimple_bb(directive), gimple_bb(innermost))))
          innermost = directive;
      if (innermost)
        facts.taskgroup_ends[end] = innermost;
    }
  }

  void find_locks(OrderingFacts &facts) {
    std::vector<std::pair<gcall *, std::string>> sets, unsets;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
        if (!call || gimple_call_num_args(call) != 1)
          continue;
        bool set = is_named_call(call, {"omp_set_lock", "omp_set_nest_lock"});
        bool unset = is_named_call(call, {"omp_unset_lock", "omp_unset_nest_lock"});
        if (!set && !unset)
          continue;
        std::string lock = keys_.value(gimple_call_arg(call, 0));
        (set ? sets : unsets).push_back({call, lock});
      }
    for (const auto &set : sets) {
      if (set.second.find('?') != std::string::npos)
        continue;
      gcall *match = nullptr;
      int count = 0;
      for (const auto &unset : unsets) {
        basic_block a = gimple_bb(set.first), b = gimple_bb(unset.first);
        if (unset.second != set.second)
          continue;
        bool ordered = a == b ? gimple_uid(set.first) < gimple_uid(unset.first)
                              : dominated_by_p(CDI_DOMINATORS, b, a) &&
                                    dominated_by_p(CDI_POST_DOMINATORS, a, b);
        if (ordered) {
          match = unset.first;
          ++count;
        }
      }
      if (count == 1 && regions_.region_at_block[gimple_bb(set.first)->index] ==
                            regions_.region_at_block[gimple_bb(match)->index] &&
          plain_between(set.first, match))
        facts.locks.push_back({set.first, match, set.second});
    }
  }

  function *fun_;
  const OmpRegions &regions_;
  StorageKeys &keys_;
  std::map<tree, std::vector<gimple *>> definitions_;
  std::set<tree> thread_main_flags_; // find_thread_main_flags
  bool thread_main_flags_found_ = false;
};

} // namespace

bool is_thread_number_call(const gimple *stmt) {
  return is_named_call(stmt, {"omp_get_thread_num", "__builtin_omp_get_thread_num"}) &&
         gimple_call_num_args(stmt) == 0;
}

OrderingFacts find_ordering_facts(function *fun, const OmpRegions &regions, StorageKeys &keys) {
  // Statement order within a block, for a lock set and unset in one block.
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    unsigned order = 0;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
      gimple_set_uid(gsi_stmt(gsi), order++);
  }
  return FactFinder(fun, regions, keys).find();
}

// Gimplification made the item its address: "&l:12" (a variable named
// directly, with fields and constant indexes), or "&*=*=d:7.f:9..." (a
// variable shared with the region, reached through the address its data
// block holds).  Any other value read ("=l:...", "=p:..."), or '?', may
// change between two creations of the task.
bool names_fixed_storage(const std::string &item) {
  static const std::string shared = "&*=*=d:";
  std::string rest = item;
  if (rest.compare(0, shared.size(), shared) == 0) {
    std::size_t field = rest.find(".f:", shared.size());
    if (field == std::string::npos)
      return false;
    rest = "&" + rest.substr(field);
  }
  return rest.size() > 1 && rest[0] == '&' && rest.find_first_of("=?") == std::string::npos;
}

std::vector<DependClause> depend_clauses(const gimple *task, StorageKeys &keys) {
  std::vector<DependClause> clauses;
  for (tree c = gimple_omp_task_clauses(task); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_DEPEND)
      continue;
    DependClause::Type type;
    switch (OMP_CLAUSE_DEPEND_KIND(c)) {
    case OMP_CLAUSE_DEPEND_IN: type = DependClause::In; break;
    case OMP_CLAUSE_DEPEND_OUT: case OMP_CLAUSE_DEPEND_INOUT: type = DependClause::Out; break;
    case OMP_CLAUSE_DEPEND_MUTEXINOUTSET: type = DependClause::MutexInOutSet; break;
    default: continue; // depobj, the lowering's own array: not followed
    }
    tree item = OMP_CLAUSE_DECL(c);
    // An iterator-modified clause keeps a TREE_LIST: not followed.
    std::string name = item && TREE_CODE(item) != TREE_LIST ? keys.value(item) : "?";
    clauses.push_back({name, type, names_fixed_storage(name)});
  }
  return clauses;
}

} // namespace parcoach
