#include "parallelism_words.h"

#include "graph_utils.h"

#include <algorithm>
#include <set>
#include <utility>

namespace parcoach {

namespace {

// The letters that count for thread levels: P, S and M (not B nor T).
bool is_region_letter(Letter letter) {
  return letter != Letter::Barrier && letter != Letter::Target;
}

// The innermost region letter of a word, or nullptr.
const WordLetter *innermost_region(const ParallelismWord &word) {
  for (auto it = word.rbegin(); it != word.rend(); ++it)
    if (is_region_letter(it->letter))
      return &*it;
  return nullptr;
}

// What opened the region of a letter: its directive's step, or for the
// calling context's letters the kind the context stands for.
OmpStep region_kind(const ThreadModel &model, const WordLetter &l) {
  if (l.directive >= 0 && l.directive < (NodeId)model.steps.size())
    return model.steps[l.directive];
  switch (l.letter) {
  case Letter::Parallel: return OmpStep::OpenParallel;
  case Letter::Master: return OmpStep::OpenMaster;
  case Letter::Target: return OmpStep::OpenTarget;
  default: return OmpStep::OpenSingle; // a single, section or task
  }
}

// The regions a step at the end of `word' is closely nested in (those
// after the last parallel or target region), thread tests left out;
// `bound_to_target': that last one is a target region.
std::vector<OmpStep> closely_enclosing(const ThreadModel &model, const ParallelismWord &word,
                                       bool *bound_to_target = nullptr) {
  std::vector<OmpStep> enclosing;
  if (bound_to_target)
    *bound_to_target = false;
  for (auto it = word.rbegin(); it != word.rend(); ++it) {
    if (it->letter == Letter::Barrier)
      continue;
    if (it->letter == Letter::Parallel || it->letter == Letter::Target) {
      if (bound_to_target)
        *bound_to_target = it->letter == Letter::Target;
      break;
    }
    OmpStep kind = region_kind(model, *it);
    if (kind != OmpStep::OpenThreadZero && kind != OmpStep::OpenOneThread)
      enclosing.insert(enclosing.begin(), kind);
  }
  return enclosing;
}

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

// A region a CloseMonothreaded ends: anything but a parallel region.
bool is_monothreaded_region_letter(const WordLetter &l) {
  return l.letter != Letter::Barrier && l.letter != Letter::Parallel;
}

// Algorithm 3 for one node: the word after its step, or false when OpenMP
// forbids the step here (the word is then left unchanged).
bool apply_step(const ThreadModel &model, OmpStep step, NodeId node, NodeId opener,
                ParallelismWord &word) {
  bool in_target = false;
  std::vector<OmpStep> enclosing = closely_enclosing(model, word, &in_target);
  switch (step) {
  case OmpStep::None: case OmpStep::TaskWait: case OmpStep::OpenTaskgroup:
  case OmpStep::CloseTaskgroup:
    return true;
  case OmpStep::OpenParallel:
    word.push_back({Letter::Parallel, node});
    return true;
  case OmpStep::OpenTarget:
    word.push_back({Letter::Target, node});
    return true;
  case OmpStep::OpenTask: case OmpStep::OpenCritical: case OmpStep::OpenSection:
  case OmpStep::OpenOneThread:
    word.push_back({Letter::Single, node});
    return true;
  case OmpStep::OpenThreadZero:
    word.push_back({Letter::Master, node});
    return true;
  case OmpStep::OpenWorksharing:
    return nesting_allowed(step, enclosing);
  case OmpStep::OpenSingle: case OmpStep::OpenOrdered: case OmpStep::OpenMasked:
    if (!nesting_allowed(step, enclosing))
      return false;
    word.push_back({Letter::Single, node});
    return true;
  case OmpStep::OpenMaster:
    if (!nesting_allowed(step, enclosing))
      return false;
    word.push_back({Letter::Master, node});
    return true;
  case OmpStep::Barrier:
    if (!nesting_allowed(step, enclosing))
      return false;
    // A barrier bound to a target region's own implicit team of one
    // orders nothing of the team around it.
    if (!in_target)
      word.push_back({Letter::Barrier, node});
    return true;
  case OmpStep::CloseParallel:
    return pop_down_to(word, [opener](const WordLetter &l) {
      return l.letter == Letter::Parallel && (opener < 0 || l.directive == opener);
    });
  case OmpStep::CloseMonothreaded:
    if (opener >= 0)
      return pop_down_to(word, [opener](const WordLetter &l) {
        return is_monothreaded_region_letter(l) && l.directive == opener;
      });
    for (auto it = word.rbegin(); it != word.rend(); ++it)
      if (it->letter != Letter::Barrier) {
        if (it->letter == Letter::Parallel)
          return false; // nothing monothreaded open
        break;
      }
    return pop_down_to(word, is_monothreaded_region_letter);
  }
  return true;
}

} // namespace

bool nesting_allowed(OmpStep step, const std::vector<OmpStep> &enclosing) {
  auto inside_any = [&enclosing](std::initializer_list<OmpStep> kinds) {
    for (OmpStep around : enclosing)
      for (OmpStep kind : kinds)
        if (around == kind)
          return true;
    return false;
  };
  switch (step) {
  case OmpStep::OpenWorksharing: case OmpStep::OpenSingle: case OmpStep::Barrier:
    return !inside_any({OmpStep::OpenSingle, OmpStep::OpenSection, OmpStep::OpenTask,
                        OmpStep::OpenCritical, OmpStep::OpenOrdered, OmpStep::OpenMaster,
                        OmpStep::OpenMasked});
  case OmpStep::OpenMaster: case OmpStep::OpenMasked:
    return !inside_any({OmpStep::OpenSingle, OmpStep::OpenSection, OmpStep::OpenTask});
  case OmpStep::OpenOrdered:
    return !inside_any({OmpStep::OpenCritical, OmpStep::OpenOrdered, OmpStep::OpenTask});
  default:
    return true;
  }
}

bool dependences_order(const std::vector<TaskDependence> &a, const std::vector<TaskDependence> &b) {
  for (const TaskDependence &x : a)
    for (const TaskDependence &y : b)
      if (x.item >= 0 && x.item == y.item &&
          !(x.type == DependType::In && y.type == DependType::In) &&
          !(x.type == DependType::InOutSet && y.type == DependType::InOutSet))
        return true;
  return false;
}

bool dependences_order_instances(const std::vector<TaskDependence> &clauses) {
  for (const TaskDependence &clause : clauses)
    if (clause.item >= 0 && clause.fixed_storage && clause.type == DependType::Out)
      return true;
  return false;
}

bool may_share_communicator(const std::string &a, const std::string &b) {
  if (a.empty() || b.empty())
    return true;
  return a == b && a[0] != '?';
}

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
  exclusion.push_back(-1);
  communicator.emplace_back();
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
  std::vector<bool> invalid(count, false), transparent(count, false);
  auto visit = [&](NodeId node, const ParallelismWord &incoming) {
    result.reached[node] = true;
    ParallelismWord word = incoming;
    NodeId opener = model.opener[node];
    // The end of an ignored directive, or of a thread test that adds
    // nothing, changes nothing.
    bool ignored = opener >= 0 && (invalid[opener] || transparent[opener]);
    const WordLetter *inner = innermost_region(word);
    if (ignored) {
    } else if ((model.steps[node] == OmpStep::OpenThreadZero ||
                model.steps[node] == OmpStep::OpenOneThread) &&
               inner &&
               inner->letter != Letter::Parallel) {
      // Already one thread (the lowering's own test of a master region,
      // a test in a single or task): the region that orders it is the
      // enclosing one.
      transparent[node] = true;
    } else if (!apply_step(model, model.steps[node], node, opener, word)) {
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
    } else if (is_region_letter(l.letter)) {
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

// The nodes of a region's body: reached from its directive without passing
// one of its ends (OpenMP regions have one entry).
std::vector<bool> region_body(const ThreadModel &model, NodeId directive) {
  std::vector<bool> inside(model.cfg.size(), false);
  std::vector<NodeId> work(model.cfg.succs(directive).begin(), model.cfg.succs(directive).end());
  while (!work.empty()) {
    NodeId node = work.back();
    work.pop_back();
    if (inside[node] || model.opener[node] == directive)
      continue;
    inside[node] = true;
    for (NodeId next : model.cfg.succs(node))
      work.push_back(next);
  }
  return inside;
}

// A walk of the threads of `team' from a node: how far they can go before
// a barrier of that team (or the team's end).
struct Walk {
  const ParallelismWord *team;
  // For a walk from a task's directive: the task, and the word of the code
  // that created it, whose taskwaits (and the ends of the taskgroups around
  // the task) wait for it.
  NodeId task = -1;
  const ParallelismWord *task_creator = nullptr;
  // >= 0: only what follows leaving this region (passing its directive
  // again or one of its ends) counts as reached: within one instance of
  // it, the target is ordered otherwise (sibling tasks' dependences).
  NodeId leaving = -1;
};

// Whether a thread can go from `from' to `to' (or back to `from' itself,
// when equal) along at least one edge without passing a barrier of the
// team or leaving it.
bool reaches_without_barrier(const ThreadModel &model, const WordResult &words,
                             const std::vector<bool> &passes_barrier, const Walk &walk,
                             NodeId from, NodeId to) {
  std::size_t count = model.cfg.size();
  // Two states per node: before and after leaving `walk.leaving'.
  std::vector<bool> seen(2 * count, false);
  std::map<NodeId, std::vector<bool>> taskgroup_bodies;
  auto inside_taskgroup = [&](NodeId group) {
    auto found = taskgroup_bodies.find(group);
    if (found == taskgroup_bodies.end())
      found = taskgroup_bodies.emplace(group, region_body(model, group)).first;
    return found->second[walk.task];
  };
  bool must_leave = walk.leaving >= 0;
  std::vector<std::pair<NodeId, bool>> work;
  for (NodeId next : model.cfg.succs(from))
    work.push_back({next, !must_leave});
  while (!work.empty()) {
    NodeId node = work.back().first;
    bool left = work.back().second;
    work.pop_back();
    if (!left && (node == walk.leaving || model.opener[node] == walk.leaving))
      left = true;
    std::size_t state = node + (left ? count : 0);
    if (seen[state] || !words.reached[node])
      continue;
    seen[state] = true;
    if (node == to && left)
      return true;
    OmpStep step = model.steps[node];
    ParallelismWord regions = without_barriers(words.words[node]);
    bool barrier = step == OmpStep::Barrier ||
                   (node < (NodeId)passes_barrier.size() && passes_barrier[node]);
    if (barrier && regions == *walk.team)
      continue; // every thread of the team waits here
    if (step == OmpStep::TaskWait && walk.task_creator && regions == *walk.task_creator)
      continue; // the creator waits for the task here
    if (step == OmpStep::CloseTaskgroup && walk.task >= 0 && model.opener[node] >= 0 &&
        inside_taskgroup(model.opener[node]))
      continue; // the end of a taskgroup the task was created in
    if (step == OmpStep::CloseParallel && regions.size() < walk.team->size())
      continue; // the team ends
    for (NodeId next : model.cfg.succs(node))
      work.push_back({next, left});
  }
  return false;
}

// The exclusion numbers of the regions around the end of `word' (up to
// the nearest parallel, target or task region: a task runs later, outside
// what was open where it was created).
std::set<int> exclusions_of(const ThreadModel &model, const ParallelismWord &word) {
  std::set<int> numbers;
  for (auto it = word.rbegin(); it != word.rend(); ++it) {
    if (it->letter == Letter::Barrier)
      continue;
    if (it->letter == Letter::Parallel || it->letter == Letter::Target || it->directive < 0)
      break;
    if (model.exclusion[it->directive] >= 0)
      numbers.insert(model.exclusion[it->directive]);
    if (model.steps[it->directive] == OmpStep::OpenTask)
      break;
  }
  return numbers;
}

// The creating region of a task is run by one thread per instance: tasks
// every thread creates are siblings of their own thread's only.
bool siblings(const WordResult &words, NodeId a, NodeId b) {
  ParallelismWord creator = team_of(words.words[a]);
  return creator == team_of(words.words[b]) && !creator.empty() &&
         creator.back().letter != Letter::Parallel;
}

// Whether every path between `a' and `b', either way, passes `c'.
bool always_between(const Graph &cfg, NodeId a, NodeId b, NodeId c) {
  std::vector<bool> blocked(cfg.size(), false);
  blocked[c] = true;
  return !reachable_from(cfg, a, false, blocked)[b] && !reachable_from(cfg, b, false, blocked)[a];
}

// The pairs of sibling task directives (smaller first) that dependences
// order: directly, or through a chain of siblings, each created on every
// path between the two it links.
std::set<std::pair<NodeId, NodeId>> dependence_ordered_tasks(const ThreadModel &model,
                                                             const WordResult &words) {
  std::vector<NodeId> tasks;
  for (const auto &task : model.dependences)
    if (words.reached[task.first] && model.steps[task.first] == OmpStep::OpenTask)
      tasks.push_back(task.first);
  std::set<std::pair<NodeId, NodeId>> ordered;
  auto is_ordered = [&ordered](NodeId a, NodeId b) {
    return ordered.count({std::min(a, b), std::max(a, b)}) != 0;
  };
  for (std::size_t i = 0; i < tasks.size(); ++i)
    for (std::size_t j = i + 1; j < tasks.size(); ++j)
      if (siblings(words, tasks[i], tasks[j]) &&
          dependences_order(model.dependences.at(tasks[i]), model.dependences.at(tasks[j])))
        ordered.insert({tasks[i], tasks[j]});
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < tasks.size(); ++i)
      for (std::size_t j = i + 1; j < tasks.size(); ++j) {
        NodeId a = tasks[i], b = tasks[j];
        if (is_ordered(a, b) || !siblings(words, a, b))
          continue;
        for (NodeId c : tasks)
          if (c != a && c != b && is_ordered(a, c) && is_ordered(c, b) &&
              always_between(model.cfg, a, b, c)) {
            ordered.insert({a, b});
            changed = true;
            break;
          }
      }
  }
  return ordered;
}

// Whether a node with this word is inside the region of `directive'.
bool within(const ParallelismWord &word, NodeId directive) {
  for (const WordLetter &letter : word)
    if (letter.directive == directive)
      return true;
  return false;
}

const std::vector<TaskDependence> &dependences_of(const ThreadModel &model, NodeId task) {
  static const std::vector<TaskDependence> none;
  auto found = model.dependences.find(task);
  return found == model.dependences.end() ? none : found->second;
}

bool intersect(const std::set<int> &a, const std::set<int> &b) {
  for (int x : a)
    if (b.count(x))
      return true;
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
    std::set<int> exclusions;
    bool is_task;
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
      NodeId directive = inner->directive;
      regions.push_back({team, *inner, {}, exclusions_of(model, words.words[directive]),
                         model.steps[directive] == OmpStep::OpenTask});
      found = &regions.back();
    }
    found->calls.push_back(node);
  }
  std::vector<ConcurrentCalls> result;
  std::set<std::pair<NodeId, NodeId>> found;
  auto add_pair = [&](const Region &a, NodeId x, const Region &b, NodeId y) {
    if (!may_share_communicator(model.communicator[x], model.communicator[y]))
      return;
    std::pair<NodeId, NodeId> key{std::min(x, y), std::max(x, y)};
    if (found.insert(key).second)
      result.push_back({key.first, key.second, x <= y ? a.letter.directive : b.letter.directive,
                        x <= y ? b.letter.directive : a.letter.directive});
  };
  auto add_pairs = [&](const Region &a, const Region &b) {
    for (NodeId x : a.calls)
      for (NodeId y : b.calls)
        if (&a != &b || x <= y)
          add_pair(a, x, b, y);
  };
  // A walk from a region's directive; from a task's, it also stops where its
  // creator waits for it.
  auto walk_from = [](const Region &r, const ParallelismWord &team) {
    Walk walk{&team};
    if (r.is_task) {
      walk.task = r.letter.directive;
      walk.task_creator = &r.team;
    }
    return walk;
  };
  // Two sibling tasks that their dependences order, when one instance of
  // their creating region creates both: only a path that leaves that
  // region (another instance, maybe another thread) makes them concurrent.
  // The creating region must be monothreaded: tasks every thread creates
  // are siblings of their own thread's only.
  std::set<std::pair<NodeId, NodeId>> ordered_tasks = dependence_ordered_tasks(model, words);
  auto sibling_order = [&ordered_tasks](const Region &a, const Region &b) -> NodeId {
    NodeId x = a.letter.directive, y = b.letter.directive;
    if (!a.is_task || !b.is_task || !ordered_tasks.count({std::min(x, y), std::max(x, y)}))
      return -2;
    return a.team.back().directive; // -1: the context's region, never left
  };
  auto concurrent = [&](const Region &a, const Region &b, const ParallelismWord &team,
                        NodeId to_in_b) {
    Walk walk = walk_from(a, team);
    NodeId creator = sibling_order(a, b);
    if (creator != -2) {
      if (creator < 0)
        return false;
      walk.leaving = creator;
    } else if (a.is_task && within(words.words[to_in_b], a.letter.directive)) {
      // A call of a's own body (in a task a creates, say): a's instance
      // made it itself, so only another instance of a makes them
      // concurrent.
      walk.leaving = a.letter.directive;
    }
    return reaches_without_barrier(model, words, passes_barrier, walk, a.letter.directive,
                                   to_in_b);
  };
  // One region run again by another thread before this one leaves it.  A
  // task whose dependences order its instances, created by one thread in
  // a loop, is met again by that thread within the same instance of the
  // creating region: only a path leaving that region (another instance,
  // maybe another thread) counts, as for sibling tasks.
  auto concurrent_with_itself = [&](const Region &a) {
    Walk walk = walk_from(a, a.team);
    if (a.is_task && dependences_order_instances(dependences_of(model, a.letter.directive))) {
      NodeId creator = a.team.back().directive;
      if (creator < 0)
        return false; // the context's region, never left
      walk.leaving = creator;
    }
    return reaches_without_barrier(model, words, passes_barrier, walk, a.letter.directive,
                                   a.letter.directive);
  };
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const Region &a = regions[i];
    // One region run by two threads: a task every thread of the team
    // creates, or a single met again in a loop by another thread.  Not
    // regions that exclude each other (a critical region, the ordered
    // region of a loop).
    OmpStep opened_by = model.steps[a.letter.directive];
    bool task_of_every_thread = a.is_task && a.team.back().letter == Letter::Parallel;
    if (a.exclusions.empty() &&
        (task_of_every_thread ||
         (a.letter.letter != Letter::Master && opened_by != OmpStep::OpenSection &&
          opened_by != OmpStep::OpenMasked && opened_by != OmpStep::OpenOneThread &&
          concurrent_with_itself(a))))
      add_pairs(a, a);
    for (std::size_t j = i + 1; j < regions.size(); ++j) {
      const Region &b = regions[j];
      if (a.team != b.team ||
          (a.letter.letter == Letter::Master && b.letter.letter == Letter::Master) ||
          intersect(a.exclusions, b.exclusions))
        continue;
      if (concurrent(a, b, a.team, b.letter.directive) ||
          concurrent(b, a, a.team, a.letter.directive))
        add_pairs(a, b);
    }
  }
  // A task may run on any thread of its OpenMP team while the thread that
  // created it goes on: its calls are concurrent with every monothreaded
  // call of that team that can follow its creation before a barrier (the
  // rest of the single or master region that created it, the regions
  // after it), unless they exclude each other or dependences order them.
  for (const Region &task : regions) {
    if (!task.is_task)
      continue;
    ParallelismWord team = openmp_team(task.team);
    if (team.empty())
      continue;
    for (const Region &other : regions)
      for (NodeId y : other.calls) {
        if (&other == &task || openmp_team(words.words[y]) != team ||
            intersect(task.exclusions, other.exclusions) ||
            !concurrent(task, other, team, y))
          continue;
        for (NodeId x : task.calls)
          add_pair(task, x, other, y);
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
