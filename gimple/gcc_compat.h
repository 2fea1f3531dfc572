// The one place that includes GCC's plugin headers.  Everything that
// differs between GCC releases belongs here, so that supporting another
// release is a local change.
#ifndef PARCOACH_GIMPLE_GCC_COMPAT_H
#define PARCOACH_GIMPLE_GCC_COMPAT_H

#include "gcc-plugin.h"

#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "tree-pass.h"
#include "context.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "langhooks.h"
#include "stringpool.h"
#include "cgraph.h"
#include "attribs.h"
#include "gimplify.h"
#include "ssa.h"
#include "tree-dfa.h"
#include "tree-cfg.h"
#include "gimplify-me.h"
#include "omp-general.h"
#include "cfgloop.h"
#include "cfgloopmanip.h"
#include "tree-eh.h"

#include "bversion.h"
#if BUILDING_GCC_MAJOR < 11
#error "PARCOACH needs the plugin headers of GCC 11 or later"
#endif

// GCC 11 has no '#pragma omp masked' nor '#pragma omp scope' (both GCC 12):
// give their GIMPLE codes values that no GCC 11 statement has, so that
// `case GIMPLE_OMP_MASKED:' compiles and never matches.  Such a case value
// is outside the enum (-Wswitch would say so): silenced for GCC 11 only.
#if BUILDING_GCC_MAJOR < 12
#define GIMPLE_OMP_MASKED \
  (static_cast<enum gimple_code>(LAST_AND_UNUSED_GIMPLE_CODE + 1))
#define GIMPLE_OMP_SCOPE \
  (static_cast<enum gimple_code>(LAST_AND_UNUSED_GIMPLE_CODE + 2))
#pragma GCC diagnostic ignored "-Wswitch"
#endif

namespace parcoach {
namespace gcc_compat {

// gfortran lowers to the same GIMPLE but spells MPI in lower case and passes
// every argument by reference.
inline bool compiling_fortran() { return lang_GNU_Fortran(); }

// build_string_literal takes the length including the terminating NUL.
inline tree string_constant(const char *text) {
  return build_string_literal(strlen(text) + 1, text);
}

// `#pragma omp masked' with no filter clause, or filter(0), runs on thread 0
// of its team only, as master does.  GCC 11 has no masked construct.
inline bool masked_runs_on_thread_zero(const gimple *stmt) {
#if BUILDING_GCC_MAJOR >= 12
  if (gimple_code(stmt) != GIMPLE_OMP_MASKED)
    return false;
  tree filter = omp_find_clause(gimple_omp_masked_clauses(stmt), OMP_CLAUSE_FILTER);
  return !filter || integer_zerop(OMP_CLAUSE_FILTER_EXPR(filter));
#else
  (void)stmt;
  return false;
#endif
}

// The innermost loops of `fun' (the current function): GCC 12 lists them
// with loops_list, GCC 11 with FOR_EACH_LOOP over cfun.
template <typename Visit> void for_each_innermost_loop(function *fun, Visit visit) {
#if BUILDING_GCC_MAJOR >= 12
  for (auto cycle : loops_list(fun, LI_ONLY_INNERMOST))
    visit(cycle);
#else
  gcc_assert(fun == cfun);
  class loop *cycle;
  FOR_EACH_LOOP(cycle, LI_ONLY_INNERMOST)
    visit(cycle);
#endif
}

} // namespace gcc_compat
} // namespace parcoach

#endif
