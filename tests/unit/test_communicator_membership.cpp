// Tests against MPI_COMM_NULL that only separate non-members of a
// collective's communicator (communicator_membership.h), on value-flow
// functions built by hand.  The expectations follow from the rule: the
// collective passes the tested variable, nothing writes it between the
// test and the collective.
#include <catch2/catch.hpp>

#include "communicator_membership.h"
#include "value_flow_records.h"

using namespace parcoach;
using value_flow_records::add_slot;

namespace {

using Kind = ValueFlowStatement::Kind;
using Op = ValueFlowComparison::Op;

ValueFlowStatement assign(int target, int copy_of = -1, int fact = -1) {
  ValueFlowStatement s;
  s.kind = Kind::Assign;
  s.target = target;
  s.copy_of = copy_of;
  if (copy_of >= 0)
    s.uses = {copy_of};
  s.fact = fact;
  return s;
}

ValueFlowComparison null_test(int slot, Op op) {
  ValueFlowComparison c;
  c.op = op;
  c.left.slot = slot;
  c.right.constant = 0x04000000;
  c.right.null_communicator = true;
  return c;
}

// void f() {
//   MPI_Comm_split(..., &sub);             // block 0
//   t = sub; if (t != MPI_COMM_NULL) {     // block 0, branch 0
//     MPI_Allreduce(..., sub);             // block 1, collective 0
//     MPI_Barrier(MPI_COMM_WORLD);         // block 1, collective 1
//     MPI_Comm_free(&sub);                 // writes sub
//   }
// }                                        // block 2
struct SplitProgram {
  ValueFlowFunction f;
  int sub, t;
  SplitProgram() {
    sub = add_slot(f, "sub");
    t = add_slot(f, "t", true);
    ValueFlowFact split;
    split.differs_between_processes = true;
    f.facts.push_back(split);
    f.blocks.resize(3);
    f.blocks[0].statements = {assign(sub, -1, 0), assign(t, sub)};
    f.blocks[0].successors = {1, 2};
    f.blocks[0].condition = {t};
    f.blocks[0].comparison = null_test(t, Op::NotEqual);
    f.blocks[0].branch = 0;
    f.blocks[1].statements = {assign(sub, sub)}; // MPI_Comm_free
    f.blocks[1].successors = {2};
    f.branch_count = 1;
    f.collectives = {{1, 0, sub}, {1, 0, -1}};
  }
};

} // namespace

TEST_CASE("a null test spares collectives on the tested communicator only",
          "[communicator_membership]") {
  SplitProgram p;
  CHECK(separates_only_nonmembers(p.f, 0, 0));
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 1)); // MPI_COMM_WORLD
  CHECK_FALSE(separates_only_nonmembers(p.f, 1, 0)); // no such branch
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 2)); // no such collective
}

TEST_CASE("a null test does not count for a collective after the variable is written",
          "[communicator_membership]") {
  SplitProgram p;
  // MPI_Comm_free(&sub); MPI_Allreduce(..., sub): the collective sees
  // another value than the test did.
  p.f.collectives[0].statement = 1;
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 0));
  // A write on a block between the test and the collective.
  SplitProgram q;
  q.f.blocks.resize(4);
  q.f.blocks[0].successors = {3, 2};
  q.f.blocks[3].statements = {assign(q.sub)};
  q.f.blocks[3].successors = {1};
  CHECK_FALSE(separates_only_nonmembers(q.f, 0, 0));
  // Its address reaches unseen code.
  SplitProgram r;
  r.f.slots[r.sub].escapes = 0;
  CHECK_FALSE(separates_only_nonmembers(r.f, 0, 0));
}

TEST_CASE("a null test in a loop with the collective before it does not count",
          "[communicator_membership]") {
  SplitProgram p;
  // The collective in the test's own block (it runs before the test).
  p.f.collectives[0].block = 0;
  p.f.collectives[0].statement = 2;
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 0));
  // A loop back from the collective's block to the test, through the
  // MPI_Comm_free that writes sub.
  SplitProgram q;
  q.f.blocks[1].successors = {0};
  CHECK_FALSE(separates_only_nonmembers(q.f, 0, 0));
}

// A Fortran module variable (a global other files may write), e.g.
// `if (leaders_comm /= MPI_COMM_NULL) call MPI_Allreduce(..., leaders_comm)':
// outside parallel regions only calls can change it, and none runs between
// the test and the collective.
TEST_CASE("a null test of a variable other files may write counts outside parallel regions",
          "[communicator_membership]") {
  SplitProgram p;
  p.f.slots[p.sub].scope = SlotScope::Global;
  p.f.slots[p.sub].global = 7;
  p.f.slots[p.sub].visibility = GlobalVisibility::Public;
  CHECK(separates_only_nonmembers(p.f, 0, 0));
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 1)); // MPI_COMM_WORLD
  // A call between the test and the collective may store to it.
  SplitProgram q = p;
  ValueFlowStatement call;
  call.kind = Kind::Call;
  q.f.blocks[1].statements.insert(q.f.blocks[1].statements.begin(), call);
  q.f.collectives[0].statement = 1;
  CHECK_FALSE(separates_only_nonmembers(q.f, 0, 0));
  // In a parallel region another thread may store to it at any time.
  SplitProgram r = p;
  r.f.blocks[1].in_parallel_region = true;
  CHECK_FALSE(separates_only_nonmembers(r.f, 0, 0));
}

TEST_CASE("a boolean holding only null tests of the same communicator counts",
          "[communicator_membership]") {
  // active = (t != MPI_COMM_NULL); if (active == 0) goto end;
  SplitProgram p;
  int active = add_slot(p.f, "active");
  ValueFlowStatement test = assign(active);
  test.uses = {p.t};
  test.comparison = null_test(p.t, Op::NotEqual);
  p.f.blocks[0].statements.push_back(test);
  p.f.blocks[0].successors = {2, 1};
  p.f.blocks[0].condition = {active};
  p.f.blocks[0].comparison = ValueFlowComparison();
  p.f.blocks[0].comparison.op = Op::Equal;
  p.f.blocks[0].comparison.left.slot = active;
  CHECK(separates_only_nonmembers(p.f, 0, 0));
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 1));
  // Another assignment of the boolean (`active = rank < 2'): it no longer
  // separates non-members only.
  p.f.blocks[1].statements.insert(p.f.blocks[1].statements.begin(), assign(active));
  CHECK_FALSE(separates_only_nonmembers(p.f, 0, 0));
}

namespace {

// void f() {
//   if (rank == 0) tmp = CHOSEN; else tmp = MPI_COMM_NULL;   // blocks 0-2
//   c = tmp; if (c != MPI_COMM_NULL)                          // block 3, branch 1
//     MPI_Barrier(c);                                         // block 4
// }                                                           // block 5
struct ChosenProgram {
  ValueFlowFunction f;
  int rank, tmp, c;
  explicit ChosenProgram(const std::string &chosen) {
    rank = add_slot(f, "rank");
    tmp = add_slot(f, "tmp");
    c = add_slot(f, "c");
    ValueFlowFact r;
    r.differs_between_processes = true;
    f.facts.push_back(r);
    f.blocks.resize(6);
    f.blocks[0].statements = {assign(rank, -1, 0)};
    f.blocks[0].successors = {1, 2};
    f.blocks[0].condition = {rank};
    f.blocks[0].branch = 0;
    ValueFlowStatement one = assign(tmp), other = assign(tmp);
    one.constant_handle = chosen;
    other.constant_handle = "handle 67108864";
    f.blocks[1].statements = {one};
    f.blocks[1].successors = {3};
    f.blocks[2].statements = {other};
    f.blocks[2].successors = {3};
    f.blocks[3].statements = {assign(c, tmp)};
    f.blocks[3].successors = {4, 5};
    f.blocks[3].condition = {c};
    f.blocks[3].comparison = null_test(c, Op::NotEqual);
    f.blocks[3].branch = 1;
    f.blocks[4].successors = {5};
    f.branch_count = 2;
    f.collectives = {{4, 0, c}};
  }
};

} // namespace

TEST_CASE("a null test of a handle chosen between MPI_COMM_SELF and MPI_COMM_NULL counts",
          "[communicator_membership]") {
  ChosenProgram self("handle 1140850689");
  CHECK(separates_only_nonmembers(self.f, 1, 0));
  ChosenProgram open_mpi_self("address of ompi_mpi_comm_self");
  open_mpi_self.f.blocks[2].statements[0].constant_handle = "address of ompi_mpi_comm_null";
  CHECK(separates_only_nonmembers(open_mpi_self.f, 1, 0));
  // The rank test itself still separates processes.
  CHECK_FALSE(separates_only_nonmembers(self.f, 0, 0));
}

TEST_CASE("a null test of a handle the program sets to MPI_COMM_NULL on some members does not count",
          "[communicator_membership]") {
  // c = rank == 0 ? MPI_COMM_WORLD : MPI_COMM_NULL: the others are members
  // of MPI_COMM_WORLD too, and skip the barrier.
  ChosenProgram world("handle 1140850688");
  CHECK_FALSE(separates_only_nonmembers(world.f, 1, 0));
  // A handle the function cannot follow (a parameter's) against the
  // program's own MPI_COMM_NULL.
  ChosenProgram unknown("");
  int parameter = add_slot(unknown.f, "comm");
  unknown.f.slots[parameter].scope = SlotScope::Parameter;
  unknown.f.slots[parameter].parameter = 0;
  unknown.f.blocks[1].statements[0] = assign(unknown.tmp, parameter);
  CHECK_FALSE(separates_only_nonmembers(unknown.f, 1, 0));
}

TEST_CASE("an MPI_COMM_NULL the program stores before MPI's own output is overwritten",
          "[communicator_membership]") {
  // MPI_Comm sub = MPI_COMM_NULL; MPI_Comm_split(..., &sub); t = sub;
  // if (t != MPI_COMM_NULL) MPI_Allreduce(..., sub): the split overwrites
  // the program's MPI_COMM_NULL on every path.
  SplitProgram p;
  ValueFlowStatement initial = assign(p.sub);
  initial.constant_handle = "handle 67108864";
  auto &statements = p.f.blocks[0].statements;
  statements.insert(statements.begin(), initial);
  CHECK(separates_only_nonmembers(p.f, 0, 0));
}

namespace {

// A communicator made in another function and held in a variable of the
// caller (a field `d.cart', a module variable):
//
//   void keep(MPI_Comm *c) { }        // reads it only        uid 11
//   void remake(MPI_Comm *c) { MPI_Comm_dup(..., c); }       // uid 12
//   main:
//     cart = d.cart; other = d.other; (set by another function) block 0
//     do {                                                   // block 1
//       t = cart; MPI_Allreduce(&local, &err, ..., t);       // collective 0
//       MPI_Barrier(MPI_COMM_WORLD);                         // collective 1
//       t2 = other; MPI_Barrier(t2);                         // collective 2
//     } while (err > 0);                                     // branch 0
struct HeldCommunicatorProgram {
  std::vector<ValueFlowFunction> unit;
  int cart, other, t, t2, err;
  static const unsigned keep_uid = 11, remake_uid = 12;

  static ValueFlowFunction callee(const char *name, unsigned uid, bool writes) {
    ValueFlowFunction f;
    f.name = name;
    f.uid = uid;
    f.callable_from_outside = false;
    int target = add_slot(f, "*c");
    f.slots[target].scope = SlotScope::ParameterTarget;
    f.slots[target].parameter = 0;
    f.blocks.resize(1);
    if (writes) {
      ValueFlowFact made;
      made.differs_between_processes = true;
      f.facts.push_back(made);
      f.blocks[0].statements = {assign(target, -1, 0)};
    }
    return f;
  }

  static ValueFlowStatement call_with(unsigned uid, int pointee) {
    ValueFlowStatement s = value_flow_records::call(uid, -1);
    ValueFlowArgument address;
    address.pointees = {pointee};
    address.exact = true;
    s.arguments = {address};
    return s;
  }

  HeldCommunicatorProgram() {
    unit = {callee("keep", keep_uid, false), callee("remake", remake_uid, true)};
    ValueFlowFunction f;
    f.name = "main";
    f.uid = 1;
    f.entry_point = true;
    cart = add_slot(f, "cart");
    other = add_slot(f, "other");
    t = add_slot(f, "t", true);
    t2 = add_slot(f, "t2", true);
    err = add_slot(f, "err");
    ValueFlowFact reduced; // the same wherever the communicator is
    f.facts.push_back(reduced);
    ValueFlowFact made; // what make() left: MPI_COMM_NULL outside the grid
    made.differs_between_processes = true;
    f.facts.push_back(made);
    f.blocks.resize(3);
    f.blocks[0].statements = {assign(cart, -1, 1), assign(other, -1, 1)};
    f.blocks[0].successors = {1};
    f.blocks[1].statements = {assign(t, cart), value_flow_records::assign(err, {t}, 0),
                              assign(t2, other)};
    f.blocks[1].successors = {1, 2};
    f.blocks[1].condition = {err};
    f.blocks[1].comparison.op = Op::Greater;
    f.blocks[1].comparison.left.slot = err;
    f.blocks[1].branch = 0;
    f.branch_count = 1;
    ValueFlowCollective world;
    world.block = 1;
    world.statement = 2;
    world.communicator_name = "handle 1140850688";
    f.collectives = {{1, 1, cart}, world, {1, 3, other}};
    unit.push_back(f);
  }
  ValueFlowFunction &main() { return unit.back(); }
  int main_index() const { return (int)unit.size() - 1; }
  bool exit_differs_among_members(int collective) const {
    return verdicts_among_members(unit, main_index(), {}, collective)[0]
        .may_differ_between_processes;
  }
};

} // namespace

TEST_CASE("a value reduced on a communicator made in another function is the same on its "
          "members for collectives on the same variable",
          "[membership]") {
  HeldCommunicatorProgram p;
  // Across the world the handle differs, and so does what is reduced on it.
  CHECK(solve_value_flow(p.unit)[p.main_index()][0].may_differ_between_processes);
  REQUIRE(members_share_results(p.unit, p.main_index(), 0));
  CHECK_FALSE(p.exit_differs_among_members(0));
  // A call that only reads the variable leaves it the same communicator.
  HeldCommunicatorProgram read;
  read.main().blocks[1].statements.insert(read.main().blocks[1].statements.begin(),
                                          HeldCommunicatorProgram::call_with(
                                              HeldCommunicatorProgram::keep_uid, read.cart));
  for (ValueFlowCollective &c : read.main().collectives)
    ++c.statement;
  CHECK_FALSE(read.exit_differs_among_members(0));
}

TEST_CASE("a value reduced on a held communicator still differs for collectives on another one",
          "[membership]") {
  HeldCommunicatorProgram p;
  // MPI_Barrier(MPI_COMM_WORLD): every process, members or not.
  CHECK_FALSE(members_share_results(p.unit, p.main_index(), 1));
  CHECK(p.exit_differs_among_members(1));
  // MPI_Barrier(other): another variable, maybe another communicator.
  CHECK_FALSE(members_share_results(p.unit, p.main_index(), 2));
  CHECK(p.exit_differs_among_members(2));
}

TEST_CASE("a value reduced on a held communicator that may change before the collective differs",
          "[membership]") {
  // remake(&cart) in the loop: the next reduction may be on another
  // communicator than the last one.
  HeldCommunicatorProgram p;
  p.main().blocks[1].statements.push_back(
      HeldCommunicatorProgram::call_with(HeldCommunicatorProgram::remake_uid, p.cart));
  CHECK_FALSE(members_share_results(p.unit, p.main_index(), 0));
  CHECK(p.exit_differs_among_members(0));
  // Assigned in the function itself.
  HeldCommunicatorProgram assigned;
  assigned.main().blocks[1].statements.push_back(assign(assigned.cart, assigned.other));
  CHECK(assigned.exit_differs_among_members(0));
  // A global a call of code the unit does not see may write.
  HeldCommunicatorProgram global;
  global.main().slots[global.cart].scope = SlotScope::Global;
  global.main().slots[global.cart].global = 77;
  global.main().slots[global.cart].visibility = GlobalVisibility::Public;
  CHECK_FALSE(global.exit_differs_among_members(0)); // no such call
  global.main().blocks[1].statements.push_back(value_flow_records::call(0, -1));
  CHECK(global.exit_differs_among_members(0));
}

TEST_CASE("a loop exit on more than the reduced value still differs among members",
          "[membership]") {
  // err = err + rank after the reduction.
  HeldCommunicatorProgram p;
  ValueFlowFunction &f = p.main();
  int rank = add_slot(f, "rank");
  ValueFlowFact differs;
  differs.differs_between_processes = true;
  f.facts.push_back(differs);
  f.blocks[0].statements.push_back(assign(rank, -1, (int)f.facts.size() - 1));
  f.blocks[1].statements.push_back(value_flow_records::assign(p.err, {p.err, rank}));
  CHECK(p.exit_differs_among_members(0));
}

TEST_CASE("a collective on MPI_COMM_SELF leaves no member out, whatever the test",
          "[communicator_membership]") {
  SplitProgram p;
  CHECK_FALSE(holds_calling_process_alone(p.f, 0)); // a split's communicator
  CHECK_FALSE(holds_calling_process_alone(p.f, 1)); // unnamed
  p.f.collectives[1].communicator_name = "handle 1140850689"; // MPICH's MPI_COMM_SELF
  CHECK(holds_calling_process_alone(p.f, 1));
  p.f.collectives[1].communicator_name = "address of ompi_mpi_comm_self"; // Open MPI's
  CHECK(holds_calling_process_alone(p.f, 1));
  p.f.collectives[1].communicator_name = "handle 1140850688"; // MPI_COMM_WORLD
  CHECK_FALSE(holds_calling_process_alone(p.f, 1));
  CHECK_FALSE(holds_calling_process_alone(p.f, 2)); // no such collective
}

TEST_CASE("the size of a parameter communicator is the same on its members",
          "[communicator_membership]") {
  // void work(MPI_Comm comm) {              // comm: parameter 0 (s0)
  //   MPI_Comm_size(comm, &n);              // block 0: n from comm alone
  //   if (n > 1)                            // branch 0
  //     MPI_Allreduce(..., comm);           // block 1, collective 0
  // }                                       // block 2
  // Called with communicators of MPI_Comm_split, n differs between
  // processes, but not between the members of comm.
  ValueFlowFunction f;
  int comm = add_slot(f, "comm");
  f.slots[comm].scope = SlotScope::Parameter;
  f.slots[comm].parameter = 0;
  int n = add_slot(f, "n");
  ValueFlowFact size;
  f.facts.push_back(size);
  ValueFlowStatement query = assign(n, -1, 0);
  query.uses = {comm};
  f.blocks.resize(3);
  f.blocks[0].statements = {query};
  f.blocks[0].successors = {1, 2};
  f.blocks[0].condition = {n};
  f.blocks[0].branch = 0;
  f.blocks[1].successors = {2};
  f.branch_count = 1;
  f.collectives = {{1, 0, comm}};
  std::vector<ValueFlowFunction> unit{f};
  CHECK(members_share_results(unit, 0, 0));
  SECTION("not when the function writes the parameter between") {
    unit[0].blocks[1].statements = {assign(comm, -1, 0)};
    unit[0].collectives[0].statement = 1;
    CHECK_FALSE(members_share_results(unit, 0, 0));
  }
}
