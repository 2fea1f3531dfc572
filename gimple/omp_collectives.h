// OpenMP collectives (thesis section 3.2, Algorithms 15-18): every thread of
// a team must meet the same sequence of barriers and worksharing
// constructs.  Each parallel region becomes a graph model of its own, whose
// "collectives" are explicit barriers, implicit barriers (end of for,
// sections, single without nowait), worksharing constructs, and calls to
// functions of the unit that run orphaned constructs; the
// collective-mismatch core (Algorithm 12) then finds the conditionals some
// threads may take and others not.
//
// Like the MPI analysis (unit_analysis.h), it works in two steps: the
// models are built at the `cfg' pass, before OpenMP expansion outlines the
// regions, with a candidate run-time check before every construct of every
// region, at the start of its body (which arms the dormant checks) and
// before its end, and a dormant check before every orphaned construct; the
// unit step, once every function is lowered, replaces calls by what the
// callees run (Algorithm 18, with the summaries of
// collective_summaries.h), reports, and settles the candidates.  A call
// gets no check of its own: the callee's dormant checks, alive while the
// calling team's region is checked, check each construct it runs.
#ifndef PARCOACH_GIMPLE_OMP_COLLECTIVES_H
#define PARCOACH_GIMPLE_OMP_COLLECTIVES_H

#include "gcc_compat.h"

#include "collective_mismatch.h"
#include "findings_report.h"
#include "function_model.h"
#include "instrument.h"
#include "plugin_options.h"
#include "report.h"
#include "value_flow.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace parcoach {

struct TeamEventRecord {
  std::string name; // "'#pragma omp barrier'", "the implicit barrier of '...'"
  location_t where;
  // What the report names ("collective"): the directive ("#pragma omp
  // for", also for its implicit barrier) or the function called.
  std::string construct;
};

// One team's model, kept for the unit step: a parallel region, or the
// function's orphaned constructs (run by whatever team calls it).
struct TeamRecord {
  bool parallel_region;
  location_t start;
  FunctionModel model; // facts.callee: unit ids
  std::vector<int> event_of_node; // index in events, or -1
  std::vector<TeamEventRecord> events;
  BranchOfNode branches;
  // (node, index of its branch in the function's FlowBranches).
  std::vector<std::pair<NodeId, int>> flow_branches;
  // Candidate checks, with their colour (rtlib/parcoach_omp.h): live for
  // a parallel region, dormant for the orphaned constructs.
  struct Candidate {
    int tag;
    int colour;
  };
  std::vector<Candidate> candidates;
};

struct OmpFunctionRecord {
  std::string name;
  // The function's orphaned constructs with every barrier alike: what its
  // callers see.
  TeamRecord summary;
  std::vector<TeamRecord> teams;
};

// A check to insert once the value flow is extracted: statements change
// nothing before that.
struct PendingOmpCheck {
  std::size_t team; // index in OmpFunctionRecord::teams
  // The construct, or for PARCOACH_OMP_START the parallel directive (the
  // check goes at the start of its body).
  gimple *before;
  int colour;
  location_t where;
  bool dormant; // an orphaned construct's
};

// At the `cfg' pass: the models of `fun''s teams.  Their conditionals are
// added to `branches'; `pending' receives the candidate checks.
OmpFunctionRecord build_omp_record(function *fun, const Options &options,
                                   const std::function<int(tree)> &unit_id,
                                   FlowBranches &branches,
                                   std::vector<PendingOmpCheck> &pending);

// Inserts the pending checks as candidates, tags from `next_tag'.
void insert_omp_candidates(function *fun, const std::vector<PendingOmpCheck> &pending,
                           OmpFunctionRecord &record, int &next_tag);

// At the unit step.  `records[id]' and `verdicts[id]' by unit id (null for
// functions not recorded); reports, and settles the candidates in
// `by_tag'.
void analyse_omp_unit(const std::vector<const OmpFunctionRecord *> &records,
                      const std::vector<const std::vector<BranchVerdict> *> &verdicts,
                      const Options &options, std::vector<Finding> *findings,
                      std::vector<SettledCheck> &by_tag);

} // namespace parcoach

#endif
