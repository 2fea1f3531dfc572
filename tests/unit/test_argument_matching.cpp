// Static argument matching (argument_matching.h): the table's column of
// arguments MPI requires alike on every process, the decisions taken from
// the value flow's verdicts, and the value flow's verdicts on collective
// arguments themselves (ValueFlowCollective::arguments).  Expectations
// worked out by hand from the MPI 4.0 standard (chapter 6) and from the
// programs drawn in the comments.
#include <catch2/catch.hpp>

#include "argument_matching.h"
#include "mpi_knowledge.h"
#include "value_flow.h"

#include <string>
#include <vector>

using namespace parcoach;

namespace {

const MpiCollective &collective(const char *name) {
  const MpiCollective *found = find_collective(name, SourceLanguage::C);
  REQUIRE(found != nullptr);
  return *found;
}

// "root@3 count@1 datatype@2".
std::string matched(const char *name) {
  std::string text;
  for (const MatchedArgument &argument : arguments_to_match(collective(name)))
    text += std::string(text.empty() ? "" : " ") + argument.name + "@" +
            std::to_string(argument.position);
  return text;
}

ArgumentVerdict uniform() { return ArgumentVerdict(); }

ArgumentVerdict from_rank(const std::string &reason = "depends on MPI_Comm_rank at line 8") {
  ArgumentVerdict v;
  v.may_differ_between_processes = true;
  v.depends_on_rank = true;
  v.rank_communicator = "world";
  v.reason = reason;
  return v;
}

ArgumentVerdict unknown() {
  ArgumentVerdict v;
  v.may_differ_between_processes = true;
  v.reason = "depends on code the analysis cannot see";
  return v;
}

// "root: depends on ...; count: ...".
// On the communicator "world", the one the ranks of from_rank() are of.
// `in_place': the buffers of the call (by default, either may be
// MPI_IN_PLACE, as for a buffer the analysis cannot see).
std::string mismatches(const char *name, const std::vector<ArgumentVerdict> &verdicts,
                       const MatchingContext &context = MatchingContext(),
                       const std::string &communicator = "world",
                       const InPlaceBuffers &in_place = InPlaceBuffers()) {
  std::string text;
  for (const ArgumentMismatch &m :
       mismatched_arguments(collective(name), communicator, verdicts, context, in_place))
    text += std::string(text.empty() ? "" : "; ") + m.argument.name + ": " + m.reason;
  return text;
}

} // namespace

TEST_CASE("the arguments MPI requires alike, by collective", "[argument-matching]") {
  // MPI_Bcast(buffer, count, datatype, root, comm): the signature of
  // count x datatype is the root's everywhere.
  CHECK(matched("MPI_Bcast") == "root@3 count@1 datatype@2");
  CHECK(matched("MPI_Ibcast") == "root@3 count@1 datatype@2");
  // MPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm): "the
  // same arguments for count, datatype, op, root and comm".
  CHECK(matched("MPI_Reduce") == "root@5 op@4 count@2 datatype@3");
  CHECK(matched("MPI_Allreduce") == "op@4 count@2 datatype@3");
  CHECK(matched("MPI_Scan") == "op@4 count@2 datatype@3");
  CHECK(matched("MPI_Exscan") == "op@4 count@2 datatype@3");
  CHECK(matched("MPI_Reduce_scatter_block") == "op@4 count@2 datatype@3");
  // recvcounts is an array: the operation, and the datatype alone (the
  // v-variants' counts differ by process).
  CHECK(matched("MPI_Reduce_scatter") == "op@4 datatype@3");
  // Every process receives from each other the block that one sends: both
  // sides (the send side ignored under MPI_IN_PLACE).
  CHECK(matched("MPI_Allgather") == "sendcount@1 sendtype@2 recvcount@4 recvtype@5");
  CHECK(matched("MPI_Alltoall") == "sendcount@1 sendtype@2 recvcount@4 recvtype@5");
  // Rooted data movement: the root, and the side significant on every
  // process (the other is significant at the root only).
  CHECK(matched("MPI_Gather") == "root@6 sendcount@1 sendtype@2");
  CHECK(matched("MPI_Igather") == "root@6 sendcount@1 sendtype@2");
  CHECK(matched("MPI_Scatter") == "root@6 recvcount@4 recvtype@5");
  // v-variants: per-process counts are correct, so the datatype alone.
  // MPI_Gatherv (sendbuf, sendcount, sendtype, recvbuf, recvcounts,
  // displs, recvtype, root, comm).
  CHECK(matched("MPI_Gatherv") == "root@7 sendtype@2");
  // MPI_Scatterv (sendbuf, sendcounts, displs, sendtype, recvbuf,
  // recvcount, recvtype, root, comm).
  CHECK(matched("MPI_Scatterv") == "root@7 recvtype@6");
  CHECK(matched("MPI_Iscatterv") == "root@7 recvtype@6");
  // MPI_Allgatherv (sendbuf, sendcount, sendtype, recvbuf, recvcounts,
  // displs, recvtype, comm).
  CHECK(matched("MPI_Allgatherv") == "sendtype@2 recvtype@6");
  // MPI_Alltoallv (sendbuf, sendcounts, sdispls, sendtype, recvbuf,
  // recvcounts, rdispls, recvtype, comm).
  CHECK(matched("MPI_Alltoallv") == "sendtype@3 recvtype@7");
  CHECK(matched("MPI_Ialltoallv") == "sendtype@3 recvtype@7");
  // One datatype per process: nothing.
  CHECK(matched("MPI_Alltoallw").empty());
  CHECK(matched("MPI_Neighbor_alltoall").empty());
  CHECK(matched("MPI_Barrier").empty());
  // Communicator constructors: processes of different groups.
  CHECK(matched("MPI_Intercomm_create").empty());
  CHECK(matched("MPI_Comm_spawn").empty());
  // Fortran: the same positions.
  const MpiCollective *fortran = find_collective("mpi_reduce", SourceLanguage::Fortran);
  REQUIRE(fortran != nullptr);
  CHECK(arguments_to_match(*fortran).size() == 4);
}

TEST_CASE("a matched argument that depends on the rank is a mismatch", "[argument-matching]") {
  CHECK(mismatches("MPI_Bcast", {from_rank(), uniform(), uniform()}) ==
        "root: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Allreduce",
                   {from_rank("depends on the conditional at line 4, which depends on "
                              "MPI_Comm_rank at line 3"),
                    uniform(), uniform()}) ==
        "op: depends on the conditional at line 4, which depends on MPI_Comm_rank at line 3");
  CHECK(mismatches("MPI_Gatherv", {from_rank()}) == "root: depends on MPI_Comm_rank at line 8");
  // Uniform everywhere: nothing.
  CHECK(mismatches("MPI_Reduce", {uniform(), uniform(), uniform(), uniform()}).empty());
  // Missing verdicts count as uniform.
  CHECK(mismatches("MPI_Reduce", {}).empty());
}

TEST_CASE("a value the analysis cannot see is no mismatch", "[argument-matching]") {
  // A parameter of a function other files call, a pointer, a received
  // value: maybe the same everywhere, so silence.
  CHECK(mismatches("MPI_Bcast", {unknown(), unknown(), unknown()}).empty());
  CHECK(mismatches("MPI_Reduce", {uniform(), unknown(), uniform(), uniform()}).empty());
}

TEST_CASE("a count or a datatype is a mismatch only when the signature surely differs",
          "[argument-matching]") {
  // MPI_Bcast(buf, rank == 0 ? 2 : 1, MPI_INT, ...): one datatype, two counts.
  CHECK(mismatches("MPI_Bcast", {uniform(), from_rank(), uniform()}) ==
        "count: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Bcast", {uniform(), uniform(), from_rank()}) ==
        "datatype: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Allgather", {uniform(), uniform(), from_rank(), uniform()}) ==
        "recvcount: depends on MPI_Comm_rank at line 8");
  // Both differ: 2 MPI_INT on one process, 1 pair of ints on another is
  // one signature.
  CHECK(mismatches("MPI_Bcast", {uniform(), from_rank(), from_rank()}).empty());
  // The other half unknown: the same.
  CHECK(mismatches("MPI_Bcast", {uniform(), from_rank(), unknown()}).empty());
  // A unit that builds datatypes (or packs data): a datatype may stand
  // for several basic values, so counts may differ with one signature.
  MatchingContext builds;
  builds.saw_call("MPI_Type_contiguous");
  CHECK(mismatches("MPI_Bcast", {uniform(), from_rank(), uniform()}, builds).empty());
  CHECK(mismatches("MPI_Bcast", {uniform(), uniform(), from_rank()}, builds).empty());
  // The root still counts.
  CHECK(mismatches("MPI_Bcast", {from_rank(), uniform(), uniform()}, builds) ==
        "root: depends on MPI_Comm_rank at line 8");
}

TEST_CASE("only the rank in the collective's own communicator makes a certain difference",
          "[argument-matching]") {
  // MPI_Comm_split(world, rank % 2, ...) then a count per colour on the
  // half: the same within each half.  Or anything on MPI_COMM_SELF.
  CHECK(mismatches("MPI_Allreduce", {uniform(), from_rank(), uniform()}, MatchingContext(),
                   "half")
            .empty());
  // A communicator the adapter cannot name (a variable): nothing certain.
  CHECK(mismatches("MPI_Bcast", {from_rank(), uniform(), uniform()}, MatchingContext(), "")
            .empty());
  // A rank of a communicator the adapter cannot name.
  ArgumentVerdict unnamed = from_rank();
  unnamed.rank_communicator.clear();
  CHECK(mismatches("MPI_Bcast", {unnamed, uniform(), uniform()}).empty());
}

TEST_CASE("a unit making intercommunicators is left alone", "[argument-matching]") {
  // Intercommunicator collectives take MPI_ROOT / MPI_PROC_NULL as root
  // in the root group, chosen by rank.
  MatchingContext inter;
  inter.saw_call("mpi_intercomm_create_");
  CHECK(inter.makes_intercommunicators);
  CHECK(mismatches("MPI_Bcast", {from_rank(), uniform(), uniform()}, inter).empty());
}

TEST_CASE("which calls change what a difference means", "[argument-matching]") {
  auto builds = [](const char *callee) {
    MatchingContext context;
    context.saw_call(callee);
    return context.builds_datatypes;
  };
  CHECK(builds("MPI_Type_contiguous"));
  CHECK(builds("MPI_Type_create_struct"));
  CHECK(builds("mpi_type_vector_"));
  CHECK(builds("PMPI_Type_indexed"));
  CHECK(builds("MPI_Type_dup"));
  CHECK(builds("MPI_Pack"));
  CHECK(builds("mpi_unpack"));
  CHECK_FALSE(builds("MPI_Type_commit"));
  CHECK_FALSE(builds("MPI_Type_free"));
  CHECK_FALSE(builds("MPI_Type_size"));
  CHECK_FALSE(builds("MPI_Type_get_extent"));
  CHECK_FALSE(builds("MPI_Comm_rank"));
  CHECK_FALSE(builds("printf"));
  MatchingContext nothing;
  nothing.saw_call(nullptr);
  CHECK_FALSE(nothing.builds_datatypes);
  CHECK_FALSE(nothing.makes_intercommunicators);
  MatchingContext spawn;
  spawn.saw_call("MPI_Comm_spawn");
  CHECK(spawn.makes_intercommunicators);
  MatchingContext parent;
  parent.saw_call("MPI_Comm_get_parent");
  CHECK(parent.makes_intercommunicators);
}

// ------------------------------------------------------------ value flow

namespace {

ValueFlowSlot scalar(const std::string &name) {
  ValueFlowSlot s;
  s.name = name;
  s.scalar = true;
  return s;
}

ValueFlowStatement assign(int target, std::vector<int> uses, int fact = -1) {
  ValueFlowStatement s;
  s.target = target;
  s.uses = std::move(uses);
  s.fact = fact;
  return s;
}

ValueFlowFact rank_fact(int line) {
  ValueFlowFact f;
  f.differs_between_processes = f.differs_between_threads = true;
  f.is_rank = true;
  f.rank_communicator = "world";
  f.phrase = "depends on MPI_Comm_rank at line " + std::to_string(line);
  return f;
}

ValueFlowFact uniform_fact(const std::string &phrase) {
  ValueFlowFact f;
  f.phrase = phrase;
  return f;
}

// A collective in block `block' before statement `statement', asking
// about arguments computed from `arguments'.
ValueFlowCollective at(int block, int statement, std::vector<std::vector<int>> arguments) {
  ValueFlowCollective c;
  c.block = block;
  c.statement = statement;
  c.arguments = std::move(arguments);
  return c;
}

std::vector<std::vector<ArgumentVerdict>> solve(const ValueFlowFunction &f) {
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  solve_value_flow({f}, &arguments);
  REQUIRE(arguments.size() == 1);
  REQUIRE(arguments[0].size() == f.collectives.size());
  return arguments[0];
}

} // namespace

TEST_CASE("value flow: an argument computed from the rank depends on it", "[argument-matching]") {
  // rank = MPI_Comm_rank; root = rank; Bcast(root) [c0];
  // root = MPI_Bcast'ed; Bcast(root) [c1]; Bcast(7) [c2]
  ValueFlowFunction f;
  f.name = "main";
  f.entry_point = true;
  f.slots = {scalar("rank"), scalar("root")};
  f.facts = {rank_fact(8), uniform_fact("'root' is broadcast by MPI_Bcast at line 10")};
  f.blocks.emplace_back();
  f.blocks[0].statements = {assign(0, {}, 0), assign(1, {0}), assign(1, {}, 1)};
  f.collectives = {at(0, 2, {{1}}), at(0, 3, {{1}}), at(0, 3, {{}})};
  std::vector<std::vector<ArgumentVerdict>> v = solve(f);
  CHECK(v[0][0].may_differ_between_processes);
  CHECK(v[0][0].depends_on_rank);
  CHECK(v[0][0].rank_communicator == "world");
  CHECK(v[0][0].reason == "depends on MPI_Comm_rank at line 8");
  // Flow-sensitive: after the broadcast, the same everywhere.
  CHECK_FALSE(v[1][0].may_differ_between_processes);
  CHECK(v[1][0].reason == "'root' is broadcast by MPI_Bcast at line 10");
  // A constant.
  CHECK_FALSE(v[2][0].may_differ_between_processes);
}

TEST_CASE("value flow: an argument assigned under a rank test depends on the rank",
          "[argument-matching]") {
  // 0: rank = ...; op = SUM; if (rank) [line 4]  1: op = MAX  2: Allreduce(op) [c0],
  // 1 also calls Bcast(5) [c1]: a constant under the test is still uniform.
  ValueFlowFunction f;
  f.name = "main";
  f.entry_point = true;
  f.slots = {scalar("rank"), scalar("op")};
  f.facts = {rank_fact(3)};
  f.blocks.resize(3);
  f.blocks[0].statements = {assign(0, {}, 0), assign(1, {})};
  f.blocks[0].successors = {1, 2};
  f.blocks[0].condition = {0};
  f.blocks[0].branch = 0;
  f.blocks[0].line = 4;
  f.branch_count = 1;
  f.blocks[1].statements = {assign(1, {})};
  f.blocks[1].successors = {2};
  f.collectives = {at(2, 0, {{1}}), at(1, 0, {{}})};
  std::vector<std::vector<ArgumentVerdict>> v = solve(f);
  CHECK(v[0][0].may_differ_between_processes);
  CHECK(v[0][0].depends_on_rank);
  CHECK(v[0][0].reason ==
        "depends on the conditional at line 4, which depends on MPI_Comm_rank at line 3");
  CHECK(v[0][0].rank_communicator == "world");
  CHECK_FALSE(v[1][0].may_differ_between_processes);
}

TEST_CASE("value flow: other sources of difference are not the rank", "[argument-matching]") {
  // n = getenv-like source; Bcast(n) [c0]; a collective never reached [c1].
  ValueFlowFunction f;
  f.name = "main";
  f.entry_point = true;
  f.slots = {scalar("n")};
  ValueFlowFact source;
  source.differs_between_processes = source.differs_between_threads = true;
  source.phrase = "depends on getenv at line 5";
  f.facts = {source};
  f.blocks.resize(2); // block 1 has no predecessor
  f.blocks[0].statements = {assign(0, {}, 0)};
  f.collectives = {at(0, 1, {{0}}), at(1, 0, {{0}})};
  std::vector<std::vector<ArgumentVerdict>> v = solve(f);
  CHECK(v[0][0].may_differ_between_processes);
  CHECK_FALSE(v[0][0].depends_on_rank);
  CHECK(v[0][0].reason == "depends on getenv at line 5");
  CHECK_FALSE(v[1][0].may_differ_between_processes);
}

TEST_CASE("value flow: a parameter carries its callers' rank", "[argument-matching]") {
  // static void f(int root) { Bcast(root) }  main: f(rank) / g: f(0)
  ValueFlowFunction callee;
  callee.name = "f";
  callee.uid = 2;
  callee.callable_from_outside = false;
  ValueFlowSlot root = scalar("root");
  root.scope = SlotScope::Parameter;
  root.parameter = 0;
  callee.slots = {root};
  callee.blocks.emplace_back();
  callee.collectives = {at(0, 0, {{0}})};

  ValueFlowFunction caller;
  caller.name = "main";
  caller.uid = 1;
  caller.entry_point = true;
  caller.slots = {scalar("rank")};
  caller.facts = {rank_fact(12)};
  caller.blocks.emplace_back();
  ValueFlowStatement call;
  call.kind = ValueFlowStatement::Kind::Call;
  call.callee = 2;
  ValueFlowArgument argument;
  argument.uses = {0};
  call.arguments = {argument};
  caller.blocks[0].statements = {assign(0, {}, 0), call};

  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  solve_value_flow({caller, callee}, &arguments);
  REQUIRE(arguments.size() == 2);
  REQUIRE(arguments[1].size() == 1);
  CHECK(arguments[1][0][0].may_differ_between_processes);
  CHECK(arguments[1][0][0].depends_on_rank);
  CHECK(arguments[1][0][0].reason == "depends on MPI_Comm_rank at line 12");

  // Called with a constant only: uniform.
  caller.blocks[0].statements[1].arguments[0].uses.clear();
  solve_value_flow({caller, callee}, &arguments);
  CHECK_FALSE(arguments[1][0][0].may_differ_between_processes);
}

TEST_CASE("value flow: what only separates callers from non-callers is not a difference",
          "[argument-matching]") {
  // 0: rank = ...; if (rank < size) [line 27]  1: t = size; Allreduce(t) [c0]
  // t is tainted by the test, but every process reaching the call has
  // the same t: the test decides who calls, not what they pass.
  ValueFlowFunction f;
  f.name = "main";
  f.entry_point = true;
  f.slots = {scalar("rank"), scalar("size"), scalar("t")};
  f.facts = {rank_fact(25), uniform_fact("'size' is the size of MPI_COMM_WORLD")};
  f.blocks.resize(3);
  f.blocks[0].statements = {assign(0, {}, 0), assign(1, {}, 1)};
  f.blocks[0].successors = {1, 2};
  f.blocks[0].condition = {0, 1};
  f.blocks[0].branch = 0;
  f.blocks[0].line = 27;
  f.branch_count = 1;
  f.blocks[1].statements = {assign(2, {1})};
  f.blocks[1].successors = {2};
  // And after the join, t read again: assigned on some paths only, it does
  // differ there.
  f.collectives = {at(1, 1, {{2}}), at(2, 0, {{2}})};
  std::vector<std::vector<ArgumentVerdict>> v = solve(f);
  CHECK(v[0][0].may_differ_between_processes);
  CHECK_FALSE(v[0][0].depends_on_rank);
  CHECK(v[1][0].depends_on_rank);
}

TEST_CASE("value flow: a difference through a weak update is uncertain", "[argument-matching]") {
  // 0: rank; counts = 0; if (rank) [line 4]  1: counts[k] = 1 (weak)
  // 2: Bcast(count = counts) [c0]: the element written may not be the one read.
  ValueFlowFunction f;
  f.name = "main";
  f.entry_point = true;
  f.slots = {scalar("rank"), scalar("counts")};
  f.slots[1].scalar = false;
  f.facts = {rank_fact(3)};
  f.blocks.resize(3);
  f.blocks[0].statements = {assign(0, {}, 0), assign(1, {})};
  f.blocks[0].successors = {1, 2};
  f.blocks[0].condition = {0};
  f.blocks[0].branch = 0;
  f.blocks[0].line = 4;
  f.branch_count = 1;
  ValueFlowStatement weak = assign(1, {});
  weak.strong = false;
  f.blocks[1].statements = {weak};
  f.blocks[1].successors = {2};
  f.collectives = {at(2, 0, {{1}})};
  std::vector<std::vector<ArgumentVerdict>> v = solve(f);
  CHECK(v[0][0].may_differ_between_processes);
  CHECK_FALSE(v[0][0].depends_on_rank);
}

// ------------------------------------------------ gather, scatter, v-variants

namespace {

// The buffers of a call that are surely not MPI_IN_PLACE.
InPlaceBuffers no_buffer_in_place() {
  InPlaceBuffers b;
  b.send_may_be_in_place = b.recv_may_be_in_place = false;
  return b;
}

InPlaceBuffers send_may_be_in_place() {
  InPlaceBuffers b = no_buffer_in_place();
  b.send_may_be_in_place = true;
  return b;
}

InPlaceBuffers recv_may_be_in_place() {
  InPlaceBuffers b = no_buffer_in_place();
  b.recv_may_be_in_place = true;
  return b;
}

const MatchingContext basic; // no derived datatype, no pair type

} // namespace

TEST_CASE("MPI_Gather: every process's send signature is the root's receive one",
          "[argument-matching]") {
  // Verdicts: root, sendcount, sendtype.
  // MPI_Gather(x, rank == 0 ? 2 : 1, MPI_INT, y, 1, MPI_INT, 0, world): the
  // root receives 1 int from each, rank 0 sends 2 (MPI 4.0 6.5).
  CHECK(mismatches("MPI_Igather", {uniform(), from_rank(), uniform()}, basic, "world",
                   no_buffer_in_place()) == "sendcount: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Gather", {uniform(), uniform(), from_rank()}, basic, "world",
                   no_buffer_in_place()) == "sendtype: depends on MPI_Comm_rank at line 8");
  // recvcount and recvtype are significant at the root only: a value
  // computed from the rank there is correct, and never asked about.
  CHECK(mismatches("MPI_Gather", {uniform(), uniform(), uniform()}, basic, "world",
                   no_buffer_in_place())
            .empty());
  // MPI_IN_PLACE at the root: its sendcount and sendtype are ignored, so
  // MPI_Gather(rank == 0 ? MPI_IN_PLACE : x, rank == 0 ? 0 : 1, ...) is
  // correct; a buffer that may be MPI_IN_PLACE leaves the send side alone.
  CHECK(mismatches("MPI_Gather", {uniform(), from_rank(), uniform()}, basic, "world",
                   send_may_be_in_place())
            .empty());
  CHECK(mismatches("MPI_Gather", {uniform(), from_rank(), uniform()}).empty());
  // A receive buffer in place means nothing for the send side.
  CHECK(mismatches("MPI_Gather", {uniform(), from_rank(), uniform()}, basic, "world",
                   recv_may_be_in_place()) == "sendcount: depends on MPI_Comm_rank at line 8");
  // Both halves differ: 2 MPI_INT against 1 pair of ints may be one
  // signature.  Derived datatypes: the same.
  CHECK(mismatches("MPI_Gather", {uniform(), from_rank(), from_rank()}, basic, "world",
                   no_buffer_in_place())
            .empty());
  MatchingContext builds;
  builds.saw_call("MPI_Type_contiguous");
  CHECK(mismatches("MPI_Gather", {uniform(), from_rank(), uniform()}, builds, "world",
                   no_buffer_in_place())
            .empty());
  CHECK(mismatches("MPI_Gather", {uniform(), uniform(), from_rank()}, builds, "world",
                   no_buffer_in_place())
            .empty());
  // The rank of another communicator, an unknown value: nothing.
  CHECK(mismatches("MPI_Gather", {uniform(), from_rank(), uniform()}, basic, "half",
                   no_buffer_in_place())
            .empty());
  CHECK(mismatches("MPI_Gather", {uniform(), unknown(), uniform()}, basic, "world",
                   no_buffer_in_place())
            .empty());
}

TEST_CASE("MPI_Scatter: every process's receive signature is the root's send one",
          "[argument-matching]") {
  // Verdicts: root, recvcount, recvtype.
  CHECK(mismatches("MPI_Scatter", {uniform(), from_rank(), uniform()}, basic, "world",
                   no_buffer_in_place()) == "recvcount: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Iscatter", {uniform(), uniform(), from_rank()}, basic, "world",
                   no_buffer_in_place()) == "recvtype: depends on MPI_Comm_rank at line 8");
  // MPI_IN_PLACE as the root's recvbuf.
  CHECK(mismatches("MPI_Scatter", {uniform(), from_rank(), uniform()}, basic, "world",
                   recv_may_be_in_place())
            .empty());
  CHECK(mismatches("MPI_Scatter", {uniform(), from_rank(), uniform()}, basic, "world",
                   send_may_be_in_place()) == "recvcount: depends on MPI_Comm_rank at line 8");
}

TEST_CASE("MPI_Allgather and MPI_Alltoall: both sides alike, the send side unless in place",
          "[argument-matching]") {
  // Verdicts: sendcount, sendtype, recvcount, recvtype.
  CHECK(mismatches("MPI_Allgather", {from_rank(), uniform(), uniform(), uniform()}, basic,
                   "world", no_buffer_in_place()) ==
        "sendcount: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Alltoall", {uniform(), from_rank(), uniform(), uniform()}, basic,
                   "world", no_buffer_in_place()) ==
        "sendtype: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Allgather", {from_rank(), uniform(), uniform(), uniform()}, basic,
                   "world", send_may_be_in_place())
            .empty());
  // The receive side is never in place: matched whatever the send buffer.
  CHECK(mismatches("MPI_Alltoall", {uniform(), uniform(), from_rank(), uniform()}, basic,
                   "world", send_may_be_in_place()) ==
        "recvcount: depends on MPI_Comm_rank at line 8");
  // A count is paired with the datatype of its own side: the send side's
  // type differing does not hide the receive count.
  CHECK(mismatches("MPI_Allgather", {uniform(), from_rank(), from_rank(), uniform()}, basic,
                   "world", no_buffer_in_place()) ==
        "sendtype: depends on MPI_Comm_rank at line 8; "
        "recvcount: depends on MPI_Comm_rank at line 8");
}

TEST_CASE("v-variants: a datatype differing by rank where significant everywhere",
          "[argument-matching]") {
  // MPI_Gatherv(x, rank + 1, rank == 0 ? MPI_DOUBLE : MPI_INT, ...): n
  // doubles never match m ints but for n = m = 0.  Verdicts: root, sendtype.
  CHECK(mismatches("MPI_Gatherv", {uniform(), from_rank()}, basic, "world",
                   no_buffer_in_place()) == "sendtype: depends on MPI_Comm_rank at line 8");
  // Its send side is ignored at a root in place.
  CHECK(mismatches("MPI_Gatherv", {uniform(), from_rank()}, basic, "world",
                   send_may_be_in_place())
            .empty());
  // Verdicts: root, recvtype.
  CHECK(mismatches("MPI_Scatterv", {uniform(), from_rank()}, basic, "world",
                   no_buffer_in_place()) == "recvtype: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Scatterv", {uniform(), from_rank()}, basic, "world",
                   recv_may_be_in_place())
            .empty());
  // Verdicts: sendtype, recvtype; the receive side counts even when the
  // send side is in place.
  CHECK(mismatches("MPI_Allgatherv", {uniform(), from_rank()}, basic, "world",
                   send_may_be_in_place()) == "recvtype: depends on MPI_Comm_rank at line 8");
  CHECK(mismatches("MPI_Allgatherv", {from_rank(), uniform()}, basic, "world",
                   send_may_be_in_place())
            .empty());
  CHECK(mismatches("MPI_Alltoallv", {from_rank(), uniform()}, basic, "world",
                   no_buffer_in_place()) == "sendtype: depends on MPI_Comm_rank at line 8");
  // Verdicts: op, datatype: in place or not, the datatype is the same
  // everywhere.
  CHECK(mismatches("MPI_Reduce_scatter", {uniform(), from_rank()}) ==
        "datatype: depends on MPI_Comm_rank at line 8");
  // Derived datatypes: `rank % 2 ? pair : MPI_INT' with recvcounts in
  // pairs or ints is one signature (errbench correct_arguments_in_place_and_v.c).
  MatchingContext builds;
  builds.saw_call("MPI_Type_contiguous");
  CHECK(mismatches("MPI_Allgatherv", {uniform(), from_rank()}, builds, "world",
                   no_buffer_in_place())
            .empty());
  CHECK(mismatches("MPI_Reduce_scatter", {uniform(), from_rank()}, builds).empty());
  // A predefined pair type: 1 MPI_2INT matches 2 MPI_INT.
  MatchingContext pairs;
  pairs.saw_datatype(0x4c000816, nullptr); // MPICH's MPI_2INT
  CHECK(pairs.names_composite_datatypes);
  CHECK(mismatches("MPI_Gatherv", {uniform(), from_rank()}, pairs, "world",
                   no_buffer_in_place())
            .empty());
  // ... but a count and a datatype together still prove a difference.
  CHECK(mismatches("MPI_Gather", {uniform(), uniform(), from_rank()}, pairs, "world",
                   no_buffer_in_place()) == "sendtype: depends on MPI_Comm_rank at line 8");
  // Counts are arrays or per process: never matched.
  CHECK(mismatches("MPI_Gatherv", {uniform(), uniform()}, basic, "world", no_buffer_in_place())
            .empty());
  // Another communicator's rank, an unknown value: nothing.
  CHECK(mismatches("MPI_Alltoallv", {from_rank(), uniform()}, basic, "half",
                   no_buffer_in_place())
            .empty());
  CHECK(mismatches("MPI_Alltoallv", {unknown(), uniform()}, basic, "world",
                   no_buffer_in_place())
            .empty());
}

TEST_CASE("which datatype constants are not basic", "[argument-matching]") {
  auto composite = [](unsigned long long handle, const char *symbol) {
    MatchingContext context;
    context.saw_datatype(handle, symbol);
    return context.names_composite_datatypes;
  };
  // MPICH's handles (mpi.h).
  CHECK(composite(0x8c000000, nullptr)); // MPI_FLOAT_INT
  CHECK(composite(0x8c000004, nullptr)); // MPI_LONG_DOUBLE_INT
  CHECK(composite(0x4c00010f, nullptr)); // MPI_PACKED
  CHECK(composite(0x4c000820, nullptr)); // MPI_2INTEGER
  CHECK_FALSE(composite(0x4c000405, nullptr)); // MPI_INT
  CHECK_FALSE(composite(0x4c00080b, nullptr)); // MPI_DOUBLE
  CHECK_FALSE(composite(0x4c00010d, nullptr)); // MPI_BYTE
  CHECK_FALSE(composite(0, nullptr));
  // Open MPI's globals.
  CHECK(composite(0, "ompi_mpi_2int"));
  CHECK(composite(0, "ompi_mpi_packed"));
  CHECK(composite(0, "ompi_mpi_double_int"));
  CHECK_FALSE(composite(0, "ompi_mpi_int"));
  CHECK_FALSE(composite(0, "rank"));
}
