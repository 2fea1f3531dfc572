#include "buffer_checks.h"

#include "function_model.h"
#include "instrument.h"
#include "request_events.h"

#include "buffer_accesses.h"
#include "buffer_loops.h"
#include "mpi_f08.h"
#include "mpi_knowledge.h"
#include "rma_epochs.h"

#include <cstring>
#include <map>
#include <set>
#include <vector>

namespace parcoach {

namespace {

// uintptr_t parcoach_buffers_{read,write}_{lo,end};  (rtlib/parcoach_buffers.c)
// [lo, end): memory a read (write) may touch without asking the runtime.
enum SafeBound { ReadLo, ReadEnd, WriteLo, WriteEnd, SafeBoundCount };
const char *const safe_bound_names[SafeBoundCount] = {
    "parcoach_buffers_read_lo", "parcoach_buffers_read_end", "parcoach_buffers_write_lo",
    "parcoach_buffers_write_end"};
tree safe_bound_decls[SafeBoundCount];
const ggc_root_tab buffer_check_roots[] = {
    {&safe_bound_decls[0], SafeBoundCount, sizeof(safe_bound_decls[0]), &gt_ggc_mx_tree_node,
     &gt_pch_nx_tree_node},
    LAST_GGC_ROOT_TAB};

tree safe_bound(SafeBound bound) {
  if (!safe_bound_decls[bound]) {
    tree decl = build_decl(BUILTINS_LOCATION, VAR_DECL, get_identifier(safe_bound_names[bound]),
                           pointer_sized_int_node);
    TREE_PUBLIC(decl) = 1;
    DECL_EXTERNAL(decl) = 1;
    DECL_ARTIFICIAL(decl) = 1;
    safe_bound_decls[bound] = decl;
  }
  return safe_bound_decls[bound];
}

// The RMA operations whose origin-side buffers stay in use until a
// synchronization (the request-based MPI_R* ones: or their request's
// completion), as the runtime registers them: the operations of
// rma_epochs' table, called by their MPI_ name (the runtime wraps those),
// from C only (the Fortran bindings of both MPIs reach PMPI_ directly for
// RMA).
bool is_rma_with_origin(const char *name, SourceLanguage language) {
  RmaEventKind kind;
  return language == SourceLanguage::C && std::strncmp(name, "MPI_", 4) == 0 &&
         rma_event_of_routine(name, kind) && kind == RmaEventKind::Operation;
}

// The persistent point-to-point calls: their buffers are pending from each
// MPI_Start to the completion, and the runtime names them by the site
// given before the call (C only, like the RMA sites).
const char *const persistent_inits[] = {"MPI_Send_init", "MPI_Bsend_init", "MPI_Ssend_init",
                                        "MPI_Rsend_init", "MPI_Recv_init"};

bool needs_site(const char *name, SourceLanguage language) {
  if (language != SourceLanguage::C)
    return false;
  for (const char *init : persistent_inits)
    if (std::strcmp(name, init) == 0)
      return true;
  return is_rma_with_origin(name, language);
}

bool is_start(const char *name) {
  return std::strcmp(name, "MPI_Start") == 0 || std::strcmp(name, "MPI_Startall") == 0 ||
         std::strcmp(name, "mpi_start") == 0 || std::strcmp(name, "mpi_startall") == 0;
}

// Whether the call is to an mpi_f08 procedure whose operation's
// completion the runtime never sees (plugin/core/mpi_f08.h): its buffer
// would stay registered after the program's mpi_wait, and the first
// access after it would stop a correct program.
bool started_through_f08(const gcall *call) {
  if (gimple_call_internal_p(call) || !gcc_compat::compiling_fortran())
    return false;
  tree callee = gimple_call_fndecl(call);
  return callee && DECL_NAME(callee) &&
         f08_completion_unseen(IDENTIFIER_POINTER(DECL_NAME(callee)));
}

// Whether the call leaves an operation pending on a buffer.
bool starts_pending(const gcall *call, SourceLanguage language) {
  const char *name = gimple_call_internal_p(call) ? nullptr : callee_name(call);
  return name && (created_request_position(call, name, language) >= 0 || is_start(name) ||
                  is_rma_with_origin(name, language));
}

// A memory operand the check can name by address and size: its base
// variable (NULL_TREE when reached through a pointer) in `base'.
bool checkable_memory(tree op, tree *base) {
  if (!op || TREE_CODE(op) == SSA_NAME || TREE_CODE(op) == CONSTRUCTOR ||
      CONSTANT_CLASS_P(op) || TREE_CODE(op) == ADDR_EXPR)
    return false;
  if (!(DECL_P(op) || handled_component_p(op) || TREE_CODE(op) == MEM_REF ||
        TREE_CODE(op) == TARGET_MEM_REF))
    return false;
  for (tree t = op; handled_component_p(t); t = TREE_OPERAND(t, 0))
    if (TREE_CODE(t) == BIT_FIELD_REF ||
        (TREE_CODE(t) == COMPONENT_REF && DECL_BIT_FIELD(TREE_OPERAND(t, 1))))
      return false;
  tree size = TYPE_SIZE_UNIT(TREE_TYPE(op));
  if (!size || !tree_fits_uhwi_p(size) || tree_to_uhwi(size) == 0)
    return false;
  tree found = get_base_address(op);
  if (!found)
    return false;
  if (TREE_CODE(found) == MEM_REF || TREE_CODE(found) == TARGET_MEM_REF) {
    *base = NULL_TREE;
    return true;
  }
  if (!VAR_P(found) && TREE_CODE(found) != PARM_DECL && TREE_CODE(found) != RESULT_DECL)
    return false;
  if (DECL_HARD_REGISTER(found) || (!TREE_ADDRESSABLE(found) && !is_global_var(found)))
    return false; // never in memory another party can know of
  *base = found;
  return true;
}

// A variable the analysis sees whole: this function's own (a static one
// too), so that every place its address is taken is in this function.
bool own_variable(tree var, function *fun) {
  return DECL_CONTEXT(var) == fun->decl && !TREE_PUBLIC(var) && !DECL_EXTERNAL(var);
}

struct AddressSearch {
  std::set<tree> *taken;
};

tree note_address(tree *tp, int *walk_subtrees, void *data) {
  if (TYPE_P(*tp)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(*tp) == ADDR_EXPR) {
    tree base = get_base_address(TREE_OPERAND(*tp, 0));
    if (base && DECL_P(base))
      static_cast<AddressSearch *>(data)->taken->insert(base);
  }
  return NULL_TREE;
}

// The local request array an argument designates (`&arr', `&arr[k]'),
// with `whole' set when it is the array from its first element.
tree request_array(tree arg, function *fun, bool *whole) {
  *whole = false;
  if (TREE_CODE(arg) != ADDR_EXPR)
    return NULL_TREE;
  tree ref = TREE_OPERAND(arg, 0);
  bool element = TREE_CODE(ref) == ARRAY_REF;
  tree array = element ? TREE_OPERAND(ref, 0) : ref;
  if (!VAR_P(array) || TREE_CODE(TREE_TYPE(array)) != ARRAY_TYPE ||
      !own_variable(array, fun) || TREE_THIS_VOLATILE(array))
    return NULL_TREE;
  *whole = !element || integer_zerop(TREE_OPERAND(ref, 1));
  return array;
}

// The number of elements of a fixed-size array variable, or 0.
unsigned HOST_WIDE_INT element_count(tree array) {
  tree size = TYPE_SIZE_UNIT(TREE_TYPE(array));
  tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(array)));
  if (!size || !element || !tree_fits_uhwi_p(size) || !tree_fits_uhwi_p(element) ||
      tree_to_uhwi(element) == 0)
    return 0;
  return tree_to_uhwi(size) / tree_to_uhwi(element);
}

bool mentions_tree(tree operand, tree wanted) {
  struct Search {
    tree wanted;
    bool found;
  } search{wanted, false};
  auto visit = [](tree *tp, int *walk_subtrees, void *data) -> tree {
    Search *s = static_cast<Search *>(data);
    if (*tp == s->wanted)
      s->found = true;
    if (TYPE_P(*tp))
      *walk_subtrees = 0;
    return NULL_TREE;
  };
  if (operand)
    walk_tree_without_duplicates(&operand, visit, &search);
  return search.found;
}

// The MPI_Waitall calls that complete every operation the function starts:
// every start is a request-creating call or MPI_Start(all) whose request
// lands in one local array, which nothing but MPI calls touches, and the
// MPI_Waitall covers that whole array (C: the count is a constant).
std::set<const gimple *> completing_calls(function *fun, SourceLanguage language) {
  std::set<const gimple *> completing;
  if (language != SourceLanguage::C)
    return completing;
  tree array = NULL_TREE;
  std::vector<const gcall *> waitalls;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      const gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
      if (!call || calls_runtime_function(call) || !starts_pending(call, language)) {
        if (call && !gimple_call_internal_p(call) && callee_name(call) &&
            std::strcmp(callee_name(call), "MPI_Waitall") == 0 && gimple_call_num_args(call) == 3)
          waitalls.push_back(call);
        continue;
      }
      const char *name = callee_name(call);
      int position = created_request_position(call, name, language);
      if (position < 0 && std::strcmp(name, "MPI_Start") == 0 && gimple_call_num_args(call) == 1)
        position = 0;
      if (position < 0 && std::strcmp(name, "MPI_Startall") == 0 &&
          gimple_call_num_args(call) == 2)
        position = 1;
      bool whole = false;
      tree used = position >= 0 ? request_array(gimple_call_arg(call, position), fun, &whole)
                                : NULL_TREE;
      if (!used || (array && used != array))
        return completing; // an RMA start, a scalar handle, two arrays...
      array = used;
    }
  unsigned HOST_WIDE_INT count = array ? element_count(array) : 0;
  if (!count)
    return completing;
  // Only MPI calls may touch the array.
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_debug(stmt) || gimple_clobber_p(stmt))
        continue;
      const gcall *call = dyn_cast<gcall *>(stmt);
      const char *name = call && !gimple_call_internal_p(call) ? callee_name(call) : nullptr;
      bool mpi_call = name && std::strncmp(name, "MPI_", 4) == 0;
      for (unsigned i = 0; i < gimple_num_ops(stmt); ++i) {
        tree op = gimple_op(stmt, i);
        bool call_argument = mpi_call && i >= 3; // ops 0-2: lhs, callee, chain
        if (call_argument && op && TREE_CODE(op) == ADDR_EXPR)
          continue;
        if (mentions_tree(op, array))
          return completing;
      }
    }
  for (const gcall *call : waitalls) {
    bool whole = false;
    tree count_arg = gimple_call_arg(call, 0);
    if (request_array(gimple_call_arg(call, 1), fun, &whole) == array && whole &&
        TREE_CODE(count_arg) == INTEGER_CST && tree_fits_uhwi_p(count_arg) &&
        tree_to_uhwi(count_arg) == count)
      completing.insert(call);
  }
  return completing;
}

struct Access {
  gimple *stmt;
  tree ref;
  bool writes;
};

struct BufferRecord {
  BufferFunction function;
  std::vector<Access> accesses;
  std::vector<gcall *> site_calls; // sites for the runtime's messages
};

BufferRecord read_buffer_accesses(function *fun, SourceLanguage language) {
  BufferRecord record;
  basic_block bb;
  bool starts = false;
  // Every variable whose address is taken anywhere (in a starting call:
  // possibly its buffer; elsewhere: where it goes is not followed).
  std::set<tree> taken;
  AddressSearch search{&taken};
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_omp(stmt))
        return BufferRecord(); // threads' copies: left alone
      if (is_gimple_debug(stmt))
        continue;
      if (const gcall *call = dyn_cast<gcall *>(stmt)) {
        const char *name = gimple_call_internal_p(call) ? nullptr : callee_name(call);
        bool pending = !calls_runtime_function(call) && starts_pending(call, language);
        starts |= pending || (!calls_runtime_function(call) && name && needs_site(name, language));
        // An operation started through mpi_f08: its completion goes
        // unseen, so no check can tell its buffer free again (silence).
        if (pending && started_through_f08(call))
          return BufferRecord();
      }
      for (unsigned i = 0; i < gimple_num_ops(stmt); ++i)
        if (tree op = gimple_op(stmt, i))
          walk_tree_without_duplicates(&op, note_address, &search);
    }
  if (!starts)
    return record;

  std::set<const gimple *> completing = completing_calls(fun, language);
  std::map<tree, int> variables;
  auto variable_of = [&](tree base) {
    if (!base)
      return -1;
    auto known = variables.find(base);
    if (known != variables.end())
      return known->second;
    int index = (int)record.function.may_be_buffer.size();
    variables[base] = index;
    record.function.may_be_buffer.push_back(!own_variable(base, fun) || taken.count(base));
    return index;
  };
  auto add_access = [&](BufferBlock &block, gimple *stmt, tree ref, bool writes) {
    tree base = NULL_TREE;
    if (!checkable_memory(ref, &base))
      return;
    // Constant data is never written, and reading a send buffer is allowed.
    if (!writes && base && TREE_READONLY(base) && !TREE_THIS_VOLATILE(base))
      return;
    block.events.push_back({BufferEvent::Kind::Access, (int)record.accesses.size(),
                            variable_of(base)});
    record.accesses.push_back({stmt, ref, writes});
  };

  record.function.blocks.resize(last_basic_block_for_fn(fun));
  record.function.entry = ENTRY_BLOCK;
  FOR_ALL_BB_FN(bb, fun) {
    BufferBlock &block = record.function.blocks[bb->index];
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs)
      block.successors.push_back(e->dest->index);
    if (bb == ENTRY_BLOCK_PTR_FOR_FN(fun) || bb == EXIT_BLOCK_PTR_FOR_FN(fun))
      continue;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_debug(stmt) || gimple_clobber_p(stmt))
        continue;
      if (gcall *call = dyn_cast<gcall *>(stmt)) {
        if (calls_runtime_function(call))
          continue;
        const char *name = gimple_call_internal_p(call) ? nullptr : callee_name(call);
        if (name && needs_site(name, language))
          record.site_calls.push_back(call);
        if (starts_pending(call, language))
          block.events.push_back({BufferEvent::Kind::Start});
        else if (completing.count(call))
          block.events.push_back({BufferEvent::Kind::CompleteAll});
        continue;
      }
      if (!is_gimple_assign(stmt) || gimple_has_volatile_ops(stmt))
        continue;
      if (gimple_assign_single_p(stmt))
        add_access(block, stmt, gimple_assign_rhs1(stmt), false);
      add_access(block, stmt, gimple_assign_lhs(stmt), true);
    }
  }
  return record;
}

tree access_function() { return runtime_entry(EntryPoint::buffer_access); }

// Splits the block of `test' (a gcond, its last statement so far) after
// it and sends its true edge, marked very unlikely, to a new block running
// `slow_code' and falling through to the rest; returns the rest.
basic_block add_slow_path(gcond *test, gimple_seq slow_code) {
  basic_block guard = gimple_bb(test);
  edge skip = split_block(guard, test);
  basic_block rest = skip->dest;
  basic_block slow = create_empty_bb(guard);
  skip->flags = EDGE_FALSE_VALUE;
  edge taken = make_edge(guard, slow, EDGE_TRUE_VALUE);
  taken->probability = profile_probability::very_unlikely();
  skip->probability = taken->probability.invert();
  slow->count = guard->count.apply_probability(taken->probability);
  make_single_succ_edge(slow, rest, EDGE_FALLTHRU);
  if (current_loops)
    add_bb_to_loop(slow, guard->loop_father);
  gimple_stmt_iterator in_slow = gsi_start_bb(slow);
  gsi_insert_seq_after(&in_slow, slow_code, GSI_NEW_STMT);
  return rest;
}

// Before `access':
//   address = (uintptr_t) &ref;  end = address + size;
//   outside = (address < lo) | (end > end_bound);
//   if (outside) parcoach_buffer_access (...)
// with the runtime's safe interval for reads or writes, the call in a
// block of its own off the likely path.
void insert_check(const Access &access, tree check) {
  location_t where = gimple_location(access.stmt);
  const char *file = LOCATION_FILE(where);
  if (!file)
    return;
  tree base = get_base_address(access.ref);
  if (base && DECL_P(base) && !TREE_ADDRESSABLE(base))
    TREE_ADDRESSABLE(base) = 1; // a global: its address is now taken
  tree uint = pointer_sized_int_node;
  tree size = TYPE_SIZE_UNIT(TREE_TYPE(access.ref));
  gimple_seq guard_code = nullptr;
  auto emit = [&](gimple *stmt) {
    gimple_set_location(stmt, where);
    gimple_seq_add_stmt(&guard_code, stmt);
  };
  tree pointer = create_tmp_var(ptr_type_node, "parcoach_address");
  emit(gimple_build_assign(pointer, build_fold_addr_expr(unshare_expr(access.ref))));
  tree address = create_tmp_var(uint, "parcoach_address");
  emit(gimple_build_assign(address, NOP_EXPR, pointer));
  tree end = create_tmp_var(uint, "parcoach_end");
  emit(gimple_build_assign(end, PLUS_EXPR, address, fold_convert(uint, size)));
  tree lo = create_tmp_var(uint, "parcoach_safe");
  emit(gimple_build_assign(lo, safe_bound(access.writes ? WriteLo : ReadLo)));
  tree hi = create_tmp_var(uint, "parcoach_safe");
  emit(gimple_build_assign(hi, safe_bound(access.writes ? WriteEnd : ReadEnd)));
  tree below = create_tmp_var(boolean_type_node, "parcoach_outside");
  emit(gimple_build_assign(below, LT_EXPR, address, lo));
  tree above = create_tmp_var(boolean_type_node, "parcoach_outside");
  emit(gimple_build_assign(above, GT_EXPR, end, hi));
  tree outside = create_tmp_var(boolean_type_node, "parcoach_outside");
  emit(gimple_build_assign(outside, BIT_IOR_EXPR, below, above));
  gcond *test = gimple_build_cond(NE_EXPR, outside, boolean_false_node, NULL_TREE, NULL_TREE);
  emit(test);
  gimple_stmt_iterator gsi = gsi_for_stmt(access.stmt);
  gsi_insert_seq_before(&gsi, guard_code, GSI_SAME_STMT);

  gcall *call = gimple_build_call(check, 5, pointer, fold_convert(long_unsigned_type_node, size),
                                  build_int_cst(integer_type_node, access.writes ? 1 : 0),
                                  gcc_compat::string_constant(file),
                                  build_int_cst(integer_type_node, LOCATION_LINE(where)));
  gimple_set_location(call, where);
  gimple_seq slow_code = nullptr;
  gimple_seq_add_stmt(&slow_code, call);
  add_slow_path(test, slow_code);
}

// parcoach_request_site (file, line) before an RMA operation or a
// persistent request's creation.
void insert_site(gcall *call) {
  location_t where = gimple_location(call);
  const char *file = LOCATION_FILE(where);
  if (!file)
    return;
  gcall *site = gimple_build_call(runtime_entry(EntryPoint::request_site), 2, gcc_compat::string_constant(file),
                                  build_int_cst(integer_type_node, LOCATION_LINE(where)));
  gimple_set_location(site, where);
  gimple_stmt_iterator gsi = gsi_for_stmt(call);
  gsi_insert_before(&gsi, site, GSI_SAME_STMT);
}

// ---------------------------------------------------------------------
// Loops whose checks are hoisted (core/buffer_loops.h): a loop with no
// call, counted by a local integer, whose checked accesses all move by a
// fixed number of bytes per iteration, is versioned: a test before it
// runs an unchecked copy when the intervals its accesses may touch hold
// no byte a pending operation forbids, and the checked loop otherwise.

// The counted loop `for (; i TEST bound; i += step)' as the pass sees it
// right after `cfg': the header holds the exit test (and temporaries it
// computes), the latch ends with the increment, nothing else assigns i.
struct CountedLoop {
  class loop *cycle = nullptr;
  edge entry = nullptr; // the one edge into the header from outside
  tree induction = NULL_TREE;
  tree bound = NULL_TREE;
  LoopTest test = LoopTest::Less;
  long long step = 0;
};

// A signed reading of an integer constant: its value, or for a type as
// wide as a pointer the value modulo the address space (sizetype offsets
// like `p + 18446744073709551608', which is p - 8).
bool constant_value(tree cst, long long *value) {
  if (TREE_CODE(cst) != INTEGER_CST)
    return false;
  if (TYPE_PRECISION(TREE_TYPE(cst)) == POINTER_SIZE && POINTER_SIZE == 64) {
    *value = (long long)TREE_INT_CST_LOW(cst);
    return true;
  }
  if (!tree_fits_shwi_p(cst))
    return false;
  *value = tree_to_shwi(cst);
  return true;
}

bool integer_or_pointer(tree type) {
  return type && (INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type)) &&
         TYPE_PRECISION(type) <= POINTER_SIZE;
}

// The linear forms of the values and addresses of one loop: leaves are
// values fixed while the loop runs (constants folded in), i is the
// induction variable.  Exact integer arithmetic holds where the C
// arithmetic cannot wrap (overflow undefined, or as wide as a pointer,
// where everything is modulo the address space anyway).
class LoopForms {
public:
  LoopForms(function *fun, class loop *cycle, tree induction, const std::set<tree> &assigned)
      : fun_(fun), cycle_(cycle), induction_(induction), assigned_(assigned) {}

  LinearForm value(tree t, int depth = 0) {
    if (!t || depth > max_depth || !integer_or_pointer(TREE_TYPE(t)))
      return LinearForm::invalid();
    long long constant;
    if (constant_value(t, &constant))
      return LinearForm::of_constant(constant);
    if (t == induction_)
      return LinearForm::of_induction();
    if (TREE_CODE(t) == ADDR_EXPR)
      return address(TREE_OPERAND(t, 0), depth + 1);
    if (TREE_CODE(t) == VAR_DECL || TREE_CODE(t) == PARM_DECL)
      return fixed_local(t) ? LinearForm::of_leaf(leaf(t, false)) : LinearForm::invalid();
    if (TREE_CODE(t) != SSA_NAME)
      return LinearForm::invalid();
    gimple *def = SSA_NAME_DEF_STMT(t);
    if (SSA_NAME_IS_DEFAULT_DEF(t) || !def || !gimple_bb(def) ||
        !flow_bb_inside_loop_p(cycle_, gimple_bb(def)))
      return LinearForm::of_leaf(leaf(t, false)); // set before the loop
    return defined_value(def, depth + 1);
  }

  // The address of a memory reference.
  LinearForm address(tree ref, int depth = 0) {
    if (!ref || depth > max_depth)
      return LinearForm::invalid();
    switch (TREE_CODE(ref)) {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      // Not a decl standing for other memory (passed by reference, or
      // replaced by an expression).
      if ((TREE_CODE(ref) != VAR_DECL && DECL_BY_REFERENCE(ref)) || DECL_HAS_VALUE_EXPR_P(ref))
        return LinearForm::invalid();
      return LinearForm::of_leaf(leaf(ref, true));
    case ARRAY_REF: {
      tree low = array_ref_low_bound(ref), element = array_ref_element_size(ref);
      long long element_size;
      if (!low || !integer_zerop(low) || !element || !constant_value(element, &element_size))
        return LinearForm::invalid();
      return address(TREE_OPERAND(ref, 0), depth + 1) +
             scaled(value(TREE_OPERAND(ref, 1), depth + 1), element_size);
    }
    case COMPONENT_REF: {
      tree field = TREE_OPERAND(ref, 1), offset = component_ref_field_offset(ref);
      long long bytes;
      if (DECL_BIT_FIELD(field) || !offset || !constant_value(offset, &bytes) ||
          !tree_fits_uhwi_p(DECL_FIELD_BIT_OFFSET(field)) ||
          tree_to_uhwi(DECL_FIELD_BIT_OFFSET(field)) % BITS_PER_UNIT != 0)
        return LinearForm::invalid();
      bytes += (long long)(tree_to_uhwi(DECL_FIELD_BIT_OFFSET(field)) / BITS_PER_UNIT);
      return address(TREE_OPERAND(ref, 0), depth + 1) + LinearForm::of_constant(bytes);
    }
    case MEM_REF: {
      long long offset;
      if (!constant_value(TREE_OPERAND(ref, 1), &offset))
        return LinearForm::invalid();
      return value(TREE_OPERAND(ref, 0), depth + 1) + LinearForm::of_constant(offset);
    }
    default:
      return LinearForm::invalid();
    }
  }

  // The value of a leaf where the loop is entered, as a uintptr_t.
  tree leaf_value(int index) const {
    const Leaf &l = leaves_[index];
    tree value = l.address_of ? build_fold_addr_expr(l.t) : l.t;
    return fold_convert(pointer_sized_int_node, value);
  }

private:
  static constexpr int max_depth = 24;
  struct Leaf {
    tree t;
    bool address_of;
  };

  // A local integer or pointer the loop cannot change: not in memory, not
  // assigned in the loop.
  bool fixed_local(tree var) const {
    return DECL_CONTEXT(var) == fun_->decl && !is_global_var(var) && !TREE_ADDRESSABLE(var) &&
           !TREE_THIS_VOLATILE(var) && !assigned_.count(var);
  }

  int leaf(tree t, bool address_of) {
    for (std::size_t i = 0; i < leaves_.size(); ++i)
      if (leaves_[i].t == t && leaves_[i].address_of == address_of)
        return (int)i;
    leaves_.push_back({t, address_of});
    return (int)leaves_.size() - 1;
  }

  // Whether arithmetic in `type' is exact: it cannot wrap (undefined
  // overflow), or it wraps at the width of an address.
  static bool exact_arithmetic(tree type) {
    return TYPE_PRECISION(type) >= POINTER_SIZE ||
           (INTEGRAL_TYPE_P(type) && TYPE_OVERFLOW_UNDEFINED(type));
  }

  // Whether converting from `from' to `to' keeps the value (or keeps it
  // modulo the address space).
  static bool value_preserving(tree from, tree to) {
    unsigned in = TYPE_PRECISION(from), out = TYPE_PRECISION(to);
    if (out >= POINTER_SIZE)
      return true;
    if (out > in)
      return TYPE_UNSIGNED(from) || !TYPE_UNSIGNED(to);
    return out == in && TYPE_UNSIGNED(from) == TYPE_UNSIGNED(to);
  }

  LinearForm defined_value(gimple *def, int depth) {
    gassign *assign = dyn_cast<gassign *>(def);
    if (!assign || gimple_has_volatile_ops(assign))
      return LinearForm::invalid();
    tree type = TREE_TYPE(gimple_assign_lhs(assign));
    tree_code code = gimple_assign_rhs_code(assign);
    tree a = gimple_assign_rhs1(assign);
    if (gimple_assign_single_p(assign))
      return value(a, depth);
    if (!integer_or_pointer(type) || !integer_or_pointer(TREE_TYPE(a)))
      return LinearForm::invalid();
    if (CONVERT_EXPR_CODE_P(code))
      return value_preserving(TREE_TYPE(a), type) ? value(a, depth) : LinearForm::invalid();
    if (!exact_arithmetic(type))
      return LinearForm::invalid();
    switch (code) {
    case NEGATE_EXPR:
      return scaled(value(a, depth), -1);
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
      return value(a, depth) + value(gimple_assign_rhs2(assign), depth);
    case MINUS_EXPR:
      return value(a, depth) - value(gimple_assign_rhs2(assign), depth);
    case MULT_EXPR:
      return product(value(a, depth), value(gimple_assign_rhs2(assign), depth));
    default:
      return LinearForm::invalid();
    }
  }

  function *fun_;
  class loop *cycle_;
  tree induction_;
  const std::set<tree> &assigned_;
  std::vector<Leaf> leaves_;
};

// Whether `stmt' may stay in a loop that is copied and runs unchecked:
// no call (which could change the pending buffers, or leave), nothing
// that jumps or throws anywhere else.
bool copyable_statement(gimple *stmt, function *fun) {
  switch (gimple_code(stmt)) {
  case GIMPLE_ASSIGN:
  case GIMPLE_COND:
  case GIMPLE_DEBUG:
  case GIMPLE_NOP:
  case GIMPLE_PREDICT:
    return !stmt_could_throw_p(fun, stmt);
  case GIMPLE_LABEL: {
    tree label = gimple_label_label(as_a<glabel *>(stmt));
    return !FORCED_LABEL(label) && !DECL_NONLOCAL(label);
  }
  default:
    return false;
  }
}

// The assignment `i = i + step' (or `i = i - step') ending `bb', if any.
bool read_increment(basic_block bb, tree *induction, long long *step) {
  gimple_stmt_iterator gsi = gsi_last_nondebug_bb(bb);
  if (gsi_end_p(gsi))
    return false;
  gassign *assign = dyn_cast<gassign *>(gsi_stmt(gsi));
  if (!assign || gimple_num_ops(assign) != 3)
    return false;
  tree lhs = gimple_assign_lhs(assign), a = gimple_assign_rhs1(assign),
       b = gimple_assign_rhs2(assign);
  tree_code code = gimple_assign_rhs_code(assign);
  if (TREE_CODE(lhs) != VAR_DECL || a != lhs || !INTEGRAL_TYPE_P(TREE_TYPE(lhs)) ||
      (code != PLUS_EXPR && code != MINUS_EXPR) || !constant_value(b, step) ||
      TYPE_PRECISION(TREE_TYPE(lhs)) > POINTER_SIZE)
    return false;
  if (code == MINUS_EXPR) {
    if (*step == __LONG_LONG_MAX__ + -__LONG_LONG_MAX__ - 1) // cannot negate
      return false;
    *step = -*step;
  }
  *induction = lhs;
  return true;
}

bool read_test(tree_code code, LoopTest *test) {
  switch (code) {
  case LT_EXPR: *test = LoopTest::Less; return true;
  case LE_EXPR: *test = LoopTest::LessEqual; return true;
  case GT_EXPR: *test = LoopTest::Greater; return true;
  case GE_EXPR: *test = LoopTest::GreaterEqual; return true;
  default: return false;
  }
}

// The counted loop `cycle' is, with the variables it assigns; false when
// it is not one the versioning handles.
bool read_counted_loop(class loop *cycle, function *fun, CountedLoop *counted,
                       std::set<tree> *assigned) {
  if (cycle->inner || !cycle->header || !cycle->latch || cycle->header == cycle->latch ||
      loop_outer(cycle) == nullptr)
    return false;
  edge e;
  edge_iterator ei;
  edge entry = nullptr;
  FOR_EACH_EDGE(e, ei, cycle->header->preds)
    if (!flow_bb_inside_loop_p(cycle, e->src)) {
      if (entry || (e->flags & (EDGE_COMPLEX | EDGE_IRREDUCIBLE_LOOP)))
        return false;
      entry = e;
    }
  if (!entry)
    return false;
  tree induction;
  long long step;
  if (!read_increment(cycle->latch, &induction, &step) || DECL_CONTEXT(induction) != fun->decl ||
      is_global_var(induction) || TREE_ADDRESSABLE(induction) || TREE_THIS_VOLATILE(induction))
    return false;
  // Every block copyable; i assigned by the increment only.
  basic_block *body = get_loop_body(cycle);
  unsigned count = cycle->num_nodes;
  bool copyable = can_copy_bbs_p(body, count);
  int assignments = 0;
  for (unsigned b = 0; b < count && copyable; ++b) {
    FOR_EACH_EDGE(e, ei, body[b]->succs)
      if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
        copyable = false;
    for (gimple_stmt_iterator gsi = gsi_start_bb(body[b]); !gsi_end_p(gsi) && copyable;
         gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      copyable = copyable_statement(stmt, fun);
      if (is_gimple_assign(stmt) && DECL_P(gimple_assign_lhs(stmt))) {
        assigned->insert(gimple_assign_lhs(stmt));
        assignments += gimple_assign_lhs(stmt) == induction;
      }
    }
  }
  free(body);
  if (!copyable || assignments != 1)
    return false;

  // The header: temporaries of plain values (no memory), then the test.
  gcond *exit_test = nullptr;
  for (gimple_stmt_iterator gsi = gsi_start_bb(cycle->header); !gsi_end_p(gsi); gsi_next(&gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    if (exit_test)
      return false;
    if (gimple_code(stmt) == GIMPLE_LABEL || is_gimple_debug(stmt))
      continue;
    if (gcond *cond = dyn_cast<gcond *>(stmt)) {
      exit_test = cond;
      continue;
    }
    gassign *assign = dyn_cast<gassign *>(stmt);
    if (!assign || TREE_CODE(gimple_assign_lhs(assign)) != SSA_NAME)
      return false;
    for (unsigned i = 1; i < gimple_num_ops(assign); ++i)
      if (!is_gimple_val(gimple_op(assign, i)))
        return false;
  }
  if (!exit_test || EDGE_COUNT(cycle->header->succs) != 2)
    return false;

  LoopTest test;
  tree_code code = gimple_cond_code(exit_test);
  tree lhs = gimple_cond_lhs(exit_test), rhs = gimple_cond_rhs(exit_test);
  if (rhs == induction && lhs != induction) {
    std::swap(lhs, rhs);
    code = swap_tree_comparison(code);
  }
  if (lhs != induction || rhs == induction)
    return false;
  // The test as the condition to stay in the loop.
  edge stay = EDGE_SUCC(cycle->header, 0), leave = EDGE_SUCC(cycle->header, 1);
  if (!flow_bb_inside_loop_p(cycle, stay->dest))
    std::swap(stay, leave);
  if (!flow_bb_inside_loop_p(cycle, stay->dest) || flow_bb_inside_loop_p(cycle, leave->dest))
    return false;
  if (stay->flags & EDGE_FALSE_VALUE)
    code = invert_tree_comparison(code, false);
  if (!read_test(code, &test))
    return false;
  counted->cycle = cycle;
  counted->entry = entry;
  counted->induction = induction;
  counted->bound = rhs;
  counted->test = test;
  counted->step = step;
  return true;
}

// Whether an SSA name defined in the loop is used outside it (the copy
// would give it a second definition).
bool temporaries_leave_loop(class loop *cycle, function *fun) {
  struct Search {
    class loop *cycle;
    bool found;
  } search{cycle, false};
  auto visit = [](tree *tp, int *walk_subtrees, void *data) -> tree {
    Search *s = static_cast<Search *>(data);
    if (TYPE_P(*tp))
      *walk_subtrees = 0;
    else if (TREE_CODE(*tp) == SSA_NAME) {
      gimple *def = SSA_NAME_DEF_STMT(*tp);
      if (def && gimple_bb(def) && flow_bb_inside_loop_p(s->cycle, gimple_bb(def)))
        s->found = true;
    }
    return NULL_TREE;
  };
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    if (flow_bb_inside_loop_p(cycle, bb))
      continue;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
      for (unsigned i = 0; i < gimple_num_ops(gsi_stmt(gsi)); ++i)
        if (tree op = gimple_op(gsi_stmt(gsi), i)) {
          walk_tree_without_duplicates(&op, visit, &search);
          if (search.found)
            return true;
        }
  }
  return false;
}

// The copy of the loop's blocks: its own loop, SSA temporaries renamed
// (GCC's block duplication is for SSA form; before it, the statements are
// copied one by one, and the edges, with no PHI to mend).
basic_block copy_loop_body(class loop *cycle, function *fun) {
  basic_block *body = get_loop_body(cycle);
  unsigned count = cycle->num_nodes;
  initialize_original_copy_tables();
  class loop *copy = duplicate_loop(cycle, loop_outer(cycle));
  free_original_copy_tables();
  std::map<basic_block, basic_block> copy_of;
  std::vector<basic_block> copies;
  basic_block after = EXIT_BLOCK_PTR_FOR_FN(fun)->prev_bb;
  for (unsigned b = 0; b < count; ++b) {
    basic_block copied = create_empty_bb(after);
    after = copied;
    copied->count = body[b]->count;
    add_bb_to_loop(copied, copy);
    copy_of[body[b]] = copied;
    copies.push_back(copied);
    gimple_stmt_iterator to = gsi_start_bb(copied);
    for (gimple_stmt_iterator gsi = gsi_start_bb(body[b]); !gsi_end_p(gsi); gsi_next(&gsi))
      if (gimple_code(gsi_stmt(gsi)) != GIMPLE_LABEL)
        gsi_insert_after(&to, gimple_copy(gsi_stmt(gsi)), GSI_NEW_STMT);
  }
  for (unsigned b = 0; b < count; ++b) {
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, body[b]->succs) {
      auto inside = copy_of.find(e->dest);
      edge made = make_edge(copy_of[body[b]], inside != copy_of.end() ? inside->second : e->dest,
                            e->flags);
      made->probability = e->probability;
    }
  }
  copy->header = copy_of[cycle->header];
  copy->latch = copy_of[cycle->latch];
  free(body);

  std::map<tree, tree> renamed;
  for (basic_block bb : copies)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      tree lhs = gimple_get_lhs(gsi_stmt(gsi));
      if (lhs && TREE_CODE(lhs) == SSA_NAME)
        renamed[lhs] = copy_ssa_name(lhs, gsi_stmt(gsi));
    }
  auto rename = [](tree *tp, int *walk_subtrees, void *data) -> tree {
    auto *names = static_cast<std::map<tree, tree> *>(data);
    if (TYPE_P(*tp))
      *walk_subtrees = 0;
    else if (TREE_CODE(*tp) == SSA_NAME) {
      auto found = names->find(*tp);
      if (found != names->end())
        *tp = found->second;
    }
    return NULL_TREE;
  };
  for (basic_block bb : copies)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
      for (unsigned i = 0; i < gimple_num_ops(gsi_stmt(gsi)); ++i)
        if (gimple_op(gsi_stmt(gsi), i))
          walk_tree(gimple_op_ptr(gsi_stmt(gsi), i), rename, &renamed, nullptr);
  return copy->header;
}

// `expr' as a GIMPLE value, its statements appended to `code'
// (force_gimple_operand starts its sequence afresh).
tree value_into(tree expr, gimple_seq *code) {
  gimple_seq part = nullptr;
  tree value = force_gimple_operand(expr, &part, true, NULL_TREE);
  gimple_seq_add_seq(code, part);
  return value;
}

// sum of multiplier * leaf + constant + induction * i_value, as a
// uintptr_t value computed by `code'.
tree emit_address(const LoopForms &forms, const std::map<int, long long> &leaves,
                  long long constant, long long induction, tree i_value, gimple_seq *code) {
  tree uint = pointer_sized_int_node;
  tree sum = build_int_cst(uint, constant);
  for (const auto &leaf : leaves)
    sum = fold_build2(PLUS_EXPR, uint, sum,
                      fold_build2(MULT_EXPR, uint, forms.leaf_value(leaf.first),
                                  build_int_cst(uint, leaf.second)));
  if (induction != 0)
    sum = fold_build2(PLUS_EXPR, uint, sum,
                      fold_build2(MULT_EXPR, uint, i_value, build_int_cst(uint, induction)));
  return value_into(sum, code);
}

// Before the loop (in `test_block', on its entry edge):
//   ok = 1;
//   for each interval [lo, end) of its accesses:
//     if (lo < safe_lo || end > safe_end)
//       ok &= parcoach_buffer_range_allowed (lo, end - lo, writes);
//   if (ok) the unchecked copy; else the checked loop
void emit_version_test(basic_block test_block, const CountedLoop &counted, LoopForms &forms,
                       const LinearForm &bound, const std::vector<LoopRange> &ranges,
                       basic_block unchecked_header) {
  tree uint = pointer_sized_int_node;
  location_t where = gimple_location(last_stmt(counted.cycle->header));
  InductionRange values = induction_range(counted.test, counted.step,
                                          TYPE_OVERFLOW_WRAPS(TREE_TYPE(counted.induction)));
  gimple_seq code = nullptr;
  tree start = value_into(fold_convert(uint, counted.induction), &code);
  tree bound_value = emit_address(forms, bound.leaves, bound.constant, 0, NULL_TREE, &code);
  auto end_value = [&](InductionRange::End end, long long adjust) {
    tree base = end == InductionRange::End::Start ? start : bound_value;
    return value_into(fold_build2(PLUS_EXPR, uint, base, build_int_cst(uint, adjust)), &code);
  };
  tree i_low = end_value(values.low, values.low_adjust);
  tree i_high = end_value(values.high, values.high_adjust);
  tree ok = create_tmp_var(integer_type_node, "parcoach_range_ok");
  gimple_seq_add_stmt(&code, gimple_build_assign(ok, integer_one_node));

  basic_block block = test_block;
  for (const LoopRange &range : ranges) {
    tree first = range.induction >= 0 ? i_low : i_high;
    tree last = range.induction >= 0 ? i_high : i_low;
    tree lo = emit_address(forms, range.leaves, range.low_offset, range.induction, first, &code);
    tree end = emit_address(forms, range.leaves, range.end_offset, range.induction, last, &code);
    tree safe_lo = create_tmp_var(uint, "parcoach_safe");
    gimple_seq_add_stmt(&code, gimple_build_assign(safe_lo,
                                                   safe_bound(range.writes ? WriteLo : ReadLo)));
    tree safe_end = create_tmp_var(uint, "parcoach_safe");
    gimple_seq_add_stmt(&code, gimple_build_assign(safe_end,
                                                   safe_bound(range.writes ? WriteEnd : ReadEnd)));
    tree below = create_tmp_var(boolean_type_node, "parcoach_outside");
    gimple_seq_add_stmt(&code, gimple_build_assign(below, LT_EXPR, lo, safe_lo));
    tree above = create_tmp_var(boolean_type_node, "parcoach_outside");
    gimple_seq_add_stmt(&code, gimple_build_assign(above, GT_EXPR, end, safe_end));
    tree outside = create_tmp_var(boolean_type_node, "parcoach_outside");
    gimple_seq_add_stmt(&code, gimple_build_assign(outside, BIT_IOR_EXPR, below, above));
    gcond *test = gimple_build_cond(NE_EXPR, outside, boolean_false_node, NULL_TREE, NULL_TREE);
    gimple_seq_add_stmt(&code, test);
    gimple_seq_set_location(code, where);
    gimple_stmt_iterator at_end = gsi_last_bb(block);
    gsi_insert_seq_after(&at_end, code, GSI_NEW_STMT);
    code = nullptr;

    gimple_seq slow_code = nullptr;
    tree allowed = create_tmp_var(integer_type_node, "parcoach_range_ok");
    tree size = fold_convert(long_unsigned_type_node, fold_build2(MINUS_EXPR, uint, end, lo));
    size = value_into(size, &slow_code);
    tree pointer = value_into(fold_convert(ptr_type_node, lo), &slow_code);
    gcall *call = gimple_build_call(runtime_entry(EntryPoint::buffer_range_allowed), 3, pointer,
                                    size, build_int_cst(integer_type_node, range.writes ? 1 : 0));
    gimple_call_set_lhs(call, allowed);
    gimple_seq_add_stmt(&slow_code, call);
    gimple_seq_add_stmt(&slow_code, gimple_build_assign(ok, BIT_AND_EXPR, ok, allowed));
    gimple_seq_set_location(slow_code, where);
    block = add_slow_path(test, slow_code);
  }
  gcond *choose = gimple_build_cond(NE_EXPR, ok, integer_zero_node, NULL_TREE, NULL_TREE);
  gimple_set_location(choose, where);
  gimple_seq_add_stmt(&code, choose);
  gimple_stmt_iterator at_end = gsi_last_bb(block);
  gsi_insert_seq_after(&at_end, code, GSI_NEW_STMT);
  edge checked = single_succ_edge(block);
  checked->flags = EDGE_FALSE_VALUE;
  edge unchecked = make_edge(block, unchecked_header, EDGE_TRUE_VALUE);
  unchecked->probability = profile_probability::likely();
  checked->probability = unchecked->probability.invert();
}

// Versions the loops whose checked accesses are all covered by intervals
// known before them.  The accesses keep their checks in the original loop
// (the checked version), which runs only when an interval may touch a
// pending buffer; the copy has none.
void version_counted_loops(function *fun, const BufferRecord &record,
                           const std::vector<int> &checked) {
  if (!current_loops || POINTER_SIZE != 64 || number_of_loops(fun) <= 1)
    return;
  std::vector<class loop *> candidates;
  gcc_compat::for_each_innermost_loop(fun, [&](class loop *cycle) { candidates.push_back(cycle); });
  bool changed = false;
  // Each versioning copies a loop and scans the function once: a bound
  // on both for generated code with thousands of loops (the others keep
  // their per-access checks).
  const int max_versioned_loops = 64;
  int versioned = 0;
  for (class loop *cycle : candidates) {
    if (versioned == max_versioned_loops)
      break;
    // The loop bodies are found through dominators, which each versioning
    // leaves out of date.
    if (changed)
      free_dominance_info(CDI_DOMINATORS);
    calculate_dominance_info(CDI_DOMINATORS);
    CountedLoop counted;
    std::set<tree> assigned;
    if (!read_counted_loop(cycle, fun, &counted, &assigned))
      continue;
    LoopForms forms(fun, cycle, counted.induction, assigned);
    std::vector<LoopAccess> accesses;
    bool in_header = false;
    for (int index : checked) {
      const Access &access = record.accesses[index];
      basic_block bb = gimple_bb(access.stmt);
      if (!bb || !flow_bb_inside_loop_p(cycle, bb))
        continue;
      in_header |= bb == cycle->header;
      tree size = TYPE_SIZE_UNIT(TREE_TYPE(access.ref));
      accesses.push_back({forms.address(access.ref), tree_to_uhwi(size), access.writes});
    }
    // The header runs once more than the body, with i past the bound.
    if (accesses.empty() || in_header)
      continue;
    LinearForm bound = forms.value(counted.bound);
    bool covered = false;
    std::vector<LoopRange> ranges = loop_ranges(accesses, &covered);
    if (!covered || !is_invariant(bound) ||
        !induction_range(counted.test, counted.step,
                         TYPE_OVERFLOW_WRAPS(TREE_TYPE(counted.induction)))
             .counted ||
        temporaries_leave_loop(cycle, fun))
      continue;
    free_dominance_info(CDI_POST_DOMINATORS);
    changed = true;
    ++versioned;
    basic_block test_block = split_edge(counted.entry);
    basic_block unchecked_header = copy_loop_body(cycle, fun);
    emit_version_test(test_block, counted, forms, bound, ranges, unchecked_header);
  }
  if (changed)
    loops_state_set(LOOPS_NEED_FIXUP);
}

} // namespace

void register_buffer_check_gc_roots(const char *plugin_name) {
  register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, nullptr,
                    const_cast<ggc_root_tab *>(buffer_check_roots));
}

void insert_buffer_checks(function *fun, const Options &options) {
  if (options.instrument == InstrumentMode::None || !fun->cfg || gimple_in_ssa_p(fun))
    return;
  SourceLanguage language =
      gcc_compat::compiling_fortran() ? SourceLanguage::Fortran : SourceLanguage::C;
  BufferRecord record = read_buffer_accesses(fun, language);
  for (gcall *call : record.site_calls)
    insert_site(call);
  std::vector<int> checked = accesses_to_check(record.function);
  if (checked.empty())
    return;
  version_counted_loops(fun, record, checked);
  tree check = access_function();
  for (int index : checked)
    insert_check(record.accesses[index], check);
  free_dominance_info(CDI_DOMINATORS);
  free_dominance_info(CDI_POST_DOMINATORS);
}

} // namespace parcoach
