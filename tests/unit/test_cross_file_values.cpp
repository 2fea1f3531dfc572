// Value facts across files (cross_file_values.h): which conditionals a unit
// leaves to the link step and on which functions of other files they
// depend, what its public functions' results are, and how the link step
// judges them.  The programs are drawn in the comment above each case;
// the expectations were worked out by hand from them.
#include <catch2/catch.hpp>

#include "cross_file_values.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace parcoach;

namespace {

using Kind = ValueFlowStatement::Kind;

// A small builder of one ValueFlowFunction (blocks in order, block 0 the
// entry, a block without successors leaves the function).
struct Builder {
  ValueFlowFunction f;

  Builder(const std::string &name, unsigned uid, bool entry) {
    f.name = name;
    f.uid = uid;
    f.entry_point = entry;
    f.callable_from_outside = true;
  }
  int local(const std::string &name) {
    ValueFlowSlot s;
    s.name = name;
    s.scalar = true;
    f.slots.push_back(s);
    return (int)f.slots.size() - 1;
  }
  int fact(const std::string &phrase, const std::string &external = "") {
    ValueFlowFact fact;
    fact.differs_between_processes = fact.differs_between_threads = true;
    fact.phrase = phrase;
    fact.external_result = external;
    f.facts.push_back(fact);
    return (int)f.facts.size() - 1;
  }
  // The result of `symbol' (a function of another file), as the adapter
  // describes it: a fact naming it, the call's arguments read.
  int result_of(const std::string &symbol) {
    return fact("depends on the result of '" + symbol + "', which this file does not define",
                symbol);
  }
  int block(std::vector<int> successors = {}) {
    f.blocks.emplace_back();
    f.blocks.back().successors = std::move(successors);
    return (int)f.blocks.size() - 1;
  }
  void assign(int b, int target, std::vector<int> uses, int fact = -1) {
    ValueFlowStatement s;
    s.kind = Kind::Assign;
    s.target = target;
    s.uses = std::move(uses);
    s.fact = fact;
    f.blocks[b].statements.push_back(s);
  }
  void ret(int b, std::vector<int> uses) {
    ValueFlowStatement s;
    s.kind = Kind::Return;
    s.uses = std::move(uses);
    f.blocks[b].statements.push_back(s);
  }
  int branch(int b, std::vector<int> condition) {
    f.blocks[b].condition = std::move(condition);
    f.blocks[b].branch = f.branch_count++;
    return f.blocks[b].branch;
  }
};

DeferredValues defer(const std::vector<ValueFlowFunction> &unit, int max_solves = 16) {
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<ResultVerdict> results;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit, &arguments, &results);
  return defer_external_results(unit, verdicts, results, max_solves);
}

using Names = std::vector<std::string>;

} // namespace

// main:  s = world_size();  if (s > 1) ...     (0: s = ...; branch; 1, 2)
//        r = rank;          if (r == 0) ...    (2: branch; 3, 4)
TEST_CASE("a conditional on the result of another file's function is left to the link step",
          "[cross_file_values]") {
  Builder main("main", 1, true);
  int s = main.local("s"), r = main.local("r");
  int b0 = main.block({1, 2});
  main.block({2});
  int b2 = main.block({3, 4});
  main.block({4});
  main.block();
  main.assign(b0, s, {}, main.result_of("world_size"));
  int on_size = main.branch(b0, {s});
  main.assign(b2, r, {}, main.fact("depends on MPI_Comm_rank at line 8"));
  int on_rank = main.branch(b2, {r});

  DeferredValues out = defer({main.f});
  REQUIRE(out.any);
  CHECK_FALSE(out.verdicts[0][on_size].may_differ_between_processes);
  CHECK(out.verdicts[0][on_size].reason.find("'world_size'") != std::string::npos);
  CHECK(out.branch_depends_on[0][on_size] == Names{"world_size"});
  // The rank is no result of another file: judged here, as before.
  CHECK(out.verdicts[0][on_rank].may_differ_between_processes);
  CHECK(out.branch_depends_on[0][on_rank].empty());
  CHECK(out.names.at("world_size") == "world_size");
}

// main:  a = f();  b = g();  c = a + b;  if (c) ...  if (a) ...  if (a + rank) ...
TEST_CASE("each deferred conditional names exactly the results it depends on",
          "[cross_file_values]") {
  Builder main("main", 1, true);
  int a = main.local("a"), b = main.local("b"), c = main.local("c"), r = main.local("r");
  int b0 = main.block({1, 2});
  main.block({2});
  int b2 = main.block({3, 4});
  main.block({4});
  int b4 = main.block({5, 6});
  main.block({6});
  main.block();
  main.assign(b0, a, {}, main.result_of("f"));
  main.assign(b0, b, {}, main.result_of("g"));
  main.assign(b0, c, {a, b});
  main.assign(b0, r, {}, main.fact("depends on MPI_Comm_rank at line 3"));
  int on_both = main.branch(b0, {c});
  int on_f = main.branch(b2, {a});
  int on_f_and_rank = main.branch(b4, {a, r});

  DeferredValues out = defer({main.f});
  CHECK(out.branch_depends_on[0][on_both] == Names{"f", "g"});
  CHECK(out.branch_depends_on[0][on_f] == Names{"f"});
  CHECK(out.verdicts[0][on_f_and_rank].may_differ_between_processes);
  CHECK(out.branch_depends_on[0][on_f_and_rank].empty());

  // Past the bound of separate solves, a deferred conditional that only
  // separate solves tell apart (two keys' tags reach it) depends on every
  // function of other files (never fewer than it does), named once; one
  // that a single key's tag reaches needs no solve and keeps its key.
  DeferredValues coarse = defer({main.f}, 1);
  CHECK(coarse.branch_depends_on[0][on_both] == Names{every_key_placeholder});
  CHECK(coarse.branch_depends_on[0][on_f] == Names{"f"});
  CHECK(coarse.every_key == Names{"f", "g"});
  CHECK_FALSE(coarse.verdicts[0][on_both].may_differ_between_processes);
  CHECK_FALSE(coarse.verdicts[0][on_f].may_differ_between_processes);
}

// main:  x = f(rank);  if (x) ...   (the call's argument is read by the
// statement storing the result, as the adapter writes it)
TEST_CASE("a result computed from arguments that differ is not deferred", "[cross_file_values]") {
  Builder main("main", 1, true);
  int r = main.local("r"), x = main.local("x");
  int b0 = main.block({1, 2});
  main.block({2});
  main.block();
  main.assign(b0, r, {}, main.fact("depends on MPI_Comm_rank at line 3"));
  main.assign(b0, x, {r}, main.result_of("f"));
  int on_x = main.branch(b0, {x});
  DeferredValues out = defer({main.f});
  CHECK_FALSE(out.any);
  CHECK(out.verdicts[0][on_x].may_differ_between_processes);
}

// size():  s = MPI_Comm_size;  return s;         (uniform)
// rank():  r = MPI_Comm_rank;  return r;         (differs)
// twice(): t = size_of_other_file();  return t;  (uniform if that one is)
// pick():  if (rank) v = 1 else v = 2; return v  (differs: control dependence)
TEST_CASE("the summaries say which results are the same on every process",
          "[cross_file_values]") {
  Builder size("size", 1, false);
  int s = size.local("s");
  int b = size.block();
  ValueFlowFact producer;
  producer.phrase = "is the size of MPI_COMM_WORLD";
  size.f.facts.push_back(producer);
  size.assign(b, s, {}, 0);
  size.ret(b, {s});

  Builder rank("rank", 2, false);
  int r = rank.local("r");
  b = rank.block();
  rank.assign(b, r, {}, rank.fact("depends on MPI_Comm_rank at line 4"));
  rank.ret(b, {r});

  Builder twice("twice", 3, false);
  int t = twice.local("t");
  b = twice.block();
  twice.assign(b, t, {}, twice.result_of("size_of_other_file"));
  twice.ret(b, {t});

  Builder pick("pick", 4, false);
  int pr = pick.local("r"), v = pick.local("v");
  int p0 = pick.block({1, 2}), p1 = pick.block({3}), p2 = pick.block({3}), p3 = pick.block();
  pick.assign(p0, pr, {}, pick.fact("depends on MPI_Comm_rank at line 9"));
  pick.branch(p0, {pr});
  pick.assign(p1, v, {});
  pick.assign(p2, v, {});
  pick.ret(p3, {v});

  DeferredValues out = defer({size.f, rank.f, twice.f, pick.f});
  CHECK_FALSE(out.result_may_differ[0]);
  CHECK(out.result_depends_on[0].empty());
  CHECK(out.result_may_differ[1]);
  CHECK(out.result_reason[1] == "depends on MPI_Comm_rank at line 4");
  CHECK_FALSE(out.result_may_differ[2]);
  CHECK(out.result_depends_on[2] == Names{"size_of_other_file"});
  CHECK(out.result_may_differ[3]);
}

namespace {

ResultSummary result(const std::string &symbol, bool may_differ, Names depends_on = {}) {
  ResultSummary r;
  r.symbol = r.name = symbol;
  r.file = symbol + ".c";
  r.may_differ = may_differ;
  r.depends_on = depends_on;
  r.reason = may_differ ? "depends on MPI_Comm_rank at line 4" : "";
  return r;
}

DeferredSite deferred(int line, Names depends_on) {
  DeferredSite site;
  site.function = "main";
  site.location = {"main.c", line, 5};
  site.collective = "MPI_Barrier";
  site.related.push_back({{"main.c", line - 1, 6}, "branch"});
  site.depends_on = depends_on;
  site.names = depends_on;
  site.arming_key = deferred_arming_key("main.c", "main");
  return site;
}

} // namespace

TEST_CASE("the link step judges results bottom-up, cycles included", "[cross_file_values]") {
  UnitSummary a, b;
  a.results = {result("size", false), result("rank", true), result("wrap_size", false, {"size"}),
               result("wrap_rank", false, {"wrap2_rank"})};
  b.results = {result("wrap2_rank", false, {"rank"}), result("even", false, {"odd"}),
               result("odd", false, {"even"}), result("ext", false, {"not_built"})};
  std::map<std::string, ResultJudgement> judged = judge_results({a, b});
  CHECK_FALSE(judged.at("size").may_differ);
  CHECK(judged.at("rank").may_differ);
  CHECK_FALSE(judged.at("wrap_size").may_differ);
  // Two files down: wrap_rank -> wrap2_rank -> rank.
  CHECK(judged.at("wrap2_rank").may_differ);
  CHECK(judged.at("wrap_rank").may_differ);
  CHECK(judged.at("wrap_rank").reason == "it depends on the result of 'wrap2_rank' (wrap2_rank.c)");
  // Mutual recursion with no source of difference: the same everywhere.
  CHECK_FALSE(judged.at("even").may_differ);
  CHECK_FALSE(judged.at("odd").may_differ);
  // A function no summary describes (built without PARCOACH) may differ.
  CHECK(judged.at("ext").may_differ);
  CHECK(judged.count("not_built") == 0);
}

TEST_CASE("the link step warns a deferred site only if a result it depends on may differ",
          "[cross_file_values]") {
  UnitSummary helpers, main;
  helpers.results = {result("world_size", false), result("my_rank", true)};
  main.deferred = {deferred(13, {"world_size"}), deferred(20, {"world_size", "my_rank"}),
                   deferred(30, {"getenv_wrapper"})};
  bool judged = false;
  std::vector<DeferredFinding> findings = judge_deferred_sites({helpers, main}, &judged);
  CHECK(judged);
  REQUIRE(findings.size() == 2);
  CHECK(findings[0].site.location.line == 20);
  CHECK(findings[0].because == "my_rank");
  CHECK(findings[0].known);
  CHECK(findings[1].site.location.line == 30);
  CHECK_FALSE(findings[1].known);

  std::string text = format_deferred_finding(findings[0], false);
  CHECK(text.find("main.c: In function 'main':\n") == 0);
  CHECK(text.find("main.c:20:5: warning: 'MPI_Barrier' may not be called by all processes of "
                  "its communicator, or not in the same order, because of the conditional at "
                  "line 19 [parcoach:collective-mismatch]\n") != std::string::npos);
  CHECK(text.find("main.c:19:6: note: processes may take different branches here, and then "
                  "not all of them run 'MPI_Barrier' (line 20) at the same point\n") !=
        std::string::npos);
  CHECK(text.find("main.c:20:5: note: the conditional depends on the result of 'my_rank' "
                  "(my_rank.c), which may differ between processes: it depends on "
                  "MPI_Comm_rank at line 4\n") != std::string::npos);
  CHECK(format_deferred_finding(findings[1], true).find("main.c:30:5: error: ") !=
        std::string::npos);
  CHECK(format_deferred_finding(findings[1], false).find("which no file compiled with PARCOACH describes") !=
        std::string::npos);

  // A program with no deferred site: nothing to tell the run time.
  judge_deferred_sites({helpers}, &judged);
  CHECK_FALSE(judged);
}

TEST_CASE("past the bound, a site depends on every key of its unit, listed once",
          "[cross_file_values]") {
  UnitSummary main;
  main.source = "main.c";
  main.every_key = {"my_rank", "world_size"};
  main.deferred = {deferred(13, {every_key_placeholder})};
  // Through the text form: the reader makes the placeholder main.c's key.
  std::vector<UnitSummary> back = parse_summaries(serialise_summary(main));
  REQUIRE(back.size() == 1);
  CHECK(back[0].every_key == main.every_key);
  REQUIRE(back[0].deferred.size() == 1);
  REQUIRE(back[0].deferred[0].depends_on.size() == 1);
  CHECK(is_every_key(back[0].deferred[0].depends_on[0]));
  CHECK(back[0].deferred[0].depends_on[0] != every_key_placeholder);

  UnitSummary uniform, differing;
  uniform.results = {result("world_size", false), result("my_rank", false)};
  differing.results = {result("world_size", false), result("my_rank", true)};
  CHECK(judge_deferred_sites({uniform, back[0]}).empty());
  std::vector<DeferredFinding> findings = judge_deferred_sites({differing, back[0]});
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].known);
  CHECK(findings[0].judgement.reason.find("the result of 'my_rank'") != std::string::npos);
  // Unqualified (no list of keys): unknown, so it may differ.
  CHECK(judge_deferred_sites({uniform, main}).size() == 1);
}

TEST_CASE("result facts and deferred sites survive the summary's text form",
          "[cross_file_values]") {
  UnitSummary unit;
  unit.source = "main.c";
  unit.results = {result("my_rank", true), result("wrap", false, {"a", "b"})};
  DeferredSite call = deferred(13, {"world_size"});
  call.collective.clear();
  call.callee = "step";
  call.runs = {"MPI_Allreduce", "MPI_Barrier"};
  call.names = {"world size\tprinted"};
  call.as_error = true;
  unit.deferred = {call, deferred(20, {"f"})};
  std::vector<UnitSummary> back = parse_summaries(serialise_summary(unit));
  REQUIRE(back.size() == 1);
  REQUIRE(back[0].results.size() == 2);
  CHECK(back[0].results[0].may_differ);
  CHECK(back[0].results[0].reason == "depends on MPI_Comm_rank at line 4");
  CHECK(back[0].results[1].depends_on == Names{"a", "b"});
  REQUIRE(back[0].deferred.size() == 2);
  const DeferredSite &s = back[0].deferred[0];
  CHECK(s.callee == "step");
  CHECK(s.collective.empty());
  CHECK(s.runs == Names{"MPI_Allreduce", "MPI_Barrier"});
  CHECK(s.depends_on == Names{"world_size"});
  CHECK(s.names == Names{"world size\tprinted"});
  CHECK(s.as_error);
  CHECK(s.arming_key == deferred_arming_key("main.c", "main"));
  REQUIRE(s.related.size() == 1);
  CHECK(s.related[0].location.line == 12);
  CHECK(back[0].deferred[1].collective == "MPI_Barrier");
}

TEST_CASE("deferred arming keys are told apart from the link step's own",
          "[cross_file_values]") {
  std::string own = arming_key_for("main.c", "main");
  std::string deferred_key = deferred_arming_key("main.c", "main");
  CHECK(deferred_key.compare(0, 3, "pcd") == 0);
  CHECK(own.compare(0, 3, "pcl") == 0);
  CHECK(deferred_key.substr(3) == own.substr(3));
}

namespace {

// A shared variable's slot: a global other files may read (Public: this
// unit defines it; External: another does).
int shared(Builder &b, const std::string &name, unsigned key, GlobalVisibility visibility) {
  int s = b.local(name);
  ValueFlowSlot &slot = b.f.slots[s];
  slot.scope = SlotScope::Global;
  slot.global = key;
  slot.visibility = visibility;
  slot.symbol = name;
  return s;
}

} // namespace

// read_params():  n = rank;  n = <broadcast>;  return      (uniform)
// set_rank():     m = rank;  return                         (differs)
// set_helper():   k = other_file_result();  return          (uniform if that is)
// main():         reads n (another unit's variable) only
TEST_CASE("the summaries say which shared variables get values the same everywhere",
          "[cross_file_values]") {
  Builder read_params("read_params", 2, false);
  int n = shared(read_params, "n", 100, GlobalVisibility::Public);
  int b = read_params.block();
  read_params.assign(b, n, {}, read_params.fact("depends on MPI_Comm_rank at line 3"));
  ValueFlowFact broadcast;
  broadcast.phrase = "'n' is broadcast by MPI_Bcast at line 5";
  read_params.f.facts.push_back(broadcast);
  read_params.assign(b, n, {}, (int)read_params.f.facts.size() - 1);
  read_params.ret(b, {});

  Builder set_rank("set_rank", 3, false);
  int m = shared(set_rank, "m", 101, GlobalVisibility::Public);
  b = set_rank.block();
  set_rank.assign(b, m, {}, set_rank.fact("depends on MPI_Comm_rank at line 9"));
  set_rank.ret(b, {});

  Builder set_helper("set_helper", 4, false);
  int k = shared(set_helper, "k", 102, GlobalVisibility::External);
  b = set_helper.block();
  set_helper.assign(b, k, {}, set_helper.result_of("other_file_result"));
  set_helper.ret(b, {});

  Builder reader("reader", 5, false);
  int read = shared(reader, "elsewhere", 103, GlobalVisibility::External);
  int copy = reader.local("copy");
  b = reader.block();
  reader.assign(b, copy, {read});
  reader.ret(b, {copy});

  std::vector<VariableFacts> facts =
      variable_facts({read_params.f, set_rank.f, set_helper.f, reader.f});
  // Only the variables the unit defines or stores to, by linker name.
  REQUIRE(facts.size() == 3);
  CHECK(facts[0].symbol == "k");
  CHECK_FALSE(facts[0].defined_here);
  CHECK_FALSE(facts[0].may_differ);
  CHECK(std::find(facts[0].depends_on.begin(), facts[0].depends_on.end(),
                  "other_file_result") != facts[0].depends_on.end());
  CHECK(facts[0].writers == std::vector<unsigned>{4});
  CHECK(facts[1].symbol == "m");
  CHECK(facts[1].may_differ);
  CHECK(facts[2].symbol == "n");
  CHECK(facts[2].defined_here);
  CHECK_FALSE(facts[2].may_differ);
  CHECK(facts[2].depends_on.empty());
  CHECK(facts[2].writers == std::vector<unsigned>{2});
}

// read_params():  n = f();  return                     (n depends on f only)
// status_user():  status = rank; other_0 .. other_19 = results of other files
// With more keys than separate solves (16), n depends on f alone, not on
// every key of the unit: among them `status' (MPICH's COMMON block
// mpipriv1, which MPI_STATUS_IGNORE lives in), which no file of the
// program defines, so that every variable of a Fortran unit differed.
TEST_CASE("a variable depends only on the keys whose tags reach it, however many the unit has",
          "[cross_file_values]") {
  Builder read_params("read_params", 2, false);
  int n = shared(read_params, "n", 100, GlobalVisibility::Public);
  int b = read_params.block();
  read_params.assign(b, n, {}, read_params.result_of("f"));
  read_params.ret(b, {});

  Builder status_user("status_user", 3, false);
  int status = shared(status_user, "mpipriv1", 101, GlobalVisibility::External);
  b = status_user.block();
  status_user.assign(b, status, {}, status_user.fact("depends on MPI_Comm_rank at line 9"));
  for (int i = 0; i < 20; ++i) {
    int other = status_user.local("other_" + std::to_string(i));
    status_user.assign(b, other, {}, status_user.result_of("g" + std::to_string(i)));
  }
  status_user.ret(b, {});

  std::vector<VariableFacts> facts = variable_facts({read_params.f, status_user.f});
  REQUIRE(facts.size() == 2);
  CHECK(facts[0].symbol == "mpipriv1");
  CHECK(facts[0].may_differ);
  CHECK(facts[1].symbol == "n");
  CHECK_FALSE(facts[1].may_differ);
  CHECK(facts[1].depends_on == Names{"f"});
}

// main:  if (n > 0) ...   with n a variable of another file
TEST_CASE("a conditional on another file's variable is left to the link step",
          "[cross_file_values]") {
  Builder main("main", 1, true);
  int n = shared(main, "n", 100, GlobalVisibility::External);
  int b0 = main.block({1, 2});
  main.block({2});
  main.block();
  int on_n = main.branch(b0, {n});
  DeferredValues out = defer({main.f});
  REQUIRE(out.any);
  CHECK(out.branch_depends_on[0][on_n] == Names{variable_key("n")});
  CHECK(out.verdicts[0][on_n].reason ==
        "it depends only on what other files decide (the variable 'n'), which the link step "
        "judges");
  CHECK(out.names.at(variable_key("n")) == "n");
}

namespace {

VariableSummary variable(const std::string &symbol, bool defined, bool may_differ,
                         Names writers) {
  VariableSummary v;
  v.symbol = v.name = symbol;
  v.file = "io.c";
  v.defined_here = defined;
  v.may_differ = may_differ;
  v.writers = writers;
  return v;
}

} // namespace

TEST_CASE("the link step takes a shared variable as the same everywhere only if every "
          "writer is called alike",
          "[cross_file_values]") {
  UnitSummary io, main;
  io.variables = {variable("nsteps", true, false, {"read_params"}),
                  variable("ranked", true, true, {"set_rank"}),
                  variable("flag", true, false, {"set_flag"}),
                  variable("deep", true, false, {"set_deep"})};
  // main.c also stores to nsteps, the same everywhere; `undefined' is
  // defined by no unit of the program.
  main.variables = {variable("nsteps", false, false, {}), variable("undefined", false, false, {})};
  // main calls set_flag where some processes only may, and wrapper
  // (which calls set_deep in another file) likewise.
  main.sites.push_back({});
  main.sites.back().callees = {{"set_flag", "set_flag"}, {"wrapper", "wrapper"}};
  FunctionSummary wrapper;
  wrapper.symbol = "wrapper";
  wrapper.external_callees = {"set_deep"};
  io.functions.push_back(wrapper);
  std::map<std::string, ResultJudgement> judged = judge_results({io, main});
  CHECK_FALSE(judged.at(variable_key("nsteps")).may_differ);
  CHECK(judged.at(variable_key("nsteps")).file == "io.c");
  CHECK(judged.at(variable_key("ranked")).may_differ);
  CHECK(judged.at(variable_key("flag")).may_differ);
  CHECK(judged.at(variable_key("flag")).reason ==
        "'set_flag' (io.c), which stores to it, may be called by some processes only");
  CHECK(judged.at(variable_key("deep")).may_differ);
  CHECK(judged.at(variable_key("undefined")).may_differ);

  // A deferred site on nsteps is silent, one on flag is reported.
  main.deferred = {deferred(10, {variable_key("nsteps")}), deferred(20, {variable_key("flag")})};
  main.deferred[0].names = {"nsteps"};
  main.deferred[1].names = {"flag"};
  std::vector<DeferredFinding> findings = judge_deferred_sites({io, main});
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].site.location.line == 20);
  CHECK(format_deferred_finding(findings[0], false)
            .find("note: the conditional depends on the variable 'flag' (io.c), which may "
                  "differ between processes: 'set_flag' (io.c), which stores to it, may be "
                  "called by some processes only\n") != std::string::npos);
}

TEST_CASE("shared variables survive the summary's text form", "[cross_file_values]") {
  UnitSummary unit;
  unit.source = "io.c";
  unit.variables = {variable("nsteps", true, false, {"read_params", "reset"})};
  unit.variables[0].depends_on = {"world_size"};
  std::vector<UnitSummary> back = parse_summaries(serialise_summary(unit));
  REQUIRE(back.size() == 1);
  REQUIRE(back[0].variables.size() == 1);
  const VariableSummary &v = back[0].variables[0];
  CHECK(v.symbol == "nsteps");
  CHECK(v.defined_here);
  CHECK_FALSE(v.may_differ);
  CHECK(v.depends_on == Names{"world_size"});
  CHECK(v.writers == Names{"read_params", "reset"});
}

namespace {

// Field `field' (bits [offset, offset + 32)) of the shared record `name'.
int shared_field(Builder &b, const std::string &name, unsigned key, GlobalVisibility visibility,
                 const std::string &field, int index, long long offset) {
  int s = shared(b, name + "." + field, key, visibility);
  ValueFlowSlot &slot = b.f.slots[s];
  slot.symbol = name;
  slot.field = index;
  slot.field_offset = offset;
  slot.field_size = 32;
  slot.scalar = true;
  return s;
}

} // namespace

// env_init():  env.rank = rank;  env.size = size;  return
// (env a record the unit defines; r6 of the false positives: a test on
// env.size was blamed on the store of the rank in env.rank)
TEST_CASE("each field of a shared record is judged apart", "[cross_file_values]") {
  Builder init("env_init", 2, false);
  int rank = shared_field(init, "env", 100, GlobalVisibility::Public, "rank", 1, 64);
  int size = shared_field(init, "env", 100, GlobalVisibility::Public, "size", 2, 96);
  int b = init.block();
  init.assign(b, rank, {}, init.fact("depends on MPI_Comm_rank at line 3"));
  ValueFlowFact comm_size;
  comm_size.phrase = "is MPI_Comm_size";
  init.f.facts.push_back(comm_size);
  init.assign(b, size, {}, (int)init.f.facts.size() - 1);
  init.ret(b, {});

  std::vector<VariableFacts> facts = variable_facts({init.f});
  std::map<std::string, const VariableFacts *> by_symbol;
  for (const VariableFacts &f : facts)
    by_symbol[f.symbol] = &f;
  const std::string rank_symbol = field_key("env", 64, 32);
  const std::string size_symbol = field_key("env", 96, 32);
  // env.rank says what the whole record says: no entry of its own.
  REQUIRE(by_symbol.size() == 2);
  REQUIRE(by_symbol.count("env"));
  REQUIRE(by_symbol.count(size_symbol));
  CHECK_FALSE(by_symbol.count(rank_symbol));
  CHECK(by_symbol["env"]->may_differ); // the whole record holds the rank
  CHECK(by_symbol["env"]->field_of.empty());
  CHECK(by_symbol[size_symbol]->field_of == "env");
  CHECK_FALSE(by_symbol[size_symbol]->may_differ);
  CHECK(by_symbol[size_symbol]->name == "env.size");
  CHECK(by_symbol[size_symbol]->writers == std::vector<unsigned>{2});
  CHECK(by_symbol[size_symbol]->defined_here);

  // A reader of env.size alone, in another unit, depends on the field's key.
  Builder main("main", 1, true);
  int read = shared_field(main, "env", 200, GlobalVisibility::External, "size", 0, 96);
  int b0 = main.block({1, 2});
  main.block({2});
  main.block();
  int on_size = main.branch(b0, {read});
  DeferredValues out = defer({main.f});
  REQUIRE(out.any);
  CHECK(out.branch_depends_on[0][on_size] == Names{variable_key(size_symbol)});
  CHECK(out.names.at(variable_key(size_symbol)) == "env.size");
}

// io.c stores to the whole record (a struct assignment): its entry for the
// whole speaks for the fields it does not name; main.c names env.size.
TEST_CASE("a field no entry of a unit names is judged by that unit's whole variable",
          "[cross_file_values]") {
  auto entry = [](const std::string &symbol, const std::string &field_of, bool defined,
                  bool may_differ) {
    VariableSummary v;
    v.symbol = symbol;
    v.name = field_of.empty() ? symbol : field_of + ".size";
    v.field_of = field_of;
    v.file = defined ? "io.c" : "main.c";
    v.defined_here = defined;
    v.may_differ = may_differ;
    return v;
  };
  const std::string size = field_key("env", 96, 32);
  UnitSummary io, main;
  main.variables = {entry(size, "env", false, false)};
  // io.c's whole stores differ: so does env.size.
  io.variables = {entry("env", "", true, true)};
  std::map<std::string, ResultJudgement> judged = judge_results({io, main});
  CHECK(judged.at(variable_key(size)).may_differ);
  // io.c names the field, stored the same everywhere, beside a differing
  // rank: env.size is the same everywhere, the whole record is not.
  io.variables.push_back(entry(size, "env", true, false));
  judged = judge_results({io, main});
  CHECK_FALSE(judged.at(variable_key(size)).may_differ);
  CHECK(judged.at(variable_key("env")).may_differ);
  // A field of a variable no file defines.
  io.variables.clear();
  judged = judge_results({io, main});
  CHECK(judged.at(variable_key(size)).may_differ);
  // No unit names the field (main.c only reads it, a conditional of its
  // depends on it): it is judged as the whole variable.
  main.variables.clear();
  main.deferred = {deferred(10, {variable_key(size)})};
  io.variables = {entry("env", "", true, false)};
  judged = judge_results({io, main});
  CHECK_FALSE(judged.at(variable_key(size)).may_differ);
  io.variables[0].may_differ = true;
  judged = judge_results({io, main});
  CHECK(judged.at(variable_key(size)).may_differ);
  CHECK(whole_key(variable_key(size)) == variable_key("env"));
  CHECK(whole_key(variable_key("env")).empty());
  main.variables = {entry(size, "env", false, false)};
  // The field survives the summary's text form.
  main.source = "main.c";
  std::vector<UnitSummary> back = parse_summaries(serialise_summary(main));
  REQUIRE(back.size() == 1);
  REQUIRE(back[0].variables.size() == 1);
  CHECK(back[0].variables[0].field_of == "env");
  CHECK(back[0].variables[0].symbol == size);
}

// A static variable of the unit (Unit visibility with a symbol) that a
// public function stores to is judged by the link step, like a public one.
TEST_CASE("a static variable public functions store to is judged at link time",
          "[cross_file_values]") {
  Builder init("env_init", 2, false);
  int steps = shared(init, unit_static_symbol("env.c", "nsteps"), 100, GlobalVisibility::Unit);
  init.f.slots[steps].name = "nsteps";
  ValueFlowFact broadcast;
  broadcast.phrase = "'nsteps' is broadcast by MPI_Bcast at line 5";
  init.f.facts.push_back(broadcast);
  int b = init.block();
  init.assign(b, steps, {}, (int)init.f.facts.size() - 1);
  init.ret(b, {});
  std::vector<VariableFacts> facts = variable_facts({init.f});
  REQUIRE(facts.size() == 1);
  CHECK(facts[0].symbol == "static:env.c:nsteps");
  CHECK(facts[0].defined_here);
  CHECK_FALSE(facts[0].may_differ);
  CHECK(facts[0].writers == std::vector<unsigned>{2});
}

// step():  t = my_rank; if (t == 0) ...;  u = steps; if (u > 2) ...;
//          my_rank = t;  steps = u;  return
// with my_rank and steps two variables the unit defines and stores back
// unchanged.  What step() leaves in `steps' is what other files stored
// there: it depends on `steps' alone, not on `my_rank' (which main.c sets
// from the rank), so the link step can take `steps' as the same
// everywhere.
TEST_CASE("a shared variable depends only on the keys that reach it", "[cross_file_values]") {
  Builder step("step", 2, false);
  int my_rank = shared(step, "my_rank", 100, GlobalVisibility::Public);
  int steps = shared(step, "steps", 101, GlobalVisibility::Public);
  int t = step.local("t"), u = step.local("u");
  int b0 = step.block({1, 2});
  step.block({2});
  int b2 = step.block({3, 4});
  step.block({4});
  int b4 = step.block();
  step.assign(b0, t, {my_rank});
  step.branch(b0, {t});
  step.assign(b2, u, {steps});
  step.branch(b2, {u});
  step.assign(b4, my_rank, {t});
  step.assign(b4, steps, {u});
  step.ret(b4, {});

  std::vector<VariableFacts> facts = variable_facts({step.f});
  REQUIRE(facts.size() == 2);
  CHECK(facts[1].symbol == "steps");
  CHECK_FALSE(facts[1].may_differ);
  CHECK(facts[1].depends_on == Names{variable_key("steps")});
  CHECK(facts[0].symbol == "my_rank");
  CHECK(facts[0].depends_on == Names{variable_key("my_rank")});
}

namespace {

// What pointer parameter 0 of `b''s function points to (an out-parameter).
int out_target(Builder &b) {
  ValueFlowSlot s;
  s.name = "*p";
  s.scalar = true;
  s.scope = SlotScope::ParameterTarget;
  s.parameter = 0;
  b.f.slots.push_back(s);
  b.f.symbol = b.f.name;
  b.f.out_parameters = {0};
  return (int)b.f.slots.size() - 1;
}

std::map<std::string, ResultSummary> exits_of(std::vector<ValueFlowFunction> unit) {
  add_exit_probes(unit);
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<ResultVerdict> results;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit, &arguments, &results);
  DeferredValues deferred = defer_external_results(unit, verdicts, results, 16, &arguments);
  std::map<std::string, ResultSummary> by_key;
  for (ResultSummary &summary : exit_summaries(unit, deferred, {}, "setup.c"))
    by_key[summary.symbol] = summary;
  return by_key;
}

} // namespace

// bcast_into(int *p):  *p = <broadcast>;            return   the same everywhere
// rank_into(int *p):   r = rank; if (r == 0) *p = 1; return  may differ
// early(int *p):       r = rank; *p = 1; if (r == 0) return 0; return 1
//                      (*p is 1 everywhere, but whether a process returns
//                      here or there depends on r: with the probes'
//                      control dependence, may differ)
// forward(int *p):     *p = other();                 return  depends on other
// count(int n):        no pointer parameter: no key
TEST_CASE("what public functions leave behind pointer parameters is summarised per key",
          "[cross_file_values]") {
  Builder bcast("bcast_into", 1, false);
  int t = out_target(bcast);
  int b = bcast.block();
  ValueFlowFact broadcast;
  broadcast.phrase = "is broadcast by MPI_Bcast";
  bcast.f.facts.push_back(broadcast);
  bcast.assign(b, t, {}, 0);
  bcast.ret(b, {});

  Builder rank("rank_into", 2, false);
  t = out_target(rank);
  int r = rank.local("r");
  int r0 = rank.block({1, 2}), r1 = rank.block({2}), r2 = rank.block();
  rank.assign(r0, r, {}, rank.fact("depends on MPI_Comm_rank at line 3"));
  rank.branch(r0, {r});
  rank.assign(r1, t, {});
  rank.ret(r2, {});

  Builder early("early", 3, false);
  t = out_target(early);
  r = early.local("r");
  int e0 = early.block({1, 2}), e1 = early.block(), e2 = early.block();
  early.assign(e0, r, {}, early.fact("depends on MPI_Comm_rank at line 7"));
  early.assign(e0, t, {});
  early.branch(e0, {r});
  early.ret(e1, {});
  early.ret(e2, {});

  Builder forward("forward", 4, false);
  t = out_target(forward);
  b = forward.block();
  forward.assign(b, t, {}, forward.result_of("other"));
  forward.ret(b, {});

  Builder count("count", 5, false);
  count.f.symbol = "count";
  count.ret(count.block(), {});

  std::map<std::string, ResultSummary> exits =
      exits_of({bcast.f, rank.f, early.f, forward.f, count.f});
  REQUIRE(exits.size() == 4);
  CHECK_FALSE(exits.at("out:bcast_into:0").may_differ);
  CHECK(exits.at("out:bcast_into:0").depends_on.empty());
  CHECK(exits.at("out:rank_into:0").may_differ);
  CHECK(exits.at("out:early:0").may_differ);
  CHECK(exits.at("out:early:0").reason.find("MPI_Comm_rank at line 7") != std::string::npos);
  CHECK_FALSE(exits.at("out:forward:0").may_differ);
  CHECK(exits.at("out:forward:0").depends_on == Names{"other"});
  CHECK(exits.at("out:bcast_into:0").file == "setup.c");
}

// context_init(ctx_t *c):  c->rank = rank;  c->size = <MPI_Comm_size>;  return
// What it leaves in each field has a key of its own beside the whole
// argument's; the rank field says what the whole says (left out).  A
// caller's conditional on a field the summary does not name is judged as
// the whole argument.
TEST_CASE("what a public function leaves in each field behind a pointer is summarised apart",
          "[cross_file_values]") {
  Builder init("context_init", 1, false);
  init.f.symbol = init.f.name;
  init.f.out_parameters = {0};
  auto field = [&](const std::string &name, int index, long long offset) {
    ValueFlowSlot s;
    s.name = "c->" + name;
    s.scalar = true;
    s.scope = SlotScope::ParameterTarget;
    s.parameter = 0;
    s.field = index;
    s.field_offset = offset;
    s.field_size = 32;
    init.f.slots.push_back(s);
    return (int)init.f.slots.size() - 1;
  };
  int rank = field("rank", 0, 32), size = field("size", 1, 64);
  int b = init.block();
  init.assign(b, rank, {}, init.fact("depends on MPI_Comm_rank at line 3"));
  ValueFlowFact comm_size;
  comm_size.phrase = "comes from MPI_Comm_size";
  init.f.facts.push_back(comm_size);
  init.assign(b, size, {}, (int)init.f.facts.size() - 1);
  init.ret(b, {});

  std::map<std::string, ResultSummary> exits = exits_of({init.f});
  const std::string whole = out_argument_key("context_init", 0);
  const std::string size_key = field_key(whole, 64, 32);
  REQUIRE(exits.count(whole));
  REQUIRE(exits.count(size_key));
  CHECK_FALSE(exits.count(field_key(whole, 32, 32)));
  CHECK(exits.at(whole).may_differ);
  CHECK_FALSE(exits.at(size_key).may_differ);
  CHECK(whole_key(size_key) == whole);

  // The link step: a conditional on c.size, one on c.rank (no summary of
  // its own: the whole argument's).
  UnitSummary callee, caller;
  for (const auto &exit : exits)
    callee.results.push_back(exit.second);
  caller.deferred = {deferred(10, {size_key}), deferred(20, {field_key(whole, 32, 32)})};
  std::vector<DeferredFinding> findings = judge_deferred_sites({callee, caller});
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].site.location.line == 20);
}

// main:  n = 0;  read_count(&n) leaves n (out:read_count:0);  if (n > 0) ...
// Deferred on that key; the link step warns only if read_count's own
// summary says what it leaves may differ, or it has none.
TEST_CASE("a conditional on what another file's function leaves in a local is left to the "
          "link step",
          "[cross_file_values]") {
  Builder main_("main", 1, true);
  int n = main_.local("n");
  int m0 = main_.block({1, 2}), m1 = main_.block({2}), m2 = main_.block();
  main_.assign(m0, n, {});
  ValueFlowStatement weak;
  weak.target = n;
  weak.strong = false;
  weak.fact = main_.fact("depends on what 'read_count' leaves in 'n' at line 4",
                         out_argument_key("read_count", 0));
  main_.f.blocks[m0].statements.push_back(weak);
  int branch = main_.branch(m0, {n});
  (void)m1;
  (void)m2;
  DeferredValues out = defer({main_.f});
  REQUIRE(out.any);
  CHECK_FALSE(out.verdicts[0][branch].may_differ_between_processes);
  CHECK(out.branch_depends_on[0][branch] == Names{"out:read_count:0"});
  CHECK(out.names.at("out:read_count:0") == "read_count");

  UnitSummary caller;
  caller.source = "main.c";
  DeferredSite site = deferred(5, {"out:read_count:0"});
  site.names = {"read_count"};
  caller.deferred.push_back(site);
  UnitSummary callee;
  callee.source = "setup.c";
  ResultSummary left = result("out:read_count:0", false);
  left.name = "read_count";
  callee.results.push_back(left);
  CHECK(judge_deferred_sites({caller, callee}).empty());
  callee.results[0].may_differ = true;
  std::vector<DeferredFinding> found = judge_deferred_sites({caller, callee});
  REQUIRE(found.size() == 1);
  CHECK(format_deferred_finding(found[0], false)
            .find("what 'read_count' leaves behind argument 1") != std::string::npos);
  // Built without PARCOACH: no summary, may differ.
  CHECK(judge_deferred_sites({caller}).size() == 1);
}
