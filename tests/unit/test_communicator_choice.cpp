// A collective's communicator chosen by rank (communicator_choice.h), on
// value-flow functions built by hand.  The expectations follow from what
// "the same communicator" means in MPI (the same predefined handle, or
// the output of the same constructor call every process made): a choice
// between two such candidates by rank is an error unless each holds its
// process alone; a split or create output, or anything not followed, is
// no candidate at all (silence).
#include <catch2/catch.hpp>

#include "communicator_choice.h"

using namespace parcoach;

namespace {

using Kind = ValueFlowStatement::Kind;

const char *const world = "handle 1140850688";
const char *const self = "handle 1140850689";

int add_slot(ValueFlowFunction &f, const char *name, SlotScope scope = SlotScope::Local) {
  ValueFlowSlot slot;
  slot.name = name;
  slot.scope = scope;
  slot.scalar = true;
  f.slots.push_back(slot);
  return (int)f.slots.size() - 1;
}

int add_fact(ValueFlowFunction &f, bool differs, const char *phrase) {
  ValueFlowFact fact;
  fact.differs_between_processes = differs;
  fact.phrase = phrase;
  f.facts.push_back(fact);
  return (int)f.facts.size() - 1;
}

ValueFlowStatement constant(int target, const char *handle) {
  ValueFlowStatement s;
  s.target = target;
  s.constant_handle = handle;
  return s;
}

ValueFlowStatement copy(int target, int from, bool with_copy_of = true) {
  ValueFlowStatement s;
  s.target = target;
  s.uses = {from};
  s.copy_of = with_copy_of ? from : -1;
  return s;
}

// An MPI output stored into `target' (MPI_Comm_dup's new communicator on
// a constant handle `from', or MPI_Comm_split's).
ValueFlowStatement made(int target, int fact, const char *from = "") {
  ValueFlowStatement s;
  s.target = target;
  s.fact = fact;
  s.from_handle = from;
  return s;
}

// Blocks: 0 -> {1, 2} -> 3, the collective at the start of block 3
// reading `read'.
ValueFlowFunction diamond(std::vector<ValueFlowStatement> entry,
                          std::vector<ValueFlowStatement> then_side,
                          std::vector<ValueFlowStatement> else_side, int read) {
  ValueFlowFunction f;
  f.blocks.resize(4);
  f.blocks[0].statements = std::move(entry);
  f.blocks[0].successors = {1, 2};
  f.blocks[1].statements = std::move(then_side);
  f.blocks[1].successors = {3};
  f.blocks[2].statements = std::move(else_side);
  f.blocks[2].successors = {3};
  ValueFlowCollective collective;
  collective.block = 3;
  collective.statement = 0;
  collective.arguments = {{read}};
  f.collectives.push_back(collective);
  return f;
}

ArgumentVerdict by_rank() {
  ArgumentVerdict v;
  v.may_differ_between_processes = true;
  v.depends_on_rank = true;
  v.reason = "depends on the conditional at line 7, which depends on MPI_Comm_rank at line 5";
  return v;
}

} // namespace

TEST_CASE("a duplicate or MPI_COMM_WORLD chosen by rank is an error", "[communicator_choice]") {
  // MPI_Comm_dup(MPI_COMM_WORLD, &dup); c = rank == 0 ? dup : MPI_COMM_WORLD;
  ValueFlowFunction f;
  int dup = add_slot(f, "dup"), c = add_slot(f, "c");
  int dup_fact = add_fact(f, false, "'dup' comes from MPI_Comm_dup at line 4");
  ValueFlowFunction g = diamond({made(dup, dup_fact, world)}, {copy(c, dup)},
                                {constant(c, world)}, c);
  g.slots = f.slots;
  g.facts = f.facts;
  std::vector<std::string> candidates = communicator_candidates(g, 0, 0);
  REQUIRE(candidates == std::vector<std::string>{"constant handle 1140850688", "made at 0:0"});
  CHECK(communicator_differs_by_rank(candidates, by_rank()));

  SECTION("not when the value flow only cannot tell (a value received, a parameter)") {
    ArgumentVerdict unknown = by_rank();
    unknown.depends_on_rank = false;
    CHECK_FALSE(communicator_differs_by_rank(candidates, unknown));
  }
  SECTION("not when the choice is the same everywhere") {
    CHECK_FALSE(communicator_differs_by_rank(candidates, ArgumentVerdict()));
  }
  SECTION("Open MPI: pointer handles are copied without copy_of") {
    g.blocks[1].statements = {copy(c, dup, false)};
    CHECK(communicator_candidates(g, 0, 0).size() == 2);
  }
}

TEST_CASE("one communicator on every path is no choice", "[communicator_choice]") {
  ValueFlowFunction f = diamond({}, {constant(0, world)}, {constant(0, world)}, 0);
  add_slot(f, "c");
  std::vector<std::string> candidates = communicator_candidates(f, 0, 0);
  CHECK(candidates == std::vector<std::string>{"constant handle 1140850688"});
  CHECK_FALSE(communicator_differs_by_rank(candidates, by_rank()));
}

TEST_CASE("outputs of MPI_Comm_split or MPI_Comm_create are never candidates",
          "[communicator_choice]") {
  // MPI_Comm_create(world, low_group, &low); ...(high); c = rank < half ?
  // low : high: each process is a member of the one it chooses.
  ValueFlowFunction f;
  int low = add_slot(f, "low"), high = add_slot(f, "high"), c = add_slot(f, "c");
  int created = add_fact(f, true, "depends on MPI_Comm_create at line 4");
  ValueFlowFunction g = diamond({made(low, created), made(high, created)}, {copy(c, low)},
                                {copy(c, high)}, c);
  g.slots = f.slots;
  g.facts = f.facts;
  CHECK(communicator_candidates(g, 0, 0).empty());
  CHECK_FALSE(communicator_differs_by_rank(communicator_candidates(g, 0, 0), by_rank()));

  SECTION("nor a duplicate of one") {
    int d = add_slot(g, "d");
    g.blocks[0].statements.push_back(made(d, add_fact(g, false, "'d' comes from MPI_Comm_dup")));
    g.blocks[0].statements.back().uses = {low};
    g.blocks[1].statements = {copy(c, d)};
    g.blocks[2].statements = {constant(c, world)};
    CHECK(communicator_candidates(g, 0, 0).empty());
  }
}

TEST_CASE("what the function cannot follow gives no candidate", "[communicator_choice]") {
  ValueFlowFunction f = diamond({}, {constant(0, world)}, {}, 0);
  add_slot(f, "c");
  int p = add_slot(f, "comm", SlotScope::Parameter);
  SECTION("a path on which nothing is assigned (a parameter, an uninitialised local)") {
    CHECK(communicator_candidates(f, 0, 0).empty());
  }
  SECTION("a copy of a parameter") {
    f.blocks[2].statements = {copy(0, p)};
    CHECK(communicator_candidates(f, 0, 0).empty());
  }
  SECTION("a weak update (an array element)") {
    f.blocks[2].statements = {constant(0, self)};
    f.blocks[2].statements[0].strong = false;
    CHECK(communicator_candidates(f, 0, 0).empty());
  }
  SECTION("a call of the unit that may write it through a pointer") {
    f.blocks[2].statements = {constant(0, self)};
    ValueFlowStatement call;
    call.kind = Kind::Call;
    call.callee = 7;
    call.arguments.emplace_back();
    call.arguments.back().pointees = {0};
    f.blocks[2].statements.push_back(call);
    CHECK(communicator_candidates(f, 0, 0).empty());
  }
  SECTION("a local whose address escapes") {
    f.blocks[2].statements = {constant(0, self)};
    f.slots[0].escapes = 0;
    CHECK(communicator_candidates(f, 0, 0).empty());
  }
  SECTION("a computed value") {
    f.blocks[2].statements = {constant(0, self)};
    f.blocks[2].statements[0].uses = {p, p + 0};
    f.blocks[2].statements[0].constant_handle.clear();
    CHECK(communicator_candidates(f, 0, 0).empty());
  }
  SECTION("a constant handle passed directly is not a choice") {
    f.blocks[2].statements = {constant(0, self)};
    f.collectives[0].communicator_name = world;
    CHECK(communicator_candidates(f, 0, 0).empty());
  }
}

TEST_CASE("processes alone on their communicators never wait for each other",
          "[communicator_choice]") {
  // MPI_Comm_dup(MPI_COMM_SELF, &d); c = rank == 0 ? MPI_COMM_SELF : d;
  ValueFlowFunction f;
  int d = add_slot(f, "d"), c = add_slot(f, "c");
  int dup_fact = add_fact(f, false, "'d' comes from MPI_Comm_dup");
  ValueFlowFunction g =
      diamond({made(d, dup_fact, self)}, {constant(c, self)}, {copy(c, d)}, c);
  g.slots = f.slots;
  g.facts = f.facts;
  std::vector<std::string> candidates = communicator_candidates(g, 0, 0);
  REQUIRE(candidates.size() == 2);
  CHECK(is_self_candidate(candidates[0]));
  CHECK(is_self_candidate(candidates[1]));
  CHECK_FALSE(communicator_differs_by_rank(candidates, by_rank()));

  SECTION("MPI_COMM_SELF against MPI_COMM_WORLD is an error") {
    g.blocks[1].statements = {constant(c, world)};
    CHECK(communicator_differs_by_rank(communicator_candidates(g, 0, 0), by_rank()));
  }
  SECTION("Open MPI's spellings") {
    CHECK(names_comm_self("address of ompi_mpi_comm_self"));
    CHECK_FALSE(names_comm_self("address of ompi_mpi_comm_world"));
  }
}

TEST_CASE("a loop around the collective keeps one candidate", "[communicator_choice]") {
  // c = MPI_COMM_WORLD; for (...) MPI_Barrier(c);
  ValueFlowFunction f;
  add_slot(f, "c");
  f.blocks.resize(3);
  f.blocks[0].statements = {constant(0, world)};
  f.blocks[0].successors = {1};
  f.blocks[1].successors = {1, 2};
  ValueFlowCollective collective;
  collective.block = 1;
  collective.arguments = {{0}};
  f.collectives.push_back(collective);
  CHECK(communicator_candidates(f, 0, 0) ==
        std::vector<std::string>{"constant handle 1140850688"});
}

TEST_CASE("MPI_COMM_NULL holds no other process", "[communicator_choice]") {
  // c = rank == 0 ? MPI_COMM_SELF : MPI_COMM_NULL; if (c != MPI_COMM_NULL)
  // MPI_Barrier(c);  (the test is not seen by the backward search):
  // correct.
  ValueFlowFunction f =
      diamond({}, {constant(0, self)}, {constant(0, "handle 67108864")}, 0);
  add_slot(f, "c");
  std::vector<std::string> candidates = communicator_candidates(f, 0, 0);
  CHECK(candidates.size() == 2);
  CHECK_FALSE(communicator_differs_by_rank(candidates, by_rank()));
  SECTION("MPI_COMM_WORLD against MPI_COMM_NULL leaves members out") {
    f.blocks[1].statements = {constant(0, world)};
    CHECK(communicator_differs_by_rank(communicator_candidates(f, 0, 0), by_rank()));
  }
  CHECK(names_comm_null("address of ompi_mpi_comm_null"));
  CHECK_FALSE(names_comm_null(world));
}

TEST_CASE("a local holding one constant handle on every path names it",
          "[communicator_choice]") {
  // MPI_Comm comm = MPI_COMM_WORLD; ... MPI_Bcast(..., comm): the
  // argument matching judges the call as if it passed MPI_COMM_WORLD.
  ValueFlowFunction f = diamond({constant(0, world)}, {}, {}, 0);
  add_slot(f, "comm");
  CHECK(communicator_constant_name(f, 0, 0) == world);
  SECTION("the same constant assigned on both sides") {
    f.blocks[0].statements.clear();
    f.blocks[1].statements = {constant(0, world)};
    f.blocks[2].statements = {constant(0, world)};
    CHECK(communicator_constant_name(f, 0, 0) == world);
  }
  SECTION("two constants: no single name") {
    f.blocks[2].statements = {constant(0, self)};
    CHECK(communicator_constant_name(f, 0, 0).empty());
  }
  SECTION("a path without an assignment (a parameter): no name") {
    f.blocks[0].statements.clear();
    f.blocks[1].statements = {constant(0, world)};
    CHECK(communicator_constant_name(f, 0, 0).empty());
  }
  SECTION("a duplicate: no constant name") {
    int dup_fact = add_fact(f, false, "'comm' comes from MPI_Comm_dup at line 4");
    f.blocks[0].statements = {made(0, dup_fact, world)};
    CHECK(communicator_constant_name(f, 0, 0).empty());
  }
  SECTION("a constant passed directly keeps its name") {
    f.collectives[0].communicator_name = self;
    CHECK(communicator_constant_name(f, 0, 0) == self);
  }
  SECTION("an argument that is not there") {
    CHECK(communicator_constant_name(f, 0, 3).empty());
    CHECK(communicator_constant_name(f, 2, 0).empty());
  }
}
