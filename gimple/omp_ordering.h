// What orders or separates OpenMP code besides its directives, read from
// GIMPLE before OpenMP expansion (the GIMPLE side of what
// core/parallelism_words.h models):
//  * the branches that only thread 0 of the team runs: a test
//    `omp_get_thread_num () == 0' (directly, or through variables that
//    only ever hold the thread number of the same team);
//  * the code between omp_set_lock (&l) and omp_unset_lock (&l) when the
//    pair is structured (the set dominates the unset, the unset
//    postdominates the set, no OpenMP directive between them);
//  * names of storage and values (StorageKeys), to tell whether two
//    collectives use the same communicator, two depend clauses name the
//    same item, two lock calls the same lock.
#ifndef PARCOACH_GIMPLE_OMP_ORDERING_H
#define PARCOACH_GIMPLE_OMP_ORDERING_H

#include "gcc_compat.h"

#include "omp_regions.h"

#include <map>
#include <string>
#include <vector>

namespace parcoach {

// Names for what a function's operands hold, before SSA: equal names, when
// they contain no '?', stand for the same value (or storage); a '?' marks
// what cannot be named (an array element at a variable index, a value that
// several assignments give a variable...).  A name:
//   c:N        an integer constant
//   g:UID      a global variable; l:UID a local one; p:UID a parameter
//   d:UID      the data block of the enclosing parallel or task region
//   &X         the address of the storage X
//   =X         the value stored in X (X is read where the value is used)
//   *V         the storage at the address V; X.f:UID a field of X
// A local variable whose every assignment gives one name has that name.
class StorageKeys {
public:
  explicit StorageKeys(function *fun);
  // The value of an operand.
  std::string value(tree operand);
  // The value stored at an address (Fortran passes every argument so).
  std::string pointed_value(tree address);
  // Whether every thread of a team reading a value with this name gets
  // the same value: no '?', and no read of a local variable (a private
  // copy of each thread).
  static bool same_in_every_thread(const std::string &name);

private:
  std::string storage(tree lvalue, int depth);
  std::string value(tree operand, int depth);
  std::string local_value(tree var, int depth);
  std::map<tree, std::vector<tree>> assigned_; // local -> right-hand sides (null: a call)
  std::map<tree, std::string> local_names_;
};

// The branch of a thread test that only thread 0 runs (`main_thread'), or
// only one other thread (`tid == 1', `tid == nthreads - 1'): `into' enters
// it, `exits' leave it (the body is what `into->dest' dominates).
struct ThreadZeroBranch {
  gimple *test;
  edge into;
  std::vector<edge> exits;
  bool main_thread = true;
};

// A structured lock-holding region: from the set call to the unset call.
struct LockRegion {
  gcall *set;
  gcall *unset;
  std::string lock; // StorageKeys name of the lock's address
};

struct OrderingFacts {
  std::vector<ThreadZeroBranch> thread_zero;
  std::vector<LockRegion> locks;
  // The end of each taskgroup (the call to GOMP_taskgroup_end, which GCC
  // 11 and 12 both emit) and its directive: the innermost taskgroup
  // directive that dominates it.
  std::map<const gimple *, const gimple *> taskgroup_ends;
};

// Needs no dominance information from the caller: computes what it uses
// and leaves the function's dominance state as it found it.  Thread tests
// nested in another one, and branches or lock regions holding OpenMP
// directives, are left out (the conservative answer: plain code).
OrderingFacts find_ordering_facts(function *fun, const OmpRegions &regions, StorageKeys &keys);

// A call of omp_get_thread_num ().
bool is_thread_number_call(const gimple *stmt);

// The depend clauses of a task, with the items named by `keys' ("?..."
// for what it cannot name).
struct DependClause {
  std::string item;
  enum Type { In, Out, MutexInOutSet } type; // Out: out and inout
  // The item is the address of a variable (or of a field or constant
  // element of one), "&l:12": the same storage each time the task is
  // created in one call of the function (not `*p', `a[i]').
  bool fixed_storage;
};
std::vector<DependClause> depend_clauses(const gimple *task, StorageKeys &keys);

// Whether a depend item's name (its address) stands for the same storage
// each time the task is created in one instance of the enclosing region.
bool names_fixed_storage(const std::string &item);

} // namespace parcoach

#endif
