// Shared data read by orphaned OpenMP code (shared_reads.h, issue 14): a
// function other files may call from a thread team reads globals and what
// its pointer parameters point to.  Each expectation was worked out by
// hand from the program in the comment above it: a read is the same in
// every thread unless the unit shows a write of that memory by the
// function, by a function it calls, or by a team; threadprivate data and
// values per thread keep differing.
#include <catch2/catch.hpp>

#include "shared_reads.h"
#include "value_flow.h"

#include <string>
#include <vector>

using namespace parcoach;

namespace {

using Kind = ValueFlowStatement::Kind;

struct Builder {
  ValueFlowFunction f;

  Builder(const std::string &name, unsigned uid, bool outside) {
    f.name = name;
    f.uid = uid;
    f.callable_from_outside = outside;
  }
  int slot(const std::string &name, SlotScope scope) {
    ValueFlowSlot s;
    s.name = name;
    s.scope = scope;
    s.scalar = true;
    f.slots.push_back(s);
    return (int)f.slots.size() - 1;
  }
  int global(const std::string &name, unsigned uid,
             GlobalVisibility visibility = GlobalVisibility::Public) {
    int s = slot(name, SlotScope::Global);
    f.slots[s].global = uid;
    f.slots[s].visibility = visibility;
    f.slots[s].symbol = name;
    return s;
  }
  int target(const std::string &name, int parameter) {
    int s = slot(name, SlotScope::ParameterTarget);
    f.slots[s].parameter = parameter;
    return s;
  }
  int block() {
    f.blocks.emplace_back();
    return (int)f.blocks.size() - 1;
  }
  void assign(int b, int target, std::vector<int> uses, int fact = -1) {
    ValueFlowStatement s;
    s.target = target;
    s.uses = std::move(uses);
    s.fact = fact;
    f.blocks[b].statements.push_back(s);
  }
  void call(int b, unsigned callee, std::vector<ValueFlowArgument> arguments = {}) {
    ValueFlowStatement s;
    s.kind = Kind::Call;
    s.callee = callee;
    s.arguments = std::move(arguments);
    f.blocks[b].statements.push_back(s);
  }
  int fact(const std::string &phrase, bool processes, bool threads) {
    ValueFlowFact fact;
    fact.differs_between_processes = processes;
    fact.differs_between_threads = threads;
    fact.phrase = phrase;
    f.facts.push_back(fact);
    return (int)f.facts.size() - 1;
  }
  // Block `b' ends in a loop test of `condition' (both ways to `next').
  int test(int b, std::vector<int> condition, int next) {
    f.blocks[b].successors = {next, next};
    f.blocks[b].condition = std::move(condition);
    f.blocks[b].branch = f.branch_count++;
    return f.blocks[b].branch;
  }
};

ValueFlowArgument pointing_to(int slot) {
  ValueFlowArgument a;
  a.pointees = {slot};
  a.exact = true;
  return a;
}

// smooth(void), public, with an orphaned `omp for' in a loop:
//   b0: [writes]; if (nsweeps) ...   (the loop test around the construct)
BranchVerdict smooth_verdict(GlobalVisibility visibility, bool writes_it, bool thread_writes) {
  Builder smooth("smooth", 1, true);
  int nsweeps = smooth.global("nsweeps", 10, visibility);
  int b0 = smooth.block(), end = smooth.block();
  if (writes_it)
    smooth.assign(b0, nsweeps, {},
                  thread_writes ? smooth.fact("depends on omp_get_thread_num", false, true) : -1);
  int branch = smooth.test(b0, {nsweeps}, end);
  return solve_value_flow({smooth.f})[0][branch];
}

} // namespace

TEST_CASE("an orphaned function's read of a global it never writes is the same in every thread",
          "[shared-reads][threads]") {
  // Other files may change nsweeps (a process difference), but a write by
  // another thread in the phase of the read would race with it.
  BranchVerdict v = smooth_verdict(GlobalVisibility::Public, false, false);
  CHECK(v.may_differ_between_processes);
  CHECK_FALSE(v.may_differ_between_threads);
  BranchVerdict unit = smooth_verdict(GlobalVisibility::Unit, false, false);
  CHECK_FALSE(unit.may_differ_between_threads);
}

TEST_CASE("threadprivate globals and globals the function writes still differ",
          "[shared-reads][threads]") {
  // #pragma omp threadprivate(nsweeps): one copy per thread.
  CHECK(smooth_verdict(GlobalVisibility::ThreadLocal, false, false).may_differ_between_threads);
  // if (omp_get_thread_num() == 0) nsweeps = 5; before the loop: written
  // by the function itself (here with a thread-dependent value).
  CHECK(smooth_verdict(GlobalVisibility::Public, true, true).may_differ_between_threads);
  // Even a constant store: another thread may not have made it yet.
  CHECK(smooth_verdict(GlobalVisibility::Public, true, false).may_differ_between_threads);
}

TEST_CASE("a global a callee writes, or one a team of the unit writes, still differs",
          "[shared-reads][threads]") {
  // smooth() { set(); if (nsweeps) ... }   set() { nsweeps = 3; }
  Builder smooth("smooth", 1, true), set("set", 2, false);
  int n1 = smooth.global("nsweeps", 10);
  int b0 = smooth.block(), end = smooth.block();
  smooth.call(b0, 2);
  int branch = smooth.test(b0, {n1}, end);
  int n2 = set.global("nsweeps", 10);
  set.assign(set.block(), n2, {});
  CHECK(solve_value_flow({smooth.f, set.f})[0][branch].may_differ_between_threads);

  // main() { #pragma omp parallel { if (tid == 0) nsweeps = 5; work(); } }
  // work() (static) { if (nsweeps) ... }: the team's write is seen.
  Builder main_("main", 3, true), work("work", 4, false);
  main_.f.entry_point = true;
  int n3 = main_.global("nsweeps", 10);
  int m0 = main_.block(), region = main_.block();
  main_.f.blocks[m0].successors = {region};
  main_.f.blocks[region].in_parallel_region = true;
  main_.assign(region, n3, {}, main_.fact("depends on omp_get_thread_num", false, true));
  main_.call(region, 4);
  int n4 = work.global("nsweeps", 10);
  int w0 = work.block(), wend = work.block();
  int on_n = work.test(w0, {n4}, wend);
  CHECK(solve_value_flow({main_.f, work.f})[1][on_n].may_differ_between_threads);

  // The same team without the write: the read is the same in every thread.
  main_.f.blocks[region].statements.erase(main_.f.blocks[region].statements.begin());
  CHECK_FALSE(solve_value_flow({main_.f, work.f})[1][on_n].may_differ_between_threads);
}

TEST_CASE("what a pointer parameter points to, only read, is the same in every thread",
          "[shared-reads][threads]") {
  // relax(const struct config *cfg), public: for (s < cfg->sweeps) { omp for }
  Builder relax("relax", 1, true);
  // Reading cfg->sweeps also reads the pointer cfg (the same in every
  // thread when the object is shared).
  int sweeps = relax.target("*cfg", 0);
  int cfg = relax.slot("cfg", SlotScope::Parameter);
  relax.f.slots[cfg].parameter = 0;
  int b0 = relax.block(), end = relax.block();
  int branch = relax.test(b0, {sweeps, cfg}, end);
  CHECK(parameter_target_read_only(relax.f, 0));
  BranchVerdict v = solve_value_flow({relax.f})[0][branch];
  CHECK(v.may_differ_between_processes);
  CHECK_FALSE(v.may_differ_between_threads);

  // A caller of the unit passing a value per thread is still seen:
  // #pragma omp parallel { struct config c; c.sweeps = tid; relax(&c); }
  Builder main_("main", 2, true);
  main_.f.entry_point = true;
  int c = main_.slot("c", SlotScope::Local);
  int m0 = main_.block(), region = main_.block();
  main_.f.blocks[m0].successors = {region};
  main_.f.blocks[region].in_parallel_region = true;
  main_.assign(region, c, {}, main_.fact("depends on omp_get_thread_num", false, true));
  main_.call(region, 1, {pointing_to(c)});
  CHECK(solve_value_flow({relax.f, main_.f})[0][branch].may_differ_between_threads);

  // relax writing cfg->sweeps (after the test, so the test reads what the
  // caller left), or passing cfg on, keeps it "may differ".
  Builder writer = relax;
  writer.assign(end, sweeps, {});
  CHECK_FALSE(parameter_target_read_only(writer.f, 0));
  CHECK(solve_value_flow({writer.f})[0][branch].may_differ_between_threads);
  Builder passer = relax;
  passer.call(b0, 99, {pointing_to(sweeps)});
  CHECK_FALSE(parameter_target_read_only(passer.f, 0));
  CHECK(solve_value_flow({passer.f})[0][branch].may_differ_between_threads);
}

TEST_CASE("Fortran dummy arguments keep differing (a team may pass private variables)",
          "[shared-reads][threads]") {
  Builder work("work", 1, true);
  work.f.parameters_by_reference = true;
  int niter = work.target("niter", 0);
  int b0 = work.block(), end = work.block();
  int branch = work.test(b0, {niter}, end);
  CHECK(solve_value_flow({work.f})[0][branch].may_differ_between_threads);
}

TEST_CASE("find_shared_writes follows the calls of the unit", "[shared-reads]") {
  // a() calls b(), b() stores to g (uid 7) and passes &h (uid 8) to c(),
  // an unknown function; d() stores through a pointer it cannot name.
  Builder a("a", 1, true), b("b", 2, false), d("d", 3, false);
  a.call(a.block(), 2);
  int g = b.global("g", 7), h = b.global("h", 8);
  int b0 = b.block();
  b.assign(b0, g, {});
  b.call(b0, 42, {pointing_to(h)});
  d.f.stores_through_unknown = true;
  SharedWrites writes = find_shared_writes({a.f, b.f, d.f});
  CHECK(writes.globals[0] == std::set<unsigned>{7, 8});
  CHECK(writes.globals[1] == std::set<unsigned>{7, 8});
  CHECK_FALSE(writes.anything[0]);
  CHECK(writes.anything[2]);
}

// relax(void), public:  #pragma omp parallel { [writes]; if (scheme) ... }
// with `scheme' a global (other files may change it: a process difference).
static BranchVerdict region_verdict(GlobalVisibility visibility, bool region_writes,
                                    bool callee_writes) {
  Builder relax("relax", 1, true), set("set", 2, false);
  int scheme = relax.global("scheme", 10, visibility);
  int b0 = relax.block(), region = relax.block(), end = relax.block();
  relax.f.blocks[b0].successors = {region};
  relax.f.blocks[region].in_parallel_region = true;
  relax.f.blocks[end].in_parallel_region = true;
  if (region_writes)
    relax.assign(region, scheme, {}, relax.fact("depends on omp_get_thread_num", false, true));
  if (callee_writes)
    relax.call(region, 2);
  int branch = relax.test(region, {scheme}, end);
  int s2 = set.global("scheme", 10, visibility);
  set.assign(set.block(), s2, {});
  return solve_value_flow({relax.f, set.f})[0][branch];
}

TEST_CASE("a global a parallel region reads and never writes is the same in every thread",
          "[shared-reads][threads]") {
  BranchVerdict v = region_verdict(GlobalVisibility::Public, false, false);
  CHECK(v.may_differ_between_processes);
  CHECK_FALSE(v.may_differ_between_threads);
  CHECK_FALSE(region_verdict(GlobalVisibility::External, false, false).may_differ_between_threads);
  // if (omp_get_thread_num() == 0) scheme = 0; in the region.
  CHECK(region_verdict(GlobalVisibility::Public, true, false).may_differ_between_threads);
  // A function of the unit the region calls stores it.
  CHECK(region_verdict(GlobalVisibility::Public, false, true).may_differ_between_threads);
  // threadprivate: one copy per thread.
  CHECK(region_verdict(GlobalVisibility::ThreadLocal, false, false).may_differ_between_threads);
}
