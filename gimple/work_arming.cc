#include "work_arming.h"

#include "instrument.h"

#include <vector>

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

// The only statement of `seq', looking through blocks (a combined
// construct's body is a block holding the inner construct), or null.
gimple *sole_statement(gimple_seq seq) {
  gimple *found = nullptr;
  for (gimple_stmt_iterator gsi = gsi_start(seq); !gsi_end_p(gsi); gsi_next(&gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    if (is_gimple_debug(stmt))
      continue;
    if (found)
      return nullptr;
    found = stmt;
  }
  if (gbind *bind = found ? dyn_cast<gbind *>(found) : nullptr)
    return sole_statement(gimple_bind_body(bind));
  return found;
}

// A loop whose body is no other loop construct (a composite `for simd'
// is, whose parts must stay adjacent): its body can take statements.
gimple *plain_loop(gimple *stmt) {
  if (!stmt || gimple_code(stmt) != GIMPLE_OMP_FOR)
    return nullptr;
  gimple *inner = sole_statement(gimple_omp_body(stmt));
  return inner && gimple_code(inner) == GIMPLE_OMP_FOR ? nullptr : stmt;
}

// Where the arming of one piece of work is taken and given.
struct WorkShape {
  gimple *directive = nullptr;   // takes `firstprivate (armed)'
  std::vector<gimple *> bodies;  // each body runs entered/left as created work
};

// The work whose arming must follow it, if `stmt' creates some:
//  * a task (untied too: libgomp runs a task from start to end on the
//    stack of the thread that started it, so none ever changes threads)
//    and a parallel region that is no combined construct: their body;
//  * a combined `parallel for' or `parallel sections', whose parts must
//    stay adjacent: each iteration, each section;
//  * a taskloop (gimplified as a loop holding a task holding the loop):
//    each iteration of its tasks.
WorkShape work_created_by(gimple *stmt) {
  WorkShape shape;
  switch (gimple_code(stmt)) {
  case GIMPLE_OMP_TASK:
    if (!gimple_omp_task_taskloop_p(stmt))
      shape = {stmt, {stmt}};
    break;
  case GIMPLE_OMP_PARALLEL:
    if (!gimple_omp_parallel_combined_p(stmt)) {
      shape = {stmt, {stmt}};
      break;
    }
    if (gimple *inner = sole_statement(gimple_omp_body(stmt))) {
      if (gimple *loop = plain_loop(inner))
        shape = {stmt, {loop}};
      else if (gimple_code(inner) == GIMPLE_OMP_SECTIONS) {
        shape.directive = stmt;
        gimple_seq sections = gimple_omp_body(inner);
        for (gimple_stmt_iterator gsi = gsi_start(sections); !gsi_end_p(gsi); gsi_next(&gsi))
          if (gimple_code(gsi_stmt(gsi)) == GIMPLE_OMP_SECTION)
            shape.bodies.push_back(gsi_stmt(gsi));
      }
    }
    break;
  case GIMPLE_OMP_FOR:
    if (gimple_omp_for_kind(stmt) == GF_OMP_FOR_KIND_TASKLOOP) {
      gimple *task = sole_statement(gimple_omp_body(stmt));
      if (task && gimple_code(task) == GIMPLE_OMP_TASK && gimple_omp_task_taskloop_p(task))
        if (gimple *loop = plain_loop(sole_statement(gimple_omp_body(task))))
          shape = {task, {loop}};
    }
    break;
  default:
    break;
  }
  for (gimple *body : shape.bodies)
    if (calls_a_function(gimple_omp_body(body)))
      return shape;
  return {};
}

// A block declaring `var' (the `lower' pass links it into the function's
// tree of blocks, as it does for OpenMP lowering's own blocks).
gbind *block_declaring(tree var, gimple_seq body) {
  tree block = make_node(BLOCK);
  BLOCK_VARS(block) = var;
  return gimple_build_bind(var, body, block);
}

// `body' of a construct becomes
//     { int saved = parcoach_enter_created_work (armed); BODY
//       parcoach_leave_created_work (saved); }
void run_as_created_work(gimple *construct, tree armed, location_t where) {
  tree saved = create_tmp_var_raw(integer_type_node, "parcoach_saved");
  gcall *enter = gimple_build_call(runtime_entry(EntryPoint::enter_created_work), 1, armed);
  gimple_call_set_lhs(enter, saved);
  gimple_set_location(enter, where);
  gcall *leave = gimple_build_call(runtime_entry(EntryPoint::leave_created_work), 1, saved);
  gimple_set_location(leave, where);
  gimple_seq body = nullptr;
  gimple_seq_add_stmt(&body, enter);
  gimple_seq_add_seq(&body, gimple_omp_body(construct));
  gimple_seq_add_stmt(&body, leave);
  gimple_omp_set_body(construct, block_declaring(saved, body));
}

// Rewrites the statement at `gsi', which creates the work `shape', as the
// header says.
void arm_work(gimple_stmt_iterator *gsi, const WorkShape &shape) {
  gimple *created_by = gsi_stmt(*gsi);
  location_t where = gimple_location(created_by);
  tree armed = create_tmp_var_raw(integer_type_node, "parcoach_armed");

  tree clause = build_omp_clause(where, OMP_CLAUSE_FIRSTPRIVATE);
  OMP_CLAUSE_DECL(clause) = armed;
  if (gimple_code(shape.directive) == GIMPLE_OMP_TASK) {
    OMP_CLAUSE_CHAIN(clause) = gimple_omp_task_clauses(shape.directive);
    gimple_omp_task_set_clauses(shape.directive, clause);
  } else {
    gomp_parallel *parallel = as_a<gomp_parallel *>(shape.directive);
    OMP_CLAUSE_CHAIN(clause) = gimple_omp_parallel_clauses(parallel);
    gimple_omp_parallel_set_clauses(parallel, clause);
  }
  for (gimple *body : shape.bodies)
    run_as_created_work(body, armed, where);

  // `armed' is declared in a block of its own around the statement, so
  // that it is a local of whatever region holds it.
  gcall *read = gimple_build_call(runtime_entry(EntryPoint::work_armed), 0);
  gimple_call_set_lhs(read, armed);
  gimple_set_location(read, where);
  gbind *block = block_declaring(armed, nullptr);
  gsi_replace(gsi, block, false);
  gimple_seq outer = nullptr;
  gimple_seq_add_stmt(&outer, read);
  gimple_seq_add_stmt(&outer, created_by);
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
    WorkShape shape = work_created_by(stmt);
    if (shape.directive) {
      arm_work(&gsi, shape);
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
