// Pieces of value-flow records (value_flow.h) for tests that build
// functions by hand: a scalar slot, an assignment, a call, a return.
#ifndef PARCOACH_TESTS_VALUE_FLOW_RECORDS_H
#define PARCOACH_TESTS_VALUE_FLOW_RECORDS_H

#include "value_flow.h"

#include <string>
#include <utility>
#include <vector>

namespace value_flow_records {

// A scalar variable named `name' added to `f' (`single': assigned at one
// place only); returns its slot number.
inline int add_slot(parcoach::ValueFlowFunction &f, const char *name, bool single = false) {
  parcoach::ValueFlowSlot slot;
  slot.name = name;
  slot.scalar = true;
  slot.single_definition = single;
  f.slots.push_back(slot);
  return (int)f.slots.size() - 1;
}

// A local variable holding one value.
inline parcoach::ValueFlowSlot scalar_slot(const std::string &name) {
  parcoach::ValueFlowSlot slot;
  slot.name = name;
  slot.scalar = true;
  return slot;
}

// target := join(uses, fact), a strong update.
inline parcoach::ValueFlowStatement assign(int target, std::vector<int> uses, int fact = -1) {
  parcoach::ValueFlowStatement s;
  s.target = target;
  s.uses = std::move(uses);
  s.fact = fact;
  return s;
}

// target := callee() (-1: the result is not kept), no arguments.
inline parcoach::ValueFlowStatement call(unsigned callee, int target) {
  parcoach::ValueFlowStatement s;
  s.kind = parcoach::ValueFlowStatement::Kind::Call;
  s.callee = callee;
  s.target = target;
  return s;
}

inline parcoach::ValueFlowStatement ret(std::vector<int> uses) {
  parcoach::ValueFlowStatement s;
  s.kind = parcoach::ValueFlowStatement::Kind::Return;
  s.uses = std::move(uses);
  return s;
}

} // namespace value_flow_records

#endif
