#include "request_lifecycle.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <tuple>

namespace parcoach {

namespace {

// The state of one handle at a point: the site of the Create whose request
// it certainly holds, active; or one of these.
constexpr int unreached = -2;  // no path reaches the point yet
constexpr int not_certain = -1; // no request certainly active

using State = std::vector<int>; // one per handle

int meet(int a, int b) {
  if (a == unreached)
    return b;
  if (b == unreached || a == b)
    return a;
  return not_certain;
}

// The buffer of each Create, by site.
struct CreatedBuffer {
  int buffer;
  bool receives;
};
using BufferOfSite = std::map<int, CreatedBuffer>;

// Runs the events of a block on `state'; with `findings', also records
// what they reveal.
void run_events(const RequestFunction &function, const RequestBlock &block, State &state,
                const BufferOfSite &buffers, std::vector<RequestFinding> *findings) {
  auto report = [&](RequestFinding::Kind kind, int handle, int at) {
    if (findings)
      findings->push_back({kind, handle, state[handle], at});
  };
  for (const RequestEvent &event : block.events) {
    bool known_handle = event.handle >= 0 && event.handle < (int)state.size();
    switch (event.kind) {
    case RequestEvent::Kind::Create:
      if (!known_handle)
        break;
      if (state[event.handle] >= 0)
        report(RequestFinding::Kind::Overwritten, event.handle, event.site);
      state[event.handle] = event.site;
      break;
    case RequestEvent::Kind::Touch:
      if (known_handle)
        state[event.handle] = not_certain;
      break;
    case RequestEvent::Kind::Finalize:
      // Reported once: after MPI_Finalize nothing can be completed any
      // more, and the handle's fate is told.
      for (int handle = 0; handle < (int)state.size(); ++handle) {
        if (state[handle] >= 0)
          report(RequestFinding::Kind::ActiveAtFinalize, handle, event.site);
        state[handle] = not_certain;
      }
      break;
    case RequestEvent::Kind::Return:
      for (int handle = 0; handle < (int)state.size(); ++handle)
        if (state[handle] >= 0 && function.dies_at_return[handle])
          report(RequestFinding::Kind::ActiveAtReturn, handle, event.site);
      break;
    case RequestEvent::Kind::Read:
    case RequestEvent::Kind::Write:
      // A send buffer may be read while the send is pending (MPI 3.0 on).
      for (int handle = 0; handle < (int)state.size(); ++handle) {
        auto created = state[handle] >= 0 ? buffers.find(state[handle]) : buffers.end();
        if (created != buffers.end() && event.buffer >= 0 &&
            created->second.buffer == event.buffer &&
            (created->second.receives || event.kind == RequestEvent::Kind::Write))
          report(RequestFinding::Kind::BufferAccessed, handle, event.site);
      }
      break;
    }
  }
}

} // namespace

std::vector<RequestFinding> find_request_errors(const RequestFunction &function) {
  const int blocks = (int)function.blocks.size();
  const int handles = (int)function.dies_at_return.size();
  if (blocks == 0 || handles == 0 || function.entry < 0 || function.entry >= blocks)
    return {};

  // Forward data flow to the fixpoint: the state at each block's start.
  // Each handle's value only goes down unreached -> a site -> not_certain,
  // so every block is revisited a bounded number of times.
  BufferOfSite buffers;
  for (const RequestBlock &block : function.blocks)
    for (const RequestEvent &event : block.events)
      if (event.kind == RequestEvent::Kind::Create && event.buffer >= 0)
        buffers[event.site] = {event.buffer, event.receives};

  std::vector<State> in(blocks, State(handles, unreached));
  in[function.entry] = State(handles, not_certain);
  std::deque<int> work{function.entry};
  std::vector<bool> queued(blocks, false);
  queued[function.entry] = true;
  while (!work.empty()) {
    int b = work.front();
    work.pop_front();
    queued[b] = false;
    State out = in[b];
    run_events(function, function.blocks[b], out, buffers, nullptr);
    for (int succ : function.blocks[b].successors) {
      if (succ < 0 || succ >= blocks)
        continue;
      bool changed = false;
      for (int h = 0; h < handles; ++h) {
        int merged = meet(in[succ][h], out[h]);
        if (merged != in[succ][h]) {
          in[succ][h] = merged;
          changed = true;
        }
      }
      if (changed && !queued[succ]) {
        queued[succ] = true;
        work.push_back(succ);
      }
    }
  }

  // The events again, on the final states of the blocks reached.
  std::vector<RequestFinding> all;
  for (int b = 0; b < blocks; ++b) {
    if (std::all_of(in[b].begin(), in[b].end(), [](int v) { return v == unreached; }))
      continue;
    State state = in[b];
    run_events(function, function.blocks[b], state, buffers, &all);
  }

  // One finding per request and kind (per overwriting Create or access
  // for Overwritten and BufferAccessed), the smallest site first.
  std::sort(all.begin(), all.end(), [](const RequestFinding &a, const RequestFinding &b) {
    return std::make_tuple((int)a.kind, a.handle, a.created, a.at) <
           std::make_tuple((int)b.kind, b.handle, b.created, b.at);
  });
  std::vector<RequestFinding> findings;
  std::set<std::tuple<int, int, int>> seen;
  auto reported_at = [](const RequestFinding &f) {
    return f.kind == RequestFinding::Kind::Overwritten ||
                   f.kind == RequestFinding::Kind::BufferAccessed
               ? f.at
               : f.created;
  };
  for (const RequestFinding &finding : all) {
    int key = reported_at(finding);
    if (seen.insert({(int)finding.kind, finding.handle, key}).second)
      findings.push_back(finding);
  }
  std::stable_sort(findings.begin(), findings.end(),
                   [&](const RequestFinding &a, const RequestFinding &b) {
                     return reported_at(a) < reported_at(b);
                   });
  return findings;
}

} // namespace parcoach
