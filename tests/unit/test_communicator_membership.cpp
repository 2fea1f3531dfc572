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
