// Plugin arguments (-fplugin-arg-parcoach-KEY[=VALUE]), parsed without GCC.
#ifndef PARCOACH_CORE_PLUGIN_OPTIONS_H
#define PARCOACH_CORE_PLUGIN_OPTIONS_H

#include "finding_kinds.h"

#include <string>
#include <utility>
#include <vector>

namespace parcoach {

enum class InstrumentMode {
  Selective, // only functions with a warning (default)
  All,       // every function that calls a collective
  None       // warnings only
};

// The MPI thread level (MPI_THREAD_SINGLE..MULTIPLE are 0..3 in every MPI).
enum class ThreadLevel { Single = 0, Funneled = 1, Serialized = 2, Multiple = 3 };

// What the threads are doing where a function is called (thesis 2.1.1,
// table 2.1): the prefix of every parallelism word of the function.
enum class CallContext {
  Sequential, // outside any parallel region (default; the empty word)
  Parallel,   // by every thread of a team (P)
  Single,     // by one thread of a team, in a single/section/task (PS)
  Master      // by the master thread of a team (PM)
};

struct Options {
  InstrumentMode instrument = InstrumentMode::Selective;
  // Where to append the JSON report of the findings (findings_report.h);
  // empty: no report.
  std::string report_file;
  // Where to add the SARIF results (sarif_log.h); empty: none.
  std::string sarif_file;
  // OpenMP barriers: 0 checks them by sequential order (thesis verbosity
  // 0), 1 checks every explicit barrier on its own.
  int omp_verbosity = 0;
  // Explain, as notes, which proof removed each warning the
  // control-flow analysis alone would have given.
  bool verbose = false;
  // Analyse as the thesis did: control flow only, one function at a time
  // (no value-flow proofs, no summaries of callees).  For comparison.
  bool thesis = false;
  // one-file: conditionals on results of functions of other files (and on
  // variables other files may store to) are judged in this file alone
  // (they may differ), not left to the link step (cross_file_values.h).
  // For builds that do not link through PARCOACH.
  bool one_file = false;
  // thread-level=: the level the program requests, overriding what
  // MPI_Init_thread/MPI_Init say; unset: taken from those calls.
  bool thread_level_given = false;
  ThreadLevel thread_level = ThreadLevel::Single;
  // context=: the parallelism context each function is assumed called in.
  CallContext context = CallContext::Sequential;
  // time-report: print the time of each phase (phase_timer.h).
  bool print_phase_times = false;
  // dump=value-flow: print the value-flow records of the unit and their
  // verdicts on the standard error (value_flow_text.h).
  bool dump_value_flow = false;
  // help: print options_help() on the standard error.
  bool help = false;
  // disable=, error=: how each kind of finding is reported.
  KindSeverities severities;
  // suppressions=: a file of findings not to report (suppressions.h).
  std::string suppressions_file;
};

// Every argument with its values and what it does, wrapped for a terminal:
// for plugin_info.help, -fplugin-arg-parcoach-help and error messages.
const char *options_help();

// Parses KEY/VALUE pairs (VALUE empty when absent).  Returns an empty
// string on success, otherwise a message naming the bad argument and the
// valid ones.
std::string parse_options(const std::vector<std::pair<std::string, std::string>> &args,
                          Options &options);

} // namespace parcoach

#endif
