// The runtime functions that inserted code calls, declared in one place:
// the entry points of rtlib/parcoach_entry_points.def (whose types the
// runtime tests compare with rtlib's prototypes) and, for the collective
// checks of rtlib/parcoach_rt_checks.def, runtime_function.
#ifndef PARCOACH_GIMPLE_RUNTIME_ENTRY_POINTS_H
#define PARCOACH_GIMPLE_RUNTIME_ENTRY_POINTS_H

#include "gcc_compat.h"

namespace parcoach {

enum class EntryPoint {
#define PARCOACH_ENTRY_POINT(name, result, parameters) name,
#include "parcoach_entry_points.def"
#undef PARCOACH_ENTRY_POINT
  Count
};

// The declaration of parcoach_NAME, built once per translation unit and
// kept alive across garbage collections.  `comm_type': for the entry
// points taking the call's communicator (COMM, FORTRAN_COMM), its type.
tree runtime_entry(EntryPoint which, tree comm_type = NULL_TREE);

// Whether `decl' is parcoach_NAME's declaration (false before it is built).
bool is_runtime_entry(tree decl, EntryPoint which);

// The declaration of a runtime function of another type (no exception
// edges).  Like entry_point, it makes the object refer to the runtime's
// marker symbol, so that a link without the runtime names what is missing.
tree runtime_function(const char *name, tree type);

// A call to one of those: PARCOACH's own bookkeeping (the arming of
// created work, checks), which the analyses must not take for the user's
// code (an unknown callee whose result may differ, that may write globals).
bool calls_runtime_function(const gcall *call);

// `const char *', the type of the text parameters.
tree const_string_type();

} // namespace parcoach

#endif
