#include "request_lifecycle.h"

#include <algorithm>
#include <cstring>
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

// The buffers of each Create, by site (Create and Buffer events).
using BufferOfSite = std::multimap<int, RequestEvent>;

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
    case RequestEvent::Kind::Buffer:
      break; // gathered beforehand, by site
    case RequestEvent::Kind::Read:
    case RequestEvent::Kind::Write:
      // A send buffer may be read while the send is pending (MPI 3.0 on).
      for (int handle = 0; handle < (int)state.size(); ++handle) {
        if (state[handle] < 0 || event.buffer < 0)
          continue;
        auto range = buffers.equal_range(state[handle]);
        for (auto used = range.first; used != range.second; ++used)
          if (used->second.buffer == event.buffer &&
              (used->second.receives || event.kind == RequestEvent::Kind::Write) &&
              certainly_overlaps(used->second, event)) {
            report(RequestFinding::Kind::BufferAccessed, handle, event.site);
            break;
          }
      }
      break;
    }
  }
}

} // namespace

bool certainly_overlaps(const RequestEvent &use, const RequestEvent &access) {
  if (use.buffer < 0 || use.buffer != access.buffer)
    return false;
  bool use_whole = use.end < 0, access_whole = access.end < 0;
  if (!use_whole && use.end <= use.first)
    return false; // no byte certainly used
  if (!access_whole && access.end <= access.first)
    return false;
  if (!access.exact) {
    // Some byte of [first, end) is touched: certain only when every one of
    // them is used.
    if (use_whole)
      return true;
    return !access_whole && use.first <= access.first && access.end <= use.end;
  }
  if (use_whole || access_whole)
    return true; // a nonempty part of the variable against all of it
  return access.first < use.end && use.first < access.end;
}

namespace {

// C argument positions: buffer, count, datatype, receives.
struct KnownCall {
  const char *name;
  int request;
  NonblockingBuffer buffers[2];
  int count;
};
const KnownCall known_calls[] = {
    {"MPI_Isend", 6, {{0, 1, 2, false}}, 1},
    {"MPI_Ibsend", 6, {{0, 1, 2, false}}, 1},
    {"MPI_Issend", 6, {{0, 1, 2, false}}, 1},
    {"MPI_Irsend", 6, {{0, 1, 2, false}}, 1},
    {"MPI_Irecv", 6, {{0, 1, 2, true}}, 1},
    // (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
    // recvtype, source, recvtag, comm, request)
    {"MPI_Isendrecv", 11, {{0, 1, 2, false}, {5, 6, 7, true}}, 2},
    // (buffer, count, datatype, root, comm, request): received into on
    // every process but the root, which may read it.
    {"MPI_Ibcast", 5, {{0, 1, 2, false}}, 1},
    // (sendbuf, recvbuf, count, datatype, op, root, comm, request): recvbuf
    // only at the root.
    {"MPI_Ireduce", 7, {{0, 2, 3, false}}, 1},
    // (sendbuf, recvbuf, count, datatype, op, comm, request)
    {"MPI_Iallreduce", 6, {{0, 2, 3, false}, {1, 2, 3, true}}, 2},
    {"MPI_Iscan", 6, {{0, 2, 3, false}, {1, 2, 3, true}}, 2},
    {"MPI_Iexscan", 6, {{0, 2, 3, false}, {1, 2, 3, true}}, 2},
    // (sendbuf, recvbuf, recvcount, datatype, op, comm, request): the send
    // buffer holds recvcount elements per process, at least recvcount.
    {"MPI_Ireduce_scatter_block", 6, {{0, 2, 3, false}, {1, 2, 3, true}}, 2},
    // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
    // comm, request): Igather receives, Iscatter sends, at the root only.
    {"MPI_Igather", 8, {{0, 1, 2, false}}, 1},
    {"MPI_Iscatter", 8, {{3, 4, 5, true}}, 1},
    // (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
    // request): each count is per process, a lower bound of the whole.
    {"MPI_Iallgather", 7, {{0, 1, 2, false}, {3, 4, 5, true}}, 2},
    {"MPI_Ialltoall", 7, {{0, 1, 2, false}, {3, 4, 5, true}}, 2},
};

const KnownCall *known_call(const char *c_name) {
  if (!c_name)
    return nullptr;
  for (const KnownCall &call : known_calls)
    if (std::strcmp(call.name, c_name) == 0)
      return &call;
  return nullptr;
}

} // namespace

std::vector<NonblockingBuffer> nonblocking_buffers(const char *c_name) {
  const KnownCall *call = known_call(c_name);
  if (!call)
    return {};
  return std::vector<NonblockingBuffer>(call->buffers, call->buffers + call->count);
}

int nonblocking_request_position(const char *c_name) {
  const KnownCall *call = known_call(c_name);
  return call ? call->request : -1;
}

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
      if ((event.kind == RequestEvent::Kind::Create ||
           event.kind == RequestEvent::Kind::Buffer) &&
          event.buffer >= 0)
        buffers.insert({event.site, event});

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
