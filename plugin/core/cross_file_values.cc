#include "cross_file_values.h"

#include "cross_file_parameters.h"

#include <algorithm>
#include <memory>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace parcoach {

namespace {

// Defined by the unit: public, or a static of it.
bool defined_in_unit(const ValueFlowSlot &slot) {
  return slot.visibility == GlobalVisibility::Public || slot.visibility == GlobalVisibility::Unit;
}

// The name the link step judges a slot of a shared variable by: the
// variable's, or for one field of a record (a COMMON block's member), the
// variable's with the field's place in it (the same in every unit that
// declares the record alike), so that `env.rank' differing leaves
// `env.size' the same.
std::string variable_symbol(const ValueFlowSlot &slot) {
  if (slot.field < 0 || slot.field_offset < 0 || slot.field_size <= 0)
    return slot.symbol;
  return field_key(slot.symbol, slot.field_offset, slot.field_size);
}

std::string slot_key(const ValueFlowSlot &slot) { return variable_key(variable_symbol(slot)); }

// How a note names it: `env' or, for a field, `env.size'.
std::string variable_name(const ValueFlowSlot &slot) {
  return variable_symbol(slot) == slot.symbol ? slot.name.substr(0, slot.name.find('.'))
                                              : slot.name;
}

// The unit with the results of the functions of other files, and what
// other files store in its shared variables, taken as the same on every
// process, except `differing' (a key of link_key_*).  Only the process
// dimension changes.
std::vector<ValueFlowFunction> assuming_uniform(const std::vector<ValueFlowFunction> &unit,
                                                const std::string &differing) {
  std::vector<ValueFlowFunction> copy = unit;
  for (ValueFlowFunction &function : copy) {
    for (ValueFlowFact &fact : function.facts)
      if (!fact.external_result.empty() && fact.external_result != differing)
        fact.differs_between_processes = false;
    for (ValueFlowSlot &slot : function.slots)
      if (variable_judged_at_link(slot) && slot_key(slot) != differing)
        slot.other_files_store_uniform = true;
  }
  assume_parameters_uniform(copy, differing);
  return copy;
}

// assuming_uniform(unit, key) for one key after another, on one copy of
// the unit: each key changes only the facts, slots and parameters it
// stands for, where a copy per key copied the whole unit (issue 17: a
// few milliseconds and megabytes per key on a large C++ unit).
class UniformButOne {
public:
  explicit UniformButOne(const std::vector<ValueFlowFunction> &unit)
      : unit_(unit), copy_(assuming_uniform(unit, "")) {}

  // The unit as assuming_uniform(unit, differing) gives it.
  const std::vector<ValueFlowFunction> &differing(const std::string &key) {
    take_as_given(differing_, false);
    take_as_given(key, true);
    differing_ = key;
    assume_parameters_uniform(copy_, key);
    return copy_;
  }

private:
  // What other files decide under `key': as the unit gives it, or uniform.
  void take_as_given(const std::string &key, bool as_given) {
    if (key.empty())
      return;
    for (std::size_t f = 0; f < copy_.size(); ++f) {
      std::vector<ValueFlowFact> &facts = copy_[f].facts;
      for (std::size_t i = 0; i < facts.size(); ++i)
        if (facts[i].external_result == key)
          facts[i].differs_between_processes =
              as_given && unit_[f].facts[i].differs_between_processes;
      std::vector<ValueFlowSlot> &slots = copy_[f].slots;
      for (std::size_t i = 0; i < slots.size(); ++i)
        if (variable_judged_at_link(slots[i]) && slot_key(slots[i]) == key)
          slots[i].other_files_store_uniform =
              !as_given || unit_[f].slots[i].other_files_store_uniform;
    }
  }

  const std::vector<ValueFlowFunction> &unit_;
  std::vector<ValueFlowFunction> copy_;
  std::string differing_;
};

bool is_variable(const std::string &key) { return key.compare(0, 4, "var:") == 0; }

const char every_key_prefix[] = "every:";
// How a conditional's note names every_key_placeholder.
const char every_key_name[] = "what other files decide for this file";

// The key of what a field's key (field_key) is part of; any other key as
// it is.
std::string without_field(const std::string &key) {
  std::string whole = whole_key(key);
  return whole.empty() ? key : whole;
}

// What a key of link_key_* stands for: "the result of 'f'", "the variable
// 'n'".
std::string describe_key(const std::string &key, const std::string &name) {
  if (is_parameter_key(key) || is_every_key(key)) // "parameter 'n' of 'step'"
    return name;
  if (is_out_argument_key(key)) { // "what 'read_input' leaves behind argument 1"
    const std::string out = without_field(key);
    return "what '" + name + "' leaves behind argument " +
           std::to_string(std::stoi(out.substr(out.rfind(':') + 1)) + 1);
  }
  return (is_variable(key) ? "the variable '" : "the result of '") + name + "'";
}

// The name the adapter printed in the fact's phrase ("... the result of
// 'world_size', which ..."), or the linker name.
std::string printed_name(const ValueFlowFact &fact) {
  std::size_t open = fact.phrase.find('\'');
  std::size_t close = open == std::string::npos ? open : fact.phrase.find('\'', open + 1);
  if (close == std::string::npos)
    return fact.external_result;
  return fact.phrase.substr(open + 1, close - open - 1);
}

// The name a key gives when no summary names it: its symbol.
std::string unnamed_key_name(const std::string &key) {
  if (is_variable(key))
    return key.substr(4);
  if (is_out_argument_key(key)) {
    const std::string out = without_field(key);
    return out.substr(4, out.rfind(':') - 4);
  }
  return key;
}

std::string listed(const std::vector<std::string> &items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return text;
}

// The keys (link_key_*) of what other files may decide in `unit', with
// their names as printed.
std::map<std::string, std::string> keys_of(const std::vector<ValueFlowFunction> &unit) {
  std::map<std::string, std::string> name_of;
  for (const ValueFlowFunction &function : unit) {
    for (const ValueFlowFact &fact : function.facts)
      if (!fact.external_result.empty() && fact.differs_between_processes)
        name_of.emplace(fact.external_result, printed_name(fact));
    for (const ValueFlowSlot &slot : function.slots)
      if (variable_judged_at_link(slot))
        name_of.emplace(slot_key(slot), variable_name(slot));
  }
  return name_of;
}

// The tag of each key of `unit': a bit of its own, the first 64 of them.
std::map<std::string, unsigned long long> tag_of_keys(const std::vector<ValueFlowFunction> &unit) {
  std::map<std::string, std::string> keys = keys_of(unit);
  add_parameter_keys(unit, keys);
  std::map<std::string, unsigned long long> tag_of;
  int next_tag = 0;
  for (const auto &entry : keys)
    tag_of[entry.first] = 1ull << (next_tag++ % 64);
  return tag_of;
}

// The SourceTags of `unit' that tag each key of `tag_of' where it enters:
// the results of functions of other files (facts), what other files store
// in shared variables (globals), and the parameters other files pass.
SourceTags key_tags(const std::vector<ValueFlowFunction> &unit,
                    const std::map<std::string, unsigned long long> &tag_of) {
  SourceTags tags;
  tags.facts.resize(unit.size());
  tags.parameters.resize(unit.size());
  auto tag = [&](const std::string &key) {
    auto found = tag_of.find(key);
    return found == tag_of.end() ? 0 : found->second;
  };
  for (std::size_t f = 0; f < unit.size(); ++f) {
    const ValueFlowFunction &function = unit[f];
    for (const ValueFlowFact &fact : function.facts)
      tags.facts[f].push_back(fact.external_result.empty() ? 0 : tag(fact.external_result));
    for (const ValueFlowSlot &slot : function.slots) {
      if (variable_judged_at_link(slot))
        tags.globals[{slot.global, slot.field}] |= tag(slot_key(slot));
      bool parameter =
          slot.scope == SlotScope::Parameter || slot.scope == SlotScope::ParameterTarget;
      if (parameter && slot.parameter >= 0 && !function.symbol.empty()) {
        std::vector<unsigned long long> &by_position = tags.parameters[f];
        if ((int)by_position.size() <= slot.parameter)
          by_position.resize(slot.parameter + 1, 0);
        by_position[slot.parameter] |= tag(parameter_key(function.symbol, slot.parameter));
      }
    }
  }
  return tags;
}

} // namespace

SourceTags link_key_tags(const std::vector<ValueFlowFunction> &unit) {
  return key_tags(unit, tag_of_keys(unit));
}

DeferredValues defer_external_results(const std::vector<ValueFlowFunction> &unit_as_given,
                                      const std::vector<std::vector<BranchVerdict>> &verdicts,
                                      const std::vector<ResultVerdict> &results,
                                      int max_separate_solves,
                                      const std::vector<std::vector<std::vector<ArgumentVerdict>>>
                                          *arguments,
                                      bool solved_with_key_tags) {
  // Parameters a call of the unit passes a value that may differ are not
  // left to the link step (cross_file_parameters.h).
  UnitSolve fixpoint_solve;
  const std::vector<ValueFlowFunction> unit = without_parameters_passed_differing(
      unit_as_given,
      [](const std::vector<ValueFlowFunction> &u) { return assuming_uniform(u, ""); },
      &fixpoint_solve);
  DeferredValues out;
  out.verdicts = verdicts;
  out.branch_depends_on.resize(verdicts.size());
  for (std::size_t r = 0; r < verdicts.size(); ++r)
    out.branch_depends_on[r].resize(verdicts[r].size());
  out.result_may_differ.resize(unit.size(), true);
  out.result_depends_on.resize(unit.size());
  out.result_reason.resize(unit.size());
  for (std::size_t r = 0; r < unit.size() && r < results.size(); ++r) {
    out.result_may_differ[r] = results[r].may_differ_between_processes;
    out.result_reason[r] = results[r].reason;
  }
  std::map<std::string, std::string> name_of = keys_of(unit);
  add_parameter_keys(unit, name_of);
  // A result computed from parameters the link step judges (their keys
  // are in name_of; ResultVerdict::parameters) depends on those keys: a
  // call site passing a value that differs makes it differ.  (The callers in other files do
  // not read their arguments into the result: `dot (x, y)' returning an
  // MPI_Allreduce result is the same everywhere whatever x and y hold.)
  // One the link step does not judge (the function's address is taken, a
  // call of the unit passes it a value that differs) may differ.
  for (std::size_t r = 0; r < unit.size() && r < results.size(); ++r)
    for (int k = 0; k < 64; ++k)
      if ((results[r].parameters >> k) & 1) {
        std::string key = parameter_key(unit[r].symbol, k);
        if (name_of.count(key)) {
          out.result_depends_on[r].push_back(key);
        } else if (!out.result_may_differ[r]) {
          out.result_may_differ[r] = true;
          out.result_reason[r] = "it depends on parameter " + std::to_string(k + 1) +
                                 ", which other files may pass with any value";
        }
      }

  // What the arguments of the probes are, for the link step
  // (cross_file_parameters.h): `optimistic_arguments' with every key
  // uniform, `alone_arguments' by key.
  std::vector<std::vector<std::vector<ArgumentVerdict>>> optimistic_arguments;
  std::map<std::string, std::vector<std::vector<std::vector<ArgumentVerdict>>>> alone_arguments;
  // With the arguments' tags (below): the key a tag stands for alone, if
  // one does.
  std::vector<std::vector<std::vector<ArgumentVerdict>>> tagged_arguments;
  std::map<unsigned long long, std::string> key_of_tag;
  auto told_key = [&](unsigned long long tag) {
    auto found = key_of_tag.find(tag);
    return found == key_of_tag.end() ? std::string() : found->second;
  };
  auto summarise_arguments = [&]() {
    if (!arguments)
      return;
    out.arguments.resize(arguments->size());
    for (std::size_t r = 0; r < arguments->size(); ++r) {
      out.arguments[r].resize((*arguments)[r].size());
      for (std::size_t c = 0; c < (*arguments)[r].size(); ++c)
        for (std::size_t a = 0; a < (*arguments)[r][c].size(); ++a) {
          auto at = [&](const std::vector<std::vector<std::vector<ArgumentVerdict>>> &v) {
            return r < v.size() && c < v[r].size() && a < v[r][c].size() ? v[r][c][a]
                                                                         : (*arguments)[r][c][a];
          };
          std::map<std::string, bool> alone;
          for (const auto &entry : alone_arguments)
            for (const auto &key : name_of)
              if (key.first == entry.first || parameter_group(key.first) == entry.first)
                alone[key.first] = at(entry.second).may_differ_between_processes;
          std::string key = told_key(at(tagged_arguments).sources);
          if (!key.empty())
            alone = {{key, true}};
          out.arguments[r][c].push_back(summarise_argument(
              (*arguments)[r][c][a], at(optimistic_arguments), alone, name_of));
        }
    }
  };
  if (name_of.empty()) {
    summarise_arguments();
    return out;
  }
  // What every_key_placeholder stands for here, if a list names it.
  auto name_every_key = [&](DeferredValues &values) {
    bool named = false;
    for (const auto &by_function : values.branch_depends_on)
      for (const auto &keys : by_function)
        named |= std::count(keys.begin(), keys.end(), every_key_placeholder) != 0;
    for (const auto &keys : values.result_depends_on)
      named |= std::count(keys.begin(), keys.end(), every_key_placeholder) != 0;
    for (const auto &by_function : values.arguments)
      for (const auto &by_probe : by_function)
        for (const ArgumentSummary &argument : by_probe)
          named |= std::count(argument.depends_on.begin(), argument.depends_on.end(),
                              every_key_placeholder) != 0;
    if (!named)
      return;
    for (const auto &entry : name_of)
      if (entry.first != every_key_placeholder)
        values.every_key.push_back(entry.first);
    values.names[every_key_placeholder] = every_key_name;
  };
  out.names = name_of;

  // Which verdicts differ only through those results.
  // The fixpoint above ended with this very solve: reused.
  std::vector<ResultVerdict> optimistic_results;
  std::vector<std::vector<BranchVerdict>> optimistic;
  if (fixpoint_solve.solved) {
    optimistic = std::move(fixpoint_solve.verdicts);
    optimistic_results = std::move(fixpoint_solve.results);
    if (arguments)
      optimistic_arguments = std::move(fixpoint_solve.arguments);
  } else {
    optimistic = solve_value_flow(assuming_uniform(unit, ""),
                                  arguments ? &optimistic_arguments : nullptr, &optimistic_results);
  }
  bool arguments_deferred = false;
  if (arguments)
    for (std::size_t r = 0; r < arguments->size(); ++r)
      for (std::size_t c = 0; c < (*arguments)[r].size(); ++c)
        for (std::size_t a = 0; a < (*arguments)[r][c].size(); ++a)
          arguments_deferred |= (*arguments)[r][c][a].may_differ_between_processes &&
                                !optimistic_arguments[r][c][a].may_differ_between_processes;
  std::vector<std::pair<std::size_t, std::size_t>> branches;
  std::vector<std::size_t> functions;
  for (std::size_t r = 0; r < verdicts.size() && r < optimistic.size(); ++r)
    for (std::size_t j = 0; j < verdicts[r].size() && j < optimistic[r].size(); ++j)
      if (verdicts[r][j].may_differ_between_processes &&
          !optimistic[r][j].may_differ_between_processes)
        branches.push_back({r, j});
  for (std::size_t r = 0; r < unit.size() && r < optimistic_results.size(); ++r)
    if (out.result_may_differ[r] && !optimistic_results[r].may_differ_between_processes)
      functions.push_back(r);
  if (branches.empty() && functions.empty() && !arguments_deferred) {
    summarise_arguments();
    name_every_key(out);
    return out;
  }
  out.any = !branches.empty() || !functions.empty();

  // Which keys may reach what is deferred: the solve with every key
  // differing, each with a tag of its own (SourceTags: over-approximate),
  // as given or made here.  A deferred value no key's tag reaches takes
  // more than one key to differ: it depends on all of them.  One that one
  // key's tag alone reaches depends on that key (a value differs iff one
  // of its sources reaches it).  Only the keys of the others need a solve
  // of their own.  (The keys of `unit' are those of `unit_as_given' but
  // for parameters the unit itself passes values that differ.)
  std::map<std::string, unsigned long long> tag_of = tag_of_keys(unit_as_given);
  std::vector<ResultVerdict> tagged_results = results;
  std::vector<std::vector<BranchVerdict>> tagged = verdicts;
  if (solved_with_key_tags) {
    if (arguments_deferred)
      tagged_arguments = *arguments;
  } else {
    const SourceTags tags = key_tags(unit, tag_of);
    tagged = solve_value_flow(unit, arguments_deferred ? &tagged_arguments : nullptr,
                              &tagged_results, &tags);
  }
  std::map<unsigned long long, int> keys_tagged;
  for (const auto &entry : tag_of)
    ++keys_tagged[entry.second];
  for (const auto &entry : tag_of)
    if (keys_tagged[entry.second] == 1 && name_of.count(entry.first))
      key_of_tag[entry.second] = entry.first;
  std::vector<unsigned long long> branch_tags, function_tags;
  for (const auto &branch : branches)
    branch_tags.push_back(tagged[branch.first][branch.second].sources);
  for (std::size_t r : functions)
    function_tags.push_back(tagged_results[r].sources);
  unsigned long long to_solve = 0;
  for (unsigned long long t : branch_tags)
    to_solve |= told_key(t).empty() ? t : 0;
  for (unsigned long long t : function_tags)
    to_solve |= told_key(t).empty() ? t : 0;
  if (arguments_deferred)
    for (std::size_t r = 0; r < arguments->size(); ++r)
      for (std::size_t c = 0; c < (*arguments)[r].size(); ++c)
        for (std::size_t a = 0; a < (*arguments)[r][c].size(); ++a)
          if ((*arguments)[r][c][a].may_differ_between_processes &&
              !optimistic_arguments[r][c][a].may_differ_between_processes &&
              told_key(tagged_arguments[r][c][a].sources).empty())
            to_solve |= tagged_arguments[r][c][a].sources;
  std::map<std::string, std::string> solved_keys;
  unsigned long long solved_tags = 0;
  for (const auto &entry : name_of)
    if (tag_of[entry.first] & to_solve) {
      solved_keys.insert(entry);
      solved_tags |= tag_of[entry.first];
    }

  // Which results each of the others depends on: one solve per function
  // of another file, only its results differing.  Past the bound, all.
  std::vector<std::set<std::string>> branch_sets(branches.size()), function_sets(functions.size());
  // The parameters of one function are told apart together (one solve for
  // all of them, parameter_group), the others one by one.
  std::map<std::string, std::vector<std::string>> groups;
  for (const auto &entry : solved_keys)
    groups[parameter_group(entry.first)].push_back(entry.first);
  // Key by key when there are few (precise), function by function when
  // there are few functions.
  if ((int)solved_keys.size() <= max_separate_solves) {
    groups.clear();
    for (const auto &entry : solved_keys)
      groups[entry.first].push_back(entry.first);
  }
  bool separately = (int)groups.size() <= max_separate_solves;
  auto tell = [&](std::set<std::string> &set, unsigned long long t) {
    std::string key = told_key(t);
    if (!key.empty())
      set.insert(key);
    else if (!separately || !(t & solved_tags))
      set.insert(every_key_placeholder);
    return !key.empty();
  };
  std::vector<bool> branch_told, function_told;
  for (std::size_t i = 0; i < branches.size(); ++i)
    branch_told.push_back(tell(branch_sets[i], branch_tags[i]));
  for (std::size_t i = 0; i < functions.size(); ++i)
    function_told.push_back(tell(function_sets[i], function_tags[i]));
  for (const auto *sets : {&branch_sets, &function_sets})
    for (const auto &set : *sets)
      if (set.count(every_key_placeholder))
        name_of[every_key_placeholder] = every_key_name;
  std::unique_ptr<UniformButOne> uniform_but_one;
  if (separately)
    uniform_but_one.reset(new UniformButOne(unit));
  for (const auto &group : groups) {
    if (!separately)
      break;
    std::vector<ResultVerdict> alone_results;
    std::vector<std::vector<BranchVerdict>> alone_verdicts = solve_value_flow(
        uniform_but_one->differing(group.first),
        arguments_deferred ? &alone_arguments[group.first] : nullptr, &alone_results);
    for (std::size_t i = 0; i < branches.size(); ++i)
      if (!branch_told[i] &&
          alone_verdicts[branches[i].first][branches[i].second].may_differ_between_processes)
        branch_sets[i].insert(group.second.begin(), group.second.end());
    for (std::size_t i = 0; i < functions.size(); ++i)
      if (!function_told[i] && alone_results[functions[i]].may_differ_between_processes)
        function_sets[i].insert(group.second.begin(), group.second.end());
  }
  for (std::size_t i = 0; i < branches.size(); ++i) {
    std::size_t r = branches[i].first, j = branches[i].second;
    std::vector<std::string> symbols(branch_sets[i].begin(), branch_sets[i].end());
    std::vector<std::string> described;
    for (const std::string &symbol : symbols)
      described.push_back(describe_key(symbol, name_of[symbol]));
    BranchVerdict &verdict = out.verdicts[r][j];
    verdict.may_differ_between_processes = false;
    verdict.reason = "it depends only on what other files decide (" + listed(described) +
                     "), which the link step judges";
    out.branch_depends_on[r][j] = symbols;
  }
  for (std::size_t i = 0; i < functions.size(); ++i) {
    out.result_may_differ[functions[i]] = false;
    std::vector<std::string> &keys = out.result_depends_on[functions[i]];
    keys.insert(keys.end(), function_sets[i].begin(), function_sets[i].end());
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  }
  summarise_arguments();
  name_every_key(out);
  return out;
}

std::string variable_key(const std::string &symbol) { return "var:" + symbol; }

std::string field_key(const std::string &name, long long offset, long long size) {
  return name + "@" + std::to_string(offset) + ":" + std::to_string(size);
}

std::string whole_key(std::string_view key) {
  std::size_t at = key.rfind('@');
  if (at == std::string_view::npos ||
      (key.substr(0, 4) != "var:" && key.substr(0, 4) != "out:"))
    return "";
  std::string_view bits = key.substr(at + 1);
  std::size_t colon = bits.find(':');
  auto digits = [](std::string_view text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (colon == std::string_view::npos || !digits(bits.substr(0, colon)) ||
      !digits(bits.substr(colon + 1)))
    return "";
  return std::string(key.substr(0, at));
}

std::string out_argument_key(const std::string &symbol, int position) {
  return "out:" + symbol + ":" + std::to_string(position);
}

bool is_out_argument_key(const std::string &key) { return key.compare(0, 4, "out:") == 0; }

void add_exit_probes(std::vector<ValueFlowFunction> &unit) {
  for (ValueFlowFunction &function : unit) {
    if (function.symbol.empty() || !function.callable_from_outside ||
        function.out_parameters.empty())
      continue;
    std::map<int, std::vector<int>> targets; // by parameter position
    for (std::size_t s = 0; s < function.slots.size(); ++s) {
      const ValueFlowSlot &slot = function.slots[s];
      if (slot.scope == SlotScope::ParameterTarget && slot.through_reference < 0 &&
          !slot.covered &&
          std::count(function.out_parameters.begin(), function.out_parameters.end(),
                     slot.parameter))
        targets[slot.parameter].push_back((int)s);
    }
    // One probe per return for what the parameter points to, and one per
    // field of it with its own slot (`ctx->rank', `ctx->size': what
    // init(&ctx) leaves in each, the caller's fields keyed alike).
    auto add_probes = [&](const std::vector<int> &slots, const std::string &key) {
      for (std::size_t b = 0; b < function.blocks.size(); ++b)
        for (std::size_t i = 0; i < function.blocks[b].statements.size(); ++i)
          if (function.blocks[b].statements[i].kind == ValueFlowStatement::Kind::Return) {
            ValueFlowCollective probe;
            probe.block = (int)b;
            probe.statement = (int)i;
            probe.arguments.push_back(slots);
            probe.callee_symbol = key;
            probe.with_control = true;
            function.collectives.push_back(probe);
          }
    };
    for (const auto &entry : targets) {
      const std::string key = out_argument_key(function.symbol, entry.first);
      add_probes(entry.second, key);
      for (int s : entry.second) {
        const ValueFlowSlot &slot = function.slots[s];
        if (slot.field >= 0 && slot.field_offset >= 0 && slot.field_size > 0)
          add_probes({s}, field_key(key, slot.field_offset, slot.field_size));
      }
    }
  }
}

std::vector<ResultSummary> exit_summaries(const std::vector<ValueFlowFunction> &unit,
                                          const DeferredValues &deferred,
                                          const std::vector<std::string> &names,
                                          const std::string &file) {
  std::map<std::string, ResultSummary> by_key;
  for (std::size_t f = 0; f < unit.size() && f < deferred.arguments.size(); ++f)
    for (std::size_t c = 0; c < unit[f].collectives.size() && c < deferred.arguments[f].size();
         ++c) {
      const ValueFlowCollective &probe = unit[f].collectives[c];
      if (!is_out_argument_key(probe.callee_symbol) || deferred.arguments[f][c].empty())
        continue;
      const ArgumentSummary &at_return = deferred.arguments[f][c][0];
      auto [at, added] = by_key.try_emplace(probe.callee_symbol);
      ResultSummary &summary = at->second;
      if (added) {
        summary.symbol = probe.callee_symbol;
        summary.name = f < names.size() ? names[f] : unit[f].name;
        summary.file = file;
      }
      if (at_return.state == ArgumentSummary::State::Differs && !summary.may_differ) {
        summary.may_differ = true;
        summary.reason = at_return.reason;
      }
      if (at_return.state == ArgumentSummary::State::DependsOn)
        summary.depends_on.insert(summary.depends_on.end(), at_return.depends_on.begin(),
                                  at_return.depends_on.end());
    }
  for (auto &entry : by_key) {
    ResultSummary &summary = entry.second;
    std::sort(summary.depends_on.begin(), summary.depends_on.end());
    summary.depends_on.erase(std::unique(summary.depends_on.begin(), summary.depends_on.end()),
                             summary.depends_on.end());
    if (summary.may_differ)
      summary.depends_on.clear();
  }
  // A field saying what the whole says is left out: the link step reads
  // the whole then (whole_key).
  std::vector<ResultSummary> out;
  for (auto &entry : by_key) {
    auto whole = by_key.find(whole_key(entry.first));
    if (whole == by_key.end() || whole->second.may_differ != entry.second.may_differ ||
        whole->second.depends_on != entry.second.depends_on)
      out.push_back(entry.second);
  }
  return out;
}

const char *const every_key_placeholder = "every:";

bool is_every_key(const std::string &key) {
  return key.compare(0, sizeof every_key_prefix - 1, every_key_prefix) == 0;
}

void qualify_every_key(UnitSummary &unit) {
  if (unit.every_key.empty())
    return;
  // The unit's own key: its source and first key (a unit compiled twice
  // alike names the same keys).
  const std::string own = every_key_prefix + unit.source + "#" + unit.every_key.front();
  auto qualify = [&](std::vector<std::string> &keys) {
    std::replace(keys.begin(), keys.end(), std::string(every_key_placeholder), own);
  };
  for (ExternalCallSite &site : unit.sites)
    qualify(site.depends_on);
  for (ResultSummary &result : unit.results)
    qualify(result.depends_on);
  for (VariableSummary &variable : unit.variables)
    qualify(variable.depends_on);
  for (DeferredSite &site : unit.deferred)
    qualify(site.depends_on);
  for (ParameterCallSite &call : unit.calls)
    for (ArgumentSummary &argument : call.arguments)
      qualify(argument.depends_on);
}

namespace {

// By function of `unit': the unit-wide keys of the globals it may store to,
// itself or through the functions of the unit it calls.
std::vector<std::set<unsigned>> globals_written(const std::vector<ValueFlowFunction> &unit) {
  std::map<unsigned, std::size_t> index_of;
  for (std::size_t i = 0; i < unit.size(); ++i)
    index_of[unit[i].uid] = i;
  std::vector<std::set<unsigned>> written(unit.size());
  std::vector<std::set<std::size_t>> callees(unit.size());
  for (std::size_t i = 0; i < unit.size(); ++i) {
    const ValueFlowFunction &function = unit[i];
    auto note = [&](int slot) {
      if (slot >= 0 && slot < (int)function.slots.size() &&
          function.slots[slot].scope == SlotScope::Global)
        written[i].insert(function.slots[slot].global);
    };
    for (const ValueFlowBlock &block : function.blocks)
      for (const ValueFlowStatement &statement : block.statements) {
        note(statement.target);
        for (const ValueFlowArgument &argument : statement.arguments) {
          for (int pointee : argument.pointees)
            note(pointee);
          for (const ValueFlowReach &reach : argument.reachable)
            note(reach.slot);
        }
        auto callee = index_of.find(statement.callee);
        if (statement.kind == ValueFlowStatement::Kind::Call && callee != index_of.end())
          callees[i].insert(callee->second);
      }
  }
  // A function storing through pointers it cannot name may store to any
  // variable the unit defines (the solver's may_store_any_global): it is
  // one of their writers, whose callers the link step judges.
  std::set<unsigned> defined;
  for (const ValueFlowFunction &function : unit)
    for (const ValueFlowSlot &slot : function.slots)
      if (variable_judged_at_link(slot) && defined_in_unit(slot))
        defined.insert(slot.global);
  for (std::size_t i = 0; i < unit.size(); ++i) {
    const ValueFlowFunction &function = unit[i];
    bool anywhere = function.stores_through_unknown || !function.reference_bindings.empty();
    for (const ValueFlowSlot &slot : function.slots)
      anywhere |= slot.through_reference >= 0 ||
                  (slot.scope == SlotScope::Global && slot.escapes >= 0);
    if (anywhere)
      written[i].insert(defined.begin(), defined.end());
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < unit.size(); ++i)
      for (std::size_t callee : callees[i])
        for (unsigned global : std::set<unsigned>(written[callee]))
          changed |= written[i].insert(global).second;
  }
  return written;
}

} // namespace

void forget_link_names_of_private_statics(std::vector<ValueFlowFunction> &unit) {
  std::vector<std::set<unsigned>> written = globals_written(unit);
  std::set<unsigned> published;
  for (std::size_t i = 0; i < unit.size(); ++i)
    if (unit[i].callable_from_outside && !unit[i].entry_point)
      published.insert(written[i].begin(), written[i].end());
  for (ValueFlowFunction &function : unit)
    for (ValueFlowSlot &slot : function.slots)
      if (slot.scope == SlotScope::Global && slot.visibility == GlobalVisibility::Unit &&
          !published.count(slot.global))
        slot.symbol.clear();
}

std::vector<VariableFacts> variable_facts(const std::vector<ValueFlowFunction> &unit) {
  std::vector<std::set<unsigned>> written = globals_written(unit);
  std::set<unsigned> address_taken;
  for (const ValueFlowFunction &function : unit)
    address_taken.insert(function.addresses_taken.begin(), function.addresses_taken.end());
  // The shared variables the unit defines or stores to, with a slot each.
  std::map<std::string, VariableFacts> facts;
  std::map<std::string, ValueFlowSlot> slot_of;
  std::map<std::string, bool> writer_unknown_callers;
  auto add = [&](const ValueFlowSlot &slot, const std::string &symbol) {
    VariableFacts &f = facts[symbol];
    f.symbol = symbol;
    f.name = variable_name(slot);
    if (symbol != slot.symbol)
      f.field_of = slot.symbol;
    f.defined_here |= defined_in_unit(slot);
    if (!slot_of.count(symbol) || slot.field < 0)
      slot_of[symbol] = slot;
  };
  for (std::size_t i = 0; i < unit.size(); ++i)
    for (const ValueFlowSlot &slot : unit[i].slots) {
      if (!variable_judged_at_link(slot))
        continue;
      // Each field the unit names has an entry beside the whole
      // variable's: the link step judges a field by each unit's entry for
      // it, or by its entry for the whole variable where it has none (it
      // stores to the field without naming it).
      if (!written[i].count(slot.global) && !defined_in_unit(slot))
        continue;
      std::string symbol = variable_symbol(slot);
      if (symbol != slot.symbol)
        add(slot, symbol);
      add(slot, slot.symbol);
    }
  if (facts.empty())
    return {};
  for (auto &entry : facts) {
    std::set<unsigned> writers;
    for (std::size_t i = 0; i < unit.size(); ++i) {
      const ValueFlowFunction &function = unit[i];
      if (!written[i].count(slot_of[entry.first].global) || function.entry_point)
        continue;
      if (address_taken.count(function.uid))
        writer_unknown_callers[entry.first] = true; // called through pointers
      if (function.callable_from_outside)
        writers.insert(function.uid);
    }
    entry.second.writers.assign(writers.begin(), writers.end());
  }

  // One probe per variable reads what the unit leaves there: its result.
  // The functions' callers are the link step's business.
  auto with_probes = [&](std::vector<ValueFlowFunction> copy, const SourceTags *tags) {
    for (ValueFlowFunction &function : copy)
      function.callers_judged_at_link = true;
    unsigned uid = 0xfff00000u;
    for (const auto &entry : slot_of) {
      ValueFlowFunction probe;
      probe.uid = uid++;
      probe.name = "what the unit stores in '" + entry.second.name + "'";
      probe.callable_from_outside = false;
      ValueFlowSlot slot = entry.second;
      if (facts[entry.first].field_of.empty()) {
        slot.field = -1;
        slot.field_offset = slot.field_size = -1;
      }
      slot.scalar = slot.covered = slot.single_definition = false;
      slot.escapes = -1;
      slot.other_files_store_uniform = true;
      probe.slots.push_back(slot);
      probe.blocks.emplace_back();
      ValueFlowStatement ret;
      ret.kind = ValueFlowStatement::Kind::Return;
      ret.uses = {0};
      probe.blocks.back().statements.push_back(ret);
      copy.push_back(probe);
    }
    std::vector<ResultVerdict> results;
    solve_value_flow(copy, nullptr, &results, tags);
    return std::vector<ResultVerdict>(results.begin() + (long)unit.size(), results.end());
  };
  std::vector<ResultVerdict> optimistic = with_probes(assuming_uniform(unit, ""), nullptr);
  std::map<std::string, std::string> keys = keys_of(unit);
  add_parameter_keys(unit, keys);
  // The solve with every key differing, each with a tag (SourceTags):
  // a key whose tag does not reach a variable's probe is not one the
  // variable depends on.  Without them, a unit with many keys made every
  // variable depend on all of them, among which MPICH's COMMON block
  // mpipriv1 (MPI_STATUS_IGNORE), which no file of the program defines:
  // every module variable of a Fortran program differed at link time.
  const std::map<std::string, unsigned long long> tag_of = tag_of_keys(unit);
  const SourceTags tags = key_tags(unit, tag_of);
  std::vector<ResultVerdict> alone = with_probes(unit, &tags);
  // Which keys each variable depends on: among those whose tags reach it,
  // one solve per key, only that key differing (a value differs iff one
  // of its sources reaches it), when there are few such keys; else all of
  // them.  Its own key among the others: a store of the variable's own
  // value (`n = n + 1') depends on it, which the link step's fixpoint
  // allows.
  const std::size_t max_separate_solves = 16;
  std::vector<std::vector<std::string>> reaching(alone.size());
  std::set<std::string> to_solve;
  for (std::size_t k = 0; k < optimistic.size() && k < alone.size(); ++k) {
    if (optimistic[k].may_differ_between_processes || !alone[k].may_differ_between_processes)
      continue;
    for (const auto &key : keys)
      if (tag_of.at(key.first) & alone[k].sources)
        reaching[k].push_back(key.first);
    if (reaching[k].empty()) // no tag reached it: all of them
      for (const auto &key : keys)
        reaching[k].push_back(key.first);
    if (reaching[k].size() > 1)
      to_solve.insert(reaching[k].begin(), reaching[k].end());
  }
  std::map<std::string, std::vector<ResultVerdict>> by_key;
  if (to_solve.size() <= max_separate_solves)
    for (const std::string &key : to_solve)
      by_key[key] = with_probes(assuming_uniform(unit, key), nullptr);
  std::vector<VariableFacts> out;
  std::size_t k = 0;
  for (auto &entry : facts) {
    VariableFacts &f = entry.second;
    f.may_differ = optimistic[k].may_differ_between_processes ||
                   writer_unknown_callers.count(entry.first) != 0;
    if (!f.may_differ && k < reaching.size()) {
      for (const std::string &key : reaching[k]) {
        auto solved = by_key.find(key);
        if (solved == by_key.end() || solved->second[k].may_differ_between_processes)
          f.depends_on.push_back(key);
      }
      if (f.depends_on.empty()) // no one key alone: all of those reaching it
        f.depends_on = reaching[k];
    }
    out.push_back(f);
    ++k;
  }
  // A field saying what the whole variable says needs no entry: the link
  // step reads the unit's entry for the whole variable then (the size of
  // the summaries: a COMMON block's members, a record's fields).
  std::map<std::string, const VariableFacts *> whole;
  for (const VariableFacts &f : out)
    if (f.field_of.empty())
      whole[f.symbol] = &f;
  std::vector<VariableFacts> kept;
  for (const VariableFacts &f : out) {
    auto variable = whole.find(f.field_of);
    if (!f.field_of.empty() && variable != whole.end() &&
        f.may_differ == variable->second->may_differ &&
        f.depends_on == variable->second->depends_on)
      continue;
    kept.push_back(f);
  }
  return kept;
}

std::map<std::string, ResultJudgement> judge_results(const std::vector<UnitSummary> &units) {
  std::map<std::string, ResultJudgement> judged;
  KeyEvidenceMap evidence;
  // Room for every key the units may name, at once (no rehashing).
  std::size_t keys = 0;
  for (const UnitSummary &unit : units)
    keys += unit.results.size() + unit.variables.size() + unit.parameters.size() + 1;
  evidence.reserve(keys);
  // The judgement of `key' and its evidence (keyed by the map's own copy
  // of the key, which stays put).
  auto entry = [&](const std::string &key) -> std::pair<ResultJudgement &, KeyEvidence &> {
    auto at = judged.try_emplace(key).first;
    return {at->second, evidence[at->first]};
  };
  auto add_dependencies = [](KeyEvidence &e, const std::vector<std::string> &keys) {
    e.depends_on.insert(e.depends_on.end(), keys.begin(), keys.end());
  };
  for (const UnitSummary &unit : units)
    for (const ResultSummary &result : unit.results) {
      auto [j, e] = entry(result.symbol);
      if (j.name.empty()) {
        j.name = result.name;
        j.file = result.file;
      }
      // A C++ inline function has a summary in each unit defining it:
      // any of them saying "may differ" wins.
      if (result.may_differ && !e.own)
        j.reason = result.reason;
      e.own |= result.may_differ;
      add_dependencies(e, result.depends_on);
    }
  // The functions some processes may call and others not: those the units
  // call at such places, and whatever these call in other files.
  std::unordered_set<std::string_view> divergent;
  std::unordered_map<std::string_view, std::vector<std::string_view>> external_callees;
  std::vector<std::string_view> work;
  std::size_t functions = 0;
  for (const UnitSummary &unit : units)
    functions += unit.functions.size();
  divergent.reserve(functions);
  external_callees.reserve(functions);
  for (const UnitSummary &unit : units) {
    for (const ExternalCallSite &site : unit.sites)
      for (const ExternalCallee &callee : site.callees)
        if (divergent.insert(callee.symbol).second)
          work.push_back(callee.symbol);
    for (const FunctionSummary &function : unit.functions) {
      std::vector<std::string_view> &callees = external_callees[function.symbol];
      callees.insert(callees.end(), function.external_callees.begin(),
                     function.external_callees.end());
    }
  }
  while (!work.empty()) {
    std::string_view symbol = work.back();
    work.pop_back();
    auto callees = external_callees.find(symbol);
    if (callees != external_callees.end())
      for (std::string_view callee : callees->second)
        if (divergent.insert(callee).second)
          work.push_back(callee);
  }
  // Shared variables: the same everywhere if defined by a unit of the
  // program, every unit's stores are, and their writers are called alike.
  // A field (VariableSummary::field_of) is judged by each unit's entry for
  // it, or by the unit's entry for the whole variable where it has none.
  std::map<std::string, bool> defined;
  std::map<std::string, std::set<std::string>> fields_of; // by variable
  for (const UnitSummary &unit : units)
    for (const VariableSummary &variable : unit.variables)
      if (!variable.field_of.empty())
        fields_of[variable.field_of].insert(variable.symbol);
  auto add_variable = [&](const std::string &key, const VariableSummary &variable, bool own) {
    auto [j, e] = entry(key);
    if (own && (j.name.empty() || variable.defined_here)) {
      j.name = variable.name;
      j.file = variable.file;
    }
    defined[key] |= variable.defined_here;
    bool &differs = e.own;
    if (variable.may_differ && !differs) {
      differs = true;
      j.reason = "a store in " + variable.file + " may differ between processes";
    }
    for (const std::string &writer : variable.writers)
      if (!differs && divergent.count(writer)) {
        differs = true;
        j.reason = "'" + writer + "' (" + variable.file +
                   "), which stores to it, may be called by some processes only";
      }
    add_dependencies(e, variable.depends_on);
  };
  for (const UnitSummary &unit : units) {
    std::set<std::string_view> named;
    for (const VariableSummary &variable : unit.variables)
      named.insert(variable.symbol);
    for (const VariableSummary &variable : unit.variables) {
      add_variable(variable_key(variable.symbol), variable, true);
      auto fields = fields_of.find(variable.symbol);
      if (fields != fields_of.end())
        for (const std::string &field : fields->second)
          if (!named.count(field))
            add_variable(variable_key(field), variable, false);
    }
  }
  for (const auto &fields : fields_of)
    for (const std::string &field : fields.second)
      defined[variable_key(field)] |= defined[variable_key(fields.first)];
  for (const auto &definition : defined) {
    auto [j, e] = entry(definition.first);
    if (!definition.second && !e.own) {
      e.own = true;
      j.reason = "no file compiled with PARCOACH defines it";
    }
  }
  judge_parameters(units, judged, evidence);
  // A field no unit storing to its variable names (the readers' units
  // give no entry), or of what a function leaves behind an argument that
  // its summary does not name: judged as the whole.
  std::set<std::string> unnamed_fields;
  auto note_field = [&](std::string_view key) {
    std::string whole = whole_key(key);
    if (!whole.empty() && !judged.count(std::string(key)) && judged.count(whole))
      unnamed_fields.emplace(key);
  };
  for (const auto &e : evidence)
    for (std::string_view key : e.second.depends_on)
      note_field(key);
  for (const UnitSummary &unit : units)
    for (const DeferredSite &site : unit.deferred)
      for (const std::string &key : site.depends_on)
        note_field(key);
  for (const std::string &field : unnamed_fields) {
    std::string whole = whole_key(field);
    const ResultJudgement variable = judged.at(whole);
    auto [j, e] = entry(field);
    j.name = variable.name;
    j.file = variable.file;
    e.depends_on.push_back(judged.find(whole)->first);
  }
  // Each unit's key standing for all its keys (every_key_placeholder).
  for (const UnitSummary &unit : units) {
    if (unit.every_key.empty())
      continue;
    auto [j, e] = entry(every_key_prefix + unit.source + "#" + unit.every_key.front());
    j.name = "what other files decide for " + unit.source;
    j.file = unit.source;
    add_dependencies(e, unit.every_key);
  }
  // Least fixpoint: nothing differs, then what depends on a result that
  // differs (or that no summary describes) differs.  The keys in order,
  // each with its dependencies in order and found once (the passes look
  // at them in the same order as the maps of keys did).
  struct Dependency {
    std::string_view key;
    const ResultJudgement *judgement; // null: no summary describes it
  };
  struct Node {
    ResultJudgement *judgement;
    std::vector<Dependency> depends_on;
  };
  // The judgements by key, hashed once (many keys share long prefixes,
  // "every:/path/...": one comparison in the map is a long one).
  std::unordered_map<std::string_view, const ResultJudgement *> judgement_of;
  judgement_of.reserve(judged.size());
  for (const auto &judgement : judged)
    judgement_of.emplace(judgement.first, &judgement.second);
  std::vector<Node> nodes;
  nodes.reserve(judged.size());
  for (auto &judgement : judged) {
    KeyEvidence &e = evidence[judgement.first];
    judgement.second.may_differ = e.own;
    std::sort(e.depends_on.begin(), e.depends_on.end());
    e.depends_on.erase(std::unique(e.depends_on.begin(), e.depends_on.end()),
                       e.depends_on.end());
    Node node{&judgement.second, {}};
    node.depends_on.reserve(e.depends_on.size());
    for (std::string_view key : e.depends_on) {
      auto found = judgement_of.find(key);
      node.depends_on.push_back({key, found == judgement_of.end() ? nullptr : found->second});
    }
    nodes.push_back(std::move(node));
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (Node &node : nodes) {
      ResultJudgement &judgement = *node.judgement;
      if (judgement.may_differ)
        continue;
      for (const Dependency &dependency : node.depends_on) {
        const ResultJudgement *found = dependency.judgement;
        if (found && !found->may_differ)
          continue;
        const std::string callee(dependency.key);
        judgement.may_differ = true;
        judgement.reason =
            !found ? "it depends on " +
                         describe_key(callee, unnamed_key_name(callee)) +
                         ", which no file compiled with PARCOACH describes"
                   : "it depends on " + describe_key(callee, found->name) + " (" + found->file +
                         ")";
        // A parameter passed on: say where the difference comes from.
        if (found && is_parameter_key(callee))
          judgement.reason += ": " + found->reason;
        changed = true;
        break;
      }
    }
  }
  return judged;
}

std::vector<DeferredFinding> judge_deferred_sites(const std::vector<UnitSummary> &units,
                                                  bool *judged) {
  return judge_deferred_sites(units, judge_results(units), judged);
}

std::vector<DeferredFinding>
judge_deferred_sites(const std::vector<UnitSummary> &units,
                     const std::map<std::string, ResultJudgement> &results, bool *judged) {
  std::vector<DeferredFinding> findings;
  if (judged)
    *judged = false;
  for (const UnitSummary &unit : units)
    for (const DeferredSite &site : unit.deferred) {
      if (judged)
        *judged = true;
      for (std::size_t i = 0; i < site.depends_on.size(); ++i) {
        auto found = results.find(site.depends_on[i]);
        if (found != results.end() && !found->second.may_differ)
          continue;
        DeferredFinding finding;
        finding.site = site;
        finding.because = site.depends_on[i];
        finding.because_name = i < site.names.size() ? site.names[i] : site.depends_on[i];
        finding.known = found != results.end();
        if (finding.known)
          finding.judgement = found->second;
        findings.push_back(finding);
        break;
      }
    }
  return findings;
}

std::string deferred_arming_key(const std::string &source, const std::string &function) {
  return "pcd" + arming_key_for(source, function).substr(3);
}

std::string format_deferred_finding(const DeferredFinding &finding, bool as_error) {
  const DeferredSite &site = finding.site;
  bool call = site.collective.empty();
  std::string runs;
  for (const std::string &collective : site.runs)
    runs += (runs.empty() ? "" : ", ") + collective;
  std::string message =
      call ? "this call to '" + site.callee + "' runs MPI collectives (" + runs +
                 ") that not all processes may run, or not in the same order"
           : "'" + site.collective +
                 "' may not be called by all processes of its communicator, or not in the "
                 "same order";
  std::string act = call ? "make the call to '" + site.callee + "'" : "run '" + site.collective + "'";
  std::ostringstream out;
  out << format_link_warning(site.function, site.location, site.related, message, act, as_error);
  out << location_text(site.location) << ": note: the "
      << (names_several_lines(site.related) ? "conditionals depend" : "conditional depends")
      << " on " << describe_key(finding.because, finding.because_name);
  if (!finding.known)
    out << ", which no file compiled with PARCOACH describes: it may differ between "
           "processes\n";
  else
    out << " (" << finding.judgement.file << "), which may differ between processes: "
        << (finding.judgement.reason.compare(0, 7, "depends") == 0 ? "it " : "")
        << finding.judgement.reason << "\n";
  return out.str();
}

} // namespace parcoach
