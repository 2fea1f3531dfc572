#include "thread_levels.h"

#include "graph_utils.h"

#include <utility>

namespace parcoach {

ThreadLevel max_level(ThreadLevel a, ThreadLevel b) { return a < b ? b : a; }

namespace {

FunctionLevel *function_level(std::vector<FunctionLevel> &functions, unsigned uid) {
  for (FunctionLevel &function : functions)
    if (function.uid == uid)
      return &function;
  return nullptr;
}

// The functions whose callers' threads all run their collectives: a
// fixpoint over the calls made outside single, master and task regions.
std::set<unsigned> exposed_functions(const UnitThreadFacts &facts,
                                     const std::function<bool(unsigned)> &runs_collectives) {
  std::set<unsigned> direct;
  std::map<unsigned, std::vector<unsigned>> calls; // to callees that run collectives
  for (const auto &function : facts.exposure) {
    if (function.second.direct)
      direct.insert(function.first);
    for (unsigned callee : function.second.callees)
      if (runs_collectives(callee))
        calls[function.first].push_back(callee);
  }
  return callers_closure(direct, calls);
}

// Calls in a multithreaded context to functions that run collectives
// outside their own monothreaded regions: erroneous at every level.
void decide_multithreaded_calls(const UnitThreadFacts &facts,
                                const std::function<bool(unsigned)> &runs_collectives,
                                ThreadLevelVerdict &verdict) {
  std::set<unsigned> exposed = exposed_functions(facts, runs_collectives);
  for (std::size_t i = 0; i < facts.multithreaded_calls.size(); ++i) {
    const MultithreadedCall &call = facts.multithreaded_calls[i];
    if (!exposed.count(call.callee_uid))
      continue; // its candidate check is not kept
    if (call.silenced)
      continue; // the user's choice: no warning, no check
    if (call.tag >= 0)
      verdict.kept_checks.push_back(call.tag);
    verdict.erroneous_lines.insert(call.where.line);
    verdict.multithreaded_calls.push_back(i);
  }
}

// Each call to a function of the unit needs the highest level its callee's
// MPI calls need at the call's word (collectives several threads would run
// are left out: erroneous at every level, reported as such).  Gives each
// call site a LevelCall; returns, by call site, its index in
// verdict.calls, or -1 when the callee makes no MPI call.
std::vector<int> add_call_site_levels(const UnitThreadFacts &facts,
                                      std::vector<FunctionLevel> &functions,
                                      ThreadLevelVerdict &verdict) {
  std::map<unsigned, std::vector<ReachedMpiCall>> reached = reached_mpi_calls(facts.level_inputs);
  std::vector<int> call_of_site(facts.call_sites.size(), -1);
  for (std::size_t i = 0; i < facts.call_sites.size(); ++i) {
    const LevelCallSite &site = facts.call_sites[i];
    auto inner_calls = reached.find(site.callee);
    if (inner_calls == reached.end())
      continue;
    // The witness: the inner call needing the most, preferring one whose
    // need comes from this call's word (the others are warned where they
    // are written, in the callee).
    const ReachedMpiCall *witness = nullptr;
    ParallelismWord witness_word;
    ThreadLevel required = ThreadLevel::Single;
    bool raised_here = false;
    for (const ReachedMpiCall &inner : inner_calls->second) {
      ParallelismWord word = extend_word(site.word, inner.letters);
      if (inner.collective && !is_monothreaded(word))
        continue;
      ThreadLevel level = required_level(word);
      bool raised = level > required_level(extend_word({}, inner.letters));
      if (!witness || level > required || (level == required && raised && !raised_here)) {
        witness = &inner;
        witness_word = word;
        required = level;
        raised_here = raised;
      }
    }
    if (!witness)
      continue;
    LevelCall call;
    call.function_uid = site.caller;
    call.function = site.caller_name;
    call.call = site.callee_name;
    call.where = site.where;
    call.required = required;
    call.reported = !raised_here;
    call.through = witness->origin;
    for (ThreadLevel level : {ThreadLevel::Single, ThreadLevel::Funneled, ThreadLevel::Serialized})
      for (NodeId directive : responsible_directives(witness_word, level)) {
        auto note = site.directives.find(directive);
        if (note != site.directives.end())
          call.blamed[static_cast<int>(level)].push_back(note->second);
      }
    call_of_site[i] = static_cast<int>(verdict.calls.size());
    verdict.calls.push_back(call);
    if (FunctionLevel *caller = function_level(functions, site.caller))
      caller->required = max_level(caller->required, required);
  }
  return call_of_site;
}

// Two calls other threads may make at the same time need
// MPI_THREAD_MULTIPLE when both make MPI calls.
void require_multiple(LevelCall &call, int other_line) {
  call.required = ThreadLevel::Multiple;
  std::string line = std::to_string(other_line);
  if (call.concurrent_lines.find(line) == std::string::npos)
    call.concurrent_lines += (call.concurrent_lines.empty() ? "" : ", ") + line;
}

// The functions every thread of a team may call (directly in a parallel
// region, or from such a function outside its single and master regions),
// with one such call: their orphaned single, master and task regions bind
// to that team.
std::map<unsigned, const LevelCallSite *> functions_called_by_teams(const UnitThreadFacts &facts) {
  std::map<unsigned, const LevelCallSite *> called;
  for (bool changed = true; changed;) {
    changed = false;
    for (const LevelCallSite &site : facts.call_sites) {
      if (called.count(site.callee))
        continue;
      std::string letters = relative_letters(site.word);
      bool by_team = letters.empty() ? called.count(site.caller) > 0 : letters.back() == 'P';
      if (by_team) {
        called[site.callee] = &site;
        changed = true;
      }
    }
  }
  return called;
}

// Lemma 5 on each recorded function, now that it is known which calls pass
// a barrier of the calling team (a barrier in a callee orders regions like
// one written in place) and which functions teams call: the pairs of calls
// two threads may make at once.
std::vector<ConcurrentCallPair> concurrent_call_pairs(const UnitThreadFacts &facts) {
  std::set<unsigned> passing = functions_passing_barrier(facts.barrier_paths);
  std::map<unsigned, const LevelCallSite *> team_calls = functions_called_by_teams(facts);
  std::vector<ConcurrentCallPair> pairs;
  for (const ConcurrencyRecord &record : facts.concurrency) {
    // A function a team calls: its words as in a parallel region.
    const LevelCallSite *team_call = nullptr;
    WordResult team_words;
    const WordResult *words = &record.words;
    auto found_call = team_calls.find(record.uid);
    if (found_call != team_calls.end() && record.sequential_context) {
      team_call = found_call->second;
      team_words = parallelism_words(record.model, context_word(CallContext::Parallel));
      words = &team_words;
    }
    std::vector<NodeId> candidates;
    for (const auto &side : record.sides)
      candidates.push_back(side.first);
    std::vector<bool> passes_barrier(record.model.cfg.size(), false);
    for (const auto &call : record.callee_of)
      // A barrier reached from inside a single or master region would be
      // an OpenMP error, not an order.
      passes_barrier[call.first] = passing.count(call.second) &&
                                   !is_monothreaded(words->words[call.first]);
    for (const ConcurrentCalls &found :
         concurrent_calls(record.model, *words, candidates, passes_barrier)) {
      const ConcurrentCallSide &first = record.sides.at(found.first);
      const ConcurrentCallSide &second = record.sides.at(found.second);
      bool second_later = second.where.line >= first.where.line;
      ConcurrentCallPair pair;
      pair.function = record.function;
      pair.earlier = second_later ? first : second;
      pair.later = second_later ? second : first;
      pair.same_call = found.first == found.second;
      std::vector<NodeId> regions{found.first_region};
      if (found.second_region != found.first_region)
        regions.push_back(found.second_region);
      for (NodeId region : regions) {
        auto note = record.region_notes.find(region);
        if (note != record.region_notes.end())
          pair.regions.push_back(note->second);
      }
      NodeId later = second_later ? found.second : found.first;
      auto check = record.check_notes.find(later);
      if (check != record.check_notes.end())
        pair.check_note = check->second;
      for (NodeId side : {found.first, found.second}) {
        auto tag = record.check_tags.find(side);
        if (tag != record.check_tags.end())
          pair.check_tags.push_back(tag->second);
      }
      if (team_call) {
        pair.by_team = true;
        pair.team_call = team_call->where;
        pair.team_caller = team_call->caller_name;
      }
      pairs.push_back(pair);
    }
  }
  return pairs;
}

// Concurrent monothreaded regions: MPI calls there need
// MPI_THREAD_MULTIPLE, and collectives there are erroneous (one order on
// every process), whether written in place or run by called functions.
void decide_concurrent_calls(const UnitThreadFacts &facts,
                             const std::function<bool(unsigned)> &runs_collectives,
                             const std::vector<int> &call_of_site,
                             std::vector<FunctionLevel> &functions, ThreadLevelVerdict &verdict) {
  for (const ConcurrentCallPair &pair : concurrent_call_pairs(facts)) {
    // The LevelCall of a side, or null when it makes no MPI call.
    auto level_call = [&](const ConcurrentCallSide &side) -> LevelCall * {
      if (side.callee_uid == 0)
        return &verdict.calls[side.record];
      int call = call_of_site[side.record];
      return call < 0 ? nullptr : &verdict.calls[call];
    };
    LevelCall *earlier_call = level_call(pair.earlier), *later_call = level_call(pair.later);
    if (earlier_call && later_call) {
      require_multiple(*earlier_call, pair.later.where.line);
      require_multiple(*later_call, pair.earlier.where.line);
      // A call's concurrency is this call site's own finding.
      for (const ConcurrentCallSide *side : {&pair.earlier, &pair.later})
        if (side->callee_uid)
          level_call(*side)->reported = false;
      for (const LevelCall *call : {earlier_call, later_call})
        if (FunctionLevel *function = function_level(functions, call->function_uid))
          function->required = ThreadLevel::Multiple;
    }
    auto runs = [&](const ConcurrentCallSide &side) {
      return side.callee_uid == 0 ? side.collective : runs_collectives(side.callee_uid);
    };
    if (!runs(pair.earlier) || !runs(pair.later))
      continue;
    // Reported as concurrent collectives: not again as a level problem.
    if (earlier_call && later_call)
      earlier_call->reported = later_call->reported = true;
    if (pair.later.silenced)
      continue; // the user's choice: no warning, no check
    for (int tag : pair.check_tags)
      if (tag >= 0)
        verdict.kept_checks.push_back(tag);
    verdict.concurrent_collectives.push_back(pair);
  }
}

// The requested level, the calls it does not allow, and what to say at
// each MPI_Init*.
void decide_levels(const UnitThreadFacts &facts, const std::vector<FunctionLevel> &functions,
                   const LevelRequestOptions &options, ThreadLevelVerdict &verdict) {
  bool known = options.level_given;
  ThreadLevel requested = options.level;
  if (!known)
    for (const InitCall &init : facts.inits)
      if (init.level >= 0) {
        requested = known ? max_level(requested, static_cast<ThreadLevel>(init.level))
                          : static_cast<ThreadLevel>(init.level);
        known = true;
      }
  ThreadLevel required = ThreadLevel::Single;
  for (const LevelCall &call : verdict.calls)
    required = max_level(required, call.required);
  verdict.level_known = known;
  verdict.requested = requested;
  verdict.required = required;
  verdict.asked = known ? requested : ThreadLevel::Single;
  if (known)
    for (std::size_t i = 0; i < verdict.calls.size(); ++i) {
      const LevelCall &call = verdict.calls[i];
      if (call.reported || call.required <= requested)
        continue;
      LevelReason reason = !call.concurrent_lines.empty() ? LevelReason::ConcurrentCall
                           : call.required == ThreadLevel::Multiple ? LevelReason::SeveralThreads
                           : requested == ThreadLevel::Single ? LevelReason::InParallelRegion
                                                              : LevelReason::NotMainThread;
      verdict.level_warnings.push_back({i, reason});
    }
  for (std::size_t i = 0; i < verdict.calls.size(); ++i)
    if (verdict.calls[i].required == required)
      verdict.needing_required.push_back(i);
  // The level a correct file needs is news only to who asks for it: those
  // notes stand alone (no warning to explain), so they wait for verbose.
  bool erroneous = !verdict.erroneous_lines.empty();
  bool inform_levels = options.verbose || erroneous;
  for (const InitCall &init : facts.inits) {
    InitVerdict said = InitVerdict::Quiet;
    if (!known && init.thread)
      said = inform_levels ? InitVerdict::UnreadableLevel : InitVerdict::Quiet;
    else if (required > verdict.asked)
      said = InitVerdict::Insufficient;
    else if (inform_levels &&
             (required > ThreadLevel::Single || verdict.asked > required || erroneous))
      said = InitVerdict::Sufficient;
    verdict.inits.push_back(said);
  }
  if (facts.inits.empty() && inform_levels)
    for (std::size_t i = 0; i < functions.size(); ++i)
      if (functions[i].required > ThreadLevel::Single)
        verdict.function_notes.push_back(i);
}

} // namespace

std::set<unsigned> called_by_several_threads(const std::vector<LevelCallSite> &call_sites) {
  std::set<unsigned> several;
  for (bool grew = true; grew;) {
    grew = false;
    for (const LevelCallSite &site : call_sites) {
      if (several.count(site.callee))
        continue;
      // A parallel region not followed by single or master; in a function
      // several threads run, also no region at all (barriers aside).
      bool in_region = false;
      for (const WordLetter &letter : site.word)
        in_region |= letter.letter == Letter::Parallel || letter.letter == Letter::Single ||
                     letter.letter == Letter::Master;
      if (!is_monothreaded(site.word) || (!in_region && several.count(site.caller))) {
        several.insert(site.callee);
        grew = true;
      }
    }
  }
  return several;
}

ThreadLevelVerdict decide_thread_levels(const UnitThreadFacts &facts,
                                        const std::function<bool(unsigned)> &runs_collectives,
                                        const LevelRequestOptions &options) {
  ThreadLevelVerdict verdict;
  verdict.calls = facts.calls;
  verdict.erroneous_lines = facts.erroneous_lines;
  std::vector<FunctionLevel> functions = facts.functions;
  decide_multithreaded_calls(facts, runs_collectives, verdict);
  std::vector<int> call_of_site = add_call_site_levels(facts, functions, verdict);
  decide_concurrent_calls(facts, runs_collectives, call_of_site, functions, verdict);
  decide_levels(facts, functions, options, verdict);
  verdict.functions = std::move(functions);
  return verdict;
}

} // namespace parcoach
