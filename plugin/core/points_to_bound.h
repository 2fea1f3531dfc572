// Bounds of the points-to sets the value-flow extraction keeps (issue 17:
// compile time).  A set of possible targets is kept exactly up to
// kCollapseTargets objects; past that bound the set collapses: the pointer
// is taken as pointing anywhere, and every object it could point to, with
// everything reachable from those through stored pointers, is taken as
// escaped (read as "may differ between processes and threads").  A
// collapse can only make answers more conservative, never more uniform.
//
// GCC-free: the extractor (gimple/value_flow_model.cc) keeps the objects;
// these helpers work on object numbers.
#ifndef PARCOACH_CORE_POINTS_TO_BOUND_H
#define PARCOACH_CORE_POINTS_TO_BOUND_H

#include <cstddef>
#include <functional>
#include <vector>

namespace parcoach {

// The largest set of targets a stored pointer keeps exactly (the
// extractor took a larger one as `unknown' already, keeping it whole).
// Above what hand-written code reaches (at most 7 on the error benchmark
// and the bench programs), far below what generated code can (gfortran's
// allocatable components: over 200 per temporary, 20,000 objects).
constexpr std::size_t kCollapseTargets = 32;

inline bool beyond_target_bound(std::size_t size) { return size > kCollapseTargets; }

// Appends to `into' the elements of `from' it does not hold yet, in the
// order of `from'; linear in both sizes (the sets may reach the bound).
// `into' is assumed to hold no duplicate.
void append_unique(std::vector<int> &into, const std::vector<int> &from);

// Marks `roots' and every object reachable from them through `contents'
// (the objects an object's stored pointers may point to), skipping those
// already marked; returns the objects it marked, in the order it marked
// them.  `marked' grows to cover every object number met.
std::vector<int> mark_reachable(const std::vector<int> &roots,
                                const std::function<std::vector<int>(int)> &contents,
                                std::vector<bool> &marked);

} // namespace parcoach

#endif
