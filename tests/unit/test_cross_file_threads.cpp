// Thread levels across files (core/cross_file_threads.h): the records a
// unit's summary holds, and what the link step decides from them.  The
// levels are those of the thesis' languages (chapter 2, Algorithms 5-9): a
// call in a single region needs SERIALIZED, in a master region FUNNELED,
// made by every thread of a team MULTIPLE; a collective several threads run
// at once is erroneous at every level.
#include "cross_file_threads.h"
#include "program_summary.h"

#include <catch2/catch.hpp>

using namespace parcoach;

namespace {

// main.c: MPI_Init_thread(`level') at line 5; a parallel region at line 10
// and, if `inner' is 'S' or 'M', a single or master region at line 12 in
// it; a call to `callee' at line 13.
UnitSummary caller_unit(int level, char inner, const std::string &callee = "exchange") {
  UnitSummary unit;
  unit.source = "main.c";
  unit.level_requests.push_back({"main", {"main.c", 5, 3}, level, true});
  ThreadCallSite site;
  site.function = "main";
  site.location = {"main.c", 13, 5};
  site.callee = callee;
  site.callee_name = callee;
  site.letters.push_back({'P', "'#pragma omp parallel'", {"main.c", 10, 9}});
  if (inner == 'S')
    site.letters.push_back({'S', "'#pragma omp single'", {"main.c", 12, 9}});
  if (inner == 'M')
    site.letters.push_back({'M', "'#pragma omp master'", {"main.c", 12, 9}});
  unit.thread_sites.push_back(site);
  return unit;
}

// halo.c: `exchange' makes `call' (a collective or not) with the relative
// word `letters' (its own regions around the call).
UnitSummary callee_unit(const std::string &call, bool collective, const std::string &letters) {
  UnitSummary unit;
  unit.source = "halo.c";
  FunctionSummary function;
  function.symbol = function.name = "exchange";
  function.file = "halo.c";
  function.mpi_calls.push_back({letters, collective, call, {"halo.c", 8, 3}});
  unit.functions.push_back(function);
  return unit;
}

ThreadLevel serialized = ThreadLevel::Serialized;
ThreadLevel funneled = ThreadLevel::Funneled;

} // namespace

TEST_CASE("the thread-level records survive the summary section", "[cross_file_threads]") {
  UnitSummary caller = caller_unit(1, 'S');
  caller.thread_sites[0].thread_varying = true;
  UnitSummary callee = callee_unit("MPI_Sendrecv", false, "M");
  std::string text = serialise_summary(caller) + serialise_summary(callee);
  std::vector<UnitSummary> units = parse_summaries(text);
  REQUIRE(units.size() == 2);
  REQUIRE(units[0].level_requests.size() == 1);
  CHECK(units[0].level_requests[0].level == 1);
  CHECK(units[0].level_requests[0].thread);
  CHECK(units[0].level_requests[0].where.line == 5);
  REQUIRE(units[0].thread_sites.size() == 1);
  const ThreadCallSite &site = units[0].thread_sites[0];
  CHECK(site.callee == "exchange");
  CHECK(site.thread_varying);
  CHECK(site.location.line == 13);
  REQUIRE(site.letters.size() == 2);
  CHECK(site.letters[1].letter == 'S');
  CHECK(site.letters[1].name == "'#pragma omp single'");
  CHECK(site.letters[1].where.line == 12);
  REQUIRE(units[1].functions.size() == 1);
  REQUIRE(units[1].functions[0].mpi_calls.size() == 1);
  CHECK(units[1].functions[0].mpi_calls[0].letters == "M");
  CHECK(units[1].functions[0].mpi_calls[0].call == "MPI_Sendrecv");
  CHECK(units[1].functions[0].mpi_calls[0].where.file == "halo.c");
}

TEST_CASE("a single region calling another file's MPI calls needs SERIALIZED",
          "[cross_file_threads]") {
  std::vector<ThreadSiteFinding> findings =
      link_thread_levels({caller_unit(1, 'S'), callee_unit("MPI_Sendrecv", false, "")});
  REQUIRE(findings.size() == 1);
  CHECK_FALSE(findings[0].several_threads_collective);
  CHECK(findings[0].required == serialized);
  CHECK(findings[0].request.where.line == 5);
  CHECK(findings[0].witness.call == "MPI_Sendrecv");
  // The single region is to blame under FUNNELED, not the parallel one.
  REQUIRE(findings[0].blamed.size() == 1);
  CHECK(findings[0].blamed[0].where.line == 12);
  std::string text = format_thread_site_finding(findings[0], false);
  CHECK(text.find("main.c:13:5: warning: this call to 'exchange' makes MPI calls that need "
                  "'MPI_THREAD_SERIALIZED' ('MPI_Sendrecv' at halo.c:8:3), but the program "
                  "requests 'MPI_THREAD_FUNNELED'") != std::string::npos);
  CHECK(text.find("[parcoach:thread-level]") != std::string::npos);
  CHECK(text.find("main.c:12:9: note: the call to 'exchange' (line 13) runs inside this "
                  "'#pragma omp single' region") != std::string::npos);

  // SERIALIZED or MULTIPLE requested: nothing to say.
  CHECK(link_thread_levels({caller_unit(2, 'S'), callee_unit("MPI_Send", false, "")}).empty());
  CHECK(link_thread_levels({caller_unit(3, 'S'), callee_unit("MPI_Send", false, "")}).empty());
}

TEST_CASE("the callee's own regions join the site's word", "[cross_file_threads]") {
  // Every thread calls it, but its MPI call is in its own master region:
  // FUNNELED is enough (P then M), SINGLE is not.
  CHECK(link_thread_levels({caller_unit(1, ' '), callee_unit("MPI_Send", false, "M")}).empty());
  std::vector<ThreadSiteFinding> single =
      link_thread_levels({caller_unit(0, ' '), callee_unit("MPI_Send", false, "M")});
  REQUIRE(single.size() == 1);
  CHECK(single[0].required == funneled);
  // The same master region around a collective: one thread runs it.
  CHECK(link_thread_levels({caller_unit(1, ' '), callee_unit("MPI_Bcast", true, "M")}).empty());
  // A master region of the caller around the call: FUNNELED.
  CHECK(link_thread_levels({caller_unit(1, 'M'), callee_unit("MPI_Send", false, "")}).empty());
}

TEST_CASE("a collective every thread of a team runs is erroneous at every level",
          "[cross_file_threads]") {
  std::vector<ThreadSiteFinding> findings =
      link_thread_levels({caller_unit(3, ' '), callee_unit("MPI_Allreduce", true, "")});
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].several_threads_collective);
  REQUIRE(findings[0].blamed.size() == 1);
  CHECK(findings[0].blamed[0].where.line == 10);
  CHECK(format_thread_site_finding(findings[0], true)
            .find("main.c:13:5: error: this call to 'exchange' runs an MPI collective") !=
        std::string::npos);
  // With an argument that differs between threads (a communicator each,
  // or the thread number the callee tests), the threads may run it on
  // communicators of their own, or one thread alone may: no finding, at
  // MULTIPLE as at FUNNELED (as the unit step decides within a file).
  UnitSummary caller = caller_unit(3, ' ');
  caller.thread_sites[0].thread_varying = true;
  CHECK(link_thread_levels({caller, callee_unit("MPI_Allreduce", true, "")}).empty());
  caller.level_requests[0].level = 1;
  CHECK(link_thread_levels({caller, callee_unit("MPI_Allreduce", true, "")}).empty());
  // The same argument for every thread: the level is raised.
  caller.thread_sites[0].thread_varying = false;
  std::vector<ThreadSiteFinding> funneled_run =
      link_thread_levels({caller, callee_unit("MPI_Send", false, "")});
  REQUIRE(funneled_run.size() == 1);
  CHECK_FALSE(funneled_run[0].several_threads_collective);
  CHECK(funneled_run[0].required == ThreadLevel::Multiple);
}

TEST_CASE("no level finding without one known request, nor without the callee's summary",
          "[cross_file_threads]") {
  // Not a constant.
  CHECK(link_thread_levels({caller_unit(-1, 'S'), callee_unit("MPI_Send", false, "")}).empty());
  // Two units requesting different levels.
  UnitSummary other = caller_unit(2, ' ', "unrelated");
  CHECK(link_thread_levels({caller_unit(1, 'S'), callee_unit("MPI_Send", false, ""), other})
            .empty());
  // No MPI_Init* seen: the levels are unknown, but a collective several
  // threads run is still erroneous.
  UnitSummary unknown = caller_unit(1, ' ');
  unknown.level_requests.clear();
  CHECK(link_thread_levels({unknown, callee_unit("MPI_Send", false, "")}).empty());
  CHECK(link_thread_levels({unknown, callee_unit("MPI_Barrier", true, "")}).size() == 1);
  // The callee has no summary (a library built without the plugin).
  CHECK(link_thread_levels({caller_unit(0, 'S')}).empty());
}
