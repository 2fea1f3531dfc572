// The MPI table: spellings, argument positions checked against the MPI 4.0
// C bindings, colours.
#include <catch2/catch.hpp>

#include "mpi_knowledge.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

using namespace parcoach;

TEST_CASE("every collective has a Fortran spelling: the C name in lower case", "[mpi-table]") {
  for (const MpiCollective *c = collectives_begin(); c != collectives_end(); ++c) {
    std::string lower = c->c_name;
    for (char &ch : lower)
      ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    CHECK(lower == c->fortran_name);
  }
}

TEST_CASE("names are unique and colours are positions plus one", "[mpi-table]") {
  std::set<std::string> names;
  int expected_colour = 1;
  for (const MpiCollective *c = collectives_begin(); c != collectives_end(); ++c) {
    CHECK(names.insert(c->c_name).second);
    CHECK(c->colour == expected_colour);
    CHECK(collective_by_colour(c->colour) == c);
    ++expected_colour;
  }
  CHECK(collective_by_colour(0) == nullptr);
  CHECK(collective_by_colour(static_cast<int>(collective_count()) + 1) == nullptr);
}

TEST_CASE("lookups follow the language's spelling", "[mpi-table]") {
  const MpiCollective *barrier = find_collective("MPI_Barrier", SourceLanguage::C);
  REQUIRE(barrier != nullptr);
  CHECK(find_collective("mpi_barrier", SourceLanguage::Fortran) == barrier);
  CHECK(find_collective("mpi_barrier", SourceLanguage::C) == nullptr);
  CHECK(find_collective("MPI_Barrier", SourceLanguage::Fortran) == nullptr);
  CHECK(find_collective("MPI_Send", SourceLanguage::C) == nullptr);
  CHECK(find_collective(nullptr, SourceLanguage::C) == nullptr);
}

TEST_CASE("blocking and nonblocking collectives are different collectives", "[mpi-table]") {
  const MpiCollective *barrier = find_collective("MPI_Barrier", SourceLanguage::C);
  const MpiCollective *ibarrier = find_collective("MPI_Ibarrier", SourceLanguage::C);
  REQUIRE(barrier);
  REQUIRE(ibarrier);
  CHECK(barrier->colour != ibarrier->colour);
  CHECK(barrier->family == CollectiveFamily::Blocking);
  CHECK(ibarrier->family == CollectiveFamily::Nonblocking);
}

// Positions of the communicator (or window/file) argument, read off the
// MPI 4.0 C bindings by hand.
TEST_CASE("handle argument positions match the MPI 4.0 bindings", "[mpi-table]") {
  struct Expected {
    const char *name;
    int arg;
    HandleKind kind;
  };
  const Expected expected[] = {
      {"MPI_Barrier", 0, HandleKind::Comm},        // (comm)
      {"MPI_Bcast", 4, HandleKind::Comm},          // (buf, count, type, root, comm)
      {"MPI_Reduce", 6, HandleKind::Comm},         // (s, r, count, type, op, root, comm)
      {"MPI_Allreduce", 5, HandleKind::Comm},      // (s, r, count, type, op, comm)
      {"MPI_Gatherv", 8, HandleKind::Comm},        // (s, sc, st, r, rcs, displs, rt, root, comm)
      {"MPI_Alltoallw", 8, HandleKind::Comm},      // (s, scs, sd, sts, r, rcs, rd, rts, comm)
      {"MPI_Iallreduce", 5, HandleKind::Comm},     // (..., comm, request)
      {"MPI_Bcast_init", 4, HandleKind::Comm},     // (buf, count, type, root, comm, info, req)
      {"MPI_Neighbor_alltoallv", 8, HandleKind::Comm},
      {"MPI_Comm_split", 0, HandleKind::Comm},     // (comm, color, key, newcomm)
      {"MPI_Comm_free", 0, HandleKind::CommPtr},   // (MPI_Comm *comm)
      {"MPI_Comm_spawn", 5, HandleKind::Comm},     // (cmd, argv, maxprocs, info, root, comm, ...)
      {"MPI_Win_create", 4, HandleKind::Comm},     // (base, size, disp_unit, info, comm, win)
      {"MPI_Win_allocate", 3, HandleKind::Comm},   // (size, disp_unit, info, comm, baseptr, win)
      {"MPI_Win_fence", 1, HandleKind::Win},       // (assert, win)
      {"MPI_Win_free", 0, HandleKind::WinPtr},     // (MPI_Win *win)
      {"MPI_File_open", 0, HandleKind::Comm},      // (comm, filename, amode, info, fh)
      {"MPI_File_close", 0, HandleKind::FilePtr},  // (MPI_File *fh)
      {"MPI_File_write_all", 0, HandleKind::File}, // (fh, buf, count, type, status)
      {"MPI_Finalize", -1, HandleKind::World},
  };
  for (const Expected &e : expected) {
    INFO(e.name);
    const MpiCollective *c = find_collective(e.name, SourceLanguage::C);
    REQUIRE(c != nullptr);
    CHECK(c->handle_arg == e.arg);
    CHECK(c->handle_kind == e.kind);
  }
}

TEST_CASE("job-ending calls and thread selections are recognised", "[mpi-table]") {
  CHECK(terminates_job("MPI_Abort"));
  CHECK(terminates_job("mpi_abort"));
  CHECK(terminates_job("abort"));
  CHECK(terminates_job("_gfortran_error_stop_string"));
  CHECK_FALSE(terminates_job("exit"));
  CHECK_FALSE(terminates_job("_gfortran_stop_string")); // STOP: one process leaves
  CHECK_FALSE(terminates_job(nullptr));
  CHECK(selects_threads("__builtin_GOMP_single_start"));
  CHECK(selects_threads("__builtin_omp_get_thread_num"));
  CHECK_FALSE(selects_threads("MPI_Comm_rank"));
}

// Positions of the compared arguments, read off the MPI 4.0 C bindings by
// hand (the Fortran bindings have the same order).
TEST_CASE("compared argument positions match the MPI 4.0 bindings", "[mpi-table]") {
  const int none = -1;
  struct Expected {
    const char *name;
    int root, op;
    DataArguments send, recv;
  };
  const SizeCompared no = SizeCompared::Nowhere, every = SizeCompared::Every,
                     at_root = SizeCompared::Root, total = SizeCompared::Total,
                     peer = SizeCompared::Peer, peers = SizeCompared::Peers;
  const DataArguments nothing{none, none, none, no};
  const Expected expected[] = {
      // (buffer, count, datatype, root, comm)
      {"MPI_Bcast", 3, none, {none, 1, 2, every}, nothing},
      {"MPI_Ibcast", 3, none, {none, 1, 2, every}, nothing},
      {"MPI_Bcast_init", 3, none, {none, 1, 2, every}, nothing},
      // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm):
      // the receive side only at the root
      {"MPI_Gather", 6, none, {0, 1, 2, every}, {3, 4, 5, at_root}},
      {"MPI_Igather", 6, none, {0, 1, 2, every}, {3, 4, 5, at_root}},
      // same positions; the send side only at the root
      {"MPI_Scatter", 6, none, {0, 1, 2, at_root}, {3, 4, 5, every}},
      {"MPI_Scatter_init", 6, none, {0, 1, 2, at_root}, {3, 4, 5, every}},
      // v variants: per-process counts, compared pair by pair: one block
      // (peer) against the partner's entry of an array (peers)
      {"MPI_Gatherv", 7, none, {0, 1, 2, peer}, {3, 4, 6, peers}}, // (s, sc, st, r, rcs, displs, rt, root, comm)
      {"MPI_Scatterv", 7, none, {0, 1, 3, peers}, {4, 5, 6, peer}}, // (s, scs, displs, st, r, rc, rt, root, comm)
      {"MPI_Iscatterv", 7, none, {0, 1, 3, peers}, {4, 5, 6, peer}},
      // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
      {"MPI_Allgather", none, none, {0, 1, 2, every}, {3, 4, 5, every}},
      {"MPI_Alltoall", none, none, {0, 1, 2, every}, {3, 4, 5, every}},
      {"MPI_Ialltoall", none, none, {0, 1, 2, every}, {3, 4, 5, every}},
      // (s, sc, st, recvbuf, recvcounts, displs, recvtype, comm): each
      // block against every receiver's entry
      {"MPI_Allgatherv", none, none, {0, 1, 2, peer}, {none, 4, 6, peers}},
      // (s, scs, sdispls, st, r, rcs, rdispls, rt, comm): pair by pair
      {"MPI_Alltoallv", none, none, {0, 1, 3, peers}, {4, 5, 7, peers}},
      {"MPI_Alltoallw", none, none, nothing, nothing},
      // (sendbuf, recvbuf, count, datatype, op, root, comm)
      {"MPI_Reduce", 5, 4, {none, 2, 3, every}, nothing},
      {"MPI_Ireduce", 5, 4, {none, 2, 3, every}, nothing},
      // (sendbuf, recvbuf, count, datatype, op, comm): sendbuf read for
      // MPI_IN_PLACE, required on all processes or none (MPI 4.0 6.9.6,
      // 6.10), not for the scans (6.11: no such requirement)
      {"MPI_Allreduce", none, 4, {0, 2, 3, every}, nothing},
      {"MPI_Allreduce_init", none, 4, {0, 2, 3, every}, nothing},
      {"MPI_Reduce_scatter_block", none, 4, {0, 2, 3, every}, nothing},
      {"MPI_Scan", none, 4, {none, 2, 3, every}, nothing},
      {"MPI_Iexscan", none, 4, {none, 2, 3, every}, nothing},
      // (sendbuf, recvbuf, recvcounts, datatype, op, comm): the total; no
      // MPI_IN_PLACE requirement (6.10.2: not needed on every process)
      {"MPI_Reduce_scatter", none, 4, {none, 2, 3, total}, nothing},
      {"MPI_Intercomm_create", 1, none, nothing, nothing}, // (local_comm, local_leader, ...)
      {"MPI_Comm_accept", 2, none, nothing, nothing},      // (port, info, root, comm, newcomm)
      {"MPI_Comm_spawn", 4, none, nothing, nothing},       // (cmd, argv, maxprocs, info, root, ...)
      {"MPI_Comm_spawn_multiple", 5, none, nothing, nothing},
      {"MPI_Barrier", none, none, nothing, nothing},
      {"MPI_Neighbor_allgather", none, none, nothing, nothing},
      {"MPI_Win_fence", none, none, nothing, nothing},
      {"MPI_File_write_all", none, none, nothing, nothing},
      {"MPI_Finalize", none, none, nothing, nothing},
  };
  auto same = [](const DataArguments &a, const DataArguments &b) {
    return a.buffer == b.buffer && a.count == b.count && a.datatype == b.datatype &&
           a.compared == b.compared;
  };
  for (const Expected &e : expected) {
    INFO(e.name);
    const MpiCollective *c = find_collective(e.name, SourceLanguage::C);
    REQUIRE(c != nullptr);
    REQUIRE(c->arguments != nullptr);
    CHECK(c->arguments->root == e.root);
    CHECK(c->arguments->op == e.op);
    CHECK(same(c->arguments->send, e.send));
    CHECK(same(c->arguments->recv, e.recv));
    bool anything = e.root >= 0 || e.op >= 0 || e.send.compared != no || e.recv.compared != no;
    CHECK(c->arguments->compares_anything() == anything);
  }
}

TEST_CASE("compared arguments are consistent with each entry", "[mpi-table]") {
  for (const MpiCollective *c = collectives_begin(); c != collectives_end(); ++c) {
    INFO(c->c_name);
    REQUIRE(c->arguments != nullptr);
    const CollectiveArguments &a = *c->arguments;
    // Only collectives on a communicator argument compare anything: the
    // runtime's argument checks take a communicator.
    if (a.compares_anything())
      CHECK(c->handle_kind == HandleKind::Comm);
    // Every position is distinct and not the communicator's.
    std::set<int> positions{c->handle_arg};
    for (int p : {a.root, a.op, a.send.buffer, a.send.count, a.send.datatype, a.recv.buffer,
                  a.recv.count, a.recv.datatype})
      if (p >= 0) {
        CHECK(positions.insert(p).second);
      }
    // A compared side has a count and a datatype; a side only significant
    // at the root needs a root.
    for (const DataArguments *side : {&a.send, &a.recv}) {
      if (side->compared != SizeCompared::Nowhere) {
        CHECK(side->count >= 0);
        CHECK(side->datatype >= 0);
      }
      if (side->compared == SizeCompared::Root)
        CHECK(a.root >= 0);
    }
    // Pairs are made of a block and an array, or of two arrays.
    bool pairs = a.send.compared == SizeCompared::Peer || a.send.compared == SizeCompared::Peers ||
                 a.recv.compared == SizeCompared::Peer || a.recv.compared == SizeCompared::Peers;
    if (pairs) {
      CHECK((a.send.compared == SizeCompared::Peers || a.recv.compared == SizeCompared::Peers));
      CHECK((a.send.compared == SizeCompared::Peer || a.send.compared == SizeCompared::Peers));
      CHECK((a.recv.compared == SizeCompared::Peer || a.recv.compared == SizeCompared::Peers));
    }
    // The three forms of a collective compare the same arguments.
    std::string name = c->c_name;
    std::string blocking;
    if (c->family == CollectiveFamily::Nonblocking) { // MPI_Ibcast -> MPI_Bcast
      blocking = "MPI_" + std::string(1, static_cast<char>(std::toupper(name[5]))) + name.substr(6);
    } else if (c->family == CollectiveFamily::Persistent) {
      blocking = name.substr(0, name.size() - 5); // without "_init"
    }
    if (!blocking.empty()) {
      const MpiCollective *b = find_collective(blocking.c_str(), SourceLanguage::C);
      REQUIRE(b != nullptr);
      CHECK(b->arguments == c->arguments);
    }
  }
}

TEST_CASE("predefined datatypes as MPICH and Open MPI spell them", "[mpi-table]") {
  // MPICH's mpi.h: MPI_CHAR 0x4c000101, MPI_INT 0x4c000405, MPI_DOUBLE
  // 0x4c00080b, MPI_LONG_DOUBLE 0x4c00100c; MPI_DATATYPE_NULL 0x0c000000
  // and derived datatypes (0x8c...) are not predefined.
  CHECK(mpich_predefined_datatype_size(0x4c000101) == 1);
  CHECK(mpich_predefined_datatype_size(0x4c000405) == 4);
  CHECK(mpich_predefined_datatype_size(0x4c00080b) == 8);
  CHECK(mpich_predefined_datatype_size(0x4c00100c) == 16);
  CHECK(mpich_predefined_datatype_size(0x0c000000) == 0);
  CHECK(mpich_predefined_datatype_size(0x8c000003) == 0);
  CHECK(mpich_predefined_datatype_size(0x14c000405ull) == 0);
  // Open MPI's mpif-handles.h: MPI_BYTE 1, MPI_INTEGER 7, MPI_DOUBLE_PRECISION
  // 17; MPI_PACKED (2) and MPI_2INTEGER (25) are not one basic value.
  CHECK(open_mpi_fortran_datatype_size(1) == 1);
  CHECK(open_mpi_fortran_datatype_size(7) == 4);
  CHECK(open_mpi_fortran_datatype_size(17) == 8);
  CHECK(open_mpi_fortran_datatype_size(2) == 0);
  CHECK(open_mpi_fortran_datatype_size(25) == 0);
  CHECK(open_mpi_predefined_datatype("ompi_mpi_int") == PredefinedCType::Int);
  CHECK(open_mpi_predefined_datatype("ompi_mpi_double") == PredefinedCType::Double);
  CHECK(open_mpi_predefined_datatype("ompi_mpi_unsigned_long_long") ==
        PredefinedCType::UnsignedLongLong);
  CHECK(open_mpi_predefined_datatype("ompi_mpi_byte") == PredefinedCType::None);
  CHECK(open_mpi_predefined_datatype(nullptr) == PredefinedCType::None);
}

TEST_CASE("composite predefined datatypes are told from the basic ones", "[mpi-table]") {
  // MPICH 4.0's mpi.h: MPI_2INT, MPI_PACKED, MPI_FLOAT_INT (0x8c000000),
  // against MPI_INT, MPI_DOUBLE, MPI_CHAR.
  CHECK(mpich_composite_datatype(0x4c000816));
  CHECK(mpich_composite_datatype(0x4c00010f));
  CHECK(mpich_composite_datatype(0x8c000000));
  CHECK_FALSE(mpich_composite_datatype(0x4c000405));
  CHECK_FALSE(mpich_composite_datatype(0x4c00080b));
  CHECK_FALSE(mpich_composite_datatype(0x4c000101));
  // Open MPI's globals.
  CHECK(open_mpi_composite_datatype("ompi_mpi_2int"));
  CHECK(open_mpi_composite_datatype("ompi_mpi_double_int"));
  CHECK_FALSE(open_mpi_composite_datatype("ompi_mpi_int"));
  CHECK_FALSE(open_mpi_composite_datatype(nullptr));
  CHECK(open_mpi_predefined_datatype("ompi_mpi_2int") == PredefinedCType::None);
}

TEST_CASE("the runtime's wrappers compare the counts of exactly the blocking v-variants and "
          "MPI_Reduce_scatter",
          "[mpi-table]") {
  // rtlib/parcoach_pmpi_collectives.c passes counts to the check in these
  // five wrappers only: the plugin announces the call's site before them.
  std::vector<std::string> checked;
  for (const MpiCollective *c = collectives_begin(); c != collectives_end(); ++c)
    if (wrapper_checks_counts(*c))
      checked.push_back(c->c_name);
  std::sort(checked.begin(), checked.end());
  CHECK(checked == std::vector<std::string>{"MPI_Allgatherv", "MPI_Alltoallv", "MPI_Gatherv",
                                            "MPI_Reduce_scatter", "MPI_Scatterv"});
}
