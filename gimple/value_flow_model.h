// Describes a GIMPLE function (at the `cfg' pass, before OpenMP expansion)
// as the core's ValueFlowFunction (plugin/core/value_flow.h): one block per
// basic block, one slot per variable, temporary and record field, a small
// flow-insensitive points-to analysis to resolve `*p' (pointer parameters,
// allocation sites, OpenMP's .omp_data_i), escapes to code it does not
// see, and the effect of library calls (value_flow_library.h).
#ifndef PARCOACH_GIMPLE_VALUE_FLOW_MODEL_H
#define PARCOACH_GIMPLE_VALUE_FLOW_MODEL_H

#include "gcc_compat.h"

#include "value_flow.h"

#include <vector>

namespace parcoach {

// `branches': the conditional statements (GIMPLE_COND, GIMPLE_SWITCH,
// computed GIMPLE_GOTO) whose verdicts the caller wants, in the order the
// verdicts come back from solve_value_flow.  Keeps no pointer into GCC's
// IR: the unit is solved after every function was lowered.  `collectives':
// (call, position of its communicator argument), described in the same
// order in ValueFlowFunction::collectives.  `arguments' (by collective, in
// the same order; may be shorter): the positions of the arguments whose
// values ValueFlowCollective::arguments describes.
ValueFlowFunction extract_value_flow(function *fun, const std::vector<gimple *> &branches,
                                     const std::vector<std::pair<gimple *, int>> &collectives,
                                     const std::vector<std::vector<int>> &arguments = {});

// The size in bytes of an MPI datatype given as a predefined constant
// (MPICH's integer handle, Open MPI's global), or 0.
unsigned long predefined_datatype_size(tree datatype);

// The virtual method a call through the vtable names (`s.solve(n)' on a
// `Solver &': Solver::solve), found by its vtable index; NULL_TREE for any
// other call, or when the index names no method of the class.
tree virtual_call_method(const gcall *call);

} // namespace parcoach

#endif
