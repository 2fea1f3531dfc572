// Value facts across files (issue 15): results of functions of other files
// that are the same on every process.  No GCC headers.
//
// One file at a time, the result of a function of another file may differ
// between processes: `if (world_size() > 1) MPI_Barrier(...)' would be
// warned although world_size() returns MPI_Comm_size.  Instead:
//  * each unit says, in its summary (program_summary.h), for each public
//    function returning a value, whether that value may differ when the
//    arguments are the same everywhere, and on the results of which
//    functions of other files it depends (result_summaries);
//  * a conditional whose only source of difference is such results
//    (defer_external_results) is not warned when its file is compiled: the
//    unit records it as a DeferredSite, with the functions it depends on,
//    and the link step (judge_deferred_sites) warns it at the caller's
//    line if one of them may differ, or is not known to the link step
//    (built without PARCOACH: conservative, as one file at a time).
// Results of functions declared in system headers (the C library, MPI)
// are never deferred: the value-flow tables decide them, or they may
// differ (value_flow_library.h).
#ifndef PARCOACH_CORE_CROSS_FILE_VALUES_H
#define PARCOACH_CORE_CROSS_FILE_VALUES_H

#include "program_summary.h"
#include "value_flow.h"

#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace parcoach {

// What a unit's value flow says once the results of functions of other
// files are taken as the link step may find them.
struct DeferredValues {
  // Some conditional or result is deferred.
  bool any = false;
  // The unit's verdicts with every deferred conditional made uniform
  // between processes (its reason says so); by function, by branch.
  std::vector<std::vector<BranchVerdict>> verdicts;
  // By function, by branch: the linker names of the functions of other
  // files whose results the conditional depends on (sorted), for a
  // deferred conditional; empty otherwise.
  std::vector<std::vector<std::vector<std::string>>> branch_depends_on;
  // By function: may its result differ whatever other files' functions
  // return, and the functions whose results it depends on otherwise.
  std::vector<bool> result_may_differ;
  std::vector<std::vector<std::string>> result_depends_on;
  std::vector<std::string> result_reason;
  // The keys by linker name: their names as printed.
  std::map<std::string, std::string> names;
  // By function, by probe (ValueFlowFunction::collectives), by argument
  // asked: what the argument is, as the link step reads it
  // (cross_file_parameters.h); filled when `arguments' is given.
  std::vector<std::vector<std::vector<ArgumentSummary>>> arguments;
  // The keys every_key_placeholder stands for, when a list above names it.
  std::vector<std::string> every_key;
};

// Past the bound on separate solves, what depends on some key of the unit
// depends on every key of it.  Rather than all of them in each list (one
// field per key and per list: quadratic in the unit's size, in the object
// and at link time), the lists name this placeholder, and the unit's
// summary lists the keys once (UnitSummary::every_key).  Reading a
// summary makes the placeholder the unit's own key (qualify_every_key),
// which the link step judges like the others: it may differ if one of the
// keys it stands for may.
extern const char *const every_key_placeholder;
bool is_every_key(const std::string &key);
// Replaces the placeholder in `unit''s lists by its own key.
void qualify_every_key(UnitSummary &unit);

// `verdicts' and `results': solve_value_flow(unit) as is; with
// `solved_with_key_tags', solved with link_key_tags(unit), which saves a
// solve.  At most `max_separate_solves' functions of other files are told
// apart (one solve each, for the deferred values their tags do not tell
// apart: value_flow.h, SourceTags); above that, such a value depends on
// all of them (every_key_placeholder).
DeferredValues defer_external_results(const std::vector<ValueFlowFunction> &unit,
                                      const std::vector<std::vector<BranchVerdict>> &verdicts,
                                      const std::vector<ResultVerdict> &results,
                                      int max_separate_solves = 16,
                                      const std::vector<std::vector<std::vector<ArgumentVerdict>>>
                                          *arguments = nullptr,
                                      bool solved_with_key_tags = false);

// The tags of what other files decide in `unit' (results of their
// functions, their stores in shared variables, the parameters they pass),
// one per key, for the solve defer_external_results is given.
SourceTags link_key_tags(const std::vector<ValueFlowFunction> &unit);

// The key naming a shared variable (a global other files may read or
// store to, by its linker name) beside the results of functions (their
// linker names) in what deferred conditionals depend on.
std::string variable_key(const std::string &symbol);
// The name of one field, its bits [offset, offset + size), of what `name'
// names: a shared variable of record type (its symbol: a COMMON block's
// member), or what a function leaves behind an argument (its key).
std::string field_key(const std::string &name, long long offset, long long size);
// The key a field's key (field_key, or variable_key of a field's symbol)
// belongs to; empty for any other key.
std::string whole_key(std::string_view key);

// Out-arguments across files: what the function `symbol' of another file
// leaves behind its pointer argument `position' (`read_input(&steps)',
// Fortran's `call read_input(steps)').  The caller's adapter gives the
// variable whose address it passes a value from a fact keyed so
// (ValueFlowFact::external_result) instead of taking it as escaped; the
// callee's unit publishes, for each pointer parameter of its public
// functions, a ResultSummary under that key: whether the value it leaves
// there at its returns (add_exit_probes) may differ when what other files
// decide is the same everywhere.  Its own parameter's key stands for the
// value it found there.  The link step judges the key like a function's
// result; a callee with no summary (built without PARCOACH) may leave
// anything.
std::string out_argument_key(const std::string &symbol, int position);
bool is_out_argument_key(const std::string &key);

// Adds to each public function of `unit' (a linker name, callable from
// other files) one probe per return and out-parameter
// (ValueFlowFunction::out_parameters) it reads or writes through: the value of what that parameter points to there, with
// the control dependence of the return (ValueFlowCollective::with_control),
// named by out_argument_key.  Appended after the other probes.
void add_exit_probes(std::vector<ValueFlowFunction> &unit);

// The summaries of the keys of add_exit_probes from what
// defer_external_results says of the probes (`deferred.arguments', by
// function, by probe): one per key, joined over its returns.
std::vector<ResultSummary> exit_summaries(const std::vector<ValueFlowFunction> &unit,
                                          const DeferredValues &deferred,
                                          const std::vector<std::string> &names,
                                          const std::string &file);

// What a unit tells the link step of each shared variable it defines or
// stores to: may its stores there differ between processes (assuming what
// other files decide is the same everywhere, but for `depends_on'), and
// the functions other files may call that store there (themselves or
// through functions of the unit).  The link step takes the variable as
// the same on every process when no unit's stores differ and every
// process calls those functions alike.
struct VariableFacts {
  std::string symbol;
  std::string name;
  // For one field of a record variable (field_key): the variable's
  // symbol; empty for a whole variable.
  std::string field_of;
  bool defined_here = false;
  bool may_differ = true;
  std::vector<std::string> depends_on; // keys, sorted
  std::vector<unsigned> writers;       // uids of `unit''s functions
};
std::vector<VariableFacts> variable_facts(const std::vector<ValueFlowFunction> &unit);

// A static variable no function other files may call stores to holds
// what the unit's own code leaves there: nothing for the link step to
// judge.  Forgets the name such a static has for it (unit_static_symbol),
// before the unit is solved: only the statics of a file's public setters
// and initialisers are keys of the link step (the summary's size).
void forget_link_names_of_private_statics(std::vector<ValueFlowFunction> &unit);

// Link time: by linker name, whether the result of each function of the
// program may differ between processes (bottom-up over the results they
// depend on, cycles included).  Functions absent from the map have no
// summary: built without PARCOACH, their results may differ.
struct ResultJudgement {
  bool may_differ = true;
  std::string name, file;
  std::string reason; // why, when it may differ
};
std::map<std::string, ResultJudgement> judge_results(const std::vector<UnitSummary> &units);

// What judge_results gathers of one key before its fixpoint: whether it
// may differ whatever the other keys are, and the keys it depends on
// (views of the units' strings; sorted and made unique before the
// fixpoint).  Keyed by views of the keys of judge_results's map.
struct KeyEvidence {
  bool own = false;
  std::vector<std::string_view> depends_on;
};
using KeyEvidenceMap = std::unordered_map<std::string_view, KeyEvidence>;

// A deferred site the link step reports: `because' is the function of
// another file (linker name) whose result may differ.
struct DeferredFinding {
  DeferredSite site;
  std::string because;
  std::string because_name;
  ResultJudgement judgement; // of `because'; may_differ and no file: unknown
  bool known = false;        // `because' has a summary
};

// Every deferred site of `units' one of whose functions may differ, in the
// order of the units and their sites.  `judged' (if given): whether the
// program has deferred sites at all (the link step then tells the run
// time that it judged them, rtlib/parcoach_link.c).
std::vector<DeferredFinding> judge_deferred_sites(const std::vector<UnitSummary> &units,
                                                  bool *judged = nullptr);
// The same with the judgements of judge_results(units) already at hand
// (the link step needs them for its calls too: judged once).
std::vector<DeferredFinding>
judge_deferred_sites(const std::vector<UnitSummary> &units,
                     const std::map<std::string, ResultJudgement> &results, bool *judged);

// The arming key of a function with deferred sites: armed at run time when
// the link step reports one of them, or when no link step judged the
// program (rtlib/parcoach_link.c tells them apart by the prefix).
std::string deferred_arming_key(const std::string &source, const std::string &function);

// GCC-style text for one finding, as format_finding.
std::string format_deferred_finding(const DeferredFinding &finding, bool as_error);

} // namespace parcoach

#endif
