// Hand-built augmented CFGs (core/parallelism_words.h) for the tests of
// core/function_threads.h and core/thread_levels.h.
#ifndef PARCOACH_TESTS_THREAD_LEVEL_RECORDS_H
#define PARCOACH_TESTS_THREAD_LEVEL_RECORDS_H

#include "parallelism_words.h"

#include <vector>

namespace thread_level_records {

// The thesis' figure 2.4(b): parallel (2), single nowait (3) around an MPI
// call (4), single (5) around an MPI call (6); 7 and 8 end the singles, 9
// is the second's barrier, 10 ends the parallel region, 12 is the exit.
// With `barrier_between', the first single keeps its barrier (node 11,
// between 7 and 5).  Both calls are collectives on "world" unless changed.
inline parcoach::ThreadModel two_singles(bool barrier_between) {
  using namespace parcoach;
  ThreadModel m;
  for (int i = 0; i <= 12; ++i)
    m.add_node();
  m.cfg.entry = 0;
  m.cfg.exit = 12;
  std::vector<NodeId> path{0, 1, 2, 3, 4, 7};
  if (barrier_between)
    path.push_back(11);
  for (NodeId n : {5, 6, 8, 9, 10, 12})
    path.push_back(n);
  for (std::size_t i = 1; i < path.size(); ++i)
    m.cfg.add_edge(path[i - 1], path[i]);
  m.steps[2] = OmpStep::OpenParallel;
  m.steps[3] = m.steps[5] = OmpStep::OpenSingle;
  m.steps[7] = m.steps[8] = OmpStep::CloseMonothreaded;
  m.steps[9] = m.steps[11] = OmpStep::Barrier;
  m.steps[10] = OmpStep::CloseParallel;
  m.mpi_call[4] = m.mpi_call[6] = true;
  m.collective[4] = m.collective[6] = true;
  m.communicator[4] = m.communicator[6] = "world";
  return m;
}

} // namespace thread_level_records

#endif
