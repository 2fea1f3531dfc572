// SourceTags (value_flow.h): one solve tags the sources of difference that
// may reach each verdict, instead of one solve per source.  A hand-drawn
// unit checks the tags through data, control dependence and calls; random
// units check the promise against its oracle, one solve per source with
// only that source differing: a verdict that source alone makes differ
// carries its tag.
#include <catch2/catch.hpp>

#include "value_flow.h"
#include "value_flow_records.h"

#include <random>
#include <string>
#include <vector>

using namespace parcoach;
using namespace value_flow_records;

namespace {

const char *const kKeys[] = {"f", "g", "h"};
constexpr int kKeyCount = 3;
// Two more sources: what other files pass to the parameters of a function
// they may call (the link step judges them where they are uniform), and
// what they store in the unit's public variable `shared'.
constexpr int kParameters = kKeyCount, kShared = kKeyCount + 1, kSourceCount = kKeyCount + 2;
constexpr unsigned kSharedUid = 100;
// The facts of every function below: the results of f, g and h (functions
// of other files), the rank, and a value the same everywhere.
constexpr int kRankFact = kKeyCount, kUniformFact = kKeyCount + 1;

void add_facts(ValueFlowFunction &function) {
  for (const char *key : kKeys) {
    ValueFlowFact fact;
    fact.differs_between_processes = true;
    fact.external_result = key;
    fact.phrase = std::string("depends on the result of '") + key + "'";
    function.facts.push_back(fact);
  }
  ValueFlowFact rank;
  rank.differs_between_processes = rank.is_rank = true;
  rank.phrase = "depends on MPI_Comm_rank";
  function.facts.push_back(rank);
  ValueFlowFact same;
  same.phrase = "is broadcast";
  function.facts.push_back(same);
}

// The tag of key k is bit k; that of the parameters, bit kParameters.
SourceTags tags_of(const std::vector<ValueFlowFunction> &unit) {
  SourceTags tags;
  tags.globals[{kSharedUid, -1}] = 1ull << kShared;
  for (const ValueFlowFunction &function : unit) {
    tags.parameters.push_back(std::vector<unsigned long long>(2, 1ull << kParameters));
    tags.facts.emplace_back();
    for (const ValueFlowFact &fact : function.facts) {
      unsigned long long tag = 0;
      for (int k = 0; k < kKeyCount; ++k)
        if (fact.external_result == kKeys[k])
          tag = 1ull << k;
      tags.facts.back().push_back(tag);
    }
  }
  return tags;
}

// `unit' with every source the same everywhere but `differing' (-1:
// none differs).
std::vector<ValueFlowFunction> only_differing(std::vector<ValueFlowFunction> unit,
                                              int differing) {
  for (ValueFlowFunction &function : unit) {
    for (ValueFlowFact &fact : function.facts)
      if (!fact.external_result.empty() &&
          (differing < 0 || differing == kParameters || fact.external_result != kKeys[differing]))
        fact.differs_between_processes = false;
    if (differing != kParameters)
      function.parameters_judged_at_link = {0, 1};
    for (ValueFlowSlot &slot : function.slots)
      if (slot.scope == SlotScope::Global)
        slot.other_files_store_uniform = differing != kShared;
  }
  return unit;
}

struct Solved {
  std::vector<std::vector<BranchVerdict>> branches;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<ResultVerdict> results;
};

Solved solve(const std::vector<ValueFlowFunction> &unit, const SourceTags *tags = nullptr) {
  Solved out;
  out.branches = solve_value_flow(unit, &out.arguments, &out.results, tags);
  return out;
}

// A random function: `blocks' blocks in order (forward edges, sometimes a
// back edge), statements reading random slots and facts, calls of the
// functions after it, a conditional on random slots where a block has two
// successors, one probe collective with one argument.
ValueFlowFunction random_function(std::mt19937 &rng, unsigned uid, int functions) {
  auto pick = [&rng](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  ValueFlowFunction f;
  f.uid = uid;
  f.name = "f" + std::to_string(uid);
  f.entry_point = uid == 1;
  // Function 2 may be called from other files, half of the time.
  f.callable_from_outside = uid == 1 || (uid == 2 && pick(2));
  add_facts(f);
  const int locals = 4;
  for (int i = 0; i < locals; ++i)
    add_slot(f, ("v" + std::to_string(i)).c_str());
  if (uid != 1)
    for (int p = 0; p < 2; ++p) {
      ValueFlowSlot parameter = scalar_slot("p" + std::to_string(p));
      parameter.scope = SlotScope::Parameter;
      parameter.parameter = p;
      f.slots.push_back(parameter);
    }
  ValueFlowSlot shared = scalar_slot("shared");
  shared.scope = SlotScope::Global;
  shared.global = kSharedUid;
  shared.symbol = "shared";
  shared.visibility = GlobalVisibility::Public;
  f.slots.push_back(shared);
  const int slots = (int)f.slots.size();
  auto some_slots = [&]() {
    std::vector<int> uses;
    for (int n = pick(3); n > 0; --n)
      uses.push_back(pick(slots));
    return uses;
  };
  const int blocks = 2 + pick(5);
  for (int b = 0; b < blocks; ++b) {
    f.blocks.emplace_back();
    ValueFlowBlock &block = f.blocks.back();
    if (b + 1 < blocks) {
      block.successors.push_back(b + 1 + pick(blocks - b - 1));
      if (pick(2)) {
        int other = pick(4) == 0 && b > 0 ? pick(b) : b + 1 + pick(blocks - b - 1);
        if (other != block.successors[0])
          block.successors.push_back(other);
      }
    }
    for (int n = pick(4); n > 0; --n) {
      if (pick(4) == 0 && (int)uid < functions) {
        ValueFlowStatement c = call(uid + 1 + pick(functions - (int)uid), pick(2) ? pick(locals) : -1);
        for (int a = 0; a < 2; ++a) {
          ValueFlowArgument argument;
          argument.uses = some_slots();
          c.arguments.push_back(argument);
        }
        block.statements.push_back(c);
      } else {
        int fact = pick(3) == 0 ? -1 : pick(kKeyCount + 2);
        int target = pick(6) == 0 ? slots - 1 : pick(locals);
        block.statements.push_back(assign(target, some_slots(), fact));
      }
    }
    if (block.successors.size() == 2) {
      block.condition = some_slots();
      block.branch = f.branch_count++;
    }
    if (block.successors.empty() && uid != 1)
      block.statements.push_back(ret(some_slots()));
  }
  ValueFlowCollective probe;
  probe.block = pick(blocks);
  probe.statement = (int)f.blocks[probe.block].statements.size();
  probe.arguments = {{pick(slots)}};
  f.collectives.push_back(probe);
  return f;
}

} // namespace

// main:  a = f();  b = g();  r = b;         (block 0; if (a) -> 1, 2)
//        if (a) c = 1; else c = 2;          (1, 2 -> 3)
//        if (c) r = helper(a);  return r    (3: if (c) -> 4, 5; 4 -> 5)
// helper(x): return x + h();
TEST_CASE("source tags follow data, control dependence and calls", "[value_flow][tags]") {
  ValueFlowFunction main;
  main.uid = 1;
  main.name = "main";
  main.entry_point = true;
  add_facts(main);
  int a = add_slot(main, "a"), b = add_slot(main, "b"), c = add_slot(main, "c"),
      r = add_slot(main, "r");
  main.blocks.resize(6);
  main.blocks[0].successors = {1, 2};
  main.blocks[1].successors = {3};
  main.blocks[2].successors = {3};
  main.blocks[3].successors = {4, 5};
  main.blocks[4].successors = {5};
  main.blocks[0].statements = {assign(a, {}, 0), assign(b, {}, 1), assign(r, {b})};
  main.blocks[0].condition = {a};
  main.blocks[0].branch = main.branch_count++;
  main.blocks[1].statements = {assign(c, {}, kUniformFact)};
  main.blocks[2].statements = {assign(c, {}, kUniformFact)};
  main.blocks[3].condition = {c};
  main.blocks[3].branch = main.branch_count++;
  main.blocks[5].statements = {ret({r})};
  ValueFlowFunction helper;
  helper.uid = 2;
  helper.name = "helper";
  helper.callable_from_outside = false;
  add_facts(helper);
  int x = add_slot(helper, "x"), y = add_slot(helper, "y");
  helper.slots[x].scope = SlotScope::Parameter;
  helper.slots[x].parameter = 0;
  helper.blocks.resize(1);
  helper.blocks[0].statements = {assign(y, {x}, 2), ret({y})};
  ValueFlowStatement call_helper = call(2, r);
  ValueFlowArgument argument;
  argument.uses = {a};
  call_helper.arguments = {argument};
  main.blocks[4].statements = {call_helper};

  std::vector<ValueFlowFunction> unit{main, helper};
  SourceTags tags = tags_of(unit);
  Solved tagged = solve(unit, &tags);
  const unsigned long long f = 1, g = 2, h = 4;
  CHECK(tagged.branches[0][0].sources == f);
  // c is 1 or 2 as a() decides: control dependence carries f.
  CHECK(tagged.branches[0][1].sources == f);
  // r is b, or helper's result (a and h) where block 4 runs, as c decides.
  CHECK(tagged.results[0].sources == (f | g | h));
  CHECK(tagged.results[1].sources == h);
  // Without tags every verdict's sources are 0, and the verdicts agree.
  Solved plain = solve(unit);
  CHECK(plain.branches[0][1].sources == 0);
  CHECK(plain.results[0].sources == 0);
  CHECK(plain.branches[0][1].may_differ_between_processes ==
        tagged.branches[0][1].may_differ_between_processes);
}

TEST_CASE("random units: a source alone making a verdict differ tags it there",
          "[value_flow][tags][random]") {
  std::mt19937 rng(1717);
  int checked = 0;
  for (int round = 0; round < 1000; ++round) {
    const int functions = 1 + (int)(rng() % 3);
    std::vector<ValueFlowFunction> unit;
    for (int i = 1; i <= functions; ++i)
      unit.push_back(random_function(rng, (unsigned)i, functions));
    SourceTags tags = tags_of(unit);
    Solved all = solve(unit), tagged = solve(unit, &tags), none = solve(only_differing(unit, -1));
    std::vector<Solved> alone;
    for (int k = 0; k < kSourceCount; ++k)
      alone.push_back(solve(only_differing(unit, k)));
    for (std::size_t i = 0; i < unit.size(); ++i) {
      INFO("round " << round << ", function " << i);
      // The tags change no verdict.
      for (std::size_t j = 0; j < all.branches[i].size(); ++j)
        REQUIRE(tagged.branches[i][j].may_differ_between_processes ==
                all.branches[i][j].may_differ_between_processes);
      REQUIRE(tagged.results[i].may_differ_between_processes ==
              all.results[i].may_differ_between_processes);
      REQUIRE(tagged.arguments[i][0][0].may_differ_between_processes ==
              all.arguments[i][0][0].may_differ_between_processes);
      for (int k = 0; k < kSourceCount; ++k) {
        const unsigned long long tag = 1ull << k;
        for (std::size_t j = 0; j < all.branches[i].size(); ++j)
          if (!none.branches[i][j].may_differ_between_processes &&
              alone[k].branches[i][j].may_differ_between_processes) {
            CHECK((tagged.branches[i][j].sources & tag));
            ++checked;
          }
        if (!none.results[i].may_differ_between_processes &&
            alone[k].results[i].may_differ_between_processes) {
          CHECK((tagged.results[i].sources & tag));
          ++checked;
        }
        if (!none.arguments[i][0][0].may_differ_between_processes &&
            alone[k].arguments[i][0][0].may_differ_between_processes) {
          CHECK((tagged.arguments[i][0][0].sources & tag));
          ++checked;
        }
      }
    }
  }
  // The random units do exercise the promise.
  CHECK(checked > 400);
}
