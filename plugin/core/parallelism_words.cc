#include "parallelism_words.h"

#include "graph_utils.h"

#include <algorithm>
#include <set>
#include <utility>

namespace parcoach {

namespace {

bool is_region_letter(Letter letter) { return letter != Letter::Barrier; }

// The innermost region letter of a word, or nullptr.
const WordLetter *innermost_region(const ParallelismWord &word) {
  for (auto it = word.rbegin(); it != word.rend(); ++it)
    if (is_region_letter(it->letter))
      return &*it;
  return nullptr;
}

bool inside_monothreaded(const ParallelismWord &word) {
  const WordLetter *inner = innermost_region(word);
  return inner && inner->letter != Letter::Parallel;
}

// Algorithm 3 for one node: the word after its step, or false when OpenMP
// forbids the step here (the word is then left unchanged).
// Pops the letters of `word' down to and including the last one that
// satisfies `is_opener'; false when there is none.
template <typename Pred> bool pop_down_to(ParallelismWord &word, Pred is_opener) {
  for (std::size_t size = word.size(); size > 0; --size)
    if (is_opener(word[size - 1])) {
      word.resize(size - 1);
      return true;
    }
  return false;
}

bool apply_step(OmpStep step, NodeId node, NodeId opener, ParallelismWord &word) {
  const WordLetter *inner = innermost_region(word);
  switch (step) {
  case OmpStep::None:
    return true;
  case OmpStep::OpenParallel:
    word.push_back({Letter::Parallel, node});
    return true;
  case OmpStep::OpenTask:
    word.push_back({Letter::Single, node});
    return true;
  case OmpStep::OpenWorksharing:
    // for, sections, single: not closely nested in single, master or task.
    return !inside_monothreaded(word);
  case OmpStep::OpenSingle:
  case OmpStep::OpenSection:
    if (inside_monothreaded(word))
      return false;
    word.push_back({Letter::Single, node});
    return true;
  case OmpStep::OpenMaster:
  case OmpStep::OpenMasked:
    if (inner && inner->letter == Letter::Single)
      return false;
    word.push_back({step == OmpStep::OpenMaster ? Letter::Master : Letter::Single, node});
    return true;
  case OmpStep::TaskWait:
    return true;
  case OmpStep::Barrier:
    if (inside_monothreaded(word))
      return false;
    word.push_back({Letter::Barrier, node});
    return true;
  case OmpStep::CloseParallel:
    return pop_down_to(word, [opener](const WordLetter &l) {
      return l.letter == Letter::Parallel && (opener < 0 || l.directive == opener);
    });
  case OmpStep::CloseMonothreaded:
    if (opener >= 0)
      return pop_down_to(word, [opener](const WordLetter &l) {
        return is_region_letter(l.letter) && l.letter != Letter::Parallel &&
               l.directive == opener;
      });
    if (!inside_monothreaded(word))
      return false;
    return pop_down_to(word, [](const WordLetter &l) { return is_region_letter(l.letter); });
  }
  return true;
}

} // namespace

ParallelismWord without_barriers(const ParallelismWord &word) {
  ParallelismWord out;
  for (const WordLetter &l : word)
    if (is_region_letter(l.letter))
      out.push_back(l);
  return out;
}

NodeId ThreadModel::add_node(OmpStep step, NodeId opened_by) {
  NodeId id = cfg.add_node();
  steps.push_back(step);
  opener.push_back(opened_by);
  mpi_call.push_back(false);
  collective.push_back(false);
  return id;
}

std::string spell(const ParallelismWord &word) {
  std::string text;
  for (const WordLetter &l : word)
    text += static_cast<char>(l.letter);
  return text;
}

ParallelismWord context_word(CallContext context) {
  switch (context) {
  case CallContext::Sequential: return {};
  case CallContext::Parallel: return {{Letter::Parallel, -1}};
  case CallContext::Single: return {{Letter::Parallel, -1}, {Letter::Single, -1}};
  case CallContext::Master: return {{Letter::Parallel, -1}, {Letter::Master, -1}};
  }
  return {};
}

WordResult parallelism_words(const ThreadModel &model, const ParallelismWord &context) {
  WordResult result;
  std::size_t count = model.cfg.size();
  result.words.assign(count, {});
  result.reached.assign(count, false);
  if (model.cfg.entry < 0)
    return result;
  // An explicit stack: functions may be huge.
  std::vector<NodeId> stack;
  std::vector<bool> invalid(count, false);
  auto visit = [&](NodeId node, const ParallelismWord &incoming) {
    result.reached[node] = true;
    ParallelismWord word = incoming;
    NodeId opener = model.opener[node];
    bool ignored = opener >= 0 && invalid[opener]; // the end of an ignored directive
    if (!ignored && !apply_step(model.steps[node], node, opener, word)) {
      invalid[node] = true;
      result.invalid_nestings.push_back(node);
    }
    result.words[node] = std::move(word);
    stack.push_back(node);
  };
  visit(model.cfg.entry, context);
  while (!stack.empty()) {
    NodeId node = stack.back();
    stack.pop_back();
    for (NodeId next : model.cfg.succs(node))
      if (!result.reached[next])
        visit(next, result.words[node]);
  }
  return result;
}

bool is_monothreaded(const ParallelismWord &word) {
  bool open_parallel = false; // a P not yet followed by S or M
  for (const WordLetter &l : word) {
    if (l.letter == Letter::Parallel) {
      if (open_parallel)
        return false; // P B* P: nested teams
      open_parallel = true;
    } else if (l.letter != Letter::Barrier) {
      open_parallel = false;
    }
  }
  return !open_parallel;
}

namespace {

// The region letters that can involve another thread than the initial
// one: orphaned single, master or task regions met before any parallel
// region run in the initial thread's own team of one.
ParallelismWord threaded_regions(const ParallelismWord &word) {
  ParallelismWord regions = without_barriers(word);
  auto first_parallel = regions.begin();
  while (first_parallel != regions.end() && first_parallel->letter != Letter::Parallel)
    ++first_parallel;
  regions.erase(regions.begin(), first_parallel);
  return regions;
}

} // namespace

ThreadLevel required_level(const ParallelismWord &word) {
  ParallelismWord regions = threaded_regions(word);
  if (regions.empty())
    return ThreadLevel::Single;
  if (!is_monothreaded(regions))
    return ThreadLevel::Multiple;
  for (const WordLetter &l : regions)
    if (l.letter == Letter::Single)
      return ThreadLevel::Serialized;
  return ThreadLevel::Funneled;
}

const char *level_name(ThreadLevel level) {
  switch (level) {
  case ThreadLevel::Single: return "MPI_THREAD_SINGLE";
  case ThreadLevel::Funneled: return "MPI_THREAD_FUNNELED";
  case ThreadLevel::Serialized: return "MPI_THREAD_SERIALIZED";
  case ThreadLevel::Multiple: return "MPI_THREAD_MULTIPLE";
  }
  return "MPI_THREAD_MULTIPLE";
}

std::vector<NodeId> responsible_directives(const ParallelismWord &word, ThreadLevel allowed) {
  ParallelismWord regions = threaded_regions(word);
  std::vector<NodeId> blamed;
  auto blame = [&blamed](const WordLetter &l) {
    if (l.directive >= 0)
      blamed.push_back(l.directive);
  };
  if (!is_monothreaded(regions)) {
    // The parallel regions every thread of whose team runs the call.
    for (std::size_t i = 0; i < regions.size(); ++i)
      if (regions[i].letter == Letter::Parallel &&
          (i + 1 == regions.size() || regions[i + 1].letter == Letter::Parallel))
        blame(regions[i].directive >= 0 || i + 1 == regions.size() ? regions[i]
                                                                    : regions[i + 1]);
    return blamed;
  }
  for (const WordLetter &l : regions)
    if ((allowed == ThreadLevel::Single) ||
        (allowed == ThreadLevel::Funneled && l.letter == Letter::Single))
      blame(l);
  return blamed;
}

ParallelismWord openmp_team(const ParallelismWord &word) {
  ParallelismWord team = without_barriers(word);
  while (!team.empty() && team.back().letter != Letter::Parallel)
    team.pop_back();
  return team;
}

ParallelismWord team_of(const ParallelismWord &word) {
  ParallelismWord regions = without_barriers(word);
  if (!regions.empty())
    regions.pop_back();
  return regions;
}

namespace {

// Whether a thread of `team' can go from `from' to `to' (or back to
// `from' itself, when equal) along at least one edge without passing a
// barrier of that team or leaving it.
// `task_creator': for a walk from a task's directive, the word of the code
// that created it, whose taskwaits wait for the task.
bool reaches_without_barrier(const ThreadModel &model, const WordResult &words,
                             const std::vector<bool> &passes_barrier,
                             const ParallelismWord &team, NodeId from, NodeId to,
                             const ParallelismWord *task_creator = nullptr) {
  std::vector<bool> seen(model.cfg.size(), false);
  std::vector<NodeId> work(model.cfg.succs(from).begin(), model.cfg.succs(from).end());
  while (!work.empty()) {
    NodeId node = work.back();
    work.pop_back();
    if (seen[node] || !words.reached[node])
      continue;
    seen[node] = true;
    if (node == to)
      return true;
    OmpStep step = model.steps[node];
    ParallelismWord regions = without_barriers(words.words[node]);
    bool barrier = step == OmpStep::Barrier ||
                   (node < (NodeId)passes_barrier.size() && passes_barrier[node]);
    if (barrier && regions == team)
      continue; // every thread of the team waits here
    if (step == OmpStep::TaskWait && task_creator && regions == *task_creator)
      continue; // the creator waits for the task here
    if (step == OmpStep::CloseParallel && regions.size() < team.size())
      continue; // the team ends
    for (NodeId next : model.cfg.succs(node))
      work.push_back(next);
  }
  return false;
}

} // namespace

std::vector<ConcurrentCalls> concurrent_calls(const ThreadModel &model, const WordResult &words,
                                              const std::vector<NodeId> &nodes,
                                              const std::vector<bool> &passes_barrier) {
  // The calls by (team, innermost region).
  struct Region {
    ParallelismWord team;
    WordLetter letter;
    std::vector<NodeId> calls;
  };
  std::vector<Region> regions;
  for (NodeId node : nodes) {
    const WordLetter *inner = innermost_region(words.words[node]);
    if (!inner || inner->letter == Letter::Parallel || inner->directive < 0)
      continue; // multithreaded, or the context's region: nothing to order
    ParallelismWord team = team_of(words.words[node]);
    if (threaded_regions(team).empty())
      continue; // run by the initial thread alone
    Region *found = nullptr;
    for (Region &region : regions)
      if (region.letter == *inner && region.team == team)
        found = &region;
    if (!found) {
      regions.push_back({team, *inner, {}});
      found = &regions.back();
    }
    found->calls.push_back(node);
  }
  std::vector<ConcurrentCalls> result;
  auto add_pairs = [&](const Region &a, const Region &b) {
    for (NodeId x : a.calls)
      for (NodeId y : b.calls)
        if (&a != &b || x <= y)
          result.push_back({std::min(x, y), std::max(x, y),
                            x <= y ? a.letter.directive : b.letter.directive,
                            x <= y ? b.letter.directive : a.letter.directive});
  };
  // A walk from a task's directive also stops at its creator's taskwaits.
  auto creator_of = [&model](const Region &r) {
    return model.steps[r.letter.directive] == OmpStep::OpenTask ? &r.team : nullptr;
  };
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const Region &a = regions[i];
    // One region run by two threads: a task every thread of the team
    // creates, or a single met again in a loop by another thread.
    OmpStep opened_by = model.steps[a.letter.directive];
    bool task_of_every_thread = opened_by == OmpStep::OpenTask &&
                                a.team.back().letter == Letter::Parallel;
    if (task_of_every_thread ||
        (a.letter.letter != Letter::Master && opened_by != OmpStep::OpenSection &&
         opened_by != OmpStep::OpenMasked &&
         reaches_without_barrier(model, words, passes_barrier, a.team, a.letter.directive,
                                 a.letter.directive, creator_of(a))))
      add_pairs(a, a);
    for (std::size_t j = i + 1; j < regions.size(); ++j) {
      const Region &b = regions[j];
      if (a.team != b.team ||
          (a.letter.letter == Letter::Master && b.letter.letter == Letter::Master))
        continue;
      if (reaches_without_barrier(model, words, passes_barrier, a.team, a.letter.directive,
                                  b.letter.directive, creator_of(a)) ||
          reaches_without_barrier(model, words, passes_barrier, a.team, b.letter.directive,
                                  a.letter.directive, creator_of(b)))
        add_pairs(a, b);
    }
  }
  // A task may run on any thread of its OpenMP team while the thread that
  // created it goes on: its calls are concurrent with every monothreaded
  // call of that team that can follow its creation before a barrier (the
  // rest of the single or master region that created it, the regions
  // after it).  Calls in regions of the same level were paired above.
  std::set<std::pair<NodeId, NodeId>> found;
  for (const ConcurrentCalls &pair : result)
    found.insert({pair.first, pair.second});
  for (const Region &task : regions) {
    if (model.steps[task.letter.directive] != OmpStep::OpenTask)
      continue;
    ParallelismWord team = openmp_team(task.team);
    if (team.empty())
      continue;
    for (const Region &other : regions)
      for (NodeId y : other.calls) {
        if (&other == &task || openmp_team(words.words[y]) != team ||
            !reaches_without_barrier(model, words, passes_barrier, team, task.letter.directive,
                                     y, &task.team))
          continue;
        for (NodeId x : task.calls) {
          std::pair<NodeId, NodeId> key{std::min(x, y), std::max(x, y)};
          if (found.insert(key).second)
            result.push_back({key.first, key.second,
                              x <= y ? task.letter.directive : other.letter.directive,
                              x <= y ? other.letter.directive : task.letter.directive});
        }
      }
  }
  return result;
}

std::set<unsigned> functions_passing_barrier(const std::map<unsigned, BarrierPaths> &functions) {
  std::set<unsigned> passing;
  // Whether the exit is out of reach once barriers and calls to passing
  // functions block the way.
  auto passes = [&passing](const BarrierPaths &f) {
    if (!is_node(f.cfg, f.cfg.entry) || !is_node(f.cfg, f.cfg.exit))
      return false;
    std::vector<bool> blocked(f.cfg.size(), false);
    for (NodeId barrier : f.barriers)
      blocked[barrier] = true;
    for (const auto &call : f.calls)
      if (passing.count(call.second))
        blocked[call.first] = true;
    return !reachable_from(f.cfg, f.cfg.entry, false, blocked)[f.cfg.exit];
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto &function : functions)
      if (!passing.count(function.first) && passes(function.second))
        changed = passing.insert(function.first).second;
  }
  return passing;
}

std::string relative_letters(const ParallelismWord &word) {
  std::string letters;
  std::size_t i = 0;
  while (i < word.size() && word[i].directive < 0)
    ++i;
  for (; i < word.size(); ++i)
    if (is_region_letter(word[i].letter))
      letters += static_cast<char>(word[i].letter);
  return letters;
}

ParallelismWord extend_word(const ParallelismWord &word, const std::string &letters) {
  ParallelismWord out = word;
  for (char c : letters)
    out.push_back({static_cast<Letter>(c), -1});
  return out;
}

std::map<unsigned, std::vector<ReachedMpiCall>>
reached_mpi_calls(const std::map<unsigned, LevelSummaryInput> &functions) {
  std::map<unsigned, std::vector<ReachedMpiCall>> reached;
  std::map<unsigned, std::set<std::pair<std::string, bool>>> seen;
  auto add = [&](unsigned function, ReachedMpiCall call) {
    if (call.letters.size() > kMaxReachedLetters)
      call.letters = "PP";
    if (!seen[function].insert({call.letters, call.collective}).second)
      return false;
    reached[function].push_back(call);
    return true;
  };
  for (const auto &function : functions)
    for (const ReachedMpiCall &call : function.second.direct)
      add(function.first, call);
  // Words only grow and are bounded, so this ends; a few rounds suffice in
  // practice (one per level of the call graph).
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto &function : functions)
      for (const auto &call : function.second.calls) {
        auto callee = reached.find(call.second);
        if (callee == reached.end())
          continue;
        // Copy: `add' may grow the callee's own list (recursion).
        std::vector<ReachedMpiCall> inner = callee->second;
        for (ReachedMpiCall through : inner) {
          through.letters = call.first + through.letters;
          changed |= add(function.first, through);
        }
      }
  }
  return reached;
}

} // namespace parcoach
