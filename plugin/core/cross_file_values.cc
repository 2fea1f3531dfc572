#include "cross_file_values.h"

#include "cross_file_parameters.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace parcoach {

namespace {

// The unit with the results of the functions of other files taken as the
// same on every process, except those of `differing' (the statements
// storing them still read the calls' arguments: a result of arguments that
// differ differs).  Only the process dimension changes.
std::vector<ValueFlowFunction> assuming_uniform_results(const std::vector<ValueFlowFunction> &unit,
                                                        const std::string &differing) {
  std::vector<ValueFlowFunction> copy = unit;
  for (ValueFlowFunction &function : copy)
    for (ValueFlowFact &fact : function.facts)
      if (!fact.external_result.empty() && fact.external_result != differing)
        fact.differs_between_processes = false;
  assume_parameters_uniform(copy, differing);
  return copy;
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

std::string quoted_list(const std::vector<std::string> &names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i ? ", '" : "'") + names[i] + "'";
  return text;
}

} // namespace

DeferredValues defer_external_results(const std::vector<ValueFlowFunction> &unit,
                                      const std::vector<std::vector<BranchVerdict>> &verdicts,
                                      const std::vector<ResultVerdict> &results,
                                      int max_separate_solves,
                                      const std::vector<std::vector<std::vector<ArgumentVerdict>>>
                                          *arguments) {
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

  std::map<std::string, std::string> name_of; // the functions of other files
  for (const ValueFlowFunction &function : unit)
    for (const ValueFlowFact &fact : function.facts)
      if (!fact.external_result.empty() && fact.differs_between_processes)
        name_of.emplace(fact.external_result, printed_name(fact));
  add_parameter_keys(unit, name_of);
  // What the arguments of the probes are, for the link step
  // (cross_file_parameters.h): `optimistic_arguments' with every key
  // uniform, `alone_arguments' by key.
  std::vector<std::vector<std::vector<ArgumentVerdict>>> optimistic_arguments;
  std::map<std::string, std::vector<std::vector<std::vector<ArgumentVerdict>>>> alone_arguments;
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
            alone[entry.first] = at(entry.second).may_differ_between_processes;
          out.arguments[r][c].push_back(summarise_argument(
              (*arguments)[r][c][a], at(optimistic_arguments), alone, name_of));
        }
    }
  };
  if (name_of.empty()) {
    summarise_arguments();
    return out;
  }
  out.names = name_of;

  // Which verdicts differ only through those results.
  std::vector<ResultVerdict> optimistic_results;
  std::vector<std::vector<BranchVerdict>> optimistic = solve_value_flow(
      assuming_uniform_results(unit, ""), arguments ? &optimistic_arguments : nullptr,
      &optimistic_results);
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
    return out;
  }
  out.any = !branches.empty() || !functions.empty();

  // Which results each depends on: one solve per function of another file,
  // only its results differing (a value differs iff one of its sources
  // reaches it, so the sources tell apart exactly).  Past the bound, all.
  std::vector<std::set<std::string>> branch_sets(branches.size()), function_sets(functions.size());
  bool separately = (int)name_of.size() <= max_separate_solves;
  for (const auto &entry : name_of) {
    if (!separately) {
      for (auto &set : branch_sets)
        set.insert(entry.first);
      for (auto &set : function_sets)
        set.insert(entry.first);
      continue;
    }
    std::vector<ResultVerdict> alone_results;
    std::vector<std::vector<BranchVerdict>> alone = solve_value_flow(
        assuming_uniform_results(unit, entry.first),
        arguments_deferred ? &alone_arguments[entry.first] : nullptr, &alone_results);
    for (std::size_t i = 0; i < branches.size(); ++i)
      if (alone[branches[i].first][branches[i].second].may_differ_between_processes)
        branch_sets[i].insert(entry.first);
    for (std::size_t i = 0; i < functions.size(); ++i)
      if (alone_results[functions[i]].may_differ_between_processes)
        function_sets[i].insert(entry.first);
  }
  for (std::size_t i = 0; i < branches.size(); ++i) {
    std::size_t r = branches[i].first, j = branches[i].second;
    std::vector<std::string> symbols(branch_sets[i].begin(), branch_sets[i].end());
    std::vector<std::string> names;
    for (const std::string &symbol : symbols)
      names.push_back(name_of[symbol]);
    BranchVerdict &verdict = out.verdicts[r][j];
    verdict.may_differ_between_processes = false;
    verdict.reason = "the link step decides it: it depends only on the result of " +
                     quoted_list(names) + ", of another file";
    out.branch_depends_on[r][j] = symbols;
  }
  for (std::size_t i = 0; i < functions.size(); ++i) {
    out.result_may_differ[functions[i]] = false;
    out.result_depends_on[functions[i]].assign(function_sets[i].begin(), function_sets[i].end());
  }
  summarise_arguments();
  return out;
}

std::map<std::string, ResultJudgement> judge_results(const std::vector<UnitSummary> &units) {
  std::map<std::string, ResultJudgement> judged;
  std::map<std::string, std::set<std::string>> depends_on;
  std::map<std::string, bool> own;
  for (const UnitSummary &unit : units)
    for (const ResultSummary &result : unit.results) {
      ResultJudgement &j = judged[result.symbol];
      if (j.name.empty()) {
        j.name = result.name;
        j.file = result.file;
      }
      // A C++ inline function has a summary in each unit defining it:
      // any of them saying "may differ" wins.
      bool &differs = own[result.symbol];
      if (result.may_differ && !differs)
        j.reason = result.reason;
      differs |= result.may_differ;
      depends_on[result.symbol].insert(result.depends_on.begin(), result.depends_on.end());
    }
  judge_parameters(units, judged, own, depends_on);
  // Least fixpoint: nothing differs, then what depends on a result that
  // differs (or that no summary describes) differs.
  for (auto &entry : judged)
    entry.second.may_differ = own[entry.first];
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &entry : judged) {
      if (entry.second.may_differ)
        continue;
      for (const std::string &callee : depends_on[entry.first]) {
        auto found = judged.find(callee);
        if (found != judged.end() && !found->second.may_differ)
          continue;
        entry.second.may_differ = true;
        entry.second.reason =
            found == judged.end()
                ? "it depends on the result of '" + callee +
                      "', which was not compiled with PARCOACH"
                : is_parameter_key(callee)
                ? "it depends on " + found->second.name + " (" + found->second.file + ")"
                : "it depends on the result of '" + found->second.name + "' (" +
                      found->second.file + ")";
        changed = true;
        break;
      }
    }
  }
  return judged;
}

std::vector<DeferredFinding> judge_deferred_sites(const std::vector<UnitSummary> &units,
                                                  bool *judged) {
  std::map<std::string, ResultJudgement> results = judge_results(units);
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

namespace {

std::string where(const SourceLocation &location) {
  std::string text = location.file + ":" + std::to_string(location.line);
  if (location.column > 0)
    text += ":" + std::to_string(location.column);
  return text;
}

} // namespace

std::string format_deferred_finding(const DeferredFinding &finding, bool as_error) {
  const DeferredSite &site = finding.site;
  std::set<int> lines;
  for (const RelatedLocation &related : site.related)
    lines.insert(related.location.line);
  std::string line_list;
  for (int l : lines)
    line_list += (line_list.empty() ? "" : ", ") + std::to_string(l);
  bool several = lines.size() > 1;
  std::string because = std::string("because of the ") +
                        (several ? "conditionals at lines " : "conditional at line ") + line_list;
  bool call = site.collective.empty();
  std::string runs;
  for (const std::string &collective : site.runs)
    runs += (runs.empty() ? "" : ", ") + collective;
  std::ostringstream out;
  if (!site.function.empty())
    out << site.location.file << ": In function '" << site.function << "':\n";
  out << where(site.location) << ": " << (as_error ? "error" : "warning") << ": ";
  if (call)
    out << "this call to '" << site.callee << "' runs MPI collectives (" << runs
        << ") that not all processes may run, or not in the same order, " << because;
  else
    out << "'" << site.collective << "' may not be called by all processes of its "
        << "communicator, or not in the same order, " << because;
  out << " [parcoach:collective-mismatch]\n";
  std::string what = call ? "make the call to '" + site.callee + "'" : "run '" + site.collective + "'";
  for (const RelatedLocation &related : site.related) {
    out << where(related.location) << ": note: ";
    if (related.role == "loop-exit")
      out << "processes may leave this loop after different numbers of iterations, and so "
          << what << " (line " << site.location.line << ") a different number of times\n";
    else
      out << "processes may take different branches here, and then not all of them " << what
          << " (line " << site.location.line << ") at the same point\n";
  }
  out << where(site.location) << ": note: the " << (several ? "conditionals depend" : "conditional depends")
      << (is_parameter_key(finding.because) ? " on " + finding.because_name
                                             : " on the result of '" + finding.because_name + "'");
  if (!finding.known)
    out << ", which was not compiled with PARCOACH: it may differ between processes\n";
  else
    out << " (" << finding.judgement.file << "), which may differ between processes: "
        << (finding.judgement.reason.compare(0, 7, "depends") == 0 ? "it " : "")
        << finding.judgement.reason << "\n";
  return out.str();
}

} // namespace parcoach
