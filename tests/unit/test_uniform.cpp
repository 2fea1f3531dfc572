// Issue 14, uniformity on correct code (the `uniform' piece): ranges with
// offsets and communicator parameters, the split-colour membership rule,
// the value flow among the members of a communicator, and shared memory
// read alike by every thread.  Value-flow functions built by hand; each
// expectation follows from MPI's guarantees as the comments say.
#include <catch2/catch.hpp>

#include "communicator_membership.h"
#include "value_flow.h"
#include "value_flow_records.h"

#include <set>
#include <string>
#include <vector>

using namespace parcoach;
using value_flow_records::add_slot;

namespace {

using Kind = ValueFlowStatement::Kind;
using Op = ValueFlowComparison::Op;
using Quantity = ValueFlowQuantity::Kind;

int add_fact(ValueFlowFunction &f, bool processes, bool threads = false,
             const std::string &phrase = "a source") {
  ValueFlowFact fact;
  fact.differs_between_processes = processes;
  fact.differs_between_threads = threads;
  fact.phrase = phrase;
  f.facts.push_back(fact);
  return (int)f.facts.size() - 1;
}

ValueFlowStatement assign(int target, std::vector<int> uses = {}, int fact = -1) {
  ValueFlowStatement s;
  s.kind = Kind::Assign;
  s.target = target;
  s.uses = std::move(uses);
  s.fact = fact;
  return s;
}

ValueFlowStatement copy(int target, int source) {
  ValueFlowStatement s = assign(target, {source});
  s.copy_of = source;
  return s;
}

ValueFlowStatement constant(int target, long long value) {
  ValueFlowStatement s = assign(target);
  s.assigns_constant = true;
  s.constant = value;
  return s;
}

ValueFlowStatement quantity(int target, Quantity kind, const std::string &communicator,
                            bool local, int fact) {
  ValueFlowStatement s = assign(target, {}, fact);
  s.quantity.kind = kind;
  s.quantity.communicator = communicator;
  s.quantity.activation_local = local;
  return s;
}

// Block b ends in `left op right + offset' ... as a two-way branch.
void compare(ValueFlowFunction &f, int b, Op op, ValueFlowOperand left, ValueFlowOperand right) {
  ValueFlowBlock &block = f.blocks[b];
  block.comparison.op = op;
  block.comparison.left = left;
  block.comparison.right = right;
  block.comparison.text = "test";
  for (const ValueFlowOperand &o : {left, right})
    if (o.slot >= 0)
      block.condition.push_back(o.slot);
  block.branch = f.branch_count++;
}

ValueFlowOperand slot(int s, long long offset = 0) {
  ValueFlowOperand o;
  o.slot = s;
  o.offset = offset;
  return o;
}
ValueFlowOperand value(long long c) {
  ValueFlowOperand o;
  o.constant = c;
  return o;
}

// main: rank, size of `communicator' (local to the activation or not),
// then a chain of tests, one block each.
struct Ranges {
  ValueFlowFunction f;
  int rank, size;
  Ranges(const std::string &communicator, bool local) {
    f.name = "main";
    f.uid = 1;
    f.entry_point = true;
    rank = add_slot(f, "rank");
    size = add_slot(f, "size");
    f.blocks.resize(1);
    f.blocks[0].statements = {
        quantity(rank, Quantity::Rank, communicator, local, add_fact(f, true, false, "rank")),
        quantity(size, Quantity::Size, communicator, local, add_fact(f, false))};
  }
  int test(Op op, ValueFlowOperand left, ValueFlowOperand right) {
    int b = (int)f.blocks.size() - 1;
    f.blocks.emplace_back();
    f.blocks[b].successors = {b + 1, b + 1};
    compare(f, b, op, left, right);
    return f.blocks[b].branch;
  }
};

} // namespace

TEST_CASE("offsets: rank <= size - 1 and rank + 1 <= size hold everywhere, rank < size - 1 "
          "does not", "[uniform][ranges]") {
  for (bool local : {false, true}) {
    Ranges m(local ? "parameter 7" : "world", local);
    int at_most_last = m.test(Op::LessEqual, slot(m.rank), slot(m.size, -1));
    int next_fits = m.test(Op::LessEqual, slot(m.rank, 1), slot(m.size));
    int not_beyond = m.test(Op::Greater, slot(m.rank), slot(m.size, -1)); // never true
    int below_last = m.test(Op::Less, slot(m.rank), slot(m.size, -1));   // false on the last
    int shifted_zero = m.test(Op::GreaterEqual, slot(m.rank, -1), value(0)); // false on 0
    int shifted_minus = m.test(Op::GreaterEqual, slot(m.rank, 1), value(1));  // rank >= 0
    std::vector<BranchVerdict> v = solve_value_flow({m.f})[0];
    CAPTURE(local);
    for (int decided : {at_most_last, next_fits, not_beyond, shifted_minus}) {
      CAPTURE(decided);
      CHECK_FALSE(v[decided].may_differ_between_processes);
    }
    for (int open : {below_last, shifted_zero}) {
      CAPTURE(open);
      CHECK(v[open].may_differ_between_processes);
    }
  }
}

TEST_CASE("a communicator named in one activation only does not leave it",
          "[uniform][ranges][inter]") {
  // f(comm): r := rank in `parameter 7' (local); return r.
  // main: s := size in `parameter 7' (a name that, by recursion, could
  // be the same); x := f(); if (x < s) ...   -- not decided: x is a rank
  // of some communicator only.  Inside f, r < its own size is decided.
  ValueFlowFunction f;
  f.name = "f";
  f.uid = 2;
  f.callable_from_outside = false;
  int r = add_slot(f, "r"), fs = add_slot(f, "fs");
  f.blocks.resize(2);
  f.blocks[0].statements = {
      quantity(r, Quantity::Rank, "parameter 7", true, add_fact(f, true, false, "rank")),
      quantity(fs, Quantity::Size, "parameter 7", true, add_fact(f, false))};
  f.blocks[0].successors = {1, 1};
  compare(f, 0, Op::Less, slot(r), slot(fs));
  ValueFlowStatement ret;
  ret.kind = Kind::Return;
  ret.uses = {r};
  ret.copy_of = r;
  f.blocks[1].statements = {ret};

  Ranges m("parameter 7", true);
  int x = add_slot(m.f, "x");
  ValueFlowStatement call;
  call.kind = Kind::Call;
  call.callee = 2;
  call.target = x;
  m.f.blocks[0].statements.push_back(call);
  int below = m.test(Op::Less, slot(x), slot(m.size));
  int positive = m.test(Op::GreaterEqual, slot(x), value(0));
  std::vector<std::vector<BranchVerdict>> v = solve_value_flow({m.f, f});
  CHECK_FALSE(v[1][0].may_differ_between_processes);
  CHECK(v[0][below].may_differ_between_processes);
  CHECK_FALSE(v[0][positive].may_differ_between_processes);
}

namespace {

// colour := rank % 2 (differs);  MPI_Comm_split(world, colour, ..., &sub)
// [then `between' in block 0];  if (colour == 0) { MPI_Allreduce(sub);
// MPI_Barrier(world); }
struct ColourProgram {
  ValueFlowFunction f;
  int colour, sub, t;
  explicit ColourProgram(bool rewrite_colour = false) {
    colour = add_slot(f, "colour");
    sub = add_slot(f, "sub");
    t = add_slot(f, "t", true);
    int differs = add_fact(f, true);
    f.blocks.resize(3);
    auto &s = f.blocks[0].statements;
    s = {assign(colour, {}, differs)};
    ValueFlowSplit split;
    split.block = 0;
    split.first = (int)s.size();
    split.colour = colour;
    split.made = sub;
    s.push_back(assign(sub, {}, add_fact(f, true)));
    split.after = (int)s.size();
    f.splits = {split};
    if (rewrite_colour)
      s.push_back(assign(colour, {}, differs));
    s.push_back(copy(t, colour));
    f.blocks[0].successors = {1, 2};
    compare(f, 0, Op::Equal, slot(t), value(0));
    f.blocks[1].successors = {2};
    f.collectives = {{1, 0, sub}, {1, 0, -1}};
  }
};

// if (active) colour = 1; else colour = UNDEFINED;   (blocks 0, 1, 2)
// split(colour, &sub); if (!active) goto end;        (block 3)
// MPI_Bcast(sub);                                     (block 4)
struct ActiveProgram {
  ValueFlowFunction f;
  int active, colour, sub;
  ActiveProgram(long long on, long long off) {
    active = add_slot(f, "active");
    colour = add_slot(f, "colour");
    sub = add_slot(f, "sub");
    f.blocks.resize(6);
    f.blocks[0].statements = {assign(active, {}, add_fact(f, true))};
    f.blocks[0].successors = {1, 2};
    compare(f, 0, Op::NotEqual, slot(active), value(0));
    f.blocks[1].statements = {constant(colour, on)};
    f.blocks[1].successors = {3};
    f.blocks[2].statements = {constant(colour, off)};
    f.blocks[2].successors = {3};
    ValueFlowSplit split;
    split.block = 3;
    split.first = 0;
    split.colour = colour;
    split.made = sub;
    f.blocks[3].statements = {assign(sub, {}, add_fact(f, true))};
    split.after = 1;
    f.splits = {split};
    f.blocks[3].successors = {5, 4};
    compare(f, 3, Op::Equal, slot(active), value(0));
    f.blocks[4].successors = {5};
    f.collectives = {{4, 0, sub}};
  }
};

// shm_rank := (differs);  r1 := shm_rank;  c := (r1 == 0);  w := c (widened)
// MPI_Comm_split(world, w, ..., &sub);  [`between']  r2 := shm_rank;
// if (r2 OP k) { MPI_Allreduce(sub); MPI_Barrier(world); }
// The colour is the outcome of the test itself (hierarchical leaders:
// `MPI_Comm_split (world, shm_rank == 0, ...)' then `if (shm_rank == 0)').
struct InlineColourProgram {
  ValueFlowFunction f;
  int shm_rank, sub;
  InlineColourProgram(Op op, long long k, bool rewrite_between = false) {
    shm_rank = add_slot(f, "shm_rank");
    sub = add_slot(f, "sub");
    int r1 = add_slot(f, "r1", true), c = add_slot(f, "c", true), w = add_slot(f, "w", true),
        r2 = add_slot(f, "r2", true);
    f.blocks.resize(3);
    auto &s = f.blocks[0].statements;
    s = {assign(shm_rank, {}, add_fact(f, true)), copy(r1, shm_rank)};
    ValueFlowStatement outcome = assign(c, {r1});
    outcome.comparison.op = Op::Equal;
    outcome.comparison.left = slot(r1);
    outcome.comparison.right = value(0);
    s.push_back(outcome);
    s.push_back(copy(w, c));
    ValueFlowSplit split;
    split.block = 0;
    split.first = (int)s.size();
    split.colour = w;
    split.made = sub;
    s.push_back(assign(sub, {}, add_fact(f, true)));
    split.after = (int)s.size();
    f.splits = {split};
    if (rewrite_between)
      s.push_back(assign(shm_rank, {}, 0));
    s.push_back(copy(r2, shm_rank));
    f.blocks[0].successors = {1, 2};
    compare(f, 0, op, slot(r2), value(k));
    f.blocks[1].successors = {2};
    f.collectives = {{1, 0, sub}, {1, 0, -1}};
  }
};

} // namespace

TEST_CASE("a test that is the split colour itself separates only processes in different "
          "communicators", "[uniform][membership]") {
  // `if (shm_rank == 0)', and its negation `if (shm_rank != 0)'.
  CHECK(separates_only_nonmembers(InlineColourProgram(Op::Equal, 0).f, 0, 0));
  CHECK(separates_only_nonmembers(InlineColourProgram(Op::NotEqual, 0).f, 0, 0));
  // MPI_COMM_WORLD: every process is a member.
  CHECK_FALSE(separates_only_nonmembers(InlineColourProgram(Op::Equal, 0).f, 0, 1));
  // Another test: shm_rank 1 and 2 share the colour 0, the test parts them.
  CHECK_FALSE(separates_only_nonmembers(InlineColourProgram(Op::Equal, 1).f, 0, 0));
  CHECK_FALSE(separates_only_nonmembers(InlineColourProgram(Op::Less, 0).f, 0, 0));
  // shm_rank written between the split and the test.
  CHECK_FALSE(separates_only_nonmembers(InlineColourProgram(Op::Equal, 0, true).f, 0, 0));
}

TEST_CASE("a test of the split colour separates only processes in different communicators",
          "[uniform][membership]") {
  ColourProgram p;
  CHECK(separates_only_nonmembers(p.f, 0, 0));       // the collective on sub
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 1)); // MPI_COMM_WORLD: every process
  ColourProgram changed(true);                        // colour rewritten after the split
  CHECK_FALSE(separates_only_nonmembers(changed.f, 0, 0));
}

TEST_CASE("a flag that chose between two colours separates only non-members",
          "[uniform][membership]") {
  const long long undefined = -32766;
  ActiveProgram nas(1, undefined);
  CHECK(separates_only_nonmembers(nas.f, 1, 0));
  // One colour for both sides: active and inactive processes share a
  // communicator, the flag separates members.
  ActiveProgram same(1, 1);
  CHECK_FALSE(separates_only_nonmembers(same.f, 1, 0));
  // The split before the colour is written on one side: the old colour.
  ActiveProgram late(1, undefined);
  late.f.blocks[2].statements.clear();
  CHECK_FALSE(separates_only_nonmembers(late.f, 1, 0));
  // Another question of the flag (`if (active == 2)'): active 1 and 2
  // share the colour, the test parts them.
  ActiveProgram other(1, undefined);
  other.f.blocks[3].comparison.op = Op::NotEqual;
  other.f.blocks[3].comparison.right.constant = 2;
  CHECK_FALSE(separates_only_nonmembers(other.f, 1, 0));
}

namespace {

// void model_split (int *c, MPI_Comm *m) {          (unit[1], uid 2)
//   *c := (differs);  t := *c;  MPI_Comm_split(world, t, ..., m);
//   [`rewrite': *c := (differs)]  return; }
// main: model_split (&colour, &sub);  u := colour;   (unit[0], uid 1)
// if (u == 0) { MPI_Allreduce(sub); MPI_Barrier(other); }
struct HelperSplitProgram {
  ValueFlowFunction caller, helper;
  explicit HelperSplitProgram(bool rewrite = false) {
    helper.uid = 2;
    int c = add_slot(helper, "*c"), m = add_slot(helper, "*m"), t = add_slot(helper, "t", true);
    for (int k : {0, 1}) {
      helper.slots[k == 0 ? c : m].scope = SlotScope::ParameterTarget;
      helper.slots[k == 0 ? c : m].parameter = k;
    }
    helper.blocks.resize(1);
    auto &h = helper.blocks[0].statements;
    h = {assign(c, {}, add_fact(helper, true)), copy(t, c)};
    ValueFlowSplit split;
    split.block = 0;
    split.first = (int)h.size();
    split.colour = t;
    h.push_back(assign(m, {}, add_fact(helper, true)));
    split.after = (int)h.size();
    helper.splits = {split};
    if (rewrite)
      h.push_back(assign(c, {}, add_fact(helper, true)));
    h.push_back(value_flow_records::ret({}));

    caller.uid = 1;
    int colour = add_slot(caller, "colour"), sub = add_slot(caller, "sub"),
        other = add_slot(caller, "other"), u = add_slot(caller, "u", true);
    ValueFlowStatement call = value_flow_records::call(2, -1);
    call.arguments.resize(2);
    call.arguments[0].pointees = {colour};
    call.arguments[1].pointees = {sub};
    caller.blocks.resize(3);
    caller.blocks[0].statements = {call, copy(u, colour)};
    caller.blocks[0].successors = {1, 2};
    compare(caller, 0, Op::Equal, slot(u), value(0));
    caller.blocks[1].successors = {2};
    caller.collectives = {{1, 0, sub}, {1, 0, other}};
  }
  std::vector<ValueFlowFunction> unit() const { return {caller, helper}; }
};

} // namespace

TEST_CASE("a colour a helper hands back beside the communicator it split separates only "
          "non-members", "[uniform][membership]") {
  HelperSplitProgram p;
  CHECK(separated_by_split_in_helper(p.unit(), 0, 0, 0));
  // Another communicator: its members may hold any colour.
  CHECK_FALSE(separated_by_split_in_helper(p.unit(), 0, 0, 1));
  // The helper writes the colour again after the split.
  CHECK_FALSE(separated_by_split_in_helper(HelperSplitProgram(true).unit(), 0, 0, 0));
  // The colour written between the call and the test.
  HelperSplitProgram changed;
  changed.caller.blocks[0].statements.insert(changed.caller.blocks[0].statements.begin() + 1,
                                             assign(0, {}, add_fact(changed.caller, true)));
  CHECK_FALSE(separated_by_split_in_helper(changed.unit(), 0, 0, 0));
}

TEST_CASE("among the members, values computed under a branch that separates only "
          "non-members are the same", "[uniform][membership]") {
  // b0: if (active) -> b1 else b2;  b1: n := 3 (control-dependent);
  //     if (n > 0) -> b2   (branch 1)
  ValueFlowFunction f;
  f.name = "main";
  f.uid = 1;
  f.entry_point = true;
  int active = add_slot(f, "active"), n = add_slot(f, "n");
  f.blocks.resize(3);
  f.blocks[0].statements = {assign(active, {}, add_fact(f, true))};
  f.blocks[0].successors = {1, 2};
  compare(f, 0, Op::NotEqual, slot(active), value(0));
  f.blocks[1].statements = {assign(n)};
  f.blocks[1].successors = {2, 2};
  compare(f, 1, Op::Greater, slot(n), value(0));
  std::vector<BranchVerdict> everyone = solve_value_flow({f})[0];
  CHECK(everyone[1].may_differ_between_processes);
  std::vector<BranchVerdict> members = verdicts_among_members({f}, 0, {0}, -1);
  CHECK_FALSE(members[1].may_differ_between_processes);
  CHECK(verdicts_among_members({f}, 0, {}, -1)[1].may_differ_between_processes);
}

// MPI_Cart_create(world, ..., &cart) in b0 (a new communicator, no colour);
// b1: err := MPI_Allreduce(..., cart), `while (err > tol)' (branch 0)
// back to b1, else b2.
struct CartLoopProgram {
  ValueFlowFunction f;
  int cart, err;
  CartLoopProgram() {
    f.name = "main";
    f.uid = 1;
    f.entry_point = true;
    cart = add_slot(f, "cart");
    err = add_slot(f, "err");
    f.blocks.resize(3);
    ValueFlowSplit made;
    made.block = 0;
    made.first = 0;
    made.made = cart;
    f.blocks[0].statements = {assign(cart, {}, add_fact(f, true))};
    made.after = 1;
    f.splits = {made};
    f.blocks[0].successors = {1};
    // The reduced value: the same wherever the communicator is.
    f.blocks[1].statements = {assign(err, {cart}, add_fact(f, false))};
    f.blocks[1].successors = {1, 2};
    compare(f, 1, Op::Greater, slot(err), value(0));
    f.collectives = {{1, 0, cart}};
  }
};

TEST_CASE("a value reduced on a communicator MPI_Cart_create made is the same on its members",
          "[uniform][membership]") {
  CartLoopProgram p;
  // Across the world the handle differs (MPI_COMM_NULL outside the grid).
  CHECK(solve_value_flow({p.f})[0][0].may_differ_between_processes);
  REQUIRE(made_by_split_once(p.f, 0));
  CHECK_FALSE(verdicts_among_members({p.f}, 0, {}, 0)[0].may_differ_between_processes);
  // Without a colour, it decides no test: `err > 0' still parts members
  // when err is not what the collective reduced.
  CartLoopProgram rank_test;
  rank_test.f.blocks[1].statements = {assign(rank_test.err, {}, add_fact(rank_test.f, true))};
  CHECK_FALSE(separates_only_nonmembers(rank_test.f, 0, 0));
  CHECK(verdicts_among_members({rank_test.f}, 0, {}, 0)[0].may_differ_between_processes);
  // Made again in the loop: not one communicator for the whole loop.
  CartLoopProgram remade;
  remade.f.splits[0].block = 1;
  remade.f.blocks[1].statements.insert(remade.f.blocks[1].statements.begin(),
                                       assign(remade.cart, {}, add_fact(remade.f, true)));
  CHECK_FALSE(made_by_split_once(remade.f, 0));
}

TEST_CASE("shared memory no thread writes while another reads it is the same in every thread",
          "[uniform][threads]") {
  // A parallel region: if (thread == 0) rho := v (block 1, master);
  // barrier; if (rho < eps) ...  (block 2, branch 1)
  for (bool isolated : {false, true}) {
    ValueFlowFunction f;
    f.name = "main";
    f.uid = 1;
    f.entry_point = true;
    int thread = add_slot(f, "thread"), rho = add_slot(f, "rho"), v = add_slot(f, "v");
    f.slots[rho].same_in_every_thread = isolated;
    f.blocks.resize(4);
    for (ValueFlowBlock &b : f.blocks)
      b.in_parallel_region = true;
    f.blocks[0].statements = {assign(thread, {}, add_fact(f, false, true)), assign(v)};
    f.blocks[0].successors = {1, 2};
    compare(f, 0, Op::Equal, slot(thread), value(0));
    f.blocks[1].statements = {copy(rho, v)};
    f.blocks[1].successors = {2};
    f.blocks[2].successors = {3, 3};
    compare(f, 2, Op::Less, slot(rho), value(1));
    std::vector<BranchVerdict> verdicts = solve_value_flow({f})[0];
    CAPTURE(isolated);
    CHECK(verdicts[0].may_differ_between_threads);
    CHECK(verdicts[1].may_differ_between_threads == !isolated);
    CHECK_FALSE(verdicts[1].may_differ_between_processes);
  }
}

namespace {

// main: size := MPI_Comm_size(`communicator'); x := a value that differs;
// if (size OP k) g := a reduction (the same everywhere) else g := x;
// if (g > 0) ...  -- the verdict of the last test.
BranchVerdict serial_fast_path(const std::string &communicator, Op op, long long k) {
  ValueFlowFunction f;
  f.name = "main";
  f.uid = 1;
  f.entry_point = true;
  int size = add_slot(f, "size"), x = add_slot(f, "x"), g = add_slot(f, "g", true);
  f.blocks.resize(4);
  f.blocks[0].statements = {quantity(size, Quantity::Size, communicator, false, add_fact(f, false)),
                            assign(x, {}, add_fact(f, true, false, "the rank"))};
  f.blocks[0].successors = {1, 2};
  f.blocks[0].when_true = 1;
  f.blocks[0].when_false = 2;
  compare(f, 0, op, slot(size), value(k));
  f.blocks[1].statements = {assign(g, {}, add_fact(f, false, false, "reduced"))};
  f.blocks[1].successors = {3};
  f.blocks[2].statements = {copy(g, x)};
  f.blocks[2].successors = {3};
  f.blocks[3].successors = {3, 3};
  compare(f, 3, Op::Greater, slot(g), value(0));
  return solve_value_flow({f})[0][f.blocks[3].branch];
}

} // namespace

TEST_CASE("where MPI_COMM_WORLD has one process, nothing differs between processes",
          "[uniform][ranges]") {
  const std::string mpich_world = "handle 1140850688", open_mpi_world =
                                                           "address of ompi_mpi_comm_world";
  // `if (size > 1) reduce; else g = x;': the else runs only in a job of
  // one process, where x is the same everywhere.
  CHECK_FALSE(serial_fast_path(mpich_world, Op::Greater, 1).may_differ_between_processes);
  CHECK_FALSE(serial_fast_path(open_mpi_world, Op::Greater, 1).may_differ_between_processes);
  CHECK_FALSE(serial_fast_path(mpich_world, Op::GreaterEqual, 2).may_differ_between_processes);
  // `if (size > 2)': two processes may take the else.
  CHECK(serial_fast_path(mpich_world, Op::Greater, 2).may_differ_between_processes);
  // MPI_COMM_SELF (MPICH's 0x44000001) has one process in every job.
  CHECK(serial_fast_path("handle 1140850689", Op::Greater, 1).may_differ_between_processes);
  // A communicator the solver cannot name may be a sub-communicator.
  CHECK(serial_fast_path("", Op::Greater, 1).may_differ_between_processes);
  CHECK(serial_fast_path("parameter 7", Op::Greater, 1).may_differ_between_processes);
}
