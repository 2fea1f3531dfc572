// Inter-procedural collective analysis (collective_summaries.h): thesis
// figures 5.1 and 5.2, and the cases the summaries must get right.
#include <catch2/catch.hpp>

#include "analysis_test_support.h"
#include "collective_summaries.h"

using namespace parcoach;
using namespace testing_support;

namespace {

using Nodes = std::vector<NodeId>;

// entry(0) -> 1 -> exit(2), node 1 calling the MPI collective `colour'.
FunctionModel straight_collective(int colour) {
  Figure f(1);
  f.edges({{0, 1}, {1, 2}}).collective(1, colour);
  return f.model();
}

// entry(0) -> 1 -> {2, 3} -> exit(4): node 1 a conditional.
Figure diamond() {
  Figure f(3);
  f.edges({{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4}}).conditional({1});
  return f;
}

} // namespace

TEST_CASE("figure 5.1: a call to f (one barrier) matches a barrier on the other branch",
          "[summaries][thesis]") {
  // Function 0: f() { MPI_Barrier }.  Function 1: main: if (c) f(); else MPI_Barrier.
  FunctionModel main_model = diamond().call(2, 0).collective(3, barrier()).model();
  UnitAnalysis unit = analyse_unit({straight_collective(barrier()), main_model});
  CHECK(unit.summaries[0] == std::vector<int>{barrier()});
  CHECK(unit.results[1].flagged.empty());
  CHECK(unit.summaries[1] == std::vector<int>{barrier()});
  // Without summaries (the thesis' intra-procedural view) the barrier is flagged.
  CHECK(flagged_nodes(find_collective_mismatches(main_model)) == Nodes{3});
}

TEST_CASE("figure 5.2: a call to f on one branch only is flagged at the call site",
          "[summaries][thesis]") {
  // main: if (c) f(); with f() { MPI_Barrier }; nothing on the other branch.
  FunctionModel main_model = diamond().call(2, 0).model();
  UnitAnalysis unit = analyse_unit({straight_collective(barrier()), main_model});
  REQUIRE(unit.results[1].flagged.size() == 1);
  const FlaggedCollective &flagged = unit.results[1].flagged[0];
  CHECK(unit.expanded[1].origin[flagged.node] == 2); // the call's node
  CHECK(flagged.collective == barrier());
  CHECK(flagged.order_conditionals == Nodes{1});
  CHECK_FALSE(unit.results[1].single_sequence);
}

TEST_CASE("a callee's sequence of several collectives becomes a chain at the call",
          "[summaries]") {
  Figure callee(2);
  callee.edges({{0, 1}, {1, 2}, {2, 3}}).collective(1, bcast()).collective(2, allreduce());
  // main: if (c) g(); else { MPI_Bcast; MPI_Allreduce }  (the else branch is 3 -> 4)
  Figure main_figure(4);
  main_figure.edges({{0, 1}, {1, 2}, {1, 3}, {3, 4}, {2, 5}, {4, 5}})
      .conditional({1}).call(2, 0).collective(3, bcast()).collective(4, allreduce());
  UnitAnalysis unit = analyse_unit({callee.model(), main_figure.model()});
  CHECK(unit.summaries[0] == std::vector<int>{bcast(), allreduce()});
  CHECK(unit.results[1].flagged.empty());
  CHECK(unit.results[1].valid_sequence == std::vector<int>{bcast(), allreduce()});
  // The call node carries the first collective, one new node the second.
  CHECK(unit.expanded[1].model.cfg.size() == main_figure.model().cfg.size() + 1);
  CHECK(unit.expanded[1].origin.back() == 2);
}

TEST_CASE("a callee whose collectives depend on its own conditions is a token",
          "[summaries]") {
  // Function 0: if (c) MPI_Barrier, with c the same everywhere (not a
  // conditional for the analysis): no warning in it, but not one sequence.
  Figure uniform_branch(3);
  uniform_branch.edges({{0, 1}, {1, 2}, {1, 4}, {2, 4}}).collective(2, barrier());
  // main calls it on both branches of a conditional: the calls match.
  FunctionModel both = diamond().call(2, 0).call(3, 0).model();
  // main calls it on one branch only: a possible mismatch.
  FunctionModel one = diamond().call(2, 0).model();
  UnitAnalysis unit = analyse_unit({uniform_branch.model(), both, one});
  CHECK(unit.results[0].flagged.empty());
  CHECK(unit.summaries[0] == std::vector<int>{first_call_token + 0});
  CHECK(unit.results[1].flagged.empty());
  REQUIRE(unit.results[2].flagged.size() == 1);
  CHECK(is_call_token(unit.results[2].flagged[0].collective));
  CHECK(token_function(unit.results[2].flagged[0].collective) == 0);
}

TEST_CASE("functions without collectives, recursive or not, summarise to nothing",
          "[summaries]") {
  // Function 0 calls itself (recursion) and runs no collective; main calls
  // it on one branch only: nothing to flag.
  Figure recursive(2);
  recursive.edges({{0, 1}, {1, 2}, {1, 3}, {2, 3}}).conditional({1}).call(2, 0);
  FunctionModel main_model = diamond().call(2, 0).model();
  UnitAnalysis unit = analyse_unit({recursive.model(), main_model});
  CHECK(unit.summaries[0].empty());
  CHECK(unit.results[1].flagged.empty());
  CHECK(unit.results[1].single_sequence);
}

TEST_CASE("mutual recursion running collectives is a token, never a crash", "[summaries]") {
  // 0 calls 1 and runs a barrier; 1 calls 0.  main calls 1 on one branch.
  Figure even(2);
  even.edges({{0, 1}, {1, 2}, {2, 3}}).collective(1, barrier()).call(2, 1);
  Figure odd(1);
  odd.edges({{0, 1}, {1, 2}}).call(1, 0);
  FunctionModel main_model = diamond().call(2, 1).model();
  UnitAnalysis unit = analyse_unit({even.model(), odd.model(), main_model});
  CHECK(unit.summaries[0] == std::vector<int>{first_call_token + 0});
  CHECK(unit.summaries[1] == std::vector<int>{first_call_token + 1});
  REQUIRE(unit.results[2].flagged.size() == 1);
  CHECK(unit.results[2].flagged[0].collective == first_call_token + 1);
}

TEST_CASE("summaries reach callers through a chain of calls, callees defined in any order",
          "[summaries]") {
  // main (0) calls a (1) on one branch; a calls b (2); b runs an allreduce.
  FunctionModel main_model = diamond().call(2, 1).model();
  Figure a(1);
  a.edges({{0, 1}, {1, 2}}).call(1, 2);
  UnitAnalysis unit = analyse_unit({main_model, a.model(), straight_collective(allreduce())});
  CHECK(unit.summaries[1] == std::vector<int>{allreduce()});
  REQUIRE(unit.results[0].flagged.size() == 1);
  CHECK(unit.results[0].flagged[0].collective == allreduce());
}

TEST_CASE("flagged nodes of a call's summary merge into one verdict on the call",
          "[summaries]") {
  // main: if (c1) { if (c2) g(); }  with g() { MPI_Bcast; MPI_Allreduce }:
  // both nodes of g's summary are flagged, blamed on the two conditionals.
  Figure callee(2);
  callee.edges({{0, 1}, {1, 2}, {2, 3}}).collective(1, bcast()).collective(2, allreduce());
  Figure main_figure(3);
  main_figure.edges({{0, 1}, {1, 2}, {1, 4}, {2, 3}, {2, 4}, {3, 4}})
      .conditional({1, 2}).call(3, 0);
  UnitAnalysis unit = analyse_unit({callee.model(), main_figure.model()});
  REQUIRE(unit.results[1].flagged.size() == 2);
  std::map<NodeId, FlaggedCollective> sites =
      flagged_by_origin(unit.expanded[1], unit.results[1]);
  REQUIRE(sites.size() == 1);
  CHECK(sites.begin()->first == 3);
  CHECK(sites.begin()->second.node == 3);
  CHECK(sites.begin()->second.collective == bcast());
  CHECK(sites.begin()->second.order_conditionals == Nodes{1, 2});
}
