#include "cross_file_parameters.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <string_view>
#include <unordered_map>
#include <cstdlib>

namespace parcoach {

namespace {

const char kParameterPrefix[] = "par:";

std::string where(const SourceLocation &location) {
  return location.file + ":" + std::to_string(location.line);
}

// The symbol and position of a parameter key, or false.
bool split_key(const std::string &key, std::string &symbol, int &position) {
  if (!is_parameter_key(key))
    return false;
  std::size_t colon = key.rfind(':');
  if (colon == std::string::npos || colon < 4)
    return false;
  symbol = key.substr(4, colon - 4);
  position = std::atoi(key.c_str() + colon + 1);
  return true;
}

// "parameter 'n' of 'step'", as parameter_name prints a named parameter.
std::string named_parameter(const std::string &variable, const std::string &function) {
  return "parameter '" + variable + "' of '" + function + "'";
}

// The parts of a name named_parameter gives back exactly, or false.
bool split_parameter_name(const std::string &name, std::string &variable,
                          std::string &function) {
  const std::string prefix = "parameter '", middle = "' of '";
  std::size_t at = name.find(middle);
  if (name.compare(0, prefix.size(), prefix) != 0 || at == std::string::npos || at < prefix.size() ||
      name.size() < at + middle.size() + 1 || name.back() != '\'')
    return false;
  variable = name.substr(prefix.size(), at - prefix.size());
  function = name.substr(at + middle.size(), name.size() - at - middle.size() - 1);
  return named_parameter(variable, function) == name;
}

} // namespace

std::string parameter_key(const std::string &symbol, int position) {
  return kParameterPrefix + symbol + ":" + std::to_string(position);
}

bool is_parameter_key(const std::string &key) { return key.compare(0, 4, kParameterPrefix) == 0; }

std::string parameter_group(const std::string &key) {
  if (!is_parameter_key(key))
    return key;
  std::size_t colon = key.rfind(':');
  return colon == std::string::npos ? key : key.substr(0, colon + 1);
}

std::vector<int> judged_parameter_positions(const ValueFlowFunction &function,
                                            const std::set<unsigned> &addresses_taken) {
  std::vector<int> positions;
  if (!function.link_judges_parameters || !function.callable_from_outside ||
      function.entry_point || function.symbol.empty() || addresses_taken.count(function.uid))
    return positions;
  const std::vector<int> &shown = function.parameters_passed_differing;
  for (const ValueFlowSlot &slot : function.slots) {
    if (std::find(shown.begin(), shown.end(), slot.parameter) != shown.end())
      continue;
    bool value = slot.scope == SlotScope::Parameter ||
                 (slot.scope == SlotScope::ParameterTarget && slot.through_reference < 0);
    if (value && slot.parameter >= 0 &&
        std::find(positions.begin(), positions.end(), slot.parameter) == positions.end())
      positions.push_back(slot.parameter);
  }
  std::sort(positions.begin(), positions.end());
  return positions;
}

namespace {

std::set<unsigned> addresses_taken_in(const std::vector<ValueFlowFunction> &unit) {
  std::set<unsigned> taken;
  for (const ValueFlowFunction &function : unit)
    taken.insert(function.addresses_taken.begin(), function.addresses_taken.end());
  return taken;
}

// `function_name': the function's, or a method's it overrides.
std::string parameter_name(const ValueFlowFunction &function, int position,
                           const std::string &function_name) {
  for (const ValueFlowSlot &slot : function.slots)
    if (slot.parameter == position &&
        (slot.scope == SlotScope::Parameter || slot.scope == SlotScope::ParameterTarget)) {
      std::string name = slot.name;
      if (!name.empty() && name[0] == '*')
        name = name.substr(1);
      name = name.substr(0, name.find('.'));
      if (!name.empty())
        return named_parameter(name, function_name);
    }
  return "parameter " + std::to_string(position + 1) + " of '" + function_name + "'";
}

std::string parameter_name(const ValueFlowFunction &function, int position) {
  return parameter_name(function, position, function.name);
}

} // namespace

void add_parameter_keys(const std::vector<ValueFlowFunction> &unit,
                        std::map<std::string, std::string> &name_of) {
  std::set<unsigned> taken = addresses_taken_in(unit);
  for (const ValueFlowFunction &function : unit)
    for (int position : judged_parameter_positions(function, taken))
      name_of.emplace(parameter_key(function.symbol, position), parameter_name(function, position));
}

void assume_parameters_uniform(std::vector<ValueFlowFunction> &unit,
                               const std::string &differing) {
  std::set<unsigned> taken = addresses_taken_in(unit);
  for (ValueFlowFunction &function : unit) {
    function.parameters_judged_at_link.clear();
    for (int position : judged_parameter_positions(function, taken))
      if (parameter_key(function.symbol, position) != differing &&
          parameter_group(parameter_key(function.symbol, position)) != differing)
        function.parameters_judged_at_link.push_back(position);
  }
}

std::vector<ValueFlowFunction> without_parameters_passed_differing(
    const std::vector<ValueFlowFunction> &unit,
    const std::function<std::vector<ValueFlowFunction>(const std::vector<ValueFlowFunction> &)>
        &assuming_uniform,
    UnitSolve *last_solve) {
  std::vector<ValueFlowFunction> out = unit;
  // By linker name, the functions a call naming it may run: itself, and
  // the virtual methods overriding it.
  std::multimap<std::string, std::size_t> index_of;
  for (std::size_t i = 0; i < out.size(); ++i)
    if (out[i].link_judges_parameters && !out[i].symbol.empty()) {
      index_of.emplace(out[i].symbol, i);
      for (const std::string &base : out[i].overridden_symbols)
        index_of.emplace(base, i);
    }
  bool probes = false;
  for (const ValueFlowFunction &function : out)
    for (const ValueFlowCollective &probe : function.collectives)
      probes |= index_of.count(probe.callee_symbol) != 0;
  if (!probes)
    return out;
  // Excluding a parameter may make more arguments differ: to a fixpoint.
  // The rounds change only parameters_passed_differing, hence the judged
  // parameters: one copy of the unit is made uniform once and updated in
  // place, not copied again each round (issue 17: a copy of a large C++
  // unit costs a tenth of a solve).
  std::vector<ValueFlowFunction> uniform = assuming_uniform(out);
  for (bool changed = true; changed;) {
    changed = false;
    UnitSolve solve;
    std::vector<std::vector<std::vector<ArgumentVerdict>>> &arguments = solve.arguments;
    solve.verdicts = solve_value_flow(uniform, &arguments, &solve.results);
    solve.solved = true;
    for (std::size_t r = 0; r < out.size() && r < arguments.size(); ++r)
      for (std::size_t c = 0; c < out[r].collectives.size() && c < arguments[r].size(); ++c) {
        auto callees = index_of.equal_range(out[r].collectives[c].callee_symbol);
        for (auto callee = callees.first; callee != callees.second; ++callee) {
          std::vector<int> &shown = out[callee->second].parameters_passed_differing;
          for (std::size_t a = 0; a < arguments[r][c].size(); ++a)
            if (arguments[r][c][a].may_differ_between_processes &&
                std::find(shown.begin(), shown.end(), (int)a) == shown.end()) {
              shown.push_back((int)a);
              changed = true;
            }
        }
      }
    // Nothing changed: this solve is of assuming_uniform(out) as returned.
    if (!changed && last_solve)
      *last_solve = std::move(solve);
    if (changed) {
      for (std::size_t i = 0; i < out.size() && i < uniform.size(); ++i)
        uniform[i].parameters_passed_differing = out[i].parameters_passed_differing;
      assume_parameters_uniform(uniform, "");
    }
  }
  return out;
}

std::vector<ParameterCallSite>
virtual_dispatch_calls(const ValueFlowFunction &function,
                       const std::map<std::string, std::string> &keys,
                       std::map<std::string, std::string> &base_keys) {
  std::vector<ParameterCallSite> calls;
  // As many arguments as the method has judged parameters (one it has
  // no key for is not judged: passed as may differ, it changes nothing).
  int count = 0;
  for (int position = 0; position < 64 && !function.overridden_symbols.empty(); ++position)
    if (keys.count(parameter_key(function.symbol, position)))
      count = position + 1;
  if (count == 0)
    return calls;
  for (std::size_t b = 0; b < function.overridden_symbols.size(); ++b) {
    const std::string &base = function.overridden_symbols[b];
    // The base's parameters, by the overrider's names.
    const std::string &base_name =
        b < function.overridden_names.size() ? function.overridden_names[b] : base;
    ParameterCallSite call;
    call.caller = "a call through the vtable";
    call.callee = function.symbol;
    call.callee_name = function.name;
    for (int position = 0; position < count; ++position) {
      call.arguments.emplace_back();
      ArgumentSummary &argument = call.arguments.back();
      argument.state = ArgumentSummary::State::DependsOn;
      argument.depends_on.push_back(parameter_key(base, position));
      base_keys.emplace(parameter_key(base, position),
                        parameter_name(function, position, base_name));
    }
    calls.push_back(std::move(call));
  }
  return calls;
}

ArgumentSummary summarise_argument(const ArgumentVerdict &full, const ArgumentVerdict &optimistic,
                                   const std::map<std::string, bool> &alone,
                                   const std::map<std::string, std::string> &keys) {
  ArgumentSummary out;
  if (!full.may_differ_between_processes) {
    out.state = ArgumentSummary::State::Uniform;
    return out;
  }
  if (optimistic.may_differ_between_processes) {
    out.state = ArgumentSummary::State::Differs;
    out.reason = optimistic.reason.empty() ? full.reason : optimistic.reason;
    return out;
  }
  out.state = ArgumentSummary::State::DependsOn;
  for (const auto &entry : alone)
    if (entry.second)
      out.depends_on.push_back(entry.first);
  if (out.depends_on.empty() && !keys.empty()) // past the bound: any of them
    out.depends_on.push_back(every_key_placeholder);
  return out;
}

void judge_parameters(const std::vector<UnitSummary> &units,
                      std::map<std::string, ResultJudgement> &judged, KeyEvidenceMap &evidence) {
  // Every parameter key the program names, with its name and file (views
  // of the units' strings: nothing is copied until judged).
  std::unordered_map<std::string_view, std::pair<std::string_view, std::string_view>> named;
  auto mention = [&](const std::string &key, std::string_view name, std::string_view file) {
    if (!is_parameter_key(key))
      return;
    auto &entry = named[key];
    if (entry.first.empty() && !name.empty())
      entry = {name, file};
  };
  std::string_view any_caller;
  std::unordered_map<std::string_view, std::string_view> address_taken_in;
  std::unordered_map<std::string_view, std::vector<const ParameterCallSite *>> calls_of;
  std::size_t parameters = 0, calls = 0;
  for (const UnitSummary &unit : units) {
    parameters += unit.parameters.size();
    calls += unit.calls.size();
  }
  named.reserve(parameters);
  calls_of.reserve(calls);
  for (const UnitSummary &unit : units) {
    for (const ParameterSummary &parameter : unit.parameters)
      mention(parameter.key, parameter.name, parameter.file);
    for (const DeferredSite &site : unit.deferred)
      for (std::size_t i = 0; i < site.depends_on.size(); ++i)
        mention(site.depends_on[i], i < site.names.size() ? site.names[i] : "", "");
    for (const ParameterCallSite &call : unit.calls) {
      calls_of[call.callee].push_back(&call);
      for (const ArgumentSummary &argument : call.arguments)
        for (const std::string &key : argument.depends_on)
          mention(key, "", "");
    }
    for (const std::string &symbol : unit.addresses_taken)
      address_taken_in.emplace(symbol, unit.source);
    if (any_caller.empty())
      any_caller = unit.any_caller;
  }
  for (const auto &entry : named) {
    const std::string key(entry.first);
    std::string symbol;
    int position = 0;
    if (!split_key(key, symbol, position))
      continue;
    auto judged_at = judged.try_emplace(key).first;
    ResultJudgement &j = judged_at->second;
    KeyEvidence &e = evidence[judged_at->first];
    j.name = entry.second.first.empty() ? key : std::string(entry.second.first);
    j.file = entry.second.second;
    bool &differs = e.own;
    // The reason is built only for the first difference (the one kept).
    auto because = [&](const auto &reason) {
      if (!differs)
        j.reason = reason();
      differs = true;
    };
    if (!any_caller.empty())
      because([&] { return std::string(any_caller); });
    auto taken = address_taken_in.find(symbol);
    if (taken != address_taken_in.end())
      because([&] {
        return "the address of '" + symbol + "' is taken in " + std::string(taken->second) +
               ": any code may call it";
      });
    auto calls = calls_of.find(symbol);
    if (calls == calls_of.end())
      continue;
    for (const ParameterCallSite *call : calls->second) {
      auto who = [&] { return "'" + call->caller + "' passes "; };
      auto at = [&] { return " at " + where(call->location); };
      if (position >= (int)call->arguments.size()) {
        because([&] { return who() + "no value for it" + at(); });
        continue;
      }
      const ArgumentSummary &argument = call->arguments[position];
      if (argument.state == ArgumentSummary::State::Differs)
        because([&] {
          return who() + "a value that may differ" + at() +
                 (argument.reason.empty() ? "" : " (it " + argument.reason + ")");
        });
      else if (argument.state == ArgumentSummary::State::DependsOn)
        e.depends_on.insert(e.depends_on.end(), argument.depends_on.begin(),
                            argument.depends_on.end());
    }
  }
}

bool keep_deferred_call_site(const ExternalCallSite &site,
                             const std::map<std::string, ResultJudgement> &judged,
                             const std::map<std::string, std::string> &names, std::string *note) {
  if (site.depends_on.empty())
    return true;
  for (const std::string &key : site.depends_on) {
    auto found = judged.find(key);
    if (found != judged.end() && !found->second.may_differ)
      continue;
    if (note) {
      auto name = names.find(key);
      std::string what = found != judged.end() ? found->second.name
                         : name != names.end() ? name->second
                                               : key;
      if (!is_parameter_key(key))
        what = "the result of '" + what + "'";
      *note = location_text(site.location) + ": note: the conditional depends on " + what +
              (found == judged.end()
                   ? ", which no file compiled with PARCOACH describes: it may differ between "
                     "processes\n"
                   : (found->second.file.empty() ? "" : " (" + found->second.file + ")") +
                         ", which may differ between processes: " + found->second.reason +
                         "\n");
    }
    return true;
  }
  return false;
}

// ------------------------------------------------------------ summary lines

std::vector<std::vector<std::string>> parameter_lines(const UnitSummary &unit) {
  std::vector<std::vector<std::string>> lines;
  for (const ParameterSummary &parameter : unit.parameters) {
    // Mostly the key and name are made of the function's linker and
    // printed names, which the unit names anyway: stored as those parts.
    std::string symbol, variable, function;
    int position = 0;
    if (split_key(parameter.key, symbol, position) &&
        parameter_key(symbol, position) == parameter.key &&
        split_parameter_name(parameter.name, variable, function))
      lines.push_back({"param-of", symbol, std::to_string(position), variable, function,
                       parameter.file});
    else
      lines.push_back({"param", parameter.key, parameter.name, parameter.file});
  }
  for (const ParameterCallSite &call : unit.calls) {
    lines.push_back(
        summary_record({"pcall", call.caller, call.callee, call.callee_name}, call.location));
    for (const ArgumentSummary &argument : call.arguments) {
      std::vector<std::string> fields = {
          "parg", argument.state == ArgumentSummary::State::Uniform   ? "u"
                  : argument.state == ArgumentSummary::State::Differs ? "d"
                                                                      : "k",
          argument.reason};
      fields.insert(fields.end(), argument.depends_on.begin(), argument.depends_on.end());
      lines.push_back(fields);
    }
  }
  for (std::size_t i = 0; i < unit.sites.size(); ++i)
    if (!unit.sites[i].depends_on.empty()) {
      std::vector<std::string> fields = {"site-on", std::to_string(i)};
      fields.insert(fields.end(), unit.sites[i].depends_on.begin(),
                    unit.sites[i].depends_on.end());
      lines.push_back(fields);
    }
  for (const std::string &symbol : unit.addresses_taken)
    lines.push_back({"address", symbol});
  if (!unit.any_caller.empty())
    lines.push_back({"any-caller", unit.any_caller});
  return lines;
}

bool read_parameter_line(std::vector<std::string> &f, UnitSummary &unit) {
  if (f.empty())
    return false;
  const std::string_view kind = f[0]; // compared by length first
  if (kind == "param" && f.size() >= 4) {
    unit.parameters.push_back({std::move(f[1]), std::move(f[2]), std::move(f[3])});
  } else if (kind == "param-of" && f.size() >= 6) {
    unit.parameters.push_back({parameter_key(f[1], summary_number(f[2])),
                               named_parameter(f[3], f[4]), std::move(f[5])});
  } else if (kind == "pcall" && f.size() >= 7) {
    ParameterCallSite call;
    call.caller = std::move(f[1]);
    call.callee = std::move(f[2]);
    call.callee_name = std::move(f[3]);
    call.location = take_location(f, 4);
    unit.calls.push_back(std::move(call));
  } else if (kind == "parg" && f.size() >= 3 && !unit.calls.empty()) {
    ArgumentSummary argument;
    argument.state = f[1] == "u"   ? ArgumentSummary::State::Uniform
                     : f[1] == "k" ? ArgumentSummary::State::DependsOn
                                   : ArgumentSummary::State::Differs;
    argument.reason = std::move(f[2]);
    argument.depends_on.assign(std::make_move_iterator(f.begin() + 3),
                               std::make_move_iterator(f.end()));
    unit.calls.back().arguments.push_back(std::move(argument));
  } else if (kind == "site-on" && f.size() >= 3) {
    std::size_t i = (std::size_t)std::atol(f[1].c_str());
    if (i < unit.sites.size())
      unit.sites[i].depends_on.assign(std::make_move_iterator(f.begin() + 2),
                                      std::make_move_iterator(f.end()));
  } else if (kind == "address" && f.size() >= 2) {
    unit.addresses_taken.push_back(std::move(f[1]));
  } else if (kind == "any-caller" && f.size() >= 2) {
    unit.any_caller = std::move(f[1]);
  } else {
    return false;
  }
  return true;
}

} // namespace parcoach
