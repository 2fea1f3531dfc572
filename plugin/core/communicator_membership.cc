#include "communicator_membership.h"

#include "communicator_choice.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
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

// Two slots over the bits of one record (or of records met through one
// pointer) overlap: a field range unknown (-1) overlaps every other.
bool fields_overlap(const ValueFlowSlot &a, const ValueFlowSlot &b) {
  if (a.field < 0 || b.field < 0 || a.field_offset < 0 || b.field_offset < 0 ||
      a.field_size < 0 || b.field_size < 0)
    return true;
  return a.field_offset < b.field_offset + b.field_size &&
         b.field_offset < a.field_offset + a.field_size;
}

// `a' and `b' compare a variable (on the left) with the same constant,
// by the same operator or its negation: on equal variables they agree.
bool same_comparison_with_constant(const ValueFlowComparison &a, const ValueFlowComparison &b) {
  auto negation = [](Op op) {
    switch (op) {
    case Op::Equal: return Op::NotEqual;
    case Op::NotEqual: return Op::Equal;
    case Op::Less: return Op::GreaterEqual;
    case Op::GreaterEqual: return Op::Less;
    case Op::Greater: return Op::LessEqual;
    case Op::LessEqual: return Op::Greater;
    default: return Op::None;
    }
  };
  return a.op != Op::None && (b.op == a.op || b.op == negation(a.op)) && a.left.slot >= 0 &&
         b.left.slot >= 0 && a.right.slot < 0 && b.right.slot < 0 &&
         a.left.offset == b.left.offset && a.right.constant == b.right.constant &&
         !a.right.null_communicator && !b.right.null_communicator;
}

// One of the call's arguments points to `slot', or reaches it.
bool passes(const ValueFlowStatement &call, int slot) {
  for (const ValueFlowArgument &a : call.arguments) {
    if (std::find(a.pointees.begin(), a.pointees.end(), slot) != a.pointees.end())
      return true;
    for (const ValueFlowReach &r : a.reachable)
      if (r.slot == slot)
        return true;
  }
  return false;
}

// What the unit's functions may write when called, as far as their
// statements show it: a call counts as writing a variable of its caller
// only if the callee, or a function it calls, stores into what the
// argument pointing to that variable points to (over the same field), or
// into the same global; one storing through pointers it cannot resolve
// writes what its arguments reach, as the solver takes it.  A call of
// code the unit does not define writes every global (locals it may
// reach have escaped).
class CalleeWrites {
public:
  explicit CalleeWrites(const std::vector<ValueFlowFunction> &unit) : unit_(unit) {}

  // `call' (a statement of `caller') may write slot `slot' of `caller'.
  bool call_may_write(const ValueFlowFunction &caller, const ValueFlowStatement &call, int slot,
                      int depth = 0) const {
    const ValueFlowSlot &written = caller.slots[slot];
    const ValueFlowFunction *callee = defined(call.callee);
    if (!callee || depth > 8)
      return written.scope == SlotScope::Global || written.scope == SlotScope::ParameterTarget ||
             passes(call, slot) || written.escapes >= 0;
    // Pointers it cannot resolve come from what its arguments reach (as
    // the solver takes them).
    if (callee->stores_through_unknown && passes(call, slot))
      return true;
    if (written.scope == SlotScope::Global && writes_global(*callee, written, depth))
      return true;
    for (std::size_t k = 0; k < call.arguments.size(); ++k) {
      const ValueFlowArgument &a = call.arguments[k];
      for (const ValueFlowReach &r : a.reachable)
        if (r.slot == slot)
          return true;
      if (std::find(a.pointees.begin(), a.pointees.end(), slot) != a.pointees.end() &&
          writes_target(*callee, (int)k, written, depth))
        return true;
    }
    return false;
  }

private:
  const ValueFlowFunction *defined(unsigned uid) const {
    if (uid == 0)
      return nullptr;
    for (const ValueFlowFunction &f : unit_)
      if (f.uid == uid)
        return &f;
    return nullptr;
  }

  // `function' may write what `matches' accepts among its slots, by its
  // own stores or through the calls it makes.
  template <typename Matches>
  bool writes_matching(const ValueFlowFunction &function, Matches matches, int depth) const {
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &s : block.statements) {
        if (s.kind == ValueFlowStatement::Kind::Return)
          continue;
        if (s.target >= 0 && s.target < (int)function.slots.size() &&
            matches(function.slots[s.target]))
          return true;
        if (s.kind != ValueFlowStatement::Kind::Call)
          continue;
        for (std::size_t t = 0; t < function.slots.size(); ++t)
          if (matches(function.slots[t]) && call_may_write(function, s, (int)t, depth + 1))
            return true;
      }
    return false;
  }

  // Answers so far, by (function, parameter or -1 for a global, global,
  // field range); a question met again while it is being answered (a
  // recursion) answers yes.
  using Question = std::tuple<unsigned, int, unsigned, long long, long long>;

  template <typename Answer>
  bool remembered(const Question &question, Answer answer) const {
    auto found = answers_.find(question);
    if (found != answers_.end())
      return found->second;
    answers_[question] = true;
    bool writes = answer();
    answers_[question] = writes;
    return writes;
  }

  bool writes_global(const ValueFlowFunction &function, const ValueFlowSlot &global,
                     int depth) const {
    if (depth > 8)
      return true;
    Question question{function.uid, -1, global.global, global.field_offset, global.field_size};
    return remembered(question, [&] { return writes_global_now(function, global, depth); });
  }

  bool writes_global_now(const ValueFlowFunction &function, const ValueFlowSlot &global,
                         int depth) const {
    auto same_global = [&](const ValueFlowSlot &s) {
      return s.scope == SlotScope::Global && s.global == global.global &&
             fields_overlap(s, global);
    };
    if (writes_matching(function, same_global, depth))
      return true;
    // A callee may write the global without `function' naming it.
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &s : block.statements)
        if (s.kind == ValueFlowStatement::Kind::Call) {
          const ValueFlowFunction *callee = defined(s.callee);
          if (!callee || writes_global(*callee, global, depth + 1))
            return true;
        }
    return false;
  }

  // `function' may write what its parameter `k' points to over the bits
  // of `field' (the caller's slot).
  bool writes_target(const ValueFlowFunction &function, int k, const ValueFlowSlot &field,
                     int depth) const {
    auto over_field = [&](const ValueFlowSlot &s) {
      return s.scope == SlotScope::ParameterTarget && s.parameter == k &&
             (s.through_reference >= 0 || fields_overlap(s, field));
    };
    if (depth > 8)
      return true;
    Question question{function.uid, k, 0, field.field < 0 ? -1 : field.field_offset,
                      field.field < 0 ? -1 : field.field_size};
    return remembered(question, [&] { return writes_matching(function, over_field, depth); });
  }

  const std::vector<ValueFlowFunction> &unit_;
  mutable std::map<Question, bool> answers_;
};

class MembershipTests {
public:
  explicit MembershipTests(const ValueFlowFunction &function,
                           const CalleeWrites *callees = nullptr)
      : function_(function), callees_(callees) {}

  // Where the conditional of `block' reads the handle variables it tests
  // against MPI_COMM_NULL; false if it is not such a test.  `sequential':
  // the test and the collective run outside parallel regions, where a
  // variable other files may write (a Fortran module variable, a COMMON
  // block's member) changes only in calls, which untouched_between counts.
  bool null_tests_of_branch(int block, std::vector<HandleRead> &reads, bool sequential) const {
    const ValueFlowBlock &b = function_.blocks[block];
    Position end{block, (int)b.statements.size()};
    const ValueFlowComparison &c = b.comparison;
    if (c.op != Op::Equal && c.op != Op::NotEqual)
      return false;
    for (const auto &sides : {std::make_pair(c.left, c.right), std::make_pair(c.right, c.left)}) {
      const ValueFlowOperand &tested = sides.first, &against = sides.second;
      if (tested.slot < 0 || against.slot >= 0 || tested.offset != 0)
        continue;
      if (against.null_communicator)
        return handle_read(tested.slot, end, reads, 0, sequential);
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

  // No statement writes `slot' on any path from `from' to `to', however
  // many times it goes round the loops between them (`from' == `to': a
  // loop back to it).  True when no path leads there.
  bool unwritten_on_paths(int slot, Position from, Position to) const {
    std::set<int> after = reachable(from.block, true);
    bool later_in_block = from.block == to.block && from.statement < to.statement;
    if (!after.count(to.block))
      return !later_in_block || !writes_in(slot, from.block, from.statement + 1, to.statement);
    if (writes_in(slot, from.block, from.statement + 1) ||
        writes_in(slot, to.block, 0, to.statement))
      return false;
    std::set<int> before = reachable(to.block, false);
    for (int b : after)
      if (before.count(b) && writes_in(slot, b, 0))
        return false;
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

  // The colour rule (communicator_membership.h): the conditional of
  // `block' tests only values the colour of a split making `made' decides,
  // and that split made the communicator the collective at `call' uses.
  bool decided_by_split_colour(int block, int made, Position call) const {
    for (const ValueFlowSplit &split : function_.splits)
      if (split.made == made && colour_decides(split, block, call))
        return true;
    return false;
  }

  // `split' runs on every path to `call', in no loop, and no other write
  // of what it made reaches `call'.
  bool made_once_for(const ValueFlowSplit &split, Position call) const {
    Position made_at{split.block, split.after - 1};
    if (!trackable_sequentially(split.made) || !on_every_path(made_at, call) ||
        reachable(split.block, true).count(split.block))
      return false;
    for (Position at : writers(split.made)) {
      if (at.block == split.block && at.statement >= split.first && at.statement < split.after)
        continue;
      bool reaches = at.block == call.block ? at.statement < call.statement ||
                                                  reachable(at.block, true).count(at.block)
                                            : reachable(at.block, true).count(call.block) > 0;
      if (reaches)
        return false;
    }
    return true;
  }

  // The helper side of the rule for splits in helpers
  // (communicator_membership.h): `split' runs once, on every path to the
  // function's returns, and `colour_variable', not written from the split
  // on, holds what decided its colour: the colour itself (`decider' then
  // null), or the variable a conditional compared with a constant to
  // choose between two colours (`decider' that comparison).
  bool leaves_colour_in(const ValueFlowSplit &split, int colour_variable,
                        const ValueFlowComparison *&decider) const {
    const int count = (int)function_.blocks.size();
    if (split.colour < 0 || split.block < 0 || split.block >= count || colour_variable < 0 ||
        colour_variable >= (int)function_.slots.size() ||
        function_.blocks[split.block].in_parallel_region ||
        reachable(split.block, true).count(split.block))
      return false;
    Position split_at{split.block, split.first};
    bool returns = false;
    for (int b = 0; b < count; ++b) {
      const auto &statements = function_.blocks[b].statements;
      for (int i = 0; i < (int)statements.size(); ++i)
        if (statements[i].kind == ValueFlowStatement::Kind::Return) {
          returns = true;
          if (!on_every_path(split_at, {b, i}))
            return false;
        }
    }
    if (!returns || !unwritten_from(colour_variable, split_at))
      return false;
    decider = nullptr;
    // The split reads the variable itself (`*row'), or a value computed
    // as the variable's was.
    std::vector<HandleRead> colour;
    bool read = handle_read(split.colour, split_at, colour, 0, true) && colour.size() == 1;
    if ((read && colour[0].slot == colour_variable &&
         unwritten_between(colour_variable, colour[0].at, split_at)) ||
        same_value(split.colour, split_at, colour_variable, split_at, 0))
      return true;
    int d = -1;
    if (!read ||
        !colour_set_from(colour[0], split_at, {{colour_variable, split_at}}, 0, &d) || d < 0)
      return false;
    // The conditional compares a copy of that variable with a constant.
    const ValueFlowComparison &test = function_.blocks[d].comparison;
    if (test.left.slot < 0 || test.right.slot >= 0 ||
        tested_variable(test.left.slot, {d, (int)function_.blocks[d].statements.size()}) !=
            colour_variable)
      return false;
    decider = &test;
    return true;
  }

  // The variable the split stores the new communicator in: `made', or
  // the one memory a pointer parameter points to that it writes.
  int split_output(const ValueFlowSplit &split) const {
    if (split.made >= 0)
      return split.made;
    const auto &statements = function_.blocks[split.block].statements;
    int output = -1;
    for (int i = std::max(split.first, 0); i < split.after && i < (int)statements.size(); ++i) {
      const ValueFlowStatement &s = statements[i];
      if (s.kind != ValueFlowStatement::Kind::Assign || s.target < 0 ||
          function_.slots[s.target].scope != SlotScope::ParameterTarget)
        continue;
      if ((output >= 0 && output != s.target) || !s.strong)
        return -1;
      output = s.target;
    }
    return output;
  }

  // No statement writes `slot' at `at' or after it.
  bool unwritten_from(int slot, Position at) const {
    std::set<int> after = reachable(at.block, true);
    for (Position w : writers(slot))
      if ((w.block == at.block && w.statement >= at.statement) || after.count(w.block))
        return false;
    return true;
  }

  // No call runs between a statement writing `slot' and `at': code of
  // the program cannot see the variable half set.
  bool no_call_after_writes(int slot, Position at) const {
    std::set<int> before = reachable(at.block, false);
    auto call_in = [&](int block, int first, int last) {
      const auto &statements = function_.blocks[block].statements;
      for (int i = std::max(first, 0); i < last && i < (int)statements.size(); ++i)
        if (statements[i].kind == ValueFlowStatement::Kind::Call)
          return true;
      return false;
    };
    for (Position w : writers(slot)) {
      if (w.block == at.block && w.statement < at.statement) {
        if (call_in(at.block, w.statement + 1, at.statement))
          return false;
        continue;
      }
      if (call_in(w.block, w.statement + 1, (int)function_.blocks[w.block].statements.size()) ||
          call_in(at.block, 0, at.statement))
        return false;
      for (int b : reachable(w.block, true))
        if (before.count(b) && b != at.block &&
            call_in(b, 0, (int)function_.blocks[b].statements.size()))
          return false;
    }
    return true;
  }

  // The one variable the conditional of `block' reads, through copies
  // and computations, with where; -1 if none or several.
  int guard_variable(int block, std::vector<HandleRead> &reads) const {
    if (!condition_leaves(block, reads) || reads.empty())
      return -1;
    for (const HandleRead &read : reads)
      if (read.slot != reads[0].slot)
        return -1;
    return reads[0].slot;
  }

  // The variable `slot' copies, read at `at' (through temporaries), or -1.
  int tested_variable(int slot, Position at) const {
    std::vector<HandleRead> reads;
    if (!handle_read(slot, at, reads, 0, true) || reads.size() != 1)
      return -1;
    return reads[0].slot;
  }

  // Every path from the entry to `then' runs `first' before it, and no
  // statement writes `slot' between them.
  bool set_before(int slot, Position first, Position then) const {
    return on_every_path(first, then) && unwritten_between(slot, first, then);
  }

private:
  bool colour_decides(const ValueFlowSplit &split, int block, Position call) const {
    const int count = (int)function_.blocks.size();
    if (split.colour < 0 || split.block < 0 || split.block >= count || split.made < 0 ||
        !trackable_sequentially(split.made))
      return false; // no colour (MPI_Cart_create...): it decides no test
    Position made_at{split.block, split.after - 1};
    Position test_end{block, (int)function_.blocks[block].statements.size()};
    // The collective uses what this split made, and the test ran after it
    // with no new split between the test and the collective.
    if (!on_every_path(made_at, call) || !unwritten_between(split.made, made_at, call) ||
        !on_every_path(made_at, test_end) || split_between(split, block, call))
      return false;
    if (colour_is_the_test(split, block) || test_recomputes_colour(split, block))
      return true;
    // The colour variable, as the split read it.
    std::vector<HandleRead> colour;
    if (!handle_read(split.colour, {split.block, split.first}, colour, 0, true) ||
        colour.size() != 1)
      return false;
    std::vector<HandleRead> tested;
    if (!condition_leaves(block, tested) || tested.empty())
      return false;
    int variable = tested[0].slot;
    for (const HandleRead &read : tested)
      if (read.slot != variable)
        return false;
    if (variable == colour[0].slot) {
      // `if (colour == 0)': the colour the split read, unchanged.
      for (const HandleRead &read : tested)
        if (!on_every_path(colour[0].at, read.at) ||
            !unwritten_between(variable, colour[0].at, read.at))
          return false;
      return true;
    }
    // The conditional tests what chose the colour, not some other value
    // of the same variable (`if (active == 2)' after `if (active)').
    int decider = -1;
    if (!colour_set_from(colour[0], {split.block, split.first}, tested, 0, &decider))
      return false;
    const ValueFlowComparison &chose = function_.blocks[decider].comparison;
    Position chose_at{decider, (int)function_.blocks[decider].statements.size()};
    const ValueFlowComparison &guard = function_.blocks[block].comparison;
    return same_test(chose, chose_at, guard, test_end) ||
           (truth_test(chose) && truth_test(guard) &&
            truth_of(chose.left.slot) == variable && truth_of(guard.left.slot) == variable);
  }

  // `x != 0' or `x == 0'.
  static bool truth_test(const ValueFlowComparison &c) {
    return (c.op == Op::Equal || c.op == Op::NotEqual) && c.left.slot >= 0 &&
           c.left.offset == 0 && c.right.slot < 0 && c.right.constant == 0 &&
           !c.right.null_communicator;
  }

  // The variable temporary `slot' holds, through temporaries copying or
  // converting it (gfortran's `(logical(kind=1)) active' before `if
  // (.not. active)'), or -1.
  int truth_of(int slot) const {
    for (int depth = 0; depth < 8; ++depth) {
      if (slot < 0 || slot >= (int)function_.slots.size() || !trackable_sequentially(slot))
        return -1;
      if (!function_.slots[slot].single_definition)
        return slot;
      std::vector<Position> defs = writers(slot);
      if (defs.size() != 1)
        return -1;
      const ValueFlowStatement &def = statement(defs[0]);
      if (def.kind != ValueFlowStatement::Kind::Assign || def.fact >= 0 || def.uses.size() != 1 ||
          def.quantity.kind != ValueFlowQuantity::Kind::None ||
          def.arithmetic.op != ValueFlowArithmetic::Op::None || def.comparison.op != Op::None ||
          def.logical.op != ValueFlowLogical::Op::None || def.assigns_constant)
        return -1;
      slot = def.uses[0];
    }
    return -1;
  }

  // `MPI_Comm_split (comm, rank == 0, ...)' then `if (rank == 0)', or its
  // negation: the colour is the outcome of the very comparison the
  // conditional makes, of a variable unchanged between the two reads.
  bool colour_is_the_test(const ValueFlowSplit &split, int block) const {
    const ValueFlowBlock &b = function_.blocks[block];
    Position test_end{block, (int)b.statements.size()};
    if (b.condition_fact >= 0 || b.in_parallel_region)
      return false;
    // The comparison the colour holds, through copies and widenings.
    int slot = split.colour;
    Position used{split.block, split.first};
    for (int depth = 0; depth < 8; ++depth) {
      if (slot < 0 || slot >= (int)function_.slots.size() ||
          !function_.slots[slot].single_definition)
        return false;
      std::vector<Position> defs = writers(slot);
      if (defs.size() != 1 || !on_every_path(defs[0], used))
        return false;
      const ValueFlowStatement &def = statement(defs[0]);
      if (def.kind != ValueFlowStatement::Kind::Assign || def.fact >= 0)
        return false;
      if (def.comparison.op != Op::None)
        return same_test(def.comparison, defs[0], b.comparison, test_end);
      if (def.copy_of < 0)
        return false;
      slot = def.copy_of;
      used = defs[0];
    }
    return false;
  }

  // `MPI_Comm_split (comm, rank % 2, ...)' then `if (rank % 2 == 0)',
  // `if (rank % 2)' (GCC: `(unsigned) rank & 1'), `if (rank / k == 1)':
  // the conditional compares with a constant a value computed as the
  // colour was, from the same variables unchanged since the split read
  // them.  Processes agreeing on the colour agree on the test.
  bool test_recomputes_colour(const ValueFlowSplit &split, int block) const {
    const ValueFlowBlock &b = function_.blocks[block];
    Position test_end{block, (int)b.statements.size()};
    const ValueFlowComparison &c = b.comparison;
    if (b.condition_fact >= 0 || b.in_parallel_region || c.op == Op::None)
      return false;
    for (const auto &sides : {std::make_pair(c.left, c.right), std::make_pair(c.right, c.left)}) {
      const ValueFlowOperand &tested = sides.first, &against = sides.second;
      if (tested.slot < 0 || against.slot >= 0 || against.null_communicator)
        continue;
      // The conditional reads nothing else.
      for (int slot : b.condition)
        if (slot != tested.slot)
          return false;
      Position colour_at{split.block, split.first};
      if (same_value(split.colour, colour_at, tested.slot, test_end, 0))
        return true;
      // `x % 2^k' against `(x & (2^k - 1)) == 0' or `!= 0': both zero
      // exactly when the low k bits of x are.
      Computed colour, test;
      if (against.constant != 0 || (c.op != Op::Equal && c.op != Op::NotEqual) ||
          !computed(split.colour, colour_at, colour, 0) ||
          !computed(tested.slot, test_end, test, 0) || !colour.def || !test.def)
        return false;
      const ValueFlowArithmetic &mod = colour.def->arithmetic, &mask = test.def->arithmetic;
      using Arith = ValueFlowArithmetic::Op;
      if (mod.op != Arith::Modulo || mask.op != Arith::BitAnd || mod.operands[1].slot >= 0 ||
          mask.operands[1].slot >= 0 || mod.operands[0].slot < 0 || mask.operands[0].slot < 0)
        return false;
      long long modulus = mod.operands[1].constant, low = mask.operands[1].constant;
      if (modulus < 2 || (modulus & (modulus - 1)) != 0 || low != modulus - 1 ||
          modulus > (1LL << 30) || mod.precision < 32 || mask.precision < 32)
        return false;
      return same_value(mod.operands[0].slot, colour.at, mask.operands[0].slot, test.at, 0);
    }
    return false;
  }

  // A value as computed: read from a variable (`def' null) at `at', or
  // the arithmetic `def' made at `at'.
  struct Computed {
    int variable = -1;
    Position at;
    const ValueFlowStatement *def = nullptr;
  };

  // What the value of `slot' read at `at' is, through copies.
  bool computed(int slot, Position at, Computed &out, int depth) const {
    for (; depth < 8; ++depth) {
      if (slot < 0 || slot >= (int)function_.slots.size() || !trackable_sequentially(slot))
        return false;
      std::vector<Position> defs = writers(slot);
      if (!function_.slots[slot].single_definition) {
        // A variable with one writer, reached on every path and unwritten
        // until `at', holds what that writer computed (gfortran passes a
        // colour `mod(rank, 2)' through such a temporary).
        const ValueFlowStatement *only = defs.size() == 1 ? &statement(defs[0]) : nullptr;
        if (!only || only->kind != ValueFlowStatement::Kind::Assign || only->fact >= 0 ||
            (only->copy_of < 0 && only->arithmetic.op == ValueFlowArithmetic::Op::None) ||
            !on_every_path(defs[0], at) || !unwritten_between(slot, defs[0], at)) {
          out = {slot, at, nullptr};
          return true;
        }
      }
      if (defs.size() != 1 || !on_every_path(defs[0], at))
        return false;
      const ValueFlowStatement &def = statement(defs[0]);
      if (def.kind != ValueFlowStatement::Kind::Assign || def.fact >= 0)
        return false;
      if (def.copy_of >= 0) {
        slot = def.copy_of;
        at = defs[0];
        continue;
      }
      const ValueFlowArithmetic &a = def.arithmetic;
      if (a.op == ValueFlowArithmetic::Op::None || a.operands.size() != 2)
        return false;
      // It reads nothing but its operands.
      for (int use : def.uses)
        if (std::none_of(a.operands.begin(), a.operands.end(),
                         [use](const ValueFlowOperand &o) { return o.slot == use; }))
          return false;
      out = {-1, defs[0], &def};
      return true;
    }
    return false;
  }

  // The value of `a' read at `a_at' and of `b' read at `b_at' (later on
  // every path) are equal on every process: the same variable unchanged
  // between the reads, or the same operation of such values.
  bool same_value(int a, Position a_at, int b, Position b_at, int depth) const {
    Computed first, second;
    if (depth > 4 || !computed(a, a_at, first, 0) || !computed(b, b_at, second, 0))
      return false;
    if (!first.def || !second.def)
      return !first.def && !second.def && first.variable == second.variable &&
             on_every_path(first.at, second.at) &&
             unwritten_between(first.variable, first.at, second.at);
    const ValueFlowArithmetic &x = first.def->arithmetic, &y = second.def->arithmetic;
    if (x.op != y.op || x.precision != y.precision || x.is_unsigned != y.is_unsigned ||
        x.operands.size() != y.operands.size())
      return false;
    for (std::size_t i = 0; i < x.operands.size(); ++i) {
      const ValueFlowOperand &p = x.operands[i], &q = y.operands[i];
      if ((p.slot < 0) != (q.slot < 0) || p.offset != 0 || q.offset != 0)
        return false;
      if (p.slot < 0 ? p.constant != q.constant
                     : !same_value(p.slot, first.at, q.slot, second.at, depth + 1))
        return false;
    }
    return true;
  }

  // Comparisons `a' (made at `a_at') and `b' (at `b_at') of one variable
  // with one constant, the variable unchanged from the first read to the
  // second: the same test, or its negation.
  bool same_test(const ValueFlowComparison &a, Position a_at, const ValueFlowComparison &b,
                 Position b_at) const {
    if (!same_comparison_with_constant(a, b))
      return false;
    std::vector<HandleRead> first, second;
    if (!handle_read(a.left.slot, a_at, first, 0, true) ||
        !handle_read(b.left.slot, b_at, second, 0, true) || first.size() != 1 ||
        second.size() != 1 || first[0].slot != second[0].slot)
      return false;
    return on_every_path(first[0].at, second[0].at) &&
           unwritten_between(first[0].slot, first[0].at, second[0].at);
  }

  // `if (active) colour = 1; else colour = MPI_UNDEFINED;' then the split:
  // a conditional D testing only the variable the test reads decides the
  // colour (a different constant on each side, written on every path from
  // D to the split); that variable is unchanged from D to the test.
  // `used': where the colour variable is read (the split, or a copy of
  // it into the colour the split reads: `colour = active ? 1 : UNDEF').
  // `deciding': set to the block D, when given.
  bool colour_set_from(const HandleRead &colour, Position used,
                       const std::vector<HandleRead> &tested, int depth,
                       int *deciding = nullptr) const {
    const int count = (int)function_.blocks.size();
    std::vector<Position> defs = writers(colour.slot);
    if (defs.empty() || depth > 4)
      return false;
    if (defs.size() == 1 && statement(defs[0]).kind == ValueFlowStatement::Kind::Assign &&
        statement(defs[0]).copy_of >= 0 && statement(defs[0]).fact < 0 &&
        on_every_path(defs[0], used) && unwritten_between(colour.slot, defs[0], used) &&
        trackable_sequentially(statement(defs[0]).copy_of) &&
        !function_.slots[statement(defs[0]).copy_of].single_definition)
      return colour_set_from({statement(defs[0]).copy_of, defs[0]}, defs[0], tested, depth + 1,
                             deciding);
    for (Position at : defs)
      if (!statement(at).assigns_constant || statement(at).kind != ValueFlowStatement::Kind::Assign ||
          (at.block == used.block && at.statement >= used.statement))
        return false;
    for (int d = 0; d < count; ++d) {
      const ValueFlowBlock &decider = function_.blocks[d];
      if (decider.successors.size() != 2 || decider.successors[0] == decider.successors[1])
        continue;
      std::vector<HandleRead> reads;
      if (!condition_leaves(d, reads) || reads.empty())
        continue;
      bool same_variable = true;
      for (const HandleRead &read : reads)
        same_variable &= read.slot == tested[0].slot;
      if (!same_variable)
        continue;
      // Which side writes which constant.
      std::set<int> side[2];
      bool known[2] = {false, false};
      long long value[2] = {0, 0};
      bool fits = true;
      for (int k = 0; k < 2; ++k) {
        side[k] = reachable(decider.successors[k], true);
        side[k].insert(decider.successors[k]);
      }
      for (Position at : defs) {
        bool in0 = side[0].count(at.block) > 0, in1 = side[1].count(at.block) > 0;
        if (in0 == in1 || reachable(at.block, true).count(d)) {
          fits = false;
          break;
        }
        int k = in0 ? 0 : 1;
        long long constant = statement(at).constant;
        if (known[k] && value[k] != constant) {
          fits = false;
          break;
        }
        known[k] = true;
        value[k] = constant;
      }
      if (!fits || !known[0] || !known[1] || value[0] == value[1])
        continue;
      Position decided{d, (int)decider.statements.size()};
      if (!on_every_path(decided, used) ||
          reaches_avoiding_writers(decider.successors, colour.slot, used))
        continue;
      bool unchanged = true;
      for (const HandleRead &test : tested)
        for (const HandleRead &read : reads)
          unchanged &= on_every_path(read.at, test.at) &&
                       unwritten_between(test.slot, read.at, test.at);
      if (unchanged) {
        if (deciding)
          *deciding = d;
        return true;
      }
    }
    return false;
  }

  // From `starts', `used' is reached on a path on which no statement
  // writes `slot' before it.
  bool reaches_avoiding_writers(const std::vector<int> &starts, int slot, Position used) const {
    std::set<int> seen;
    std::vector<int> work(starts.begin(), starts.end());
    while (!work.empty()) {
      int b = work.back();
      work.pop_back();
      if (b < 0 || b >= (int)function_.blocks.size() || !seen.insert(b).second)
        continue;
      if (b == used.block && !writes_in(slot, b, 0, used.statement))
        return true;
      if (writes_in(slot, b, 0))
        continue;
      for (int s : function_.blocks[b].successors)
        work.push_back(s);
    }
    return false;
  }

  // The variables (with where they are read) the conditional of `block'
  // is computed from, through temporaries: copies or computations
  // without outside sources.
  bool condition_leaves(int block, std::vector<HandleRead> &reads) const {
    const ValueFlowBlock &b = function_.blocks[block];
    if (b.condition_fact >= 0 || b.condition.empty() || b.in_parallel_region)
      return false;
    Position end{block, (int)b.statements.size()};
    for (int slot : b.condition)
      if (!leaves(slot, end, reads, 0))
        return false;
    return true;
  }

  bool leaves(int slot, Position at, std::vector<HandleRead> &reads, int depth) const {
    if (slot < 0 || slot >= (int)function_.slots.size() || depth > 16)
      return false;
    if (!function_.slots[slot].single_definition) {
      if (!trackable_sequentially(slot))
        return false;
      reads.push_back({slot, at});
      return true;
    }
    std::vector<Position> defs = writers(slot);
    if (defs.size() != 1)
      return false;
    const ValueFlowStatement &def = statement(defs[0]);
    if (def.kind != ValueFlowStatement::Kind::Assign || def.fact >= 0 ||
        def.quantity.kind != ValueFlowQuantity::Kind::None)
      return false;
    for (int use : def.uses)
      if (!leaves(use, defs[0], reads, depth + 1))
        return false;
    return true;
  }

  // Every path from the entry to `then' runs `first' before it.
  bool on_every_path(Position first, Position then) const {
    if (first.block == then.block)
      return first.statement <= then.statement;
    if (then.block == 0)
      return false;
    if (first.block == 0)
      return true;
    std::set<int> seen{first.block};
    std::vector<int> work{0};
    while (!work.empty()) {
      int b = work.back();
      work.pop_back();
      if (b < 0 || b >= (int)function_.blocks.size() || !seen.insert(b).second)
        continue;
      if (b == then.block)
        return false;
      for (int s : function_.blocks[b].successors)
        work.push_back(s);
    }
    return true;
  }

  // No statement writes `slot' between `from' and `to' (the same block,
  // `from' first; or untouched_between).
  bool unwritten_between(int slot, Position from, Position to) const {
    if (from.block == to.block && from.statement <= to.statement)
      return !writes_in(slot, from.block, from.statement + 1, to.statement);
    return untouched_between(slot, from, to);
  }

  // The split may run again after the test of `block', before the call.
  bool split_between(const ValueFlowSplit &split, int block, Position call) const {
    std::set<int> after = reachable(block, true);
    if (!after.count(split.block))
      return false;
    if (reachable(call.block, false).count(split.block))
      return true;
    return split.block == call.block && split.first <= call.statement;
  }

  // trackable(), and also a global other files may write (a COMMON
  // block's member), a parameter (`work (MPI_Comm comm)') or what a
  // pointer parameter points to (`ctx->leaders' in a library entry
  // point): outside parallel regions only the
  // function's own stores and its calls can write it, and writes() counts
  // every call as a write of both.
  bool trackable_sequentially(int slot) const {
    if (trackable(slot))
      return true;
    const ValueFlowSlot &s = function_.slots[slot];
    return s.escapes < 0 &&
           (s.scope == SlotScope::Parameter || s.scope == SlotScope::ParameterTarget ||
            (s.scope == SlotScope::Global && (s.visibility == GlobalVisibility::Public ||
                                              s.visibility == GlobalVisibility::External)));
  }

  // The handle variable a temporary holding it was loaded from (at the
  // load), or the variable itself.
  bool handle_read(int slot, Position at, std::vector<HandleRead> &reads, int depth = 0,
                   bool sequential = false) const {
    if (slot < 0 || slot >= (int)function_.slots.size() || depth > 8 ||
        !(sequential ? trackable_sequentially(slot) : trackable(slot)))
      return false;
    if (function_.slots[slot].single_definition) {
      std::vector<Position> defs = writers(slot);
      if (defs.size() != 1)
        return false;
      const ValueFlowStatement &def = statement(defs[0]);
      if (def.kind != ValueFlowStatement::Kind::Assign || def.copy_of < 0)
        return false;
      return handle_read(def.copy_of, defs[0], reads, depth + 1, sequential);
    }
    reads.push_back({slot, at});
    return true;
  }

  // The variable `slot' copies at `at' when it is a local whose address
  // no unseen code holds and the last statement writing it before `at',
  // in at's block, copies another variable (OpenMP lowering's `leaders.4
  // = *.omp_data_i->leaders', not marked as a single definition, and at
  // -O2 loaded again into the same temporary before the call): that
  // variable; else -1.
  int local_copy_before(int slot, Position at, Position &copied) const {
    if (slot < 0 || slot >= (int)function_.slots.size() ||
        function_.slots[slot].scope != SlotScope::Local || function_.slots[slot].escapes >= 0 ||
        at.block < 0 || at.block >= (int)function_.blocks.size())
      return -1;
    const auto &statements = function_.blocks[at.block].statements;
    for (int i = std::min(at.statement, (int)statements.size()) - 1; i >= 0; --i) {
      if (!writes(statements[i], slot))
        continue;
      const ValueFlowStatement &def = statements[i];
      if (def.kind != ValueFlowStatement::Kind::Assign || def.target != slot || def.copy_of < 0 ||
          def.fact >= 0 || !def.strong || def.copy_of == slot)
        return -1;
      copied = {at.block, i};
      return def.copy_of;
    }
    return -1;
  }

public:
  // The handle variable `slot' read at `at' holds, through temporaries
  // copying it (outside parallel regions: also a global other files may
  // write), or -1.
  int handle_variable(int slot, Position at, Position &read_at) const {
    std::vector<HandleRead> reads;
    if (!handle_read(slot, at, reads, 0, true) || reads.size() != 1)
      return -1;
    read_at = reads[0].at;
    return reads[0].slot;
  }

  // The variable a collective's communicator argument reads: `slot'
  // itself, or what the temporaries local_copy_before follows copy.
  // `at' becomes the position of the first copy followed.
  int communicator_variable(int slot, Position &at) const {
    for (int depth = 0; depth < 8; ++depth) {
      Position copied;
      int source = local_copy_before(slot, at, copied);
      if (source < 0 || !trackable(source))
        return slot;
      slot = source;
      at = copied;
    }
    return slot;
  }

private:

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
    if (callees_)
      return callees_->call_may_write(function_, s, slot);
    // A call may write any global, what its arguments reach, and what
    // the function's pointer parameters point to (an alias of one).
    SlotScope scope = function_.slots[slot].scope;
    return scope == SlotScope::Global || scope == SlotScope::ParameterTarget || passes(s, slot);
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
  const CalleeWrites *callees_;
};

// The split that made the communicator collective `collective' uses, if
// it runs at most once (no loop through it) and no other statement
// writing the communicator's variable reaches the collective.
const ValueFlowSplit *split_made_once(const ValueFlowFunction &function, int collective) {
  if (collective < 0 || collective >= (int)function.collectives.size())
    return nullptr;
  const ValueFlowCollective &call = function.collectives[collective];
  if (call.communicator < 0 || call.block < 0 || call.block >= (int)function.blocks.size())
    return nullptr;
  MembershipTests tests(function);
  for (const ValueFlowSplit &split : function.splits) {
    if (split.made != call.communicator || split.block < 0 ||
        split.block >= (int)function.blocks.size() ||
        !tests.made_once_for(split, {call.block, call.statement}))
      continue;
    return &split;
  }
  return nullptr;
}

// An assignment of the constant MPI_COMM_NULL to `slot', or to a variable
// copied into it (through temporaries), reaches statement `before' of
// `block' with no other write of that variable between (`MPI_Comm c =
// MPI_COMM_NULL;' then MPI_Comm_split into c does not reach).
bool null_store_reaches(const ValueFlowFunction &function, int slot, int block, int before,
                        int depth = 0) {
  const int count = (int)function.blocks.size();
  if (depth > 8 || slot < 0 || block < 0 || block >= count)
    return depth > 8; // too deep to tell: as if it did
  std::vector<std::vector<int>> predecessors(count);
  for (int b = 0; b < count; ++b)
    for (const std::vector<int> *edges :
         {&function.blocks[b].successors, &function.blocks[b].data_successors})
      for (int next : *edges)
        if (next >= 0 && next < count)
          predecessors[next].push_back(b);
  std::set<int> visited;
  std::vector<std::pair<int, int>> work{{block, before}};
  while (!work.empty()) {
    auto [b, end] = work.back();
    work.pop_back();
    const auto &statements = function.blocks[b].statements;
    bool killed = false;
    for (int i = std::min(end, (int)statements.size()) - 1; i >= 0 && !killed; --i) {
      const ValueFlowStatement &w = statements[i];
      if (w.kind == ValueFlowStatement::Kind::Return || w.target != slot)
        continue;
      if (w.kind == ValueFlowStatement::Kind::Assign) {
        if (names_comm_null(w.constant_handle))
          return true;
        if (w.fact < 0)
          for (int use : w.uses)
            if (null_store_reaches(function, use, b, i, depth + 1))
              return true;
      }
      killed = w.strong;
    }
    if (killed)
      continue;
    for (int p : predecessors[b])
      if (visited.insert(p).second)
        work.push_back({p, (int)function.blocks[p].statements.size()});
  }
  return false;
}

// The statements of `unit[function]' storing a value a collective gives
// the same on every member of its communicator (MPI_Allreduce's result,
// a broadcast: an output read from the communicator handle alone) where
// that handle is the one collective `collective' passes: read from the
// same variable, which no statement writes on a path from the reduction
// to the collective (calls of the unit count only if they write it).
// Outside parallel regions only; the value must land in a local (or in
// main, which runs once), not where another activation could read it
// after the variable changed.
std::vector<Position> results_on_same_communicator(const std::vector<ValueFlowFunction> &unit,
                                                   int function, int collective) {
  std::vector<Position> results;
  if (function < 0 || function >= (int)unit.size())
    return results;
  const ValueFlowFunction &f = unit[function];
  if (collective < 0 || collective >= (int)f.collectives.size())
    return results;
  const ValueFlowCollective &call = f.collectives[collective];
  const int count = (int)f.blocks.size();
  if (call.communicator < 0 || call.communicator >= (int)f.slots.size() || call.block < 0 ||
      call.block >= count || f.blocks[call.block].in_parallel_region)
    return results;
  CalleeWrites callees(unit);
  MembershipTests tests(f, &callees);
  Position call_at{call.block, call.statement};
  Position read_at;
  int communicator = tests.handle_variable(call.communicator, call_at, read_at);
  if (communicator < 0 || !tests.unwritten_on_paths(communicator, read_at, call_at))
    return results;
  for (int b = 0; b < count; ++b) {
    if (f.blocks[b].in_parallel_region)
      continue;
    const auto &statements = f.blocks[b].statements;
    for (int i = 0; i < (int)statements.size(); ++i) {
      const ValueFlowStatement &s = statements[i];
      if (s.kind != ValueFlowStatement::Kind::Assign || s.fact < 0 ||
          s.fact >= (int)f.facts.size() || s.uses.empty() || s.target < 0 ||
          s.target >= (int)f.slots.size())
        continue;
      const ValueFlowFact &fact = f.facts[s.fact];
      const ValueFlowSlot &target = f.slots[s.target];
      if (fact.differs_between_processes || fact.differs_between_threads || fact.error_code ||
          !(f.entry_point || (target.scope == SlotScope::Local && target.escapes < 0)))
        continue;
      bool same = true;
      for (int use : s.uses) {
        Position from;
        same = same && tests.handle_variable(use, {b, i}, from) == communicator &&
               tests.unwritten_on_paths(communicator, from, call_at);
      }
      if (same)
        results.push_back({b, i});
    }
  }
  return results;
}

} // namespace

bool holds_calling_process_alone(const ValueFlowFunction &function, int collective) {
  if (collective < 0 || collective >= (int)function.collectives.size())
    return false;
  const ValueFlowCollective &call = function.collectives[collective];
  if (!call.communicator_name.empty())
    return names_comm_self(call.communicator_name);
  return call.communicator >= 0 && call.block >= 0 &&
         call.block < (int)function.blocks.size() &&
         holds_own_process_or_null(function, call.communicator, call.block, call.statement);
}

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
  if (!function.blocks[block].in_parallel_region &&
      !function.blocks[call.block].in_parallel_region &&
      tests.decided_by_split_colour(block, call.communicator, {call.block, call.statement}))
    return true;
  std::vector<HandleRead> reads;
  bool sequential = !function.blocks[block].in_parallel_region &&
                    !function.blocks[call.block].in_parallel_region;
  if (!tests.null_tests_of_branch(block, reads, sequential) || reads.empty())
    return false;
  // In a parallel region the test and the call read the shared handle
  // through temporaries of their own (`leaders.4 = *.omp_data_i->leaders'
  // before the test, `leaders.5 = ...' before the call): both followed
  // back to the variable.
  Position call_at{call.block, call.statement};
  int copied = tests.communicator_variable(call.communicator, call_at);
  bool direct = true, through_copies = copied != call.communicator;
  for (const HandleRead &read : reads) {
    direct = direct && read.slot == call.communicator &&
             tests.untouched_between(read.slot, read.at, {call.block, call.statement});
    if (!through_copies)
      continue;
    Position from = read.at;
    int variable = tests.communicator_variable(read.slot, from);
    through_copies = variable == copied &&
                     tests.untouched_between(variable, from, {call.block, call.statement});
  }
  if (!direct && !through_copies)
    return false;
  int communicator = direct ? call.communicator : copied;
  // Holding only handles of communicators of the process alone (or
  // MPI_COMM_NULL), no process is a member that the test leaves out.
  if (holds_own_process_or_null(function, communicator, call.block, call.statement))
    return true;
  // Otherwise the trust of the header: MPI_COMM_NULL only from MPI.  A
  // program storing it itself (`c = rank == 0 ? MPI_COMM_WORLD :
  // MPI_COMM_NULL') may leave members out.
  return !null_store_reaches(function, communicator, call.block, call.statement);
}

namespace {

// Slots of two functions over the same bits of the same global.
bool same_global(const ValueFlowSlot &a, const ValueFlowSlot &b) {
  return a.scope == SlotScope::Global && b.scope == SlotScope::Global && a.global == b.global &&
         a.field_offset == b.field_offset && a.field_size == b.field_size;
}

// A statement of `function' stores into `global'; a store of the
// variable into itself (MPI_Comm_free) counts only if `self_stores'.
bool stores_into(const ValueFlowFunction &function, const ValueFlowSlot &global,
                 bool self_stores) {
  for (std::size_t b = 0; b < function.blocks.size(); ++b) {
    const auto &statements = function.blocks[b].statements;
    for (std::size_t i = 0; i < statements.size(); ++i) {
      const ValueFlowStatement &s = statements[i];
      if (s.kind == ValueFlowStatement::Kind::Return || s.target < 0 ||
          s.target >= (int)function.slots.size() || !same_global(function.slots[s.target], global))
        continue;
      bool self = s.kind == ValueFlowStatement::Kind::Assign && s.fact < 0 &&
                  !s.assigns_constant && s.constant_handle.empty() && s.uses.size() == 1 &&
                  s.uses[0] == s.target;
      if (self_stores || !self)
        return true;
    }
  }
  return false;
}

// The slot of `function' holding what parameter `k' points to where the
// caller's variable `pointee' lies: the whole target for a scalar, the
// same bits of the record for a field (`&m' passed, `m.colour'); or -1.
int parameter_target(const ValueFlowFunction &function, int k, const ValueFlowSlot &pointee) {
  int found = -1;
  for (std::size_t t = 0; t < function.slots.size(); ++t) {
    const ValueFlowSlot &slot = function.slots[t];
    if (slot.scope != SlotScope::ParameterTarget || slot.parameter != k ||
        slot.through_reference >= 0)
      continue;
    bool whole = pointee.field < 0 && slot.field < 0;
    bool same_field = pointee.field >= 0 && slot.field >= 0 && pointee.field_offset >= 0 &&
                      slot.field_offset == pointee.field_offset &&
                      slot.field_size == pointee.field_size;
    if (!whole && !same_field)
      continue;
    if (found >= 0)
      return -1;
    found = (int)t;
  }
  return found;
}

// The helper `helper' leaves the communicator of a split in `made' and
// what decided its colour in `colour' (MembershipTests::leaves_colour_in),
// and `guard' tests that: the colour itself, or (`guard_compares' it
// directly) the same comparison the helper chose the colour by.  For
// globals also: the helper may not be seen half way (no call between its
// stores and the split).
bool helper_pairs(const ValueFlowFunction &helper, int made, int colour,
                  const ValueFlowComparison &guard, bool guard_compares, bool globals) {
  MembershipTests tests(helper);
  for (const ValueFlowSplit &split : helper.splits) {
    if (split.block < 0 || split.block >= (int)helper.blocks.size() ||
        tests.split_output(split) != made)
      continue;
    Position split_at{split.block, split.first};
    const ValueFlowComparison *decider = nullptr;
    if (!tests.leaves_colour_in(split, colour, decider) ||
        !tests.unwritten_from(made, {split.block, split.after}))
      continue;
    if (globals && (!tests.no_call_after_writes(colour, split_at) ||
                    !tests.no_call_after_writes(made, split_at)))
      continue;
    if (!decider || (guard_compares && same_comparison_with_constant(*decider, guard)))
      return true;
  }
  return false;
}

} // namespace

bool separated_by_split_in_helper(const std::vector<ValueFlowFunction> &unit, int function,
                                  int branch, int collective) {
  if (function < 0 || function >= (int)unit.size() || branch < 0)
    return false;
  const ValueFlowFunction &f = unit[function];
  if (collective < 0 || collective >= (int)f.collectives.size())
    return false;
  const ValueFlowCollective &call = f.collectives[collective];
  const int count = (int)f.blocks.size();
  int block = -1;
  for (int b = 0; b < count; ++b)
    if (f.blocks[b].branch == branch)
      block = b;
  if (block < 0 || call.block < 0 || call.block >= count || call.communicator < 0 ||
      f.blocks[block].in_parallel_region || f.blocks[call.block].in_parallel_region)
    return false;
  CalleeWrites callees(unit);
  MembershipTests tests(f, &callees);
  Position call_at{call.block, call.statement}, handle_at;
  std::vector<HandleRead> reads;
  int colour = tests.guard_variable(block, reads);
  int made = tests.handle_variable(call.communicator, call_at, handle_at);
  if (colour < 0 || made < 0 || colour == made || !tests.trackable(colour) ||
      !tests.trackable(made))
    return false;
  // Neither variable changes from the test to the collective.
  for (const HandleRead &read : reads)
    if (!tests.set_before(colour, read.at, call_at) ||
        !tests.set_before(made, read.at, handle_at))
      return false;
  const ValueFlowComparison &guard = f.blocks[block].comparison;
  Position test_end{block, (int)f.blocks[block].statements.size()};
  bool guard_compares = guard.left.slot >= 0 && guard.right.slot < 0 &&
                        tests.tested_variable(guard.left.slot, test_end) == colour;
  const ValueFlowSlot &colour_slot = f.slots[colour], &made_slot = f.slots[made];
  if (colour_slot.scope == SlotScope::Global && made_slot.scope == SlotScope::Global) {
    // File-private globals only one helper sets (io_init), by a split of
    // the colour it stored; only MPI_Comm_free may change the handle
    // elsewhere (a collective on MPI_COMM_NULL is an MPI error then).
    for (std::size_t h = 0; h < unit.size(); ++h) {
      const ValueFlowFunction &helper = unit[h];
      if ((int)h == function)
        continue;
      for (std::size_t t = 0; t < helper.slots.size(); ++t) {
        if (!same_global(helper.slots[t], made_slot))
          continue;
        int helper_colour = -1;
        for (std::size_t c = 0; c < helper.slots.size(); ++c)
          if (same_global(helper.slots[c], colour_slot))
            helper_colour = (int)c;
        if (helper_colour < 0 ||
            !helper_pairs(helper, (int)t, helper_colour, guard, guard_compares, true))
          continue;
        bool others_leave_them = true;
        for (std::size_t o = 0; o < unit.size() && others_leave_them; ++o)
          others_leave_them = o == h || (!stores_into(unit[o], colour_slot, true) &&
                                         !stores_into(unit[o], made_slot, false));
        if (others_leave_them)
          return true;
      }
    }
    return false;
  }
  if (colour_slot.scope != SlotScope::Local || made_slot.scope != SlotScope::Local)
    return false;
  // Locals whose addresses a call of a helper of the unit is given
  // (`model_split (&colour, &local)'), the call made on every path to
  // the test and to the collective, nothing writing them since.
  for (int b = 0; b < count; ++b) {
    const auto &statements = f.blocks[b].statements;
    for (int i = 0; i < (int)statements.size(); ++i) {
      const ValueFlowStatement &s = statements[i];
      if (s.kind != ValueFlowStatement::Kind::Call || s.callee == 0)
        continue;
      const ValueFlowFunction *helper = nullptr;
      for (const ValueFlowFunction &candidate : unit)
        if (candidate.uid == s.callee)
          helper = &candidate;
      if (!helper || helper == &f)
        continue;
      // The argument pointing to each variable (to the record holding it).
      int colour_argument = -1, made_argument = -1;
      for (std::size_t k = 0; k < s.arguments.size(); ++k) {
        const ValueFlowArgument &a = s.arguments[k];
        if (a.points_elsewhere || !a.reachable.empty())
          continue;
        if (std::find(a.pointees.begin(), a.pointees.end(), colour) != a.pointees.end())
          colour_argument = colour_argument < 0 ? (int)k : -2;
        if (std::find(a.pointees.begin(), a.pointees.end(), made) != a.pointees.end())
          made_argument = made_argument < 0 ? (int)k : -2;
      }
      if (colour_argument < 0 || made_argument < 0)
        continue;
      Position helper_at{b, i};
      bool set_before = tests.set_before(made, helper_at, handle_at);
      for (const HandleRead &read : reads)
        set_before = set_before && tests.set_before(colour, helper_at, read.at);
      int helper_colour = parameter_target(*helper, colour_argument, colour_slot);
      int helper_made = parameter_target(*helper, made_argument, made_slot);
      if (set_before && helper_colour >= 0 && helper_made >= 0 &&
          helper_pairs(*helper, helper_made, helper_colour, guard, guard_compares, false))
        return true;
    }
  }
  return false;
}

bool made_by_split_once(const ValueFlowFunction &function, int collective) {
  return split_made_once(function, collective) != nullptr;
}

bool members_share_results(const std::vector<ValueFlowFunction> &unit, int function,
                           int collective) {
  if (function < 0 || function >= (int)unit.size())
    return false;
  return made_by_split_once(unit[function], collective) ||
         !results_on_same_communicator(unit, function, collective).empty();
}

std::vector<BranchVerdict> verdicts_among_members(const std::vector<ValueFlowFunction> &unit,
                                                  int function, const std::set<int> &branches,
                                                  int collective) {
  if (function < 0 || function >= (int)unit.size())
    return {};
  std::vector<ValueFlowFunction> restricted = unit;
  ValueFlowFunction &f = restricted[function];
  const ValueFlowSplit *once = split_made_once(unit[function], collective);
  int communicator = once ? once->made : -1;
  for (const ValueFlowSplit &split : f.splits) {
    if (!once || split.block != once->block || split.first != once->first)
      continue;
    auto &statements = f.blocks[split.block].statements;
    for (int i = std::max(split.first, 0); i < split.after && i < (int)statements.size(); ++i)
      if (statements[i].target == communicator &&
          statements[i].kind == ValueFlowStatement::Kind::Assign) {
        statements[i].fact = -1;
        statements[i].uses.clear();
      }
  }
  // What collectives on the same communicator gave: the same on every
  // member, whatever the handle is elsewhere.
  for (Position at : results_on_same_communicator(unit, function, collective))
    f.blocks[at.block].statements[at.statement].uses.clear();
  for (ValueFlowBlock &block : f.blocks)
    if (block.branch >= 0 && branches.count(block.branch)) {
      block.condition.clear();
      block.condition_fact = -1;
      block.comparison = ValueFlowComparison();
    }
  return solve_value_flow(restricted)[function];
}

} // namespace parcoach
