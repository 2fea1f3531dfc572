#include "points_to_bound.h"

#include <unordered_set>

namespace parcoach {

void append_unique(std::vector<int> &into, const std::vector<int> &from) {
  if (from.empty())
    return;
  // Small sets: a scan is cheaper than a hash set.
  if (into.size() * from.size() <= 256) {
    for (int value : from) {
      bool present = false;
      for (int held : into)
        if (held == value) {
          present = true;
          break;
        }
      if (!present)
        into.push_back(value);
    }
    return;
  }
  std::unordered_set<int> held(into.begin(), into.end());
  for (int value : from)
    if (held.insert(value).second)
      into.push_back(value);
}

std::vector<int> mark_reachable(const std::vector<int> &roots,
                                const std::function<std::vector<int>(int)> &contents,
                                std::vector<bool> &marked) {
  std::vector<int> newly;
  std::vector<int> work(roots.rbegin(), roots.rend());
  while (!work.empty()) {
    int object = work.back();
    work.pop_back();
    if (object < 0)
      continue;
    if ((std::size_t)object >= marked.size())
      marked.resize(object + 1, false);
    if (marked[object])
      continue;
    marked[object] = true;
    newly.push_back(object);
    std::vector<int> inner = contents(object);
    work.insert(work.end(), inner.rbegin(), inner.rend());
  }
  return newly;
}

} // namespace parcoach
