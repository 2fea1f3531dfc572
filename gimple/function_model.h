// Builds the core's graph model of one GIMPLE function (after `cfg', before
// OpenMP expansion), keeping what the reporter and the instrumenter need to
// go back from model nodes to statements.
#ifndef PARCOACH_GIMPLE_FUNCTION_MODEL_H
#define PARCOACH_GIMPLE_FUNCTION_MODEL_H

#include "gcc_compat.h"

#include "collective_mismatch.h"
#include "mpi_knowledge.h"
#include "value_flow.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace parcoach {

struct CollectiveCall {
  gcall *call;
  const MpiCollective *collective;
  NodeId node;
};

// A call to a function defined in this translation unit: what it runs is
// known only once the whole unit is lowered (unit_analysis.h).
struct UnitCall {
  gcall *call;
  tree callee;
  NodeId node;
};

// A call to a public function that this unit does not define and that is
// no MPI, OpenMP or compiler routine: it may run collectives in another
// file (program_summary.h).  A node of its own, running no collective here.
struct ExternalCall {
  gcall *call;
  tree callee;
  NodeId node;
};

// Where the ways of a conditional node lead (rank_chains.h): for a
// GIMPLE_COND, the successor where the condition holds; for a switch, the
// successor of each case value and of the default.  Nodes of the model.
struct BranchWays {
  NodeId when_true = -1;
  std::vector<std::pair<long long, NodeId>> cases;
  NodeId otherwise = -1;
};

struct GimpleFunction {
  FunctionModel model;
  SourceLanguage language = SourceLanguage::C;
  // Indexed by model node: the conditional statement ending it, or null.
  std::vector<gimple *> branch_of_node;
  // Where the ways of its conditionals lead (BranchWays).
  std::map<NodeId, BranchWays> branch_ways;
  // Every collective call, in statement order.
  std::vector<CollectiveCall> collectives;
  // Every call to a function defined in the unit, each in a node of its
  // own, in statement order.
  std::vector<UnitCall> unit_calls;
  // Every call to a function of another file, in statement order.
  std::vector<ExternalCall> external_calls;
  // Statements where a process leaves the function: returns and calls that
  // do not return but do not end the job either (exit, Fortran STOP, throw).
  // Only those outside OpenMP parallel, task and target regions: code there
  // is outlined into another function later, and may not refer to this
  // function's variables unless OpenMP lowering already arranged it.
  std::vector<gimple *> leave_points;
};

// The callee's name as the source spells it, or null for indirect and
// internal calls.
const char *callee_name(const gcall *call);

// The name a library table knows a callee by (value_flow_library.h,
// mpi_calls.h): lower case, without __builtin_ (memcpy is often called as
// such) nor PMPI's P.
std::string library_name(const char *name);

// The statement that last assigned `value' before `use' in its block, if
// any: enough to see the thread test that OpenMP lowering puts right before
// its branch.
gimple *definition_in_block(tree value, gimple *use);

// The type parameter `i' of the function `call' calls is declared with (an
// array argument's is a pointer to the array), or null.
tree parameter_type(const gcall *call, unsigned i);

// `type' is MPI's communicator handle: the MPI_Comm typedef (C, C++;
// MPICH and Open MPI alike) or mpi_f08's type(MPI_Comm).
bool communicator_handle_type(tree type);

// The declaration of a function the call reaches directly and whose body is
// in this translation unit, or NULL_TREE.
tree unit_callee(const gcall *call);

// The function of another file `call' calls (ExternalCall), or NULL_TREE.
tree external_callee(const gcall *call);

// The function is part of the MPI implementation's own headers (Open MPI's
// C++ bindings: inline methods of MPI::Comm... that mpicxx brings into
// every C++ file): it calls an MPI routine declared in a header of the
// directory tree its own definition is in.  Its collectives are the
// library's business: they count at the user's calls to it, but it gets
// no warning and only dormant checks (alive while a flagged caller runs).
bool is_mpi_library_code(function *fun);

// How diagnostics, reports, suppressions and the runtime's messages name a
// function (a FUNCTION_DECL; "" for none): one spelling everywhere, so that
// a suppression by function name matches every kind of finding.
std::string printable_function_name(tree function);

// A cheap scan: `fun' makes no MPI call (no MPI_/PMPI_ name), has no
// OpenMP construct, calls no OpenMP runtime function and no function of
// the unit.  Such a function can need no thread level and run no
// collective, whatever the rest of the unit turns out to be.
bool is_quiet_leaf(function *fun);

// The successors of a block in the model.  Exception edges are left out
// where the block also continues normally: a callee throwing is not a
// decision processes take differently, and C++ puts such an edge after
// nearly every call.  A block that only ends in an exception (a throw)
// follows its exception edges to the local handler.  An empty result (exit,
// STOP, a throw or resx leaving the function) means: to the exit.
std::vector<basic_block> model_successors(basic_block bb);

// Builds a model's graph from basic blocks: each block becomes a chain of
// nodes, with one node of its own per collective so that the analysis sees
// every collective separately, and the chains are linked along
// model_successors.  Both models use it: the MPI collectives of a function
// and the OpenMP collectives of a team, which differ only in the blocks and
// statements they take.
class BlockChains {
public:
  // `grow_extras' adds one element to the caller's own per-node vectors;
  // the entry and exit nodes are made here.
  BlockChains(function *fun, FunctionModel &model, std::vector<gimple *> &branch_of_node,
              std::function<void()> grow_extras);

  // The first node of the block's chain.
  NodeId begin_block(basic_block bb);
  // A node calling `collective' (0: a call to a function of the unit) after
  // `current', stored in `node'; returns the node that follows it.
  NodeId append_collective(NodeId current, int collective, NodeId &node);
  // The whole job ends after `current' (MPI_Abort...): the block's chain
  // stops there and has no successor.
  void end_job(NodeId current);
  // The block's chain ends at `current', which branches at `branch' (may
  // be null); with `to_exit', the block is where the model ends.
  void end_block(basic_block bb, NodeId current, gimple *branch, bool to_exit = false);
  // No path of the model follows the CFG edge from `from' to `to'.
  void skip_edge(basic_block from, basic_block to) { skipped_.insert({from->index, to->index}); }
  // Links each chain to its block's successors (blocks `in_model' rejects
  // lead to the exit; null: every block is in), and the entry to the
  // successors of `start'.
  void connect(basic_block start, const std::function<bool(basic_block)> &in_model);
  // After connect: where the ways of each node ending in a GIMPLE_COND or
  // a GIMPLE_SWITCH lead.
  const std::map<NodeId, BranchWays> &branch_ways() const { return branch_ways_; }

private:
  NodeId new_node();
  NodeId node_entering(basic_block bb, const std::function<bool(basic_block)> &in_model) const;
  void record_ways(basic_block bb, NodeId from, const std::vector<basic_block> &successors,
                   const std::function<bool(basic_block)> &in_model);

  function *fun_;
  FunctionModel &model_;
  std::vector<gimple *> &branch_of_node_;
  std::function<void()> grow_extras_;
  std::vector<NodeId> first_, last_;
  std::vector<bool> to_exit_;
  std::set<std::pair<int, int>> skipped_; // block indexes
  std::map<NodeId, BranchWays> branch_ways_;
};

// Where to report a conditional: its statement's location, except where a
// front end puts it elsewhere.
location_t conditional_location(const gimple *branch);

GimpleFunction build_function_model(function *fun);

// gfortran gives some calls the location of the program unit's first line
// instead of their own: a call with no constant argument to a procedure
// with an explicit interface whose dummies are intent(out), as with Open
// MPI's `use mpi'.  Their own line is on the clobbers of those arguments
// just before them: give it back to the calls, so that diagnostics and
// run-time messages name the right line.
void repair_fortran_call_locations(function *fun);

// The conditional statements of a function whose value-flow verdicts the
// unit step needs (value_flow_model.h), each once, in the order of the
// verdicts.
class FlowBranches {
public:
  int add(gimple *branch);
  const std::vector<gimple *> &statements() const { return statements_; }

private:
  std::vector<gimple *> statements_;
  std::map<gimple *, int> index_;
};

// Clears `conditional' on the nodes of `flow_branches' (node, verdict
// index) whose value cannot differ between processes (with
// `between_threads': between the threads of a team).  Returns the proof of
// each, by node; `why_differs', if given, receives the reason each other
// conditional may differ.
std::map<NodeId, std::string>
drop_uniform_conditionals(FunctionModel &model,
                          const std::vector<std::pair<NodeId, int>> &flow_branches,
                          const std::vector<BranchVerdict> &verdicts, bool between_threads,
                          std::map<NodeId, std::string> *why_differs = nullptr);

} // namespace parcoach

#endif
