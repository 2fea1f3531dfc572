// The text form of value-flow records and verdicts (value_flow_text.h), on
// records built by hand.  The expected lines were written from the format
// the header describes, not copied from the printer's output.
#include <catch2/catch.hpp>

#include "value_flow.h"
#include "value_flow_text.h"
#include "value_flow_records.h"

#include <string>
#include <vector>

using namespace parcoach;
using namespace value_flow_records;

namespace {

ValueFlowFact fact(const std::string &phrase, bool differs) {
  ValueFlowFact f;
  f.differs_between_processes = differs;
  f.differs_between_threads = differs;
  f.phrase = phrase;
  return f;
}

// main() {
//   MPI_Comm_rank(MPI_COMM_WORLD, &rank);   // line 8
//   MPI_Bcast(&n, ...);                     // line 9
//   if (rank == 0)                          // line 12
//     helper(n, &rank);
//   return n;
// }
ValueFlowFunction rank_program() {
  ValueFlowFunction f;
  f.uid = 3;
  f.name = "main";
  f.symbol = "main";
  f.entry_point = true;
  f.slots = {scalar_slot("rank"), scalar_slot("n"), scalar_slot("r")};
  f.slots[2].single_definition = true;
  f.facts.push_back(fact("depends on MPI_Comm_rank at line 8", true));
  f.facts.back().is_rank = true;
  f.facts.back().rank_communicator = "MPI_COMM_WORLD";
  f.facts.push_back(fact("'n' is broadcast by MPI_Bcast at line 9", false));
  f.blocks.resize(3);
  ValueFlowBlock &entry = f.blocks[0];
  entry.successors = {1, 2};
  entry.statements.push_back(assign(0, {}, 0));
  entry.statements.back().quantity.kind = ValueFlowQuantity::Kind::Rank;
  entry.statements.back().quantity.communicator = "MPI_COMM_WORLD";
  entry.statements.push_back(assign(1, {}, 1));
  entry.condition = {0};
  entry.comparison.op = ValueFlowComparison::Op::Equal;
  entry.comparison.left.slot = 0;
  entry.comparison.right.constant = 0;
  entry.comparison.text = "rank == 0";
  entry.branch = 0;
  entry.line = 12;
  f.branch_count = 1;
  ValueFlowStatement call;
  call.kind = ValueFlowStatement::Kind::Call;
  call.callee = 7;
  call.target = 2;
  ValueFlowArgument by_value;
  by_value.uses = {1};
  by_value.copy_of = 1;
  ValueFlowArgument by_address;
  by_address.pointees = {0};
  by_address.exact = true;
  call.arguments = {by_value, by_address};
  f.blocks[1].successors = {2};
  f.blocks[1].statements.push_back(call);
  ValueFlowStatement ret;
  ret.kind = ValueFlowStatement::Kind::Return;
  ret.uses = {1};
  ret.copy_of = 1;
  f.blocks[2].statements.push_back(ret);
  return f;
}

} // namespace

TEST_CASE("value-flow text: one line per slot, fact, block, statement and conditional",
          "[value_flow_text]") {
  std::string expected =
      "function 'main' uid 3 symbol main entry-point callable-from-outside, from t.c\n"
      "  slot s0 'rank' local scalar\n"
      "  slot s1 'n' local scalar\n"
      "  slot s2 'r' local scalar single-definition\n"
      "  fact f0 differs(processes,threads) rank(MPI_COMM_WORLD) "
      "\"depends on MPI_Comm_rank at line 8\"\n"
      "  fact f1 same \"'n' is broadcast by MPI_Bcast at line 9\"\n"
      "  block b0 -> b1 b2\n"
      "    s0 := f0 [quantity rank(MPI_COMM_WORLD)]\n"
      "    s1 := f1\n"
      "    if s0 compare(s0 == 0 \"rank == 0\") branch 0 line 12\n"
      "  block b1 -> b2\n"
      "    s2 := call 'helper' uid 7 (uses s1; copy s1) (uses -; points-to s0 exact)\n"
      "  block b2 -> exit\n"
      "    return s1 [copy s1]\n";
  CHECK(value_flow_text(rank_program(), {{7, "helper"}}, "t.c") == expected);
}

TEST_CASE("value-flow text: callees the unit does not name are given by uid",
          "[value_flow_text]") {
  std::string text = value_flow_text(rank_program());
  CHECK(text.find("    s2 := call uid 7 (uses s1; copy s1)") != std::string::npos);
  CHECK(text.find(", from") == std::string::npos);
}

TEST_CASE("value-flow text: globals, parameters, escapes, weak stores and splits",
          "[value_flow_text]") {
  ValueFlowFunction f;
  f.uid = 9;
  f.name = "f";
  f.callable_from_outside = false;
  f.parameters_by_reference = true;
  ValueFlowSlot global = scalar_slot("g");
  global.scope = SlotScope::Global;
  global.global = 41;
  global.visibility = GlobalVisibility::Public;
  global.symbol = "g_";
  ValueFlowSlot target = scalar_slot("*p");
  target.scope = SlotScope::ParameterTarget;
  target.parameter = 0;
  target.scalar = false;
  target.field = 5;
  target.field_offset = 32;
  target.field_size = 32;
  target.escapes = 0;
  f.slots = {global, target};
  f.facts.push_back(fact("its address is passed to \"ext\"", true));
  f.facts.back().differs_between_threads = false;
  f.blocks.resize(1);
  ValueFlowStatement store = assign(1, {0});
  store.strong = false;
  store.assigns_constant = true;
  store.constant = -2;
  f.blocks[0].statements.push_back(store);
  ValueFlowSplit split;
  split.block = 0;
  split.first = 0;
  split.after = 1;
  split.colour = 0;
  f.splits.push_back(split);
  ValueFlowCollective collective;
  collective.block = 0;
  collective.statement = 1;
  collective.communicator_name = "MPI_COMM_WORLD";
  collective.arguments = {{0, 1}, {}};
  f.collectives.push_back(collective);

  std::string expected =
      "function 'f' uid 9 parameters-by-reference\n"
      "  slot s0 'g' global(41) public symbol g_ scalar\n"
      "  slot s1 '*p' parameter-target(0) field 5 bits 32+32 escapes(f0)\n"
      "  fact f0 differs(processes) \"its address is passed to \\\"ext\\\"\"\n"
      "  block b0 -> exit\n"
      "    s1 := s0 [weak constant -2]\n"
      "  collective c0 at b0:1 communicator - MPI_COMM_WORLD [s0 s1] []\n"
      "  split at b0:[0,1) colour s0 made -\n";
  CHECK(value_flow_text(f) == expected);
}

TEST_CASE("value-flow text: a verdict line per placed conditional, then the result",
          "[value_flow_text]") {
  ValueFlowFunction f = rank_program();
  // A second conditional, in block 2, asked about before the first one,
  // and a third the reader could not place in a block.
  f.blocks[2].branch = 1;
  f.blocks[2].line = 20;
  f.branch_count = 3;
  std::vector<BranchVerdict> verdicts(3);
  verdicts[0].may_differ_between_threads = false;
  verdicts[0].reason = "depends on MPI_Comm_rank at line 8";
  verdicts[1].may_differ_between_processes = false;
  verdicts[1].may_differ_between_threads = false;
  verdicts[1].reason = "'n' is broadcast by MPI_Bcast at line 9";
  ResultVerdict result;
  result.parameters = 0x5;
  std::string expected =
      "  verdict line 12 (branch 0): processes differ, threads same: "
      "depends on MPI_Comm_rank at line 8\n"
      "  verdict line 20 (branch 1): processes same, threads same: "
      "'n' is broadcast by MPI_Bcast at line 9\n"
      "  verdict unplaced (branch 2): processes differ, threads differ\n"
      "  returns: processes same, with parameters 0 2\n";
  CHECK(value_flow_verdicts_text(f, verdicts, &result) == expected);
}

TEST_CASE("value-flow text: a verdict the link step decides names what it waits for",
          "[value_flow_text]") {
  ValueFlowFunction f = rank_program();
  std::vector<BranchVerdict> verdicts(1);
  verdicts[0].may_differ_between_threads = false;
  ValueFlowDeferred deferred = {{"__state_MOD_steps", "get_"}};
  CHECK(value_flow_verdicts_text(f, verdicts, nullptr, &deferred) ==
        "  verdict line 12 (branch 0): processes differ (link step: __state_MOD_steps get_), "
        "threads same\n");
  ValueFlowDeferred not_deferred = {{}};
  CHECK(value_flow_verdicts_text(f, verdicts, nullptr, &not_deferred) ==
        "  verdict line 12 (branch 0): processes differ, threads same\n");
}

TEST_CASE("value-flow text: the unit's text gives the solver's verdicts",
          "[value_flow_text]") {
  // The condition on the rank differs between processes, one on the
  // broadcast value does not: the dump must say so, as the extractor
  // tests (tests/extractor/run.py) read it.
  ValueFlowFunction f = rank_program();
  f.blocks[1].condition = {1};
  f.blocks[1].successors = {2, 3};
  f.blocks.emplace_back();
  f.blocks[3].successors = {2};
  f.blocks[1].branch = 1;
  f.blocks[1].line = 14;
  f.branch_count = 2;
  ValueFlowFunction helper;
  helper.uid = 7;
  helper.name = "helper";
  helper.callable_from_outside = false;
  helper.blocks.resize(1);
  std::vector<ValueFlowFunction> unit = {f, helper};
  std::vector<ResultVerdict> results;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit, &arguments, &results);
  std::string text = value_flow_unit_text(unit, verdicts, results, {}, {"t.c"});
  CHECK(text.find("function 'main' uid 3 symbol main entry-point callable-from-outside, "
                  "from t.c\n") == 0);
  CHECK(text.find("    s2 := call 'helper' uid 7 ") != std::string::npos);
  CHECK(text.find("  verdict line 12 (branch 0): processes differ") != std::string::npos);
  CHECK(text.find("  verdict line 14 (branch 1): processes same") != std::string::npos);
  CHECK(text.find("function 'helper' uid 7\n") != std::string::npos);
}
