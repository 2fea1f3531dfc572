#include "instrument.h"

#include "collective_arguments.h"
#include "omp_regions.h"
#include "report.h"
#include "runtime_checks.h"
#include "runtime_entry_points.h"

#include <map>
#include <set>

namespace parcoach {

namespace {

// The collective checks of rtlib/parcoach_rt.h: the entries of
// parcoach_rt_checks.def (runtime_checks.h), or null for
// parcoach_check_world (no handle).
using HandleCheck = const RuntimeHandleCheck *;

// The function (DECL_UID) whose parallel region or task each
// parcoach_enter_work mark (by tag) starts: the mark is active if that
// function is flagged.
std::map<int, unsigned> work_owner;

// Their declarations, by runtime_check_index, then parcoach_check_world.
tree runtime_decls[kRuntimeHandleCheckCount + 1];

const ggc_root_tab runtime_decl_roots[] = {
    {&runtime_decls[0], kRuntimeHandleCheckCount + 1, sizeof(runtime_decls[0]),
     &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node},
    LAST_GGC_ROOT_TAB};

// The OpenMP team checks, live or dormant (parcoach_omp.h).
enum OmpCheck { OmpLive, OmpDormant };
EntryPoint omp_check_entry(OmpCheck kind) {
  return kind == OmpLive ? EntryPoint::omp_check : EntryPoint::omp_check_if_armed;
}
// The thread checks kept or removed at the unit step (parcoach_threads.h).
EntryPoint thread_candidate_entry(ThreadCandidate kind) {
  return kind == ThreadCandidate::IpwCall ? EntryPoint::thread_check_ipw_call
                                          : EntryPoint::thread_check_cc_if;
}

// void check ([handle,] int colour, [const void *argument x 8,] int when,
//             const char *file, int line, const char *function,
//             const char *conditionals)
// With `compares_arguments', the `_args' entry point, which also compares
// the collective's root, operation and data sizes (collective_arguments.h).
tree runtime_decl(HandleCheck check, tree handle_type) {
  tree &decl = runtime_decls[check ? runtime_check_index(check) : kRuntimeHandleCheckCount];
  if (decl)
    return decl;
  bool compares_arguments = check && check->compares_arguments;
  tree text = const_string_type();
  std::vector<tree> params;
  if (handle_type)
    params.push_back(handle_type);
  params.push_back(integer_type_node);
  if (compares_arguments)
    params.insert(params.end(), collective_argument_count, collective_argument_type());
  for (tree tail : {integer_type_node, text, integer_type_node, text, text})
    params.push_back(tail);
  tree type = build_function_type_array(void_type_node, params.size(), params.data());
  std::string name = check ? check->function : "parcoach_check_world";
  if (compares_arguments)
    name += "_args";
  decl = runtime_function(name.c_str(), type);
  return decl;
}

// The C type of the handle parameter: what the MPI prototype says (MPI_Comm
// is an int in MPICH, a pointer in Open MPI), pointers for by-address
// handles and for Fortran.
tree handle_type(HandleCheck check, const gcall *call, int index) {
  if (!check)
    return NULL_TREE;
  if (check->by_address)
    return ptr_type_node;
  tree fntype = gimple_call_fntype(call);
  tree args = fntype ? TYPE_ARG_TYPES(fntype) : NULL_TREE;
  for (int i = 0; args && i < index; ++i)
    args = TREE_CHAIN(args);
  if (args && TREE_VALUE(args) != void_type_node)
    return TREE_VALUE(args);
  return TREE_TYPE(gimple_call_arg(call, index));
}

// Values of the `when' argument (rtlib/parcoach_rt.h).
enum CheckWhen : int { CheckAlways = 0, CheckIfArmed = 1, CheckOncePerTeam = 2 };

struct SiteText {
  std::string function;
  std::string conditionals;
};

// Builds `check (handle, colour, [arguments,] when, file, line, function,
// conditionals)' before the statement at `gsi'.  The checks on a
// communicator argument compare the arguments of `collective_call' (none
// for a function-exit check: null pointers).
void insert_check(gimple_stmt_iterator *gsi, HandleCheck check, tree handle_type,
                  tree handle, int colour, CheckWhen when, location_t where,
                  const SiteText &text, const gcall *collective_call = nullptr) {
  bool compares_arguments = check && check->compares_arguments;
  tree decl = runtime_decl(check, handle_type);
  vec<tree> args = vNULL;
  if (handle) {
    tree param_type = TREE_VALUE(TYPE_ARG_TYPES(TREE_TYPE(decl)));
    tree value = unshare_expr(handle);
    if (!useless_type_conversion_p(param_type, TREE_TYPE(value)))
      value = fold_convert(param_type, value);
    value = force_gimple_operand_gsi(gsi, value, true, NULL_TREE, true, GSI_SAME_STMT);
    args.safe_push(value);
  }
  const char *file = LOCATION_FILE(where);
  args.safe_push(build_int_cst(integer_type_node, colour));
  CheckArguments compared;
  if (compares_arguments) {
    compared = collective_arguments(gsi, collective_call, collective_by_colour(colour),
                                    check->language);
    for (tree operand : compared.operands)
      args.safe_push(operand);
  }
  args.safe_push(build_int_cst(integer_type_node, when));
  args.safe_push(gcc_compat::string_constant(file ? file : "?"));
  args.safe_push(build_int_cst(integer_type_node, LOCATION_LINE(where)));
  args.safe_push(gcc_compat::string_constant(text.function.c_str()));
  args.safe_push(gcc_compat::string_constant(text.conditionals.c_str()));
  gcall *call = gimple_build_call_vec(decl, args);
  args.release();
  gimple_set_location(call, where);
  gsi_insert_before(gsi, call, GSI_SAME_STMT);
  release_collective_arguments(gsi, compared);
}

bool is_parameter(tree value) {
  return TREE_CODE(value) == PARM_DECL ||
         (TREE_CODE(value) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF(value) &&
          SSA_NAME_VAR(value) && TREE_CODE(SSA_NAME_VAR(value)) == PARM_DECL);
}

bool is_plain_global(tree value) {
  return VAR_P(value) && is_global_var(value) && !TREE_THIS_VOLATILE(value);
}

// A read of memory that the function reaches the same way everywhere:
// `this->comm', `ctx->comm', `settings.comm', `comms[2]' with a parameter or
// a global as the base and constant indices.
bool is_stable_memory(tree ref) {
  while (handled_component_p(ref)) {
    if (TREE_CODE(ref) == ARRAY_REF && TREE_CODE(TREE_OPERAND(ref, 1)) != INTEGER_CST)
      return false;
    if (TREE_THIS_VOLATILE(ref))
      return false;
    ref = TREE_OPERAND(ref, 0);
  }
  if (TREE_CODE(ref) == MEM_REF)
    return is_parameter(TREE_OPERAND(ref, 0));
  return is_plain_global(ref);
}

// Parameters the function assigns, or whose address it takes: their value
// at a return may differ from the one the collectives used.
std::set<tree> modified_parameters(function *fun) {
  std::set<tree> modified;
  for (tree parm = DECL_ARGUMENTS(fun->decl); parm; parm = DECL_CHAIN(parm))
    if (TREE_ADDRESSABLE(parm))
      modified.insert(parm);
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      tree lhs = gimple_get_lhs(gsi_stmt(gsi));
      if (lhs && TREE_CODE(lhs) == PARM_DECL)
        modified.insert(lhs);
    }
  }
  return modified;
}

// A communicator value that means the same thing at every point of the
// function: a constant (MPI_COMM_WORLD in MPICH, &ompi_mpi_comm_world in
// Open MPI, a Fortran PARAMETER's address), a parameter the function never
// changes, or what such a parameter or a global holds (re-read at the
// exit).  NULL_TREE otherwise.
tree function_invariant(tree value, const std::set<tree> &modified) {
  if (TREE_CODE(value) == SSA_NAME && is_parameter(value))
    value = SSA_NAME_VAR(value);
  if (TREE_CODE(value) == PARM_DECL)
    return modified.count(value) ? NULL_TREE : value;
  if (is_gimple_min_invariant(value) || is_plain_global(value))
    return value;
  if (TREE_CODE(value) == SSA_NAME) {
    gimple *def = SSA_NAME_DEF_STMT(value);
    if (def && gimple_assign_single_p(def)) {
      tree source = gimple_assign_rhs1(def);
      if (TREE_CODE(source) == PARM_DECL)
        return modified.count(source) ? NULL_TREE : source;
      if (is_gimple_min_invariant(source) || is_stable_memory(source))
        return source;
    }
  }
  return NULL_TREE;
}

struct ExitHandle {
  HandleCheck check;
  tree type;
  tree value; // NULL_TREE for MPI_COMM_WORLD
};

// The communicators a function-exit check runs on: every distinct
// function-invariant communicator of the function's collectives, in order of
// first use (the same order on every process).  A communicator held in a
// local variable is left out: processes that never assigned it (they took
// another branch) would read garbage at the return.
std::vector<ExitHandle> choose_exit_handles(function *fun, const GimpleFunction &model) {
  std::vector<ExitHandle> handles;
  std::set<tree> modified = modified_parameters(fun);
  for (const CollectiveCall &site : model.collectives) {
    HandleKind kind = site.collective->handle_kind;
    ExitHandle handle{nullptr, NULL_TREE, NULL_TREE};
    if (kind == HandleKind::Comm) {
      int index = site.collective->handle_arg;
      if (index < 0 || (unsigned)index >= gimple_call_num_args(site.call))
        continue;
      tree value = function_invariant(gimple_call_arg(site.call, index), modified);
      if (!value)
        continue;
      handle.check = runtime_check_for(kind, model.language);
      handle.type = handle_type(handle.check, site.call, index);
      handle.value = value;
    } else if (kind != HandleKind::World) {
      continue; // windows and files: their creation call carries the communicator
    }
    bool seen = false;
    for (const ExitHandle &other : handles)
      seen |= other.check == handle.check &&
              (other.value == handle.value ||
               (other.value && handle.value && operand_equal_p(other.value, handle.value, 0)));
    if (!seen)
      handles.push_back(handle);
  }
  return handles;
}

} // namespace

void register_instrumentation_gc_roots(const char *plugin_name) {
  register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, nullptr,
                    const_cast<ggc_root_tab *>(runtime_decl_roots));
}

namespace {

// The check before one collective call; false when the call's declaration
// does not have the argument the table expects.
bool insert_collective_check(const CollectiveCall &site, SourceLanguage language,
                             CheckWhen when, const SiteText &text) {
  const MpiCollective &collective = *site.collective;
  HandleCheck check = runtime_check_for(collective.handle_kind, language);
  tree handle = NULL_TREE;
  tree type = NULL_TREE;
  if (collective.handle_kind != HandleKind::World) {
    int index = collective.handle_arg;
    if (index < 0 || (unsigned)index >= gimple_call_num_args(site.call))
      return false;
    handle = gimple_call_arg(site.call, index);
    type = handle_type(check, site.call, index);
  }
  gimple_stmt_iterator gsi = gsi_for_stmt(site.call);
  insert_check(&gsi, check, type, handle, collective.colour, when,
               gimple_location(site.call), text, site.call);
  return true;
}

// Marks the function's dynamic extent for the runtime, so that the dormant
// checks of the functions it calls come alive: `saved = enter ()' on the
// entry edge, `leave (saved)' before every leave point.  Restoring the saved
// depth, rather than decrementing, keeps the count right when an exception
// or a longjmp skips some callee's leave.
void mark_checked_region(function *fun, const GimpleFunction &model) {
  tree saved = create_tmp_var(integer_type_node, "parcoach_depth");
  gcall *enter = gimple_build_call(runtime_entry(EntryPoint::enter_checked_region), 0);
  gimple_call_set_lhs(enter, saved);
  gimple_set_location(enter, DECL_SOURCE_LOCATION(fun->decl));
  gsi_insert_on_edge_immediate(single_succ_edge(ENTRY_BLOCK_PTR_FOR_FN(fun)), enter);
  for (gimple *leave : model.leave_points) {
    gcall *call = gimple_build_call(runtime_entry(EntryPoint::leave_checked_region), 1, saved);
    gimple_set_location(call, gimple_location(leave));
    gimple_stmt_iterator gsi = gsi_for_stmt(leave);
    gsi_insert_before(&gsi, call, GSI_SAME_STMT);
  }
}

// A candidate's `when' argument holds its tag until the unit step settles
// it; real values (CheckWhen) are below.
const int first_candidate_when = 16;

// The dormant checks a flagged function arms must stay armed on whichever
// thread runs the work it creates: the body of each of its parallel
// regions (every thread of the team) and of each task (any thread of the
// team, maybe after the creator has moved on) starts with `saved =
// parcoach_enter_work (active)' and ends with `parcoach_leave_work
// (saved)'.  OpenMP expansion moves these bodies into child functions, so
// `active' holds a tag until the unit step knows whether the function is
// flagged.
void mark_work_bodies(function *fun, int &next_tag) {
  OmpRegions regions = find_omp_regions(fun);
  for (const auto &end : regions.returns) {
    gimple *directive = regions.regions[end.second].directive;
    if (gimple_code(directive) != GIMPLE_OMP_PARALLEL && gimple_code(directive) != GIMPLE_OMP_TASK)
      continue;
    basic_block bb = gimple_bb(directive);
    if (!bb || !single_succ_p(bb) || single_succ(bb) == EXIT_BLOCK_PTR_FOR_FN(fun) ||
        !gimple_bb(end.first))
      continue;
    int tag = next_tag++;
    work_owner[tag] = DECL_UID(fun->decl);
    tree saved = create_tmp_var(integer_type_node, "parcoach_work");
    gcall *enter = gimple_build_call(runtime_entry(EntryPoint::enter_work), 1,
                                     build_int_cst(integer_type_node, first_candidate_when + tag));
    gimple_call_set_lhs(enter, saved);
    gimple_set_location(enter, gimple_location(directive));
    gsi_insert_on_edge_immediate(single_succ_edge(bb), enter);
    gcall *leave = gimple_build_call(runtime_entry(EntryPoint::leave_work), 1, saved);
    gimple_set_location(leave, gimple_location(end.first));
    gimple_stmt_iterator gsi = gsi_for_stmt(const_cast<gimple *>(end.first));
    gsi_insert_before(&gsi, leave, GSI_SAME_STMT);
  }
}

// Positions, counted from the end, of the arguments the unit step
// rewrites: every MPI check ends with (when, file, line, function,
// conditionals), the OpenMP check with (file, line, function,
// conditionals).
const unsigned when_from_end = 5;
const unsigned conditionals_from_end = 1;

// `decl' is one of the runtime's declarations in `decls' (built so far).
template <std::size_t N> bool declared_in(tree decl, const tree (&decls)[N]) {
  for (tree known : decls)
    if (known && decl == known)
      return true;
  return false;
}

bool is_runtime_check(tree decl) { return declared_in(decl, runtime_decls); }
bool is_omp_check(tree decl) {
  return is_runtime_entry(decl, EntryPoint::omp_check) ||
         is_runtime_entry(decl, EntryPoint::omp_check_if_armed);
}
// The marks of a flagged function's own extent (not those of its work).
bool is_region_mark(tree decl) {
  return is_runtime_entry(decl, EntryPoint::enter_checked_region) ||
         is_runtime_entry(decl, EntryPoint::leave_checked_region);
}
bool is_thread_candidate(tree decl) {
  return is_runtime_entry(decl, EntryPoint::thread_check_ipw_call) ||
         is_runtime_entry(decl, EntryPoint::thread_check_cc_if) ||
         is_runtime_entry(decl, EntryPoint::thread_check_cc_comm_if) ||
         is_runtime_entry(decl, EntryPoint::thread_check_cc_fortran_if);
}

// The argument of a candidate check that holds its tag: `when' for the MPI
// checks, the colour for the OpenMP checks, `active' for the thread
// checks; -1 for other statements.
int tag_argument(const gcall *call) {
  tree decl = gimple_call_fndecl(call);
  if (is_omp_check(decl) || is_thread_candidate(decl))
    return 0;
  if (is_runtime_check(decl) && gimple_call_num_args(call) >= when_from_end)
    return gimple_call_num_args(call) - when_from_end;
  return -1;
}

// The tag of a candidate check, or -1 for any other statement.
int candidate_tag(const gcall *call) {
  int argument = tag_argument(call);
  if (argument < 0)
    return -1;
  tree value = gimple_call_arg(call, argument);
  if (!tree_fits_shwi_p(value) || tree_to_shwi(value) < first_candidate_when)
    return -1;
  return (int)(tree_to_shwi(value) - first_candidate_when);
}

CheckWhen check_when(CheckDecision decision) {
  switch (decision) {
  case CheckDecision::IfArmed: return CheckIfArmed;
  case CheckDecision::OncePerTeam: return CheckOncePerTeam;
  default: return CheckAlways;
  }
}

// Settles the candidates of one function; true if the statement at `gsi'
// was removed (then `gsi' already points to the next one).
bool settle_statement(gimple_stmt_iterator *gsi, const std::vector<SettledCheck> &by_tag,
                      bool keep_region_marks, const std::set<unsigned> &flagged_functions) {
  gcall *call = dyn_cast<gcall *>(gsi_stmt(*gsi));
  if (!call)
    return false;
  if (is_runtime_entry(gimple_call_fndecl(call), EntryPoint::enter_work)) {
    tree value = gimple_call_arg(call, 0);
    int tag = tree_fits_shwi_p(value) ? (int)tree_to_shwi(value) - first_candidate_when : -1;
    auto owner = work_owner.find(tag);
    if (tag >= 0) // settled once only
      gimple_call_set_arg(call, 0,
                          owner != work_owner.end() && flagged_functions.count(owner->second)
                              ? integer_one_node
                              : integer_zero_node);
    return false;
  }
  bool remove = false;
  int tag = candidate_tag(call);
  if (tag >= 0) {
    SettledCheck settled = (size_t)tag < by_tag.size() ? by_tag[tag] : SettledCheck();
    remove = settled.decision == CheckDecision::Remove;
    tree decl = gimple_call_fndecl(call);
    if (!remove && is_thread_candidate(decl)) {
      gimple_call_set_arg(call, 0, integer_one_node); // active; no conditionals
    } else if (!remove) {
      int value = is_omp_check(decl) ? settled.colour : check_when(settled.decision);
      gimple_call_set_arg(call, tag_argument(call), build_int_cst(integer_type_node, value));
      gimple_call_set_arg(call, gimple_call_num_args(call) - conditionals_from_end,
                          gcc_compat::string_constant(settled.conditionals.c_str()));
    }
  } else if (is_region_mark(gimple_call_fndecl(call))) {
    remove = !keep_region_marks;
  }
  if (remove)
    gsi_remove(gsi, true); // collective checks are never removed: no argument copies left
  return remove;
}

} // namespace

namespace {

// `check (first_candidate_when + tag, file, line, function, "")': the
// colour takes its place at the unit step.
gcall *omp_candidate_call(OmpCheck kind, int tag, location_t where,
                          const std::string &function) {
  const char *file = LOCATION_FILE(where);
  gcall *call = gimple_build_call(
      runtime_entry(omp_check_entry(kind)), 5, build_int_cst(integer_type_node, first_candidate_when + tag),
      gcc_compat::string_constant(file ? file : "?"),
      build_int_cst(integer_type_node, LOCATION_LINE(where)),
      gcc_compat::string_constant(function.c_str()), gcc_compat::string_constant(""));
  gimple_set_location(call, where);
  return call;
}

} // namespace

void insert_omp_candidate(gimple *before, bool dormant, int tag, location_t where,
                          const std::string &function) {
  gimple_stmt_iterator gsi = gsi_for_stmt(before);
  gsi_insert_before(&gsi, omp_candidate_call(dormant ? OmpDormant : OmpLive, tag, where, function),
                    GSI_SAME_STMT);
}

void insert_thread_candidate(ThreadCandidate kind, gimple *before, int tag,
                             const std::string &first, const std::string &second,
                             const std::string &function, tree communicator) {
  location_t where = gimple_location(before);
  const char *file = LOCATION_FILE(where);
  auto_vec<tree> arguments;
  arguments.safe_push(build_int_cst(integer_type_node, first_candidate_when + tag));
  arguments.safe_push(gcc_compat::string_constant(first.c_str()));
  arguments.safe_push(gcc_compat::string_constant(second.c_str()));
  arguments.safe_push(gcc_compat::string_constant(file ? file : "?"));
  arguments.safe_push(build_int_cst(integer_type_node, LOCATION_LINE(where)));
  arguments.safe_push(gcc_compat::string_constant(function.c_str()));
  tree decl;
  if (kind == ThreadCandidate::ConcurrentCall && communicator) {
    bool fortran = gcc_compat::compiling_fortran();
    decl = runtime_entry(fortran ? EntryPoint::thread_check_cc_fortran_if
                                 : EntryPoint::thread_check_cc_comm_if,
                         TREE_TYPE(communicator));
    arguments.safe_push(communicator);
  } else {
    decl = runtime_entry(thread_candidate_entry(kind));
  }
  gcall *check = gimple_build_call_vec(decl, arguments);
  gimple_set_location(check, where);
  gimple_stmt_iterator gsi = gsi_for_stmt(before);
  gsi_insert_before(&gsi, check, GSI_SAME_STMT);
}

bool insert_omp_region_start(gimple *parallel, int tag, location_t where,
                             const std::string &function) {
  // The directive ends its block, whose one successor starts the body
  // (split off if it is also reached from inside, a loop at the start).
  basic_block bb = gimple_bb(parallel);
  if (!bb || !single_succ_p(bb) || single_succ(bb) == EXIT_BLOCK_PTR_FOR_FN(cfun))
    return false;
  gsi_insert_on_edge_immediate(single_succ_edge(bb),
                               omp_candidate_call(OmpLive, tag, where, function));
  return true;
}

CandidateChecks insert_candidate_checks(function *fun, const GimpleFunction &model,
                                        int &next_tag) {
  CandidateChecks candidates;
  SiteText text{printable_function_name(fun->decl), ""};
  // Choose before inserting anything: the handles refer to the original
  // statements.
  std::vector<ExitHandle> exit_handles = choose_exit_handles(fun, model);
  for (const CollectiveCall &site : model.collectives) {
    CheckWhen when = (CheckWhen)(first_candidate_when + next_tag);
    if (insert_collective_check(site, model.language, when, text))
      candidates.collective_tags.push_back({site.node, next_tag++});
  }
  for (gimple *leave : model.leave_points) {
    location_t where = gimple_location(leave);
    if (where == UNKNOWN_LOCATION)
      where = fun->function_end_locus;
    for (const ExitHandle &handle : exit_handles) {
      gimple_stmt_iterator gsi = gsi_for_stmt(leave);
      insert_check(&gsi, handle.check, handle.type, handle.value, 0,
                   (CheckWhen)(first_candidate_when + next_tag), where, text);
      candidates.exit_tags.push_back(next_tag++);
    }
  }
  mark_checked_region(fun, model);
  mark_work_bodies(fun, next_tag);
  candidates.exit_unchecked = exit_handles.empty() && !model.leave_points.empty();
  return candidates;
}

void settle_candidate_checks(const std::vector<SettledCheck> &by_tag,
                             const std::set<unsigned> &flagged_functions) {
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
    function *fun = node->get_fun();
    if (!fun || !fun->cfg)
      continue;
    bool keep_region_marks = flagged_functions.count(DECL_UID(node->decl)) != 0;
    push_cfun(fun);
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun) {
      gimple_stmt_iterator gsi = gsi_start_bb(bb);
      while (!gsi_end_p(gsi))
        if (!settle_statement(&gsi, by_tag, keep_region_marks, flagged_functions))
          gsi_next(&gsi);
    }
    pop_cfun();
  }
}

} // namespace parcoach
