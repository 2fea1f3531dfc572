// Whole programs: what one translation unit tells the others, and the
// link-time step that combines it.  No GCC headers.
//
// Each compilation with the plugin writes into its object file (a section
// .parcoach.summary that is not loaded at run time, so that `ld' just
// concatenates the sections of its inputs) one UnitSummary:
//  * each public function: whether a call to it may run MPI collectives
//    (itself or through the functions of its file), which ones, and the
//    functions of other files it may call (so that the link step can
//    follow a call two files down);
//  * each call site of the unit that calls functions of other files in a
//    position that matters: a place where processes may not all arrive
//    together (the site would be flagged if it ran a collective), with
//    the conditionals blamed.
// At link time, link_program decides which external functions may run
// collectives (bottom-up over the program's call graph, cycles included)
// and turns each site calling one into a finding at the caller's site.
#ifndef PARCOACH_CORE_PROGRAM_SUMMARY_H
#define PARCOACH_CORE_PROGRAM_SUMMARY_H

#include "cross_file_threads.h"
#include "findings_report.h"

#include <initializer_list>
#include <string>
#include <vector>

namespace parcoach {

// The name of the ELF section holding the summaries.
extern const char *const summary_section_name;

struct FunctionSummary {
  std::string symbol; // the linker's name (mangled in C++, __m_MOD_f in Fortran)
  std::string name;   // as diagnostics print it
  std::string file;   // the source file defining it
  // The MPI collectives (C spelling) a call may run through the functions of
  // its own file, sorted; empty when it runs none there.
  std::vector<std::string> collectives;
  // Symbols of the functions of other files it may call (itself or
  // through the functions of its file), sorted.
  std::vector<std::string> external_callees;
  // The MPI calls it makes through the functions of its file, with their
  // words (cross_file_threads.h).
  std::vector<MpiCallWord> mpi_calls;
};

struct ExternalCallee {
  std::string symbol;
  std::string name;
};

// A call, at `location' in `function', that reaches functions of other
// files (directly, or through functions of its own file) at a point that
// not all processes may reach in the same order.
struct ExternalCallSite {
  std::string function;
  SourceLocation location;
  std::vector<ExternalCallee> callees;
  std::vector<RelatedLocation> related; // the conditionals blamed
  bool as_error = false;                // error=collective-mismatch
  // The key of the calling function for the run time
  // (rtlib/parcoach_link.c), "" when it was not instrumented.
  std::string arming_key;
  // Not empty: the conditionals blamed depend only on these keys, which
  // the link step judges (cross_file_parameters.h): reported only if one
  // of them may differ.
  std::vector<std::string> depends_on;
};

// What a public function returns (cross_file_values.h): may it differ
// between processes when its arguments are the same everywhere, and the
// functions of other files whose results it depends on (it is the same
// everywhere if none of them may differ).
struct ResultSummary {
  std::string symbol;
  std::string name;
  std::string file;
  bool may_differ = false;
  std::vector<std::string> depends_on; // linker names, sorted
  std::string reason;                  // why it may differ
};

// What a unit stores in a variable other files may read (cross_file_values.h
// VariableFacts), `writers' by linker name.
struct VariableSummary {
  std::string symbol;
  std::string name;
  std::string file;
  std::string field_of; // VariableFacts::field_of
  bool defined_here = false;
  bool may_differ = true;
  std::vector<std::string> depends_on;
  std::vector<std::string> writers;
};

// A collective (or a call of a function of the unit that runs some) that
// processes may not all reach at the same point only if the result of a
// function of another file may differ: the link step judges it
// (cross_file_values.h).
struct DeferredSite {
  std::string function;
  SourceLocation location;
  std::string collective; // "MPI_Barrier"; "" for a call
  std::string callee;     // the function of the unit called, for a call
  std::vector<std::string> runs; // for a call: the collectives it runs
  std::vector<RelatedLocation> related;
  std::vector<std::string> depends_on; // linker names, sorted
  std::vector<std::string> names;      // as printed, by depends_on
  bool as_error = false;
  std::string arming_key;
};

// Parameters across files (cross_file_parameters.h): what one argument of
// a call carries, as the caller knows it.
struct ArgumentSummary {
  enum class State { Uniform, Differs, DependsOn };
  State state = State::Differs;
  std::string reason;                  // Differs: why
  std::vector<std::string> depends_on; // DependsOn: keys (cross_file_values.h)
};

// A call of a function that other files may define or call.
struct ParameterCallSite {
  std::string caller;      // as printed
  std::string callee;      // linker name
  std::string callee_name; // as printed
  SourceLocation location;
  std::vector<ArgumentSummary> arguments; // by position
};

// A parameter the unit's deferred sites or calls may depend on, defined
// in the unit.
struct ParameterSummary {
  std::string key;  // parameter_key
  std::string name; // "parameter 'n' of 'step'"
  std::string file;
};

// A public symbol the unit defines as another name of one of its functions
// (C++ makes the complete-object constructor C1 and destructor D1 aliases
// of the base-object ones, C2 and D2): other files call the alias, the
// unit's records name the target.
struct SymbolAlias {
  std::string alias;  // linker name
  std::string target; // linker name
};

struct UnitSummary {
  std::string source;
  std::vector<FunctionSummary> functions;
  std::vector<ExternalCallSite> sites;
  std::vector<ResultSummary> results;
  std::vector<DeferredSite> deferred;
  std::vector<ParameterCallSite> calls;
  std::vector<ParameterSummary> parameters;
  // Functions (linker names) whose address the unit takes: anything may
  // call them.
  std::vector<std::string> addresses_taken;
  // Not empty: code the link step cannot see may call every function of
  // the program with any value (a shared library being built), why.
  std::string any_caller;
  std::vector<VariableSummary> variables;
  // Thread levels across files (cross_file_threads.h).
  std::vector<LevelRequest> level_requests;
  std::vector<ThreadCallSite> thread_sites;
  // What every_key_placeholder (cross_file_values.h) stands for in the
  // unit's lists: its keys, listed once.
  std::vector<std::string> every_key;
  std::vector<SymbolAlias> aliases;
  // Where the link step adds the findings at the unit's sites
  // (link_report.h): set when it was compiled with report= or sarif=.
  std::string report_file, sarif_file, directory, tool_version, information_uri;
};

// The lines of the records of cross_file_parameters.h (fields), and one
// read back into `unit' (false if it is not one of them; if it is, its
// fields are taken).
std::vector<std::vector<std::string>> parameter_lines(const UnitSummary &unit);
bool read_parameter_line(std::vector<std::string> &fields, UnitSummary &unit);

// The text stored in the section for one unit, and back.  parse_summaries
// reads the concatenation of any number of them (what `ld -r', an archive
// member list or a shared library holds); malformed parts are skipped, and
// a unit of another format version (summary_format.h) is left out, with a
// message in `problems' (if given) saying so.
std::string serialise_summary(const UnitSummary &unit);
std::vector<UnitSummary> parse_summaries(const std::string &text,
                                         std::vector<std::string> *problems = nullptr);

// Makes every symbol the units name, and every key naming one
// (cross_file_values.h), name the target of the aliases some unit defines
// (SymbolAlias), so that the link step finds a call of an alias where the
// defining unit describes its target.  Called once the units are read.
void resolve_aliases(std::vector<UnitSummary> &units);

// A cross-file finding: the call at `site' runs `collectives' of `callee'
// (through `via', the chain of functions from the called one to the one
// running them, each "name (file)").
struct CrossFileFinding {
  ExternalCallSite site;
  std::string callee_name;
  std::vector<std::string> via;
  std::vector<std::string> collectives;
};

// Every site of `units' whose callees may run collectives, in the order of
// the units and their sites.
std::vector<CrossFileFinding> link_program(const std::vector<UnitSummary> &units);

// The keys of the calling functions of `findings' (each once, in order):
// what parcoach-link lists in the program to arm them at run time.
std::vector<std::string> arming_keys(const std::vector<CrossFileFinding> &findings);

// A key naming a function of a unit for arming_keys: `function' is the
// linker's name, `source' the unit's main file (static functions of two
// files may share a name).
std::string arming_key_for(const std::string &source, const std::string &function);

// GCC-style text for one finding: "file:line:col: warning: ...
// [parcoach:collective-mismatch]" (or error:), then the notes.
std::string format_finding(const CrossFileFinding &finding, bool as_error);

// What every link-time finding starts with, GCC style: "FILE: In function
// 'F':", then "FILE:L:C: warning: MESSAGE, because of the conditional at
// line N [parcoach:collective-mismatch]" (error: with `as_error'), then a
// note at each conditional of `related': processes may not all `act'
// ("run 'MPI_Barrier'", "make the call to 'f'") at the same point.
std::string format_link_warning(const std::string &function, const SourceLocation &location,
                                const std::vector<RelatedLocation> &related,
                                const std::string &message, const std::string &act,
                                bool as_error);

// "file:line:column" (no column when unknown), as GCC prints a location.
std::string location_text(const SourceLocation &location);

// The summary records of every domain write a location as three fields
// (file, line, column): `head', the location, then `tail'.
SummaryRecord summary_record(std::initializer_list<std::string> head, const SourceLocation &where,
                             std::initializer_list<std::string> tail = {});
// The location in fields[first..first+2] (the file is taken from them).
SourceLocation take_location(SummaryRecord &fields, std::size_t first);
// A number field (0 if it is none).
int summary_number(const std::string &field);

// Whether `related' names conditionals on more than one line.
bool names_several_lines(const std::vector<RelatedLocation> &related);

} // namespace parcoach

#endif
