// Parameters across files (issue 15): what the callers of a public
// function pass, judged over the whole program.  No GCC headers.
//
// One file at a time, a parameter of a function other files may call may
// differ between processes: `void step(MPI_Comm comm, int n) { if (n > 0)
// MPI_Barrier(comm); }' would be warned although every caller passes a
// constant.  Beside the results of other files' functions
// (cross_file_values.h), the parameters of such functions are keys the
// link step judges:
//  * compile time: a conditional whose only sources of difference are
//    such parameters (and such results) is deferred, with the keys it
//    depends on (defer_external_results, which takes the keys of
//    parameter_keys and assumes them uniform with
//    assume_parameters_uniform).  Every call of a function other files may
//    define or call records, per argument, what the caller knows: the
//    same everywhere, may differ (why), or depends on keys (a parameter
//    of the caller, a result of another file...): ParameterCallSite;
//  * link time: a parameter is the same everywhere when every call site
//    of the program passes a value that is (least fixpoint with the
//    results, cycles included, judge_parameters); it may differ if one
//    passes a value that may, if the function's address is taken
//    anywhere, or if code the link step cannot see may call it (a shared
//    library being built exports it: UnitSummary::any_caller).
// A parameter is judged with what it points to (a Fortran dummy
// argument, a C pointer, a C++ reference or `this'): a call site passes a
// value that is the same everywhere when the pointer and every slot it may
// point to are.  What a C++ reference member of it refers to is not
// judged, and what a callee leaves there is another matter
// (out_argument_key in cross_file_values.h).
#ifndef PARCOACH_CORE_CROSS_FILE_PARAMETERS_H
#define PARCOACH_CORE_CROSS_FILE_PARAMETERS_H

#include "cross_file_values.h"
#include "program_summary.h"
#include "value_flow.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace parcoach {

// The key of parameter `position' of the function `symbol' (linker name).
std::string parameter_key(const std::string &symbol, int position);
bool is_parameter_key(const std::string &key);

// The group of keys told apart together at compile time: for a parameter
// key, the prefix naming its function's parameters ("par:step:"); any
// other key stands alone.  assume_parameters_uniform takes a group.
std::string parameter_group(const std::string &key);

// The positions of `function''s parameters the link step may judge.
std::vector<int> judged_parameter_positions(const ValueFlowFunction &function,
                                            const std::set<unsigned> &addresses_taken);

// Adds to `name_of' the keys of the parameters of `unit' the link step may
// judge, with their names as printed ("parameter 'n' of 'step'").
void add_parameter_keys(const std::vector<ValueFlowFunction> &unit,
                        std::map<std::string, std::string> &name_of);

// Takes every parameter of `unit' the link step may judge as the same on
// every process (from other files), but those of the key or group
// `differing'.
void assume_parameters_uniform(std::vector<ValueFlowFunction> &unit,
                               const std::string &differing);

// `unit' with the parameters the unit itself passes a value that may
// differ (a call of the unit, with every key but those uniform, given by
// `assuming_uniform') left out of the keys: the file shows the difference,
// the conditionals on them are warned at compile time.
//
// `assuming_uniform' is called once: it must keep each function's
// parameters_passed_differing and take the parameters as
// assume_parameters_uniform(unit, "") does, which the later rounds apply
// again to its copy.
//
// `last_solve' (may be null): the fixpoint's last solve, of
// assuming_uniform(returned unit), which a caller about to solve exactly
// that reuses instead (issue 17: a whole-unit solve each); `solved' stays
// false when the fixpoint needed no solve.
struct UnitSolve {
  bool solved = false;
  std::vector<std::vector<BranchVerdict>> verdicts;
  std::vector<std::vector<std::vector<ArgumentVerdict>>> arguments;
  std::vector<ResultVerdict> results;
};
std::vector<ValueFlowFunction> without_parameters_passed_differing(
    const std::vector<ValueFlowFunction> &unit,
    const std::function<std::vector<ValueFlowFunction>(const std::vector<ValueFlowFunction> &)>
        &assuming_uniform,
    UnitSolve *last_solve = nullptr);

// Virtual methods (ValueFlowFunction::overridden_symbols): a call naming
// a base class method that `function' overrides runs it with that call's
// arguments.  One call of `function' per such base method, passing the
// base method's parameters (keys the link step judges from every call
// naming it), so that what a call through the vtable passes reaches the
// overrider's parameters.  `keys': the unit's keys (add_parameter_keys);
// adds to `base_keys' the base methods' keys with their printed names.
std::vector<ParameterCallSite>
virtual_dispatch_calls(const ValueFlowFunction &function,
                       const std::map<std::string, std::string> &keys,
                       std::map<std::string, std::string> &base_keys);

// What one argument of a call is, from the verdicts of the unit's solves:
// `full' the unit's own, `optimistic' with every key assumed uniform, and
// by key, the verdict with only that key differing (`alone'; empty: past
// the bound on separate solves, it depends on every key of `keys', named
// by every_key_placeholder of cross_file_values.h).
ArgumentSummary summarise_argument(const ArgumentVerdict &full, const ArgumentVerdict &optimistic,
                                   const std::map<std::string, bool> &alone,
                                   const std::map<std::string, std::string> &keys);

// Link time: adds to the judgements of the link step (judge_results) one
// entry per parameter key, and its evidence: whether it may differ
// whatever the other keys are, the keys the values passed depend on.
void judge_parameters(const std::vector<UnitSummary> &units,
                      std::map<std::string, ResultJudgement> &judged, KeyEvidenceMap &evidence);

// Whether the link step reports `site' (ExternalCallSite::depends_on: one
// of its keys may differ, or has no judgement); `note' (if given): a
// GCC-style note naming the key and why.  `names': printed names by key.
bool keep_deferred_call_site(const ExternalCallSite &site,
                             const std::map<std::string, ResultJudgement> &judged,
                             const std::map<std::string, std::string> &names, std::string *note);

} // namespace parcoach

#endif
