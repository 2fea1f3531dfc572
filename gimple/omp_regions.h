// Where the OpenMP regions are, before OpenMP expansion: each directive
// (parallel, for, single, ...) ends its block and its region ends at a
// GIMPLE_OMP_RETURN.  Used by the MPI model (code that will be outlined)
// and by the OpenMP collective checker (which team a statement belongs to).
#ifndef PARCOACH_GIMPLE_OMP_REGIONS_H
#define PARCOACH_GIMPLE_OMP_REGIONS_H

#include "gcc_compat.h"

#include <map>
#include <vector>

namespace parcoach {

struct OmpRegion {
  gimple *directive;
  int parent;      // enclosing region, or -1
  int team;        // innermost enclosing (or own) parallel/task/target/teams
                   // region: its body runs in a child function
};

struct OmpRegions {
  std::vector<OmpRegion> regions;
  // Per block index: the innermost region open at the block's start, or -1.
  std::vector<int> region_at_block;
  // The region each GIMPLE_OMP_RETURN closes, by statement.
  std::map<const gimple *, int> returns;

  // The team region a block's code runs in, or -1 (the function's own
  // thread).
  int team_of_block(int index) const {
    int region = region_at_block[index];
    return region < 0 ? -1 : regions[region].team;
  }
  int region_closed_by(const gimple *omp_return) const;
};

// Directives whose body GCC moves into a child function.
bool is_outlined_directive(const gimple *stmt);

OmpRegions find_omp_regions(function *fun);

} // namespace parcoach

#endif
