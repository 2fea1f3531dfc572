// Globals in the value-flow solver (value_flow.h), on units built by hand.
//
// The verdicts must not depend on the order the unit lists its functions
// in: the records GCC's lowering gives change with the optimisation level
// (tests/extractor found a public global's reader solved before its
// writer answer "uniform" at -O0 only).  And a function other files may
// call on some processes only makes a global differ by storing to it, not
// by reading it.
#include <catch2/catch.hpp>

#include "value_flow.h"
#include "value_flow_records.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace parcoach;
using namespace value_flow_records;

namespace {

ValueFlowSlot global(GlobalVisibility visibility, bool other_files_store_uniform) {
  ValueFlowSlot slot = scalar_slot("my_rank");
  slot.scope = SlotScope::Global;
  slot.global = 100;
  slot.visibility = visibility;
  if (visibility == GlobalVisibility::Public)
    slot.symbol = "my_rank";
  slot.other_files_store_uniform = other_files_store_uniform;
  return slot;
}

// int my_rank;
// int is_first(void) { return my_rank == 0; }                 uid 1
// void init(void) { MPI_Comm_rank(MPI_COMM_WORLD, &my_rank); } uid 2
// int main() { init(); if (is_first()) MPI_Barrier(...); }    uid 3
// is_first and init may be called by other files (they are public).
std::vector<ValueFlowFunction> rank_in_a_global(GlobalVisibility visibility,
                                                bool other_files_store_uniform) {
  ValueFlowFunction is_first;
  is_first.uid = 1;
  is_first.name = "is_first";
  is_first.slots = {global(visibility, other_files_store_uniform), scalar_slot("t")};
  is_first.blocks.resize(2);
  is_first.blocks[0].statements = {assign(1, {0})};
  is_first.blocks[0].successors = {1};
  is_first.blocks[1].statements = {ret({1})};

  ValueFlowFunction init;
  init.uid = 2;
  init.name = "init";
  init.slots = {global(visibility, other_files_store_uniform)};
  ValueFlowFact rank;
  rank.differs_between_processes = rank.differs_between_threads = true;
  rank.is_rank = true;
  rank.phrase = "depends on MPI_Comm_rank";
  init.facts = {rank};
  init.blocks.resize(1);
  init.blocks[0].statements = {assign(0, {}, 0), ret({})};

  ValueFlowFunction main;
  main.uid = 3;
  main.name = "main";
  main.entry_point = true;
  main.slots = {scalar_slot("result")};
  main.blocks.resize(3);
  main.blocks[0].statements = {call(2, -1), call(1, 0)};
  main.blocks[0].successors = {1, 2};
  main.blocks[0].condition = {0};
  main.blocks[0].branch = 0;
  main.branch_count = 1;
  main.blocks[1].successors = {2};
  main.blocks[2].statements = {ret({})};
  return {is_first, init, main};
}

// The verdict on main's conditional for every order of the functions.
std::vector<bool> main_verdict_in_every_order(std::vector<ValueFlowFunction> unit) {
  std::vector<bool> differs;
  std::vector<int> order = {0, 1, 2};
  do {
    std::vector<ValueFlowFunction> permuted;
    for (int i : order)
      permuted.push_back(unit[i]);
    std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(permuted);
    for (std::size_t i = 0; i < permuted.size(); ++i)
      if (permuted[i].name == "main")
        differs.push_back(verdicts[i][0].may_differ_between_processes);
  } while (std::next_permutation(order.begin(), order.end()));
  return differs;
}

} // namespace

TEST_CASE("value flow: a rank stored in a static global differs in every order of the "
          "functions",
          "[value_flow][order]") {
  for (bool differs : main_verdict_in_every_order(
           rank_in_a_global(GlobalVisibility::Unit, false)))
    CHECK(differs);
}

TEST_CASE("value flow: a rank stored in a public global differs in every order of the "
          "functions, also when other files are taken to store the same value",
          "[value_flow][order]") {
  // The second is how the unit step decides what it leaves to the link
  // step (cross_file_values.h): a reader solved before the store must see
  // it too, or the conditional waits for the link step, on some builds.
  for (bool other_files_store_uniform : {false, true}) {
    INFO("other_files_store_uniform " << other_files_store_uniform);
    for (bool differs : main_verdict_in_every_order(
             rank_in_a_global(GlobalVisibility::Public, other_files_store_uniform)))
      CHECK(differs);
  }
}

namespace {

// int steps = 3;
// void step(void) { if (steps > 2) ...; }     uid 1, other files may call it
// void reset(void) { steps = 0; }             uid 2, other files may call it
// int main() { step(); [reset();] if (steps > 2) ...; }
// Without reset, the unit has no reset at all (other files could call it).
std::vector<ValueFlowFunction> steps_program(GlobalVisibility visibility, bool with_reset) {
  auto steps = [&] {
    ValueFlowSlot slot = global(visibility, visibility == GlobalVisibility::Public);
    slot.name = "steps";
    return slot;
  };
  ValueFlowFunction step;
  step.uid = 1;
  step.name = "step";
  step.slots = {steps(), scalar_slot("t")};
  step.blocks.resize(3);
  step.blocks[0].statements = {assign(1, {0})};
  step.blocks[0].successors = {1, 2};
  step.blocks[0].condition = {1};
  step.blocks[0].branch = 0;
  step.branch_count = 1;
  step.blocks[1].successors = {2};
  step.blocks[2].statements = {ret({})};

  ValueFlowFunction reset;
  reset.uid = 2;
  reset.name = "reset";
  reset.slots = {steps()};
  reset.blocks.resize(1);
  reset.blocks[0].statements = {assign(0, {}), ret({})};

  ValueFlowFunction main;
  main.uid = 3;
  main.name = "main";
  main.entry_point = true;
  main.slots = {steps(), scalar_slot("t")};
  main.blocks.resize(3);
  main.blocks[0].statements = {call(1, -1)};
  if (with_reset)
    main.blocks[0].statements.push_back(call(2, -1));
  main.blocks[0].statements.push_back(assign(1, {0}));
  main.blocks[0].successors = {1, 2};
  main.blocks[0].condition = {1};
  main.blocks[0].branch = 0;
  main.branch_count = 1;
  main.blocks[1].successors = {2};
  main.blocks[2].statements = {ret({})};
  if (!with_reset)
    return {step, main};
  return {step, reset, main};
}

} // namespace

TEST_CASE("value flow: a global that a function other files may call only reads stays "
          "uniform",
          "[value_flow][globals]") {
  // Public with other files' stores taken as uniform: how the unit step
  // decides what only the link step may judge.
  for (GlobalVisibility visibility : {GlobalVisibility::Unit, GlobalVisibility::Public}) {
    INFO("public " << (visibility == GlobalVisibility::Public));
    std::vector<ValueFlowFunction> unit = steps_program(visibility, false);
    std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit);
    CHECK_FALSE(verdicts[0][0].may_differ_between_processes); // in step
    CHECK_FALSE(verdicts[1][0].may_differ_between_processes); // in main
  }
}

TEST_CASE("value flow: a global that a function other files may call stores to may differ",
          "[value_flow][globals]") {
  // Other files may call reset on some processes only: after it, steps
  // is 0 on those and 3 on the others.  For a static global the unit
  // says so; for a public one, with other files' decisions taken as
  // uniform (the unit step's optimistic solve), where reset is called is
  // the link step's question (reset is one of the variable's writers,
  // variable_facts), not a difference of the unit's own: the conditionals
  // wait for the link step, which warns if a caller runs reset on some
  // processes only (errbench/correct/fortran_nas_module_namelist.f90).
  for (GlobalVisibility visibility : {GlobalVisibility::Unit, GlobalVisibility::Public}) {
    INFO("public " << (visibility == GlobalVisibility::Public));
    std::vector<ValueFlowFunction> unit = steps_program(visibility, true);
    std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit);
    bool unit_alone = visibility == GlobalVisibility::Unit;
    CHECK(verdicts[0][0].may_differ_between_processes == unit_alone);
    CHECK(verdicts[2][0].may_differ_between_processes == unit_alone);
    // As given (other files may store anything there): it differs.
    for (ValueFlowFunction &function : unit)
      for (ValueFlowSlot &slot : function.slots)
        slot.other_files_store_uniform = false;
    verdicts = solve_value_flow(unit);
    CHECK(verdicts[0][0].may_differ_between_processes);
    CHECK(verdicts[2][0].may_differ_between_processes);
  }
}

TEST_CASE("value flow: a public global a function of the unit stores to on some processes "
          "only differs, other files' stores taken as uniform",
          "[value_flow][globals]") {
  // main: if (rank == 0) reset();  step();  if (steps > 2) ...
  std::vector<ValueFlowFunction> unit = steps_program(GlobalVisibility::Public, true);
  ValueFlowFunction &main = unit.back();
  ValueFlowSlot rank = scalar_slot("rank");
  main.slots.push_back(rank);
  int rank_slot = (int)main.slots.size() - 1;
  ValueFlowFact fact;
  fact.differs_between_processes = true;
  fact.phrase = "depends on MPI_Comm_rank";
  main.facts.push_back(fact);
  ValueFlowFunction guarded;
  guarded.uid = main.uid;
  guarded.name = main.name;
  guarded.entry_point = true;
  guarded.slots = main.slots;
  guarded.facts = main.facts;
  // b0: rank := fact; if (rank) -> b1, b2   b1: reset()   b2: step(); t := steps; if (t)
  guarded.blocks.resize(5);
  ValueFlowStatement set_rank = assign(rank_slot, {}, (int)guarded.facts.size() - 1);
  guarded.blocks[0].statements = {set_rank};
  guarded.blocks[0].successors = {1, 2};
  guarded.blocks[0].condition = {rank_slot};
  guarded.blocks[0].branch = 0;
  guarded.blocks[1].statements = {call(2, -1)};
  guarded.blocks[1].successors = {2};
  guarded.blocks[2].statements = {call(1, -1), assign(1, {0})};
  guarded.blocks[2].successors = {3, 4};
  guarded.blocks[2].condition = {1};
  guarded.blocks[2].branch = 1;
  guarded.blocks[3].successors = {4};
  guarded.blocks[4].statements = {ret({})};
  guarded.branch_count = 2;
  main = guarded;
  std::vector<std::vector<BranchVerdict>> verdicts = solve_value_flow(unit);
  CHECK(verdicts[2][1].may_differ_between_processes); // main's test of steps
  CHECK(verdicts[0][0].may_differ_between_processes); // step's
}
