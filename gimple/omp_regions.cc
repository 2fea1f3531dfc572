#include "omp_regions.h"

#include <utility>

namespace parcoach {

namespace {

// Statements that open a region closed by a GIMPLE_OMP_RETURN.  The
// stand-alone directives lowered to the same codes have no body and no
// GIMPLE_OMP_RETURN: `taskwait depend(...)' (a task), `ordered
// depend(...)', `target update', `target enter/exit data' and OpenACC's
// data movements; the data regions (`target data') have none either.
bool opens_omp_region(const gimple *stmt) {
  switch (gimple_code(stmt)) {
  case GIMPLE_OMP_TASK:
    return !gimple_omp_task_taskwait_p(stmt);
  case GIMPLE_OMP_ORDERED:
    return !omp_find_clause(gimple_omp_ordered_clauses(as_a<const gomp_ordered *>(stmt)),
                            OMP_CLAUSE_DEPEND);
  case GIMPLE_OMP_TARGET:
    // A `target data' region has no GIMPLE_OMP_RETURN either: lowering
    // ends it with a call to GOMP_target_end_data.
    return is_gimple_omp_offloaded(stmt);
  case GIMPLE_OMP_PARALLEL:
  case GIMPLE_OMP_TEAMS: case GIMPLE_OMP_FOR: case GIMPLE_OMP_SECTIONS:
  case GIMPLE_OMP_SECTION: case GIMPLE_OMP_SINGLE: case GIMPLE_OMP_MASTER:
  case GIMPLE_OMP_MASKED:
  case GIMPLE_OMP_CRITICAL: case GIMPLE_OMP_SCOPE: case GIMPLE_OMP_SCAN:
    return true;
  case GIMPLE_OMP_TASKGROUP:
    // GCC 11 lowers a taskgroup without a GIMPLE_OMP_RETURN of its own
    // (its end is the call to GOMP_taskgroup_end).
    return BUILDING_GCC_MAJOR >= 12;
  default:
    return false;
  }
}

} // namespace

bool is_outlined_directive(const gimple *stmt) {
  switch (gimple_code(stmt)) {
  case GIMPLE_OMP_TARGET:
    // The body of `target data' stays in the function.
    return is_gimple_omp_offloaded(stmt);
  case GIMPLE_OMP_PARALLEL: case GIMPLE_OMP_TASK: case GIMPLE_OMP_TEAMS:
    return true;
  default:
    return false;
  }
}

int OmpRegions::region_closed_by(const gimple *omp_return) const {
  auto found = returns.find(omp_return);
  return found == returns.end() ? -1 : found->second;
}

// A walk from the entry carrying the innermost open region; regions are
// single-entry, so the first path to reach a block tells its region.
OmpRegions find_omp_regions(function *fun) {
  OmpRegions result;
  int count = last_basic_block_for_fn(fun);
  result.region_at_block.assign(count, -1);
  std::vector<bool> seen(count, false);
  std::vector<std::pair<basic_block, int>> work;
  work.push_back({single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun)), -1});
  while (!work.empty()) {
    basic_block bb = work.back().first;
    int open = work.back().second;
    work.pop_back();
    if (bb == EXIT_BLOCK_PTR_FOR_FN(fun) || seen[bb->index])
      continue;
    seen[bb->index] = true;
    result.region_at_block[bb->index] = open;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (opens_omp_region(stmt)) {
        int id = static_cast<int>(result.regions.size());
        int team = is_outlined_directive(stmt) ? id : (open < 0 ? -1 : result.regions[open].team);
        result.regions.push_back({stmt, open, team});
        open = id;
      } else if (gimple_code(stmt) == GIMPLE_OMP_RETURN && open >= 0) {
        result.returns.emplace(stmt, open);
        open = result.regions[open].parent;
      }
    }
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs)
      work.push_back({e->dest, open});
  }
  return result;
}

} // namespace parcoach
