// The unit step of the thread-level analysis (core/thread_levels.h) on
// records built by hand.  What each case expects follows the MPI standard's
// thread levels (MPI 4.0, section 11.6): SINGLE, only one thread; FUNNELED,
// only the main thread makes MPI calls; SERIALIZED, any thread, one at a
// time; MULTIPLE, no restriction -- and its rule for collectives (section
// 11.6.2): the collective calls of a process on one communicator are
// matched in the order they are issued, so threads issuing them
// concurrently, unordered, are erroneous at every level.
#include <catch2/catch.hpp>

#include "thread_level_records.h"
#include "thread_levels.h"

#include <algorithm>

using namespace parcoach;
using thread_level_records::two_singles;

namespace {

SourcePlace line(int n) { return {static_cast<unsigned>(1000 + n), n}; }

// A call directly in function 1 ("main") whose word needs `required'.
LevelCall mpi_call(const char *name, int at, ThreadLevel required) {
  LevelCall call;
  call.function_uid = 1;
  call.function = "main";
  call.call = name;
  call.where = line(at);
  call.required = required;
  return call;
}

InitCall init_thread(int at, int level) { return {"main", line(at), level, true}; }

const std::function<bool(unsigned)> no_collectives = [](unsigned) { return false; };
const std::function<bool(unsigned)> all_collectives = [](unsigned) { return true; };

LevelRequestOptions from_program(bool verbose = false) { return {false, ThreadLevel::Single, verbose}; }

std::vector<std::size_t> warned_calls(const ThreadLevelVerdict &v) {
  std::vector<std::size_t> calls;
  for (const LevelWarning &w : v.level_warnings)
    calls.push_back(w.call);
  return calls;
}

// Function 1 with the two single regions of two_singles, an MPI call in
// each (lines 14 and 16, facts.calls 0 and 1, both SERIALIZED on their
// own: one thread of the team, maybe not the main one).
UnitThreadFacts singles_unit(const char *first, bool first_collective, const char *second,
                             bool second_collective, bool barrier_between = false,
                             const char *second_comm = "world") {
  UnitThreadFacts facts;
  facts.calls = {mpi_call(first, 14, ThreadLevel::Serialized),
                 mpi_call(second, 16, ThreadLevel::Serialized)};
  facts.functions = {{1, "main", line(1), ThreadLevel::Serialized}};
  ConcurrencyRecord record;
  record.uid = 1;
  record.function = "main";
  record.model = two_singles(barrier_between);
  record.model.collective[4] = first_collective;
  record.model.collective[6] = second_collective;
  record.model.communicator[4] = "world";
  record.model.communicator[6] = second_comm;
  record.words = parallelism_words(record.model, context_word(CallContext::Sequential));
  record.sides[4] = {first, 0, line(14), first_collective, 0, false};
  record.sides[6] = {second, 0, line(16), second_collective, 1, false};
  record.region_notes[3] = {line(13), "'#pragma omp single'"};
  record.region_notes[5] = {line(15), "'#pragma omp single'"};
  facts.concurrency.push_back(record);
  return facts;
}

} // namespace

TEST_CASE("the level requested by MPI_Init_thread against the level each call needs",
          "[thread-levels]") {
  UnitThreadFacts facts;
  facts.calls = {mpi_call("MPI_Send", 10, ThreadLevel::Single),      // outside parallel regions
                 mpi_call("MPI_Recv", 20, ThreadLevel::Funneled),    // in a master region
                 mpi_call("MPI_Bcast", 30, ThreadLevel::Serialized), // in a single region
                 mpi_call("MPI_Isend", 40, ThreadLevel::Multiple)};  // every thread of a team
  facts.inits = {init_thread(5, 0)};

  SECTION("SINGLE: every call in a parallel region is beyond it") {
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    REQUIRE(v.level_known);
    CHECK(v.requested == ThreadLevel::Single);
    CHECK(v.required == ThreadLevel::Multiple);
    CHECK(warned_calls(v) == std::vector<std::size_t>{1, 2, 3});
    CHECK(v.level_warnings[0].reason == LevelReason::InParallelRegion);
    CHECK(v.level_warnings[1].reason == LevelReason::InParallelRegion);
    CHECK(v.level_warnings[2].reason == LevelReason::SeveralThreads);
    CHECK(v.inits == std::vector<InitVerdict>{InitVerdict::Insufficient});
    CHECK(v.needing_required == std::vector<std::size_t>{3});
  }
  SECTION("FUNNELED allows the master region, not a single one") {
    facts.inits = {init_thread(5, 1)};
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    CHECK(warned_calls(v) == std::vector<std::size_t>{2, 3});
    CHECK(v.level_warnings[0].reason == LevelReason::NotMainThread);
    CHECK(v.level_warnings[1].reason == LevelReason::SeveralThreads);
  }
  SECTION("SERIALIZED allows one thread at a time, whichever") {
    facts.inits = {init_thread(5, 2)};
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    CHECK(warned_calls(v) == std::vector<std::size_t>{3});
    CHECK(v.inits == std::vector<InitVerdict>{InitVerdict::Insufficient});
  }
  SECTION("MULTIPLE allows them all; the note only when verbose") {
    facts.inits = {init_thread(5, 3)};
    ThreadLevelVerdict quiet = decide_thread_levels(facts, no_collectives, from_program());
    CHECK(quiet.level_warnings.empty());
    CHECK(quiet.inits == std::vector<InitVerdict>{InitVerdict::Quiet});
    ThreadLevelVerdict verbose = decide_thread_levels(facts, no_collectives, from_program(true));
    CHECK(verbose.inits == std::vector<InitVerdict>{InitVerdict::Sufficient});
  }
  SECTION("the option's level replaces the program's constant") {
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives,
                                                {true, ThreadLevel::Multiple, false});
    CHECK(v.requested == ThreadLevel::Multiple);
    CHECK(v.level_warnings.empty());
  }
  SECTION("a level that is no constant: no call is warned, a note when verbose") {
    facts.inits = {init_thread(5, -1)};
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    CHECK_FALSE(v.level_known);
    CHECK(v.level_warnings.empty());
    CHECK(v.inits == std::vector<InitVerdict>{InitVerdict::Quiet});
    ThreadLevelVerdict verbose = decide_thread_levels(facts, no_collectives, from_program(true));
    CHECK(verbose.inits == std::vector<InitVerdict>{InitVerdict::UnreadableLevel});
  }
  SECTION("two MPI_Init_thread constants: the higher one counts") {
    facts.inits = {init_thread(5, 1), init_thread(6, 2)};
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    CHECK(v.requested == ThreadLevel::Serialized);
    CHECK(warned_calls(v) == std::vector<std::size_t>{3});
  }
  SECTION("MPI_Init asks for SINGLE") {
    facts.inits = {{"main", line(5), 0, false}};
    facts.calls.resize(1); // only the sequential MPI_Send
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program(true));
    CHECK(v.required == ThreadLevel::Single);
    CHECK(v.inits == std::vector<InitVerdict>{InitVerdict::Quiet});
  }
  SECTION("no MPI_Init* in the file: a note per function needing more, when verbose") {
    facts.inits.clear();
    facts.functions = {{1, "main", line(1), ThreadLevel::Multiple},
                       {2, "g", line(50), ThreadLevel::Single}};
    CHECK(decide_thread_levels(facts, no_collectives, from_program()).function_notes.empty());
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program(true));
    CHECK(v.function_notes == std::vector<std::size_t>{0});
    CHECK(v.level_warnings.empty()); // nothing requested, nothing to compare
  }
}

TEST_CASE("two collectives on one communicator in single regions with no barrier between",
          "[thread-levels]") {
  UnitThreadFacts facts = singles_unit("MPI_Bcast", true, "MPI_Reduce", true);
  facts.inits = {init_thread(5, 3)};
  ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
  REQUIRE(v.concurrent_collectives.size() == 1);
  const ConcurrentCallPair &pair = v.concurrent_collectives[0];
  CHECK(pair.earlier.name == "MPI_Bcast");
  CHECK(pair.later.name == "MPI_Reduce");
  CHECK_FALSE(pair.same_call);
  CHECK(pair.regions.size() == 2);
  // Two threads at once: both calls need MULTIPLE, and are reported as
  // concurrent collectives, not again as a level problem.
  CHECK(v.calls[0].required == ThreadLevel::Multiple);
  CHECK(v.calls[0].concurrent_lines == "16");
  CHECK(v.calls[1].concurrent_lines == "14");
  CHECK(v.calls[0].reported);
  CHECK(v.calls[1].reported);
  CHECK(v.functions[0].required == ThreadLevel::Multiple);
  CHECK(v.level_warnings.empty());

  SECTION("erroneous even under MULTIPLE; under SERIALIZED no second warning") {
    facts.inits = {init_thread(5, 2)};
    ThreadLevelVerdict serialized = decide_thread_levels(facts, no_collectives, from_program());
    CHECK(serialized.concurrent_collectives.size() == 1);
    CHECK(serialized.level_warnings.empty());
    CHECK(serialized.inits == std::vector<InitVerdict>{InitVerdict::Insufficient});
  }
}

TEST_CASE("the implicit barrier of the first single orders the two collectives",
          "[thread-levels]") {
  UnitThreadFacts facts = singles_unit("MPI_Bcast", true, "MPI_Reduce", true, true);
  facts.inits = {init_thread(5, 2)};
  ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
  CHECK(v.concurrent_collectives.empty());
  // One thread at a time: SERIALIZED is enough.
  CHECK(v.required == ThreadLevel::Serialized);
  CHECK(v.level_warnings.empty());
  CHECK(v.inits == std::vector<InitVerdict>{InitVerdict::Quiet});
}

TEST_CASE("unit step: collectives on communicators that may differ are not paired", "[thread-levels]") {
  UnitThreadFacts facts =
      singles_unit("MPI_Bcast", true, "MPI_Reduce", true, false, "?unknown");
  ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
  CHECK(v.concurrent_collectives.empty());
}

TEST_CASE("a point-to-point call beside another MPI call: MULTIPLE, no collective error",
          "[thread-levels]") {
  UnitThreadFacts facts = singles_unit("MPI_Send", false, "MPI_Recv", false);
  facts.inits = {init_thread(5, 2)};
  ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
  CHECK(v.concurrent_collectives.empty());
  CHECK(v.required == ThreadLevel::Multiple);
  REQUIRE(v.level_warnings.size() == 2);
  CHECK(v.level_warnings[0].reason == LevelReason::ConcurrentCall);
  CHECK(v.calls[v.level_warnings[0].call].concurrent_lines == "16");
}

TEST_CASE("a silenced concurrent pair keeps its level effect, loses its report and checks",
          "[thread-levels]") {
  UnitThreadFacts facts = singles_unit("MPI_Bcast", true, "MPI_Reduce", true);
  facts.concurrency[0].sides[6].silenced = true; // the later call
  facts.concurrency[0].check_tags[4] = 7;
  ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
  CHECK(v.concurrent_collectives.empty());
  CHECK(v.kept_checks.empty());
  CHECK(v.calls[1].required == ThreadLevel::Multiple);
  CHECK(v.calls[1].reported);

  facts.concurrency[0].sides[6].silenced = false;
  ThreadLevelVerdict kept = decide_thread_levels(facts, no_collectives, from_program());
  CHECK(kept.kept_checks == std::vector<int>{7});
}

TEST_CASE("a call every thread of a team makes to a function that runs collectives",
          "[thread-levels]") {
  // main (1) calls g (2) in a parallel region; g calls h (3) outside its
  // monothreaded regions; h runs a collective directly.
  UnitThreadFacts facts;
  facts.exposure[2].callees = {3};
  facts.exposure[3].direct = true;
  MultithreadedCall call;
  call.tag = 4;
  call.callee_uid = 2;
  call.callee = "g";
  call.function = "main";
  call.where = line(20);
  facts.multithreaded_calls.push_back(call);

  SECTION("every thread runs h's collective: erroneous at every level, check kept") {
    ThreadLevelVerdict v = decide_thread_levels(facts, all_collectives, from_program());
    CHECK(v.multithreaded_calls == std::vector<std::size_t>{0});
    CHECK(v.kept_checks == std::vector<int>{4});
    CHECK(v.erroneous_lines == std::set<int>{20});
  }
  SECTION("h's collective inside h's own single region: one thread runs it") {
    facts.exposure[3].direct = false;
    ThreadLevelVerdict v = decide_thread_levels(facts, all_collectives, from_program());
    CHECK(v.multithreaded_calls.empty());
    CHECK(v.kept_checks.empty());
  }
  SECTION("suppressed by the user: no report, no check, no erroneous line") {
    facts.multithreaded_calls[0].silenced = true;
    ThreadLevelVerdict v = decide_thread_levels(facts, all_collectives, from_program());
    CHECK(v.multithreaded_calls.empty());
    CHECK(v.kept_checks.empty());
    CHECK(v.erroneous_lines.empty());
  }
  SECTION("the erroneous line is named at MPI_Init_thread, even when the level suffices") {
    facts.inits = {init_thread(5, 3)};
    ThreadLevelVerdict v = decide_thread_levels(facts, all_collectives, from_program());
    CHECK(v.inits == std::vector<InitVerdict>{InitVerdict::Sufficient});
  }
}

TEST_CASE("levels through calls: the callee's MPI calls at the call's word",
          "[thread-levels]") {
  // g (2) makes an MPI_Send outside any region of its own (origin 0).
  UnitThreadFacts facts;
  facts.level_inputs[2].direct.push_back({"", false, 0});
  facts.origins.push_back({"MPI_Send", "g", line(40)});
  facts.functions = {{1, "main", line(1), ThreadLevel::Single},
                     {2, "g", line(39), ThreadLevel::Single}};
  facts.inits = {init_thread(5, 1)};
  LevelCallSite site;
  site.caller = 1;
  site.callee = 2;
  site.caller_name = "main";
  site.callee_name = "g";
  site.where = line(20);

  SECTION("called by every thread of a team: MULTIPLE, warned at the call") {
    site.word = {{Letter::Parallel, 3}};
    site.directives[3] = {line(19), "'#pragma omp parallel'"};
    facts.call_sites.push_back(site);
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    REQUIRE(v.calls.size() == 1);
    CHECK(v.calls[0].call == "g");
    CHECK(v.calls[0].required == ThreadLevel::Multiple);
    CHECK(v.calls[0].through == 0);
    CHECK_FALSE(v.calls[0].reported);
    CHECK(v.calls[0].blamed[static_cast<int>(ThreadLevel::Funneled)].size() == 1);
    CHECK(warned_calls(v) == std::vector<std::size_t>{0});
    CHECK(v.functions[0].required == ThreadLevel::Multiple);
  }
  SECTION("called from a master region: FUNNELED, as requested") {
    site.word = {{Letter::Parallel, 3}, {Letter::Master, 4}};
    facts.call_sites.push_back(site);
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    REQUIRE(v.calls.size() == 1);
    CHECK(v.calls[0].required == ThreadLevel::Funneled);
    CHECK(v.level_warnings.empty());
  }
  SECTION("g's own single region needs SERIALIZED: warned in g, not again at the call") {
    facts.level_inputs[2].direct[0].letters = "PS";
    LevelCall in_g = mpi_call("MPI_Send", 40, ThreadLevel::Serialized);
    in_g.function_uid = 2;
    in_g.function = "g";
    facts.calls.push_back(in_g);
    site.word = {};
    facts.call_sites.push_back(site);
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    REQUIRE(v.calls.size() == 2);
    CHECK(v.calls[1].call == "g");
    CHECK(v.calls[1].required == ThreadLevel::Serialized);
    CHECK(v.calls[1].reported);
    REQUIRE(v.level_warnings.size() == 1);
    CHECK(v.level_warnings[0].call == 0);
    CHECK(v.level_warnings[0].reason == LevelReason::NotMainThread);
    CHECK(v.inits == std::vector<InitVerdict>{InitVerdict::Insufficient});
  }
  SECTION("a collective every thread of the team would run is left to the collective error") {
    facts.level_inputs[2].direct[0].collective = true;
    site.word = {{Letter::Parallel, 3}};
    facts.call_sites.push_back(site);
    ThreadLevelVerdict v = decide_thread_levels(facts, no_collectives, from_program());
    CHECK(v.calls.empty());
  }
}

TEST_CASE("the functions several threads may call at once", "[thread-level]") {
  // main (1): #pragma omp parallel { f (); #pragma omp single h (); }
  //           k ();  f (2): g (); #pragma omp master m ();  g (3): n ();
  auto site = [](unsigned caller, unsigned callee, ParallelismWord word) {
    LevelCallSite s;
    s.caller = caller;
    s.callee = callee;
    s.word = std::move(word);
    return s;
  };
  std::vector<LevelCallSite> sites = {
      site(1, 2, {{Letter::Parallel, 5}}),
      site(1, 4, {{Letter::Parallel, 5}, {Letter::Single, 6}}),
      site(1, 6, {}),
      site(2, 3, {{Letter::Barrier, 7}}),
      site(2, 7, {{Letter::Master, 8}}),
      site(3, 8, {}),
  };
  // f by the team, g and n through it; h in a single, k outside any
  // region, m in f's master: one thread each.
  CHECK(called_by_several_threads(sites) == std::set<unsigned>{2, 3, 8});
  // Nested teams: P P is several threads even after an S of the outer one.
  sites.push_back(site(1, 9, {{Letter::Parallel, 5}, {Letter::Single, 6}, {Letter::Parallel, 9}}));
  CHECK(called_by_several_threads(sites).count(9));
}
