// Rank- and thread-dependence of the values branches test (issue 5): a
// conditional can send processes (threads) different ways only if the value
// it tests may differ between them.
//
// The GIMPLE adapter (gimple/value_flow_model.h) describes each function of
// the translation unit as a ValueFlowFunction at the `cfg' pass; the whole
// unit is then solved at once, so that parameters, globals and return
// values carry what the callers and callees know.
#ifndef PARCOACH_CORE_VALUE_FLOW_H
#define PARCOACH_CORE_VALUE_FLOW_H

#include <string>
#include <vector>

namespace parcoach {

// STUB: the abstract program of one function; to be designed.
struct ValueFlowFunction {
  // One entry per branch the caller of extract_value_flow asked about.
  int branch_count = 0;
};

struct BranchVerdict {
  bool may_differ_between_processes = true;
  bool may_differ_between_threads = true;
  // Why: the proof that made the value uniform, or the source that makes
  // it differ (for -fplugin-arg-parcoach-verbose).
  std::string reason;
};

// verdicts[i][j]: branch j of unit[i].
std::vector<std::vector<BranchVerdict>>
solve_value_flow(const std::vector<ValueFlowFunction> &unit);

} // namespace parcoach

#endif
