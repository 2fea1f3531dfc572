// The Fortran 2008 bindings: MPICH's mpi_f08 procedure names map onto the
// `use mpi' spellings of the MPI table.
#include <catch2/catch.hpp>

#include "mpi_f08.h"
#include "mpi_knowledge.h"

using namespace parcoach;

TEST_CASE("mpi_f08 procedures take their `use mpi' names", "[mpi_f08]") {
  CHECK(use_mpi_spelling_of_f08("mpi_barrier_f08") == "mpi_barrier");
  CHECK(use_mpi_spelling_of_f08("mpi_allreduce_f08ts") == "mpi_allreduce");
  CHECK(use_mpi_spelling_of_f08("mpi_send_f08ts_large") == "mpi_send");
  CHECK(use_mpi_spelling_of_f08("mpi_type_size_f08_large") == "mpi_type_size");
  CHECK(use_mpi_spelling_of_f08("pmpi_bcast_f08ts") == "pmpi_bcast");
  // The table knows the mapped names as collectives, with their positions.
  const MpiCollective *barrier =
      find_collective(use_mpi_spelling_of_f08("mpi_barrier_f08").c_str(), SourceLanguage::Fortran);
  REQUIRE(barrier);
  CHECK(std::string(barrier->c_name) == "MPI_Barrier");
  CHECK(barrier->handle_arg == 0);
}

TEST_CASE("other names are not mpi_f08 procedures", "[mpi_f08]") {
  CHECK(use_mpi_spelling_of_f08("mpi_barrier").empty());
  CHECK(use_mpi_spelling_of_f08("my_barrier_f08").empty());
  CHECK(use_mpi_spelling_of_f08("mpi__f08").empty());
  CHECK(use_mpi_spelling_of_f08("mpi_f08").empty());
  CHECK(use_mpi_spelling_of_f08("mpi_barrier_f08x").empty());
}

TEST_CASE("only the ts procedures pass array descriptors", "[mpi_f08]") {
  CHECK(f08_passes_descriptors("mpi_allreduce_f08ts"));
  CHECK(f08_passes_descriptors("mpi_bcast_f08ts_large"));
  CHECK_FALSE(f08_passes_descriptors("mpi_barrier_f08"));
  CHECK_FALSE(f08_passes_descriptors("mpi_allreduce"));
  CHECK_FALSE(f08_passes_descriptors("user_f08ts"));
}

TEST_CASE("operations started through mpi_f08 complete unseen", "[mpi_f08]") {
  // MPICH's mpi_irecv_f08ts reaches MPI_Irecv, its mpi_wait_f08 calls
  // PMPI_Wait: the run-time buffer checks must leave such starts alone.
  CHECK(f08_completion_unseen("mpi_irecv_f08ts"));
  CHECK(f08_completion_unseen("mpi_isend_f08ts_large"));
  CHECK(f08_completion_unseen("mpi_start_f08"));
  CHECK(f08_completion_unseen("mpi_put_f08ts"));
  CHECK_FALSE(f08_completion_unseen("mpi_irecv"));
  CHECK_FALSE(f08_completion_unseen("MPI_Irecv"));
  CHECK_FALSE(f08_completion_unseen("my_irecv_f08ts"));
}
