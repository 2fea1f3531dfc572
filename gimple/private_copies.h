// C++ inline functions and template instantiations: analysed with the
// arguments this file passes, in a copy of this file's own.
//
// Every file that calls an inline function (or an implicitly instantiated
// template) has a definition of it, which GCC emits in a COMDAT group, and
// the linker keeps one of the copies.  So the callers this file shows are
// not all the callers of the copy that will run, yet every other calling
// file compiles (and, with the plugin, analyses) a copy of its own.  The
// unit step takes the parameters of such a function from this file's call
// sites, as for a static function, when the function runs MPI collectives
// or OpenMP constructs (so that its warnings and run-time checks depend on
// what its callers pass); it then makes this file's copy local, so that
// this file's calls run the copy analysed and instrumented for them, and
// the other files' calls their own.  A function that runs neither gets its
// parameters from this file too, without a local copy: what it computes
// reaches this file only through the values it returns and writes, which
// each call site of the analysis takes from its own arguments.
//
// Not concerned, and analysed as public functions: virtual functions (a
// vtable calls them), functions whose address is taken, an explicit
// instantiation or anything else the ABI keeps public (other files may
// call it without a definition of their own), the MPI library's code.
#ifndef PARCOACH_GIMPLE_PRIVATE_COPIES_H
#define PARCOACH_GIMPLE_PRIVATE_COPIES_H

#include "gcc_compat.h"

namespace parcoach {

// At the `cfg' pass: `decl' is this file's copy of a definition every file
// calling it has (and may be made local).
bool is_shared_inline_copy(tree decl);

// At the unit step: no code this file does not show may call this copy
// (its address is not taken, the ABI does not keep it public...).
bool copy_may_be_local(unsigned uid);

// At the unit step: when copy_may_be_local, makes this file's copy of the function whose
// DECL_UID is `uid' (and of the other members of its COMDAT group, the
// C++ constructor and destructor aliases) local.  False when it cannot.
bool make_copy_local(unsigned uid);

} // namespace parcoach

#endif
