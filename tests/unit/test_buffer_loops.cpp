#include <catch2/catch.hpp>

#include "buffer_loops.h"

using namespace parcoach;

namespace {

// base leaf + constant + induction * i, as the reader builds &a[i + k].
LinearForm element(int base, long long element_size, long long k) {
  return LinearForm::of_leaf(base) +
         scaled(LinearForm::of_induction() + LinearForm::of_constant(k), element_size);
}

} // namespace

TEST_CASE("linear forms add, subtract and scale their terms", "[buffer-loops]") {
  LinearForm a = LinearForm::of_leaf(0) + scaled(LinearForm::of_induction(), 8) +
                 LinearForm::of_constant(-8);
  CHECK(a.valid);
  CHECK(a.constant == -8);
  CHECK(a.induction == 8);
  CHECK(a.leaves == std::map<int, long long>{{0, 1}});
  LinearForm b = a - LinearForm::of_leaf(0);
  CHECK(b.leaves.empty()); // a leaf that cancels out is dropped
  CHECK(is_constant(b - scaled(LinearForm::of_induction(), 8)));
  CHECK_FALSE(is_invariant(a));
  CHECK(is_invariant(a - scaled(LinearForm::of_induction(), 8)));
}

TEST_CASE("a product is linear only by a constant", "[buffer-loops]") {
  LinearForm i = LinearForm::of_induction();
  CHECK(product(i, LinearForm::of_constant(4)).induction == 4);
  CHECK(product(LinearForm::of_constant(-2), i).induction == -2);
  CHECK_FALSE(product(i, i).valid);
  CHECK_FALSE(product(i, LinearForm::of_leaf(1)).valid);
}

TEST_CASE("an overflowing coefficient makes the form invalid, and stays so", "[buffer-loops]") {
  LinearForm big = LinearForm::of_constant(__LONG_LONG_MAX__);
  CHECK_FALSE((big + LinearForm::of_constant(1)).valid);
  CHECK_FALSE(scaled(scaled(LinearForm::of_induction(), __LONG_LONG_MAX__), 2).valid);
  CHECK_FALSE((LinearForm::invalid() + LinearForm::of_constant(0)).valid);
}

TEST_CASE("the values of an upward counted loop run from its start to the bound",
          "[buffer-loops]") {
  using End = InductionRange::End;
  InductionRange below = induction_range(LoopTest::Less, 1, false); // i < n
  CHECK(below.counted);
  CHECK(below.low == End::Start);
  CHECK(below.low_adjust == 0);
  CHECK(below.high == End::Bound);
  CHECK(below.high_adjust == -1);
  InductionRange up_to = induction_range(LoopTest::LessEqual, 2, false); // i <= n, i += 2
  CHECK(up_to.counted);
  CHECK(up_to.high == End::Bound);
  CHECK(up_to.high_adjust == 0);
}

TEST_CASE("the values of a downward counted loop run from the bound to its start",
          "[buffer-loops]") {
  using End = InductionRange::End;
  InductionRange above = induction_range(LoopTest::Greater, -1, false); // i > n
  CHECK(above.counted);
  CHECK(above.low == End::Bound);
  CHECK(above.low_adjust == 1);
  CHECK(above.high == End::Start);
  InductionRange down_to = induction_range(LoopTest::GreaterEqual, -3, false);
  CHECK(down_to.counted);
  CHECK(down_to.low_adjust == 0);
}

TEST_CASE("loops that are not counted keep their checks", "[buffer-loops]") {
  CHECK_FALSE(induction_range(LoopTest::Less, -1, false).counted);   // away from the bound
  CHECK_FALSE(induction_range(LoopTest::Greater, 1, false).counted); // away from the bound
  CHECK_FALSE(induction_range(LoopTest::Less, 0, false).counted);    // never moves
  // A wrapping (unsigned) i: `i <= UINT_MAX' always holds, a step of 2
  // may jump over the bound.
  CHECK_FALSE(induction_range(LoopTest::LessEqual, 1, true).counted);
  CHECK_FALSE(induction_range(LoopTest::GreaterEqual, -1, true).counted);
  CHECK_FALSE(induction_range(LoopTest::Less, 2, true).counted);
  CHECK(induction_range(LoopTest::Less, 1, true).counted);
  CHECK(induction_range(LoopTest::Greater, -1, true).counted);
}

TEST_CASE("a stencil's reads of one array make one interval, its writes another",
          "[buffer-loops]") {
  // v[i] = u[i - 1] + u[i] + u[i + 1], doubles: leaves 0 (&u) and 1 (&v)
  std::vector<LoopAccess> accesses = {{element(0, 8, -1), 8, false},
                                      {element(0, 8, 0), 8, false},
                                      {element(0, 8, 1), 8, false},
                                      {element(1, 8, 0), 8, true}};
  bool covered = false;
  std::vector<LoopRange> ranges = loop_ranges(accesses, &covered);
  REQUIRE(covered);
  REQUIRE(ranges.size() == 2);
  CHECK_FALSE(ranges[0].writes);
  CHECK(ranges[0].induction == 8);
  CHECK(ranges[0].low_offset == -8); // &u[first - 1]
  CHECK(ranges[0].end_offset == 16); // &u[last + 1] + 8
  CHECK(ranges[1].writes);
  CHECK(ranges[1].low_offset == 0);
  CHECK(ranges[1].end_offset == 8);
}

TEST_CASE("a read and a write of the same element stay two intervals", "[buffer-loops]") {
  std::vector<LoopAccess> accesses = {{element(0, 4, 0), 4, false}, {element(0, 4, 0), 4, true}};
  bool covered = false;
  CHECK(loop_ranges(accesses, &covered).size() == 2);
  CHECK(covered);
}

TEST_CASE("different steps over one array stay apart", "[buffer-loops]") {
  // a[i] and a[2 * i]
  std::vector<LoopAccess> accesses = {{element(0, 8, 0), 8, false},
                                      {LinearForm::of_leaf(0) +
                                           scaled(LinearForm::of_induction(), 16),
                                       8, false}};
  bool covered = false;
  CHECK(loop_ranges(accesses, &covered).size() == 2);
}

TEST_CASE("an access with no linear address leaves the loop checked", "[buffer-loops]") {
  std::vector<LoopAccess> accesses = {{element(0, 8, 0), 8, false},
                                      {LinearForm::invalid(), 8, false}};
  bool covered = true;
  CHECK(loop_ranges(accesses, &covered).empty());
  CHECK_FALSE(covered);
  std::vector<LoopAccess> empty_size = {{element(0, 8, 0), 0, false}};
  CHECK(loop_ranges(empty_size, &covered).empty());
  CHECK_FALSE(covered);
}

TEST_CASE("an interval end that overflows leaves the loop checked", "[buffer-loops]") {
  std::vector<LoopAccess> accesses = {
      {LinearForm::of_leaf(0) + LinearForm::of_constant(__LONG_LONG_MAX__ - 2), 8, false}};
  bool covered = true;
  CHECK(loop_ranges(accesses, &covered).empty());
  CHECK_FALSE(covered);
}
