// Exhaustive chains of rank tests (rank_chains.h): a collective in every
// branch of `if (rank == 0) .. else if (rank == k-1)' is correct when the
// communicator has at most k processes; anything else stays flagged.
#include <catch2/catch.hpp>

#include "analysis_test_support.h"
#include "rank_chains.h"

using namespace parcoach;
using namespace testing_support;

namespace {

using Nodes = std::set<NodeId>;

// A function without calls, as analyse_unit expands it: each node its own
// origin.
ExpandedModel without_calls(const FunctionModel &model) {
  ExpandedModel out;
  out.model = model;
  for (std::size_t n = 0; n < model.cfg.size(); ++n)
    out.origin.push_back((NodeId)n);
  return out;
}

// entry(0) -> test(1); test 2i+1 (rank == i) -> branch 2i+2 or the next
// test; branch nodes and the last test's way out meet at 2k+1; then exit.
// `colours'[i]: the collective of branch i (0: none).
struct Chain {
  Figure figure;
  std::vector<RankTest> tests;
  explicit Chain(const std::vector<int> &colours, const std::vector<long long> &constants)
      : figure((int)colours.size() * 2 + 1) {
    const NodeId join = (NodeId)colours.size() * 2 + 1;
    figure.edges({{0, 1}, {join, figure.exit()}});
    for (std::size_t i = 0; i < colours.size(); ++i) {
      NodeId test = (NodeId)(2 * i + 1), branch = test + 1;
      NodeId next = i + 1 < colours.size() ? test + 2 : join;
      figure.edges({{test, branch}, {test, next}, {branch, join}}).conditional({test});
      if (colours[i])
        figure.collective(branch, colours[i]);
      tests.push_back({test, 7, {{constants[i], branch}}, next});
    }
  }
  ExpandedModel expanded() const { return without_calls(figure.model()); }
  // What Algorithm 12 flags, and which of those the chain rule quiets.
  Nodes flagged() const {
    Nodes out;
    for (const auto &entry : flagged_map())
      out.insert(entry.first);
    return out;
  }
  std::map<NodeId, FlaggedCollective> flagged_map() const {
    ExpandedModel e = expanded();
    return flagged_by_origin(e, find_collective_mismatches(e.model));
  }
  Nodes quiet() const {
    return flagged_only_beyond_tested_ranks(expanded(), tests, flagged_map());
  }
};

} // namespace

TEST_CASE("a barrier in each branch of a chain testing ranks 0..3 is quiet", "[rank-chains]") {
  Chain chain({barrier(), barrier(), barrier(), barrier()}, {0, 1, 2, 3});
  // For an unknown size rank 4 leaves the chain: flagged.
  REQUIRE(chain.flagged() == Nodes{2, 4, 6, 8});
  CHECK(ranks_named_by_tests(chain.tests) == std::map<int, long long>{{7, 4}});
  CHECK(chain.quiet() == Nodes{2, 4, 6, 8});
}

TEST_CASE("the chain's order does not matter, nor its length from two", "[rank-chains]") {
  CHECK(Chain({bcast(), bcast(), bcast()}, {2, 0, 1}).quiet() == Nodes{2, 4, 6});
  CHECK(Chain({allreduce(), allreduce()}, {1, 0}).quiet() == Nodes{2, 4});
}

TEST_CASE("a single rank test is the classic mismatch, never quiet", "[rank-chains]") {
  Chain chain({barrier()}, {0});
  REQUIRE(chain.flagged() == Nodes{2});
  CHECK(ranks_named_by_tests(chain.tests) == std::map<int, long long>{{7, 0}});
  CHECK(chain.quiet().empty());
}

TEST_CASE("a chain naming a rank beyond a gap assumes nothing", "[rank-chains]") {
  // Ranks 0, 1 and 3: run with 4 processes, rank 2 skips the barrier.
  Chain chain({barrier(), barrier(), barrier()}, {0, 1, 3});
  REQUIRE(chain.flagged() == Nodes{2, 4, 6});
  CHECK(chain.quiet().empty());
  // A negative constant is no rank either.
  CHECK(Chain({barrier(), barrier(), barrier()}, {0, 1, -1}).quiet().empty());
}

TEST_CASE("different collectives in the branches stay flagged", "[rank-chains]") {
  Chain chain({barrier(), allreduce()}, {0, 1});
  REQUIRE(chain.flagged() == Nodes{2, 4});
  CHECK(chain.quiet().empty());
  // A branch without the collective: rank 1 skips it whatever the size.
  Chain missing({barrier(), 0, barrier()}, {0, 1, 2});
  REQUIRE(missing.flagged() == Nodes{2, 6});
  CHECK(missing.quiet().empty());
}

TEST_CASE("tests of two communicators do not make one chain", "[rank-chains]") {
  Chain chain({barrier(), barrier()}, {0, 1});
  chain.tests[1].communicator = 8;
  CHECK(chain.quiet().empty());
}

TEST_CASE("two separate rank tests are not a chain", "[rank-chains]") {
  // if (rank == 0) B;  if (rank == 1) B;  join -> exit.  Correct with two
  // processes, but the second test's way out is taken by rank 0: kept
  // flagged (conservative).
  Figure f(5);
  f.edges({{0, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 4}, {3, 5}, {4, 5}, {5, 6}})
      .conditional({1, 3})
      .collective(2, barrier())
      .collective(4, barrier());
  ExpandedModel e = without_calls(f.model());
  auto flagged = flagged_by_origin(e, find_collective_mismatches(e.model));
  REQUIRE(flagged.size() == 2);
  std::vector<RankTest> tests = {{1, 0, {{0, 2}}, 3}, {3, 0, {{1, 4}}, 5}};
  CHECK(flagged_only_beyond_tested_ranks(e, tests, flagged).empty());
}

TEST_CASE("a chain inside a loop is quiet only for its order, not for the loop",
          "[rank-chains]") {
  // while (c) { if (rank == 0) B else if (rank == 1) B }: the loop's exit
  // (node 1) may differ, so the barriers stay flagged.
  Figure f(6);
  f.edges({{0, 1}, {1, 2}, {1, 7}, {2, 3}, {2, 4}, {3, 6}, {4, 5}, {4, 6}, {5, 6}, {6, 1}})
      .conditional({1, 2, 4})
      .collective(3, barrier())
      .collective(5, barrier());
  ExpandedModel e = without_calls(f.model());
  auto flagged = flagged_by_origin(e, find_collective_mismatches(e.model));
  REQUIRE(flagged.size() == 2);
  std::vector<RankTest> tests = {{2, 0, {{0, 3}}, 4}, {4, 0, {{1, 5}}, 6}};
  CHECK(flagged_only_beyond_tested_ranks(e, tests, flagged).empty());
}

namespace {

// switch (rank) { case 0: B; break; case 1: case 2: B; break; default: D }
// entry(0) -> 1 (the switch) -> 2 (case 0), 3 (cases 1 and 2), 4 (the
// default) -> 5 -> exit(6).
std::map<NodeId, FlaggedCollective> switch_flagged(ExpandedModel &e, int default_colour) {
  Figure f(5);
  f.edges({{0, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 5}, {3, 5}, {4, 5}, {5, 6}})
      .conditional({1})
      .collective(2, barrier())
      .collective(3, barrier());
  if (default_colour)
    f.collective(4, default_colour);
  e = without_calls(f.model());
  return flagged_by_origin(e, find_collective_mismatches(e.model));
}

} // namespace

TEST_CASE("a switch on the rank whose cases name ranks 0..2 is a chain", "[rank-chains]") {
  ExpandedModel e;
  auto flagged = switch_flagged(e, 0);
  REQUIRE(flagged.size() == 2);
  RankTest test{1, 0, {{0, 2}, {1, 3}, {2, 3}}, 4};
  CHECK(ranks_named_by_tests({test}) == std::map<int, long long>{{0, 3}});
  CHECK(flagged_only_beyond_tested_ranks(e, {test}, flagged) == Nodes{2, 3});
  // A default sharing a case's way is taken by that rank: nothing pruned.
  RankTest shared{1, 0, {{0, 2}, {1, 3}, {2, 4}}, 4};
  CHECK(flagged_only_beyond_tested_ranks(e, {shared}, flagged).empty());
  // Cases 0 and 2 only: rank 1 takes the default.
  RankTest gap{1, 0, {{0, 2}, {2, 3}}, 4};
  CHECK(flagged_only_beyond_tested_ranks(e, {gap}, flagged).empty());
}

TEST_CASE("a default no named rank takes is quiet whatever it runs", "[rank-chains]") {
  // With at most 3 processes nobody runs the default's MPI_Allreduce and
  // the barriers match; a fourth process would run it against the others'
  // barriers, which the run-time checks stop.
  ExpandedModel e;
  auto flagged = switch_flagged(e, allreduce());
  REQUIRE(flagged.size() == 3);
  RankTest test{1, 0, {{0, 2}, {1, 3}, {2, 3}}, 4};
  CHECK(flagged_only_beyond_tested_ranks(e, {test}, flagged) == Nodes{2, 3, 4});
}
