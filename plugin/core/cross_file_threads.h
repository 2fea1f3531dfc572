// Thread levels across files (issue 15: "the thread-level facts ... the
// existing unit step already computes"), GCC-free.
//
// One file alone cannot see that every thread of a team calls a function of
// another file that makes MPI calls: the caller's file sees no MPI call, the
// callee's file sees one in sequential code.  Each unit therefore says in
// its summary (program_summary.h):
//  * the level it requests (its MPI_Init / MPI_Init_thread calls);
//  * for each public function, the MPI calls it makes through its file, each
//    with its parallelism word relative to the function's entry (letters P,
//    S, M of core/parallelism_words.h: "" for sequential code, "M" in a
//    master region of an orphaned construct...);
//  * each call to a function of another file made inside a parallel region,
//    with the word there and the directive behind each letter.
// The link step joins a site's word with the callee's words, as the unit
// step does for the unit's own functions (reached_mpi_calls), and reports
// at the call site what the requested level does not allow, and calls that
// make several threads run a collective at once (erroneous at every level).
//
// Scope: the callee's own file only (a function two files down is not
// followed), sites whose own function has the parallel region (a site in
// sequential code of a function that a parallel region of its file calls is
// not recorded), and one requested level for the whole program (none, or
// two different ones, or one that is not a constant: no level finding).
#ifndef PARCOACH_CORE_CROSS_FILE_THREADS_H
#define PARCOACH_CORE_CROSS_FILE_THREADS_H

#include "findings_report.h"
#include "plugin_options.h"

#include <string>
#include <vector>

namespace parcoach {

struct UnitSummary;
using SummaryRecord = std::vector<std::string>;

// An MPI call a public function makes through the functions of its file.
struct MpiCallWord {
  std::string letters;     // relative to the function's entry: P, S and M
  bool collective = false;
  std::string call;        // "MPI_Allreduce"
  SourceLocation where;
};

// One letter of a call site's word: the directive that wrote it (its name as
// messages quote it, "'#pragma omp parallel'"), or none (line 0) for a letter
// of the calling context the function is assumed to run in.
struct SiteLetter {
  char letter = 'P';
  std::string name;
  SourceLocation where;
};

// A call, inside a parallel region, of a function no function of the unit
// defines.
struct ThreadCallSite {
  std::string function; // the caller, as printed
  SourceLocation location;
  std::string callee;      // linker name
  std::string callee_name; // as printed
  // An argument may differ between the team's threads: the callee's
  // collectives may then run on one communicator per thread.
  bool thread_varying = false;
  std::vector<SiteLetter> letters; // its word, barriers left out
};

// An MPI_Init (level SINGLE) or MPI_Init_thread call.
struct LevelRequest {
  std::string function;
  SourceLocation where;
  int level = -1; // ThreadLevel, -1: not a constant the plugin could read
  bool thread = false;
};

// The records of these facts in a unit's summary, and one read back (false
// if `fields' is none of them).  A function's "mpi-word" records follow its
// "function" record.
std::vector<SummaryRecord> thread_level_lines(const UnitSummary &unit);
bool read_thread_level_line(SummaryRecord &fields, UnitSummary &unit);

struct ThreadSiteFinding {
  ThreadCallSite site;
  std::string callee_file;
  MpiCallWord witness; // the callee's MPI call needing the most
  // Several threads may run the witness, a collective, at once: erroneous
  // at every level.  Otherwise `required' is above `request''s level.
  bool several_threads_collective = false;
  ThreadLevel required = ThreadLevel::Single;
  LevelRequest request;
  std::vector<SiteLetter> blamed; // the directives responsible
};

// The findings of the program whose units are `units', in their order.
std::vector<ThreadSiteFinding> link_thread_levels(const std::vector<UnitSummary> &units);

// GCC-style text: "FILE: In function 'F':", the warning (or error) at the
// call site, [parcoach:thread-level], and notes at the request, the
// directives and the callee's MPI call.
std::string format_thread_site_finding(const ThreadSiteFinding &finding, bool as_error);

} // namespace parcoach

#endif
