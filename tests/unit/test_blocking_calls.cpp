// Which calls the plugin brackets for the hang detector
// (plugin/core/blocking_calls.h).
#include <catch2/catch.hpp>

#include "blocking_calls.h"

#include <string>

using namespace parcoach;

TEST_CASE("blocking point-to-point routines in C and Fortran spellings", "[nohang]") {
  CHECK(std::string(blocking_point_to_point("MPI_Recv", SourceLanguage::C)) == "MPI_Recv");
  CHECK(std::string(blocking_point_to_point("PMPI_Ssend", SourceLanguage::C)) == "MPI_Ssend");
  CHECK(std::string(blocking_point_to_point("mpi_probe", SourceLanguage::Fortran)) ==
        "MPI_Probe");
  CHECK(std::string(blocking_point_to_point("MPI_WAITALL", SourceLanguage::Fortran)) ==
        "MPI_Waitall");
  CHECK(std::string(blocking_point_to_point("mpi_sendrecv_replace", SourceLanguage::Fortran)) ==
        "MPI_Sendrecv_replace");
}

TEST_CASE("nonblocking calls, collectives and other names are not bracketed", "[nohang]") {
  for (const char *name : {"MPI_Irecv", "MPI_Isend", "MPI_Test", "MPI_Iprobe", "MPI_Barrier",
                           "MPI_Allreduce", "MPI_Comm_rank", "my_recv", "MPI_Recv_init"})
    CHECK(blocking_point_to_point(name, SourceLanguage::C) == nullptr);
  // C names are case-sensitive: mpi_recv is not an MPI routine in C.
  CHECK(blocking_point_to_point("mpi_recv", SourceLanguage::C) == nullptr);
  CHECK(blocking_point_to_point(nullptr, SourceLanguage::C) == nullptr);
}
