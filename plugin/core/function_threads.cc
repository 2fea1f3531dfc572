#include "function_threads.h"

#include <algorithm>

namespace parcoach {

namespace {

// A monothreaded word whose innermost region is a single, section, task or
// master one written in the function (or the context's): the calls Lemma
// 5 may pair (also once a team calls the function: its orphaned regions
// then belong to that team).
bool in_monothreaded_region(const ParallelismWord &word) {
  return is_monothreaded(word) && std::any_of(word.begin(), word.end(), [](const WordLetter &l) {
           return l.letter == Letter::Single || l.letter == Letter::Master;
         });
}

bool opens_monothreaded_region(OmpStep step) {
  switch (step) {
  case OmpStep::OpenSingle: case OmpStep::OpenSection: case OmpStep::OpenTask:
  case OmpStep::OpenMaster: case OmpStep::OpenMasked: case OmpStep::OpenThreadZero:
  case OmpStep::OpenOneThread:
  case OmpStep::OpenCritical: case OmpStep::OpenOrdered:
    return true;
  default: return false;
  }
}

} // namespace

bool exposes_callers_threads(const ParallelismWord &word) {
  for (const WordLetter &letter : word) {
    if (letter.directive < 0 || letter.letter == Letter::Barrier)
      continue;
    return letter.letter == Letter::Parallel;
  }
  return true;
}

FunctionThreadPlan plan_function_threads(const FunctionThreads &function) {
  const ThreadModel &model = function.model;
  const WordResult &words = function.words;
  NodeId nodes = static_cast<NodeId>(model.cfg.size());
  FunctionThreadPlan plan;
  std::set<NodeId> sides;
  for (NodeId node = 0; node < nodes; ++node) {
    if (!model.mpi_call[node] || !words.reached[node])
      continue;
    const ParallelismWord &word = words.words[node];
    // Several threads calling a collective at once is erroneous on one
    // communicator; on one communicator per thread (or one that cannot be
    // named) it is a question of level only.
    if (model.collective[node] && !is_monothreaded(word) &&
        (std::size_t)node < function.shared_communicator.size() &&
        function.shared_communicator[node]) {
      plan.multithreaded_collectives.push_back(node);
      continue;
    }
    plan.level_calls.push_back(node);
    if (in_monothreaded_region(word))
      sides.insert(node);
  }
  for (NodeId node = 0; node < nodes; ++node)
    plan.exposes_directly |= model.collective[node] && words.reached[node] &&
                             exposes_callers_threads(words.words[node]);
  for (const auto &call : function.unit_calls) {
    if (!words.reached[call.first])
      continue;
    const ParallelismWord &word = words.words[call.first];
    plan.unit_calls.push_back(call.first);
    if (exposes_callers_threads(word))
      plan.exposing_callees.push_back(call.second);
    // With arguments that differ between threads, the threads may run the
    // callee's collectives on communicators of their own: a question of
    // thread level only (as for a collective on comms[t] written in
    // place), never a stop.
    if (!is_monothreaded(word) && !function.thread_varying_calls.count(call.first))
      plan.multithreaded_unit_calls.push_back(call.first);
    if (in_monothreaded_region(word))
      sides.insert(call.first);
  }
  for (NodeId node = 0; node < nodes; ++node)
    if (model.steps[node] == OmpStep::Barrier && words.reached[node] &&
        relative_letters(words.words[node]).find('P') == std::string::npos)
      plan.orphaned_barriers.push_back(node);
  plan.concurrency_sides.assign(sides.begin(), sides.end());
  if (!sides.empty())
    for (NodeId node = 0; node < nodes; ++node)
      if (opens_monothreaded_region(model.steps[node]))
        plan.region_directives.push_back(node);
  return plan;
}

std::vector<TeamChecks> plan_team_marks(const FunctionThreads &function,
                                        const std::vector<NodeId> &calls) {
  const ThreadModel &model = function.model;
  const WordResult &words = function.words;
  std::map<NodeId, std::vector<NodeId>> calls_of_team; // by the team's P
  for (NodeId call : calls) {
    ParallelismWord team = openmp_team(words.words[call]);
    if (!team.empty() && team.back().directive >= 0 &&
        (std::size_t)team.back().directive < function.forks_team.size() &&
        function.forks_team[team.back().directive])
      calls_of_team[team.back().directive].push_back(call);
  }
  std::vector<TeamChecks> teams;
  NodeId nodes = static_cast<NodeId>(model.cfg.size());
  for (const auto &team_calls : calls_of_team) {
    ParallelismWord team = openmp_team(words.words[team_calls.second.front()]);
    TeamChecks checks;
    checks.parallel = team_calls.first;
    bool markable = true;
    for (NodeId node = 0; node < nodes; ++node)
      if (model.steps[node] == OmpStep::Barrier && words.reached[node] &&
          without_barriers(words.words[node]) == team) {
        markable &= (std::size_t)node < function.markable.size() && function.markable[node];
        checks.barriers.push_back(node);
      }
    if (!markable)
      continue;
    // A taskwait orders the tasks its thread created before it: the
    // regions of those tasks no longer count against what follows.
    for (NodeId node = 0; node < nodes; ++node)
      if (model.steps[node] == OmpStep::TaskWait && words.reached[node] &&
          openmp_team(words.words[node]) == team)
        checks.taskwaits.push_back(node);
    checks.calls = team_calls.second;
    teams.push_back(std::move(checks));
  }
  return teams;
}

ConcurrencyCheckPlan plan_concurrency_checks(const FunctionThreads &function,
                                             const std::vector<NodeId> &sides,
                                             const std::set<NodeId> &unit_call_nodes) {
  const ThreadModel &model = function.model;
  const WordResult &words = function.words;
  ConcurrencyCheckPlan plan;
  for (const ConcurrentCalls &pair : concurrent_calls(model, words, sides)) {
    plan.paired_with[pair.first].insert(pair.second);
    plan.paired_with[pair.second].insert(pair.first);
    if (!unit_call_nodes.count(pair.first) && !unit_call_nodes.count(pair.second))
      plan.certain.insert({pair.first, pair.second});
  }
  std::vector<NodeId> checked;
  for (const auto &entry : plan.paired_with)
    checked.push_back(entry.first);
  plan.teams = plan_team_marks(function, checked);
  return plan;
}

} // namespace parcoach
