#include "buffer_accesses.h"

#include <algorithm>

namespace parcoach {

namespace {

bool may_be_buffer(const BufferFunction &function, int variable) {
  return variable < 0 || (variable < (int)function.may_be_buffer.size() &&
                          function.may_be_buffer[variable]);
}

// Whether an operation may be pending after the block, given whether one
// may be at its entry: the last Start or CompleteAll decides.
bool pending_after(const BufferBlock &block, bool pending) {
  for (const BufferEvent &event : block.events)
    if (event.kind == BufferEvent::Kind::Start)
      pending = true;
    else if (event.kind == BufferEvent::Kind::CompleteAll)
      pending = false;
  return pending;
}

} // namespace

std::vector<int> accesses_to_check(const BufferFunction &function) {
  const std::size_t n = function.blocks.size();
  // pending_in[b]: some path from a Start, with no CompleteAll after it,
  // reaches the entry of b (a forward may-analysis; it only grows, so the
  // worklist ends).
  std::vector<bool> pending_in(n, false), queued(n, true);
  std::vector<int> worklist;
  for (std::size_t b = n; b-- > 0;)
    worklist.push_back((int)b);
  while (!worklist.empty()) {
    int b = worklist.back();
    worklist.pop_back();
    queued[b] = false;
    if (!pending_after(function.blocks[b], pending_in[b]))
      continue;
    for (int succ : function.blocks[b].successors)
      if (succ >= 0 && (std::size_t)succ < n && !pending_in[succ]) {
        pending_in[succ] = true;
        if (!queued[succ]) {
          queued[succ] = true;
          worklist.push_back(succ);
        }
      }
  }
  std::vector<int> checked;
  for (std::size_t b = 0; b < n; ++b) {
    bool pending = pending_in[b];
    for (const BufferEvent &event : function.blocks[b].events) {
      if (event.kind == BufferEvent::Kind::Start)
        pending = true;
      else if (event.kind == BufferEvent::Kind::CompleteAll)
        pending = false;
      else if (pending && event.access >= 0 && may_be_buffer(function, event.variable))
        checked.push_back(event.access);
    }
  }
  std::sort(checked.begin(), checked.end());
  checked.erase(std::unique(checked.begin(), checked.end()), checked.end());
  return checked;
}

} // namespace parcoach
