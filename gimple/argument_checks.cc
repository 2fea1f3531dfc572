#include "argument_checks.h"

#include "report.h"

#include "communicator_choice.h"

#include "intl.h" // open_quote, close_quote: the quotes of %qs

namespace parcoach {

std::vector<std::vector<int>> matched_argument_positions(
    const std::vector<CollectiveCall> &collectives) {
  std::vector<std::vector<int>> positions;
  for (const CollectiveCall &call : collectives) {
    positions.emplace_back();
    for (const MatchedArgument &argument : arguments_to_match(*call.collective))
      positions.back().push_back(argument.position);
    if (communicator_verdict_index(call) >= 0)
      positions.back().push_back(call.collective->handle_arg);
  }
  return positions;
}

int communicator_verdict_index(const CollectiveCall &call) {
  const MpiCollective &collective = *call.collective;
  bool passes_communicator =
      collective.handle_kind == HandleKind::Comm && collective.handle_arg >= 0 &&
      (unsigned)collective.handle_arg < gimple_call_num_args(call.call);
  return passes_communicator ? (int)arguments_to_match(collective).size() : -1;
}

std::vector<ArgumentMismatch> communicator_choice(const ValueFlowFunction &function,
                                                  int collective, const MpiCollective &called,
                                                  const std::vector<ArgumentVerdict> &verdicts) {
  int index = (int)arguments_to_match(called).size();
  if (called.handle_kind != HandleKind::Comm || index >= (int)verdicts.size())
    return {};
  std::vector<std::string> candidates = communicator_candidates(function, collective, index);
  if (!communicator_differs_by_rank(candidates, verdicts[index]))
    return {};
  MatchedArgument comm{MatchedRole::Communicator, called.handle_arg, "comm"};
  return {{comm, verdicts[index].reason, verdicts[index].origin}};
}

namespace {

// A datatype constant among the operands: MPICH's integer handle, or the
// address of Open MPI's global (MatchingContext::saw_datatype).
tree see_datatype(tree *operand, int *walk_subtrees, void *data) {
  MatchingContext &context = *static_cast<MatchingContext *>(data);
  tree t = *operand;
  if (TREE_CODE(t) == INTEGER_CST && tree_fits_uhwi_p(t))
    context.saw_datatype(tree_to_uhwi(t), nullptr);
  else if (TREE_CODE(t) == INTEGER_CST && tree_fits_shwi_p(t)) // a negative int handle
    context.saw_datatype((unsigned long long)tree_to_shwi(t) & 0xffffffffULL, nullptr);
  else if (VAR_P(t) && DECL_NAME(t))
    context.saw_datatype(0, IDENTIFIER_POINTER(DECL_NAME(t)));
  if (TYPE_P(t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

} // namespace

void scan_unit_calls(function *fun, MatchingContext &context) {
  // Fortran's handles are integers whose values differ between MPI
  // libraries (Open MPI's are small): no datatype can be told basic.
  if (gcc_compat::compiling_fortran())
    context.names_composite_datatypes = true;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (const gcall *call = dyn_cast<const gcall *>(stmt))
        context.saw_call(callee_name(call));
      if (is_gimple_debug(stmt) || context.names_composite_datatypes)
        continue;
      for (unsigned i = 0; i < gimple_num_ops(stmt); ++i)
        if (gimple_op(stmt, i))
          walk_tree_without_duplicates(gimple_op_ptr(stmt, i), see_datatype, &context);
    }
    for (gphi_iterator gsi = gsi_start_phis(bb); !gsi_end_p(gsi); gsi_next(&gsi))
      for (unsigned i = 0; i < gimple_phi_num_args(gsi.phi()); ++i)
        walk_tree_without_duplicates(gimple_phi_arg_def_ptr(gsi.phi(), i), see_datatype,
                                     &context);
  }
}

namespace {

// "‘root’", "‘count’ and ‘datatype’", quoted as %qs quotes.
std::string quoted_names(const std::vector<ArgumentMismatch> &mismatches) {
  std::string names;
  for (std::size_t i = 0; i < mismatches.size(); ++i) {
    if (i > 0)
      names += i + 1 == mismatches.size() ? " and " : ", ";
    names += std::string(open_quote) + mismatches[i].argument.name + close_quote;
  }
  return names;
}

// The path of one call: where each differing argument's value comes from
// (when the value flow knows the line), then the call.  An argument whose
// source has no location says why at the call.
FindingPath arguments_path(const std::vector<ArgumentMismatch> &mismatches, const char *name,
                           location_t call, const std::string &names) {
  FindingPath path;
  std::string unplaced;
  for (const ArgumentMismatch &mismatch : mismatches) {
    std::string reason = with_gcc_quotes(mismatch.reason);
    if (mismatch.origin != 0)
      path.add((location_t)mismatch.origin,
               "%qs of %qs (line %d) may differ between processes: it %s",
               mismatch.argument.name, name, LOCATION_LINE(call), reason.c_str());
    else
      unplaced += std::string("; ") + open_quote + mismatch.argument.name + close_quote + " " +
                  reason;
  }
  path.add(call, "%qs is called here, and MPI requires %s to be the same on every process of "
                 "its communicator%s",
           name, names.c_str(), unplaced.c_str());
  return path;
}

} // namespace

void report_collective_arguments(const std::string &function,
                                 const std::vector<ArgumentSite> &sites,
                                 const std::vector<std::vector<ArgumentVerdict>> &verdicts,
                                 const MatchingContext &context, bool instrumented,
                                 std::vector<SettledCheck> &by_tag,
                                 std::vector<Finding> *findings) {
  for (std::size_t i = 0; i < sites.size() && i < verdicts.size(); ++i) {
    const ArgumentSite &site = sites[i];
    if (!site.collective || finding_silenced(FindingKind::CollectiveArguments, site.where, function))
      continue;
    std::vector<ArgumentMismatch> mismatches =
        mismatched_arguments(*site.collective, site.communicator, verdicts[i], context,
                             site.in_place);
    if (!context.makes_intercommunicators)
      mismatches.insert(mismatches.end(), site.communicator_choice.begin(),
                        site.communicator_choice.end());
    if (mismatches.empty())
      continue;
    // The C spelling for Fortran too, as the other kinds and the run-time
    // messages name collectives.
    const char *name = site.collective->c_name;
    bool checked = instrumented && site.tag >= 0 && (std::size_t)site.tag < by_tag.size();
    if (checked) {
      // Live even in a function with no mismatch of order: every process
      // reaches this call, so the check's own reduction matches.
      by_tag[site.tag].decision = CheckDecision::Always;
    }
    if (findings) {
      Finding finding;
      finding.kind = FindingKind::CollectiveArguments;
      finding.function = function;
      finding.location = source_location(site.where);
      finding.collective = name;
      finding.checked = checked;
      findings->push_back(finding);
    }
    std::string names = quoted_names(mismatches);
    bool communicator_only = mismatches.size() == 1 &&
                             mismatches[0].argument.role == MatchedRole::Communicator;
    FindingPath path = arguments_path(mismatches, name, site.where, names);
    if (findings)
      findings->back().path = path.report_events();
    auto_diagnostic_group group;
    bool reported =
        communicator_only
            ? report_finding(FindingKind::CollectiveArguments, site.where, function, path,
                             "argument %s of %qs may name different communicators on different "
                             "processes, but MPI requires every member of a communicator to "
                             "call the collective on it [parcoach:collective-arguments]",
                             names.c_str(), name)
            : report_finding(FindingKind::CollectiveArguments, site.where, function, path,
                             "%s %s of %qs may differ between the processes of its "
                             "communicator, but MPI requires %s to be the same on all of them "
                             "[parcoach:collective-arguments]",
                             mismatches.size() > 1 ? "arguments" : "argument", names.c_str(),
                             name, mismatches.size() > 1 ? "them" : "it");
    if (!reported)
      continue;
    if (checked)
      inform(site.where, "run-time check inserted before this call: the program stops with "
                         "%<MPI_Abort%> if processes disagree here");
  }
}

} // namespace parcoach
