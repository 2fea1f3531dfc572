// Issue 14, a test recomputing a split's colour (MBI style):
// `MPI_Comm_split (world, rank % 2, ...)' then `if (rank % 2 == 0)
// MPI_Bcast (..., half)'.  Two processes with the same colour are the
// members of one communicator, and the test computed from the same
// variables the same way comes out the same on both: the test separates
// only processes in different communicators.  Value-flow functions built
// by hand, as the adapter describes the GIMPLE of such programs.
#include <catch2/catch.hpp>

#include "communicator_membership.h"
#include "value_flow.h"
#include "value_flow_records.h"

#include <vector>

using namespace parcoach;
using value_flow_records::add_slot;

namespace {

using Kind = ValueFlowStatement::Kind;
using Op = ValueFlowComparison::Op;
using Arith = ValueFlowArithmetic::Op;

// An operand of an operation: a slot, or a constant.
ValueFlowOperand of_slot(int s) {
  ValueFlowOperand o;
  o.slot = s;
  return o;
}
ValueFlowOperand of_constant(long long c) {
  ValueFlowOperand o;
  o.constant = c;
  return o;
}

ValueFlowStatement plain_assign(int target, std::vector<int> uses, int fact = -1) {
  ValueFlowStatement s;
  s.kind = Kind::Assign;
  s.target = target;
  s.uses = std::move(uses);
  s.fact = fact;
  return s;
}

ValueFlowStatement copy_of(int target, int source) {
  ValueFlowStatement s = plain_assign(target, {source});
  s.copy_of = source;
  return s;
}

// target := left OP right, in a signed (or unsigned) int.
ValueFlowStatement compute(int target, Arith op, ValueFlowOperand left, ValueFlowOperand right,
                           bool is_unsigned = false) {
  std::vector<int> uses;
  for (const ValueFlowOperand &o : {left, right})
    if (o.slot >= 0)
      uses.push_back(o.slot);
  ValueFlowStatement s = plain_assign(target, uses);
  s.arithmetic.op = op;
  s.arithmetic.precision = 32;
  s.arithmetic.is_unsigned = is_unsigned;
  s.arithmetic.operands = {left, right};
  return s;
}

// One operation `rank OP operand' (operand: a constant, or the variable k).
struct Expression {
  Arith op = Arith::Modulo;
  long long constant = 2;
  bool by_k = false;
  bool is_unsigned = false;
};

// Block 0: rank := (differs); k := (differs); r1 := rank;
//   c := r1 OP1 x1; MPI_Comm_split(world, c, ..., &half);
//   [a write between]; r2 := rank; t := r2 OP2 x2; if (t CMP value)
// Block 1: MPI_Bcast(half) (collective 0), MPI_Barrier(world) (1).
struct RecomputedColour {
  ValueFlowFunction f;
  int rank, k, half, t, other;
  enum class Write { None, Rank, K };
  RecomputedColour(Expression colour, Expression test, Op cmp, long long value,
                   Write between = Write::None, bool reads_other = false) {
    rank = add_slot(f, "rank");
    k = add_slot(f, "k");
    half = add_slot(f, "half");
    other = add_slot(f, "other");
    int r1 = add_slot(f, "r1", true), c = add_slot(f, "c", true),
        r2 = add_slot(f, "r2", true);
    t = add_slot(f, "t", true);
    ValueFlowFact differs;
    differs.differs_between_processes = true;
    f.facts = {differs};
    f.blocks.resize(3);
    auto &s = f.blocks[0].statements;
    s = {plain_assign(rank, {}, 0), plain_assign(k, {}, 0), plain_assign(other, {}, 0),
         copy_of(r1, rank)};
    auto second = [&](const Expression &e) {
      return e.by_k ? of_slot(k) : of_constant(e.constant);
    };
    s.push_back(compute(c, colour.op, of_slot(r1), second(colour), colour.is_unsigned));
    ValueFlowSplit split;
    split.block = 0;
    split.first = (int)s.size();
    split.colour = c;
    split.made = half;
    s.push_back(plain_assign(half, {}, 0));
    split.after = (int)s.size();
    f.splits = {split};
    if (between == Write::Rank)
      s.push_back(plain_assign(rank, {}, 0));
    if (between == Write::K)
      s.push_back(plain_assign(k, {}, 0));
    s.push_back(copy_of(r2, rank));
    s.push_back(compute(t, test.op, of_slot(r2), second(test), test.is_unsigned));
    ValueFlowBlock &b = f.blocks[0];
    b.successors = {1, 2};
    b.comparison.op = cmp;
    b.comparison.left = of_slot(t);
    b.comparison.right = of_constant(value);
    b.comparison.text = "test";
    b.condition = {t};
    if (reads_other)
      b.condition.push_back(other);
    b.branch = f.branch_count++;
    f.blocks[1].successors = {2};
    f.collectives = {{1, 0, half}, {1, 0, -1}};
  }
};

const Expression mod2{Arith::Modulo, 2};

} // namespace

TEST_CASE("a test recomputing the split colour separates only processes in different "
          "communicators", "[uniform][membership][colour]") {
  // `if (rank % 2 == 0)', `if (rank % 2 == 1)', `if (rank % 2)'.
  CHECK(separates_only_nonmembers(RecomputedColour(mod2, mod2, Op::Equal, 0).f, 0, 0));
  CHECK(separates_only_nonmembers(RecomputedColour(mod2, mod2, Op::Equal, 1).f, 0, 0));
  CHECK(separates_only_nonmembers(RecomputedColour(mod2, mod2, Op::NotEqual, 0).f, 0, 0));
  // `rank / k' twice, k unchanged: the same value on each process.
  Expression by_k{Arith::Divide, 0, true};
  CHECK(separates_only_nonmembers(RecomputedColour(by_k, by_k, Op::Less, 1).f, 0, 0));
  // MPI_Barrier(MPI_COMM_WORLD) under the test: every process is a member.
  CHECK_FALSE(separates_only_nonmembers(RecomputedColour(mod2, mod2, Op::Equal, 0).f, 0, 1));
}

TEST_CASE("GCC's `(unsigned) rank & 1' for `rank % 2 == 0' matches a colour `rank % 2'",
          "[uniform][membership][colour]") {
  Expression low_bit{Arith::BitAnd, 1, false, true};
  CHECK(separates_only_nonmembers(RecomputedColour(mod2, low_bit, Op::Equal, 0).f, 0, 0));
  CHECK(separates_only_nonmembers(RecomputedColour(mod2, low_bit, Op::NotEqual, 0).f, 0, 0));
  // `rank & 3': ranks 0 and 2 share the colour 0, (rank & 3) == 0 parts them.
  Expression low_bits{Arith::BitAnd, 3, false, true};
  CHECK_FALSE(separates_only_nonmembers(RecomputedColour(mod2, low_bits, Op::Equal, 0).f, 0, 0));
  // (rank & 1) == 1 is not a zero test: left to the general rule, which
  // does not match a different operation.
  CHECK_FALSE(separates_only_nonmembers(RecomputedColour(mod2, low_bit, Op::Equal, 1).f, 0, 0));
}

TEST_CASE("a test computed otherwise than the colour still counts",
          "[uniform][membership][colour]") {
  // `rank % 3' against the colour `rank % 2': ranks 0 and 2 share the
  // colour 0, rank % 3 == 0 holds on 0 only.
  Expression mod3{Arith::Modulo, 3};
  CHECK_FALSE(separates_only_nonmembers(RecomputedColour(mod2, mod3, Op::Equal, 0).f, 0, 0));
  // `rank / 2' against `rank % 2'.
  Expression div2{Arith::Divide, 2};
  CHECK_FALSE(separates_only_nonmembers(RecomputedColour(mod2, div2, Op::Equal, 0).f, 0, 0));
  // The same operation in an unsigned type: not the same function.
  Expression div_k{Arith::Divide, 0, true}, div_k_unsigned{Arith::Divide, 0, true, true};
  CHECK_FALSE(
      separates_only_nonmembers(RecomputedColour(div_k, div_k_unsigned, Op::Equal, 0).f, 0, 0));
  // rank, or k, written between the split and the test.
  using Write = RecomputedColour::Write;
  CHECK_FALSE(
      separates_only_nonmembers(RecomputedColour(mod2, mod2, Op::Equal, 0, Write::Rank).f, 0, 0));
  Expression by_k{Arith::Divide, 0, true};
  CHECK_FALSE(
      separates_only_nonmembers(RecomputedColour(by_k, by_k, Op::Equal, 0, Write::K).f, 0, 0));
  // The conditional also reads a value the colour does not decide.
  CHECK_FALSE(separates_only_nonmembers(
      RecomputedColour(mod2, mod2, Op::Equal, 0, Write::None, true).f, 0, 0));
}

namespace {

// gfortran's `call mpi_comm_split (world, mod (rank, 2), ...)': the colour
// is computed into a temporary (single definition), copied into a
// variable whose address the call takes (not a single definition), which
// the split reads; then `if (mod (rank, 2) == 0)' as `(unsigned) rank & 1'.
// `second_write': the variable is written again before the split.
ValueFlowFunction colour_through_variable(bool second_write) {
  RecomputedColour base(mod2, Expression{Arith::BitAnd, 1, false, true}, Op::Equal, 0);
  ValueFlowFunction f = base.f;
  int held = add_slot(f, "colour variable");
  auto &s = f.blocks[0].statements;
  ValueFlowSplit &split = f.splits[0];
  int computed = split.colour;
  if (second_write) // after the copy: a value that differs reaches the split
    s.insert(s.begin() + split.first, plain_assign(held, {}, 0));
  s.insert(s.begin() + split.first, copy_of(held, computed));
  int added = second_write ? 2 : 1;
  split.first += added;
  split.after += added;
  split.colour = held;
  return f;
}

} // namespace

TEST_CASE("a colour held in a variable with one writer is the value that writer computed",
          "[uniform][membership][colour]") {
  CHECK(separates_only_nonmembers(colour_through_variable(false), 0, 0));
  // Written again with a value that differs: the colour is not the test.
  CHECK_FALSE(separates_only_nonmembers(colour_through_variable(true), 0, 0));
}
