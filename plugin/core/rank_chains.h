// Exhaustive chains of rank tests.  A program written for a fixed number
// of processes often gives each rank its own branch:
//
//   if (rank == 0) { ... MPI_Bcast } else if (rank == 1) { ... MPI_Bcast }
//
// Run with two processes, every process calls MPI_Bcast; run with three,
// rank 2 takes the way out of the chain and the others wait.  Algorithm 12
// rightly flags the calls for an unknown number of processes.  This module
// says which flagged collectives would not be flagged if the tested
// communicator had no more processes than the chain names ranks (0..k-1,
// k >= 2): the way out of the chain is then taken by nobody.  The unit
// step keeps their run-time checks (which stop a run with more processes)
// but does not warn: the program is correct as its author runs it.
#ifndef PARCOACH_CORE_RANK_CHAINS_H
#define PARCOACH_CORE_RANK_CHAINS_H

#include "collective_summaries.h"

#include <map>
#include <set>
#include <vector>

namespace parcoach {

// A conditional that compares the calling process's rank in one
// communicator with integer constants: `rank == c', `rank != c', or a
// switch on the rank.
struct RankTest {
  NodeId node = -1;     // the conditional
  int communicator = 0; // tests of the same communicator share the number
  // The successor taken when the rank equals each constant.
  std::vector<std::pair<long long, NodeId>> cases;
  // The successor taken when it equals none of them.
  NodeId otherwise = -1;
};

// The collectives of `flagged' (nodes of the original model, as
// flagged_by_origin gives them) that Algorithm 12 no longer flags on
// `expanded' once, for each tested communicator whose tests name exactly
// the ranks 0..k-1 (k >= 2), the edges only a rank >= k can take are
// removed.
std::set<NodeId> flagged_only_beyond_tested_ranks(const ExpandedModel &expanded,
                                                  const std::vector<RankTest> &tests,
                                                  const std::map<NodeId, FlaggedCollective> &flagged);

// For each communicator, the number k of ranks its tests name when they
// name exactly 0..k-1 with k >= 2 (what the chains assume of its size),
// else 0.
std::map<int, long long> ranks_named_by_tests(const std::vector<RankTest> &tests);

} // namespace parcoach

#endif
