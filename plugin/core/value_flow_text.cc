#include "value_flow_text.h"

#include <cstddef>

namespace parcoach {

namespace {

// A phrase or a name between double quotes, on one line.
std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}

std::string slot_name(int slot) { return slot < 0 ? "-" : "s" + std::to_string(slot); }

std::string slot_list(const std::vector<int> &slots) {
  std::string out;
  for (int slot : slots)
    out += (out.empty() ? "" : " ") + slot_name(slot);
  return out;
}

std::string number_list(const std::vector<int> &numbers) {
  std::string out;
  for (int n : numbers)
    out += (out.empty() ? "" : " ") + std::to_string(n);
  return out;
}

std::string communicator_text(const std::string &communicator) {
  return communicator.empty() ? "?" : communicator;
}

std::string scope_text(const ValueFlowSlot &slot) {
  switch (slot.scope) {
  case SlotScope::Local:
    return "local";
  case SlotScope::Parameter:
    return "parameter(" + std::to_string(slot.parameter) + ")";
  case SlotScope::ParameterTarget:
    return "parameter-target(" + std::to_string(slot.parameter) + ")" +
           (slot.through_reference >= 0
                ? " through-reference(field " + std::to_string(slot.through_reference) + ")"
                : "");
  case SlotScope::Global:
    return "global(" + std::to_string(slot.global) + ")";
  }
  return "?";
}

const char *visibility_text(GlobalVisibility visibility) {
  switch (visibility) {
  case GlobalVisibility::Unit:
    return "unit";
  case GlobalVisibility::Public:
    return "public";
  case GlobalVisibility::External:
    return "external";
  case GlobalVisibility::ReadOnly:
    return "read-only";
  case GlobalVisibility::ThreadLocal:
    return "thread-local";
  }
  return "?";
}

std::string slot_text(int index, const ValueFlowSlot &slot) {
  std::string out = "slot " + slot_name(index) + " '" + slot.name + "' " + scope_text(slot);
  if (slot.scope == SlotScope::Global) {
    out += std::string(" ") + visibility_text(slot.visibility);
    if (!slot.symbol.empty())
      out += " symbol " + slot.symbol;
    if (slot.other_files_store_uniform)
      out += " other-files-store-uniform";
  }
  if (slot.field >= 0 || slot.field_offset >= 0)
    out += " field " + std::to_string(slot.field) + " bits " +
           std::to_string(slot.field_offset) + "+" + std::to_string(slot.field_size);
  if (slot.scalar)
    out += " scalar";
  if (slot.covered)
    out += " covered";
  if (slot.single_definition)
    out += " single-definition";
  if (slot.escapes >= 0)
    out += " escapes(f" + std::to_string(slot.escapes) + ")";
  if (slot.same_in_every_thread)
    out += " same-in-every-thread";
  return out;
}

std::string fact_text(int index, const ValueFlowFact &fact) {
  std::string out = "fact f" + std::to_string(index) + " ";
  if (fact.differs_between_processes || fact.differs_between_threads) {
    out += "differs(";
    out += fact.differs_between_processes ? "processes" : "";
    out += fact.differs_between_processes && fact.differs_between_threads ? "," : "";
    out += fact.differs_between_threads ? "threads" : "";
    out += ")";
  } else {
    out += "same";
  }
  if (fact.error_code)
    out += " error-code";
  if (fact.is_rank)
    out += " rank(" + communicator_text(fact.rank_communicator) + ")";
  if (!fact.external_result.empty())
    out += " external-result(" + fact.external_result + ")";
  if (fact.unless_returns_only_fields_of)
    out += " unless-returns-only-fields(" +
           std::to_string(fact.unless_returns_only_fields_of) + ")";
  return out + " " + quoted(fact.phrase);
}

std::string quantity_text(const ValueFlowQuantity &quantity) {
  if (quantity.kind == ValueFlowQuantity::Kind::None)
    return "";
  std::string out = quantity.kind == ValueFlowQuantity::Kind::Rank ? "rank" : "size";
  out += "(" + communicator_text(quantity.communicator) + ")";
  if (quantity.activation_local)
    out += " activation-local";
  return out;
}

std::string operand_text(const ValueFlowOperand &operand) {
  if (operand.slot < 0)
    return operand.null_communicator ? "MPI_COMM_NULL" : std::to_string(operand.constant);
  std::string out = slot_name(operand.slot);
  if (operand.offset > 0)
    out += "+" + std::to_string(operand.offset);
  else if (operand.offset < 0)
    out += std::to_string(operand.offset);
  return out;
}

const char *operator_text(ValueFlowComparison::Op op) {
  switch (op) {
  case ValueFlowComparison::Op::None:
    return "?";
  case ValueFlowComparison::Op::Less:
    return "<";
  case ValueFlowComparison::Op::LessEqual:
    return "<=";
  case ValueFlowComparison::Op::Greater:
    return ">";
  case ValueFlowComparison::Op::GreaterEqual:
    return ">=";
  case ValueFlowComparison::Op::Equal:
    return "==";
  case ValueFlowComparison::Op::NotEqual:
    return "!=";
  }
  return "?";
}

// " compare(s0 < s1 \"rank < size\")", or "" when nothing is compared.
std::string comparison_text(const ValueFlowComparison &comparison) {
  if (comparison.op == ValueFlowComparison::Op::None)
    return "";
  return " compare(" + operand_text(comparison.left) + " " + operator_text(comparison.op) + " " +
         operand_text(comparison.right) + " " + quoted(comparison.text) + ")";
}

// "s0 s1 + f2": what a value is computed from.
std::string sources_text(const std::vector<int> &uses, int fact) {
  std::string out = slot_list(uses);
  if (fact >= 0)
    out += (out.empty() ? "" : " + ") + std::string("f") + std::to_string(fact);
  return out.empty() ? "nothing" : out;
}

std::string callee_text(unsigned uid, const ValueFlowFunctionNames &names) {
  auto name = names.find(uid);
  return name == names.end() ? "uid " + std::to_string(uid)
                             : "'" + name->second + "' uid " + std::to_string(uid);
}

std::string argument_text(const ValueFlowArgument &argument) {
  std::string out = "(uses " + (argument.uses.empty() ? "-" : slot_list(argument.uses));
  if (!argument.pointees.empty() || argument.points_elsewhere) {
    out += "; points-to " + slot_list(argument.pointees);
    if (argument.points_elsewhere)
      out += argument.pointees.empty() ? "elsewhere" : " elsewhere";
    if (argument.exact)
      out += " exact";
  }
  if (argument.copy_of >= 0)
    out += "; copy " + slot_name(argument.copy_of);
  for (const ValueFlowReach &reach : argument.reachable) {
    out += "; reaches " + slot_name(reach.slot);
    if (!reach.through_results_of.empty()) {
      out += " through-results-of";
      for (unsigned uid : reach.through_results_of)
        out += " " + std::to_string(uid);
    }
  }
  return out + ")";
}

std::string statement_text(const ValueFlowStatement &statement,
                           const ValueFlowFunctionNames &names) {
  std::string out;
  switch (statement.kind) {
  case ValueFlowStatement::Kind::Assign:
    out = (statement.target < 0 ? "_" : slot_name(statement.target)) + " := " +
          sources_text(statement.uses, statement.fact);
    break;
  case ValueFlowStatement::Kind::Call:
    out = (statement.target < 0 ? "_" : slot_name(statement.target)) + " := call " +
          callee_text(statement.callee, names);
    for (const ValueFlowArgument &argument : statement.arguments)
      out += " " + argument_text(argument);
    if (!statement.uses.empty() || statement.fact >= 0)
      out += " also " + sources_text(statement.uses, statement.fact);
    break;
  case ValueFlowStatement::Kind::Return:
    out = "return " + sources_text(statement.uses, statement.fact);
    break;
  }
  std::string notes;
  if (statement.kind != ValueFlowStatement::Kind::Return && !statement.strong)
    notes += " weak";
  if (statement.copy_of >= 0)
    notes += " copy " + slot_name(statement.copy_of);
  std::string quantity = quantity_text(statement.quantity);
  if (!quantity.empty())
    notes += " quantity " + quantity;
  if (statement.assigns_constant)
    notes += " constant " + std::to_string(statement.constant);
  notes += comparison_text(statement.comparison);
  if (statement.same_in_every_thread)
    notes += " same-in-every-thread";
  if (statement.binds_reference) {
    notes += " refers-to " + slot_list(statement.referents);
    if (statement.refers_elsewhere)
      notes += " elsewhere";
  }
  if (statement.through_result_of) {
    notes += " through-result-of " + std::to_string(statement.through_result_of) + " arguments";
    for (int argument : statement.result_arguments)
      notes += " " + std::to_string(argument);
  }
  return notes.empty() ? out : out + " [" + notes.substr(1) + "]";
}

std::string block_list(const std::vector<int> &blocks) {
  std::string out;
  for (int block : blocks)
    out += " b" + std::to_string(block);
  return out;
}

std::string block_text(int index, const ValueFlowBlock &block,
                       const ValueFlowFunctionNames &names) {
  std::string out = "  block b" + std::to_string(index);
  out += block.successors.empty() ? " -> exit" : " ->" + block_list(block.successors);
  if (!block.data_successors.empty())
    out += " data ->" + block_list(block.data_successors);
  if (block.in_parallel_region)
    out += " in-parallel";
  if (block.starts_team)
    out += " starts-team";
  if (block.ends_job)
    out += " ends-job";
  out += "\n";
  for (const ValueFlowStatement &statement : block.statements)
    out += "    " + statement_text(statement, names) + "\n";
  if (!block.condition.empty() || block.condition_fact >= 0 || block.branch >= 0 ||
      block.successors.size() > 1) {
    out += "    if " + sources_text(block.condition, block.condition_fact) +
           comparison_text(block.comparison);
    if (block.branch >= 0)
      out += " branch " + std::to_string(block.branch) + " line " + std::to_string(block.line);
    out += "\n";
  }
  return out;
}

std::string header_text(const ValueFlowFunction &function, const std::string &source_file) {
  std::string out = "function '" + function.name + "' uid " + std::to_string(function.uid);
  if (!function.symbol.empty())
    out += " symbol " + function.symbol;
  if (function.entry_point)
    out += " entry-point";
  if (function.callable_from_outside)
    out += " callable-from-outside";
  if (function.link_judges_parameters)
    out += " link-judges-parameters";
  if (function.parameters_by_reference)
    out += " parameters-by-reference";
  if (function.callers_judged_at_link)
    out += " callers-judged-at-link";
  if (function.installs_error_handler)
    out += " installs-error-handler";
  if (function.stores_through_unknown)
    out += " stores-through-unknown";
  if (!function.returns_argument_memory)
    out += " returns-no-argument-memory";
  if (function.returns_only_fields) {
    out += " returns-only-fields";
    for (const ValueFlowFunction::ReturnedField &field : function.returned_fields)
      out += " " + std::to_string(field.parameter) +
             (field.offset < 0 ? std::string(":*")
                               : ":" + std::to_string(field.offset) + "+" +
                                     std::to_string(field.size));
  }
  for (unsigned uid : function.stores_through_results_of)
    out += " stores-through-result-of " + std::to_string(uid);
  if (function.collapsed_pointer_sets > 0)
    out += " collapsed-pointer-sets " + std::to_string(function.collapsed_pointer_sets);
  if (!source_file.empty())
    out += ", from " + source_file;
  return out + "\n";
}

// `deferred_on': the linker names the link step decides the verdict on.
std::string verdict_text(const BranchVerdict &verdict,
                         const std::vector<std::string> &deferred_on) {
  std::string out = std::string("processes ") +
                    (verdict.may_differ_between_processes ? "differ" : "same");
  if (!deferred_on.empty()) {
    out += " (link step:";
    for (const std::string &name : deferred_on)
      out += " " + name;
    out += ")";
  }
  out += std::string(", threads ") + (verdict.may_differ_between_threads ? "differ" : "same");
  return verdict.reason.empty() ? out : out + ": " + verdict.reason;
}

} // namespace

std::string value_flow_text(const ValueFlowFunction &function,
                            const ValueFlowFunctionNames &names,
                            const std::string &source_file) {
  std::string out = header_text(function, source_file);
  if (!function.addresses_taken.empty()) {
    out += "  addresses-taken";
    for (unsigned uid : function.addresses_taken)
      out += " " + callee_text(uid, names);
    out += "\n";
  }
  if (!function.parameters_judged_at_link.empty())
    out += "  parameters-judged-at-link " + number_list(function.parameters_judged_at_link) + "\n";
  if (!function.parameters_passed_differing.empty())
    out += "  parameters-passed-differing " +
           number_list(function.parameters_passed_differing) + "\n";
  for (const ValueFlowFunction::ReferenceBinding &binding : function.reference_bindings)
    out += "  reference-binding parameter " + std::to_string(binding.object) + " field " +
           std::to_string(binding.field) + " refers to parameter " +
           std::to_string(binding.referent) + "\n";
  for (std::size_t s = 0; s < function.slots.size(); ++s)
    out += "  " + slot_text((int)s, function.slots[s]) + "\n";
  for (std::size_t f = 0; f < function.facts.size(); ++f)
    out += "  " + fact_text((int)f, function.facts[f]) + "\n";
  for (std::size_t b = 0; b < function.blocks.size(); ++b)
    out += block_text((int)b, function.blocks[b], names);
  for (std::size_t c = 0; c < function.collectives.size(); ++c) {
    const ValueFlowCollective &collective = function.collectives[c];
    out += "  collective c" + std::to_string(c);
    if (collective.block >= 0)
      out += " at b" + std::to_string(collective.block) + ":" +
             std::to_string(collective.statement);
    else
      out += " unplaced";
    out += " communicator " + slot_name(collective.communicator);
    if (!collective.communicator_name.empty())
      out += " " + collective.communicator_name;
    for (const std::vector<int> &argument : collective.arguments)
      out += " [" + slot_list(argument) + "]";
    if (!collective.callee_symbol.empty())
      out += " probe " + collective.callee_symbol;
    out += "\n";
  }
  for (const ValueFlowSplit &split : function.splits)
    out += "  split at b" + std::to_string(split.block) + ":[" + std::to_string(split.first) +
           "," + std::to_string(split.after) + ") colour " + slot_name(split.colour) + " made " +
           slot_name(split.made) + "\n";
  return out;
}

std::string value_flow_verdicts_text(const ValueFlowFunction &function,
                                     const std::vector<BranchVerdict> &verdicts,
                                     const ResultVerdict *result,
                                     const ValueFlowDeferred *deferred) {
  auto line = [&](std::size_t branch) {
    bool waits = deferred && branch < deferred->size();
    return verdict_text(verdicts[branch], waits ? (*deferred)[branch] : std::vector<std::string>());
  };
  std::string out;
  std::vector<bool> placed(verdicts.size(), false);
  for (const ValueFlowBlock &block : function.blocks) {
    if (block.branch < 0 || block.branch >= (int)verdicts.size())
      continue;
    placed[block.branch] = true;
    out += "  verdict line " + std::to_string(block.line) + " (branch " +
           std::to_string(block.branch) + "): " + line(block.branch) + "\n";
  }
  for (std::size_t j = 0; j < verdicts.size(); ++j)
    if (!placed[j])
      out += "  verdict unplaced (branch " + std::to_string(j) + "): " + line(j) + "\n";
  if (result) {
    out += std::string("  returns: processes ") +
           (result->may_differ_between_processes ? "differ" : "same");
    if (result->parameters) {
      out += ", with parameters";
      for (int k = 0; k < 64; ++k)
        if (result->parameters >> k & 1)
          out += " " + std::to_string(k);
    }
    out += result->reason.empty() ? "\n" : ": " + result->reason + "\n";
  }
  return out;
}

std::string value_flow_unit_text(const std::vector<ValueFlowFunction> &unit,
                                 const std::vector<std::vector<BranchVerdict>> &verdicts,
                                 const std::vector<ResultVerdict> &results,
                                 const std::vector<ValueFlowDeferred> &deferred,
                                 const std::vector<std::string> &source_files) {
  ValueFlowFunctionNames names;
  for (const ValueFlowFunction &function : unit)
    names[function.uid] = function.name;
  const std::vector<BranchVerdict> none;
  std::string out;
  for (std::size_t i = 0; i < unit.size(); ++i) {
    out += value_flow_text(unit[i], names, i < source_files.size() ? source_files[i] : "");
    out += value_flow_verdicts_text(unit[i], i < verdicts.size() ? verdicts[i] : none,
                                    i < results.size() ? &results[i] : nullptr,
                                    i < deferred.size() ? &deferred[i] : nullptr);
  }
  return out;
}

} // namespace parcoach
