#include "value_flow.h"

#include "communicator_choice.h"
#include "graph.h"
#include "postdominance.h"
#include "shared_reads.h"

#include <algorithm>
#include <climits>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <string_view>
#include <tuple>
#include <utility>

namespace parcoach {

namespace {

constexpr unsigned char kProcesses = 1, kThreads = 2;
constexpr int kDimensions = 2; // bit d is 1 << d

// An abstract value: may it differ between processes (bit 0), between
// threads (bit 1), and a witness fact per dimension (unit-wide fact ids):
// the source of the difference when the bit is set, otherwise the most
// telling proof of uniformity found so far (-1: constants only).  (The
// small members first: a function's state holds a Value per slot and block.)
struct Value {
  unsigned char bits = 0;
  // What the value is known to be (ValueFlowQuantity), a lattice of its
  // own: nothing reached yet, a rank or a size of `communicator' (a key
  // interned by the solver, -1: some communicator), or anything.  Only
  // copies carry it; any other computation gives kAnything.
  unsigned char quantity = 0;
  // In a function's flow-sensitive state only: a called function let the
  // slot's address escape on some path to here, so that code the
  // analysis does not see may change it from now on (a read gives the
  // slot's escape fact; stores do not clear it).
  bool escaped = false;
  // The difference between processes may be an artefact of the model
  // rather than of the program: some of it came through a weak update, or
  // through what a call run under divergent control may have left behind
  // a pointer.  Only argument verdicts look at it (depends_on_rank).
  bool uncertain = false;
  int why[kDimensions] = {-1, -1};
  int communicator = -1;
  // Inside a function: bit k, it also depends on value parameter k (k <
  // 64), whatever the caller passes there.  A callee's result is kept in
  // this form, and each call site puts its own arguments in, so that a
  // helper like `owner(n, k)' returns a uniform value wherever its
  // arguments are uniform.
  unsigned long long parameters = 0;
  // Inside a function: bit k, it is also a copy of value parameter k (a
  // subset of `parameters'), so that what the callers pass there is known
  // of it too.
  unsigned long long quantity_parameters = 0;
  // With SourceTags: the tags of the sources that may have reached it,
  // through data, control or any decision the solver took on a value that
  // differs (always 0 otherwise).
  unsigned long long tags = 0;
};

constexpr unsigned char kNothingYet = 0, kRank = 1, kSize = 2, kAnything = 3;

// Value::parameters: bit k < 32, the value of parameter k; bit 32 + i,
// what symbolic target i of the function holds on entry
// (FunctionState::symbolic_targets: a field of what a pointer parameter
// points to), so that each call site puts in its own arguments and what
// they point to.
constexpr int kSymbolicParameters = 32;
constexpr int kSymbolicTargets = 32;
constexpr unsigned long long kParameterValueBits = (1ull << kSymbolicParameters) - 1;

// A fact of the unit: the adapter's facts of every function, then the
// solver's own (parameters, globals, control dependence).
struct UnitFact {
  unsigned char bits = 0;
  bool error_code = false;
  // How good a proof of uniformity it makes: the adapter's facts (MPI
  // producers) before the solver's; a source of difference outranks all.
  int rank = 0;
  std::string phrase;
  int root = -1; // for control dependence: the source behind it
  bool is_rank = false; // ValueFlowFact::is_rank, or control dependence on one
  std::string rank_communicator;
  // Control dependence: the function (index) and block of the conditional.
  int function = -1, conditional = -1;
  unsigned origin = 0; // ValueFlowFact::origin (its root's, for control dependence)
  unsigned long long tags = 0; // SourceTags (its root's, for control dependence)
};

// The solver's per-function view: what the rest of the unit tells it and
// what it tells the rest, plus its own fixpoint state (kept between runs:
// every part only grows, so a function solved again resumes).
struct FunctionState {
  const ValueFlowFunction *function = nullptr;
  int fact_base = 0;
  int parameter_count = 0;
  // The ParameterTarget slots read symbolically (Value::parameters bit
  // 32 + i): what the callers' arguments point to there, per call site.
  std::vector<int> symbolic_targets;
  std::vector<int> symbolic_bit_of_slot; // by slot: i, or -1
  int call_sites = 0;
  std::vector<int> callers; // indexes, with repeats removed

  // Inputs: joins over the call sites of the values passed, and of what
  // pointers point to (for the whole object, for the callers' slots of no
  // field the callee names, and per (position, field)).
  std::vector<Value> parameters, targets_all, targets_rest;
  // Per value parameter, whether every call site passes the same integer
  // literal (`bc (a, 3)' under `if (rank == 0)', `bc (b, 3)' under its
  // else): then the parameter holds it in every activation, whichever
  // branch made the call, and `parameters' (the call sites' control
  // dependence included) does not matter.
  enum class Literal : unsigned char { NoneYet, Same, Varies };
  std::vector<Literal> literal;
  std::vector<long long> literal_value;
  std::map<std::pair<int, int>, Value> targets_field;
  Value process_context, thread_context;  // runs under divergent control / in a team
  // process_context without "other files may call it (or a caller of it
  // in the unit) on some processes only": divergent control in the unit's
  // own callers only.  The link step judges the rest for the shared
  // variables it stores to (variable_facts' writers), so a store there
  // joins this one when other files' stores are taken as uniform.
  Value unit_context;
  // thread_context the same way: a team of the unit's own functions only.
  Value unit_thread_context;
  std::vector<int> entry_facts; // per Parameter(Target) slot: its proof, or why it differs
  std::vector<int> parameter_slot; // by position: a Parameter slot, or -1
  bool outside = false;         // callable from code the unit does not show
  // It, or a function it calls, stores through pointers it cannot name:
  // what its callers' arguments reach may change.
  bool writes_unknown = false;
  // It, or a function it calls, calls code the unit does not show.
  bool runs_unseen_code = false;
  // Its parallel regions call such code: while the team runs, that code
  // may store to the unit's public variables.
  bool team_runs_unseen_code = false;
  bool has_team = false;        // has blocks an OpenMP team runs
  // By slot: some statement of the function's parallel regions may write
  // it (an assignment, a call's result or what a call may write through
  // an argument).  One no team statement writes holds, in every thread of
  // a team the function forks, what the encountering thread had.
  std::vector<bool> written_in_team;

  // Outputs.
  Value result;
  // What pointer parameter k points to at the returns, per (k, field of
  // the slot; -1 for the whole slot).
  std::map<std::pair<int, int>, Value> at_exit;
  // The same for what the reference members of those targets refer to,
  // per (k, member's field, field of the referent; -1 for its whole).
  std::map<std::tuple<int, int, int>, Value> reference_entry, reference_exit;
  std::set<std::tuple<int, int, int>> reference_keys;
  // By slot of a reference member: the slots of what it refers to (-1:
  // memory no slot stands for).  What the function's parameters' members
  // refer to is known from the start; a local object's members, from the
  // constructors it calls and the bindings it makes itself
  // (ValueFlowStatement::binds_reference).
  std::map<int, std::set<int>> referents;
  std::set<std::pair<int, int>> target_fields; // (k, field) of every ParameterTarget slot
  std::vector<bool> has_target;                // parameter k has a ParameterTarget slot
  std::vector<bool> target_escapes;

  // The graph and control dependence.
  std::vector<std::vector<int>> predecessors;        // control and data
  std::vector<std::vector<int>> dependents;          // blocks control-dependent on b
  std::vector<int> order;                            // position in reverse postorder
  std::vector<int> in_order;                         // the blocks in that order
  // Slots: index in the flow-sensitive state, or -1 (single value).
  std::vector<int> flow_index;
  int flow_count = 0;
  std::vector<std::vector<int>> readers; // single-value slot -> blocks reading it
  std::vector<int> global_slots;         // flow-sensitive Global slots
  std::vector<int> all_global_slots;
  // The globals (by uid) a statement of the function may store to: as a
  // target, or through a call's argument; all of them when it stores
  // through pointers it cannot name or binds references.
  std::set<unsigned> stored_globals;
  bool may_store_any_global = false;
  std::vector<int> target_slots;         // ParameterTarget slots written

  // Fixpoint state.
  std::vector<std::vector<Value>> out;
  std::vector<bool> evaluated;
  std::vector<Value> single; // single-value slots
  std::vector<bool> escaped; // escapes found by the solver (callees)
  std::vector<Value> taint;  // control dependence, per block
  std::vector<Value> branch; // what each block's conditional tests
  std::vector<int> taint_fact[kDimensions]; // per block, once divergent

  // The collectives' arguments asked about: by (block, statement), the
  // (collective, argument) pairs read there, and the value of each.
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> arguments_at;
  std::vector<std::vector<Value>> argument_values;

  // Tests of a size that bound the ranks of its communicator where they
  // are the only way in (ValueFlowBlock::when_true): the edge from block
  // `test' into a block it alone leads to implies `operand' <= bound.
  // `status': the communicator (key) whose size the operand holds, or
  // kGuardPending (nothing reached yet), or kGuardNone.
  struct SizeGuard {
    int test = -1;
    ValueFlowOperand operand;
    long long bound = 0;
    int parent = -1;             // the next guard whose edge dominates this one's
    int status = -3;             // kGuardPending
    std::vector<int> guarded;    // blocks with comparisons it dominates
  };
  std::vector<SizeGuard> guards;
  std::vector<int> guard_chain;                // per block: nearest dominating guard, or -1
  std::vector<std::vector<int>> guards_of_test; // per block: the guards its test makes
  // ValueFlowQuantity::communicator_slot: by (block, statement) of the
  // quantity, the name of the communicator, when one definition of the
  // variable reaches the call and none is in a loop.
  std::map<std::pair<int, int>, std::string> communicator_names;
};

constexpr int kGuardPending = -3, kGuardNone = -2;
// Guards looked at above a block (deeper ones are ignored: weaker, sound).
constexpr int kGuardDepth = 64;

bool differs(const Value &v, int d) { return (v.bits >> d) & 1; }

// The parts joined in one allocation (the solver's phrases of every solve).
std::string concatenated(std::initializer_list<std::string_view> parts) {
  std::size_t size = 0;
  for (std::string_view part : parts)
    size += part.size();
  std::string text;
  text.reserve(size);
  for (std::string_view part : parts)
    text.append(part);
  return text;
}

class UnitSolver {
public:
  explicit UnitSolver(const std::vector<ValueFlowFunction> &unit,
                      const SourceTags *tags = nullptr)
      : unit_(unit), tags_(tags) {}

  std::vector<std::vector<BranchVerdict>>
  solve(std::vector<std::vector<std::vector<ArgumentVerdict>>> *arguments = nullptr,
        std::vector<ResultVerdict> *results = nullptr) {
    prepare();
    for (std::size_t i = 0; i < functions_.size(); ++i)
      schedule((int)i);
    while (!pending_.empty()) {
      int index = pending_.front();
      pending_.pop();
      queued_[index] = false;
      solve_function(index);
    }
    if (arguments)
      *arguments = argument_verdicts();
    if (results)
      *results = result_verdicts();
    return verdicts();
  }

private:
  // ------------------------------------------------------------ values

  // A function's fact in the unit's table.
  static int local_fact(const FunctionState &state, int fact) {
    return fact < 0 ? -1 : state.fact_base + fact;
  }

  int rank_of(int fact) const { return fact < 0 ? 0 : facts_[fact].rank; }

  // SourceTags' tags of `[function][i]' (0 where the tables stop short).
  static unsigned long long tag_at(const std::vector<std::vector<unsigned long long>> &table,
                                   std::size_t function, std::size_t i) {
    return function < table.size() && i < table[function].size() ? table[function][i] : 0;
  }

  Value fact_value(int fact) const {
    Value v;
    if (fact < 0)
      return v;
    const UnitFact &f = facts_[fact];
    v.bits = f.bits;
    if (f.error_code && error_handler_installed_)
      v.bits |= kProcesses;
    v.why[0] = v.why[1] = fact;
    v.tags = f.tags;
    return knowing_nothing(v);
  }

  // a := a join b; true if a changed (bits, or a better proof).
  bool join_into(Value &a, const Value &b) const {
    bool changed = false;
    for (int d = 0; d < kDimensions; ++d) {
      bool take;
      if (differs(a, d))
        take = a.why[d] < 0 && differs(b, d) && b.why[d] >= 0; // a source at last
      else
        take = differs(b, d) || rank_of(b.why[d]) > rank_of(a.why[d]);
      if (take && a.why[d] != b.why[d]) {
        a.why[d] = b.why[d];
        changed = true;
      }
    }
    if ((a.bits | b.bits) != a.bits) {
      a.bits |= b.bits;
      changed = true;
    }
    if ((a.parameters | b.parameters) != a.parameters) {
      a.parameters |= b.parameters;
      changed = true;
    }
    if ((a.tags | b.tags) != a.tags) {
      a.tags |= b.tags;
      changed = true;
    }
    changed |= join_quantity(a, b);
    if (b.uncertain && !a.uncertain) {
      a.uncertain = true;
      changed = true;
    }
    if (b.escaped && !a.escaped) {
      a.escaped = true;
      changed = true;
    }
    return changed;
  }

  // The quantity lattice: two ranks (sizes) of different communicators
  // are still a rank (size) of some communicator.
  static bool join_quantity(Value &a, const Value &b) {
    bool changed = false;
    if ((a.quantity_parameters | b.quantity_parameters) != a.quantity_parameters) {
      a.quantity_parameters |= b.quantity_parameters;
      changed = true;
    }
    if (b.quantity == kNothingYet || a.quantity == kAnything ||
        (a.quantity == b.quantity && a.communicator == b.communicator))
      return changed;
    if (a.quantity == kNothingYet) {
      a.quantity = b.quantity;
      a.communicator = b.communicator;
    } else if (a.quantity == b.quantity) {
      a.communicator = -1;
    } else {
      a.quantity = kAnything;
      a.communicator = -1;
    }
    return true;
  }

  static Value knowing_nothing(Value v) {
    v.quantity = kAnything;
    v.communicator = -1;
    v.quantity_parameters = 0;
    return v;
  }

  // `v', a parameter's value that `into' depends on, without what is
  // known of it unless `into' is a copy of parameter k.
  static Value as_dependence(Value v, const Value &into, int k) {
    if (k >= kSymbolicParameters + kSymbolicTargets || !((into.quantity_parameters >> k) & 1)) {
      v.quantity = kNothingYet;
      v.communicator = -1;
      v.quantity_parameters = 0;
    }
    return v;
  }

  static Value with_tags(Value v, unsigned long long tags) {
    v.tags |= tags;
    return v;
  }

  Value joined(Value a, const Value &b) const {
    join_into(a, b);
    return a;
  }

  // Values compared as the fixpoint sees them: bits and proof ranks.
  bool same(const Value &a, const Value &b) const {
    if (a.bits != b.bits || a.parameters != b.parameters || a.escaped != b.escaped ||
        a.uncertain != b.uncertain ||
        a.quantity != b.quantity || a.communicator != b.communicator ||
        a.quantity_parameters != b.quantity_parameters || a.tags != b.tags)
      return false;
    for (int d = 0; d < kDimensions; ++d)
      if (!differs(a, d) && rank_of(a.why[d]) != rank_of(b.why[d]))
        return false;
    return true;
  }

  int add_fact(unsigned char bits, std::string phrase, int rank, int root = -1) {
    UnitFact f;
    f.bits = bits;
    f.rank = bits ? 3 : rank;
    f.phrase = std::move(phrase);
    f.root = root;
    f.origin = root >= 0 ? facts_[root].origin : 0;
    f.tags = root >= 0 ? facts_[root].tags : 0;
    facts_.push_back(std::move(f));
    return (int)facts_.size() - 1;
  }

  // ------------------------------------------------------------ preparation

  void prepare() {
    // Room for the adapter's facts and those preparing adds (one per
    // parameter slot, one per function): a FunctionState is large, a
    // UnitFact has strings, not moved while growing.
    functions_.reserve(unit_.size());
    std::size_t expected_facts = 1;
    for (const ValueFlowFunction &function : unit_) {
      expected_facts += function.facts.size() + 1;
      for (const ValueFlowSlot &slot : function.slots)
        expected_facts += slot.scope == SlotScope::Parameter ||
                          slot.scope == SlotScope::ParameterTarget;
    }
    facts_.reserve(expected_facts);
    for (const ValueFlowFunction &function : unit_) {
      index_of_uid_[function.uid] = (int)functions_.size();
      functions_.emplace_back();
      FunctionState &state = functions_.back();
      state.function = &function;
      state.fact_base = (int)facts_.size();
      for (std::size_t i = 0; i < function.facts.size(); ++i) {
        const ValueFlowFact &fact = function.facts[i];
        UnitFact f;
        f.bits = (fact.differs_between_processes ? kProcesses : 0) |
                 (fact.differs_between_threads ? kThreads : 0);
        f.error_code = fact.error_code;
        f.rank = f.bits ? 3 : 2;
        f.phrase = fact.phrase;
        f.is_rank = fact.is_rank && f.bits;
        f.rank_communicator = fact.rank_communicator;
        f.origin = fact.origin;
        if (tags_)
          f.tags = tag_at(tags_->facts, functions_.size() - 1, i);
        facts_.push_back(std::move(f));
      }
      error_handler_installed_ |= function.installs_error_handler;
    }
    // Then an error code may differ (fact_value): its reason says why.
    if (error_handler_installed_)
      for (UnitFact &f : facts_)
        if (f.error_code)
          f.phrase = "is an MPI error code, which may differ between processes: the program "
                     "installs an error handler, under which an error may return on some "
                     "processes only";
    // Callers, call counts, globals read, escapes seen anywhere.
    for (std::size_t i = 0; i < functions_.size(); ++i) {
      const ValueFlowFunction &function = *functions_[i].function;
      for (const ValueFlowSlot &slot : function.slots) {
        if (slot.field >= 0)
          field_range_[slot.field] = {slot.field_offset, slot.field_size};
        if (slot.scope == SlotScope::Parameter || slot.scope == SlotScope::ParameterTarget)
          functions_[i].parameter_count =
              std::max(functions_[i].parameter_count, slot.parameter + 1);
        if (slot.scope == SlotScope::Global) {
          readers_of_global_[slot.global].push_back((int)i);
          if (slot.escapes >= 0 && !global_escape_.count(slot.global))
            global_escape_[slot.global] = local_fact(functions_[i], slot.escapes);
        }
      }
      for (const ValueFlowBlock &block : function.blocks)
        for (const ValueFlowStatement &statement : block.statements)
          if (statement.kind == ValueFlowStatement::Kind::Call) {
            auto callee = index_of_uid_.find(statement.callee);
            if (callee == index_of_uid_.end())
              continue;
            functions_[callee->second].call_sites++;
            functions_[callee->second].callers.push_back((int)i);
          }
    }
    for (auto &entry : readers_of_global_) {
      std::vector<int> &readers = entry.second;
      std::sort(readers.begin(), readers.end());
      readers.erase(std::unique(readers.begin(), readers.end()), readers.end());
    }
    // Functions whose address the unit takes may be called from anywhere.
    std::set<unsigned> taken;
    for (const FunctionState &state : functions_)
      taken.insert(state.function->addresses_taken.begin(),
                   state.function->addresses_taken.end());
    for (FunctionState &state : functions_)
      state.outside = state.function->callable_from_outside || taken.count(state.function->uid);
    find_unknown_writers();
    find_unseen_code_runners();
    shared_writes_ = find_shared_writes(unit_);
    team_writes_ = find_team_writes(unit_, shared_writes_);
    for (std::size_t i = 0; i < functions_.size(); ++i) {
      std::vector<int> &callers = functions_[i].callers;
      std::sort(callers.begin(), callers.end());
      callers.erase(std::unique(callers.begin(), callers.end()), callers.end());
      prepare_function(functions_[i]);
    }
    queued_.assign(functions_.size(), false);
  }

  // The function may write what its pointer parameters point to, or lead
  // to: it stores there, passes pointers on to a call, stores through
  // pointers it cannot name or binds reference members.
  static bool writes_through_parameters(const ValueFlowFunction &function) {
    if (function.stores_through_unknown || !function.reference_bindings.empty())
      return true;
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements) {
        if (statement.target >= 0 && statement.target < (int)function.slots.size() &&
            function.slots[statement.target].scope == SlotScope::ParameterTarget)
          return true;
        for (const ValueFlowArgument &argument : statement.arguments)
          if (!argument.pointees.empty() || argument.points_elsewhere)
            return true;
      }
    return false;
  }

  // A call of `statement' (a Call) may run code the unit does not show.
  bool calls_unseen_code(const ValueFlowStatement &statement) const {
    auto callee = index_of_uid_.find(statement.callee);
    return callee == index_of_uid_.end() || functions_[callee->second].runs_unseen_code;
  }

  // FunctionState::runs_unseen_code (a least fixpoint over the calls),
  // then team_runs_unseen_code.
  void find_unseen_code_runners() {
    for (bool changed = true; changed;) {
      changed = false;
      for (FunctionState &state : functions_)
        for (const ValueFlowBlock &block : state.function->blocks)
          for (const ValueFlowStatement &statement : block.statements)
            if (!state.runs_unseen_code && statement.kind == ValueFlowStatement::Kind::Call &&
                calls_unseen_code(statement))
              state.runs_unseen_code = changed = true;
    }
    for (FunctionState &state : functions_)
      for (const ValueFlowBlock &block : state.function->blocks)
        for (const ValueFlowStatement &statement : block.statements)
          state.team_runs_unseen_code |= block.in_parallel_region &&
                                         statement.kind == ValueFlowStatement::Kind::Call &&
                                         calls_unseen_code(statement);
  }

  // FunctionState::writes_unknown: a least fixpoint over the calls.
  void find_unknown_writers() {
    for (FunctionState &state : functions_)
      state.writes_unknown = state.function->stores_through_unknown;
    for (bool changed = true; changed;) {
      changed = false;
      for (FunctionState &state : functions_) {
        if (state.writes_unknown)
          continue;
        for (const ValueFlowBlock &block : state.function->blocks)
          for (const ValueFlowStatement &statement : block.statements) {
            if (statement.kind != ValueFlowStatement::Kind::Call)
              continue;
            auto callee = index_of_uid_.find(statement.callee);
            if (callee != index_of_uid_.end() && functions_[callee->second].writes_unknown &&
                !state.writes_unknown) {
              state.writes_unknown = true;
              changed = true;
            }
          }
      }
    }
  }

  void prepare_function(FunctionState &state) {
    const ValueFlowFunction &function = *state.function;
    const int blocks = (int)function.blocks.size();
    const int slots = (int)function.slots.size();
    state.parameters.resize(state.parameter_count);
    state.literal.assign(state.parameter_count, FunctionState::Literal::NoneYet);
    state.literal_value.assign(state.parameter_count, 0);
    state.targets_all.resize(state.parameter_count);
    state.targets_rest.resize(state.parameter_count);
    state.has_target.assign(state.parameter_count, false);
    state.target_escapes.assign(state.parameter_count, false);
    state.entry_facts.assign(slots, -1);
    state.symbolic_bit_of_slot.assign(slots, -1);
    state.written_in_team.assign(function.slots.size(), false);
    state.argument_values.resize(function.collectives.size());
    for (std::size_t c = 0; c < function.collectives.size(); ++c) {
      const ValueFlowCollective &collective = function.collectives[c];
      state.argument_values[c].resize(collective.arguments.size());
      if (collective.block < 0 || collective.block >= blocks)
        continue;
      int statement = std::max(0, std::min(collective.statement,
                                           (int)function.blocks[collective.block].statements.size()));
      for (std::size_t a = 0; a < collective.arguments.size(); ++a)
        state.arguments_at[{collective.block, statement}].push_back({(int)c, (int)a});
    }
    for (const ValueFlowBlock &block : function.blocks) {
      state.has_team |= block.in_parallel_region;
      if (!block.in_parallel_region)
        continue;
      auto mark = [&state](int slot) {
        if (slot >= 0 && slot < (int)state.written_in_team.size())
          state.written_in_team[slot] = true;
      };
      for (const ValueFlowStatement &statement : block.statements) {
        mark(statement.target);
        for (const ValueFlowArgument &argument : statement.arguments)
          for (int pointee : argument.pointees)
            mark(pointee);
      }
    }
    state.parameter_slot.assign(state.parameter_count, -1);
    // Code outside the unit may call it under any condition, and from a
    // thread team.
    // (With callers_judged_at_link, the stores a team would publish at
    // once are the link step's business too: it asks only what differs
    // between processes, and another thread reading them there races.)
    if (state.outside && !function.entry_point && !function.callers_judged_at_link)
      state.thread_context = fact_value(team_fact());
    if (state.outside && !function.entry_point && !function.callers_judged_at_link)
      state.process_context = fact_value(add_fact(
          kProcesses,
          concatenated({"depends on a store in '", function.name,
                        "', which other files may call on some processes only"}),
          3));
    for (int s = 0; s < slots; ++s) {
      const ValueFlowSlot &slot = function.slots[s];
      if (slot.scope == SlotScope::ParameterTarget && slot.escapes >= 0 &&
          slot.parameter >= 0 && slot.parameter < state.parameter_count)
        state.target_escapes[slot.parameter] = true;
      if (slot.scope == SlotScope::Parameter || slot.scope == SlotScope::ParameterTarget) {
        state.entry_facts[s] = parameter_fact(state, slot);
        if (tags_ && slot.parameter >= 0)
          facts_[state.entry_facts[s]].tags =
              tag_at(tags_->parameters, &state - functions_.data(), slot.parameter);
      }
      if (slot.scope == SlotScope::Parameter && slot.parameter >= 0 &&
          slot.parameter < state.parameter_count &&
          (state.parameter_slot[slot.parameter] < 0 || slot.field < 0))
        state.parameter_slot[slot.parameter] = s;
    }
    // The ParameterTarget slots the function writes (directly, or by
    // passing them on): what the callers find there comes from here.
    std::vector<bool> written(slots, false);
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements) {
        if (statement.target >= 0 && statement.target < slots)
          written[statement.target] = true;
        auto callee = index_of_uid_.find(statement.callee);
        if (statement.kind == ValueFlowStatement::Kind::Call && callee != index_of_uid_.end() &&
            !writes_through_parameters(*functions_[callee->second].function))
          continue; // `T &operator[](int i)' only reads what it is given
        for (const ValueFlowArgument &argument : statement.arguments)
          for (int s : argument.pointees)
            if (s >= 0 && s < slots)
              written[s] = true;
      }
    for (int s = 0; s < slots; ++s) {
      const ValueFlowSlot &slot = function.slots[s];
      if (slot.scope != SlotScope::ParameterTarget || slot.parameter < 0 ||
          slot.parameter >= state.parameter_count)
        continue;
      if (slot.through_reference >= 0) {
        if (slot.covered)
          continue; // holds nothing: its fields have slots
        auto key = std::make_tuple(slot.parameter, slot.through_reference, slot.field);
        state.reference_keys.insert(key);
        if (written[s]) {
          state.target_slots.push_back(s);
          state.reference_exit[key] = Value();
        }
        for (int member = 0; member < slots; ++member)
          if (function.slots[member].scope == SlotScope::ParameterTarget &&
              function.slots[member].through_reference < 0 &&
              function.slots[member].parameter == slot.parameter &&
              function.slots[member].field == slot.through_reference)
            state.referents[member].insert(s);
        continue;
      }
      state.has_target[slot.parameter] = true;
      state.target_fields.insert({slot.parameter, slot.field});
      if (!slot.covered && (int)state.symbolic_targets.size() < kSymbolicTargets) {
        state.symbolic_bit_of_slot[s] = (int)state.symbolic_targets.size();
        state.symbolic_targets.push_back(s);
      }
      if (written[s]) {
        state.target_slots.push_back(s);
        state.at_exit[{slot.parameter, slot.field}] = Value();
      }
    }

    // The reference members of local objects the function binds itself
    // (a lambda's captures by reference).  A reference is bound once and
    // never changes; any other store to such a member (a copy of the
    // whole object over it) leaves what it refers to unknown.
    std::set<int> bound_here, stored_otherwise;
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements) {
        if (statement.kind != ValueFlowStatement::Kind::Assign || statement.target < 0 ||
            statement.target >= slots)
          continue;
        if (!statement.binds_reference) {
          stored_otherwise.insert(statement.target);
          continue;
        }
        std::set<int> &bound = state.referents[statement.target];
        bound_here.insert(statement.target);
        for (int r : statement.referents)
          bound.insert(r >= 0 && r < slots ? r : -1);
        if (statement.refers_elsewhere || statement.referents.empty())
          bound.insert(-1);
      }
    for (int s : bound_here)
      if (stored_otherwise.count(s))
        state.referents[s].insert(-1);

    // Control dependence on a graph where every block reaches the exit,
    // except where the job ends: blocks that cannot (infinite loops) get
    // an edge to it, which decides nothing (no condition) but keeps them
    // inside the frontiers; the blocks that end the job stay out.
    Graph graph;
    for (int b = 0; b <= blocks; ++b)
      graph.add_node();
    graph.entry = 0;
    graph.exit = blocks;
    state.predecessors.assign(blocks, {});
    for (int b = 0; b < blocks; ++b) {
      const ValueFlowBlock &block = function.blocks[b];
      for (int s : block.successors)
        if (s >= 0 && s < blocks) {
          if (!block.ends_job)
            graph.add_edge(b, s);
          state.predecessors[s].push_back(b);
        }
      for (int s : block.data_successors)
        if (s >= 0 && s < blocks)
          state.predecessors[s].push_back(b);
      if (block.successors.empty() && !block.ends_job)
        graph.add_edge(b, blocks);
    }
    std::vector<bool> finishes(blocks + 1, false); // reaches the exit or a job end
    std::vector<int> stack{blocks};
    finishes[blocks] = true;
    for (int b = 0; b < blocks; ++b)
      if (function.blocks[b].ends_job) {
        finishes[b] = true;
        stack.push_back(b);
      }
    while (!stack.empty()) {
      int n = stack.back();
      stack.pop_back();
      for (int p : graph.preds(n))
        if (!finishes[p]) {
          finishes[p] = true;
          stack.push_back(p);
        }
    }
    for (int b = 0; b < blocks; ++b)
      if (!finishes[b])
        graph.add_edge(b, blocks);
    state.dependents.assign(blocks, {});
    if (blocks > 0) {
      PostDominance postdominance(graph);
      for (int b = 0; b < blocks; ++b)
        for (NodeId p : postdominance.frontier(b))
          if (p < blocks)
            state.dependents[p].push_back(b);
    }

    // Reverse postorder over control and data edges.
    state.order.assign(blocks, blocks);
    std::vector<int> postorder;
    std::vector<char> seen(blocks, 0);
    std::vector<std::pair<int, std::size_t>> walk;
    auto successors_of = [&](int b, std::size_t i) {
      const ValueFlowBlock &block = function.blocks[b];
      return i < block.successors.size() ? block.successors[i]
                                         : block.data_successors[i - block.successors.size()];
    };
    for (int root = 0; root < blocks; ++root) { // unreachable blocks last
      if (seen[root])
        continue;
      seen[root] = 1;
      walk.push_back({root, 0});
      while (!walk.empty()) {
        int b = walk.back().first;
        std::size_t i = walk.back().second++;
        const ValueFlowBlock &block = function.blocks[b];
        if (i == block.successors.size() + block.data_successors.size()) {
          postorder.push_back(b);
          walk.pop_back();
          continue;
        }
        int s = successors_of(b, i);
        if (s >= 0 && s < blocks && !seen[s]) {
          seen[s] = 1;
          walk.push_back({s, 0});
        }
      }
    }
    state.in_order.assign(postorder.rbegin(), postorder.rend());
    for (int k = 0; k < (int)state.in_order.size(); ++k)
      state.order[state.in_order[k]] = k;
    build_size_guards(state);
    name_held_communicators(state);

    // Flow-sensitive slots, unless the function is too large for a state
    // per block (then every slot has one value: weaker, still sound).
    std::vector<int> definitions(slots, 0);
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements)
        if (statement.target >= 0 && statement.target < slots)
          definitions[statement.target]++;
    state.flow_index.assign(slots, -1);
    int candidates = 0;
    for (int s = 0; s < slots; ++s)
      candidates += !function.slots[s].single_definition;
    const bool flow_sensitive = (long long)candidates * blocks <= kMaxStateCells;
    note_stored_globals(state);
    for (int s = 0; s < slots; ++s) {
      const ValueFlowSlot &slot = function.slots[s];
      if (slot.scope == SlotScope::Global)
        state.all_global_slots.push_back(s);
      bool single = slot.single_definition && definitions[s] <= 1;
      if (flow_sensitive && !single) {
        state.flow_index[s] = state.flow_count++;
        if (slot.scope == SlotScope::Global)
          state.global_slots.push_back(s);
      }
    }
    state.readers.assign(slots, {});
    for (int b = 0; b < blocks; ++b) {
      auto note = [&](int s) {
        if (s >= 0 && s < slots && state.flow_index[s] < 0 &&
            (state.readers[s].empty() || state.readers[s].back() != b))
          state.readers[s].push_back(b);
      };
      const ValueFlowBlock &block = function.blocks[b];
      for (const ValueFlowStatement &statement : block.statements) {
        for (int s : statement.uses)
          note(s);
        note(statement.copy_of);
        note(statement.comparison.left.slot);
        note(statement.comparison.right.slot);
        for (const ValueFlowArgument &argument : statement.arguments) {
          note(argument.copy_of);
          for (int s : argument.uses)
            note(s);
          for (int s : argument.pointees)
            note(s);
        }
      }
      for (int s : block.condition)
        note(s);
      note(block.comparison.left.slot);
      note(block.comparison.right.slot);
    }

    state.out.assign(blocks, std::vector<Value>(state.flow_count));
    state.evaluated.assign(blocks, false);
    state.single.assign(slots, Value());
    state.escaped.assign(slots, false);
    state.taint.assign(blocks, Value());
    state.branch.assign(blocks, Value());
    for (int d = 0; d < kDimensions; ++d)
      state.taint_fact[d].assign(blocks, -1);
  }

  // `comparison' holding (or not) implies `operand' <= bound, for the
  // slot side of a comparison of a slot with a constant: `x < k' holds,
  // `x > k' fails, `x == k' holds...; false when it implies no upper bound.
  static bool upper_bound(const ValueFlowComparison &comparison, bool holds,
                          ValueFlowOperand &operand, long long &bound) {
    using Op = ValueFlowComparison::Op;
    Op op = comparison.op;
    const ValueFlowOperand *x = nullptr, *k = nullptr;
    if (comparison.left.slot >= 0 && comparison.right.slot < 0) {
      x = &comparison.left;
      k = &comparison.right;
    } else if (comparison.left.slot < 0 && comparison.right.slot >= 0) {
      x = &comparison.right;
      k = &comparison.left;
      switch (op) { // k OP x is x OP' k
      case Op::Less: op = Op::Greater; break;
      case Op::LessEqual: op = Op::GreaterEqual; break;
      case Op::Greater: op = Op::Less; break;
      case Op::GreaterEqual: op = Op::LessEqual; break;
      default: break;
      }
    } else {
      return false;
    }
    if (k->null_communicator)
      return false;
    if (!holds)
      switch (op) {
      case Op::Less: op = Op::GreaterEqual; break;
      case Op::LessEqual: op = Op::Greater; break;
      case Op::Greater: op = Op::LessEqual; break;
      case Op::GreaterEqual: op = Op::Less; break;
      case Op::Equal: op = Op::NotEqual; break;
      case Op::NotEqual: op = Op::Equal; break;
      case Op::None: break;
      }
    const long long kLarge = 1LL << 40;
    if (k->constant > kLarge || k->constant < -kLarge || x->offset > kLarge ||
        x->offset < -kLarge)
      return false;
    // x + offset OP k
    switch (op) {
    case Op::Less: bound = k->constant - 1 - x->offset; break;
    case Op::LessEqual:
    case Op::Equal: bound = k->constant - x->offset; break;
    default: return false;
    }
    operand = *x;
    operand.offset = 0;
    return true;
  }

  // FunctionState::guards: the edges of two-way tests of a slot against a
  // constant implying an upper bound, into a block they alone lead to (so
  // the edge dominates what that block dominates), chained along the
  // dominator tree (Cooper, Harvey and Kennedy's iteration).
  void build_size_guards(FunctionState &state) {
    const ValueFlowFunction &function = *state.function;
    const int blocks = (int)function.blocks.size();
    std::vector<int> guard_at(blocks, -1);
    bool other_comparisons = false;
    for (int p = 0; p < blocks; ++p) {
      const ValueFlowBlock &block = function.blocks[p];
      if (block.comparison.op == ValueFlowComparison::Op::None || block.condition_fact >= 0)
        continue;
      for (int holds = 0; holds < 2; ++holds) {
        int d = holds ? block.when_true : block.when_false;
        int other = holds ? block.when_false : block.when_true;
        if (d <= 0 || d >= blocks || d == other || state.predecessors[d].size() != 1 ||
            state.predecessors[d][0] != p)
          continue;
        FunctionState::SizeGuard guard;
        if (!upper_bound(block.comparison, holds, guard.operand, guard.bound))
          continue;
        guard.test = p;
        guard_at[d] = (int)state.guards.size();
        state.guards.push_back(guard);
      }
    }
    for (const ValueFlowBlock &block : function.blocks) {
      other_comparisons |= block.comparison.op != ValueFlowComparison::Op::None;
      for (const ValueFlowStatement &statement : block.statements)
        other_comparisons |= statement.comparison.op != ValueFlowComparison::Op::None;
    }
    if (state.guards.empty() || !other_comparisons) {
      state.guards.clear();
      return;
    }
    // The blocks reachable from the entry, in reverse postorder.
    std::vector<char> reached(blocks, 0);
    std::vector<int> work{0}, rpo;
    reached[0] = 1;
    while (!work.empty()) {
      int b = work.back();
      work.pop_back();
      const ValueFlowBlock &block = function.blocks[b];
      for (const std::vector<int> *next : {&block.successors, &block.data_successors})
        for (int s : *next)
          if (s >= 0 && s < blocks && !reached[s]) {
            reached[s] = 1;
            work.push_back(s);
          }
    }
    for (int b : state.in_order)
      if (reached[b])
        rpo.push_back(b);
    std::vector<int> idom(blocks, -1);
    idom[0] = 0;
    // Each step moves one block up a dominator chain.  A chain that an
    // unexpected graph breaks ends at the entry: a weaker answer (fewer
    // guards apply), never a loop or a read out of bounds.
    auto intersect = [&](int a, int b) {
      for (int steps = 0; a != b; ++steps) {
        if (a < 0 || b < 0 || steps > 2 * blocks)
          return 0;
        if (state.order[a] > state.order[b])
          a = idom[a];
        else
          b = idom[b];
      }
      return a;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (int b : rpo) {
        if (b == 0)
          continue;
        int next = -1;
        for (int p : state.predecessors[b])
          if (p >= 0 && reached[p] && idom[p] >= 0)
            next = next < 0 ? p : intersect(p, next);
        if (next >= 0 && next != idom[b]) {
          idom[b] = next;
          changed = true;
        }
      }
    }
    state.guard_chain.assign(blocks, -1);
    for (int b : rpo) {
      int above = b == 0 || idom[b] < 0 ? -1 : state.guard_chain[idom[b]];
      if (guard_at[b] >= 0) {
        state.guards[guard_at[b]].parent = above;
        above = guard_at[b];
      }
      state.guard_chain[b] = above;
    }
    state.guards_of_test.assign(blocks, {});
    for (int g = 0; g < (int)state.guards.size(); ++g)
      state.guards_of_test[state.guards[g].test].push_back(g);
    for (int b = 0; b < blocks; ++b) {
      const ValueFlowBlock &block = function.blocks[b];
      bool compares = block.comparison.op != ValueFlowComparison::Op::None;
      for (const ValueFlowStatement &statement : block.statements)
        compares |= statement.comparison.op != ValueFlowComparison::Op::None;
      int depth = 0;
      for (int g = state.guard_chain[b]; g >= 0 && depth < kGuardDepth;
           g = state.guards[g].parent, ++depth)
        if (compares || state.guards[g].bound <= 1) // bound 1: only_one_process
          state.guards[g].guarded.push_back(b);
    }
  }

  // FunctionState::communicator_names (ValueFlowQuantity::
  // communicator_slot): a variable no code the analysis does not see may
  // write (a scalar local or value parameter whose address goes nowhere,
  // or a static of the program's entry, which only calls may change), no
  // thread of a team writes, and whose address no call of the unit
  // receives.  A quantity read from it where exactly one definition
  // reaches (an assignment, an MPI call storing the handle, or the value
  // it had on entry), and that definition is in no loop, names the
  // communicator by that definition: within one activation the variable
  // holds one handle from it on.
  void name_held_communicators(FunctionState &state) {
    const ValueFlowFunction &function = *state.function;
    const int blocks = (int)function.blocks.size();
    const int slots = (int)function.slots.size();
    std::set<int> wanted;
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements)
        if (statement.kind == ValueFlowStatement::Kind::Assign &&
            statement.quantity.kind != ValueFlowQuantity::Kind::None &&
            statement.quantity.communicator.empty() && statement.quantity.communicator_slot >= 0 &&
            statement.quantity.communicator_slot < slots)
          wanted.insert(statement.quantity.communicator_slot);
    std::vector<int> in_cycle(blocks, -1); // memo: -1 unknown
    auto cyclic = [&](int from) {
      if (in_cycle[from] >= 0)
        return in_cycle[from] == 1;
      std::vector<char> seen(blocks, 0);
      std::vector<int> work{from};
      bool found = false;
      while (!work.empty() && !found) {
        int b = work.back();
        work.pop_back();
        const ValueFlowBlock &block = function.blocks[b];
        for (const std::vector<int> *next : {&block.successors, &block.data_successors})
          for (int s : *next) {
            if (s == from)
              found = true;
            if (s >= 0 && s < blocks && !seen[s]) {
              seen[s] = 1;
              work.push_back(s);
            }
          }
      }
      in_cycle[from] = found;
      return found;
    };
    for (int s : wanted) {
      const ValueFlowSlot &slot = function.slots[s];
      bool global = slot.scope == SlotScope::Global;
      if (!slot.scalar || slot.covered || slot.field >= 0 || slot.escapes >= 0 ||
          state.written_in_team[s] ||
          !(slot.scope == SlotScope::Local || slot.scope == SlotScope::Parameter ||
            (global && slot.visibility == GlobalVisibility::Unit && function.entry_point)))
        continue;
      // Definitions: 0 the value on entry, then (block, statement) + 1.
      // def[b][i]: the definition statement i makes (> 0), -1 a weak
      // one (a call that may store to a global), 0 none.
      bool passed = false;
      std::vector<std::vector<int>> def(blocks);
      int count = 0;
      std::vector<int> def_block{0};
      for (int b = 0; b < blocks && !passed; ++b) {
        const std::vector<ValueFlowStatement> &statements = function.blocks[b].statements;
        def[b].assign(statements.size(), 0);
        for (std::size_t i = 0; i < statements.size(); ++i) {
          const ValueFlowStatement &statement = statements[i];
          for (const ValueFlowArgument &argument : statement.arguments) {
            passed |= std::find(argument.pointees.begin(), argument.pointees.end(), s) !=
                      argument.pointees.end();
            for (const ValueFlowReach &reach : argument.reachable)
              passed |= reach.slot == s;
          }
          if (statement.target == s && statement.kind != ValueFlowStatement::Kind::Return) {
            def[b][i] = statement.strong ? ++count : -1;
            if (statement.strong)
              def_block.push_back(b);
          } else if (global && statement.kind == ValueFlowStatement::Kind::Call) {
            def[b][i] = -1;
          }
        }
      }
      if (passed)
        continue;
      // Reaching definitions: -2 nothing yet, -1 several, else the one.
      auto meet = [](int a, int b) { return a == -2 ? b : b == -2 ? a : a == b ? a : -1; };
      std::vector<int> in(blocks, -2);
      in[0] = 0;
      auto through = [&](int b, std::size_t upto) {
        int current = in[b];
        for (std::size_t i = 0; i < upto && i < def[b].size(); ++i)
          if (def[b][i] > 0)
            current = def[b][i];
          else if (def[b][i] < 0 && current != -2)
            current = -1;
        return current;
      };
      for (bool changed = true; changed;) {
        changed = false;
        for (int b : state.in_order) {
          int out = through(b, def[b].size());
          const ValueFlowBlock &block = function.blocks[b];
          for (const std::vector<int> *next : {&block.successors, &block.data_successors})
            for (int y : *next)
              if (y >= 0 && y < blocks) {
                int joined = meet(in[y], out);
                if (joined != in[y]) {
                  in[y] = joined;
                  changed = true;
                }
              }
        }
      }
      for (int b = 0; b < blocks; ++b) {
        const std::vector<ValueFlowStatement> &statements = function.blocks[b].statements;
        for (std::size_t i = 0; i < statements.size(); ++i) {
          const ValueFlowQuantity &quantity = statements[i].quantity;
          if (statements[i].kind != ValueFlowStatement::Kind::Assign ||
              quantity.kind == ValueFlowQuantity::Kind::None || !quantity.communicator.empty() ||
              quantity.communicator_slot != s)
            continue;
          int reaching = through(b, i);
          if (reaching < 0 || (reaching > 0 && cyclic(def_block[reaching])))
            continue;
          state.communicator_names[{b, (int)i}] = "definition " + std::to_string(function.uid) +
                                                  ":" + std::to_string(s) + ":" +
                                                  std::to_string(reaching);
        }
      }
    }
  }

  // What other files pass there is taken as the same on every process
  // (ValueFlowFunction::parameters_judged_at_link).
  static bool judged_at_link(const ValueFlowFunction &function, const ValueFlowSlot &slot) {
    if (slot.scope == SlotScope::ParameterTarget && slot.through_reference >= 0)
      return false;
    const std::vector<int> &judged = function.parameters_judged_at_link;
    return std::find(judged.begin(), judged.end(), slot.parameter) != judged.end();
  }

  // The proof that a parameter is the same everywhere, or the reason it
  // may not be.
  int parameter_fact(const FunctionState &state, const ValueFlowSlot &slot) {
    const ValueFlowFunction &function = *state.function;
    // C names what a pointer parameter points to "*p"; Fortran's dummy
    // arguments keep their names.  The phrase is built in one string (one
    // allocation: this runs for every parameter slot in every solve).
    const bool pointee =
        slot.scope == SlotScope::ParameterTarget && slot.name.compare(0, 1, "*") == 0;
    auto phrase = [&](std::string_view before, std::string_view after) {
      return concatenated({before, pointee ? "'" : "parameter '", slot.name,
                           pointee ? "' in '" : "' of '", function.name, "'", after});
    };
    // mpiexec (MPI 4.0, section 11.5) gives every process of an SPMD launch
    // the same arguments: mini-apps parse them on every rank.
    if (function.entry_point && slot.parameter <= 1)
      return add_fact(0, phrase("", " is the program's arguments, which mpiexec gives every "
                                    "process alike"), 1);
    if (function.entry_point) // envp
      return add_fact(kProcesses, phrase("depends on ", ", the process's environment"), 3);
    // Shared memory only read here is the same in every thread of a team
    // calling it, and so is the pointer to it (shared_reads.h); the
    // unit's callers still say.
    bool points_to_target = slot.scope == SlotScope::ParameterTarget;
    if (slot.scope == SlotScope::Parameter)
      for (const ValueFlowSlot &other : function.slots)
        points_to_target |= other.scope == SlotScope::ParameterTarget &&
                            other.parameter == slot.parameter;
    unsigned char threads = state.outside && points_to_target &&
                                    !function.parameters_by_reference && !state.writes_unknown &&
                                    parameter_target_read_only(function, slot.parameter)
                                ? 0
                                : kThreads;
    if (state.outside && judged_at_link(function, slot))
      return add_fact(threads, phrase("", " is judged at the link step, at every call site of "
                                          "the program"), 1);
    if (state.outside)
      return add_fact(kProcesses | threads,
                      phrase("depends on ", ", which other files may call with any value"), 3);
    if (state.call_sites == 1)
      return add_fact(0, phrase("", " is the same at its call site"), 1);
    return add_fact(
        0, phrase("", " is the same at its " + std::to_string(state.call_sites) + " call sites"),
        1);
  }

  // ------------------------------------------------------------ globals

  // What a global holds when a function starts, or after a call.  Its
  // initial value (an initializer the unit does not describe) may be
  // anything: nothing is known of what it holds there.
  Value global_value(unsigned uid, const ValueFlowSlot &slot) {
    return knowing_nothing(stored_global_value(uid, slot));
  }

  Value stored_global_value(unsigned uid, const ValueFlowSlot &slot) {
    auto escape = global_escape_.find(uid);
    if (escape != global_escape_.end())
      return fact_value(escape->second);
    if (shared_variable_judged_at_link(slot) && slot.visibility == GlobalVisibility::Unit)
      return stored_value(uid, slot.field); // the unit's stores are all
    if (shared_variable_judged_at_link(slot)) {
      // Only the unit's stores differ between processes; between threads,
      // other files' code may still change it.
      Value v = stored_value(uid, slot.field);
      Value others = fact_value(global_fact(slot, "depends on '" + slot.name +
                                                     "', which other files may change"));
      others.bits &= (unsigned char)~kProcesses;
      others.why[0] = -1;
      join_into(v, others);
      return v;
    }
    // With tags, what the unit stores there too: where other files are
    // taken to store the same value everywhere, the unit's stores decide.
    auto with_unit_stores = [&](Value v) {
      if (tags_)
        v.tags |= stored_value(uid, slot.field).tags;
      return v;
    };
    switch (slot.visibility) {
    case GlobalVisibility::ReadOnly:
      return Value();
    case GlobalVisibility::External:
      return with_unit_stores(fact_value(global_fact(
          slot,
          "depends on '" + slot.name + "', a variable of another file, which may change it")));
    case GlobalVisibility::Public:
      return with_unit_stores(fact_value(
          global_fact(slot, "depends on '" + slot.name + "', which other files may change")));
    case GlobalVisibility::ThreadLocal: {
      Value v = stored_value(uid, slot.field);
      Value threads = fact_value(global_fact(
          slot, "depends on '" + slot.name + "', which has one copy per thread", kThreads));
      join_into(v, threads);
      return v;
    }
    case GlobalVisibility::Unit:
      break;
    }
    Value v = stored_value(uid, slot.field);
    // A static the link step judges: what other files' calls of the
    // unit's functions leave there carries its key's tag.
    v.tags |= other_files_tags(slot);
    return v;
  }

  // The join of what the unit publishes in a global: for one field, what
  // is published for that field or for the whole variable; for the whole
  // variable (all the fields the reader does not name), everything.
  Value stored_value(unsigned uid, int field) const {
    Value v;
    auto first = summary_.lower_bound({uid, INT_MIN});
    for (auto it = first; it != summary_.end() && it->first.first == uid; ++it)
      if (field < 0 || it->first.second < 0 || overlap(it->first.second, field))
        join_into(v, it->second);
    return v;  }

  // One fact per field of a global read: the link step judges each
  // field of a shared variable apart (cross_file_values.h).
  int global_fact(const ValueFlowSlot &slot, std::string phrase,
                  unsigned char bits = kProcesses | kThreads) {
    std::pair<unsigned, int> key{slot.global, slot.field};
    auto found = global_facts_.find(key);
    if (found != global_facts_.end())
      return found->second;
    int fact = add_fact(bits, std::move(phrase), 3);
    facts_[fact].tags = other_files_tags(slot);
    global_facts_[key] = fact;
    return fact;
  }

  // The tags of what other files store in a global (SourceTags).
  unsigned long long other_files_tags(const ValueFlowSlot &slot) const {
    if (!tags_)
      return 0;
    auto tagged = tags_->globals.find({slot.global, slot.field});
    return tagged == tags_->globals.end() ? 0 : tagged->second;
  }

  // ------------------------------------------------------------ scheduling

  void schedule(int index) {
    if (!queued_[index]) {
      queued_[index] = true;
      pending_.push(index);
    }
  }

  void schedule_callers(const FunctionState &state) {
    for (int caller : state.callers)
      schedule(caller);
  }

  // ------------------------------------------------------------ one function

  struct BlockQueue {
    std::priority_queue<std::pair<int, int>, std::vector<std::pair<int, int>>,
                        std::greater<std::pair<int, int>>>
        heap;
    std::vector<bool> queued;
  };

  void enqueue(FunctionState &state, BlockQueue &queue, int b) {
    if (!queue.queued[b]) {
      queue.queued[b] = true;
      queue.heap.push({state.order[b], b});
    }
  }

  void solve_function(int index) {
    FunctionState &state = functions_[index];
    const ValueFlowFunction &function = *state.function;
    const int blocks = (int)function.blocks.size();
    if (blocks == 0)
      return;
    BlockQueue queue;
    queue.queued.assign(blocks, false);
    current_ = index;
    queue_ = &queue;
    for (int b = 0; b < blocks; ++b)
      if (b == 0 || state.evaluated[b])
        enqueue(state, queue, b);
    while (!queue.heap.empty()) {
      int b = queue.heap.top().second;
      queue.heap.pop();
      queue.queued[b] = false;
      evaluate_block(state, b);
    }
    queue_ = nullptr;
  }

  // Into `values' (evaluate_block's buffer: no allocation per evaluation).
  void entry_state(FunctionState &state, std::vector<Value> &values) {
    const ValueFlowFunction &function = *state.function;
    values.assign(state.flow_count, Value());
    for (std::size_t s = 0; s < function.slots.size(); ++s) {
      int flow = state.flow_index[s];
      if (flow < 0)
        continue;
      values[flow] = initial_value(state, (int)s);
    }
  }

  Value initial_value(FunctionState &state, int s) {
    const ValueFlowSlot &slot = state.function->slots[s];
    switch (slot.scope) {
    case SlotScope::Local:
      // Uninitialised: whatever it holds, no branch should test it (and
      // nothing is known of it).
      return knowing_nothing(Value());
    case SlotScope::Parameter:
      if (slot.parameter >= 0 && slot.parameter < kSymbolicParameters) {
        Value v;
        v.parameters = v.quantity_parameters = 1ull << slot.parameter;
        return v;
      }
      return entry_value(state, s);
    case SlotScope::ParameterTarget:
      if (state.symbolic_bit_of_slot[s] >= 0) {
        Value v;
        v.parameters = v.quantity_parameters =
            1ull << (kSymbolicParameters + state.symbolic_bit_of_slot[s]);
        return v;
      }
      return entry_value(state, s);
    case SlotScope::Global:
      return global_value(slot.global, slot);
    }
    return Value();
  }

  // What a parameter (or what it points to) holds on entry: the join of
  // the call sites, with the parameter's proof, or why it may differ.
  Value entry_value(FunctionState &state, int s) {
    const ValueFlowSlot &slot = state.function->slots[s];
    switch (slot.scope) {
    case SlotScope::Local:
    case SlotScope::Global:
      return Value();
    case SlotScope::Parameter:
    case SlotScope::ParameterTarget: {
      if (slot.parameter < 0 || slot.parameter >= state.parameter_count)
        return Value();
      bool value = slot.scope == SlotScope::Parameter;
      int fact = state.entry_facts[s];
      Value v;
      if (value && !state.outside &&
          state.literal[slot.parameter] == FunctionState::Literal::Same)
        v = knowing_nothing(Value()); // the same literal at every call site
      else if (value)
        v = state.parameters[slot.parameter];
      else if (slot.through_reference >= 0) {
        auto given = state.reference_entry.find(
            std::make_tuple(slot.parameter, slot.through_reference, slot.field));
        if (given != state.reference_entry.end())
          v = given->second;
      } else if (slot.field < 0)
        v = state.targets_all[slot.parameter];
      else {
        // The callers' slots over that field, or the rest of their object.
        v = state.targets_rest[slot.parameter];
        auto field = state.targets_field.find({slot.parameter, slot.field});
        if (field != state.targets_field.end())
          join_into(v, field->second);
      }
      if (facts_[fact].bits) {
        Value given = fact_value(fact);
        given.tags |= v.tags; // what the unit's callers pass, where it is judged so
        if (!(facts_[fact].bits & kThreads) && differs(v, 1)) { // the unit's callers
          given.bits |= kThreads;
          given.why[1] = v.why[1];
        }
        return given;
      }
      // The join of the call sites; the proof is the parameter's.
      for (int d = 0; d < kDimensions; ++d)
        if (!differs(v, d))
          v.why[d] = fact;
      return v;
    }
    }
    return Value();
  }

  // A value with the parameters it depends on replaced by what the
  // function's callers pass.
  Value concrete(FunctionState &state, Value v) {
    return substituted(v, [&](int k) {
      if (k >= kSymbolicParameters) {
        std::size_t i = k - kSymbolicParameters;
        return i < state.symbolic_targets.size() ? entry_value(state, state.symbolic_targets[i])
                                                 : Value();
      }
      return k < (int)state.parameter_slot.size() && state.parameter_slot[k] >= 0
                 ? entry_value(state, state.parameter_slot[k])
                 : Value();
    });
  }

  // `v' with each parameter bit k it depends on (Value::parameters)
  // replaced by `value_of(k)', taken as a dependence (as_dependence).
  template <typename ValueOf> Value substituted(Value v, ValueOf value_of) const {
    const Value symbolic = v;
    unsigned long long mask = v.parameters;
    v.parameters = v.quantity_parameters = 0;
    for (int k = 0; mask; ++k, mask >>= 1)
      if (mask & 1)
        join_into(v, as_dependence(value_of(k), symbolic, k));
    return v;
  }

  // `v' with only its symbolic targets replaced by what the callers pass
  // (what a function leaves behind a reference member of what a pointer
  // parameter points to: reference_exit).
  Value concrete_targets(FunctionState &state, Value v) {
    const unsigned long long targets = v.parameters >> kSymbolicParameters;
    if (!targets)
      return v;
    Value symbolic;
    symbolic.parameters = v.parameters & ~kParameterValueBits;
    symbolic.quantity_parameters = v.quantity_parameters & ~kParameterValueBits;
    v.parameters &= kParameterValueBits;
    v.quantity_parameters &= kParameterValueBits;
    join_into(v, concrete(state, symbolic));
    return v;
  }

  // A callee's value, with its parameters replaced by this call's
  // arguments.
  // Its symbolic targets: by what this call's arguments point to
  // (call_targets_).
  Value instantiate(const Value &callee_value, const std::vector<Value> &arguments) {
    return substituted(callee_value, [&](int k) {
      if (k >= kSymbolicParameters) {
        std::size_t i = k - kSymbolicParameters;
        return i < call_targets_.size() ? call_targets_[i] : fact_value(unknown_fact());
      }
      return k < (int)arguments.size() ? arguments[k] : fact_value(unknown_fact());
    });
  }

  // call_targets_ for a call of `callee': for each of its symbolic
  // targets, what the argument points to there (the caller's slots over
  // that field, or that the callee's view does not name), as the caller
  // sees it.
  void read_call_targets(FunctionState &state, const std::vector<Value> &values,
                         const ValueFlowStatement &call, const FunctionState *callee, int b) {
    call_targets_.clear();
    if (!callee)
      return;
    const ValueFlowFunction &function = *state.function;
    const Value taint = as_seen_in(state, b, state.taint[b]);
    for (int s : callee->symbolic_targets) {
      const ValueFlowSlot &target = callee->function->slots[s];
      Value v;
      if (target.parameter >= (int)call.arguments.size()) {
        call_targets_.push_back(fact_value(unknown_fact()));
        continue;
      }
      const ValueFlowArgument &argument = call.arguments[target.parameter];
      for (int p : argument.pointees) {
        if (p < 0 || p >= (int)function.slots.size() || function.slots[p].covered)
          continue;
        int field = function.slots[p].field;
        bool named = field >= 0 && callee->target_fields.count({target.parameter, field});
        if (target.field < 0 || field < 0 || !named || overlap(target.field, field))
          join_into(v, joined(read(state, values, p, b), taint));
      }
      if (argument.points_elsewhere)
        join_into(v, fact_value(unknown_fact()));
      call_targets_.push_back(in_team_context(state, b, v));
    }
  }

  // Outside a team only one thread runs: nothing differs between
  // threads there, and a team forked later starts from the same values.
  Value in_team_context(const FunctionState &state, int b, Value v) const {
    if (!state.function->blocks[b].in_parallel_region && !differs(state.thread_context, 1)) {
      v.bits &= (unsigned char)~kThreads;
      v.why[1] = -1;
    }
    return v;
  }

  Value read(FunctionState &state, const std::vector<Value> &values, int s, int b) {
    Value v = in_team_context(state, b, read_slot(state, values, s, b));
    if (shared_read_in_orphaned_code(state, values, s, b) ||
        shared_read_in_own_team(state, values, s, b)) {
      // Only the unit's own stores may make it differ between threads
      // (shared_reads.h): other code writing it now would race.
      auto stored = thread_stores_.find(state.function->slots[s].global);
      v.bits &= (unsigned char)~kThreads;
      v.why[1] = -1;
      if (stored != thread_stores_.end()) {
        v.bits |= kThreads;
        v.why[1] = stored->second.why[1];
      }
    }
    // In a team this function forks, a local or parameter no statement of
    // the team writes (and no unknown code may change) is the same in
    // every thread of that team, whatever differs between the threads of
    // a team that calls the function.
    const ValueFlowSlot *slot =
        s >= 0 && s < (int)state.function->slots.size() ? &state.function->slots[s] : nullptr;
    if (slot && slot->scope == SlotScope::Global && slot->same_in_every_thread &&
        state.function->blocks[b].in_parallel_region && !differs(state.thread_context, 1)) {
      // A global the team writes only in barrier phases where no other
      // thread touches it: every thread reads the one value there.
      v.bits &= (unsigned char)~kThreads;
      v.why[1] = -1;
    }
    if (slot && state.function->blocks[b].in_parallel_region &&
        (!state.written_in_team[s] || slot->same_in_every_thread) &&
        slot->scope != SlotScope::Global && !escaped_here(state, values, s)) {
      // What it holds as a function of the parameters becomes their
      // values, so that their difference between threads goes too.
      v = concrete(state, v);
      v.bits &= (unsigned char)~kThreads;
      v.why[1] = -1;
    }
    return v;
  }

  // Slot `s' is a shared global (not threadprivate) read at block `b' by
  // code a team runs outside a parallel region of its own (orphaned code,
  // or a function such code calls), which, with the functions of the unit
  // it calls, never writes it (shared_reads.h).
  bool shared_read_in_orphaned_code(const FunctionState &state, const std::vector<Value> &values,
                                    int s, int b) const {
    const ValueFlowFunction &function = *state.function;
    if (s < 0 || s >= (int)function.slots.size() || function.blocks[b].in_parallel_region ||
        !differs(state.thread_context, 1))
      return false;
    const ValueFlowSlot &slot = function.slots[s];
    std::size_t index = &state - functions_.data();
    return slot.scope == SlotScope::Global && slot.visibility != GlobalVisibility::ThreadLocal &&
           !escaped_here(state, values, s) && !global_escape_.count(slot.global) &&
           !shared_writes_.anything[index] && !shared_writes_.globals[index].count(slot.global);
  }

  // Slot `s' is a shared global (not threadprivate) read at block `b' in
  // a parallel region of the function, whose statements and the functions
  // of the unit they call never write it (shared_reads.h, find_team_writes).
  bool shared_read_in_own_team(const FunctionState &state, const std::vector<Value> &values,
                               int s, int b) const {
    const ValueFlowFunction &function = *state.function;
    if (s < 0 || s >= (int)function.slots.size() || !function.blocks[b].in_parallel_region)
      return false;
    const ValueFlowSlot &slot = function.slots[s];
    const TeamWrites &team = team_writes_[&state - functions_.data()];
    return slot.scope == SlotScope::Global && slot.visibility != GlobalVisibility::ThreadLocal &&
           !escaped_here(state, values, s) && !global_escape_.count(slot.global) &&
           !team.anything && !team.globals.count(slot.global);
  }

  // Code the analysis does not see may have changed slot `s' by this
  // point: its address escapes, in the whole function or (with a state per
  // block) on some path here.
  static bool escaped_here(const FunctionState &state, const std::vector<Value> &values, int s) {
    return state.function->slots[s].escapes >= 0 || (state.escaped[s] && !flow_escape(state, s)) ||
           (state.flow_index[s] >= 0 && values[state.flow_index[s]].escaped);
  }

  Value read_slot(FunctionState &state, const std::vector<Value> &values, int s, int b) {
    const ValueFlowFunction &function = *state.function;
    if (s < 0 || s >= (int)function.slots.size())
      return fact_value(unknown_fact());
    const ValueFlowSlot &slot = function.slots[s];
    if (slot.escapes >= 0)
      return fact_value(local_fact(state, slot.escapes));
    if (escaped_here(state, values, s))
      return fact_value(escaped_fact(state, s));
    Value v = state.flow_index[s] >= 0 ? values[state.flow_index[s]] : state.single[s];
    if (state.flow_index[s] < 0 && slot.scope != SlotScope::Local &&
        slot.scope != SlotScope::Global)
      join_into(v, initial_value(state, s)); // a parameter never written
    if (own_thread_copy(state, s))
      return v; // no other thread writes it; team entries and calls join the rest
    if (slot.scope == SlotScope::Global &&
        (state.flow_index[s] < 0 || function.blocks[b].in_parallel_region ||
         differs(state.thread_context, 1))) {
      // Other threads (or, without a state per block, other statements)
      // may store to it at any time.  In a team this function forks that
      // runs only code the unit shows, those are the unit's own stores:
      // other files' code does not run while the team does.
      if (state.flow_index[s] >= 0 && !differs(state.thread_context, 1) &&
          !state.team_runs_unseen_code && slot.visibility != GlobalVisibility::ThreadLocal &&
          !global_escape_.count(slot.global))
        join_into(v, knowing_nothing(stored_value(slot.global, slot.field)));
      else
        join_into(v, global_value(slot.global, slot));
    }
    return v;
  }

  // Slot `s' is a ThreadLocal global (threadprivate, __thread) whose
  // value flows block by block in a function no team calls: in its own
  // parallel regions each thread reads its own copy, which only that
  // thread writes.  Each team's first block (ValueFlowBlock::starts_team)
  // joins what the other threads' copies may hold, each call what the
  // callee may store.
  bool own_thread_copy(const FunctionState &state, int s) const {
    const ValueFlowSlot &slot = state.function->slots[s];
    return slot.scope == SlotScope::Global && slot.visibility == GlobalVisibility::ThreadLocal &&
           state.flow_index[s] >= 0 && !differs(state.thread_context, 1) &&
           !global_escape_.count(slot.global);
  }

  // What a computed value `v' is known to be: what the slot it copies
  // holds is, or what the statement says; else nothing.
  void known_as(FunctionState &state, const std::vector<Value> &values, Value &v, int copy_of,
                const ValueFlowQuantity &quantity, int b) {
    v = knowing_nothing(v);
    if (quantity.kind != ValueFlowQuantity::Kind::None) {
      v.quantity = quantity.kind == ValueFlowQuantity::Kind::Rank ? kRank : kSize;
      v.communicator = communicator_key(quantity.communicator, quantity.activation_local);
    } else if (copy_of >= 0) {
      Value copied = read(state, values, copy_of, b);
      v.quantity_parameters = copied.quantity_parameters;
      v.quantity = copied.quantity;
      v.communicator = copied.communicator;
    }
  }

  int communicator_key(const std::string &name, bool activation_local) {
    if (name.empty())
      return -1;
    int key = communicator_keys_.insert({name, (int)communicator_keys_.size()}).first->second;
    if (activation_local)
      activation_local_keys_.insert(key);
    if (names_comm_world(name))
      world_keys_.insert(key);
    return key;
  }

  // `v' as another activation (of this function or another) receives it:
  // a rank or size of a communicator named only inside this activation
  // is one of some communicator there (ValueFlowQuantity::
  // activation_local).
  Value leaving_activation(Value v) const {
    if (v.communicator >= 0 && activation_local_keys_.count(v.communicator))
      v.communicator = -1;
    return v;
  }

  Value read_all(FunctionState &state, const std::vector<Value> &values,
                 const std::vector<int> &slots, int b) {
    Value v;
    for (int s : slots)
      join_into(v, read(state, values, s, b));
    return v;
  }

  // `value_same_in_threads': what is stored, without the control that
  // leads to the store (the taint), is the same in every thread.
  void write(FunctionState &state, std::vector<Value> &values, int s, Value v, bool strong,
             int b, bool value_same_in_threads = false) {
    const ValueFlowFunction &function = *state.function;
    if (s < 0 || s >= (int)function.slots.size())
      return;
    const ValueFlowSlot &slot = function.slots[s];
    v = as_seen_in(state, b, in_team_context(state, b, v));
    if (!strong && differs(v, 0))
      v.uncertain = true; // a weak update: some element, some target
    // A team other files may run this function from races on a shared
    // variable; when other files' stores are taken as uniform, that is the
    // link step's business too (unit_context).
    const Value &team = shared_variable_judged_at_link(slot) ? state.unit_thread_context
                                                             : state.thread_context;
    if (slot.scope == SlotScope::Global &&
        (function.blocks[b].in_parallel_region || differs(team, 1))) {
      // Other threads may read it at any time.  Threads storing different
      // values race: which one it holds may differ between processes.  A
      // value the same in every thread that stores it (the master thread
      // storing an MPI_Allreduce result, then a barrier) differs between
      // threads only in that some of them store it, as a shared local of
      // the region does; a read not ordered after the store by a barrier
      // would race, which no correct program does.
      // A threadprivate variable is no shared data: each thread writes its
      // own copy.
      if (!value_same_in_threads && !slot.same_in_every_thread &&
          slot.visibility != GlobalVisibility::ThreadLocal)
        join_into(v, fact_value(racy_fact(slot)));
      publish(state, slot, v);
    }
    if (slot.scope == SlotScope::Global && differs(v, 1))
      note_thread_store(slot.global, v);
    int flow = state.flow_index[s];
    if (flow >= 0) {
      bool escaped = values[flow].escaped;
      v.escaped = false;
      if (strong)
        values[flow] = v;
      else
        join_into(values[flow], v);
      values[flow].escaped = escaped;
      return;
    }
    if (join_into(state.single[s], v))
      for (int reader : state.readers[s])
        enqueue(state, *queue_, reader);
  }

  // A global other files read (extern, public), other files' stores to
  // it taken as uniform: the link step judges the callers of the unit's
  // functions that store there (cross_file_values.h, variable_facts).
  static bool shared_variable_judged_at_link(const ValueFlowSlot &slot) {
    return slot.other_files_store_uniform && variable_judged_at_link(slot);
  }

  // FunctionState::stored_globals.
  static void note_stored_globals(FunctionState &state) {
    const ValueFlowFunction &function = *state.function;
    const int slots = (int)function.slots.size();
    auto note = [&](int s) {
      if (s >= 0 && s < slots && function.slots[s].scope == SlotScope::Global)
        state.stored_globals.insert(function.slots[s].global);
    };
    state.may_store_any_global =
        function.stores_through_unknown || !function.reference_bindings.empty();
    for (const ValueFlowSlot &slot : function.slots)
      state.may_store_any_global |= slot.through_reference >= 0 ||
                                    (slot.scope == SlotScope::Global && slot.escapes >= 0);
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements) {
        note(statement.target);
        for (const ValueFlowArgument &argument : statement.arguments) {
          for (int p : argument.pointees)
            note(p);
          for (const ValueFlowReach &reach : argument.reachable)
            note(reach.slot);
        }
      }
  }

  // What a global holds where control leaves the function (calls,
  // returns) is what other functions may find in it: a store overwritten
  // before that (`if (rank == 0) read(n); MPI_Bcast(&n)') stays private.
  // A function run on some processes only makes a global differ if it may
  // store to it; one it only reads holds what it held before everywhere
  // (its callees publish their own stores, in the context it gives them).
  void publish(FunctionState &state, const ValueFlowSlot &slot, Value v) {
    v = leaving_activation(concrete(state, v));
    // A shared variable this function stores to by name, other files'
    // decisions taken as uniform (the optimistic solves of
    // cross_file_values.h): whether other files call this function, or a
    // caller of it, on some processes only is the link step's question
    // (every such caller is one of the variable's writers there), not a
    // difference of the unit's own.
    // (A store through a pointer it cannot name, to a variable the unit
    // defines, too: variable_facts counts the function among its writers.)
    const Value &context = shared_variable_judged_at_link(slot) &&
                                   (state.stored_globals.count(slot.global) ||
                                    slot.visibility == GlobalVisibility::Public)
                               ? state.unit_context
                               : state.process_context;
    if (differs(context, 0) &&
        (state.may_store_any_global || state.stored_globals.count(slot.global)))
      join_into(v, context);
    // Every reader reads it again, this function too: what it read at its
    // entry and after its calls is stale (it ran before the store, or it
    // publishes what a caller on some processes only leaves there).
    if (join_into(summary_[{slot.global, slot.field}], v))
      for (int reader : readers_of_global_[slot.global])
        schedule(reader);
  }

  // A store of the unit leaves in a global a value that may differ
  // between threads (thread_stores_).
  void note_thread_store(unsigned uid, const Value &v) {
    Value threads;
    threads.bits = kThreads;
    threads.why[1] = v.why[1];
    if (join_into(thread_stores_[uid], threads))
      for (int reader : readers_of_global_[uid])
        if (reader != current_)
          schedule(reader);
  }

  // Only what the function may store to: a global it only reads holds
  // what the summary gives (publishing a whole record read back would join
  // its fields, and one field's difference reach the others).
  void publish_globals(FunctionState &state, const std::vector<Value> &values, int b) {
    for (int s : state.all_global_slots) {
      const ValueFlowSlot &slot = state.function->slots[s];
      if (!slot.covered &&
          (state.may_store_any_global || state.stored_globals.count(slot.global)))
        publish(state, slot, read(state, values, s, b));
    }
  }

  void evaluate_block(FunctionState &state, int b) {
    const ValueFlowFunction &function = *state.function;
    const ValueFlowBlock &block = function.blocks[b];
    // One buffer for every evaluation (a block is evaluated many times):
    // no allocation per evaluation; copied into `out' only when changed.
    std::vector<Value> &values = block_values_;
    if (b == 0)
      entry_state(state, values);
    else
      values.assign(state.flow_count, Value());
    for (int p : state.predecessors[b])
      if (state.evaluated[p])
        for (int k = 0; k < state.flow_count; ++k)
          join_into(values[k], state.out[p][k]);
    if (block.starts_team)
      for (int s : state.global_slots)
        if (function.slots[s].visibility == GlobalVisibility::ThreadLocal)
          // Thread 0 has the encountering thread's copy, the others their own.
          join_into(values[state.flow_index[s]],
                    global_value(function.slots[s].global, function.slots[s]));
    if (only_one_process(state, b))
      for (Value &v : values)
        v = as_seen_in(state, b, v);
    const Value taint = as_seen_in(state, b, state.taint[b]);
    seen_comparisons_.clear();
    for (std::size_t i = 0; i <= block.statements.size(); ++i) {
      read_arguments(state, values, b, (int)i);
      if (i == block.statements.size())
        break;
      const ValueFlowStatement &statement = block.statements[i];
      switch (statement.kind) {
      case ValueFlowStatement::Kind::Assign: {
        Value v = read_all(state, values, statement.uses, b);
        join_into(v, fact_value(local_fact(state, statement.fact)));
        long long size_at_most = 0;
        Value proof;
        // (A proof keeps the operands' tags: SourceTags over-approximate.)
        if (statement.fact < 0 &&
            decided_by_ranges(state, values, statement.comparison, b, &size_at_most))
          v = with_tags(range_proof(state, statement.comparison, size_at_most), v.tags);
        else if (statement.fact < 0 && decided_by_logical(state, values, statement, b, &proof))
          v = with_tags(proof, v.tags);
        if (!seen_comparisons_.empty() || statement.comparison.op != ValueFlowComparison::Op::None)
          seen_comparisons_.erase(statement.target);
        if (statement.fact < 0 && statement.comparison.op != ValueFlowComparison::Op::None &&
            statement.strong) {
          SeenComparison &seen = seen_comparisons_[statement.target];
          seen.comparison = &statement.comparison;
          seen.left = bounds_of(state, values, b, statement.comparison.left);
          seen.right = bounds_of(state, values, b, statement.comparison.right);
        }
        const bool same_in_threads = !differs(v, 1) || statement.same_in_every_thread;
        join_into(v, taint);
        if (statement.same_in_every_thread) {
          v.bits &= (unsigned char)~kThreads;
          v.why[1] = -1;
        }
        if (statement.quantity.kind != ValueFlowQuantity::Kind::None &&
            statement.quantity.communicator.empty() && statement.quantity.communicator_slot >= 0) {
          auto named = state.communicator_names.find({b, (int)i});
          if (named != state.communicator_names.end()) {
            ValueFlowQuantity quantity = statement.quantity;
            quantity.communicator = named->second;
            quantity.activation_local = true;
            known_as(state, values, v, statement.copy_of, quantity, b);
            write(state, values, statement.target, v, statement.strong, b, same_in_threads);
            break;
          }
        }
        known_as(state, values, v, statement.copy_of, statement.quantity, b);
        write(state, values, statement.target, v, statement.strong, b, same_in_threads);
        break;
      }
      case ValueFlowStatement::Kind::Call:
        seen_comparisons_.clear();
        evaluate_call(state, values, statement, b);
        break;
      case ValueFlowStatement::Kind::Return: {
        publish_globals(state, values, b);
        Value v = as_seen_in(
            state, b,
            in_team_context(state, b, joined(read_all(state, values, statement.uses, b), taint)));
        known_as(state, values, v, statement.copy_of, ValueFlowQuantity(), b);
        v = leaving_activation(v);
        bool changed = join_into(state.result, v);
        // What the callers find behind their pointers.
        for (int s : state.target_slots) {
          const ValueFlowSlot &slot = function.slots[s];
          // Behind the pointer, symbolic targets stay: each caller puts in
          // what it passed (a `++it' leaves each caller's own iterator).
          Value left =
              leaving_activation(as_seen_in(state, b, joined(read(state, values, s, b), taint)));
          if (slot.through_reference >= 0)
            changed |= join_into(state.reference_exit[std::make_tuple(
                                     slot.parameter, slot.through_reference, slot.field)],
                                 concrete_targets(state, left));
          else
            changed |= join_into(state.at_exit[{slot.parameter, slot.field}], left);
        }
        if (changed)
          schedule_callers(state);
        break;
      }
      }
    }
    if (block.successors.empty()) // leaves the function, maybe without a return
      publish_globals(state, values, b);
    seen_comparisons_.clear();
    bool changed = !state.evaluated[b];
    state.evaluated[b] = true;
    for (int k = 0; k < state.flow_count && !changed; ++k)
      changed = !same(values[k], state.out[b][k]);
    if (changed) {
      state.out[b] = values;
      for (int s : block.successors)
        if (s >= 0 && s < (int)function.blocks.size())
          enqueue(state, *queue_, s);
      for (int s : block.data_successors)
        if (s >= 0 && s < (int)function.blocks.size())
          enqueue(state, *queue_, s);
    }
    update_guards(state, b);
    if (block.successors.size() >= 2) {
      Value tested = read_all(state, state.out[b], block.condition, b);
      join_into(tested, fact_value(local_fact(state, block.condition_fact)));
      tested = as_seen_in(state, b, in_team_context(state, b, tested));
      long long size_at_most = 0;
      if (block.condition_fact < 0 &&
          decided_by_ranges(state, state.out[b], block.comparison, b, &size_at_most))
        tested = with_tags(range_proof(state, block.comparison, size_at_most), tested.tags);
      Value before = state.branch[b];
      join_into(state.branch[b], tested);
      if (state.branch[b].bits != before.bits ||
          state.branch[b].parameters != before.parameters ||
          (differs(state.branch[b], 0) && state.branch[b].tags != before.tags))
        spread_taint(state, b);
    }
  }

  // The collectives' arguments read before statement `i' of block `b'.
  // Not joined with the block's taint: a constant argument of a
  // collective some processes skip is still the same wherever it is
  // called (that is the order's business, not the argument's).
  void read_arguments(FunctionState &state, const std::vector<Value> &values, int b, int i) {
    if (state.arguments_at.empty())
      return;
    auto found = state.arguments_at.find({b, i});
    if (found == state.arguments_at.end())
      return;
    for (const auto &asked : found->second) {
      const ValueFlowCollective &probe = state.function->collectives[asked.first];
      Value &value = state.argument_values[asked.first][asked.second];
      join_into(value, read_all(state, values, probe.arguments[asked.second], b));
      if (probe.with_control)
        join_into(value, as_seen_in(state, b, state.taint[b]));
    }
  }

  void evaluate_call(FunctionState &state, std::vector<Value> &values,
                     const ValueFlowStatement &call, int b) {
    const ValueFlowFunction &function = *state.function;
    publish_globals(state, values, b);
    const Value taint = as_seen_in(state, b, state.taint[b]);
    auto found = index_of_uid_.find(call.callee);
    FunctionState *callee = found == index_of_uid_.end() ? nullptr : &functions_[found->second];
    // The arguments as this function sees them, for the callee's result
    // (a buffer kept between calls: evaluate_call does not recurse).
    std::vector<Value> &arguments = call_arguments_;
    arguments.clear();
    for (const ValueFlowArgument &argument : call.arguments) {
      arguments.push_back(as_seen_in(
          state, b,
          in_team_context(state, b, joined(read_all(state, values, argument.uses, b), taint))));
      known_as(state, values, arguments.back(), argument.copy_of, ValueFlowQuantity(), b);
    }
    read_call_targets(state, values, call, callee, b);
    for (std::size_t k = 0; k < call.arguments.size(); ++k) {
      const ValueFlowArgument &argument = call.arguments[k];
      bool known = callee && (int)k < callee->parameter_count;
      if (known) {
        bool changed =
            join_into(callee->parameters[k], leaving_activation(concrete(state, arguments[k])));
        changed |= note_literal(*callee, (int)k, argument);
        for (int p : argument.pointees) {
          if (p >= 0 && p < (int)function.slots.size() && function.slots[p].covered)
            continue;
          Value pointed = leaving_activation(
              concrete(state, as_seen_in(state, b, joined(read(state, values, p, b), taint))));
          int field = p >= 0 && p < (int)function.slots.size() ? function.slots[p].field : -1;
          changed |= join_into(callee->targets_all[k], pointed);
          // Into every field of the callee's view it overlaps; the rest of
          // the callee's view gets what it does not name.
          bool named = false;
          if (field >= 0)
            for (auto key = callee->target_fields.lower_bound({(int)k, 0});
                 key != callee->target_fields.end() && key->first == (int)k; ++key)
              if (overlap(key->second, field)) {
                changed |= join_into(callee->targets_field[*key], pointed);
                named |= key->second == field;
              }
          if (!named)
            changed |= join_into(callee->targets_rest[k], pointed);
        }
        if (argument.points_elsewhere) {
          Value unknown = fact_value(unknown_fact());
          changed |= join_into(callee->targets_all[k], unknown);
          changed |= join_into(callee->targets_rest[k], unknown);
        }
        if (changed)
          schedule(found->second);
      }
      for (int p : argument.pointees) {
        if (!known || callee->target_escapes[k] || !callee->has_target[k]) {
          escape_at_call(state, values, p);
          continue;
        }
        if (p >= 0 && p < (int)function.slots.size() && function.slots[p].covered)
          continue;
        // What the callee leaves in the same field (replacing the value
        // where both sides hold one scalar there), or else in the fields
        // it overlaps and in the rest of its view; nothing to do if the
        // callee writes none of them.
        int field = p >= 0 && p < (int)function.slots.size() ? function.slots[p].field : -1;
        bool exact_field = false, found_any = false;
        Value v;
        for (auto entry = callee->at_exit.lower_bound({(int)k, INT_MIN});
             entry != callee->at_exit.end() && entry->first.first == (int)k; ++entry) {
          const auto &left = *entry;
          int theirs = left.first.second;
          if (field >= 0 && theirs == field) {
            v = left.second;
            exact_field = found_any = true;
            break;
          }
          if (theirs < 0 || field < 0 || overlap(theirs, field)) {
            join_into(v, left.second);
            found_any = true;
          }
        }
        if (!found_any)
          continue;
        if (field < 0 && !callee->target_fields.count({(int)k, -1}))
          exact_field = false;
        // A callee that sees one scalar (`double &value') given exactly one
        // scalar field (`&s.x'): its value replaces the field's.
        bool scalar_view = field >= 0 && !exact_field && argument.pointees.size() == 1 &&
                           sees_one_scalar(*callee, (int)k);
        bool strong = argument.exact && p >= 0 && p < (int)function.slots.size() &&
                      function.slots[p].scalar &&
                      (scalar_view || ((exact_field || field < 0) &&
                                       callee_scalar(*callee, (int)k, field)));
        Value left = instantiate(v, arguments);
        const bool same_in_threads = !differs(left, 1);
        join_into(left, taint);
        // Under divergent control the callee may well have left the
        // object as it was: the taint alone does not make it differ for sure.
        if (differs(taint, 0))
          left.uncertain = true;
        write(state, values, p, left, strong, b, same_in_threads);
      }
    }
    if (callee)
      follow_references(state, values, call, *callee, found->second, taint, arguments, b);
    // What the arguments reach through pointers stored in what they point
    // to: a callee storing where it cannot tell may have changed it.
    if (!callee || callee->writes_unknown)
      for (const ValueFlowArgument &argument : call.arguments)
        escape_reached(state, values, argument);
    if (callee) {
      Value concrete_taint = concrete(state, taint);
      Value context = differs(concrete_taint, 0) ? concrete_taint : state.process_context;
      context.tags |= concrete_taint.tags | state.process_context.tags;
      Value team = function.blocks[b].in_parallel_region
                       ? fact_value(team_fact())
                       : state.thread_context;
      bool changed = false;
      if (differs(context, 0) && (!differs(callee->process_context, 0) ||
                                  (context.tags & ~callee->process_context.tags)))
        changed |= join_into(callee->process_context, context);
      Value unit_context = differs(concrete_taint, 0) ? concrete_taint : state.unit_context;
      unit_context.tags |= concrete_taint.tags | state.unit_context.tags;
      if (differs(unit_context, 0) && (!differs(callee->unit_context, 0) ||
                                       (unit_context.tags & ~callee->unit_context.tags)))
        changed |= join_into(callee->unit_context, unit_context);
      if (differs(team, 1) && !differs(callee->thread_context, 1))
        changed |= join_into(callee->thread_context, team);
      Value unit_team = function.blocks[b].in_parallel_region ? fact_value(team_fact())
                                                               : state.unit_thread_context;
      if (differs(unit_team, 1) && !differs(callee->unit_thread_context, 1))
        changed |= join_into(callee->unit_thread_context, unit_team);
      if (changed)
        schedule(found->second);
    }
    Value result = callee ? instantiate(callee->result, arguments) : fact_value(unknown_fact());
    const bool result_same_in_threads = !differs(result, 1);
    join_into(result, taint);
    if (call.target >= 0)
      write(state, values, call.target, result, true, b, result_same_in_threads);
    // The callee may have stored to any global.  A function of the unit
    // writes only the calling thread's copy of a threadprivate one, with
    // what the unit stores there.
    for (int s : state.global_slots) {
      const ValueFlowSlot &slot = function.slots[s];
      join_into(values[state.flow_index[s]],
                callee && own_thread_copy(state, s)
                    ? knowing_nothing(stored_value(slot.global, slot.field))
                    : global_value(slot.global, slot));
    }
  }

  // FunctionState::literal of `callee''s parameter k, given `argument' at
  // one more call site; true if it changed.
  static bool note_literal(FunctionState &callee, int k, const ValueFlowArgument &argument) {
    using Literal = FunctionState::Literal;
    Literal &seen = callee.literal[k];
    if (seen == Literal::Varies)
      return false;
    if (argument.literal && seen == Literal::NoneYet) {
      seen = Literal::Same;
      callee.literal_value[k] = argument.literal_value;
      return true;
    }
    if (argument.literal && callee.literal_value[k] == argument.literal_value)
      return false;
    seen = Literal::Varies;
    return true;
  }

  // Code the analysis does not see gets the address of slot `p' at this
  // call: with a state per block, from this call on (on every path from
  // here), since nobody else had it before; otherwise in the whole
  // function.  What its reference members refer to goes with it.
  void escape_at_call(FunctionState &state, std::vector<Value> &values, int p) {
    const ValueFlowFunction &function = *state.function;
    if (p < 0 || p >= (int)function.slots.size())
      return;
    bool from_here = flow_escape(state, p);
    if (from_here) {
      if (values[state.flow_index[p]].escaped)
        return;
      values[state.flow_index[p]].escaped = true;
    }
    if (!state.escaped[p]) {
      state.escaped[p] = true;
      if (function.slots[p].scope == SlotScope::ParameterTarget &&
          function.slots[p].parameter >= 0 &&
          function.slots[p].parameter < state.parameter_count &&
          !state.target_escapes[function.slots[p].parameter]) {
        state.target_escapes[function.slots[p].parameter] = true;
        schedule_callers(state);
      }
      if (!from_here)
        reevaluate(state);
    } else if (!from_here) {
      return;
    }
    auto referents = state.referents.find(p);
    if (referents != state.referents.end())
      for (int r : referents->second)
        escape_at_call(state, values, r);
  }

  // Something every block may read changed: the blocks already evaluated
  // run again.
  void reevaluate(FunctionState &state) {
    for (int b = 0; b < (int)state.function->blocks.size(); ++b)
      if (state.evaluated[b])
        enqueue(state, *queue_, b);
  }

  // What the argument reaches through stored pointers escapes from this
  // call on, unless every path there goes through the result of a
  // function that returns no address of its arguments' memory.
  void escape_reached(FunctionState &state, std::vector<Value> &values,
                      const ValueFlowArgument &argument) {
    for (const ValueFlowReach &reach : argument.reachable) {
      bool possible = true;
      for (unsigned uid : reach.through_results_of) {
        auto found = index_of_uid_.find(uid);
        possible &= found == index_of_uid_.end() ||
                    functions_[found->second].function->returns_argument_memory;
      }
      if (possible)
        escape_at_call(state, values, reach.slot);
    }
  }

  // A referent's slot holds something of the callee's field `field' (-1:
  // the whole referent).  A record's whole slot all of whose fields have
  // slots holds nothing.
  bool referent_over(const ValueFlowSlot &slot, int field) const {
    if (slot.covered)
      return false;
    return field < 0 || slot.field < 0 || overlap(slot.field, field);
  }

  // The referents of the caller's members over field `member' of what
  // argument `argument' points to (-1 in the set: unknown memory).
  // A member of what our own pointer parameter points to counts as found:
  // own_keys forwards it to our callers.
  std::set<int> referents_of(const FunctionState &state, const ValueFlowArgument &argument,
                             int member) const {
    std::set<int> result;
    bool found = false;
    for (int p : argument.pointees) {
      if (p < 0 || p >= (int)state.function->slots.size() ||
          state.function->slots[p].field != member)
        continue;
      found |= own_member(state, p);
      auto referents = state.referents.find(p);
      if (referents == state.referents.end())
        continue;
      found = true;
      result.insert(referents->second.begin(), referents->second.end());
    }
    if (!found || argument.points_elsewhere)
      result.insert(-1);
    return result;
  }

  // Slot p is a reference member of what our own pointer parameter points
  // to (a closure passed on, `body(i)' in a helper): what it refers to is
  // our callers' (ValueFlowSlot::through_reference, our key for it).
  static bool own_member(const FunctionState &state, int p) {
    const ValueFlowSlot &slot = state.function->slots[p];
    return slot.scope == SlotScope::ParameterTarget && slot.through_reference < 0 &&
           slot.parameter >= 0 && slot.parameter < state.parameter_count && slot.field >= 0 &&
           !state.referents.count(p);
  }

  // Our keys for field `field' of what member `member' of what argument
  // `argument' points to refers to, where that member is our own
  // parameter's (own_member).
  std::vector<std::tuple<int, int, int>> own_keys(const FunctionState &state,
                                                  const ValueFlowArgument &argument, int member,
                                                  int field) const {
    std::vector<std::tuple<int, int, int>> keys;
    for (int p : argument.pointees)
      if (p >= 0 && p < (int)state.function->slots.size() &&
          state.function->slots[p].field == member && own_member(state, p))
        keys.push_back(std::make_tuple(state.function->slots[p].parameter, member, field));
    return keys;
  }

  // The C++ reference members of what the arguments point to: what a
  // constructor binds them to, what the callee finds behind them on
  // entry, and what it leaves there (ValueFlowSlot::through_reference).
  void follow_references(FunctionState &state, std::vector<Value> &values,
                         const ValueFlowStatement &call, FunctionState &callee, int callee_index,
                         const Value &taint, const std::vector<Value> &arguments, int b) {
    const ValueFlowFunction &function = *state.function;
    const int count = (int)call.arguments.size();
    for (const auto &binding : callee.function->reference_bindings) {
      if (binding.object < 0 || binding.object >= count || binding.referent < 0 ||
          binding.referent >= count)
        continue;
      const ValueFlowArgument &referent = call.arguments[binding.referent];
      for (int p : call.arguments[binding.object].pointees) {
        if (p < 0 || p >= (int)function.slots.size() || function.slots[p].field != binding.field)
          continue;
        std::set<int> &bound = state.referents[p];
        std::size_t before = bound.size();
        bound.insert(referent.pointees.begin(), referent.pointees.end());
        if (referent.points_elsewhere || referent.pointees.empty())
          bound.insert(-1);
        if (bound.size() != before)
          reevaluate(state);
        if (escaped_here(state, values, p)) // what escapes carries them along
          for (int r : bound)
            escape_at_call(state, values, r);
      }
    }
    bool changed = false;
    for (const auto &key : callee.reference_keys) {
      int k = std::get<0>(key), member = std::get<1>(key), field = std::get<2>(key);
      if (k >= count)
        continue;
      for (int r : referents_of(state, call.arguments[k], member)) {
        if (r >= 0 && !referent_over(function.slots[r], field))
          continue;
        Value v = r < 0 ? fact_value(unknown_fact())
                        : concrete(state, joined(read(state, values, r, b), taint));
        changed |= join_into(callee.reference_entry[key], leaving_activation(v));
      }
      // What our callers give behind our own member (they learn the key);
      // anything, if code the unit does not show may call us.
      for (const auto &own : own_keys(state, call.arguments[k], member, field)) {
        if (state.reference_keys.insert(own).second)
          schedule_callers(state);
        Value v = state.outside ? fact_value(unknown_fact()) : state.reference_entry[own];
        changed |= join_into(callee.reference_entry[key], leaving_activation(v));
      }
    }
    if (changed)
      schedule(callee_index);
    bool changed_exit = false;
    for (const auto &left : callee.reference_exit) {
      int k = std::get<0>(left.first), member = std::get<1>(left.first),
          field = std::get<2>(left.first);
      if (k >= count)
        continue;
      for (int r : referents_of(state, call.arguments[k], member)) {
        if (r >= 0 && referent_over(function.slots[r], field))
          write(state, values, r, joined(instantiate(left.second, arguments), taint), false, b);
        else if (r < 0) // no constructor of ours bound it: whatever it reaches may change
          escape_reached(state, values, call.arguments[k]);
      }
      // Our callers find what the callee left behind our own member, as
      // if we had written it; what the argument reaches may change still.
      const std::vector<std::tuple<int, int, int>> own =
          own_keys(state, call.arguments[k], member, field);
      for (const auto &key : own) {
        Value v = leaving_activation(joined(instantiate(left.second, arguments), taint));
        changed_exit |= join_into(state.reference_exit[key], v);
      }
      if (!own.empty())
        escape_reached(state, values, call.arguments[k]);
    }
    if (changed_exit)
      schedule_callers(state);
  }

  // A slot whose escape through a call the flow-sensitive state records
  // from that call on: a local or what a pointer parameter points to,
  // with a state per block, in a function no thread team runs (another
  // thread could read it after the call, before the call in its own
  // order).  A global's value is published to the other functions, which
  // do not see the call: its escape stays everywhere.
  static bool flow_escape(const FunctionState &state, int s) {
    const ValueFlowSlot &slot = state.function->slots[s];
    return state.flow_index[s] >= 0 && !state.has_team && !differs(state.thread_context, 1) &&
           (slot.scope == SlotScope::Local || slot.scope == SlotScope::ParameterTarget);
  }

  // Two field keys name overlapping bits.
  bool overlap(int a, int b) const {
    if (a == b)
      return true;
    auto ra = field_range_.find(a), rb = field_range_.find(b);
    if (ra == field_range_.end() || rb == field_range_.end())
      return true;
    long long a0 = ra->second.first, as = ra->second.second;
    long long b0 = rb->second.first, bs = rb->second.second;
    if (a0 < 0 || as < 0 || b0 < 0 || bs < 0)
      return true;
    return a0 < b0 + bs && b0 < a0 + as;
  }

  // What parameter k points to is one scalar slot for the callee, with no
  // field of its own.
  static bool sees_one_scalar(const FunctionState &callee, int k) {
    auto key = callee.target_fields.lower_bound({k, 0});
    if (key != callee.target_fields.end() && key->first == k)
      return false;
    return callee.target_fields.count({k, -1}) && callee_scalar(callee, k, -1);
  }

  // The callee's slot for what parameter k points to, field `field' (or
  // its whole slot) holds one value.
  static bool callee_scalar(const FunctionState &callee, int k, int field) {
    if (field >= 0 && !callee.target_fields.count({k, field}))
      return false;
    bool whole = false;
    for (int s : callee.target_slots) {
      const ValueFlowSlot &slot = callee.function->slots[s];
      if (slot.parameter != k || slot.through_reference >= 0)
        continue;
      if (slot.field == field)
        return slot.scalar;
      if (slot.field < 0)
        whole = slot.scalar;
    }
    return whole;
  }

  // A conditional may now differ: every block control-dependent on it,
  // directly or not, assigns values that may differ.
  void spread_taint(FunctionState &state, int b) {
    std::vector<int> work{b};
    while (!work.empty()) {
      int p = work.back();
      work.pop_back();
      Value added = state.taint[p];
      added.parameters |= state.branch[p].parameters;
      for (int d = 0; d < kDimensions; ++d)
        if (differs(state.branch[p], d)) {
          Value why;
          why.bits = (unsigned char)(1 << d);
          why.why[d] = taint_fact(state, p, d);
          why.tags = state.branch[p].tags;
          join_into(added, why);
        }
      for (int y : state.dependents[p]) {
        Value before = state.taint[y];
        join_into(state.taint[y], added);
        if (state.taint[y].bits != before.bits ||
            state.taint[y].parameters != before.parameters ||
            state.taint[y].tags != before.tags) {
          enqueue(state, *queue_, y);
          work.push_back(y);
        }
      }
    }
  }

  // ------------------------------------------------------------ ranges

  // What is known of one side of a comparison: its bounds (a rank of C
  // lies in [0, size of C - 1], a size in [1, +inf), both shifted by the
  // operand's offset) and, for a rank or a size, which.  `pending':
  // nothing has reached the slot yet (the fixpoint is still growing; it
  // decides nothing against the comparison).  Wide integers: constants
  // and offsets add up without overflow.
  using Wide = __int128;
  static constexpr Wide kUnbounded = (Wide)1 << 100;

  struct Bounds {
    bool pending = false;
    bool known = false;
    Wide low = 0, high = 0; // high == kUnbounded: no upper bound
    Wide offset = 0;
    unsigned char quantity = kAnything;
    int communicator = -1;
    // A rank's upper bound comes from a size test (SizeGuard): the size
    // is at most this there (0: none).
    long long size_at_most = 0;
  };

  // A rank of `b' (bounds_of) where the size of its communicator is at
  // most `size': below it.
  static void bound_rank(Bounds &b, long long size) {
    Wide high = (Wide)size - 1 + b.offset;
    if (b.quantity == kRank && high < b.high) {
      b.high = high;
      b.size_at_most = size;
    }
  }

  Bounds bounds_of(FunctionState &state, const std::vector<Value> &values, int b,
                   const ValueFlowOperand &operand) {
    Bounds result;
    if (operand.slot < 0) {
      result.known = true;
      result.low = result.high = operand.constant;
      return result;
    }
    Value v = concrete(state, read(state, values, operand.slot, b));
    result.quantity = v.quantity;
    result.communicator = v.communicator;
    result.pending = v.quantity == kNothingYet;
    result.offset = operand.offset;
    if (v.quantity == kRank || v.quantity == kSize) {
      result.known = true;
      result.low = (v.quantity == kRank ? 0 : 1) + result.offset;
      result.high = kUnbounded;
    }
    // Size tests dominating the block (still pending: optimistic, the
    // block is looked at again when they are known).
    if (v.quantity == kRank && b >= 0 && b < (int)state.guard_chain.size()) {
      int depth = 0;
      for (int g = state.guard_chain[b]; g >= 0 && depth < kGuardDepth;
           g = state.guards[g].parent, ++depth) {
        const FunctionState::SizeGuard &guard = state.guards[g];
        if (guard.status == kGuardPending ||
            (guard.status >= 0 && guard.status == v.communicator))
          bound_rank(result, guard.bound);
      }
    }
    return result;
  }

  // Block b is reached only where a test of MPI_COMM_WORLD's size found
  // it at most 1 (the `else' of `if (size > 1)', what `if (size == 1)'
  // returns early): in a run of one process, where nothing can differ
  // between processes.  A test still pending counts, as for ranks.
  bool only_one_process(const FunctionState &state, int b) const {
    if (b < 0 || b >= (int)state.guard_chain.size())
      return false;
    int depth = 0;
    for (int g = state.guard_chain[b]; g >= 0 && depth < kGuardDepth;
         g = state.guards[g].parent, ++depth) {
      const FunctionState::SizeGuard &guard = state.guards[g];
      if (guard.bound <= 1 && (guard.status == kGuardPending || world_keys_.count(guard.status)))
        return true;
    }
    return false;
  }

  // `v' as block b sees it: the same on every process where only one
  // runs the block (only_one_process), whatever it depends on.  What
  // its parameters bring goes too; where threads of a team may pass
  // different ones, it may differ between threads instead.
  Value as_seen_in(const FunctionState &state, int b, Value v) {
    if (!only_one_process(state, b))
      return v;
    if (differs(v, 0)) {
      v.bits &= (unsigned char)~kProcesses;
      v.why[0] = one_process_fact();
      v.uncertain = false;
    }
    if (v.parameters) {
      if (differs(state.thread_context, 1) && !differs(v, 1)) {
        v.bits |= kThreads;
        v.why[1] = state.thread_context.why[1];
      }
      v.parameters = v.quantity_parameters = 0;
    }
    if (!v.bits)
      v.tags = 0;
    return v;
  }

  // A proof of uniformity the solver makes, once per function and phrase.
  int proof_fact(const std::string &phrase) {
    auto inserted = range_facts_.insert({{current_, phrase}, -1});
    if (inserted.first->second < 0)
      inserted.first->second = add_fact(0, phrase, 2);
    return inserted.first->second;
  }

  int one_process_fact() {
    const std::string phrase =
        "where a test of the size of MPI_COMM_WORLD leads, the job has one process, and "
        "nothing differs between processes";
    return proof_fact(phrase);
  }

  // A size test's edge (FunctionState::SizeGuard) once its block is
  // evaluated: which communicator's size it bounds.  Monotone: pending,
  // then one communicator, then none; the blocks it guards are looked at
  // again when it changes.
  void update_guards(FunctionState &state, int b) {
    if (b >= (int)state.guards_of_test.size())
      return;
    for (int g : state.guards_of_test[b]) {
      FunctionState::SizeGuard &guard = state.guards[g];
      Bounds x = bounds_of(state, state.out[b], b, guard.operand);
      int status = x.pending ? kGuardPending
                             : x.quantity == kSize && x.communicator >= 0 ? x.communicator
                                                                           : kGuardNone;
      int next = guard.status == kGuardPending                   ? status
                 : status == kGuardPending || status == guard.status ? guard.status
                                                                     : kGuardNone;
      if (next == guard.status)
        continue;
      guard.status = next;
      for (int y : guard.guarded)
        enqueue(state, *queue_, y);
    }
  }

  // `comparison', made in block b where the slots hold `values', has the
  // same outcome on every process (and thread): true, or false, whatever
  // the values.
  // *size_at_most: the bound a size test gave a rank, if one helped.
  bool decided_by_ranges(FunctionState &state, const std::vector<Value> &values,
                         const ValueFlowComparison &comparison, int b,
                         long long *size_at_most = nullptr) {
    using Op = ValueFlowComparison::Op;
    if (comparison.op == Op::None)
      return false;
    Bounds left = bounds_of(state, values, b, comparison.left);
    Bounds right = bounds_of(state, values, b, comparison.right);
    if (comparison.left.slot < 0 && comparison.right.slot < 0)
      return false; // constants only: uniform anyway, nothing to prove
    if (!decide(comparison.op, left, right))
      return false;
    if (size_at_most) {
      // Did the size test decide it?
      Bounds plain_left = left, plain_right = right;
      for (Bounds *x : {&plain_left, &plain_right})
        if (x->size_at_most) {
          x->high = kUnbounded;
          x->size_at_most = 0;
        }
      *size_at_most = decide(comparison.op, plain_left, plain_right)
                          ? 0
                          : std::max(left.size_at_most, right.size_at_most);
    }
    return true;
  }

  // What a comparison assigned to a slot saw, in the block being
  // evaluated (ValueFlowStatement::logical).
  struct SeenComparison {
    const ValueFlowComparison *comparison = nullptr;
    Bounds left, right;
  };

  // `t = a | b' (or `a & b') has one value on every process: `a' is the
  // same everywhere and tests a size, and where it lets `b' decide the
  // outcome (`a' false for `|', true for `&') the size is so small that
  // the ranges decide `b' (`(size > 1) | (rank == 0)').  The proof, in
  // `*proof'.
  bool decided_by_logical(FunctionState &state, const std::vector<Value> &values,
                          const ValueFlowStatement &statement, int b, Value *proof) {
    const ValueFlowLogical &logical = statement.logical;
    if (logical.op == ValueFlowLogical::Op::None)
      return false;
    const bool holds = logical.op == ValueFlowLogical::Op::And;
    for (int order = 0; order < 2; ++order) {
      int a = order ? logical.right : logical.left, c = order ? logical.left : logical.right;
      auto seen_a = seen_comparisons_.find(a), seen_c = seen_comparisons_.find(c);
      if (seen_a == seen_comparisons_.end() || seen_c == seen_comparisons_.end())
        continue;
      Value tested = read(state, values, a, b);
      if (differs(tested, 0))
        continue;
      ValueFlowOperand operand;
      long long bound = 0;
      const ValueFlowComparison &guard = *seen_a->second.comparison;
      if (!upper_bound(guard, holds, operand, bound))
        continue;
      const Bounds &size =
          guard.left.slot >= 0 ? seen_a->second.left : seen_a->second.right;
      if (!size.pending && !(size.quantity == kSize && size.communicator >= 0))
        continue;
      Bounds left = seen_c->second.left, right = seen_c->second.right;
      for (Bounds *x : {&left, &right})
        if (x->quantity == kRank && (size.pending || x->communicator == size.communicator))
          bound_rank(*x, bound);
      if (!decide(seen_c->second.comparison->op, left, right))
        continue;
      int fact = guarded_fact(*seen_c->second.comparison, "'" + guard.text + "' is " +
                                                              (holds ? "true" : "false"),
                              bound);
      Value v;
      v.why[0] = v.why[1] = fact;
      join_into(v, tested);
      *proof = v;
      return true;
    }
    return false;
  }

  // The proof of `comparison' decided where a size test bounds the size.
  int guarded_fact(const ValueFlowComparison &comparison, const std::string &where,
                   long long size_at_most) {
    std::string phrase = "'" + comparison.text + "' is decided by what MPI guarantees: where " +
                         where + ", the communicator has at most " +
                         std::to_string(size_at_most) +
                         (size_at_most == 1 ? " process" : " processes") +
                         ", and a rank lies in [0, size)";
    return proof_fact(phrase);
  }

  // `left op right' of these bounds has one outcome.
  static bool decide(ValueFlowComparison::Op op, const Bounds &left, const Bounds &right) {
    using Op = ValueFlowComparison::Op;
    if (left.pending || right.pending)
      return true; // for now: the values that reach it will tell
    if (!left.known || !right.known)
      return false;
    // The range [low, high] of left - right: from the bounds, narrowed
    // when both sides are quantities of the same communicator (rank - size
    // <= -1, size - rank >= 1, rank - rank = size - size = 0).
    Wide low = right.high == kUnbounded ? -kUnbounded : left.low - right.high;
    Wide high = left.high == kUnbounded ? kUnbounded : left.high - right.low;
    Wide shift = left.offset - right.offset;
    bool same_communicator = left.communicator >= 0 && left.communicator == right.communicator;
    if (same_communicator && left.quantity == kRank && right.quantity == kSize) {
      high = std::min(high, -1 + shift);
    } else if (same_communicator && left.quantity == kSize && right.quantity == kRank) {
      low = std::max(low, 1 + shift);
    } else if (same_communicator && left.quantity == right.quantity) {
      low = std::max(low, shift); // one process's rank in C, C's size: one value each
      high = std::min(high, shift);
    }
    switch (op) {
    case Op::Less:         // left - right < 0
    case Op::GreaterEqual: // left - right >= 0
      return high < 0 || low >= 0;
    case Op::Greater:   // left - right > 0
    case Op::LessEqual: // left - right <= 0
      return low > 0 || high <= 0;
    case Op::Equal:
    case Op::NotEqual:
      return high < 0 || low > 0 || low == high;
    case Op::None:
      break;
    }
    return false;
  }

  // The proof of a comparison that decided_by_ranges decides.
  Value range_proof(FunctionState &state, const ValueFlowComparison &comparison,
                    long long size_at_most = 0) {
    if (size_at_most) {
      Value v;
      v.why[0] = v.why[1] = guarded_fact(comparison, "a test of the size leads here", size_at_most);
      return v;
    }
    auto inserted = range_facts_.insert({{current_, comparison.text}, -1});
    int &fact = inserted.first->second;
    if (fact < 0)
      fact = add_fact(0,
                      "'" + comparison.text +
                          "' is decided by what MPI guarantees: a rank lies in [0, size) "
                          "of its communicator",
                      2);
    Value v;
    v.why[0] = v.why[1] = fact;
    return v;
  }

  // ------------------------------------------------------------ solver facts

  int taint_fact(FunctionState &state, int b, int d) {
    int &fact = state.taint_fact[d][b];
    if (fact >= 0)
      return fact;
    int source = state.branch[b].why[d];
    int root = source >= 0 && facts_[source].root >= 0 ? facts_[source].root : source;
    std::string phrase =
        "depends on the conditional at line " + std::to_string(state.function->blocks[b].line);
    if (root >= 0)
      phrase += ", which " + facts_[root].phrase;
    fact = add_fact((unsigned char)(1 << d), phrase, 3, root);
    facts_[fact].is_rank = root >= 0 && facts_[root].is_rank;
    if (facts_[fact].is_rank)
      facts_[fact].rank_communicator = facts_[root].rank_communicator;
    facts_[fact].function = (int)(&state - functions_.data());
    facts_[fact].conditional = b;
    return fact;
  }

  int racy_fact(const ValueFlowSlot &slot) {
    auto found = racy_facts_.find(slot.global);
    if (found != racy_facts_.end())
      return found->second;
    int fact = add_fact(kProcesses | kThreads,
                        "depends on '" + slot.name +
                            "', which threads of an OpenMP team write concurrently",
                        3);
    racy_facts_[slot.global] = fact;
    return fact;
  }

  int team_fact() {
    if (team_fact_ < 0)
      team_fact_ = add_fact(kThreads, "depends on the thread of the OpenMP team", 3);
    return team_fact_;
  }

  int unknown_fact() {
    if (unknown_fact_ < 0)
      unknown_fact_ = add_fact(kProcesses | kThreads, "depends on code the analysis cannot see", 3);
    return unknown_fact_;
  }

  int escaped_fact(FunctionState &state, int s) {
    auto key = std::make_pair(current_, s);
    auto found = escaped_facts_.find(key);
    if (found != escaped_facts_.end())
      return found->second;
    int fact = add_fact(kProcesses | kThreads,
                        "depends on '" + state.function->slots[s].name +
                            "', which a called function may change at any time",
                        3);
    escaped_facts_[key] = fact;
    return fact;
  }

  // ------------------------------------------------------------ verdicts

  std::string phrase(int fact, const char *otherwise) const {
    return fact >= 0 ? facts_[fact].phrase : otherwise;
  }

  std::vector<std::vector<BranchVerdict>> verdicts() {
    std::vector<std::vector<BranchVerdict>> result;
    for (FunctionState &state : functions_) {
      const ValueFlowFunction &function = *state.function;
      std::vector<BranchVerdict> verdicts(
          std::max(0, function.branch_count),
          BranchVerdict{true, true, "the analysis does not reach this conditional"});
      for (std::size_t b = 0; b < function.blocks.size(); ++b) {
        int j = function.blocks[b].branch;
        if (j < 0 || j >= (int)verdicts.size() || !state.evaluated[b])
          continue;
        const Value v = in_team_context(state, (int)b, concrete(state, state.branch[b]));
        BranchVerdict &verdict = verdicts[j];
        verdict.may_differ_between_processes = differs(v, 0);
        verdict.may_differ_between_threads = differs(v, 1);
        verdict.sources = v.tags;
        verdict.reason = phrase(v.why[0], "it is computed from constants only");
        if (differs(v, 0) && v.why[0] >= 0)
          verdict.origin = facts_[v.why[0]].origin;
        if (!differs(v, 0) && differs(v, 1))
          verdict.reason += "; between threads it " + phrase(v.why[1], "may differ");
        describe_rank_test(state, (int)b, verdict);
      }
      result.push_back(std::move(verdicts));
    }
    return result;
  }

  // BranchVerdict::rank_communicator and the rest: block b compares a
  // rank of a named communicator with a constant, `==' or `!=', or
  // switches on it.
  void describe_rank_test(FunctionState &state, int b, BranchVerdict &verdict) {
    const ValueFlowBlock &block = state.function->blocks[b];
    if (block.condition_fact >= 0)
      return;
    using Op = ValueFlowComparison::Op;
    const ValueFlowComparison &comparison = block.comparison;
    ValueFlowOperand switched;
    const ValueFlowOperand *rank = &switched, *constant = nullptr;
    if (comparison.op == Op::Equal || comparison.op == Op::NotEqual) {
      rank = &comparison.left;
      constant = &comparison.right;
      if (rank->slot < 0)
        std::swap(constant, rank);
      if (constant->slot >= 0 || constant->null_communicator)
        return;
    } else if (comparison.op == Op::None && block.switch_index >= 0) {
      switched.slot = block.switch_index;
    } else {
      return;
    }
    if (rank->slot < 0 || rank->offset != 0)
      return;
    Bounds bounds = bounds_of(state, state.out[b], b, *rank);
    if (bounds.quantity != kRank || bounds.communicator < 0)
      return;
    for (const auto &named : communicator_keys_)
      if (named.second == bounds.communicator)
        verdict.rank_communicator = named.first;
    if (constant) {
      verdict.rank_constant = constant->constant;
      verdict.rank_equal_when_holds = comparison.op == Op::Equal;
    }
  }

  std::vector<ResultVerdict> result_verdicts() const {
    std::vector<ResultVerdict> result;
    for (const FunctionState &state : functions_) {
      ResultVerdict verdict;
      verdict.may_differ_between_processes = differs(state.result, 0);
      verdict.parameters = state.result.parameters & kParameterValueBits;
      for (std::size_t i = 0; i < state.symbolic_targets.size(); ++i)
        if ((state.result.parameters >> (kSymbolicParameters + i)) & 1)
          verdict.parameters |= 1ull << state.function->slots[state.symbolic_targets[i]].parameter;
      verdict.sources = state.result.tags;
      verdict.reason = phrase(state.result.why[0], "it is computed from constants only");
      result.push_back(verdict);
    }
    return result;
  }

  // The witness `fact' is control dependence on a conditional that also
  // decides whether `block' runs: the value differs only between processes
  // that reach the block and processes that do not (a temporary computed
  // next to the call), which is the order's business.
  bool under_same_conditional(const FunctionState &state, int fact, int block) const {
    const UnitFact &f = facts_[fact];
    if (f.conditional < 0 || f.function < 0 || &functions_[f.function] != &state)
      return false;
    std::vector<bool> seen(state.function->blocks.size(), false);
    std::vector<int> work{f.conditional};
    while (!work.empty()) {
      int p = work.back();
      work.pop_back();
      for (int y : state.dependents[p]) {
        if (y == block)
          return true;
        if (!seen[y]) {
          seen[y] = true;
          work.push_back(y);
        }
      }
    }
    return false;
  }

  std::vector<std::vector<std::vector<ArgumentVerdict>>> argument_verdicts() {
    std::vector<std::vector<std::vector<ArgumentVerdict>>> result;
    for (FunctionState &state : functions_) {
      const ValueFlowFunction &function = *state.function;
      std::vector<std::vector<ArgumentVerdict>> of_function;
      for (std::size_t c = 0; c < function.collectives.size(); ++c) {
        const ValueFlowCollective &collective = function.collectives[c];
        std::vector<ArgumentVerdict> of_collective(collective.arguments.size());
        for (std::size_t a = 0; a < collective.arguments.size(); ++a) {
          if (collective.block < 0 || collective.block >= (int)function.blocks.size() ||
              !state.evaluated[collective.block])
            continue; // never reached: nothing to say
          const Value v = in_team_context(state, collective.block,
                                          concrete(state, state.argument_values[c][a]));
          ArgumentVerdict &verdict = of_collective[a];
          verdict.may_differ_between_processes = differs(v, 0);
          verdict.sources = v.tags;
          verdict.depends_on_rank = differs(v, 0) && !v.uncertain && v.why[0] >= 0 &&
                                    facts_[v.why[0]].is_rank &&
                                    !under_same_conditional(state, v.why[0], collective.block);
          if (verdict.depends_on_rank)
            verdict.rank_communicator = facts_[v.why[0]].rank_communicator;
          verdict.reason = phrase(v.why[0], "it is computed from constants only");
          if (differs(v, 0) && v.why[0] >= 0)
            verdict.origin = facts_[v.why[0]].origin;
        }
        of_function.push_back(std::move(of_collective));
      }
      result.push_back(std::move(of_function));
    }
    return result;
  }

  // Above this many (slot, block) cells, a function is solved without a
  // state per block.
  static constexpr long long kMaxStateCells = 4000000;

  const std::vector<ValueFlowFunction> &unit_;
  const SourceTags *tags_; // null: no tags (every Value's are 0)
  std::vector<FunctionState> functions_;
  std::vector<UnitFact> facts_;
  std::map<unsigned, int> index_of_uid_;
  SharedWrites shared_writes_; // by function index, as functions_
  std::vector<TeamWrites> team_writes_; // likewise
  // By global: the difference between threads of what the unit's own
  // stores leave there (a value per thread, or a store by a team), not
  // counting what other files may do; what a shared read in orphaned code
  // may see (shared_read_in_orphaned_code).
  std::map<unsigned, Value> thread_stores_;
  std::map<unsigned, std::vector<int>> readers_of_global_;
  std::map<unsigned, int> global_escape_;
  std::map<std::pair<unsigned, int>, Value> summary_; // (global, field)
  std::map<int, std::pair<long long, long long>> field_range_; // key -> (offset, size)
  std::map<std::pair<unsigned, int>, int> global_facts_; // (global, field)
  std::map<unsigned, int> racy_facts_;
  std::map<std::pair<int, int>, int> escaped_facts_;
  std::map<std::string, int> communicator_keys_;
  std::set<int> activation_local_keys_;
  std::set<int> world_keys_; // the keys naming MPI_COMM_WORLD
  std::map<std::pair<int, std::string>, int> range_facts_; // (function, comparison)
  int team_fact_ = -1, unknown_fact_ = -1;
  bool error_handler_installed_ = false;
  std::queue<int> pending_;
  std::vector<bool> queued_;
  int current_ = -1;
  BlockQueue *queue_ = nullptr;
  std::vector<Value> block_values_; // evaluate_block's state
  std::map<int, SeenComparison> seen_comparisons_; // by slot, in evaluate_block
  std::vector<Value> call_arguments_; // evaluate_call's arguments
  std::vector<Value> call_targets_;   // and its callee's symbolic targets (read_call_targets)
};

// The callee returns a pointer into slot `slot' of its caller through one
// of `arguments' (the caller's slot keys and the callee's fields are bit
// ranges from the start of the same object).
bool may_return_into(const ValueFlowFunction &callee, const std::vector<int> &arguments,
                     const ValueFlowSlot &slot) {
  for (const ValueFlowFunction::ReturnedField &field : callee.returned_fields) {
    if (std::find(arguments.begin(), arguments.end(), field.parameter) == arguments.end())
      continue;
    if (field.offset < 0 || field.size < 0 || slot.field_offset < 0 || slot.field_size < 0)
      return true;
    if (field.offset < slot.field_offset + slot.field_size &&
        slot.field_offset < field.offset + field.size)
      return true;
  }
  return false;
}

} // namespace

bool variable_judged_at_link(const ValueFlowSlot &slot) {
  return slot.scope == SlotScope::Global && !slot.symbol.empty() &&
         (slot.visibility == GlobalVisibility::External ||
          slot.visibility == GlobalVisibility::Public || slot.visibility == GlobalVisibility::Unit);
}

std::string unit_static_symbol(const std::string &file, const std::string &assembler_name) {
  return "static:" + file + ":" + assembler_name;
}

void settle_result_stores(std::vector<ValueFlowFunction> &unit) {
  std::map<unsigned, const ValueFlowFunction *> by_uid;
  for (const ValueFlowFunction &function : unit)
    by_uid[function.uid] = &function;
  // The callee's summary, if it returns only into its parameters' fields.
  auto precise = [&](unsigned uid) -> const ValueFlowFunction * {
    auto found = by_uid.find(uid);
    return found != by_uid.end() && found->second->returns_only_fields ? found->second : nullptr;
  };
  for (ValueFlowFunction &function : unit) {
    for (unsigned uid : function.stores_through_results_of)
      function.stores_through_unknown |= !precise(uid);
    // A read through the callee's result reads only what its arguments
    // point to, which the reading statement already uses.
    for (ValueFlowFact &fact : function.facts)
      if (fact.unless_returns_only_fields_of && precise(fact.unless_returns_only_fields_of)) {
        fact.differs_between_processes = false;
        fact.differs_between_threads = false;
      }
    for (ValueFlowBlock &block : function.blocks)
      for (ValueFlowStatement &statement : block.statements) {
        if (statement.kind != ValueFlowStatement::Kind::Assign || !statement.through_result_of ||
            statement.target < 0 || statement.target >= (int)function.slots.size())
          continue;
        const ValueFlowFunction *callee = precise(statement.through_result_of);
        if (statement.read_slot >= 0) {
          // A read of a slot the callee returns no pointer into: it
          // reads nothing of it.
          // The whole slot of a record all of whose fields have slots
          // holds nothing of its own: reading it through the pointer
          // reads nothing (its fields are read, each on its own).
          const bool covered_whole = statement.uses.size() == 1 &&
                                     statement.uses[0] == statement.read_slot &&
                                     statement.read_slot < (int)function.slots.size() &&
                                     function.slots[statement.read_slot].covered;
          if (callee && statement.read_slot < (int)function.slots.size() &&
              (covered_whole || !may_return_into(*callee, statement.result_arguments,
                                                 function.slots[statement.read_slot])))
            statement.uses.clear();
          continue;
        }
        if (!callee ||
            may_return_into(*callee, statement.result_arguments, function.slots[statement.target]))
          continue;
        // A store that writes nothing (the statements keep their places,
        // which collectives and splits count).
        statement.target = -1;
        statement.uses.clear();
      }
  }
}

std::vector<std::vector<BranchVerdict>>
solve_value_flow(const std::vector<ValueFlowFunction> &unit) {
  return UnitSolver(unit).solve();
}

std::vector<std::vector<BranchVerdict>>
solve_value_flow(const std::vector<ValueFlowFunction> &unit,
                 std::vector<std::vector<std::vector<ArgumentVerdict>>> *arguments) {
  return UnitSolver(unit).solve(arguments);
}

std::vector<std::vector<BranchVerdict>>
solve_value_flow(const std::vector<ValueFlowFunction> &unit,
                 std::vector<std::vector<std::vector<ArgumentVerdict>>> *arguments,
                 std::vector<ResultVerdict> *results, const SourceTags *tags) {
  return UnitSolver(unit, tags).solve(arguments, results);
}

} // namespace parcoach
