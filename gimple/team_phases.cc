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

// The block copying the lastprivate variables of worksharing loop
// `region' out (OpenMP 5.2, 5.4.5), or null.  Lowering puts after the loop
//   if (i == <end>) { <the copies> }
// where i is the loop's own index and only the thread that ran the last
// iteration holds the end value: one thread runs the block.
basic_block lastprivate_copy_out(function *fun, const OmpRegions &regions, int region) {
  const gimple *directive = regions.regions[region].directive;
  if (gimple_code(directive) != GIMPLE_OMP_FOR ||
      gimple_omp_for_kind(directive) != GF_OMP_FOR_KIND_FOR)
    return nullptr;
  tree index = gimple_omp_for_index(directive, 0);
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    gimple *last = last_stmt(bb);
    if (!last || gimple_code(last) != GIMPLE_OMP_CONTINUE ||
        regions.region_at_block[bb->index] != region || !bb->next_bb)
      continue;
    // The loop's exit, then the copies' test.
    basic_block exit = bb->next_bb;
    gcond *test = safe_dyn_cast<gcond *>(last_stmt(exit));
    if (!test || gimple_cond_code(test) != EQ_EXPR ||
        !operand_equal_p(gimple_cond_lhs(test), index, 0))
      return nullptr;
    edge true_edge, false_edge;
    extract_true_false_edges_from_block(exit, &true_edge, &false_edge);
    basic_block copies = true_edge->dest;
    if (!single_pred_p(copies) || !single_succ_p(copies) ||
        regions.region_at_block[copies->index] != region)
      return nullptr;
    return copies;
  }
  return nullptr;
}

// A task region's team is the task itself; the team it was created in is
// its parent's.
int creating_team(const OmpRegions &regions, int task) {
  int parent = regions.regions[task].parent;
  return parent < 0 ? -1 : regions.regions[parent].team;
}

bool is_task(const OmpRegions &regions, int region) {
  return gimple_code(regions.regions[region].directive) == GIMPLE_OMP_TASK;
}

} // namespace

bool runs_in_team(const OmpRegions &regions, int index, int team) {
  if (index < 0 || index >= (int)regions.region_at_block.size())
    return false;
  int own = regions.team_of_block(index);
  while (own >= 0 && own != team && is_task(regions, own))
    own = creating_team(regions, own);
  return own >= 0 && own == team;
}

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
  // Another team inside (not a task): its threads run elsewhere.
  for (std::size_t r = 0; r < regions.regions.size(); ++r) {
    if ((int)r == team)
      continue;
    for (int up = regions.regions[r].parent; up >= 0; up = regions.regions[up].parent)
      if (up == team) {
        if (is_outlined_directive(regions.regions[r].directive) && !is_task(regions, r))
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
  // The single regions of this team that end with a barrier; the
  // lastprivate copies of its worksharing loops that end with one.
  std::set<int> waited;
  std::map<int, int> copy_out_of_block;
  for (const auto &ret : regions.returns) {
    if (ret.second < 0 || ret.second >= (int)regions.regions.size() ||
        gimple_omp_return_nowait_p(ret.first) || regions.regions[ret.second].team != team)
      continue;
    if (gimple_code(regions.regions[ret.second].directive) == GIMPLE_OMP_SINGLE)
      waited.insert(ret.second);
    if (basic_block copies = lastprivate_copy_out(fun, regions, ret.second))
      copy_out_of_block[copies->index] = ret.second;
  }
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
    if (!runs_in_team(regions, bb->index, team))
      continue;
    int current = stretches++;
    first_of[bb->index] = current;
    if (single_pred_p(bb) && last_stmt(single_pred(bb)) == regions.regions[team].directive)
      starts.push_back(current);
    // A task's body runs where its directive is (the CFG goes through it
    // from there), on any thread.
    bool in_task = regions.team_of_block(bb->index) != team;
    bool master = !in_task && master_region(regions.region_at_block[bb->index]);
    int single = in_task ? -1 : waited_single(regions.region_at_block[bb->index]);
    auto copy_out = copy_out_of_block.find(bb->index);
    if (copy_out != copy_out_of_block.end())
      single = copy_out->second;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      result.stretch[stmt] = current;
      result.master_only[stmt] = master;
      result.waited_single[stmt] = single;
      if (!in_task && is_team_barrier(stmt, regions, team)) {
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
