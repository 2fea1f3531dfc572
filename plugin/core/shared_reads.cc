#include "shared_reads.h"

#include <map>

namespace parcoach {

namespace {

// The slots statement `statement' may write: its target, and what its
// call arguments point to.
template <typename Visit>
void for_each_written_slot(const ValueFlowStatement &statement, Visit visit) {
  if (statement.target >= 0)
    visit(statement.target);
  for (const ValueFlowArgument &argument : statement.arguments)
    for (int pointee : argument.pointees)
      if (pointee >= 0)
        visit(pointee);
}

} // namespace

SharedWrites find_shared_writes(const std::vector<ValueFlowFunction> &unit) {
  SharedWrites writes;
  writes.globals.resize(unit.size());
  writes.anything.assign(unit.size(), false);
  std::map<unsigned, std::size_t> index_of_uid;
  for (std::size_t i = 0; i < unit.size(); ++i)
    index_of_uid[unit[i].uid] = i;
  std::vector<std::vector<std::size_t>> callees(unit.size());
  for (std::size_t i = 0; i < unit.size(); ++i) {
    const ValueFlowFunction &function = unit[i];
    writes.anything[i] = function.stores_through_unknown;
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements) {
        for_each_written_slot(statement, [&](int s) {
          if (s < (int)function.slots.size() && function.slots[s].scope == SlotScope::Global)
            writes.globals[i].insert(function.slots[s].global);
        });
        if (statement.kind != ValueFlowStatement::Kind::Call)
          continue;
        auto callee = index_of_uid.find(statement.callee);
        if (callee != index_of_uid.end())
          callees[i].push_back(callee->second);
      }
  }
  // A least fixpoint over the calls (recursion included).
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < unit.size(); ++i)
      for (std::size_t c : callees[i]) {
        if (writes.anything[c] && !writes.anything[i])
          writes.anything[i] = changed = true;
        for (unsigned global : writes.globals[c])
          changed |= writes.globals[i].insert(global).second;
      }
  }
  return writes;
}

std::vector<TeamWrites> find_team_writes(const std::vector<ValueFlowFunction> &unit,
                                         const SharedWrites &writes) {
  std::map<unsigned, std::size_t> index_of_uid;
  for (std::size_t i = 0; i < unit.size(); ++i)
    index_of_uid[unit[i].uid] = i;
  std::vector<TeamWrites> out(unit.size());
  for (std::size_t i = 0; i < unit.size(); ++i) {
    const ValueFlowFunction &function = unit[i];
    TeamWrites &team = out[i];
    auto note = [&](int s) {
      if (s >= 0 && s < (int)function.slots.size() &&
          function.slots[s].scope == SlotScope::Global)
        team.globals.insert(function.slots[s].global);
    };
    for (const ValueFlowBlock &block : function.blocks) {
      if (!block.in_parallel_region)
        continue;
      team.anything |= function.stores_through_unknown;
      for (const ValueFlowStatement &statement : block.statements) {
        for_each_written_slot(statement, note);
        for (const ValueFlowArgument &argument : statement.arguments)
          for (const ValueFlowReach &reach : argument.reachable)
            note(reach.slot);
        if (statement.kind != ValueFlowStatement::Kind::Call)
          continue;
        auto callee = index_of_uid.find(statement.callee);
        if (callee == index_of_uid.end() || callee->second >= writes.globals.size())
          continue;
        team.anything |= writes.anything[callee->second];
        team.globals.insert(writes.globals[callee->second].begin(),
                            writes.globals[callee->second].end());
      }
    }
  }
  return out;
}

bool parameter_target_read_only(const ValueFlowFunction &function, int parameter) {
  auto of_parameter = [&](int s) {
    return s >= 0 && s < (int)function.slots.size() &&
           function.slots[s].scope == SlotScope::ParameterTarget &&
           function.slots[s].parameter == parameter;
  };
  if (parameter < 0 || function.stores_through_unknown)
    return false;
  for (const ValueFlowSlot &slot : function.slots)
    if (slot.scope == SlotScope::ParameterTarget && slot.parameter == parameter &&
        slot.escapes >= 0)
      return false;
  for (const ValueFlowBlock &block : function.blocks)
    for (const ValueFlowStatement &statement : block.statements) {
      bool written = false;
      for_each_written_slot(statement, [&](int s) { written |= of_parameter(s); });
      if (written)
        return false;
    }
  return true;
}

} // namespace parcoach
