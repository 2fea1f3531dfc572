#include "work_arming.h"

#include "instrument.h"

namespace parcoach {

namespace {

const pass_data work_arming_pass_data = {
    GIMPLE_PASS,
    "parcoach_work_arming", // name, as in -fdump-passes
    OPTGROUP_NONE,
    TV_NONE,
    PROP_gimple_any, // before OpenMP lowering: regions still hold their bodies
    0, 0, 0, 0,
};

// Whether a body calls a function (not a builtin: GOMP_barrier & co.):
// only then can it reach a dormant check.
bool calls_a_function(gimple_seq seq);

bool calls_in(gimple *stmt) {
  switch (gimple_code(stmt)) {
  case GIMPLE_CALL: {
    tree decl = gimple_call_fndecl(stmt);
    return !decl || !fndecl_built_in_p(decl);
  }
  case GIMPLE_BIND: return calls_a_function(gimple_bind_body(as_a<gbind *>(stmt)));
  case GIMPLE_TRY:
    return calls_a_function(gimple_try_eval(stmt)) || calls_a_function(gimple_try_cleanup(stmt));
  case GIMPLE_CATCH: return calls_a_function(gimple_catch_handler(as_a<gcatch *>(stmt)));
  case GIMPLE_EH_FILTER: return calls_a_function(gimple_eh_filter_failure(stmt));
  case GIMPLE_OMP_FOR:
    if (calls_a_function(gimple_omp_for_pre_body(stmt)))
      return true;
    /* Fall through.  */
  case GIMPLE_OMP_PARALLEL: case GIMPLE_OMP_TASK: case GIMPLE_OMP_SECTIONS:
  case GIMPLE_OMP_SECTION: case GIMPLE_OMP_SINGLE: case GIMPLE_OMP_MASTER:
  case GIMPLE_OMP_MASKED: case GIMPLE_OMP_TASKGROUP: case GIMPLE_OMP_ORDERED:
  case GIMPLE_OMP_CRITICAL: case GIMPLE_OMP_SCOPE:
    return calls_a_function(gimple_omp_body(stmt));
  default:
    return false;
  }
}

bool calls_a_function(gimple_seq seq) {
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi); gsi_next(&gsi))
    if (calls_in(gsi_stmt(gsi)))
      return true;
  return false;
}

// The work whose arming must follow it: tasks (not a taskloop's, which
// GOMP itself makes) and the parallel regions whose body is not a combined
// construct's.  Untied tasks too: libgomp runs a task from start to end on
// the stack of the thread that started it, so none ever changes threads.
bool carries_arming(gimple *stmt) {
  if (gimple_code(stmt) == GIMPLE_OMP_TASK)
    return !gimple_omp_task_taskloop_p(stmt) && calls_a_function(gimple_omp_body(stmt));
  if (gimple_code(stmt) == GIMPLE_OMP_PARALLEL)
    return !gimple_omp_parallel_combined_p(stmt) && calls_a_function(gimple_omp_body(stmt));
  return false;
}

// A block declaring `var' (the `lower' pass links it into the function's
// tree of blocks, as it does for OpenMP lowering's own blocks).
gbind *block_declaring(tree var, gimple_seq body) {
  tree block = make_node(BLOCK);
  BLOCK_VARS(block) = var;
  return gimple_build_bind(var, body, block);
}

// Rewrites the directive at `gsi' as the header says.
void arm_work(gimple_stmt_iterator *gsi) {
  gimple *directive = gsi_stmt(*gsi);
  location_t where = gimple_location(directive);
  tree armed = create_tmp_var_raw(integer_type_node, "parcoach_armed");
  tree saved = create_tmp_var_raw(integer_type_node, "parcoach_saved");

  tree clause = build_omp_clause(where, OMP_CLAUSE_FIRSTPRIVATE);
  OMP_CLAUSE_DECL(clause) = armed;
  if (gimple_code(directive) == GIMPLE_OMP_TASK) {
    OMP_CLAUSE_CHAIN(clause) = gimple_omp_task_clauses(directive);
    gimple_omp_task_set_clauses(directive, clause);
  } else {
    gomp_parallel *parallel = as_a<gomp_parallel *>(directive);
    OMP_CLAUSE_CHAIN(clause) = gimple_omp_parallel_clauses(parallel);
    gimple_omp_parallel_set_clauses(parallel, clause);
  }

  gcall *enter = gimple_build_call(runtime_entry(EntryPoint::enter_created_work), 1, armed);
  gimple_call_set_lhs(enter, saved);
  gimple_set_location(enter, where);
  gcall *leave = gimple_build_call(runtime_entry(EntryPoint::leave_created_work), 1, saved);
  gimple_set_location(leave, where);
  gimple_seq body = nullptr;
  gimple_seq_add_stmt(&body, enter);
  gimple_seq_add_seq(&body, gimple_omp_body(directive));
  gimple_seq_add_stmt(&body, leave);
  gimple_omp_set_body(directive, block_declaring(saved, body));

  // `armed' is declared in a block of its own around the directive, so
  // that it is a local of whatever region holds the directive.
  gcall *read = gimple_build_call(runtime_entry(EntryPoint::work_armed), 0);
  gimple_call_set_lhs(read, armed);
  gimple_set_location(read, where);
  gbind *block = block_declaring(armed, nullptr);
  gsi_replace(gsi, block, false);
  gimple_seq outer = nullptr;
  gimple_seq_add_stmt(&outer, read);
  gimple_seq_add_stmt(&outer, directive);
  gimple_bind_set_body(block, outer);
}

void arm_work_in(gimple_seq *seq);

void arm_work_in_stmt(gimple *stmt) {
  switch (gimple_code(stmt)) {
  case GIMPLE_BIND: arm_work_in(gimple_bind_body_ptr(as_a<gbind *>(stmt))); break;
  case GIMPLE_TRY:
    arm_work_in(gimple_try_eval_ptr(stmt));
    arm_work_in(gimple_try_cleanup_ptr(stmt));
    break;
  case GIMPLE_CATCH: arm_work_in(gimple_catch_handler_ptr(as_a<gcatch *>(stmt))); break;
  case GIMPLE_EH_FILTER: arm_work_in(gimple_eh_filter_failure_ptr(stmt)); break;
  case GIMPLE_OMP_FOR:
  case GIMPLE_OMP_PARALLEL: case GIMPLE_OMP_TASK: case GIMPLE_OMP_SECTIONS:
  case GIMPLE_OMP_SECTION: case GIMPLE_OMP_SINGLE: case GIMPLE_OMP_MASTER:
  case GIMPLE_OMP_MASKED: case GIMPLE_OMP_TASKGROUP: case GIMPLE_OMP_ORDERED:
  case GIMPLE_OMP_CRITICAL: case GIMPLE_OMP_SCOPE:
    arm_work_in(gimple_omp_body_ptr(stmt));
    break;
  default:
    break;
  }
}

void arm_work_in(gimple_seq *seq) {
  for (gimple_stmt_iterator gsi = gsi_start(*seq); !gsi_end_p(gsi); gsi_next(&gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    if (carries_arming(stmt)) {
      arm_work(&gsi);
      // gsi is now at the new block; the directive's body (nested work)
      // is visited through the directive.
    }
    arm_work_in_stmt(stmt);
  }
}

class WorkArmingPass : public gimple_opt_pass {
public:
  WorkArmingPass(gcc::context *context, const Options &options)
      : gimple_opt_pass(work_arming_pass_data, context), options_(options) {}

  bool gate(function *) final override {
    return flag_openmp && options_.instrument != InstrumentMode::None;
  }

  unsigned int execute(function *fun) final override {
    // A function compiled for an offload device too would call the
    // runtime there: left alone, as target regions are (not visited).
    if (lookup_attribute("omp declare target", DECL_ATTRIBUTES(fun->decl)))
      return 0;
    gimple_seq body = gimple_body(fun->decl);
    if (body) {
      arm_work_in(&body);
      gimple_set_body(fun->decl, body);
    }
    return 0;
  }

private:
  Options options_;
};

} // namespace

opt_pass *make_work_arming_pass(gcc::context *context, const Options &options) {
  return new WorkArmingPass(context, options);
}

} // namespace parcoach
