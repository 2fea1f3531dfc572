// One function's thread-level plan (core/function_threads.h) on augmented
// CFGs built by hand.  The MPI standard (4.0, section 11.6.2) makes the
// collective calls of a process on one communicator match in the order
// they are issued: several threads calling one collective at once on one
// communicator is erroneous at every level; on one communicator per thread
// it is only a question of level (MPI_THREAD_MULTIPLE).
#include <catch2/catch.hpp>

#include "function_threads.h"
#include "thread_level_records.h"

using namespace parcoach;
using thread_level_records::two_singles;

namespace {

// The reader's facts for a model: every communicator shared, every
// parallel directive forkable, every barrier markable.
FunctionThreads function_of(const ThreadModel &model,
                            CallContext context = CallContext::Sequential) {
  FunctionThreads f;
  f.model = model;
  f.words = parallelism_words(model, context_word(context));
  std::size_t n = model.cfg.size();
  f.shared_communicator.assign(n, true);
  f.forks_team.assign(n, false);
  f.markable.assign(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    f.forks_team[i] = model.steps[i] == OmpStep::OpenParallel;
    f.markable[i] = model.steps[i] == OmpStep::Barrier;
  }
  return f;
}

// entry (0), parallel (1), a call (2), end of the parallel region (3),
// exit (4).
ThreadModel one_parallel_call() {
  ThreadModel m;
  for (int i = 0; i <= 4; ++i)
    m.add_node();
  m.cfg.entry = 0;
  m.cfg.exit = 4;
  for (NodeId i = 0; i < 4; ++i)
    m.cfg.add_edge(i, i + 1);
  m.steps[1] = OmpStep::OpenParallel;
  m.steps[3] = OmpStep::CloseParallel;
  return m;
}

} // namespace

TEST_CASE("a collective every thread of a team calls on one communicator",
          "[function-threads]") {
  ThreadModel m = one_parallel_call();
  m.mpi_call[2] = m.collective[2] = true;
  m.communicator[2] = "world";
  FunctionThreads f = function_of(m);
  FunctionThreadPlan plan = plan_function_threads(f);
  CHECK(plan.multithreaded_collectives == std::vector<NodeId>{2});
  CHECK(plan.level_calls.empty());
  // Every thread of a caller runs it too (its own parallel region first).
  CHECK(plan.exposes_directly);

  SECTION("on one communicator per thread: a question of level only") {
    f.shared_communicator[2] = false;
    FunctionThreadPlan per_thread = plan_function_threads(f);
    CHECK(per_thread.multithreaded_collectives.empty());
    CHECK(per_thread.level_calls == std::vector<NodeId>{2});
  }
  SECTION("a point-to-point call there is a question of level only") {
    f.model.collective[2] = false;
    FunctionThreadPlan p2p = plan_function_threads(f);
    CHECK(p2p.multithreaded_collectives.empty());
    CHECK(p2p.level_calls == std::vector<NodeId>{2});
    CHECK_FALSE(p2p.exposes_directly);
  }
}

TEST_CASE("calls several threads make to the unit's functions", "[function-threads]") {
  ThreadModel m = one_parallel_call();
  FunctionThreads f = function_of(m);
  f.unit_calls = {{2, 77}};
  FunctionThreadPlan plan = plan_function_threads(f);
  CHECK(plan.unit_calls == std::vector<NodeId>{2});
  CHECK(plan.multithreaded_unit_calls == std::vector<NodeId>{2});
  CHECK(plan.exposing_callees == std::vector<unsigned>{77});
  CHECK(plan.concurrency_sides.empty()); // not in a single or master region

  SECTION("with an argument that differs between threads (comms[t])") {
    f.thread_varying_calls = {2};
    CHECK(plan_function_threads(f).multithreaded_unit_calls.empty());
  }
}

TEST_CASE("a function's collective inside its own single region", "[function-threads]") {
  // entry (0), single (1), collective (2), end of the single (3), its
  // barrier (4), exit (5); the function assumed called by a team.
  ThreadModel m;
  for (int i = 0; i <= 5; ++i)
    m.add_node();
  m.cfg.entry = 0;
  m.cfg.exit = 5;
  for (NodeId i = 0; i < 5; ++i)
    m.cfg.add_edge(i, i + 1);
  m.steps[1] = OmpStep::OpenSingle;
  m.steps[3] = OmpStep::CloseMonothreaded;
  m.steps[4] = OmpStep::Barrier;
  m.mpi_call[2] = m.collective[2] = true;
  m.communicator[2] = "world";
  FunctionThreadPlan plan = plan_function_threads(function_of(m, CallContext::Parallel));
  CHECK(plan.multithreaded_collectives.empty());
  CHECK(plan.level_calls == std::vector<NodeId>{2});
  // One thread of the caller's team runs it: the callers' threads are not
  // all exposed.
  CHECK_FALSE(plan.exposes_directly);
  CHECK(plan.concurrency_sides == std::vector<NodeId>{2});
  CHECK(plan.region_directives == std::vector<NodeId>{1});
  // The single's barrier binds to the caller's team.
  CHECK(plan.orphaned_barriers == std::vector<NodeId>{4});
}

TEST_CASE("run-time checks for two singles with no barrier between", "[function-threads]") {
  FunctionThreads f = function_of(two_singles(false));
  FunctionThreadPlan plan = plan_function_threads(f);
  REQUIRE(plan.concurrency_sides == std::vector<NodeId>{4, 6});
  CHECK(plan.orphaned_barriers.empty()); // the barrier 9 is the function's own team's
  ConcurrencyCheckPlan checks = plan_concurrency_checks(f, plan.concurrency_sides, {});
  REQUIRE(checks.teams.size() == 1);
  CHECK(checks.teams[0].parallel == 2);
  CHECK(checks.teams[0].barriers == std::vector<NodeId>{9});
  CHECK(checks.teams[0].calls == std::vector<NodeId>{4, 6});
  CHECK(checks.paired_with.at(4) == std::set<NodeId>{6});
  CHECK(checks.certain == std::set<NodeId>{4, 6});

  SECTION("a side that calls a function of the unit: candidates, not checks") {
    ConcurrencyCheckPlan candidates = plan_concurrency_checks(f, plan.concurrency_sides, {6});
    REQUIRE(candidates.teams.size() == 1);
    CHECK(candidates.certain.empty());
  }
  SECTION("a barrier that cannot be marked: no check for that team") {
    f.markable[9] = false;
    CHECK(plan_concurrency_checks(f, plan.concurrency_sides, {}).teams.empty());
  }
  SECTION("a team forked elsewhere (no parallel directive to mark): no check") {
    f.forks_team[2] = false;
    CHECK(plan_concurrency_checks(f, plan.concurrency_sides, {}).teams.empty());
  }
  SECTION("with the first single's barrier: nothing to check") {
    FunctionThreads ordered = function_of(two_singles(true));
    CHECK(plan_concurrency_checks(ordered, plan.concurrency_sides, {}).teams.empty());
  }
}

TEST_CASE("the marks a CC_ipw check's team needs", "[function-threads]") {
  // entry (0), parallel (1), a collective every thread reaches (2), a
  // barrier (3), end of the parallel region (4), exit (5): the run-time
  // check stops only when a second thread reaches the call in the same
  // phase, so the team's fork and barrier must be marked.
  ThreadModel m;
  for (int i = 0; i <= 5; ++i)
    m.add_node();
  m.cfg.entry = 0;
  m.cfg.exit = 5;
  for (NodeId i = 0; i < 5; ++i)
    m.cfg.add_edge(i, i + 1);
  m.steps[1] = OmpStep::OpenParallel;
  m.steps[3] = OmpStep::Barrier;
  m.steps[4] = OmpStep::CloseParallel;
  m.mpi_call[2] = m.collective[2] = true;
  m.communicator[2] = "world";
  FunctionThreads f = function_of(m);
  REQUIRE(plan_function_threads(f).multithreaded_collectives == std::vector<NodeId>{2});
  std::vector<TeamChecks> teams = plan_team_marks(f, {2});
  REQUIRE(teams.size() == 1);
  CHECK(teams[0].parallel == 1);
  CHECK(teams[0].barriers == std::vector<NodeId>{3});
  CHECK(teams[0].calls == std::vector<NodeId>{2});

  SECTION("a barrier that cannot be marked: no marks (the check keeps one phase)") {
    f.markable[3] = false;
    CHECK(plan_team_marks(f, {2}).empty());
  }
  SECTION("a team forked by a caller: nothing to mark here") {
    f.forks_team[1] = false;
    CHECK(plan_team_marks(f, {2}).empty());
  }
}
