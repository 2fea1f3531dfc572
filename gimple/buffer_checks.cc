#include "buffer_checks.h"

#include "function_model.h"
#include "instrument.h"
#include "request_events.h"

#include "buffer_accesses.h"
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
        starts |= !calls_runtime_function(call) &&
                  (starts_pending(call, language) || (name && needs_site(name, language)));
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
  gcall *call = gimple_build_call(check, 5, pointer, fold_convert(long_unsigned_type_node, size),
                                  build_int_cst(integer_type_node, access.writes ? 1 : 0),
                                  gcc_compat::string_constant(file),
                                  build_int_cst(integer_type_node, LOCATION_LINE(where)));
  gimple_set_location(call, where);
  gsi_insert_after(&in_slow, call, GSI_NEW_STMT);
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
  tree check = access_function();
  for (int index : checked)
    insert_check(record.accesses[index], check);
  free_dominance_info(CDI_DOMINATORS);
  free_dominance_info(CDI_POST_DOMINATORS);
}

} // namespace parcoach
