// The unit step of the thread-level analysis (thesis chapters 2 and 4),
// GCC-free: once every function of a translation unit is read, which MPI
// calls the requested level does not allow, which calls several threads of
// a process may make to functions that run collectives, and which pairs of
// calls two threads may make at once with collectives on both sides
// (Lemma 5 across calls).  The reader (gimple/thread_level.cc) fills a
// UnitThreadFacts while it reads each function; decide_thread_levels turns
// it into a ThreadLevelVerdict, which the emitter words as diagnostics and
// whose kept checks it applies.  The per-function words and Lemma 5 itself
// are core/parallelism_words.h.
#ifndef PARCOACH_CORE_THREAD_LEVELS_H
#define PARCOACH_CORE_THREAD_LEVELS_H

#include "parallelism_words.h"
#include "plugin_options.h"

#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace parcoach {

// A place in the source: `token' is the reader's own handle on it (a
// location_t in the plugin), handed back untouched; `line' is what the
// decisions and the messages use.
struct SourcePlace {
  unsigned token = 0;
  int line = 0;
};

// A directive (or thread test, or lock call) a message points at, with its
// name as messages quote it ("'#pragma omp parallel'").
struct DirectiveNote {
  SourcePlace where;
  std::string name;
};

// An MPI call whose compliance depends on the requested level, or a call
// to a function of the unit that makes such calls.
struct LevelCall {
  unsigned function_uid = 0;
  std::string function;
  std::string call; // the MPI routine, or the function called
  SourcePlace where;
  ThreadLevel required = ThreadLevel::Single;
  // The directives responsible when the level requested is SINGLE,
  // FUNNELED, SERIALIZED (index: the level).
  std::vector<DirectiveNote> blamed[3];
  // Lines of calls another thread may make meanwhile ("12, 15").
  std::string concurrent_lines;
  // Warned otherwise (as concurrent collectives; in the callee, for a call
  // whose word adds nothing): no level warning here.
  bool reported = false;
  // For a call to a function of the unit: the MPI call of the callee (or of
  // its callees) that needs `required' (index in UnitThreadFacts::origins).
  int through = -1;
};

// An MPI_Init or MPI_Init_thread call.
struct InitCall {
  std::string function;
  SourcePlace where;
  int level = -1; // the level requested, -1: not a known constant
  bool thread = false; // MPI_Init_thread (not MPI_Init)
};

// The highest level a function's calls need.
struct FunctionLevel {
  unsigned uid = 0;
  std::string name;
  SourcePlace where;
  ThreadLevel required = ThreadLevel::Single;
};

// A call several threads of a process may make at once to a function of the
// unit: erroneous if that function runs collectives outside its own
// monothreaded regions, which only the unit step knows.
struct MultithreadedCall {
  int tag = -1; // its candidate run-time check, or -1
  unsigned callee_uid = 0;
  std::string callee;
  std::string function;
  SourcePlace where;
  std::vector<DirectiveNote> blamed;
  bool silenced = false; // the user suppressed thread-level findings there
};

// Whether a function may run a collective outside its own single, master
// and task regions: then the threads that call it all run that collective.
// Direct collectives here, and calls there to other functions of the unit.
struct Exposure {
  bool direct = false;
  std::vector<unsigned> callees;
};

// One side of two calls that two threads of a process may make at the same
// time: an MPI call or a call to a function of the unit.
struct ConcurrentCallSide {
  std::string name;        // "MPI_Bcast", or the function called
  unsigned callee_uid = 0; // 0 for an MPI call
  SourcePlace where;
  bool collective = false; // an MPI call: whether it is a collective
  // An MPI call: its LevelCall (index in UnitThreadFacts::calls); a call to
  // a function: its LevelCallSite (index in UnitThreadFacts::call_sites).
  std::size_t record = 0;
  // The user suppressed concurrent-collectives findings there.
  bool silenced = false;
};

struct ConcurrentCallPair {
  std::string function;
  ConcurrentCallSide earlier, later; // by line
  bool same_call = false; // one call that two threads may make (a region met again)
  std::vector<DirectiveNote> regions;
  // The note of the run-time check before the later call, if any, and the
  // tags of the candidate checks of both sides (kept if the pair is).
  std::string check_note;
  std::vector<int> check_tags;
  // Orphaned regions of a function a team calls: where a team calls it
  // (`by_team'), and from which function.
  bool by_team = false;
  SourcePlace team_call;
  std::string team_caller;
};

// Lemma 5 over a function, decided at the unit step, when it is known
// which calls to the unit's functions pass a barrier of the calling team.
struct ConcurrencyRecord {
  unsigned uid = 0;
  std::string function;
  bool sequential_context = true; // its words assume a call outside parallel regions
  ThreadModel model;
  WordResult words;
  // The calls Lemma 5 considers, MPI calls and calls to the unit's
  // functions in single, section, task or master regions.
  std::map<NodeId, ConcurrentCallSide> sides;
  std::map<NodeId, unsigned> callee_of;         // the unit calls
  std::map<NodeId, DirectiveNote> region_notes; // by S/M directive node
  std::map<NodeId, std::string> check_notes;    // CC_cc checks, by call
  std::map<NodeId, int> check_tags;             // the candidate ones, by call
};

// Where an MPI call that a caller reaches through calls is written.
struct LevelOrigin {
  std::string call, function;
  SourcePlace where;
};

// A call to a function of the unit, whose MPI calls run at this call's word
// followed by theirs: its level is known at the unit step.
struct LevelCallSite {
  unsigned caller = 0, callee = 0;
  std::string caller_name, callee_name;
  SourcePlace where;
  ParallelismWord word;
  std::map<NodeId, DirectiveNote> directives; // the caller's, by node
};

// What the reader records of every function of the unit.
struct UnitThreadFacts {
  std::map<unsigned, Exposure> exposure; // by function uid
  std::vector<LevelCall> calls;
  std::vector<InitCall> inits;
  std::vector<FunctionLevel> functions;
  std::set<int> erroneous_lines; // collectives erroneous at every level
  std::vector<MultithreadedCall> multithreaded_calls;
  std::map<unsigned, LevelSummaryInput> level_inputs; // by function uid
  std::vector<LevelOrigin> origins;                   // ReachedMpiCall::origin
  std::vector<LevelCallSite> call_sites;
  std::vector<ConcurrencyRecord> concurrency;
  std::map<unsigned, BarrierPaths> barrier_paths; // by function uid
};

// Why an MPI call needs more than the level requested.
enum class LevelReason {
  ConcurrentCall,   // another thread may make the call at LevelCall::concurrent_lines
  SeveralThreads,   // several threads may make it at once
  InParallelRegion, // SINGLE requested: it runs inside a parallel region
  NotMainThread,    // FUNNELED requested: another thread than the main one may
};

struct LevelWarning {
  std::size_t call; // in ThreadLevelVerdict::calls
  LevelReason reason;
};

// What to say at an MPI_Init / MPI_Init_thread call.
enum class InitVerdict {
  Quiet,
  UnreadableLevel, // a note: the level asked is not a constant; what the file requires
  Insufficient,    // a warning: the level asked is below the one required
  Sufficient,      // a note: the level asked and the one required
};

// The level the user gave (-fplugin-arg-parcoach-thread-level), if any,
// and whether notes on correct files are wanted (verbose).
struct LevelRequestOptions {
  bool level_given = false;
  ThreadLevel level = ThreadLevel::Single;
  bool verbose = false;
};

struct ThreadLevelVerdict {
  // The calls of UnitThreadFacts::multithreaded_calls to report (several
  // threads may run the callee's collectives at once), in order.
  std::vector<std::size_t> multithreaded_calls;
  // The pairs of calls that may run collectives at the same time in two
  // threads, to report, in order.
  std::vector<ConcurrentCallPair> concurrent_collectives;
  // The candidate run-time checks to keep (tags).
  std::vector<int> kept_checks;
  // Every level call, those of the call sites included, once concurrency
  // has raised what they need.
  std::vector<LevelCall> calls;
  bool level_known = false; // given, or a constant of an MPI_Init_thread
  ThreadLevel requested = ThreadLevel::Single;
  ThreadLevel required = ThreadLevel::Single; // by the file's calls
  ThreadLevel asked = ThreadLevel::Single;    // requested, or SINGLE when unknown
  std::set<int> erroneous_lines; // collectives erroneous at every level
  std::vector<LevelWarning> level_warnings;
  std::vector<InitVerdict> inits; // by UnitThreadFacts::inits
  // The calls that need `required', in order (the first shown in a path).
  std::vector<std::size_t> needing_required;
  // Every function with the level its calls need, concurrency and call
  // sites included; with no MPI_Init* in the file, the ones needing more
  // than SINGLE get a note each (`function_notes', indices in `functions').
  std::vector<FunctionLevel> functions;
  std::vector<std::size_t> function_notes;
};

// The higher of two levels.
ThreadLevel max_level(ThreadLevel a, ThreadLevel b);

// The unit step. `runs_collectives': whether a function of the unit (by
// uid) runs collectives, directly or through calls.
ThreadLevelVerdict decide_thread_levels(const UnitThreadFacts &facts,
                                        const std::function<bool(unsigned)> &runs_collectives,
                                        const LevelRequestOptions &options);

// The functions of the unit several threads may call at once: a call
// site in a team outside its single and master regions, in the caller or
// in a function that itself is such (`call_sites' as the reader records
// them; the caller's word starts at its own entry).
std::set<unsigned> called_by_several_threads(const std::vector<LevelCallSite> &call_sites);

} // namespace parcoach

#endif
