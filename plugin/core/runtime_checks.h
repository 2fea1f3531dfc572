// Which runtime entry point checks a collective call site: one per way its
// handle reaches the runtime (parcoach_rt_checks.def, shared with the
// runtime's header and definitions).  No GCC headers.
#ifndef PARCOACH_CORE_RUNTIME_CHECKS_H
#define PARCOACH_CORE_RUNTIME_CHECKS_H

#include "mpi_knowledge.h"

#include <cstddef>

namespace parcoach {

constexpr unsigned handle_kind_bit(HandleKind kind) {
  return 1u << static_cast<unsigned>(kind);
}

struct RuntimeHandleCheck {
  const char *function;    // parcoach_check_comm...
  bool by_address;         // the handle parameter is a pointer
  bool compares_arguments; // a `_args' variant compares the root, op, sizes
  SourceLanguage language; // of the call sites it serves
  unsigned served_kinds;   // the HandleKind values it serves (bits)
};

// How many entries parcoach_rt_checks.def has.
constexpr std::size_t kRuntimeHandleCheckCount = 0
#define PARCOACH_HANDLE_CHECK(name, parameter, present, handle, checked_as, args, kinds, \
                              language)                                                 \
  +1
#include "parcoach_rt_checks.def"
#undef PARCOACH_HANDLE_CHECK
    ;

// The entries of parcoach_rt_checks.def, in order.
const RuntimeHandleCheck *runtime_handle_checks_begin();
const RuntimeHandleCheck *runtime_handle_checks_end();

// The entry point for a handle of `kind' in `language'; nullptr for
// HandleKind::World (parcoach_check_world takes no handle).
const RuntimeHandleCheck *runtime_check_for(HandleKind kind, SourceLanguage language);

// The position of `check' in the table (for per-entry caches), below
// kRuntimeHandleCheckCount.
std::size_t runtime_check_index(const RuntimeHandleCheck *check);

} // namespace parcoach

#endif
