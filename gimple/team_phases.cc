#include "team_phases.h"

#include <set>
#include <vector>

namespace parcoach {

namespace {

// The statements after which every thread of the team waits for all the
// others: an explicit barrier, or the end of a worksharing construct of
// this team without `nowait'.
bool is_team_barrier(const gimple *stmt, const OmpRegions &regions, int team) {
  if (const gcall *call = dyn_cast<const gcall *>(stmt)) {
    tree callee = gimple_call_fndecl(call);
    return callee && DECL_NAME(callee) &&
           strcmp(IDENTIFIER_POINTER(DECL_NAME(callee)), "__builtin_GOMP_barrier") == 0;
  }
  if (gimple_code(stmt) != GIMPLE_OMP_RETURN || gimple_omp_return_nowait_p(stmt))
    return false;
  int region = regions.region_closed_by(stmt);
  if (region < 0 || regions.regions[region].team != team)
    return false;
  switch (gimple_code(regions.regions[region].directive)) {
  case GIMPLE_OMP_FOR: case GIMPLE_OMP_SECTIONS: case GIMPLE_OMP_SINGLE:
    return true;
  default:
    return false;
  }
}

} // namespace

bool TeamPhases::may_overlap(const gimple *a, const gimple *b) const {
  auto sa = stretch.find(a), sb = stretch.find(b);
  if (!usable || sa == stretch.end() || sb == stretch.end())
    return true;
  const std::set<int> &pa = phases_of_stretch[sa->second], &pb = phases_of_stretch[sb->second];
  // A stretch no phase start reaches (the region's start not found):
  // anything may run beside it.
  bool shared = pa.empty() || pb.empty();
  for (int phase : pa)
    shared |= pb.count(phase) > 0;
  if (!shared)
    return false;
  auto wa = waited_single.find(a), wb = waited_single.find(b);
  if (wa != waited_single.end() && wb != waited_single.end() && wa->second >= 0 &&
      wa->second == wb->second)
    return false; // one thread runs the instance of the single holding both
  auto ma = master_only.find(a), mb = master_only.find(b);
  bool both_master = ma != master_only.end() && ma->second && mb != master_only.end() && mb->second;
  return !both_master; // the master thread runs its statements one after another
}

TeamPhases find_team_phases(function *fun, const OmpRegions &regions, int team) {
  TeamPhases result;
  if (team < 0 || team >= (int)regions.regions.size() ||
      gimple_code(regions.regions[team].directive) != GIMPLE_OMP_PARALLEL)
    return result;
  // Another outlined region inside: its threads or tasks run elsewhere.
  for (std::size_t r = 0; r < regions.regions.size(); ++r) {
    if ((int)r == team)
      continue;
    for (int up = regions.regions[r].parent; up >= 0; up = regions.regions[up].parent)
      if (up == team) {
        if (is_outlined_directive(regions.regions[r].directive))
          return result;
        break;
      }
  }
  auto master_region = [&](int region) {
    for (int r = region; r >= 0 && r != team; r = regions.regions[r].parent)
      if (gimple_code(regions.regions[r].directive) == GIMPLE_OMP_MASTER ||
          gcc_compat::masked_runs_on_thread_zero(regions.regions[r].directive))
        return true;
    return false;
  };
  // The single regions of this team that end with a barrier.
  std::set<int> waited;
  for (const auto &ret : regions.returns)
    if (ret.second >= 0 && ret.second < (int)regions.regions.size() &&
        !gimple_omp_return_nowait_p(ret.first) &&
        gimple_code(regions.regions[ret.second].directive) == GIMPLE_OMP_SINGLE &&
        regions.regions[ret.second].team == team)
      waited.insert(ret.second);
  auto waited_single = [&](int region) {
    for (int r = region; r >= 0 && r != team; r = regions.regions[r].parent)
      if (waited.count(r))
        return r;
    return -1;
  };
  // One stretch per block start and per barrier; the last stretch of a
  // block flows into the first of each successor in the team.  A phase
  // starts at the region's first block and after each barrier.
  int stretches = 0;
  std::map<int, int> first_of, last_of;
  std::vector<int> starts;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    if (bb->index >= (int)regions.region_at_block.size() || regions.team_of_block(bb->index) != team)
      continue;
    int current = stretches++;
    first_of[bb->index] = current;
    if (single_pred_p(bb) && last_stmt(single_pred(bb)) == regions.regions[team].directive)
      starts.push_back(current);
    bool master = master_region(regions.region_at_block[bb->index]);
    int single = waited_single(regions.region_at_block[bb->index]);
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      result.stretch[stmt] = current;
      result.master_only[stmt] = master;
      result.waited_single[stmt] = single;
      if (is_team_barrier(stmt, regions, team)) {
        current = stretches++;
        starts.push_back(current);
      }
    }
    last_of[bb->index] = current;
  }
  std::vector<std::vector<int>> next(stretches);
  for (const auto &block : last_of) {
    basic_block from = BASIC_BLOCK_FOR_FN(fun, block.first);
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, from->succs) {
      auto to = first_of.find(e->dest->index);
      if (to != first_of.end())
        next[block.second].push_back(to->second);
    }
  }
  if (starts.empty() || starts.size() > 4096)
    return result;
  result.phases_of_stretch.assign(stretches, {});
  for (int phase : starts) {
    std::vector<int> work{phase};
    while (!work.empty()) {
      int x = work.back();
      work.pop_back();
      if (!result.phases_of_stretch[x].insert(phase).second)
        continue;
      work.insert(work.end(), next[x].begin(), next[x].end());
    }
  }
  result.usable = true;
  return result;
}

} // namespace parcoach
