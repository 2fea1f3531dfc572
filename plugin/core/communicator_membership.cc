#include "communicator_membership.h"

#include <algorithm>
#include <set>
#include <vector>

namespace parcoach {

namespace {

// A statement of a function: `statement' of `block'; statement ==
// statements.size() stands for the block's conditional.
struct Position {
  int block = -1;
  int statement = 0;
};

// A handle variable read at a position.
struct HandleRead {
  int slot = -1;
  Position at;
};

using Op = ValueFlowComparison::Op;

class MembershipTests {
public:
  explicit MembershipTests(const ValueFlowFunction &function) : function_(function) {}

  // Where the conditional of `block' reads the handle variables it tests
  // against MPI_COMM_NULL; false if it is not such a test.
  bool null_tests_of_branch(int block, std::vector<HandleRead> &reads) const {
    const ValueFlowBlock &b = function_.blocks[block];
    Position end{block, (int)b.statements.size()};
    const ValueFlowComparison &c = b.comparison;
    if (c.op != Op::Equal && c.op != Op::NotEqual)
      return false;
    for (const auto &sides : {std::make_pair(c.left, c.right), std::make_pair(c.right, c.left)}) {
      const ValueFlowOperand &tested = sides.first, &against = sides.second;
      if (tested.slot < 0 || against.slot >= 0)
        continue;
      if (against.null_communicator)
        return handle_read(tested.slot, end, reads);
      // A boolean: `if (active)', `if (!active)'.
      if (against.constant == 0)
        return null_tests_in(tested.slot, reads, 0);
    }
    return false;
  }

  // No statement may write `slot' on a path from `from' to `to'.
  bool untouched_between(int slot, Position from, Position to) const {
    if (from.block == to.block)
      return false; // the collective runs before the test, or in a loop
    std::set<int> after = reachable(from.block, true);
    if (!after.count(to.block))
      return false;
    std::set<int> before = reachable(to.block, false);
    if (writes_in(slot, from.block, from.statement + 1) ||
        writes_in(slot, to.block, 0, to.statement))
      return false;
    for (int b : after)
      if (before.count(b) && writes_in(slot, b, 0))
        return false; // on a path between, or around a loop through either end
    return true;
  }

  // Writes only the unit's statements show.
  bool trackable(int slot) const {
    if (slot < 0 || slot >= (int)function_.slots.size())
      return false;
    const ValueFlowSlot &s = function_.slots[slot];
    return s.escapes < 0 && (s.scope == SlotScope::Local ||
                             (s.scope == SlotScope::Global &&
                              s.visibility == GlobalVisibility::Unit));
  }

private:
  // The handle variable a temporary holding it was loaded from (at the
  // load), or the variable itself.
  bool handle_read(int slot, Position at, std::vector<HandleRead> &reads, int depth = 0) const {
    if (!trackable(slot) || depth > 8)
      return false;
    if (function_.slots[slot].single_definition) {
      std::vector<Position> defs = writers(slot);
      if (defs.size() != 1)
        return false;
      const ValueFlowStatement &def = statement(defs[0]);
      if (def.kind != ValueFlowStatement::Kind::Assign || def.copy_of < 0)
        return false;
      return handle_read(def.copy_of, defs[0], reads, depth + 1);
    }
    reads.push_back({slot, at});
    return true;
  }

  // `slot' holds only outcomes of tests of handle variables against
  // MPI_COMM_NULL (copies of one, or a variable every assignment of which
  // is one).
  bool null_tests_in(int slot, std::vector<HandleRead> &reads, int depth) const {
    if (!trackable(slot) || depth > 8)
      return false;
    std::vector<Position> defs = writers(slot);
    if (defs.empty())
      return false;
    for (Position at : defs) {
      const ValueFlowStatement &def = statement(at);
      if (def.kind != ValueFlowStatement::Kind::Assign || def.fact >= 0)
        return false;
      const ValueFlowComparison &c = def.comparison;
      bool null_test = (c.op == Op::Equal || c.op == Op::NotEqual) &&
                       ((c.left.slot >= 0 && c.right.slot < 0 && c.right.null_communicator) ||
                        (c.right.slot >= 0 && c.left.slot < 0 && c.left.null_communicator));
      if (null_test) {
        if (!handle_read(c.left.slot >= 0 ? c.left.slot : c.right.slot, at, reads))
          return false;
      } else if (def.copy_of < 0 || !null_tests_in(def.copy_of, reads, depth + 1)) {
        return false;
      }
    }
    return true;
  }

  const ValueFlowStatement &statement(Position at) const {
    return function_.blocks[at.block].statements[at.statement];
  }

  std::vector<Position> writers(int slot) const {
    std::vector<Position> out;
    for (std::size_t b = 0; b < function_.blocks.size(); ++b) {
      const auto &statements = function_.blocks[b].statements;
      for (std::size_t i = 0; i < statements.size(); ++i)
        if (writes(statements[i], slot))
          out.push_back({(int)b, (int)i});
    }
    return out;
  }

  bool writes(const ValueFlowStatement &s, int slot) const {
    if (s.kind == ValueFlowStatement::Kind::Return)
      return false;
    if (s.target == slot)
      return true;
    if (s.kind != ValueFlowStatement::Kind::Call)
      return false;
    // A call may write any global, and what its arguments reach.
    if (function_.slots[slot].scope == SlotScope::Global)
      return true;
    for (const ValueFlowArgument &a : s.arguments) {
      if (std::find(a.pointees.begin(), a.pointees.end(), slot) != a.pointees.end())
        return true;
      for (const ValueFlowReach &r : a.reachable)
        if (r.slot == slot)
          return true;
    }
    return false;
  }

  bool writes_in(int slot, int block, int first, int last = -1) const {
    const auto &statements = function_.blocks[block].statements;
    int end = last < 0 ? (int)statements.size() : std::min(last, (int)statements.size());
    for (int i = std::max(first, 0); i < end; ++i)
      if (writes(statements[i], slot))
        return true;
    return false;
  }

  // The blocks reachable from `block' by at least one edge (forward), or
  // that reach it (backward); control and data edges alike.
  std::set<int> reachable(int block, bool forward) const {
    const int count = (int)function_.blocks.size();
    std::vector<std::vector<int>> edges(count);
    for (int b = 0; b < count; ++b)
      for (const std::vector<int> *successors :
           {&function_.blocks[b].successors, &function_.blocks[b].data_successors})
        for (int s : *successors)
          if (s >= 0 && s < count)
            (forward ? edges[b] : edges[s]).push_back(forward ? s : b);
    std::set<int> seen;
    std::vector<int> work(edges[block].begin(), edges[block].end());
    while (!work.empty()) {
      int b = work.back();
      work.pop_back();
      if (seen.insert(b).second)
        work.insert(work.end(), edges[b].begin(), edges[b].end());
    }
    return seen;
  }

  const ValueFlowFunction &function_;
};

} // namespace

bool separates_only_nonmembers(const ValueFlowFunction &function, int branch, int collective) {
  if (branch < 0 || collective < 0 || collective >= (int)function.collectives.size())
    return false;
  const ValueFlowCollective &call = function.collectives[collective];
  if (call.block < 0 || call.block >= (int)function.blocks.size() || call.communicator < 0)
    return false;
  int block = -1;
  for (std::size_t b = 0; b < function.blocks.size(); ++b)
    if (function.blocks[b].branch == branch)
      block = (int)b;
  if (block < 0)
    return false;
  MembershipTests tests(function);
  std::vector<HandleRead> reads;
  if (!tests.null_tests_of_branch(block, reads) || reads.empty())
    return false;
  for (const HandleRead &read : reads)
    if (read.slot != call.communicator ||
        !tests.untouched_between(read.slot, read.at, {call.block, call.statement}))
      return false;
  return true;
}

} // namespace parcoach
