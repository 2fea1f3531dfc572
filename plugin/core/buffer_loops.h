// Hoisting the run-time buffer checks of a counted loop (issue 16): a
// loop with no call cannot change the pending buffers while it runs, so
// when every checked access of it moves by a fixed number of bytes per
// iteration, the bytes all its iterations may touch are a few intervals
// known before the loop.  gimple/buffer_checks.cc then versions the loop:
//
//   if (every interval lies in the runtime's safe one, or the runtime
//       says that no pending buffer forbids any byte of it)
//     the loop as written, without checks (GCC may vectorize it);
//   else
//     the loop with a check before each access (the one that stops names
//     its own line, at the iteration that breaks the rule).
//
// The intervals only choose a version, never stop the program, so they
// may be wider than what the loop touches (an early exit, an access under
// a condition, a loop that runs zero times): only their covering every
// access matters.  What is decided here, without GCC: the arithmetic of
// addresses as linear forms in the induction variable (over opaque
// invariant values the reader numbers), which values the induction
// variable takes in the body, and the intervals of a loop's accesses.
#ifndef PARCOACH_CORE_BUFFER_LOOPS_H
#define PARCOACH_CORE_BUFFER_LOOPS_H

#include <map>
#include <vector>

namespace parcoach {

// constant + induction * i + sum of multiplier * leaf, in exact integers
// (the reader only builds forms whose C arithmetic cannot wrap); `valid'
// turns false when a coefficient would overflow, or for what is not linear.
struct LinearForm {
  long long constant = 0;
  long long induction = 0;
  std::map<int, long long> leaves; // invariant value (reader's number) -> multiplier
  bool valid = true;

  static LinearForm invalid();
  static LinearForm of_constant(long long value);
  static LinearForm of_leaf(int leaf);
  static LinearForm of_induction();
};

LinearForm operator+(const LinearForm &a, const LinearForm &b);
LinearForm operator-(const LinearForm &a, const LinearForm &b);
LinearForm scaled(const LinearForm &a, long long factor);
// a * b: linear only when one of them is a constant.
LinearForm product(const LinearForm &a, const LinearForm &b);
bool is_constant(const LinearForm &a);
bool is_invariant(const LinearForm &a); // no induction term

// The exit test `i TEST bound' of the loop, true to stay in the loop,
// with i on the left (the reader swaps it), and the step i moves by at
// the end of each iteration.
enum class LoopTest { Less, LessEqual, Greater, GreaterEqual };

// The values i takes in the body: from `low' to `high', each the value
// of i where the loop is entered (Start) or the bound, plus an
// adjustment.  `counted' is false when they are not known: the step goes
// away from the bound (the loop only ends by overflow), or i may wrap
// around (a type whose overflow wraps, with a step other than 1 or -1 or
// a test that holds for the type's extreme value).
struct InductionRange {
  enum class End { Start, Bound };
  bool counted = false;
  End low = End::Start, high = End::Start;
  long long low_adjust = 0, high_adjust = 0;
};

InductionRange induction_range(LoopTest test, long long step, bool overflow_wraps);

// One checked access of the loop: its address as a linear form, its size
// in bytes, and whether it writes.
struct LoopAccess {
  LinearForm address;
  unsigned long long size = 0;
  bool writes = false;
};

// The interval all the iterations of some accesses may touch: with
// A(i) = base + induction * i (base: `leaves', no constant),
//   [A(first) + low_offset, A(last) + end_offset)
// where `first' is the low end of the induction range when induction >= 0
// and its high end otherwise (`last' the other one).
struct LoopRange {
  std::map<int, long long> leaves;
  long long induction = 0;
  long long low_offset = 0, end_offset = 0;
  bool writes = false;
};

// The intervals of the accesses, those with the same base, step and kind
// merged into one (a[i - 1], a[i], a[i + 1]: one interval); empty when
// some access has no valid form, a size of 0, or an offset overflows
// (the loop then keeps its checks).  In the order of first appearance.
std::vector<LoopRange> loop_ranges(const std::vector<LoopAccess> &accesses, bool *all_covered);

} // namespace parcoach

#endif
