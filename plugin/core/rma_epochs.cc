#include "rma_epochs.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <tuple>

namespace parcoach {

namespace {

// What is certain about one window at a program point, over every path
// reaching it.
struct WindowState {
  bool reached = false;  // some path reaches the point (else: the top)
  // Created here, and no synchronization that could open an epoch (nor an
  // escape) since, on every path.
  bool no_epoch_since_creation = false;
  int creation_site = -1;
  // An epoch opened and not closed since, on every path: its opener.
  bool epoch_open = false;
  RmaEventKind opener = RmaEventKind::Lock;
  int opener_site = -1;
};

WindowState meet(const WindowState &a, const WindowState &b) {
  if (!a.reached)
    return b;
  if (!b.reached)
    return a;
  WindowState m = a;
  m.no_epoch_since_creation = a.no_epoch_since_creation && b.no_epoch_since_creation;
  if (m.no_epoch_since_creation)
    m.creation_site = std::min(a.creation_site, b.creation_site);
  m.epoch_open = a.epoch_open && b.epoch_open;
  if (m.epoch_open && b.opener_site < a.opener_site) {
    m.opener = b.opener;
    m.opener_site = b.opener_site;
  }
  return m;
}

bool same(const WindowState &a, const WindowState &b) {
  return std::tie(a.reached, a.no_epoch_since_creation, a.creation_site, a.epoch_open,
                  a.opener_site) == std::tie(b.reached, b.no_epoch_since_creation,
                                             b.creation_site, b.epoch_open, b.opener_site);
}

using State = std::vector<WindowState>; // by window

bool opens_epoch(RmaEventKind kind) {
  return kind == RmaEventKind::Lock || kind == RmaEventKind::LockAll ||
         kind == RmaEventKind::Start || kind == RmaEventKind::Post;
}

bool may_close_epoch(RmaEventKind kind) {
  return kind == RmaEventKind::Unlock || kind == RmaEventKind::UnlockAll ||
         kind == RmaEventKind::Complete || kind == RmaEventKind::Wait;
}

// Applies one event; with `findings', also reports what it proves wrong.
void apply(const RmaEvent &event, State &state, std::vector<RmaFinding> *findings) {
  if (event.kind == RmaEventKind::Finalize) {
    for (int w = 0; w < static_cast<int>(state.size()); ++w)
      if (findings && state[w].reached && state[w].epoch_open)
        findings->push_back({RmaFindingKind::EpochOpenAtFinalize, w, event.site,
                             state[w].opener_site, state[w].opener});
    return;
  }
  if (event.window < 0 || event.window >= static_cast<int>(state.size()))
    return;
  WindowState &w = state[event.window];
  switch (event.kind) {
  case RmaEventKind::Create:
    w.no_epoch_since_creation = true;
    w.creation_site = event.site;
    w.epoch_open = false;
    break;
  case RmaEventKind::Free:
    if (findings && w.reached && w.epoch_open)
      findings->push_back({RmaFindingKind::EpochOpenAtFree, event.window, event.site,
                           w.opener_site, w.opener});
    w.no_epoch_since_creation = false;
    w.epoch_open = false;
    break;
  case RmaEventKind::Operation:
    if (findings && w.reached && w.no_epoch_since_creation)
      findings->push_back({RmaFindingKind::OperationOutsideEpoch, event.window, event.site,
                           w.creation_site, RmaEventKind::Create});
    break;
  case RmaEventKind::Escape:
    w.no_epoch_since_creation = false;
    w.epoch_open = false;
    break;
  default:
    if (event.kind == RmaEventKind::Fence || opens_epoch(event.kind))
      w.no_epoch_since_creation = false;
    if (opens_epoch(event.kind) && !w.epoch_open) {
      w.epoch_open = true;
      w.opener = event.kind;
      w.opener_site = event.site;
    } else if (may_close_epoch(event.kind)) {
      w.epoch_open = false;
    }
    break;
  }
}

struct RoutineEvent {
  const char *name;
  RmaEventKind kind;
};

const RoutineEvent routine_events[] = {
    {"MPI_Win_create", RmaEventKind::Create},
    {"MPI_Win_allocate", RmaEventKind::Create},
    {"MPI_Win_allocate_shared", RmaEventKind::Create},
    {"MPI_Win_create_dynamic", RmaEventKind::Create},
    {"MPI_Win_free", RmaEventKind::Free},
    {"MPI_Win_fence", RmaEventKind::Fence},
    {"MPI_Win_lock", RmaEventKind::Lock},
    {"MPI_Win_unlock", RmaEventKind::Unlock},
    {"MPI_Win_lock_all", RmaEventKind::LockAll},
    {"MPI_Win_unlock_all", RmaEventKind::UnlockAll},
    {"MPI_Win_start", RmaEventKind::Start},
    {"MPI_Win_complete", RmaEventKind::Complete},
    {"MPI_Win_post", RmaEventKind::Post},
    {"MPI_Win_wait", RmaEventKind::Wait},
    {"MPI_Win_test", RmaEventKind::Wait},
    {"MPI_Put", RmaEventKind::Operation},
    {"MPI_Get", RmaEventKind::Operation},
    {"MPI_Accumulate", RmaEventKind::Operation},
    {"MPI_Get_accumulate", RmaEventKind::Operation},
    {"MPI_Fetch_and_op", RmaEventKind::Operation},
    {"MPI_Compare_and_swap", RmaEventKind::Operation},
    {"MPI_Rput", RmaEventKind::Operation},
    {"MPI_Rget", RmaEventKind::Operation},
    {"MPI_Raccumulate", RmaEventKind::Operation},
    {"MPI_Rget_accumulate", RmaEventKind::Operation},
    {"MPI_Finalize", RmaEventKind::Finalize},
};

} // namespace

bool rma_event_of_routine(const char *name, RmaEventKind &kind) {
  if (!name)
    return false;
  if (name[0] == 'P' && std::strncmp(name, "PMPI_", 5) == 0)
    ++name;
  for (const RoutineEvent &entry : routine_events)
    if (std::strcmp(name, entry.name) == 0) {
      kind = entry.kind;
      return true;
    }
  return false;
}

const char *rma_opener_name(RmaEventKind kind) {
  switch (kind) {
  case RmaEventKind::Lock: return "MPI_Win_lock";
  case RmaEventKind::LockAll: return "MPI_Win_lock_all";
  case RmaEventKind::Start: return "MPI_Win_start";
  case RmaEventKind::Post: return "MPI_Win_post";
  case RmaEventKind::Create: return "the window's creation";
  default: return "a synchronization";
  }
}

std::vector<RmaFinding> check_rma_epochs(const RmaFunction &function) {
  std::vector<RmaFinding> findings;
  const int n = static_cast<int>(function.blocks.size());
  if (function.windows == 0 || n == 0 || function.entry < 0 || function.entry >= n)
    return findings;
  std::vector<State> in(n, State(function.windows));
  for (WindowState &w : in[function.entry])
    w.reached = true;
  // Forward meet over every path, to the fixed point (each state only
  // loses facts, so it ends).
  std::vector<int> work{function.entry};
  std::vector<bool> queued(n, false);
  queued[function.entry] = true;
  while (!work.empty()) {
    int b = work.back();
    work.pop_back();
    queued[b] = false;
    State out = in[b];
    for (const RmaEvent &event : function.blocks[b].events)
      apply(event, out, nullptr);
    for (int s : function.blocks[b].successors) {
      if (s < 0 || s >= n)
        continue;
      bool changed = false;
      for (int w = 0; w < function.windows; ++w) {
        WindowState met = meet(in[s][w], out[w]);
        if (!same(met, in[s][w])) {
          in[s][w] = met;
          changed = true;
        }
      }
      if (changed && !queued[s]) {
        queued[s] = true;
        work.push_back(s);
      }
    }
  }
  std::set<std::tuple<int, int, int>> seen;
  for (int b = 0; b < n; ++b) {
    State state = in[b];
    if (!state[0].reached)
      continue;
    std::vector<RmaFinding> found;
    for (const RmaEvent &event : function.blocks[b].events)
      apply(event, state, &found);
    for (const RmaFinding &f : found)
      if (seen.insert({static_cast<int>(f.kind), f.site, f.window}).second)
        findings.push_back(f);
  }
  return findings;
}

} // namespace parcoach
