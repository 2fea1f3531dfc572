#include <catch2/catch.hpp>

#include "points_to_bound.h"

#include <map>
#include <vector>

using namespace parcoach;

TEST_CASE("append_unique keeps the order of first appearance", "[points-to-bound]") {
  std::vector<int> into = {5, 3};
  append_unique(into, {3, 7, 5, 9, 7});
  CHECK(into == std::vector<int>({5, 3, 7, 9}));
  append_unique(into, {});
  CHECK(into == std::vector<int>({5, 3, 7, 9}));
  std::vector<int> empty;
  append_unique(empty, {2, 2, 1});
  CHECK(empty == std::vector<int>({2, 1}));
}

TEST_CASE("append_unique on sets past the scan size gives what a scan gives",
          "[points-to-bound]") {
  // Both paths (scan, hash set) must give the same vector.
  std::vector<int> big, reference;
  for (int i = 0; i < 300; i += 2)
    big.push_back(i);
  reference = big;
  std::vector<int> from;
  for (int i = 299; i >= 0; i -= 3)
    from.push_back(i);
  from.push_back(3); // a duplicate within `from'
  append_unique(big, from);
  for (int value : from) {
    bool present = false;
    for (int held : reference)
      present |= held == value;
    if (!present)
      reference.push_back(value);
  }
  CHECK(big == reference);
  // 150 even numbers, the 50 odd ones of 299, 296, ... 2, and 3.
  CHECK(big.size() == 201);
}

TEST_CASE("mark_reachable follows stored pointers once, cycles included", "[points-to-bound]") {
  // 0 -> 1 -> 2 -> 0 (a cycle), 1 -> 4, 3 alone, 5 -> 6
  std::map<int, std::vector<int>> contents = {{0, {1}}, {1, {2, 4}}, {2, {0}}, {5, {6}}};
  auto of = [&](int object) { return contents.count(object) ? contents[object] : std::vector<int>(); };
  std::vector<bool> marked;
  std::vector<int> newly = mark_reachable({1}, of, marked);
  CHECK(newly == std::vector<int>({1, 2, 0, 4}));
  CHECK(marked.size() >= 5);
  CHECK_FALSE(marked[3]);
  // Already marked objects are not visited again, nor what they reach.
  contents[4] = {5};
  newly = mark_reachable({0, 3}, of, marked);
  CHECK(newly == std::vector<int>({3}));
  // A new root reaches through an old one only what is not marked.
  newly = mark_reachable({4, 5}, of, marked);
  CHECK(newly == std::vector<int>({5, 6}));
}

TEST_CASE("the bound collapses only past kCollapseTargets", "[points-to-bound]") {
  CHECK_FALSE(beyond_target_bound(0));
  CHECK_FALSE(beyond_target_bound(kCollapseTargets));
  CHECK(beyond_target_bound(kCollapseTargets + 1));
  // Above what hand-written code reaches (7 on the error benchmark).
  CHECK(kCollapseTargets >= 16);
}
