// Parameters across files (cross_file_parameters.h): the link step's
// fixpoint over the program's call sites, and the compile-time deferral.
#include <catch2/catch.hpp>

#include "cross_file_parameters.h"
#include "cross_file_values.h"
#include "program_summary.h"

#include <string>

using namespace parcoach;

namespace {

ArgumentSummary uniform() {
  ArgumentSummary a;
  a.state = ArgumentSummary::State::Uniform;
  return a;
}

ArgumentSummary differs(const std::string &reason) {
  ArgumentSummary a;
  a.state = ArgumentSummary::State::Differs;
  a.reason = reason;
  return a;
}

ArgumentSummary depends(std::vector<std::string> keys) {
  ArgumentSummary a;
  a.state = ArgumentSummary::State::DependsOn;
  a.depends_on = std::move(keys);
  return a;
}

ParameterCallSite call(const std::string &caller, const std::string &callee, int line,
                       std::vector<ArgumentSummary> arguments) {
  ParameterCallSite c;
  c.caller = caller;
  c.callee = callee;
  c.callee_name = callee;
  c.location = {caller + ".c", line, 3};
  c.arguments = std::move(arguments);
  return c;
}

// A unit defining `function' whose barrier at line 8 is deferred on its
// parameter `position'.
UnitSummary deferring(const std::string &function, int position) {
  UnitSummary unit;
  unit.source = function + ".c";
  std::string key = parameter_key(function, position);
  unit.parameters.push_back({key, "parameter 'n' of '" + function + "'", unit.source});
  DeferredSite site;
  site.function = function;
  site.location = {unit.source, 8, 5};
  site.collective = "MPI_Barrier";
  site.related.push_back({{unit.source, 7, 7}, "branch"});
  site.depends_on = {key};
  site.names = {"parameter 'n' of '" + function + "'"};
  site.arming_key = deferred_arming_key(unit.source, function);
  unit.deferred.push_back(site);
  return unit;
}

bool judged_differs(const std::vector<UnitSummary> &units, const std::string &key) {
  std::map<std::string, ResultJudgement> judged = judge_results(units);
  auto found = judged.find(key);
  REQUIRE(found != judged.end());
  return found->second.may_differ;
}

} // namespace

TEST_CASE("parameter keys name a function and a position", "[cross_file_parameters]") {
  CHECK(parameter_key("step", 1) == "par:step:1");
  CHECK(is_parameter_key("par:_ZN1A4stepEi:0"));
  CHECK_FALSE(is_parameter_key("step"));
  CHECK_FALSE(is_parameter_key("var:n"));
}

TEST_CASE("a parameter every caller passes uniformly is uniform", "[cross_file_parameters]") {
  UnitSummary step = deferring("step", 1);
  UnitSummary main_unit;
  main_unit.source = "main.c";
  main_unit.calls.push_back(call("main", "step", 9, {uniform(), uniform()}));
  std::vector<UnitSummary> units = {step, main_unit};
  CHECK_FALSE(judged_differs(units, "par:step:1"));
  CHECK(judge_deferred_sites(units).empty());
}

TEST_CASE("one caller passing a differing value makes the parameter differ",
          "[cross_file_parameters]") {
  UnitSummary step = deferring("step", 1);
  UnitSummary main_unit;
  main_unit.source = "main.c";
  main_unit.calls.push_back(call("main", "step", 9, {uniform(), uniform()}));
  main_unit.calls.push_back(
      call("main", "step", 10, {uniform(), differs("depends on MPI_Comm_rank at line 8")}));
  std::vector<UnitSummary> units = {step, main_unit};
  std::vector<DeferredFinding> findings = judge_deferred_sites(units);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].because == "par:step:1");
  CHECK(findings[0].judgement.reason.find("'main'") != std::string::npos);
  CHECK(findings[0].judgement.reason.find("main.c:10") != std::string::npos);
  std::string text = format_deferred_finding(findings[0], false);
  CHECK(text.find("step.c:8:5: warning: 'MPI_Barrier'") != std::string::npos);
  CHECK(text.find("note: the conditional depends on parameter 'n' of 'step'") !=
        std::string::npos);
}

TEST_CASE("a chain of parameters is followed, and so is a cycle", "[cross_file_parameters]") {
  // main -> outer(n) -> inner(n + 1): inner's parameter depends on outer's.
  UnitSummary inner = deferring("inner", 0);
  UnitSummary outer;
  outer.source = "outer.c";
  outer.parameters.push_back({"par:outer:0", "parameter 'n' of 'outer'", "outer.c"});
  outer.calls.push_back(call("outer", "inner", 4, {depends({"par:outer:0"})}));
  UnitSummary main_unit;
  main_unit.source = "main.c";
  main_unit.calls.push_back(call("main", "outer", 6, {uniform()}));
  CHECK(judge_deferred_sites({inner, outer, main_unit}).empty());
  main_unit.calls[0].arguments[0] = differs("depends on MPI_Comm_rank at line 7");
  std::vector<DeferredFinding> findings = judge_deferred_sites({inner, outer, main_unit});
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].judgement.reason.find("parameter 'n' of 'outer'") != std::string::npos);

  // A cycle: ping(n) calls pong(n - 1), pong(n) calls ping(n - 1) (two
  // files), main passes a constant: uniform (least fixpoint); the rank: not.
  UnitSummary ping = deferring("ping", 0), pong = deferring("pong", 0);
  ping.calls.push_back(call("ping", "pong", 9, {depends({"par:ping:0"})}));
  pong.calls.push_back(call("pong", "ping", 9, {depends({"par:pong:0"})}));
  UnitSummary starter;
  starter.source = "main.c";
  starter.calls.push_back(call("main", "ping", 5, {uniform()}));
  CHECK(judge_deferred_sites({ping, pong, starter}).empty());
  starter.calls[0].arguments[0] = differs("depends on MPI_Comm_rank at line 4");
  CHECK(judge_deferred_sites({ping, pong, starter}).size() == 2);
}

TEST_CASE("address taken, exported from a shared library, missing values",
          "[cross_file_parameters]") {
  UnitSummary step = deferring("step", 0);
  UnitSummary main_unit;
  main_unit.source = "main.c";
  main_unit.calls.push_back(call("main", "step", 9, {uniform()}));
  CHECK(judge_deferred_sites({step, main_unit}).empty());

  // Anything may call it through a pointer.
  UnitSummary taker = main_unit;
  taker.addresses_taken.push_back("step");
  CHECK(judged_differs({step, taker}, "par:step:0"));

  // A shared library being linked exports it.
  UnitSummary exported;
  exported.any_caller = "the shared library being linked exports it";
  CHECK(judged_differs({step, main_unit, exported}, "par:step:0"));

  // A call passing fewer arguments than the parameter's position (K&R).
  UnitSummary short_call;
  short_call.source = "old.c";
  short_call.calls.push_back(call("old", "step", 3, {}));
  CHECK(judged_differs({step, short_call}, "par:step:0"));

  // A value depending on a key no summary describes (the result of a
  // function compiled without PARCOACH).
  UnitSummary opaque;
  opaque.source = "main.c";
  opaque.calls.push_back(call("main", "step", 9, {depends({"library_value"})}));
  CHECK(judged_differs({step, opaque}, "par:step:0"));
}

TEST_CASE("a call whose conditionals depend on parameters is reported only if one differs",
          "[cross_file_parameters]") {
  ExternalCallSite site;
  site.function = "f";
  site.location = {"f.c", 7, 3};
  site.callees.push_back({"g", "g"});
  site.related.push_back({{"f.c", 7, 7}, "branch"});
  site.depends_on = {"par:f:1"};
  std::map<std::string, ResultJudgement> judged;
  judged["par:f:1"].may_differ = false;
  judged["par:f:1"].name = "parameter 'n' of 'f'";
  CHECK_FALSE(keep_deferred_call_site(site, judged, {}, nullptr));
  judged["par:f:1"].may_differ = true;
  judged["par:f:1"].reason = "'main' passes a value that may differ at main.c:4";
  std::string note;
  CHECK(keep_deferred_call_site(site, judged, {}, &note));
  CHECK(note.find("f.c:7:3: note: the conditional depends on parameter 'n' of 'f'") == 0);
  site.depends_on.clear();
  CHECK(keep_deferred_call_site(site, {}, {}, nullptr));
}

TEST_CASE("parameter records survive the summary text", "[cross_file_parameters]") {
  UnitSummary unit = deferring("step", 1);
  unit.calls.push_back(call("main", "step", 9,
                            {uniform(), differs("depends on rank"), depends({"par:main2:0", "r"})}));
  unit.addresses_taken.push_back("cb");
  unit.any_caller = "exported";
  ExternalCallSite site;
  site.function = "step";
  site.location = {"step.c", 3, 1};
  site.callees.push_back({"g", "g"});
  site.depends_on = {"par:step:1"};
  unit.sites.push_back(site);
  std::vector<UnitSummary> back = parse_summaries(serialise_summary(unit));
  REQUIRE(back.size() == 1);
  REQUIRE(back[0].calls.size() == 1);
  const ParameterCallSite &c = back[0].calls[0];
  CHECK(c.callee == "step");
  CHECK(c.location.line == 9);
  REQUIRE(c.arguments.size() == 3);
  CHECK(c.arguments[0].state == ArgumentSummary::State::Uniform);
  CHECK(c.arguments[1].state == ArgumentSummary::State::Differs);
  CHECK(c.arguments[1].reason == "depends on rank");
  CHECK(c.arguments[2].depends_on == std::vector<std::string>{"par:main2:0", "r"});
  CHECK(back[0].parameters.size() == 1);
  CHECK(back[0].addresses_taken == std::vector<std::string>{"cb"});
  CHECK(back[0].any_caller == "exported");
  REQUIRE(back[0].sites.size() == 1);
  CHECK(back[0].sites[0].depends_on == std::vector<std::string>{"par:step:1"});
}

TEST_CASE("summarise_argument: uniform, differing, or depending on keys",
          "[cross_file_parameters]") {
  ArgumentVerdict same, other;
  other.may_differ_between_processes = true;
  other.reason = "depends on MPI_Comm_rank at line 3";
  std::map<std::string, std::string> keys = {{"par:f:0", "n"}, {"par:f:1", "m"}};
  CHECK(summarise_argument(same, same, {}, keys).state == ArgumentSummary::State::Uniform);
  ArgumentSummary d = summarise_argument(other, other, {}, keys);
  CHECK(d.state == ArgumentSummary::State::Differs);
  CHECK(d.reason == other.reason);
  ArgumentSummary k = summarise_argument(other, same, {{"par:f:0", false}, {"par:f:1", true}}, keys);
  CHECK(k.state == ArgumentSummary::State::DependsOn);
  CHECK(k.depends_on == std::vector<std::string>{"par:f:1"});
  // Past the bound on separate solves: every key, through the placeholder.
  CHECK(summarise_argument(other, same, {}, keys).depends_on ==
        std::vector<std::string>{every_key_placeholder});
  CHECK(summarise_argument(other, same, {}, {}).depends_on.empty());
}

namespace {

// `void step(int n) { if (n > 0) ... }', public: branch 0 tests n.
ValueFlowFunction public_step() {
  ValueFlowFunction f;
  f.uid = 1;
  f.name = "step";
  f.symbol = "step";
  f.callable_from_outside = true;
  f.link_judges_parameters = true;
  ValueFlowSlot n;
  n.name = "n";
  n.scope = SlotScope::Parameter;
  n.parameter = 0;
  n.scalar = true;
  f.slots.push_back(n);
  f.blocks.resize(3);
  f.blocks[0].successors = {1, 2};
  f.blocks[0].condition = {0};
  f.blocks[0].branch = 0;
  f.blocks[0].line = 7;
  f.branch_count = 1;
  return f;
}

// `int main() { r = <rank>; step(r); }', the call probed for step.
ValueFlowFunction main_calling_step_with_rank() {
  ValueFlowFunction f;
  f.uid = 2;
  f.name = "main";
  f.symbol = "main";
  f.entry_point = true;
  ValueFlowSlot r;
  r.name = "r";
  r.scalar = true;
  f.slots.push_back(r);
  ValueFlowFact rank;
  rank.differs_between_processes = true;
  rank.phrase = "depends on MPI_Comm_rank at line 3";
  f.facts.push_back(rank);
  f.blocks.resize(1);
  ValueFlowStatement assign;
  assign.target = 0;
  assign.fact = 0;
  f.blocks[0].statements.push_back(assign);
  ValueFlowStatement call;
  call.kind = ValueFlowStatement::Kind::Call;
  call.callee = 1;
  ValueFlowArgument argument;
  argument.uses = {0};
  call.arguments.push_back(argument);
  f.blocks[0].statements.push_back(call);
  ValueFlowCollective probe;
  probe.block = 0;
  probe.statement = 1;
  probe.arguments = {{0}};
  probe.callee_symbol = "step";
  f.collectives.push_back(probe);
  return f;
}

} // namespace

TEST_CASE("compile time: a conditional on a public function's parameter is deferred",
          "[cross_file_parameters]") {
  std::vector<ValueFlowFunction> unit = {public_step()};
  std::vector<ResultVerdict> results;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit, &arguments, &results);
  REQUIRE(verdicts[0][0].may_differ_between_processes);
  DeferredValues deferred = defer_external_results(unit, verdicts, results, 32, &arguments);
  CHECK(deferred.any);
  CHECK_FALSE(deferred.verdicts[0][0].may_differ_between_processes);
  CHECK(deferred.branch_depends_on[0][0] == std::vector<std::string>{"par:step:0"});
  CHECK(deferred.names["par:step:0"] == "parameter 'n' of 'step'");

  // Whose address is taken, or not to be judged: warned in the file.
  unit[0].link_judges_parameters = false;
  CHECK_FALSE(defer_external_results(unit, verdicts, results, 32, &arguments).any);
}

TEST_CASE("compile time: a call of the file passing the rank keeps the warning here",
          "[cross_file_parameters]") {
  std::vector<ValueFlowFunction> unit = {public_step(), main_calling_step_with_rank()};
  std::vector<ResultVerdict> results;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit, &arguments, &results);
  DeferredValues deferred = defer_external_results(unit, verdicts, results, 32, &arguments);
  CHECK(deferred.verdicts[0][0].may_differ_between_processes);
  // main's call is recorded for the link step as passing a value that may differ.
  REQUIRE(deferred.arguments.size() == 2);
  REQUIRE(deferred.arguments[1].size() == 1);
  REQUIRE(deferred.arguments[1][0].size() == 1);
  CHECK(deferred.arguments[1][0][0].state == ArgumentSummary::State::Differs);
  CHECK(deferred.arguments[1][0][0].reason.find("MPI_Comm_rank") != std::string::npos);
}

TEST_CASE("compile time: what a C pointer parameter points to is judged at the link step",
          "[cross_file_parameters]") {
  // `void run(const cfg_t *c) { if (c->n > 0) ... }', public, in C: branch
  // 0 reads the field `n' of what parameter 0 points to.
  std::vector<ValueFlowFunction> unit = {public_step()};
  ValueFlowFunction &run = unit[0];
  run.name = run.symbol = "run";
  run.parameters_by_reference = false;
  ValueFlowSlot pointer;
  pointer.name = "c";
  pointer.scope = SlotScope::Parameter;
  pointer.parameter = 0;
  pointer.scalar = true;
  run.slots[0].name = "*c.n";
  run.slots[0].scope = SlotScope::ParameterTarget;
  run.slots[0].field = 7;
  run.slots.push_back(pointer);
  CHECK(judged_parameter_positions(run, {}) == std::vector<int>{0});

  std::vector<ResultVerdict> results;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit, &arguments, &results);
  REQUIRE(verdicts[0][0].may_differ_between_processes);
  DeferredValues deferred = defer_external_results(unit, verdicts, results, 32, &arguments);
  CHECK(deferred.any);
  CHECK_FALSE(deferred.verdicts[0][0].may_differ_between_processes);
  CHECK(deferred.branch_depends_on[0][0] == std::vector<std::string>{"par:run:0"});

  // What a C++ reference member of it refers to is not judged there: the
  // branch stays warned in the file.
  run.slots[0].through_reference = 3;
  run.slots.pop_back();
  CHECK(judged_parameter_positions(run, {}).empty());
  verdicts = solve_value_flow(unit, &arguments, &results);
  CHECK_FALSE(defer_external_results(unit, verdicts, results, 32, &arguments).any);
}

TEST_CASE("virtual methods: a call through the vtable names the base method it overrides",
          "[cross_file_parameters]") {
  // `struct Jacobi : Solver { double solve(int n) override { for (...; it
  // < n; ...) MPI_Allreduce... } }': branch 0 tests n.  main calls
  // `s.solve(<rank>)' on a `Solver &': a probe of Solver::solve, no call
  // statement (the analysis does not know which method runs).
  std::vector<ValueFlowFunction> unit = {public_step(), main_calling_step_with_rank()};
  unit[0].name = "Jacobi::solve";
  unit[0].symbol = "_ZN6Jacobi5solveEi";
  unit[0].overridden_symbols = {"_ZN6Solver5solveEi"};
  unit[0].overridden_names = {"Solver::solve"};
  unit[1].blocks[0].statements.pop_back();
  unit[1].collectives[0].callee_symbol = "_ZN6Solver5solveEi";
  std::vector<ResultVerdict> results;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit, &arguments, &results);
  DeferredValues deferred = defer_external_results(unit, verdicts, results, 32, &arguments);
  // The file passes the rank through the vtable: warned here.
  CHECK(deferred.verdicts[0][0].may_differ_between_processes);

  // A constant instead: left to the link step, as for a public function.
  unit[1].blocks[0].statements[0].fact = -1;
  verdicts = solve_value_flow(unit, &arguments, &results);
  deferred = defer_external_results(unit, verdicts, results, 32, &arguments);
  CHECK(deferred.any);
  CHECK_FALSE(deferred.verdicts[0][0].may_differ_between_processes);
  CHECK(deferred.branch_depends_on[0][0] == std::vector<std::string>{"par:_ZN6Jacobi5solveEi:0"});

  // The link step: the overrider's parameter is what the base method's
  // callers pass (one dispatch call per base method).
  std::map<std::string, std::string> base_keys;
  std::vector<ParameterCallSite> dispatch =
      virtual_dispatch_calls(unit[0], deferred.names, base_keys);
  CHECK(base_keys["par:_ZN6Solver5solveEi:0"] == "parameter 'n' of 'Solver::solve'");
  REQUIRE(dispatch.size() == 1);
  CHECK(dispatch[0].callee == "_ZN6Jacobi5solveEi");
  REQUIRE(dispatch[0].arguments.size() == 1);
  CHECK(dispatch[0].arguments[0].state == ArgumentSummary::State::DependsOn);
  CHECK(dispatch[0].arguments[0].depends_on ==
        std::vector<std::string>{"par:_ZN6Solver5solveEi:0"});
  // No base method, or no judged parameter: no dispatch call.
  ValueFlowFunction plain = unit[0];
  plain.overridden_symbols.clear();
  CHECK(virtual_dispatch_calls(plain, deferred.names, base_keys).empty());
  CHECK(virtual_dispatch_calls(unit[0], {}, base_keys).empty());

  UnitSummary solver = deferring("_ZN6Jacobi5solveEi", 0);
  solver.calls = dispatch;
  UnitSummary caller;
  caller.source = "driver.cpp";
  caller.calls.push_back(call("main", "_ZN6Solver5solveEi", 12, {uniform()}));
  CHECK(judge_deferred_sites({solver, caller}).empty());
  caller.calls[0].arguments[0] = differs("depends on MPI_Comm_rank at line 11");
  std::vector<DeferredFinding> findings = judge_deferred_sites({solver, caller});
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].because == "par:_ZN6Jacobi5solveEi:0");
}

TEST_CASE("the parameters' fixpoint: rounds on one uniform copy solve what a fresh copy would",
          "[cross_file_parameters]") {
  // main passes the rank to public step(n), which passes n on to public
  // inner(m): the first round shows step's parameter differing, the
  // second inner's, the third changes nothing (issue 17: the rounds
  // update one copy of the unit in place).
  ValueFlowFunction inner = public_step();
  inner.uid = 3;
  inner.name = inner.symbol = "inner";
  ValueFlowFunction step = public_step();
  step.blocks[1].statements.emplace_back();
  ValueFlowStatement &call = step.blocks[1].statements.back();
  call.kind = ValueFlowStatement::Kind::Call;
  call.callee = 3;
  call.arguments.emplace_back();
  call.arguments.back().uses = {0};
  ValueFlowCollective probe;
  probe.block = 1;
  probe.statement = 0;
  probe.arguments = {{0}};
  probe.callee_symbol = "inner";
  step.collectives.push_back(probe);
  std::vector<ValueFlowFunction> unit = {step, main_calling_step_with_rank(), inner};

  auto uniform = [](std::vector<ValueFlowFunction> u) {
    assume_parameters_uniform(u, "");
    return u;
  };
  int copies = 0;
  UnitSolve last;
  std::vector<ValueFlowFunction> out = without_parameters_passed_differing(
      unit,
      [&](const std::vector<ValueFlowFunction> &u) {
        ++copies;
        return uniform(u);
      },
      &last);
  CHECK(copies == 1);
  CHECK(out[0].parameters_passed_differing == std::vector<int>{0});
  CHECK(out[2].parameters_passed_differing == std::vector<int>{0});
  CHECK(out[1].parameters_passed_differing.empty());

  // The last round's solve is that of a fresh uniform copy of the result.
  REQUIRE(last.solved);
  std::vector<ResultVerdict> results;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<std::vector<BranchVerdict>> verdicts =
      solve_value_flow(uniform(out), &arguments, &results);
  REQUIRE(verdicts.size() == last.verdicts.size());
  for (std::size_t f = 0; f < verdicts.size(); ++f) {
    REQUIRE(verdicts[f].size() == last.verdicts[f].size());
    for (std::size_t b = 0; b < verdicts[f].size(); ++b) {
      CHECK(verdicts[f][b].may_differ_between_processes ==
            last.verdicts[f][b].may_differ_between_processes);
      CHECK(verdicts[f][b].reason == last.verdicts[f][b].reason);
    }
  }
  REQUIRE(arguments.size() == last.arguments.size());
  for (std::size_t f = 0; f < arguments.size(); ++f) {
    REQUIRE(arguments[f].size() == last.arguments[f].size());
    for (std::size_t c = 0; c < arguments[f].size(); ++c)
      for (std::size_t a = 0; a < arguments[f][c].size(); ++a) {
        CHECK(arguments[f][c][a].may_differ_between_processes ==
              last.arguments[f][c][a].may_differ_between_processes);
        CHECK(arguments[f][c][a].reason == last.arguments[f][c][a].reason);
      }
  }
  REQUIRE(results.size() == last.results.size());
  for (std::size_t f = 0; f < results.size(); ++f) {
    CHECK(results[f].may_differ_between_processes == last.results[f].may_differ_between_processes);
    CHECK(results[f].reason == last.results[f].reason);
  }
  // inner's branch: warned in the file (the rank reaches m through n).
  CHECK(last.verdicts[2][0].may_differ_between_processes);
}
