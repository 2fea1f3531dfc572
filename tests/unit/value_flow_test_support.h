// Helpers shared by the tests that build value-flow functions by hand.
#ifndef PARCOACH_TESTS_VALUE_FLOW_TEST_SUPPORT_H
#define PARCOACH_TESTS_VALUE_FLOW_TEST_SUPPORT_H

#include "value_flow.h"

namespace testing_support {

// A scalar variable named `name' (`single': assigned at one place only);
// returns its slot number.
inline int add_slot(parcoach::ValueFlowFunction &f, const char *name, bool single = false) {
  parcoach::ValueFlowSlot slot;
  slot.name = name;
  slot.scalar = true;
  slot.single_definition = single;
  f.slots.push_back(slot);
  return (int)f.slots.size() - 1;
}

} // namespace testing_support

#endif
