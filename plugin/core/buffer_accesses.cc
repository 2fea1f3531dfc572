#include "buffer_accesses.h"

#include <algorithm>

namespace parcoach {

namespace {

bool has_start(const BufferBlock &block) {
  for (const BufferEvent &event : block.events)
    if (event.kind == BufferEvent::Kind::Start)
      return true;
  return false;
}

bool may_be_buffer(const BufferFunction &function, int variable) {
  return variable < 0 || (variable < (int)function.may_be_buffer.size() &&
                          function.may_be_buffer[variable]);
}

} // namespace

std::vector<int> accesses_to_check(const BufferFunction &function) {
  const std::size_t n = function.blocks.size();
  // pending_in[b]: some path from a Start reaches the entry of b.  A block
  // is pending at its exit when it is at its entry or holds a Start; the
  // worklist propagates that forward once per block.
  std::vector<bool> pending_in(n, false), queued(n, false);
  std::vector<int> worklist;
  for (std::size_t b = 0; b < n; ++b)
    if (has_start(function.blocks[b])) {
      worklist.push_back((int)b);
      queued[b] = true;
    }
  while (!worklist.empty()) {
    int b = worklist.back();
    worklist.pop_back();
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
      else if (pending && event.access >= 0 && may_be_buffer(function, event.variable))
        checked.push_back(event.access);
    }
  }
  std::sort(checked.begin(), checked.end());
  checked.erase(std::unique(checked.begin(), checked.end()), checked.end());
  return checked;
}

} // namespace parcoach
