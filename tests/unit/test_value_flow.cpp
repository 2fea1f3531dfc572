// The value-flow solver (value_flow.h) on abstract programs built by hand:
// sources and producers, flow-sensitivity, control dependence, parameters,
// returns, pointer parameters, globals, threads.  Each expectation was
// worked out by hand from the program drawn in the comment above it.
#include <catch2/catch.hpp>

#include "value_flow.h"
#include "value_flow_library.h"

#include <functional>
#include <string>
#include <vector>

using namespace parcoach;

namespace {

using Kind = ValueFlowStatement::Kind;

// Builds one ValueFlowFunction.  Blocks are made in order (block 0 is the
// entry); a block without successors leaves the function.
class Program {
public:
  explicit Program(const std::string &name, unsigned uid = 1, bool outside = false) {
    f_.name = name;
    f_.uid = uid;
    f_.callable_from_outside = outside;
  }

  Program &entry_point() {
    f_.entry_point = true;
    f_.callable_from_outside = true;
    return *this;
  }

  int local(const std::string &name, bool single = false) {
    return slot(name, SlotScope::Local, single);
  }
  int parameter(const std::string &name, int position) {
    int s = slot(name, SlotScope::Parameter, false);
    f_.slots[s].parameter = position;
    return s;
  }
  int target(const std::string &name, int position) {
    int s = slot(name, SlotScope::ParameterTarget, false);
    f_.slots[s].parameter = position;
    return s;
  }
  int global(const std::string &name, unsigned uid,
             GlobalVisibility visibility = GlobalVisibility::Unit) {
    int s = slot(name, SlotScope::Global, false);
    f_.slots[s].global = uid;
    f_.slots[s].visibility = visibility;
    return s;
  }

  int differs(const std::string &phrase, bool processes = true, bool threads = true,
              unsigned origin = 0) {
    ValueFlowFact fact;
    fact.differs_between_processes = processes;
    fact.differs_between_threads = threads;
    fact.phrase = phrase;
    fact.origin = origin;
    f_.facts.push_back(fact);
    return (int)f_.facts.size() - 1;
  }
  int uniform(const std::string &phrase, bool error_code = false) {
    int fact = differs(phrase, false, false);
    f_.facts[fact].error_code = error_code;
    return fact;
  }

  int block(std::vector<int> successors = {}) {
    f_.blocks.emplace_back();
    f_.blocks.back().successors = std::move(successors);
    return (int)f_.blocks.size() - 1;
  }
  void successors(int b, std::vector<int> successors) {
    f_.blocks[b].successors = std::move(successors);
  }

  Program &assign(int b, int target, std::vector<int> uses, int fact = -1, bool strong = true) {
    ValueFlowStatement s;
    s.kind = Kind::Assign;
    s.target = target;
    s.uses = std::move(uses);
    s.fact = fact;
    s.strong = strong;
    f_.blocks[b].statements.push_back(s);
    return *this;
  }
  Program &call(int b, unsigned callee, std::vector<ValueFlowArgument> arguments,
                int target = -1) {
    ValueFlowStatement s;
    s.kind = Kind::Call;
    s.callee = callee;
    s.arguments = std::move(arguments);
    s.target = target;
    f_.blocks[b].statements.push_back(s);
    return *this;
  }
  Program &ret(int b, std::vector<int> uses) {
    ValueFlowStatement s;
    s.kind = Kind::Return;
    s.uses = std::move(uses);
    f_.blocks[b].statements.push_back(s);
    return *this;
  }
  // target := the rank of the process in `communicator' (kind Rank) or
  // its size (kind Size), as MPI_Comm_rank and MPI_Comm_size store them.
  Program &quantity(int b, int target, ValueFlowQuantity::Kind kind,
                    const std::string &communicator, int fact) {
    assign(b, target, {}, fact);
    ValueFlowStatement &s = f_.blocks[b].statements.back();
    s.quantity.kind = kind;
    s.quantity.communicator = communicator;
    return *this;
  }
  // target := source, a copy.
  Program &copy(int b, int target, int source) {
    assign(b, target, {source});
    f_.blocks[b].statements.back().copy_of = source;
    return *this;
  }
  // Block `b' ends in `left op right' (a slot each, or -1 and a constant);
  // returns the verdict's index.
  int compare(int b, ValueFlowComparison::Op op, int left, int right, long long constant = 0,
              const std::string &text = "", int line = 0) {
    ValueFlowComparison &c = f_.blocks[b].comparison;
    c.op = op;
    c.left.slot = left;
    c.right.slot = right;
    (left < 0 ? c.left : c.right).constant = constant;
    c.text = text;
    std::vector<int> condition;
    for (int s : {left, right})
      if (s >= 0)
        condition.push_back(s);
    return branch(b, condition, line);
  }

  // Block `b' ends in a conditional testing `condition'; returns the
  // verdict's index.
  int branch(int b, std::vector<int> condition, int line = 0) {
    f_.blocks[b].condition = std::move(condition);
    f_.blocks[b].branch = f_.branch_count++;
    f_.blocks[b].line = line;
    return f_.blocks[b].branch;
  }

  ValueFlowFunction &function() { return f_; }
  operator const ValueFlowFunction &() const { return f_; }

private:
  int slot(const std::string &name, SlotScope scope, bool single) {
    ValueFlowSlot s;
    s.name = name;
    s.scope = scope;
    s.single_definition = single;
    s.scalar = true;
    f_.slots.push_back(s);
    return (int)f_.slots.size() - 1;
  }

  ValueFlowFunction f_;
};

ValueFlowArgument value(std::vector<int> uses) {
  ValueFlowArgument a;
  a.uses = std::move(uses);
  return a;
}

// keep(int *p): lets what p points to escape (`why').
Program keeper(unsigned uid, const std::string &why = "its address is stored in a global") {
  Program keep("keep", uid);
  int p = keep.target("*p", 0);
  keep.function().slots[p].escapes = keep.differs(why);
  keep.block();
  return keep;
}

// Makes `slot' the slot of one field of a record: unit-wide key `key', at
// bits [offset, offset + size).
void make_field(Program &p, int slot, int key, long long offset, long long size = 32) {
  ValueFlowSlot &s = p.function().slots[slot];
  s.field = key;
  s.field_offset = offset;
  s.field_size = size;
}

ValueFlowArgument literal(long long constant) {
  ValueFlowArgument a;
  a.literal = true;
  a.literal_value = constant;
  return a;
}

ValueFlowArgument address_of(int slot) {
  ValueFlowArgument a;
  a.pointees = {slot};
  a.exact = true;
  return a;
}

BranchVerdict verdict_of(const std::vector<ValueFlowFunction> &unit, int function, int branch) {
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit);
  REQUIRE(verdicts.size() == unit.size());
  REQUIRE(branch < (int)verdicts[function].size());
  return verdicts[function][branch];
}

BranchVerdict verdict_of(const Program &program, int branch = 0) {
  return verdict_of({program}, 0, branch);
}

// entry(0) tests `condition', then 1 or 2, both leaving.
int diamond_test(Program &p, int b, std::vector<int> condition, int line = 0) {
  int then_block = p.block(), else_block = p.block();
  p.successors(b, {then_block, else_block});
  return p.branch(b, std::move(condition), line);
}

} // namespace

TEST_CASE("a source of difference makes the branches on it differ", "[value-flow]") {
  Program p("main");
  int rank = p.local("rank");
  int test = p.local("a temporary", true);
  int b0 = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 8"));
  p.assign(b0, test, {rank});
  diamond_test(p, b0, {test});
  BranchVerdict v = verdict_of(p);
  CHECK(v.may_differ_between_processes);
  // Outside a thread team only one thread runs.
  CHECK_FALSE(v.may_differ_between_threads);
  CHECK(v.reason == "depends on MPI_Comm_rank at line 8");
}

TEST_CASE("constants and uniform producers give uniform branches, with their proof",
          "[value-flow]") {
  Program p("main");
  int size = p.local("nprocs"), k = p.local("k"), sum = p.local("sum", true);
  int b0 = p.block();
  p.assign(b0, k, {});
  p.assign(b0, size, {}, p.uniform("'nprocs' comes from MPI_Comm_size at line 9"));
  p.assign(b0, sum, {k, size});
  int on_k = p.block(), on_sum = p.block();
  p.successors(b0, {on_k});
  p.successors(on_k, {on_sum, on_sum});
  int k_branch = p.branch(on_k, {k});
  int b_end = p.block();
  p.successors(on_sum, {b_end, b_end});
  int sum_branch = p.branch(on_sum, {sum});
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK_FALSE(verdicts[0][k_branch].may_differ_between_processes);
  CHECK(verdicts[0][k_branch].reason == "it is computed from constants only");
  CHECK_FALSE(verdicts[0][sum_branch].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][sum_branch].may_differ_between_threads);
  CHECK(verdicts[0][sum_branch].reason == "'nprocs' comes from MPI_Comm_size at line 9");
}

TEST_CASE("a broadcast makes a variable uniform again (strong update)", "[value-flow]") {
  // if (rank == 0) n = read(); MPI_Bcast(&n); if (n > 0) ...
  Program p("main");
  int rank = p.local("rank"), n = p.local("n");
  int b0 = p.block(), b1 = p.block(), b2 = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 3"));
  p.successors(b0, {b1, b2});
  p.branch(b0, {rank}, 4);
  p.assign(b1, n, {}, p.differs("depends on data read by fscanf at line 5"));
  p.successors(b1, {b2});
  p.assign(b2, n, {}, p.uniform("'n' is broadcast by MPI_Bcast at line 6"));
  int before = p.local("copy before");
  // The value before the broadcast, kept in another variable, still differs.
  ValueFlowStatement keep;
  keep.target = before;
  keep.uses = {n};
  p.function().blocks[b2].statements.insert(p.function().blocks[b2].statements.begin(), keep);
  int on_n = p.block(), on_before = p.block();
  p.successors(b2, {on_n});
  p.successors(on_n, {on_before, on_before});
  int n_branch = p.branch(on_n, {n}, 7);
  int end = p.block();
  p.successors(on_before, {end, end});
  int before_branch = p.branch(on_before, {before}, 8);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK_FALSE(verdicts[0][n_branch].may_differ_between_processes);
  CHECK(verdicts[0][n_branch].reason == "'n' is broadcast by MPI_Bcast at line 6");
  CHECK(verdicts[0][before_branch].may_differ_between_processes);
}

TEST_CASE("a weak update keeps what the variable held", "[value-flow]") {
  Program p("main");
  int a = p.local("a");
  int b0 = p.block();
  p.assign(b0, a, {}, p.differs("depends on MPI_Comm_rank at line 3"));
  p.assign(b0, a, {}, p.uniform("'a' is reduced by MPI_Allreduce at line 4"), false);
  diamond_test(p, b0, {a});
  CHECK(verdict_of(p).may_differ_between_processes);
}

TEST_CASE("control dependence: a value assigned under a differing condition differs",
          "[value-flow]") {
  // x = 0; if (rank) x = 1; if (x) ...   (and y = 0 everywhere stays uniform)
  Program p("main");
  int rank = p.local("rank"), x = p.local("x"), y = p.local("y");
  int b0 = p.block(), b1 = p.block(), b2 = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 3"));
  p.assign(b0, x, {}).assign(b0, y, {});
  p.successors(b0, {b1, b2});
  p.branch(b0, {rank}, 4);
  p.assign(b1, x, {});
  p.successors(b1, {b2});
  int on_y = p.block();
  p.successors(b2, {on_y, on_y});
  int x_branch = p.branch(b2, {x}, 6);
  int end = p.block();
  p.successors(on_y, {end, end});
  int y_branch = p.branch(on_y, {y}, 7);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK(verdicts[0][x_branch].may_differ_between_processes);
  CHECK(verdicts[0][x_branch].reason ==
        "depends on the conditional at line 4, which depends on MPI_Comm_rank at line 3");
  CHECK_FALSE(verdicts[0][y_branch].may_differ_between_processes);
}

TEST_CASE("control dependence is iterated through uniform conditionals", "[value-flow]") {
  // if (rank) { if (k) x = 1; }  if (x) ...   k is uniform, yet x differs.
  Program p("main");
  int rank = p.local("rank"), k = p.local("k"), x = p.local("x");
  int b0 = p.block(), b1 = p.block(), b2 = p.block(), join = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 3"));
  p.assign(b0, k, {}).assign(b0, x, {});
  p.successors(b0, {b1, join});
  p.branch(b0, {rank}, 4);
  p.successors(b1, {b2, join});
  int k_branch = p.branch(b1, {k}, 5);
  p.assign(b2, x, {});
  p.successors(b2, {join});
  int end = p.block();
  p.successors(join, {end, end});
  int x_branch = p.branch(join, {x}, 7);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK_FALSE(verdicts[0][k_branch].may_differ_between_processes);
  CHECK(verdicts[0][x_branch].may_differ_between_processes);
}

TEST_CASE("loops: a rank-dependent trip count differs, an allreduced residual does not",
          "[value-flow]") {
  // i = 0; while (i < rank) i = i + 1;            header 1
  // err = 1; while (err > tol) err = allreduce;   header 4
  Program p("main");
  int rank = p.local("rank"), i = p.local("i"), err = p.local("err"), tol = p.local("tol");
  int b0 = p.block(), h1 = p.block(), body1 = p.block(), mid = p.block(), h2 = p.block(),
      body2 = p.block(), end = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 2"));
  p.assign(b0, i, {});
  p.successors(b0, {h1});
  p.successors(h1, {body1, mid});
  int loop1 = p.branch(h1, {i, rank}, 3);
  p.assign(body1, i, {i});
  p.successors(body1, {h1});
  p.assign(mid, err, {}).assign(mid, tol, {});
  p.successors(mid, {h2});
  p.successors(h2, {body2, end});
  int loop2 = p.branch(h2, {err, tol}, 5);
  p.assign(body2, err, {}, p.uniform("'err' is reduced by MPI_Allreduce at line 6"));
  p.successors(body2, {h2});
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK(verdicts[0][loop1].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][loop2].may_differ_between_processes);
  CHECK(verdicts[0][loop2].reason == "'err' is reduced by MPI_Allreduce at line 6");
}

TEST_CASE("a value computed in a loop with a differing exit differs after it",
          "[value-flow]") {
  // i = 0; s = 0; while (i < rank) { s = 5; i++ }  if (s) ...
  Program p("main");
  int rank = p.local("rank"), i = p.local("i"), s = p.local("s");
  int b0 = p.block(), header = p.block(), body = p.block(), after = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 2"));
  p.assign(b0, i, {}).assign(b0, s, {});
  p.successors(b0, {header});
  p.successors(header, {body, after});
  p.branch(header, {i, rank}, 3);
  p.assign(body, s, {}).assign(body, i, {i});
  p.successors(body, {header});
  int end = p.block();
  p.successors(after, {end, end});
  int s_branch = p.branch(after, {s}, 5);
  CHECK(verdict_of(p, s_branch).may_differ_between_processes);
}

TEST_CASE("parameters of unit-only functions are the join of their call sites",
          "[value-flow][inter]") {
  // static void solve(int n) { if (n > 0) ... }   main: solve(size); solve(4);
  Program solve("solve", 2);
  int n = solve.parameter("n", 0);
  int s0 = solve.block();
  int verdict = diamond_test(solve, s0, {n}, 12);
  Program main("main", 1);
  main.entry_point();
  int size = main.local("size"), rank = main.local("rank");
  int m0 = main.block();
  main.assign(m0, size, {}, main.uniform("'size' comes from MPI_Comm_size at line 20"));
  main.assign(m0, rank, {}, main.differs("depends on MPI_Comm_rank at line 21"));
  main.call(m0, 2, {value({size})}).call(m0, 2, {value({})});
  BranchVerdict v = verdict_of({main, solve}, 1, verdict);
  CHECK_FALSE(v.may_differ_between_processes);
  CHECK(v.reason == "parameter 'n' of 'solve' is the same at its 2 call sites");

  SECTION("one call site passing the rank is enough to differ") {
    main.call(m0, 2, {value({rank})});
    BranchVerdict w = verdict_of({main, solve}, 1, verdict);
    CHECK(w.may_differ_between_processes);
    CHECK(w.reason == "depends on MPI_Comm_rank at line 21");
  }
  SECTION("a function other files may call gets anything") {
    solve.function().callable_from_outside = true;
    BranchVerdict w = verdict_of({main, solve}, 1, verdict);
    CHECK(w.may_differ_between_processes);
    CHECK(w.reason ==
          "depends on parameter 'n' of 'solve', which other files may call with any value");
  }
  // main: if (rank) solve(left); else solve(right);  -- the verdict of
  // `tested' in `callee'.
  auto both_sides = [](Program callee, int tested, ValueFlowArgument left,
                       ValueFlowArgument right) {
    Program split("main", 1);
    split.entry_point();
    int r = split.local("rank");
    int b0 = split.block(), b1 = split.block(), b2 = split.block();
    split.assign(b0, r, {}, split.differs("depends on MPI_Comm_rank at line 3"));
    split.successors(b0, {b1, b2});
    split.branch(b0, {r}, 4);
    split.call(b1, 2, {left}).call(b2, 2, {right});
    return verdict_of({split, callee}, 1, tested).may_differ_between_processes;
  };
  SECTION("a call under a differing condition passes a differing value") {
    CHECK(both_sides(solve, verdict, value({}), value({})));
  }
  SECTION("the same literal on both sides of a differing condition is the same everywhere") {
    // if (rank) solve(3); else solve(3);  -- n is 3 in every activation;
    // solve(3) against solve(4), or against a computed value, differs.
    CHECK_FALSE(both_sides(solve, verdict, literal(3), literal(3)));
    // ... but `rank < n' still differs: n is a number, not a value yet
    // to come.
    Program test("solve", 2);
    int n2 = test.parameter("n", 0), r2 = test.local("rank");
    int t0 = test.block();
    test.quantity(t0, r2, ValueFlowQuantity::Kind::Rank, "world",
                  test.differs("depends on MPI_Comm_rank at line 2"));
    int against_rank = test.compare(t0, ValueFlowComparison::Op::Less, r2, n2);
    test.successors(t0, {test.block(), test.block()});
    CHECK(both_sides(test, against_rank, literal(3), literal(3)));
    CHECK(both_sides(solve, verdict, literal(3), literal(4)));
    CHECK(both_sides(solve, verdict, literal(3), value({})));
    solve.function().callable_from_outside = true;
    CHECK(both_sides(solve, verdict, literal(3), literal(3)));
  }
}

TEST_CASE("main's parameters are the same on every process", "[value-flow][inter]") {
  // mpiexec gives every process of an SPMD launch the program's arguments
  // (MPI 4.0, section 11.5): mini-apps parse argc/argv on every rank.
  Program main("main");
  main.entry_point();
  int argc = main.parameter("argc", 0);
  int b0 = main.block();
  diamond_test(main, b0, {argc});
  CHECK_FALSE(verdict_of(main).may_differ_between_processes);
}

TEST_CASE("a call's result is what the callee returns", "[value-flow][inter]") {
  // static int get(void) { return X; }  main: r = get(); if (r) ...
  auto unit_with = [](bool rank) {
    Program get("get", 2);
    int x = get.local("x");
    int g0 = get.block();
    get.assign(g0, x, {},
               rank ? get.differs("depends on MPI_Comm_rank at line 3")
                    : get.uniform("'x' comes from MPI_Comm_size at line 3"));
    get.ret(g0, {x});
    Program main("main", 1);
    main.entry_point();
    int r = main.local("r", true);
    int m0 = main.block();
    main.call(m0, 2, {}, r);
    diamond_test(main, m0, {r});
    return std::vector<ValueFlowFunction>{main, get};
  };
  CHECK(verdict_of(unit_with(true), 0, 0).may_differ_between_processes);
  BranchVerdict uniform = verdict_of(unit_with(false), 0, 0);
  CHECK_FALSE(uniform.may_differ_between_processes);
  CHECK(uniform.reason == "'x' comes from MPI_Comm_size at line 3");
}

TEST_CASE("recursion reaches a fixpoint", "[value-flow][inter]") {
  // static int f(int n) { if (n > 0) return f(n - 1); return n; }
  // main: k = f(SOURCE); if (k) ...
  auto unit_with = [](bool rank) {
    Program f("f", 2);
    int n = f.parameter("n", 0), m = f.local("m", true), r = f.local("r", true);
    int f0 = f.block(), f1 = f.block(), f2 = f.block();
    f.successors(f0, {f1, f2});
    f.branch(f0, {n}, 2);
    f.assign(f1, m, {n});
    f.call(f1, 2, {value({m})}, r);
    f.ret(f1, {r});
    f.ret(f2, {n});
    Program main("main", 1);
    main.entry_point();
    int source = main.local("source"), k = main.local("k", true);
    int m0 = main.block();
    main.assign(m0, source, {},
                rank ? main.differs("depends on MPI_Comm_rank at line 9")
                     : main.uniform("'source' comes from MPI_Comm_size at line 9"));
    main.call(m0, 2, {value({source})}, k);
    diamond_test(main, m0, {k});
    return std::vector<ValueFlowFunction>{main, f};
  };
  std::vector<ValueFlowFunction> rank_unit = unit_with(true), size_unit = unit_with(false);
  CHECK(verdict_of(rank_unit, 0, 0).may_differ_between_processes);
  CHECK(verdict_of(rank_unit, 1, 0).may_differ_between_processes);
  CHECK_FALSE(verdict_of(size_unit, 0, 0).may_differ_between_processes);
  CHECK_FALSE(verdict_of(size_unit, 1, 0).may_differ_between_processes);
}

TEST_CASE("what a callee leaves behind a pointer parameter reaches the caller",
          "[value-flow][inter]") {
  // static void get(int *p) { *p = SOURCE; }  main: v = 0; get(&v); if (v) ...
  auto unit_with = [](bool rank) {
    Program get("get", 2);
    int p = get.target("*p", 0);
    get.parameter("p", 0);
    int g0 = get.block();
    get.assign(g0, p, {},
               rank ? get.differs("depends on MPI_Comm_rank at line 3")
                    : get.uniform("'*p' comes from MPI_Comm_size at line 3"));
    get.ret(g0, {});
    Program main("main", 1);
    main.entry_point();
    int v = main.local("v");
    int m0 = main.block();
    main.assign(m0, v, {}, main.differs("depends on rand at line 8"));
    main.call(m0, 2, {address_of(v)});
    diamond_test(main, m0, {v});
    return std::vector<ValueFlowFunction>{main, get};
  };
  CHECK(verdict_of(unit_with(true), 0, 0).may_differ_between_processes);
  // The callee overwrites the whole scalar: rand's value is gone.
  CHECK_FALSE(verdict_of(unit_with(false), 0, 0).may_differ_between_processes);
}

TEST_CASE("a callee reads what the callers point to (Fortran dummies)", "[value-flow][inter]") {
  // subroutine solve(n): if (n > 2) ...     main: call solve(nprocs); call solve(rank)
  Program solve("solve", 2);
  int n = solve.target("n", 0);
  solve.parameter("n", 0);
  int s0 = solve.block();
  int verdict = diamond_test(solve, s0, {n});
  Program main("main", 1);
  main.entry_point();
  int nprocs = main.local("nprocs"), rank = main.local("rank");
  int m0 = main.block();
  main.assign(m0, nprocs, {}, main.uniform("'nprocs' comes from mpi_comm_size at line 5"));
  main.assign(m0, rank, {}, main.differs("depends on mpi_comm_rank at line 6"));
  main.call(m0, 2, {address_of(nprocs)});
  CHECK_FALSE(verdict_of({main, solve}, 1, verdict).may_differ_between_processes);
  main.call(m0, 2, {address_of(rank)});
  CHECK(verdict_of({main, solve}, 1, verdict).may_differ_between_processes);
}

TEST_CASE("a pointer the callee lets escape makes the caller's variable differ",
          "[value-flow][inter]") {
  Program keep = keeper(2);
  Program main("main", 1);
  main.entry_point();
  int v = main.local("v");
  int m0 = main.block();
  main.assign(m0, v, {});
  main.call(m0, 2, {address_of(v)});
  diamond_test(main, m0, {v});
  CHECK(verdict_of({main, keep}, 0, 0).may_differ_between_processes);
}

// keep(int *p) lets *p escape (stores p in a global); main: v = SIZE;
// [test v]; keep(&v); [test v]; v = SIZE; [test v].  Before the call
// nobody else has v's address: the first test is uniform.  From the call
// on, code the analysis does not see may change v at any time, even
// right after a store: the other two may differ.
TEST_CASE("a variable escapes from the call that lets its address out",
          "[value-flow][inter]") {
  Program keep = keeper(2);
  Program main("main", 1);
  main.entry_point();
  int v = main.local("v");
  int size = main.uniform("'v' comes from MPI_Comm_size at line 3");
  int b0 = main.block(), b1 = main.block(), b2 = main.block(), b3 = main.block();
  int b4 = main.block(), b5 = main.block(), b6 = main.block();
  main.assign(b0, v, {}, size);
  int before = main.branch(b0, {v});
  main.successors(b0, {b1, b2});
  main.successors(b1, {b2});
  main.call(b2, 2, {address_of(v)});
  int after = main.branch(b2, {v});
  main.successors(b2, {b3, b4});
  main.successors(b3, {b4});
  main.assign(b4, v, {}, size);
  int stored = main.branch(b4, {v});
  main.successors(b4, {b5, b6});
  main.successors(b5, {b6});
  std::vector<ValueFlowFunction> unit{main, keep};
  CHECK_FALSE(verdict_of(unit, 0, before).may_differ_between_processes);
  BranchVerdict v_after = verdict_of(unit, 0, after);
  CHECK(v_after.may_differ_between_processes);
  CHECK(v_after.reason == "depends on 'v', which a called function may change at any time");
  CHECK(verdict_of(unit, 0, stored).may_differ_between_processes);
}

// The same in a function with an OpenMP team: another thread may read v
// after one thread's call, though before the call in its own order; the
// escape counts in the whole function.
TEST_CASE("in a function with a thread team a variable escapes everywhere",
          "[value-flow][inter][threads]") {
  Program keep = keeper(2);
  Program main("main", 1);
  main.entry_point();
  int v = main.local("v");
  int b0 = main.block(), b1 = main.block(), b2 = main.block();
  main.assign(b0, v, {}, main.uniform("'v' comes from MPI_Comm_size at line 3"));
  int before = main.branch(b0, {v});
  main.successors(b0, {b1, b2});
  main.successors(b1, {b2});
  main.call(b2, 2, {address_of(v)});
  for (int b : {b0, b1, b2})
    main.function().blocks[b].in_parallel_region = true;
  CHECK(verdict_of({main, keep}, 0, before).may_differ_between_processes);
}

// In a loop, the escape of one iteration reaches the next: main: v = SIZE;
// loop: [test v]; keep(&v); back to the test.
TEST_CASE("an escape in a loop body reaches the loop's test", "[value-flow][inter]") {
  Program keep = keeper(2, "its address is passed to 'foo'");
  Program main("main", 1);
  main.entry_point();
  int v = main.local("v");
  int b0 = main.block(), head = main.block(), body = main.block(), exit = main.block();
  main.assign(b0, v, {}, main.uniform("'v' comes from MPI_Comm_size at line 3"));
  main.successors(b0, {head});
  int test = main.branch(head, {v});
  main.successors(head, {body, exit});
  main.call(body, 2, {address_of(v)});
  main.successors(body, {head});
  CHECK(verdict_of({main, keep}, 0, test).may_differ_between_processes);
}

// What a pointer parameter points to escapes from the call too, and the
// callers learn that the function lets it escape: f(int *p): [test *p];
// keep(p); [test *p].  main: v = SIZE; f(&v); [test v].
TEST_CASE("a pointer parameter's target escapes from the call that lets it out",
          "[value-flow][inter]") {
  Program keep = keeper(3);
  Program f("f", 2);
  int fp = f.target("*p", 0);
  int f0 = f.block(), f1 = f.block(), f2 = f.block(), f3 = f.block(), f4 = f.block();
  int f_before = f.branch(f0, {fp});
  f.successors(f0, {f1, f2});
  f.successors(f1, {f2});
  f.call(f2, 3, {address_of(fp)});
  int f_after = f.branch(f2, {fp});
  f.successors(f2, {f3, f4});
  f.successors(f3, {f4});
  Program main("main", 1);
  main.entry_point();
  int v = main.local("v");
  int m0 = main.block();
  main.assign(m0, v, {}, main.uniform("'v' comes from MPI_Comm_size at line 3"));
  main.call(m0, 2, {address_of(v)});
  int m_after = diamond_test(main, m0, {v});
  std::vector<ValueFlowFunction> unit{main, f, keep};
  CHECK_FALSE(verdict_of(unit, 1, f_before).may_differ_between_processes);
  CHECK(verdict_of(unit, 1, f_after).may_differ_between_processes);
  CHECK(verdict_of(unit, 0, m_after).may_differ_between_processes);
}

TEST_CASE("static globals are the join of every store of the unit", "[value-flow][globals]") {
  // static int g;  setup(): g = SIZE;  main: setup(); if (g) ...
  auto unit_with = [](GlobalVisibility visibility, bool extra_rank_store) {
    Program setup("setup", 2);
    int g = setup.global("g", 77, visibility);
    int s0 = setup.block();
    setup.assign(s0, g, {}, setup.uniform("'g' comes from MPI_Comm_size at line 3"));
    Program main("main", 1);
    main.entry_point();
    int mg = main.global("g", 77, visibility);
    int m0 = main.block();
    main.call(m0, 2, {});
    diamond_test(main, m0, {mg});
    std::vector<ValueFlowFunction> unit{main, setup};
    if (extra_rank_store) {
      Program other("other", 3);
      int og = other.global("g", 77, visibility);
      int o0 = other.block();
      other.assign(o0, og, {}, other.differs("depends on MPI_Comm_rank at line 20"));
      unit.push_back(other);
    }
    return unit;
  };
  BranchVerdict v = verdict_of(unit_with(GlobalVisibility::Unit, false), 0, 0);
  CHECK_FALSE(v.may_differ_between_processes);
  CHECK(v.reason == "'g' comes from MPI_Comm_size at line 3");
  CHECK(verdict_of(unit_with(GlobalVisibility::Unit, true), 0, 0).may_differ_between_processes);
  CHECK(verdict_of(unit_with(GlobalVisibility::Public, false), 0, 0)
            .may_differ_between_processes);
  CHECK(verdict_of(unit_with(GlobalVisibility::External, false), 0, 0)
            .may_differ_between_processes);
  CHECK_FALSE(verdict_of(unit_with(GlobalVisibility::ReadOnly, false), 0, 0)
                  .may_differ_between_processes);
}

TEST_CASE("a global stored in a function not every process calls differs",
          "[value-flow][globals]") {
  // static void setup() { g = 1; }   main: if (rank) setup(); if (g) ...
  Program setup("setup", 2);
  int g = setup.global("g", 77);
  int s0 = setup.block();
  setup.assign(s0, g, {});
  Program main("main", 1);
  main.entry_point();
  int rank = main.local("rank"), mg = main.global("g", 77);
  int b0 = main.block(), b1 = main.block(), b2 = main.block();
  main.assign(b0, rank, {}, main.differs("depends on MPI_Comm_rank at line 3"));
  main.successors(b0, {b1, b2});
  main.branch(b0, {rank}, 4);
  main.call(b1, 2, {});
  main.successors(b1, {b2});
  diamond_test(main, b2, {mg});
  CHECK(verdict_of({main, setup}, 0, 1).may_differ_between_processes);
}

TEST_CASE("a global written by a thread team differs, in the region and after it",
          "[value-flow][threads]") {
  // static int g; #pragma omp parallel { g = omp_get_thread_num(); if (g) ... }  if (g) ...
  Program main("main");
  main.entry_point();
  int g = main.global("g", 5);
  int b0 = main.block(), region = main.block(), after = main.block();
  main.successors(b0, {region});
  main.function().blocks[region].in_parallel_region = true;
  main.assign(region, g, {}, main.differs("depends on omp_get_thread_num", false, true));
  main.successors(region, {after, after});
  int inside = main.branch(region, {g}, 4);
  int outside = diamond_test(main, after, {g});
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main});
  // Another thread may have written it, or not yet.
  CHECK(verdicts[0][inside].may_differ_between_threads);
  CHECK(verdicts[0][inside].may_differ_between_processes);
  // Whichever thread wrote last: the order differs between processes.
  CHECK(verdicts[0][outside].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][outside].may_differ_between_threads);
}

TEST_CASE("a global the master thread of a team stores a value the same in every thread "
          "to is the same on every process",
          "[value-flow][threads]") {
  // static double res; #pragma omp parallel { if (omp_get_thread_num() == 0)
  //   MPI_Allreduce(.., &res, ..); #pragma omp barrier  if (res < tol) ... }  if (res < tol) ...
  // One thread stores (no race), what it stores is the same in every
  // thread and process: only "some threads store it" differs.
  for (bool per_process : {false, true}) {
    INFO("the stored value differs between processes " << per_process);
    Program main("main");
    main.entry_point();
    int res = main.global("res", 5), tid = main.local("tid");
    int b0 = main.block(), region = main.block(), master = main.block(),
        joined = main.block(), after = main.block();
    main.successors(b0, {region});
    for (int b : {region, master, joined})
      main.function().blocks[b].in_parallel_region = true;
    main.assign(region, tid, {}, main.differs("depends on omp_get_thread_num", false, true));
    main.successors(region, {master, joined});
    main.branch(region, {tid}, 3);
    main.assign(master, res, {},
                per_process ? main.differs("depends on the process's residual", true, false)
                            : main.uniform("reduced by MPI_Allreduce"));
    main.successors(master, {joined});
    main.successors(joined, {after, after});
    int inside = main.branch(joined, {res}, 5);
    int outside = diamond_test(main, after, {res});
    std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main});
    CHECK(verdicts[0][inside].may_differ_between_processes == per_process);
    CHECK(verdicts[0][outside].may_differ_between_processes == per_process);
    // Between threads: a thread that read it before the store would race;
    // the solver does not see the barrier and still counts the store.
    CHECK(verdicts[0][inside].may_differ_between_threads);
  }
}

TEST_CASE("a variable after its single copyprivate is the same in every thread, not on every "
          "process",
          "[value-flow][threads]") {
  // #pragma omp parallel { int n; #pragma omp single copyprivate(n)
  //   n = atoi(getenv("N")); for (k < n) ... }
  // Lowered: p = GOMP_single_copy_start (); if (p == 0) n = ...; else
  // n = p->n; and at the join every thread holds the one value.
  for (bool broadcast : {false, true}) {
    INFO("the join copies the variable to every thread " << broadcast);
    Program main("main");
    main.entry_point();
    int p = main.local("p"), n = main.local("n");
    int b0 = main.block(), start = main.block(), body = main.block(), received = main.block(),
        join = main.block(), after = main.block();
    main.successors(b0, {start});
    for (int b : {start, body, received, join, after})
      main.function().blocks[b].in_parallel_region = true;
    main.assign(start, p, {},
                main.differs("depends on GOMP_single_copy_start", false, true));
    main.successors(start, {body, received});
    main.branch(start, {p}, 3);
    main.assign(body, n, {}, main.differs("depends on getenv", true, true));
    main.successors(body, {join});
    main.assign(received, n, {});
    main.successors(received, {join});
    main.assign(join, n, {n});
    main.function().blocks[join].statements.back().same_in_every_thread = broadcast;
    main.successors(join, {after});
    int on_n = diamond_test(main, after, {n});
    for (int b = after; b < (int)main.function().blocks.size(); ++b)
      main.function().blocks[b].in_parallel_region = true;
    std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main});
    CHECK(verdicts[0][on_n].may_differ_between_processes);
    CHECK(verdicts[0][on_n].may_differ_between_threads == !broadcast);
  }
}

TEST_CASE("a public global read in a team that runs only the unit's code holds what the team "
          "found there",
          "[value-flow][threads]") {
  // int steps; (other files may change it)  main: steps = 3;
  // #pragma omp parallel { [unknown ();] for (s < steps) ... }
  for (bool unseen_code : {false, true}) {
    INFO("the team calls a function the unit does not show " << unseen_code);
    Program main("main");
    main.entry_point();
    int steps = main.global("steps", 7, GlobalVisibility::Public);
    int b0 = main.block(), region = main.block(), after = main.block();
    main.assign(b0, steps, {}, main.uniform("a constant"));
    main.successors(b0, {region});
    main.function().blocks[region].in_parallel_region = true;
    if (unseen_code)
      main.call(region, 0, {});
    main.successors(region, {after, after});
    int in_team = main.branch(region, {steps}, 5);
    std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main});
    CHECK(verdicts[0][in_team].may_differ_between_processes == unseen_code);
  }
}

TEST_CASE("a global no thread writes in a barrier phase where another touches it is the same "
          "in every thread",
          "[value-flow][threads]") {
  // static int done; #pragma omp parallel { for (;;) { #pragma omp single
  //   done = ...; (barrier) if (done) break; #pragma omp barrier } }
  // The single's store depends on which thread runs it; the reads after
  // its barrier all see the one value (the adapter marks the slot).
  for (bool isolated : {false, true}) {
    INFO("barrier phases keep the store apart " << isolated);
    Program main("main");
    main.entry_point();
    int done = main.global("done", 9);
    main.function().slots[done].same_in_every_thread = isolated;
    int p = main.local("p");
    int b0 = main.block(), start = main.block(), single = main.block(), test = main.block(),
        after = main.block();
    main.successors(b0, {start});
    for (int b : {start, single, test})
      main.function().blocks[b].in_parallel_region = true;
    main.assign(start, p, {}, main.differs("depends on GOMP_single_start", false, true));
    main.successors(start, {single, test});
    main.branch(start, {p}, 3);
    main.assign(single, done, {}, main.uniform("a constant"));
    main.successors(single, {test});
    main.successors(test, {after, start});
    int exit = main.branch(test, {done}, 6);
    std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main});
    CHECK(verdicts[0][exit].may_differ_between_threads == !isolated);
    // One value stored by whichever thread: the same on every process.
    CHECK_FALSE(verdicts[0][exit].may_differ_between_processes);
  }
}

TEST_CASE("the thread number differs between threads only", "[value-flow][threads]") {
  Program p("main");
  int tid = p.local("tid"), n = p.local("n");
  int b0 = p.block(), b1 = p.block();
  p.function().blocks[b0].in_parallel_region = true;
  p.function().blocks[b1].in_parallel_region = true;
  p.assign(b0, tid, {}, p.differs("depends on omp_get_thread_num at line 4", false, true));
  p.assign(b0, n, {});
  p.successors(b0, {b1});
  p.successors(b1, {b1 + 1, b1 + 1});
  int on_tid = p.branch(b1, {tid}, 5);
  int b2 = p.block();
  int end = p.block();
  p.successors(b2, {end, end});
  int on_n = p.branch(b2, {n}, 6);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK_FALSE(verdicts[0][on_tid].may_differ_between_processes);
  CHECK(verdicts[0][on_tid].may_differ_between_threads);
  CHECK_FALSE(verdicts[0][on_n].may_differ_between_threads);
}

TEST_CASE("escaped variables always differ", "[value-flow]") {
  Program p("main");
  int x = p.local("x");
  p.function().slots[x].escapes = p.differs("depends on 'x': its address is passed to 'foo'");
  int b0 = p.block();
  p.assign(b0, x, {});
  diamond_test(p, b0, {x});
  BranchVerdict v = verdict_of(p);
  CHECK(v.may_differ_between_processes);
  CHECK(v.reason == "depends on 'x': its address is passed to 'foo'");
}

TEST_CASE("MPI error codes are uniform unless the unit installs an error handler",
          "[value-flow]") {
  Program p("main");
  int err = p.local("ierr");
  int b0 = p.block();
  p.assign(b0, err, {}, p.uniform("it is an MPI error code", true));
  diamond_test(p, b0, {err});
  CHECK_FALSE(verdict_of(p).may_differ_between_processes);
  p.function().installs_error_handler = true;
  BranchVerdict under_handler = verdict_of(p);
  CHECK(under_handler.may_differ_between_processes);
  // The reason says why it may differ, not why it would not.
  CHECK(under_handler.reason.find("installs an error handler") != std::string::npos);
}

TEST_CASE("odd graphs: unreachable conditionals, infinite loops, empty functions",
          "[value-flow][robustness]") {
  Program p("main");
  int rank = p.local("rank"), x = p.local("x");
  int b0 = p.block(), loop = p.block(), dead = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 2"));
  p.assign(b0, x, {});
  p.successors(b0, {loop, loop});
  p.branch(b0, {rank}, 3);
  // An infinite loop under the rank test: what it assigns differs.
  p.assign(loop, x, {});
  p.successors(loop, {loop});
  p.successors(dead, {dead, dead});
  int dead_branch = p.branch(dead, {x});
  Program empty("empty", 2);
  empty.function().branch_count = 1; // asked about, but no block
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p, empty});
  CHECK(verdicts[0][dead_branch].may_differ_between_processes);
  CHECK(verdicts[1].size() == 1);
  CHECK(verdicts[1][0].may_differ_between_processes);
  CHECK(solve_value_flow({}).empty());
}

TEST_CASE("the library table", "[value-flow][library]") {
  const LibraryFunction *bcast = find_library_function("mpi_bcast");
  REQUIRE(bcast);
  CHECK(bcast->uniform_output == 0);
  CHECK(bcast->communicator == 4);
  const LibraryFunction *allreduce = find_library_function("mpi_allreduce");
  REQUIRE(allreduce);
  CHECK(allreduce->uniform_output == 1);
  CHECK(allreduce->communicator == 5);
  // Only the root gets MPI_Reduce's result; a scan differs by rank.
  for (const char *name : {"mpi_reduce", "mpi_scan", "mpi_alltoall", "mpi_gather",
                           "mpi_scatter", "mpi_comm_rank", "mpi_recv", "mpi_comm_split"}) {
    const LibraryFunction *f = find_library_function(name);
    REQUIRE(f);
    CHECK(f->uniform_output == -1);
    CHECK(f->differing_outputs[0] >= 0);
  }
  // MPI_Comm_rank and MPI_Comm_size name a rank and a size of their
  // communicator; MPI_Group_rank may give MPI_UNDEFINED, not a rank.
  const LibraryFunction *comm_rank = find_library_function("mpi_comm_rank");
  CHECK(comm_rank->quantity == ValueFlowQuantity::Kind::Rank);
  CHECK(comm_rank->quantity_output == 1);
  CHECK(comm_rank->communicator == 0);
  const LibraryFunction *comm_size = find_library_function("mpi_comm_size");
  CHECK(comm_size->quantity == ValueFlowQuantity::Kind::Size);
  CHECK(comm_size->quantity_output == 1);
  CHECK(comm_size->communicator == 0);
  CHECK(find_library_function("mpi_group_rank")->quantity == ValueFlowQuantity::Kind::None);
  // MPI_Init_thread's `provided' is uniform where `required' is.
  const LibraryFunction *init_thread = find_library_function("mpi_init_thread");
  CHECK(init_thread->uniform_output == 3);
  CHECK(init_thread->communicator == 2);
  CHECK(init_thread->inputs_only);
  CHECK(find_library_function("mpi_comm_remote_size")->quantity ==
        ValueFlowQuantity::Kind::None);
  // An MPI function the table does not list writes through every pointer.
  const LibraryFunction *other = find_library_function("mpi_neighbor_whatever");
  REQUIRE(other);
  CHECK(other->kind == LibraryKind::Mpi);
  CHECK_FALSE(other->inputs_only);
  CHECK(find_library_function("omp_get_thread_num")->process_source == false);
  CHECK(find_library_function("rand")->kind == LibraryKind::Source);
  CHECK(find_library_function("some_user_function") == nullptr);
  // The members of std::initializer_list point into the braces' array,
  // write nothing and run no program code, whatever the element type.
  const LibraryFunction *list_begin = find_library_function("std::initializer_list::begin");
  REQUIRE(list_begin);
  CHECK(list_begin->kind == LibraryKind::Deterministic);
  CHECK(list_begin->over_body);
  CHECK(list_begin->inputs_only);
}

TEST_CASE("a helper's result follows the arguments of each call site", "[value-flow][inter]") {
  // static int owner(int k) { if (k > 8) r = 1; else r = 0; return r + k / 2; }
  // main: a = owner(size); b = owner(rank); if (a) ...; if (b) ...
  Program owner("owner", 2);
  int k = owner.parameter("k", 0), r = owner.local("r");
  int o0 = owner.block(), o1 = owner.block(), o2 = owner.block(), o3 = owner.block();
  owner.successors(o0, {o1, o2});
  int inner = owner.branch(o0, {k}, 3);
  owner.assign(o1, r, {});
  owner.successors(o1, {o3});
  owner.assign(o2, r, {});
  owner.successors(o2, {o3});
  owner.ret(o3, {r, k});
  Program main("main", 1);
  main.entry_point();
  int size = main.local("size"), rank = main.local("rank");
  int a = main.local("a", true), b = main.local("b", true);
  int m0 = main.block();
  main.assign(m0, size, {}, main.uniform("'size' comes from MPI_Comm_size at line 9"));
  main.assign(m0, rank, {}, main.differs("depends on MPI_Comm_rank at line 10"));
  main.call(m0, 2, {value({size})}, a).call(m0, 2, {value({rank})}, b);
  int m1 = main.block(), m2 = main.block(), end = main.block();
  main.successors(m0, {m1, m1});
  int on_a = main.branch(m0, {a}, 12);
  main.successors(m1, {m2, m2});
  int on_b = main.branch(m1, {b}, 13);
  main.successors(m2, {end});
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main, owner});
  CHECK_FALSE(verdicts[0][on_a].may_differ_between_processes);
  CHECK(verdicts[0][on_a].reason == "'size' comes from MPI_Comm_size at line 9");
  CHECK(verdicts[0][on_b].may_differ_between_processes);
  CHECK(verdicts[0][on_b].reason == "depends on MPI_Comm_rank at line 10");
  // Inside the helper, the branch sees every caller: one passes the rank.
  CHECK(verdicts[1][inner].may_differ_between_processes);
}

TEST_CASE("a callee's result takes what each call site's pointer argument points to",
          "[value-flow][inter]") {
  // static int get(const int *p) { return *p; }
  // main: a = get(&rank); b = get(&three); if (b) ...; if (a) ...
  // Before, get's result was the join of what both calls point to.
  Program get("get", 2);
  get.parameter("p", 0);
  int pointee = get.target("*p", 0);
  int g0 = get.block();
  get.ret(g0, {pointee});
  Program main("main", 1);
  main.entry_point();
  int rank = main.local("rank"), three = main.local("three");
  int a = main.local("a", true), b = main.local("b", true);
  int m0 = main.block();
  main.assign(m0, rank, {}, main.differs("depends on MPI_Comm_rank at line 4"));
  main.assign(m0, three, {}, main.uniform("a constant"));
  main.call(m0, 2, {address_of(rank)}, a).call(m0, 2, {address_of(three)}, b);
  int m1 = main.block(), end = main.block();
  main.successors(m0, {m1, m1});
  int on_b = main.branch(m0, {b}, 6);
  main.successors(m1, {end, end});
  int on_a = main.branch(m1, {a}, 7);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main, get});
  CHECK_FALSE(verdicts[0][on_b].may_differ_between_processes);
  CHECK(verdicts[0][on_a].may_differ_between_processes);
}

TEST_CASE("record fields meet field by field across calls", "[value-flow][inter]") {
  // struct ctx { int rank; int size; };
  // static void init(struct ctx *c) { c->rank = RANK; c->size = SIZE; }
  // static int get_size(const struct ctx *c) { return c->size; }
  // main: init(&c); if (get_size(&c)) ...; if (c.rank) ...
  Program init("init", 2);
  init.parameter("c", 0);
  int whole = init.target("*c", 0);
  init.function().slots[whole].covered = true;
  int c_rank = init.target("*c.rank", 0), c_size = init.target("*c.size", 0);
  make_field(init, c_rank, 0, 0);
  make_field(init, c_size, 1, 32);
  int i0 = init.block();
  init.assign(i0, c_rank, {}, init.differs("depends on MPI_Comm_rank at line 5"));
  init.assign(i0, c_size, {}, init.uniform("'c->size' comes from MPI_Comm_size at line 6"));
  init.ret(i0, {});
  Program get_size("get_size", 3);
  get_size.parameter("c", 0);
  int g_whole = get_size.target("*c", 0);
  get_size.function().slots[g_whole].covered = true;
  int g_rank = get_size.target("*c.rank", 0), g_size = get_size.target("*c.size", 0);
  make_field(get_size, g_rank, 0, 0);
  make_field(get_size, g_size, 1, 32);
  int g0 = get_size.block();
  get_size.ret(g0, {g_size});
  Program main("main", 1);
  main.entry_point();
  int c = main.local("c");
  main.function().slots[c].covered = true;
  int m_rank = main.local("c.rank"), m_size = main.local("c.size");
  make_field(main, m_rank, 0, 0);
  make_field(main, m_size, 1, 32);
  int result = main.local("n", true);
  ValueFlowArgument address;
  address.pointees = {c, m_rank, m_size};
  address.exact = true;
  int m0 = main.block();
  main.call(m0, 2, {address}).call(m0, 3, {address}, result);
  int m1 = main.block(), end = main.block();
  main.successors(m0, {m1, m1});
  int on_size = main.branch(m0, {result}, 12);
  main.successors(m1, {end, end});
  int on_rank = main.branch(m1, {m_rank}, 13);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main, init, get_size});
  CHECK_FALSE(verdicts[0][on_size].may_differ_between_processes);
  // get_size's result is what its call site passes in that field.
  CHECK(verdicts[0][on_size].reason == "'c->size' comes from MPI_Comm_size at line 6");
  CHECK(verdicts[0][on_rank].may_differ_between_processes);
}

TEST_CASE("a callee seeing one scalar replaces the one field it is given", "[value-flow][inter]") {
  // static void share(double *value) { *value = BCAST; }
  // main: struct s { double x; double y; } s;  s.x = RANK; s.y = RANK;
  //       share(&s.x);  if (s.x) ...;  if (s.y) ...
  Program share("share", 2);
  share.parameter("value", 0);
  int value = share.target("*value", 0);
  int s0 = share.block();
  share.assign(s0, value, {}, share.uniform("'*value' is broadcast by MPI_Bcast at line 3"));
  share.ret(s0, {});
  Program main("main", 1);
  main.entry_point();
  int whole = main.local("s");
  main.function().slots[whole].covered = true;
  int x = main.local("s.x"), y = main.local("s.y");
  make_field(main, x, 0, 0, 64);
  make_field(main, y, 1, 64, 64);
  int m0 = main.block();
  int rank = main.differs("depends on MPI_Comm_rank at line 9");
  main.assign(m0, x, {}, rank).assign(m0, y, {}, rank);
  main.call(m0, 2, {address_of(x)});
  int m1 = main.block(), end = main.block();
  main.successors(m0, {m1, m1});
  int on_x = main.branch(m0, {x}, 11);
  main.successors(m1, {end, end});
  int on_y = main.branch(m1, {y}, 12);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main, share});
  CHECK_FALSE(verdicts[0][on_x].may_differ_between_processes);
  CHECK(verdicts[0][on_y].may_differ_between_processes);
}

TEST_CASE("a reference member refers to what the constructor bound it to",
          "[value-flow][inter]") {
  // struct place { int rank; int size; };
  // struct worker { const place &p_; worker(const place &p) : p_(p) {} };
  // static int size_of(const worker *w) { return w->p_.size; }  (reads through p_)
  // static int rank_of(const worker *w) { return w->p_.rank; }
  // main: place pl; pl.rank = RANK; pl.size = SIZE; worker w(pl);
  //       if (size_of(&w)) ...; if (rank_of(&w)) ...
  const int member = 7, rank_key = 0, size_key = 1;
  // The constructor: this->p_ = p.
  Program construct("worker", 2);
  construct.parameter("this", 0);
  construct.parameter("p", 1);
  int this_whole = construct.target("*this", 0);
  construct.function().slots[this_whole].covered = true;
  int this_p = construct.target("*this.p_", 0);
  make_field(construct, this_p, member, 0, 64);
  construct.target("*p", 1);
  construct.function().reference_bindings.push_back({0, member, 1});
  construct.ret(construct.block(), {});
  // A reader through the member: one function per field.
  auto reader = [&](const char *name, unsigned uid, int key) {
    Program f(name, uid);
    f.parameter("w", 0);
    int whole = f.target("*w", 0);
    f.function().slots[whole].covered = true;
    int p = f.target("*w.p_", 0);
    make_field(f, p, member, 0, 64);
    int referent = f.target("**w.p_", 0);
    f.function().slots[referent].covered = true;
    f.function().slots[referent].through_reference = member;
    int rank = f.target("**w.p_.rank", 0), size = f.target("**w.p_.size", 0);
    for (int slot : {rank, size})
      f.function().slots[slot].through_reference = member;
    make_field(f, rank, rank_key, 0);
    make_field(f, size, size_key, 32);
    int b = f.block();
    f.ret(b, {key == rank_key ? rank : size});
    return f;
  };
  Program size_of = reader("size_of", 3, size_key), rank_of = reader("rank_of", 4, rank_key);
  Program main("main", 1);
  main.entry_point();
  int pl = main.local("pl");
  main.function().slots[pl].covered = true;
  int pl_rank = main.local("pl.rank"), pl_size = main.local("pl.size");
  make_field(main, pl_rank, rank_key, 0);
  make_field(main, pl_size, size_key, 32);
  int w = main.local("w");
  main.function().slots[w].covered = true;
  int w_p = main.local("w.p_");
  make_field(main, w_p, member, 0, 64);
  int n = main.local("n", true), r = main.local("r", true);
  ValueFlowArgument to_w;
  to_w.pointees = {w, w_p};
  to_w.exact = true;
  ValueFlowArgument to_pl;
  to_pl.pointees = {pl, pl_rank, pl_size};
  to_pl.exact = true;
  int m0 = main.block();
  main.assign(m0, pl_rank, {}, main.differs("depends on MPI_Comm_rank at line 9"));
  main.assign(m0, pl_size, {}, main.uniform("'pl.size' comes from MPI_Comm_size at line 10"));
  main.call(m0, 2, {to_w, to_pl});
  main.call(m0, 3, {to_w}, n).call(m0, 4, {to_w}, r);
  int m1 = main.block(), end = main.block();
  main.successors(m0, {m1, m1});
  int on_size = main.branch(m0, {n}, 12);
  main.successors(m1, {end, end});
  int on_rank = main.branch(m1, {r}, 13);
  std::vector<std::vector<BranchVerdict>> verdicts =
      solve_value_flow({main, construct, size_of, rank_of});
  INFO(verdicts[0][on_size].reason);
  CHECK_FALSE(verdicts[0][on_size].may_differ_between_processes);
  CHECK(verdicts[0][on_rank].may_differ_between_processes);
  CHECK(verdicts[0][on_rank].reason == "depends on MPI_Comm_rank at line 9");
  // Without the constructor's binding, what the member refers to is unknown.
  construct.function().reference_bindings.clear();
  verdicts = solve_value_flow({main, construct, size_of, rank_of});
  CHECK(verdicts[0][on_size].may_differ_between_processes);
}

TEST_CASE("a reference member a function binds itself refers to what it stored there",
          "[value-flow][inter]") {
  // A lambda capturing by reference, as GCC lowers it:
  // static bool body(const closure *c) { return *c->size_ > 1; }
  // main: int size = SIZE, rank = RANK; closure c; c.size_ = &size;
  //       if (body(&c)) ...
  // (variants: c.size_ = &rank; a second, plain store over c.size_;
  // a binding to memory no slot stands for).
  const int member = 3;
  auto solve = [&](bool to_rank, bool stored_over, bool elsewhere) {
    Program body("body", 2);
    body.parameter("c", 0);
    int whole = body.target("*c", 0);
    body.function().slots[whole].covered = true;
    int c_size = body.target("*c.size_", 0);
    make_field(body, c_size, member, 0, 64);
    int referent = body.target("**c.size_", 0);
    body.function().slots[referent].through_reference = member;
    body.function().slots[referent].scalar = true;
    body.ret(body.block(), {referent});
    Program main("main", 1);
    main.entry_point();
    int size = main.local("size"), rank = main.local("rank");
    int c = main.local("c");
    main.function().slots[c].covered = true;
    int c_size_main = main.local("c.size_");
    make_field(main, c_size_main, member, 0, 64);
    int t = main.local("t", true);
    int m0 = main.block();
    main.assign(m0, size, {}, main.uniform("'size' comes from MPI_Comm_size at line 5"));
    main.assign(m0, rank, {}, main.differs("depends on MPI_Comm_rank at line 6"));
    main.assign(m0, c_size_main, {});
    ValueFlowStatement &binding = main.function().blocks[m0].statements.back();
    binding.binds_reference = true;
    binding.referents = {to_rank ? rank : size};
    binding.refers_elsewhere = elsewhere;
    if (stored_over)
      main.assign(m0, c_size_main, {});
    ValueFlowArgument to_c;
    to_c.pointees = {c, c_size_main};
    to_c.exact = true;
    main.call(m0, 2, {to_c}, t);
    int end = main.block();
    main.successors(m0, {end, end});
    int on_t = main.branch(m0, {t}, 9);
    return solve_value_flow({main, body})[0][on_t];
  };
  BranchVerdict bound_to_size = solve(false, false, false);
  INFO(bound_to_size.reason);
  CHECK_FALSE(bound_to_size.may_differ_between_processes);
  BranchVerdict bound_to_rank = solve(true, false, false);
  CHECK(bound_to_rank.may_differ_between_processes);
  CHECK(bound_to_rank.reason == "depends on MPI_Comm_rank at line 6");
  // Another store over the member, or a binding to unknown memory: what it
  // refers to is unknown.
  CHECK(solve(false, true, false).may_differ_between_processes);
  CHECK(solve(false, false, true).may_differ_between_processes);
}

TEST_CASE("what an argument reaches through stored pointers may change in a callee storing "
          "where it cannot tell",
          "[value-flow][inter]") {
  // static void store(struct holder *h) { *h->p = ...; }  (an unknown store)
  // static struct view make(int *x);  (returns no address of its arguments)
  // main: int steps = 1; h.p = &steps (or h = make(...)); store(&h); if (steps) ...
  auto solve = [](std::vector<unsigned> through_results_of, bool returns_memory) {
    Program store("store", 2);
    store.parameter("h", 0);
    store.target("*h", 0);
    store.function().stores_through_unknown = true;
    store.ret(store.block(), {});
    Program make("make", 3);
    make.function().returns_argument_memory = returns_memory;
    make.ret(make.block(), {});
    Program main("main", 1);
    main.entry_point();
    int steps = main.local("steps"), h = main.local("h");
    int m0 = main.block();
    main.assign(m0, steps, {}, main.uniform("'steps' is a constant"));
    ValueFlowArgument to_h = address_of(h);
    to_h.reachable.push_back({steps, std::move(through_results_of)});
    main.call(m0, 2, {to_h});
    int end = main.block();
    main.successors(m0, {end, end});
    int on_steps = main.branch(m0, {steps}, 9);
    return solve_value_flow({main, store, make})[0][on_steps];
  };
  CHECK(solve({}, true).may_differ_between_processes);
  CHECK(solve({3}, true).may_differ_between_processes);
  CHECK_FALSE(solve({3}, false).may_differ_between_processes);
}

TEST_CASE("a branch into the end of the whole job decides nothing", "[value-flow]") {
  // if (rank == 0 && bad) MPI_Abort(); x = 5; if (x) ...   (with exit(): x differs)
  auto verdict = [](bool ends_job) {
    Program p("main");
    int rank = p.local("rank"), x = p.local("x");
    int b0 = p.block(), stop = p.block(), go = p.block();
    p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 3"));
    p.successors(b0, {stop, go});
    p.branch(b0, {rank}, 4);
    p.function().blocks[stop].ends_job = ends_job;
    p.assign(go, x, {});
    diamond_test(p, go, {x});
    return verdict_of(p, 1);
  };
  CHECK_FALSE(verdict(true).may_differ_between_processes);
  CHECK(verdict(false).may_differ_between_processes);
}

TEST_CASE("a global overwritten before control leaves the function stays private",
          "[value-flow][globals]") {
  // static int g;  setup(): g = RANK; [helper();] g = SIZE;   main: setup(); if (g) ...
  auto verdict = [](bool call_in_between) {
    Program helper("helper", 3);
    helper.ret(helper.block(), {});
    Program setup("setup", 2);
    int g = setup.global("g", 9);
    int s0 = setup.block();
    setup.assign(s0, g, {}, setup.differs("depends on MPI_Comm_rank at line 4"));
    if (call_in_between)
      setup.call(s0, 3, {});
    setup.assign(s0, g, {}, setup.uniform("'g' comes from MPI_Comm_size at line 6"));
    setup.ret(s0, {});
    Program main("main", 1);
    main.entry_point();
    int mg = main.global("g", 9);
    int m0 = main.block();
    main.call(m0, 2, {});
    diamond_test(main, m0, {mg});
    return verdict_of({main, setup, helper}, 0, 0);
  };
  CHECK_FALSE(verdict(false).may_differ_between_processes);
  CHECK(verdict(true).may_differ_between_processes);
}

TEST_CASE("values set before a parallel region are the same in every thread",
          "[value-flow][threads]") {
  // rank = MPI_Comm_rank();  #pragma omp parallel { if (rank) ...; r = rand(); if (r) ... }
  Program p("main");
  p.entry_point();
  int rank = p.local("rank"), r = p.local("r");
  int b0 = p.block(), region = p.block(), second = p.block();
  p.assign(b0, rank, {}, p.differs("depends on MPI_Comm_rank at line 3"));
  p.successors(b0, {region});
  p.function().blocks[region].in_parallel_region = true;
  p.function().blocks[second].in_parallel_region = true;
  p.assign(region, r, {}, p.differs("depends on rand at line 6"));
  p.successors(region, {second, second});
  int on_rank = p.branch(region, {rank}, 5);
  int end = p.block();
  p.successors(second, {end, end});
  int on_r = p.branch(second, {r}, 7);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK(verdicts[0][on_rank].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][on_rank].may_differ_between_threads);
  CHECK(verdicts[0][on_r].may_differ_between_threads);
}

TEST_CASE("a team the function forks sees one value of what it does not write",
          "[value-flow][threads]") {
  // f(n), callable from other files (and so from a thread team, with n
  // differing between that team's threads):
  //   b0: copy = n;              (outside the region)
  //   b1 (region): m = copy; if (m) ...       -- line 5: same in the team
  //   b2 (region): shared = m + n; if (shared) ... -- line 6: written by the
  //                team, from values the same in all its threads
  //   b3: if (n) ...                          -- line 7: outside, may differ
  Program p("f", 1, true);
  int n = p.parameter("n", 0), copy = p.local("copy"), m = p.local("m"),
      shared = p.local("shared");
  int b0 = p.block(), b1 = p.block(), b2 = p.block(), b3 = p.block(), end = p.block();
  p.function().blocks[b1].in_parallel_region = true;
  p.function().blocks[b2].in_parallel_region = true;
  p.assign(b0, copy, {n});
  p.successors(b0, {b1});
  p.assign(b1, m, {copy});
  p.successors(b1, {b2, b2});
  int on_copy = p.branch(b1, {m}, 5);
  p.assign(b2, shared, {m, n});
  p.successors(b2, {b3, b3});
  int on_shared = p.branch(b2, {shared}, 6);
  p.successors(b3, {end, end});
  int outside = p.branch(b3, {n}, 7);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  // copy and n are not written by the team: one value in all its threads.
  CHECK_FALSE(verdicts[0][on_copy].may_differ_between_threads);
  CHECK(verdicts[0][on_copy].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][on_shared].may_differ_between_threads);
  // Outside the region, the calling team's threads may pass different n.
  CHECK(verdicts[0][outside].may_differ_between_threads);

  // A variable the team writes keeps its difference: the thread number
  // stored in the region.
  Program q("g", 2, true);
  int t = q.local("t");
  int c0 = q.block(), c1 = q.block(), c_end = q.block();
  q.function().blocks[c0].in_parallel_region = true;
  q.function().blocks[c1].in_parallel_region = true;
  q.assign(c0, t, {}, q.differs("depends on omp_get_thread_num at line 3", false, true));
  q.successors(c0, {c1});
  q.successors(c1, {c_end, c_end});
  int on_t = q.branch(c1, {t}, 4);
  CHECK(verdict_of(q, on_t).may_differ_between_threads);
}

// ------------------------------------------------------------ ranges

namespace {

using Op = ValueFlowComparison::Op;
using Quantity = ValueFlowQuantity::Kind;

// main: rank := MPI_Comm_rank(world), size := MPI_Comm_size(world), r and
// s copies of them in temporaries, then one block per comparison, in a
// chain (each a two-way branch to the next).
struct RankAndSize {
  Program p{"main"};
  int rank, size, r, s, other_size, os;
  int last;
  RankAndSize() {
    p.entry_point();
    rank = p.local("rank");
    size = p.local("size");
    other_size = p.local("other size");
    r = p.local("r", true);
    s = p.local("s", true);
    os = p.local("os", true);
    last = p.block();
    p.quantity(last, rank, Quantity::Rank, "world", p.differs("depends on MPI_Comm_rank at line 5"));
    p.quantity(last, size, Quantity::Size, "world",
               p.uniform("'size' comes from MPI_Comm_size at line 6"));
    p.quantity(last, other_size, Quantity::Size, "half",
               p.uniform("'other size' comes from MPI_Comm_size at line 7"));
    p.copy(last, r, rank);
    p.copy(last, s, size);
    p.copy(last, os, other_size);
  }
  // The next test, `left op right' (slot -1: `constant').
  int test(Op op, int left, int right, long long constant = 0, const std::string &text = "") {
    int next = p.block();
    p.successors(last, {next, next});
    int verdict = p.compare(last, op, left, right, constant, text);
    last = next;
    return verdict;
  }
};

} // namespace

TEST_CASE("a rank lies in [0, size) of its communicator: comparisons that range decides "
          "are uniform", "[value-flow][ranges]") {
  RankAndSize m;
  int at_least_zero = m.test(Op::GreaterEqual, m.r, -1, 0, "rank >= 0");
  int above_minus_one = m.test(Op::Greater, m.r, -1, -1);
  int below_zero = m.test(Op::Less, m.r, -1, 0);
  int below_size = m.test(Op::Less, m.r, m.s, 0, "rank < size");
  int size_above = m.test(Op::Greater, m.s, m.r);
  int not_size = m.test(Op::NotEqual, m.r, m.s);
  int is_size = m.test(Op::Equal, m.s, m.r);
  int positive_size = m.test(Op::Greater, m.s, -1, 0);
  int zero_is_below = m.test(Op::LessEqual, -1, m.r, 0); // 0 <= rank
  // Not decided: the rank against a positive constant, or against the
  // size of another communicator.
  int is_zero = m.test(Op::Equal, m.r, -1, 0);
  int at_least_one = m.test(Op::GreaterEqual, m.r, -1, 1);
  int below_other_size = m.test(Op::Less, m.r, m.os);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({m.p});
  for (int decided : {at_least_zero, above_minus_one, below_zero, below_size, size_above,
                      not_size, is_size, positive_size, zero_is_below}) {
    CAPTURE(decided);
    CHECK_FALSE(verdicts[0][decided].may_differ_between_processes);
    CHECK_FALSE(verdicts[0][decided].may_differ_between_threads);
  }
  CHECK(verdicts[0][at_least_zero].reason ==
        "'rank >= 0' is decided by what MPI guarantees: a rank lies in [0, size) of its "
        "communicator");
  CHECK(verdicts[0][below_size].reason.find("'rank < size'") == 0);
  for (int open : {is_zero, at_least_one, below_other_size}) {
    CAPTURE(open);
    CHECK(verdicts[0][open].may_differ_between_processes);
    CHECK(verdicts[0][open].reason == "depends on MPI_Comm_rank at line 5");
  }
}

TEST_CASE("what is known of a rank goes through copies only", "[value-flow][ranges]") {
  RankAndSize m;
  // t := r + 1 (computed, not copied): nothing known of t.
  int t = m.p.local("t", true), u = m.p.local("u", true);
  m.p.assign(m.last, t, {m.r});
  m.p.copy(m.last, u, t);
  int computed = m.test(Op::GreaterEqual, u, -1, 0);
  // A rank in an unnamed communicator is still >= 0, but not below the
  // size of the world.
  int unnamed = m.p.local("unnamed rank");
  m.p.quantity(m.last, unnamed, Quantity::Rank, "", m.p.differs("depends on MPI_Comm_rank at line 9"));
  int unnamed_positive = m.test(Op::GreaterEqual, unnamed, -1, 0);
  int unnamed_below = m.test(Op::Less, unnamed, m.s);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({m.p});
  CHECK(verdicts[0][computed].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][unnamed_positive].may_differ_between_processes);
  CHECK(verdicts[0][unnamed_below].may_differ_between_processes);
}

TEST_CASE("paths that join keep what both know: a rank of either communicator, or nothing",
          "[value-flow][ranges]") {
  // b0: if (x) b1 else b2   (x a source)
  // b1: v := rank in world; w := rank in world
  // b2: v := rank in half;  w := 5
  // b3: if (v >= 0) ...; if (v < size(world)) ...; if (v < size(half)) ...;
  //     if (w >= 0) ...
  Program p("main");
  p.entry_point();
  int x = p.local("x"), v = p.local("v"), w = p.local("w"), size = p.local("size"),
      half = p.local("half");
  int b0 = p.block(), b1 = p.block(), b2 = p.block(), b3 = p.block();
  p.assign(b0, x, {}, p.differs("depends on rand at line 3"));
  p.quantity(b0, size, Quantity::Size, "world", p.uniform("'size' comes from MPI_Comm_size"));
  p.quantity(b0, half, Quantity::Size, "half", p.uniform("'half' comes from MPI_Comm_size"));
  p.successors(b0, {b1, b2});
  p.branch(b0, {x}, 3);
  int rank_fact = p.differs("depends on MPI_Comm_rank at line 4");
  p.quantity(b1, v, Quantity::Rank, "world", rank_fact);
  p.quantity(b1, w, Quantity::Rank, "world", rank_fact);
  p.quantity(b2, v, Quantity::Rank, "half", rank_fact);
  p.assign(b2, w, {});
  p.successors(b1, {b3});
  p.successors(b2, {b3});
  int b4 = p.block(), b5 = p.block(), b6 = p.block(), end = p.block();
  p.successors(b3, {b4, b4});
  int v_positive = p.compare(b3, Op::GreaterEqual, v, -1, 0);
  p.successors(b4, {b5, b5});
  int v_below = p.compare(b4, Op::Less, v, size);
  p.successors(b5, {b6, b6});
  int v_below_half = p.compare(b5, Op::Less, v, half);
  p.successors(b6, {end, end});
  int w_positive = p.compare(b6, Op::GreaterEqual, w, -1, 0);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({p});
  CHECK_FALSE(verdicts[0][v_positive].may_differ_between_processes);
  CHECK(verdicts[0][v_below].may_differ_between_processes);
  CHECK(verdicts[0][v_below_half].may_differ_between_processes);
  CHECK(verdicts[0][w_positive].may_differ_between_processes);
}

TEST_CASE("a rank counted down in a loop is no longer known to be >= 0",
          "[value-flow][ranges]") {
  // b0: v := rank; b1: if (v >= 0) b2 else b3; b2: v := v - 1 -> b1
  Program p("main");
  p.entry_point();
  int v = p.local("v");
  int b0 = p.block(), b1 = p.block(), b2 = p.block(), b3 = p.block();
  p.quantity(b0, v, Quantity::Rank, "world", p.differs("depends on MPI_Comm_rank at line 2"));
  p.successors(b0, {b1});
  p.successors(b1, {b2, b3});
  int test = p.compare(b1, Op::GreaterEqual, v, -1, 0);
  p.assign(b2, v, {v});
  p.successors(b2, {b1});
  CHECK(verdict_of(p, test).may_differ_between_processes);
}

TEST_CASE("what is known of a rank crosses calls: parameters, results, pointer parameters",
          "[value-flow][ranges][inter]") {
  // main: rank := MPI_Comm_rank(world); check(rank); check2(rank - 1);
  //       got := get_rank(); if (got >= 0) ...
  //       fill(&filled); if (filled >= 0) ...
  // check(int r): if (r >= 0) ...          -- every caller passes a rank
  // check2(int r): if (r >= 0) ...         -- its caller passes rank - 1
  // get_rank(): g := MPI_Comm_rank(world); return g;
  // fill(int *p): *p := MPI_Comm_rank(world)
  Program check("check", 2), check2("check2", 3), get_rank("get_rank", 4), fill("fill", 5);
  int r = check.parameter("r", 0);
  int c0 = check.block();
  diamond_test(check, c0, {r});
  check.function().blocks[c0].comparison = {Op::GreaterEqual, {r, 0}, {-1, 0}, "r >= 0"};
  int r2 = check2.parameter("r", 0);
  int d0 = check2.block();
  diamond_test(check2, d0, {r2});
  check2.function().blocks[d0].comparison = {Op::GreaterEqual, {r2, 0}, {-1, 0}, "r >= 0"};
  int g = get_rank.local("g");
  int g0 = get_rank.block();
  get_rank.quantity(g0, g, Quantity::Rank, "world",
                    get_rank.differs("depends on MPI_Comm_rank at line 20"));
  get_rank.ret(g0, {g});
  get_rank.function().blocks[g0].statements.back().copy_of = g;
  int target = fill.target("*p", 0);
  int f0 = fill.block();
  fill.quantity(f0, target, Quantity::Rank, "world",
                fill.differs("depends on MPI_Comm_rank at line 25"));

  Program main("main", 1);
  main.entry_point();
  int rank = main.local("rank"), less = main.local("less", true), got = main.local("got"),
      filled = main.local("filled");
  int m0 = main.block();
  main.quantity(m0, rank, Quantity::Rank, "world",
                main.differs("depends on MPI_Comm_rank at line 10"));
  ValueFlowArgument passed = value({rank});
  passed.copy_of = rank;
  main.call(m0, 2, {passed});
  main.assign(m0, less, {rank});
  main.call(m0, 3, {value({less})});
  main.call(m0, 4, {}, got);
  main.call(m0, 5, {address_of(filled)});
  int m1 = main.block(), m2 = main.block(), end = main.block();
  main.successors(m0, {m1, m1});
  int on_got = main.compare(m0, Op::GreaterEqual, got, -1, 0);
  main.successors(m1, {m2, m2});
  int on_filled = main.compare(m1, Op::GreaterEqual, filled, -1, 0);
  main.successors(m2, {end, end});

  std::vector<ValueFlowFunction> unit = {main, check, check2, get_rank, fill};
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit);
  CHECK_FALSE(verdicts[1][0].may_differ_between_processes);
  CHECK(verdicts[2][0].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][on_got].may_differ_between_processes);
  CHECK_FALSE(verdicts[0][on_filled].may_differ_between_processes);
}

TEST_CASE("a comparison decided by ranges is the same in every thread of a team",
          "[value-flow][ranges][threads]") {
  RankAndSize m;
  int region = m.last;
  m.p.function().blocks[region].in_parallel_region = true;
  int decided = m.test(Op::Less, m.r, m.s);
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({m.p});
  CHECK_FALSE(verdicts[0][decided].may_differ_between_threads);
  CHECK_FALSE(verdicts[0][decided].may_differ_between_processes);
}

TEST_CASE("a comparison with an extra fact is not decided by ranges", "[value-flow][ranges]") {
  RankAndSize m;
  int test = m.test(Op::GreaterEqual, m.r, -1, 0);
  m.p.function().blocks[m.last - 1].condition_fact = m.p.differs("depends on how the statement exits");
  CHECK(verdict_of(m.p, test).may_differ_between_processes);
}

TEST_CASE("what is known of a rank reaches a callee through a pointer parameter",
          "[value-flow][ranges][inter]") {
  // main: rank := MPI_Comm_rank(world); step(&rank);
  // step(int *me): t := *me; if (t >= 0) ...   (Fortran passes by reference)
  //                u := t + 1; if (u >= 0) ...  (a computation: nothing known)
  // The load of *me also reads the pointer `me' itself, whose value (an
  // address) is nothing like a rank: t is a copy of *me only.
  Program step("step", 2);
  int pointer = step.parameter("me", 0);
  int me = step.target("*me", 0), t = step.local("t", true), u = step.local("u", true);
  int s0 = step.block(), s1 = step.block(), end = step.block();
  step.copy(s0, t, me);
  step.function().blocks[s0].statements.back().uses.push_back(pointer);
  step.assign(s0, u, {t});
  step.successors(s0, {s1, s1});
  step.compare(s0, Op::GreaterEqual, t, -1, 0, "me >= 0");
  step.successors(s1, {end, end});
  step.compare(s1, Op::GreaterEqual, u, -1, 0, "u >= 0");
  Program main("main", 1);
  main.entry_point();
  int rank = main.local("rank");
  int m0 = main.block();
  main.quantity(m0, rank, Quantity::Rank, "world",
                main.differs("depends on MPI_Comm_rank at line 10"));
  main.call(m0, 2, {address_of(rank)});
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow({main, step});
  CHECK_FALSE(verdicts[1][0].may_differ_between_processes);
  CHECK(verdicts[1][1].may_differ_between_processes);
}

// The first event of a diagnostic path (gimple/diagnostic_paths.h): where
// a differing value comes from.
TEST_CASE("a verdict that may differ says where its source is", "[value-flow][paths]") {
  Program main("main", 1);
  main.entry_point();
  int rank = main.local("rank"), size = main.local("size");
  int m0 = main.block();
  main.assign(m0, rank, {}, main.differs("depends on MPI_Comm_rank at line 6", true, true, 606));
  main.assign(m0, size, {}, main.uniform("'size' comes from MPI_Comm_size at line 7"));
  int on_rank = diamond_test(main, m0, {rank});
  BranchVerdict differing = verdict_of(main, on_rank);
  CHECK(differing.may_differ_between_processes);
  CHECK(differing.origin == 606);
  Program other("main", 1);
  other.entry_point();
  int n = other.local("size");
  int o0 = other.block();
  other.assign(o0, n, {}, other.uniform("'size' comes from MPI_Comm_size at line 7"));
  int on_size = diamond_test(other, o0, {n});
  BranchVerdict same = verdict_of(other, on_size);
  CHECK_FALSE(same.may_differ_between_processes);
  CHECK(same.origin == 0);
}

// ------------------------------------------------------------ size tests bounding ranks

namespace {

// main: rank := MPI_Comm_rank(world), size := MPI_Comm_size(world), half :=
// MPI_Comm_size(half); then b0 tests `size_slot op k' (its edge
// `guard_holds' leads to b1 alone), b1 tests the rank, b2 joins, b3 ends.
//   b0: if (size_slot op k) -> when_true / when_false
//   b1: if (rank rop rk) -> b2, b2
//   b2: -> b3
// The other edge of b0 goes to b2.  Returns the verdict of b1's test.
struct Guarded {
  Program p{"main"};
  int rank, size, half;
  Guarded() {
    p.entry_point();
    rank = p.local("rank", true);
    size = p.local("size", true);
    half = p.local("half", true);
  }
  BranchVerdict run(int size_slot, Op op, long long k, bool guard_holds, Op rank_op,
                    long long rank_constant, bool second_way_in = false) {
    int b0 = p.block(), b1 = p.block(), b2 = p.block(), b3 = p.block();
    p.quantity(b0, rank, Quantity::Rank, "world",
               p.differs("depends on MPI_Comm_rank at line 5"));
    p.quantity(b0, size, Quantity::Size, "world",
               p.uniform("'size' comes from MPI_Comm_size at line 6"));
    p.quantity(b0, half, Quantity::Size, "half",
               p.uniform("'half' comes from MPI_Comm_size at line 7"));
    p.successors(b0, {b1, b2});
    p.compare(b0, op, size_slot, -1, k, "size test", 8);
    p.function().blocks[b0].when_true = guard_holds ? b1 : b2;
    p.function().blocks[b0].when_false = guard_holds ? b2 : b1;
    int test = p.compare(b1, rank_op, rank, -1, rank_constant, "rank test", 8);
    p.successors(b1, {b2, b2});
    p.successors(b2, {b3});
    if (second_way_in) {
      // b3 loops back into b1: b1 is no longer reached only from b0.
      int b4 = p.block();
      p.successors(b3, {b1, b4});
      p.branch(b3, {}, 9);
    }
    return verdict_of(p, test);
  }
};

// target := (left op right), a comparison's outcome stored in a temporary.
void compared(Program &p, int b, int target, Op op, int left, int right, long long constant,
              const std::string &text) {
  p.assign(b, target, {});
  ValueFlowStatement &s = p.function().blocks[b].statements.back();
  for (int slot : {left, right})
    if (slot >= 0)
      s.uses.push_back(slot);
  s.comparison.op = op;
  s.comparison.left.slot = left;
  s.comparison.right.slot = right;
  (left < 0 ? s.comparison.left : s.comparison.right).constant = constant;
  s.comparison.text = text;
}

// main: a := (size_slot aop ak); c := (rank cop ck); t := a OP c (`|' or
// `&', no branch); if (t != 0) ...  Returns the verdict of that test.
BranchVerdict logical_test(Quantity size_kind_of_slot, const std::string &size_communicator,
                           Op aop, long long ak, ValueFlowLogical::Op op, Op cop, long long ck,
                           bool rank_first = false) {
  Program p("main");
  p.entry_point();
  int rank = p.local("rank", true), size = p.local("size", true), a = p.local("a", true),
      c = p.local("c", true), t = p.local("t", true);
  int b0 = p.block(), b1 = p.block(), b2 = p.block();
  p.quantity(b0, rank, Quantity::Rank, "world", p.differs("depends on MPI_Comm_rank at line 5"));
  p.quantity(b0, size, size_kind_of_slot, size_communicator,
             size_kind_of_slot == Quantity::Rank
                 ? p.differs("depends on MPI_Comm_rank at line 6")
                 : p.uniform("'size' comes from MPI_Comm_size at line 6"));
  compared(p, b0, a, aop, size, -1, ak, "size > 1");
  compared(p, b0, c, cop, rank, -1, ck, "rank == 0");
  p.assign(b0, t, {a, c});
  ValueFlowStatement &s = p.function().blocks[b0].statements.back();
  s.logical.op = op;
  s.logical.left = rank_first ? c : a;
  s.logical.right = rank_first ? a : c;
  p.successors(b0, {b1, b2});
  int test = p.compare(b0, Op::NotEqual, t, -1, 0, "t != 0", 8);
  p.successors(b1, {b2});
  return verdict_of(p, test);
}

} // namespace

TEST_CASE("a rank test reached only where a size test bounds the size by 1 is uniform "
          "(`size > 1 || rank == 0', `size == 1 && rank == 0')",
          "[value-flow][ranges][guards]") {
  {
    Guarded g; // if (size > 1 || rank == 0): the rank test on the false edge
    BranchVerdict v = g.run(g.size, Op::Greater, 1, false, Op::Equal, 0);
    CHECK_FALSE(v.may_differ_between_processes);
    CHECK_FALSE(v.may_differ_between_threads);
    CHECK(v.reason == "'rank test' is decided by what MPI guarantees: where a test of the size "
                      "leads here, the communicator has at most 1 process, and a rank lies in "
                      "[0, size)");
  }
  {
    Guarded g; // if (size == 1 && rank == 0)
    CHECK_FALSE(g.run(g.size, Op::Equal, 1, true, Op::Equal, 0).may_differ_between_processes);
  }
  {
    Guarded g; // if (size < 2) { if (rank != 0) ... }
    CHECK_FALSE(g.run(g.size, Op::Less, 2, true, Op::NotEqual, 0).may_differ_between_processes);
  }
  {
    Guarded g; // if (1 < size || rank == 0): the constant on the left
    Program &p = g.p;
    (void)p;
    BranchVerdict v = [&] {
      int b0 = g.p.block(), b1 = g.p.block(), b2 = g.p.block();
      g.p.quantity(b0, g.rank, Quantity::Rank, "world", g.p.differs("rank"));
      g.p.quantity(b0, g.size, Quantity::Size, "world", g.p.uniform("size"));
      g.p.successors(b0, {b1, b2});
      g.p.compare(b0, Op::Less, -1, g.size, 1, "1 < size");
      g.p.function().blocks[b0].when_true = b2;
      g.p.function().blocks[b0].when_false = b1;
      int test = g.p.compare(b1, Op::Equal, g.rank, -1, 0, "rank == 0");
      g.p.successors(b1, {b2, b2});
      return verdict_of(g.p, test);
    }();
    CHECK_FALSE(v.may_differ_between_processes);
  }
  {
    Guarded g; // if (size > 2 || rank < 2): size <= 2, rank in [0, 1]
    CHECK_FALSE(g.run(g.size, Op::Greater, 2, false, Op::Less, 2).may_differ_between_processes);
  }
}

TEST_CASE("a rank test a size test does not bound enough stays blamed",
          "[value-flow][ranges][guards]") {
  {
    Guarded g; // if (size > 2 || rank == 0): two processes may disagree
    CHECK(g.run(g.size, Op::Greater, 2, false, Op::Equal, 0).may_differ_between_processes);
  }
  {
    Guarded g; // if (size > 2 || rank == 1)
    CHECK(g.run(g.size, Op::Greater, 2, false, Op::Equal, 1).may_differ_between_processes);
  }
  {
    Guarded g; // if (size > 1 && rank == 0): the true edge bounds nothing above
    CHECK(g.run(g.size, Op::Greater, 1, true, Op::Equal, 0).may_differ_between_processes);
  }
  {
    Guarded g; // the size of another communicator
    CHECK(g.run(g.half, Op::Greater, 1, false, Op::Equal, 0).may_differ_between_processes);
  }
  {
    Guarded g; // the rank itself tested (`rank > 0 || rank == 0')
    CHECK(g.run(g.rank, Op::Greater, 1, false, Op::Equal, 0).may_differ_between_processes);
  }
  {
    Guarded g; // the rank test has another way in, not through the size test
    CHECK(g.run(g.size, Op::Greater, 1, false, Op::Equal, 0, true).may_differ_between_processes);
  }
  {
    Guarded g; // no edge known as the false one
    Program &p = g.p;
    int b0 = p.block(), b1 = p.block(), b2 = p.block();
    p.quantity(b0, g.rank, Quantity::Rank, "world", p.differs("rank"));
    p.quantity(b0, g.size, Quantity::Size, "world", p.uniform("size"));
    p.successors(b0, {b1, b2});
    p.compare(b0, Op::Greater, g.size, -1, 1, "size > 1");
    int test = p.compare(b1, Op::Equal, g.rank, -1, 0, "rank == 0");
    p.successors(b1, {b2, b2});
    CHECK(verdict_of(p, test).may_differ_between_processes);
  }
}

TEST_CASE("`t = (size > 1) | (rank == 0)' computed without a branch is uniform",
          "[value-flow][ranges][guards]") {
  using L = ValueFlowLogical::Op;
  CHECK_FALSE(logical_test(Quantity::Size, "world", Op::Greater, 1, L::Or, Op::Equal, 0)
                  .may_differ_between_processes);
  CHECK_FALSE(logical_test(Quantity::Size, "world", Op::Greater, 1, L::Or, Op::Equal, 0, true)
                  .may_differ_between_processes);
  CHECK_FALSE(logical_test(Quantity::Size, "world", Op::Equal, 1, L::And, Op::Equal, 0)
                  .may_differ_between_processes);
  CHECK_FALSE(logical_test(Quantity::Size, "world", Op::Greater, 2, L::Or, Op::Less, 2)
                  .may_differ_between_processes);
  // Still blamed: a bound too weak, the wrong edge, another communicator,
  // a rank where the size should be.
  CHECK(logical_test(Quantity::Size, "world", Op::Greater, 2, L::Or, Op::Equal, 0)
            .may_differ_between_processes);
  CHECK(logical_test(Quantity::Size, "world", Op::Greater, 1, L::And, Op::Equal, 0)
            .may_differ_between_processes);
  CHECK(logical_test(Quantity::Size, "half", Op::Greater, 1, L::Or, Op::Equal, 0)
            .may_differ_between_processes);
  CHECK(logical_test(Quantity::Rank, "world", Op::Greater, 1, L::Or, Op::Equal, 0)
            .may_differ_between_processes);
}

namespace {

// main: c := handle (and d := another); rank := MPI_Comm_rank(c), size :=
// MPI_Comm_size(<size_from>), both named by the variable only
// (ValueFlowQuantity::communicator_slot); `between' runs between the two
// calls; if (rank < size) ...
BranchVerdict held_communicator(const std::function<void(Program &, int, int, int)> &between,
                                bool size_from_other = false, bool loop = false) {
  Program p("main");
  p.entry_point();
  int c = p.local("comm"), d = p.local("other"), rank = p.local("rank", true),
      size = p.local("size", true);
  int b0 = p.block(), b1 = p.block(), b2 = p.block(), b3 = p.block();
  p.assign(b0, c, {});
  p.assign(b0, d, {});
  p.successors(b0, {b1});
  // b1: the calls (a loop body when `loop': b1 -> b1 | b2)
  if (loop)
    p.assign(b1, c, {});
  p.quantity(b1, rank, Quantity::Rank, "", p.differs("depends on MPI_Comm_rank at line 5"));
  p.function().blocks[b1].statements.back().quantity.communicator_slot = c;
  between(p, b1, c, d);
  p.quantity(b1, size, Quantity::Size, "", p.uniform("'size' comes from MPI_Comm_size at line 6"));
  p.function().blocks[b1].statements.back().quantity.communicator_slot = size_from_other ? d : c;
  if (loop) {
    p.successors(b1, {b1, b2});
    p.branch(b1, {}, 7);
  } else {
    p.successors(b1, {b2});
  }
  int test = p.compare(b2, Op::Less, rank, size, 0, "rank < size", 8);
  p.successors(b2, {b3, b3});
  return verdict_of(p, test);
}

} // namespace

TEST_CASE("`rank < size' of a communicator in a variable holding one definition is uniform",
          "[value-flow][ranges][held]") {
  auto nothing = [](Program &, int, int, int) {};
  CHECK_FALSE(held_communicator(nothing).may_differ_between_processes);
  // Another variable written in between changes nothing.
  CHECK_FALSE(held_communicator([](Program &p, int b, int, int d) { p.assign(b, d, {}); })
                  .may_differ_between_processes);
  // Still blamed: the variable written between the calls, the size of
  // another variable, a definition in a loop, the address passed to a
  // call, a weak write.
  CHECK(held_communicator([](Program &p, int b, int c, int) { p.assign(b, c, {}); })
            .may_differ_between_processes);
  CHECK(held_communicator(nothing, true).may_differ_between_processes);
  CHECK(held_communicator(nothing, false, true).may_differ_between_processes);
  CHECK(held_communicator([](Program &p, int b, int c, int) {
          p.call(b, 99, {address_of(c)});
        }).may_differ_between_processes);
  CHECK(held_communicator([](Program &p, int b, int c, int) { p.assign(b, c, {}, -1, false); })
            .may_differ_between_processes);
}

TEST_CASE("a store through a returned pointer writes only the fields the callee returns into",
          "[value-flow]") {
  // double &at(Field *f) { return f->data[0]; }         (uid 2)
  // main: p := at(&x); *p := rank (x.comm, x.data: weak, through at's
  //       result); if (x.comm ...)
  auto unit_with = [](bool precise, long long offset) {
    Program at("at", 2);
    at.target("*f", 0);
    at.block();
    at.function().returns_only_fields = precise;
    if (precise)
      at.function().returned_fields.push_back({0, offset, offset < 0 ? -1 : 192});
    Program main("main", 1);
    main.entry_point();
    int comm = main.local("x.comm"), data = main.local("x.data");
    make_field(main, comm, 0, 0);
    make_field(main, data, 1, 64, 192);
    int rank = main.differs("depends on MPI_Comm_rank");
    int b = main.block();
    ValueFlowArgument x;
    x.pointees = {comm, data};
    main.call(b, 2, {x});
    for (int s : {comm, data}) {
      main.assign(b, s, {}, rank, false);
      main.function().blocks[b].statements.back().through_result_of = 2;
      main.function().blocks[b].statements.back().result_arguments = {0};
    }
    main.function().stores_through_results_of = {2};
    diamond_test(main, b, {comm});
    std::vector<ValueFlowFunction> unit{main.function(), at.function()};
    settle_result_stores(unit);
    return unit;
  };
  SECTION("into the vector's elements: the communicator beside them is not written") {
    std::vector<ValueFlowFunction> unit = unit_with(true, 64);
    CHECK_FALSE(unit[0].stores_through_unknown);
    CHECK(unit[0].blocks[0].statements[1].target == -1);
    CHECK(unit[0].blocks[0].statements[2].target == 1);
    CHECK_FALSE(verdict_of(unit, 0, 0).may_differ_between_processes);
  }
  SECTION("anywhere in the object: every field may be written") {
    std::vector<ValueFlowFunction> unit = unit_with(true, -1);
    CHECK_FALSE(unit[0].stores_through_unknown);
    CHECK(verdict_of(unit, 0, 0).may_differ_between_processes);
  }
  SECTION("a callee that may return anything: every field, and memory no slot names") {
    std::vector<ValueFlowFunction> unit = unit_with(false, 0);
    CHECK(unit[0].stores_through_unknown);
    CHECK(verdict_of(unit, 0, 0).may_differ_between_processes);
  }
}

TEST_CASE("a read through a returned reference reads only the arguments' objects of a precise "
          "callee",
          "[value-flow]") {
  // double &time() { return this->time_; }   (uid 2)
  // main: d.time_ := 0; p := d.time (); t := *p (d.time_, and memory the
  //       callee may return besides); if (t < 1) ...
  auto unit_with = [](bool precise, bool time_differs) {
    Program time("time", 2);
    time.target("*this", 0);
    time.block();
    time.function().returns_only_fields = precise;
    if (precise)
      time.function().returned_fields.push_back({0, 0, 64});
    Program main("main", 1);
    main.entry_point();
    int field = main.local("d.time_"), t = main.local("t");
    make_field(main, field, 0, 0, 64);
    int rank = main.differs("depends on MPI_Comm_rank");
    int through = main.differs("depends on memory reached through the pointer 'time' returns");
    main.function().facts[through].unless_returns_only_fields_of = 2;
    int b = main.block();
    main.assign(b, field, {}, time_differs ? rank : -1);
    ValueFlowArgument d;
    d.pointees = {field};
    main.call(b, 2, {d});
    main.assign(b, t, {field}, through);
    diamond_test(main, b, {t});
    std::vector<ValueFlowFunction> unit{main.function(), time.function()};
    settle_result_stores(unit);
    return unit;
  };
  SECTION("the callee returns only into its argument: the field decides") {
    CHECK_FALSE(verdict_of(unit_with(true, false), 0, 0).may_differ_between_processes);
    CHECK(verdict_of(unit_with(true, true), 0, 0).may_differ_between_processes);
  }
  SECTION("a callee that may return anything: memory no slot names") {
    std::vector<ValueFlowFunction> unit = unit_with(false, false);
    CHECK(unit[0].facts[1].differs_between_processes);
    CHECK(verdict_of(unit, 0, 0).may_differ_between_processes);
  }
}

TEST_CASE("a read through a returned reference reads only the member the callee returns",
          "[value-flow]") {
  // double &time() { return &this->time_; }   (uid 2; returns 0:0+64)
  // main: d.time_ := 0; d.rank_ := rank; p := d.time ();
  //       r1 := d.time_, r2 := d.rank_ (each through time's result);
  //       t := r1 r2; if (t < 1) ...
  auto unit_with = [](long long offset) {
    Program time("time", 2);
    time.target("*this", 0);
    time.block();
    time.function().returns_only_fields = true;
    time.function().returned_fields.push_back({0, offset, offset < 0 ? -1 : 64});
    Program main("main", 1);
    main.entry_point();
    int time_field = main.local("d.time_"), rank_field = main.local("d.rank_");
    make_field(main, time_field, 0, 0, 64);
    make_field(main, rank_field, 1, 64, 32);
    int r1 = main.local("r1"), r2 = main.local("r2"), t = main.local("t");
    int rank = main.differs("depends on MPI_Comm_rank");
    int b = main.block();
    main.assign(b, time_field, {});
    main.assign(b, rank_field, {}, rank);
    ValueFlowArgument d;
    d.pointees = {time_field, rank_field};
    main.call(b, 2, {d});
    for (auto [read, field] : {std::pair<int, int>{r1, time_field}, {r2, rank_field}}) {
      main.assign(b, read, {field});
      ValueFlowStatement &statement = main.function().blocks[b].statements.back();
      statement.through_result_of = 2;
      statement.result_arguments = {0};
      statement.read_slot = field;
    }
    main.assign(b, t, {r1, r2});
    diamond_test(main, b, {t});
    std::vector<ValueFlowFunction> unit{main.function(), time.function()};
    settle_result_stores(unit);
    return unit;
  };
  SECTION("the accessor returns time_: the rank beside it is not read") {
    std::vector<ValueFlowFunction> unit = unit_with(0);
    CHECK(unit[0].blocks[0].statements[3].uses.size() == 1);
    CHECK(unit[0].blocks[0].statements[4].uses.empty());
    CHECK_FALSE(verdict_of(unit, 0, 0).may_differ_between_processes);
  }
  SECTION("the accessor may return anywhere in the object: the rank is read") {
    CHECK(verdict_of(unit_with(-1), 0, 0).may_differ_between_processes);
  }
  SECTION("the accessor returns the rank's member") {
    CHECK(verdict_of(unit_with(64), 0, 0).may_differ_between_processes);
  }
}

TEST_CASE("a read through a returned reference reads nothing of a covered whole slot",
          "[value-flow]") {
  // main: d (covered by its fields) := rank (weak, as a constructor's
  //       join may leave it); p := d.time (); r := d (through time's
  //       result); if (r < 1) ...
  auto unit_with = [](bool covered) {
    Program time("time", 2);
    time.target("*this", 0);
    time.block();
    time.function().returns_only_fields = true;
    time.function().returned_fields.push_back({0, 0, 64});
    Program main("main", 1);
    main.entry_point();
    int whole = main.local("d");
    main.function().slots[whole].covered = covered;
    int time_field = main.local("d.time_");
    make_field(main, time_field, 0, 0, 64);
    int r = main.local("r");
    int rank = main.differs("depends on MPI_Comm_rank");
    int b = main.block();
    main.assign(b, whole, {}, rank, false);
    ValueFlowArgument d;
    d.pointees = {whole, time_field};
    main.call(b, 2, {d});
    main.assign(b, r, {whole});
    ValueFlowStatement &statement = main.function().blocks[b].statements.back();
    statement.through_result_of = 2;
    statement.result_arguments = {0};
    statement.read_slot = whole;
    diamond_test(main, b, {r});
    std::vector<ValueFlowFunction> unit{main.function(), time.function()};
    settle_result_stores(unit);
    return unit;
  };
  CHECK_FALSE(verdict_of(unit_with(true), 0, 0).may_differ_between_processes);
  // A whole slot of its own (not covered by fields) may hold what is read.
  CHECK(verdict_of(unit_with(false), 0, 0).may_differ_between_processes);
}

TEST_CASE("what a lambda leaves behind a capture goes up through the helper running it",
          "[value-flow][inter]") {
  // static void body(const closure *c) { *c->comm_ = COMM; }   (uid 3)
  // static void helper(closure *f) { body(f); }                  (uid 2)
  // main: comm = WORLD; closure c; c.comm_ = &comm; helper(&c); if (comm) ...
  // (variants: COMM differs or not; body reads *c->comm_ only).
  const int member = 3;
  auto solve = [&](bool stores, bool differing) {
    Program body("body", 3);
    body.parameter("c", 0);
    int whole = body.target("*c", 0);
    body.function().slots[whole].covered = true;
    int c_comm = body.target("*c.comm_", 0);
    make_field(body, c_comm, member, 0, 64);
    int referent = body.target("**c.comm_", 0);
    body.function().slots[referent].through_reference = member;
    int b0 = body.block();
    if (stores)
      body.assign(b0, referent, {},
                  differing ? body.differs("depends on MPI_Comm_rank at line 3")
                            : body.uniform("'w' is MPI_COMM_WORLD"));
    body.ret(b0, {});
    Program helper("helper", 2);
    helper.parameter("f", 0);
    int f_whole = helper.target("*f", 0);
    helper.function().slots[f_whole].covered = true;
    int f_comm = helper.target("*f.comm_", 0);
    make_field(helper, f_comm, member, 0, 64);
    int h0 = helper.block();
    ValueFlowArgument to_f;
    to_f.pointees = {f_whole, f_comm};
    to_f.exact = true;
    helper.call(h0, 3, {to_f});
    Program main("main", 1);
    main.entry_point();
    int comm = main.local("comm");
    int c = main.local("c");
    main.function().slots[c].covered = true;
    int c_comm_main = main.local("c.comm_");
    make_field(main, c_comm_main, member, 0, 64);
    int m0 = main.block();
    main.assign(m0, comm, {}, main.uniform("'comm' is MPI_COMM_WORLD"));
    main.assign(m0, c_comm_main, {});
    ValueFlowStatement &binding = main.function().blocks[m0].statements.back();
    binding.binds_reference = true;
    binding.referents = {comm};
    ValueFlowArgument to_c;
    to_c.pointees = {c, c_comm_main};
    to_c.exact = true;
    main.call(m0, 2, {to_c});
    int end = main.block();
    main.successors(m0, {end, end});
    int on_comm = main.branch(m0, {comm}, 9);
    return solve_value_flow({main, helper, body})[0][on_comm];
  };
  BranchVerdict stored_differing = solve(true, true);
  INFO(stored_differing.reason);
  CHECK(stored_differing.may_differ_between_processes);
  CHECK(stored_differing.reason == "depends on MPI_Comm_rank at line 3");
  CHECK_FALSE(solve(true, false).may_differ_between_processes);
  CHECK_FALSE(solve(false, false).may_differ_between_processes);
}

// int n; threadprivate(n).  main: n = 3; parallel [copyin(n)]: (copy)
// [test n] barrier.  Each thread's copy is its own: without the copy, the
// team's threads other than the master hold their copies' old values;
// with it (the copying block's store and the join's statement
// same_in_every_thread), every copy holds the master's.  A call of a
// function of the unit that does not store to n keeps that; a call of
// code the unit does not show does not.
TEST_CASE("a threadprivate global is the same in every thread after copyin",
          "[value-flow][threads]") {
  enum class After { Nothing, UnitCall, UnknownCall };
  auto solve = [](bool copyin, After after) {
    Program helper("helper", 2);
    helper.ret(helper.block(), {});
    Program main("main", 1);
    main.entry_point();
    int n = main.global("n", 100, GlobalVisibility::ThreadLocal);
    int tid = main.local("tid");
    int b0 = main.block(), entry = main.block(), copying = main.block(), join = main.block(),
        test = main.block(), end = main.block();
    main.assign(b0, n, {}, main.uniform("'n' is 3"));
    main.successors(b0, {entry});
    main.assign(entry, tid, {}, main.differs("depends on the thread number", false, true));
    int on_tid = main.branch(entry, {tid});
    main.successors(entry, {copying, join});
    main.assign(copying, n, {}, main.uniform("the master's 'n'"));
    main.function().blocks[copying].statements.back().same_in_every_thread = copyin;
    main.successors(copying, {join});
    if (copyin) {
      main.assign(join, n, {n});
      main.function().blocks[join].statements.back().same_in_every_thread = true;
    }
    if (after == After::UnitCall)
      main.call(join, 2, {});
    if (after == After::UnknownCall)
      main.call(join, 77, {});
    main.successors(join, {test});
    int on_n = main.branch(test, {n});
    main.successors(test, {end, end});
    for (int b : {entry, copying, join, test})
      main.function().blocks[b].in_parallel_region = true;
    main.function().blocks[entry].starts_team = true;
    auto verdicts = solve_value_flow({main, helper})[0];
    CHECK(verdicts[on_tid].may_differ_between_threads);
    return verdicts[on_n];
  };
  BranchVerdict copied = solve(true, After::Nothing);
  INFO(copied.reason);
  CHECK_FALSE(copied.may_differ_between_threads);
  CHECK_FALSE(copied.may_differ_between_processes);
  CHECK_FALSE(solve(true, After::UnitCall).may_differ_between_threads);
  CHECK(solve(true, After::UnknownCall).may_differ_between_threads);
  BranchVerdict own_copies = solve(false, After::Nothing);
  CHECK(own_copies.may_differ_between_threads);
  CHECK_FALSE(own_copies.may_differ_between_processes);
}
