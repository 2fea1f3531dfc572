#include "buffer_loops.h"

namespace parcoach {

LinearForm LinearForm::invalid() {
  LinearForm form;
  form.valid = false;
  return form;
}

LinearForm LinearForm::of_constant(long long value) {
  LinearForm form;
  form.constant = value;
  return form;
}

LinearForm LinearForm::of_leaf(int leaf) {
  LinearForm form;
  form.leaves[leaf] = 1;
  return form;
}

LinearForm LinearForm::of_induction() {
  LinearForm form;
  form.induction = 1;
  return form;
}

namespace {

bool add_checked(long long a, long long b, long long *sum) {
  return !__builtin_add_overflow(a, b, sum);
}

bool multiply_checked(long long a, long long b, long long *product) {
  return !__builtin_mul_overflow(a, b, product);
}

// a + factor * b, or an invalid form.
LinearForm combine(const LinearForm &a, const LinearForm &b, long long factor) {
  if (!a.valid || !b.valid)
    return LinearForm::invalid();
  LinearForm result = a;
  long long term;
  if (!multiply_checked(b.constant, factor, &term) ||
      !add_checked(result.constant, term, &result.constant) ||
      !multiply_checked(b.induction, factor, &term) ||
      !add_checked(result.induction, term, &result.induction))
    return LinearForm::invalid();
  for (const auto &leaf : b.leaves) {
    long long &multiplier = result.leaves[leaf.first];
    if (!multiply_checked(leaf.second, factor, &term) || !add_checked(multiplier, term, &multiplier))
      return LinearForm::invalid();
    if (multiplier == 0)
      result.leaves.erase(leaf.first);
  }
  return result;
}

} // namespace

LinearForm operator+(const LinearForm &a, const LinearForm &b) { return combine(a, b, 1); }

LinearForm operator-(const LinearForm &a, const LinearForm &b) { return combine(a, b, -1); }

LinearForm scaled(const LinearForm &a, long long factor) {
  return combine(LinearForm::of_constant(0), a, factor);
}

bool is_constant(const LinearForm &a) { return a.valid && a.induction == 0 && a.leaves.empty(); }

bool is_invariant(const LinearForm &a) { return a.valid && a.induction == 0; }

LinearForm product(const LinearForm &a, const LinearForm &b) {
  if (is_constant(a))
    return scaled(b, a.constant);
  if (is_constant(b))
    return scaled(a, b.constant);
  return LinearForm::invalid();
}

InductionRange induction_range(LoopTest test, long long step, bool overflow_wraps) {
  InductionRange range;
  using End = InductionRange::End;
  // A wrapping i moved by more than 1 may jump over the bound, and
  // `i <= bound' (`i >= bound') holds for every i when the bound is the
  // type's largest (smallest) value: the loop would go round.
  if (step == 0 || (overflow_wraps && step != 1 && step != -1))
    return range;
  bool inclusive = test == LoopTest::LessEqual || test == LoopTest::GreaterEqual;
  if (overflow_wraps && inclusive)
    return range;
  bool upwards = test == LoopTest::Less || test == LoopTest::LessEqual;
  if (upwards != (step > 0))
    return range; // moves away from the bound
  range.counted = true;
  if (upwards) {
    range.low = End::Start;
    range.high = End::Bound;
    range.high_adjust = inclusive ? 0 : -1;
  } else {
    range.low = End::Bound;
    range.low_adjust = inclusive ? 0 : 1;
    range.high = End::Start;
  }
  return range;
}

std::vector<LoopRange> loop_ranges(const std::vector<LoopAccess> &accesses, bool *all_covered) {
  std::vector<LoopRange> ranges;
  *all_covered = false;
  for (const LoopAccess &access : accesses) {
    if (!access.address.valid || access.size == 0 ||
        access.size > (unsigned long long)__LONG_LONG_MAX__)
      return {};
    long long low = access.address.constant, end;
    if (!add_checked(low, (long long)access.size, &end))
      return {};
    LoopRange *same = nullptr;
    for (LoopRange &range : ranges)
      if (range.writes == access.writes && range.induction == access.address.induction &&
          range.leaves == access.address.leaves)
        same = &range;
    if (same) {
      same->low_offset = low < same->low_offset ? low : same->low_offset;
      same->end_offset = end > same->end_offset ? end : same->end_offset;
      continue;
    }
    LoopRange range;
    range.leaves = access.address.leaves;
    range.induction = access.address.induction;
    range.low_offset = low;
    range.end_offset = end;
    range.writes = access.writes;
    ranges.push_back(range);
  }
  *all_covered = true;
  return ranges;
}

} // namespace parcoach
