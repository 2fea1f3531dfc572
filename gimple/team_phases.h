// Barrier phases of an OpenMP team (issue 14): the stretches of a parallel
// region between two barriers (explicit `#pragma omp barrier', the
// implicit barrier ending a worksharing construct without `nowait', the
// start and the end of the region).  Two statements of the team may run
// at the same time in different threads only if some phase holds both;
// a shared variable that no thread writes in a phase where another reads
// it holds, at each read, what every thread of the team reads there.
//
// A statement belongs to every phase that starts (at a barrier, or at
// the region's start) before it with a barrier-free path to it; two
// statements may run at once if they share a phase.  A task's body runs
// in the phase its directive is in (the team's next barrier waits for
// it), on any thread: its statements belong to the phases of the
// directive, outside single and master instances.  Conservative where it
// cannot tell: a region holding another team (a nested parallel, teams,
// target) has no phases (TeamPhases::usable); barriers in callees are not
// seen (the phases around them are one).
#ifndef PARCOACH_GIMPLE_TEAM_PHASES_H
#define PARCOACH_GIMPLE_TEAM_PHASES_H

#include "gcc_compat.h"
#include "omp_regions.h"

#include <map>
#include <set>
#include <vector>

namespace parcoach {

struct TeamPhases {
  bool usable = false;
  // By statement of the team: its stretch (the barrier-free piece of
  // its block it lies in), and whether only the master thread runs it
  // (inside `#pragma omp master'); by stretch, the phases it belongs to.
  std::map<const gimple *, int> stretch;
  std::vector<std::set<int>> phases_of_stretch;
  std::map<const gimple *, bool> master_only;
  // By statement of the team: the `single' region (without `nowait') it
  // lies in, or the worksharing loop (without `nowait') whose lastprivate
  // copies it makes, or -1.  One thread runs an instance of it, and the
  // barrier ending it keeps two instances apart.
  std::map<const gimple *, int> waited_single;

  // Statements `a' and `b' (of the team) may run at the same time in two
  // different threads.
  bool may_overlap(const gimple *a, const gimple *b) const;
};

// Block `index' runs in team region `team': its own code, or the body of
// a task (a task in a task...) the team creates.
bool runs_in_team(const OmpRegions &regions, int index, int team);

// The phases of team region `team' (a parallel region) of `fun'.
TeamPhases find_team_phases(function *fun, const OmpRegions &regions, int team);

} // namespace parcoach

#endif
