// A text form of the value-flow records (value_flow.h) and of what the
// solver concluded from them, for -fplugin-arg-parcoach-dump=value-flow and
// for tests: what the GIMPLE reader (gimple/value_flow_model.h) made of a
// function, readable without GCC.
//
// One line per item, the function's items indented under it:
//
//   function 'main' uid 2701 symbol main entry-point, from t.c
//     slot s0 'rank' local scalar
//     fact f0 differs(processes,threads) rank(MPI_COMM_WORLD) "depends on ..."
//     block b0 -> b1 b2
//       s1 := s0 [copy s0]
//       if s1 compare "rank == 0" branch 0 line 12
//     verdict line 12: processes differ, threads same; depends on ...
//     returns: same
//
// Slots are s<N>, facts f<N>, blocks b<N>, by their index in the record.
// The `verdict' lines (one per conditional the caller asked about, with its
// source line) are what tests compare (tests/extractor/run.py): they do not
// depend on how the reader numbers slots and blocks.
#ifndef PARCOACH_CORE_VALUE_FLOW_TEXT_H
#define PARCOACH_CORE_VALUE_FLOW_TEXT_H

#include "value_flow.h"

#include <map>
#include <string>
#include <vector>

namespace parcoach {

// Names of the unit's functions by uid, to name the callee of a call
// statement (an unknown uid is printed as a number).
using ValueFlowFunctionNames = std::map<unsigned, std::string>;

// The record of one function: its header line and its slots, facts,
// blocks with their statements and conditionals, collectives and splits.
// `source_file' (may be empty) is appended to the header line.
std::string value_flow_text(const ValueFlowFunction &function,
                            const ValueFlowFunctionNames &names = {},
                            const std::string &source_file = "");

// The linker names a conditional's verdict waits for (by branch): the
// functions of other files whose results, the variables other files may
// store to, the parameters other files may pass, that alone make it
// differ (DeferredValues::branch_depends_on, cross_file_values.h).  The
// link step decides it: uniform if the other files agree.
using ValueFlowDeferred = std::vector<std::vector<std::string>>;

// What the solver said of one function: a `verdict' line per conditional
// of `function' that has a verdict (in block order), then unplaced
// verdicts, then, with `result', what it returns.  With `deferred', a
// verdict left to the link step says on what:
//   verdict line 21 (branch 1): processes differ (link step: steps_), ...
std::string value_flow_verdicts_text(const ValueFlowFunction &function,
                                     const std::vector<BranchVerdict> &verdicts,
                                     const ResultVerdict *result = nullptr,
                                     const ValueFlowDeferred *deferred = nullptr);

// A whole unit: for each function, its record then its verdicts.
// `verdicts' and `results' as solve_value_flow gives them, `deferred' by
// function (as DeferredValues::branch_depends_on), `source_files' by
// function; the last three may be empty or shorter.
std::string value_flow_unit_text(const std::vector<ValueFlowFunction> &unit,
                                 const std::vector<std::vector<BranchVerdict>> &verdicts,
                                 const std::vector<ResultVerdict> &results,
                                 const std::vector<ValueFlowDeferred> &deferred,
                                 const std::vector<std::string> &source_files);

} // namespace parcoach

#endif
