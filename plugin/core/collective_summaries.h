// Inter-procedural collective analysis within a translation unit (thesis
// Algorithms 22-23, extended).  Each function gets a summary of the
// collectives a process entering it runs; a call to the function is
// replaced by that summary before the caller is analysed, callees first
// (bottom-up over the call graph).
//
// A summary is a sequence of colours:
//  * the function's valid sequence, when every entering process runs
//    exactly it (figure 5.1: a call to f() matches a barrier elsewhere);
//  * otherwise one opaque token standing for "whatever this function runs":
//    processes calling the same function at the same point still match,
//    but a call some processes skip is a mismatch (figure 5.2);
//  * empty when the function never runs a collective.
// Functions of one recursive cycle see each other as tokens, unless no
// function of the cycle can run a collective.
#ifndef PARCOACH_CORE_COLLECTIVE_SUMMARIES_H
#define PARCOACH_CORE_COLLECTIVE_SUMMARIES_H

#include "collective_mismatch.h"

#include <map>
#include <vector>

namespace parcoach {

// Token colours: first_call_token + the function's index in the unit.
constexpr int first_call_token = 1 << 20;

inline bool is_call_token(int colour) { return colour >= first_call_token; }
inline int token_function(int colour) { return colour - first_call_token; }

// A function's model with its calls replaced by their callees' summaries.
struct ExpandedModel {
  FunctionModel model;
  // Node of the original model each node comes from (a call's summary
  // becomes a chain of nodes that all come from the call's node).
  std::vector<NodeId> origin;
};

// Replaces each node with facts.callee >= 0 by `summaries[callee]': the
// node itself takes the first colour, new nodes the others; an empty
// summary leaves a plain node.
ExpandedModel expand_calls(const FunctionModel &model,
                           const std::vector<std::vector<int>> &summaries);

// The flagged nodes of an analysis of `expanded', by the original node they
// come from: the nodes of a call's summary are merged into one verdict on
// the call's node (conditionals united and sorted; the collective of the
// first).
std::map<NodeId, FlaggedCollective> flagged_by_origin(const ExpandedModel &expanded,
                                                      const MismatchResult &result);

struct UnitAnalysis {
  std::vector<ExpandedModel> expanded; // per function
  std::vector<MismatchResult> results; // per function, on expanded[i]
  std::vector<std::vector<int>> summaries;
};

// Analyses every function of the unit, callees before callers.  Nodes'
// facts.callee index `models'.
UnitAnalysis analyse_unit(const std::vector<FunctionModel> &models);

} // namespace parcoach

#endif
