// The MPI table: spellings, argument positions checked against the MPI 4.0
// C bindings, colours.
#include <catch2/catch.hpp>

#include "mpi_knowledge.h"

#include <cctype>
#include <set>
#include <string>

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
