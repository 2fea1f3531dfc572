#include <catch2/catch.hpp>

#include "suppressions.h"

using namespace parcoach;

TEST_CASE("a suppression file silences lines and functions by kind", "[suppressions]") {
  Suppressions s;
  CHECK(s.add_file("# findings reviewed\n"
                   "src/solver.f90:42:collective-mismatch\n"
                   "\n"
                   "  halo_exchange : thread-level, concurrent-collectives \n"
                   "ns::Solver::step:all\n",
                   "supp.txt")
            .empty());
  // FILE:LINE:KIND, the file matched at a directory boundary.
  CHECK(s.silences(FindingKind::CollectiveMismatch, "src/solver.f90", 42, "solve"));
  CHECK(s.silences(FindingKind::CollectiveMismatch, "/home/u/app/src/solver.f90", 42, "solve"));
  CHECK(s.silences(FindingKind::CollectiveMismatch, "solver.f90", 42, "solve"));
  CHECK_FALSE(s.silences(FindingKind::CollectiveMismatch, "src/xsolver.f90", 42, "solve"));
  CHECK_FALSE(s.silences(FindingKind::CollectiveMismatch, "src/solver.f90", 43, "solve"));
  CHECK_FALSE(s.silences(FindingKind::ThreadLevel, "src/solver.f90", 42, "solve"));
  // FUNCTION:KINDS, Fortran names in any case; C++ scopes kept whole.
  CHECK(s.silences(FindingKind::ThreadLevel, "a.f90", 7, "HALO_EXCHANGE"));
  CHECK(s.silences(FindingKind::ConcurrentCollectives, "a.f90", 7, "halo_exchange"));
  CHECK_FALSE(s.silences(FindingKind::CollectiveMismatch, "a.f90", 7, "halo_exchange"));
  CHECK(s.silences(FindingKind::OmpCollective, "s.cpp", 1, "ns::Solver::step"));
  CHECK_FALSE(s.silences(FindingKind::OmpCollective, "s.cpp", 1, "Solver::step"));
}

TEST_CASE("a bad suppression line is reported with its place, and nothing is added",
          "[suppressions]") {
  Suppressions s;
  std::string error = s.add_file("a.c:3:collective-mismatch\nb.c:4:mismatch\n", "supp.txt");
  CHECK(error.find("supp.txt:2: unknown kind 'mismatch'") == 0);
  CHECK(s.empty());
  CHECK(s.add_file("no kind here\n", "f").find("f:1: expected FILE:LINE:KIND") == 0);
}

TEST_CASE("#pragma parcoach ignore silences the next line", "[suppressions]") {
  Suppressions s;
  s.add_pragma("app.c", 10, {FindingKind::CollectiveMismatch});
  CHECK(s.silences(FindingKind::CollectiveMismatch, "app.c", 11, "main"));
  CHECK_FALSE(s.silences(FindingKind::CollectiveMismatch, "app.c", 10, "main"));
  CHECK_FALSE(s.silences(FindingKind::CollectiveMismatch, "app.c", 12, "main"));
  CHECK_FALSE(s.silences(FindingKind::ThreadLevel, "app.c", 11, "main"));
}

TEST_CASE("kind names round-trip and lists parse", "[suppressions]") {
  for (FindingKind kind : all_finding_kinds()) {
    FindingKind back;
    REQUIRE(finding_kind_named(finding_kind_name(kind), back));
    CHECK(back == kind);
  }
  std::vector<FindingKind> kinds;
  CHECK(parse_kind_list("all", kinds).empty());
  CHECK(kinds.size() == all_finding_kinds().size());
  kinds.clear();
  CHECK_FALSE(parse_kind_list("thread-level,", kinds).empty());
}
