// Functions of the language runtimes that the summaries leave out
// (issue 15: summary size).  GCC side.
//
// A call to a function of another file is a site the link step may judge
// (program_summary.h), and each function of the unit lists the other
// files' functions it may call.  The C++ standard library's functions
// (std::, __gnu_cxx::, operator new and delete) never run a collective of
// the program and are never defined in an object built with PARCOACH:
// listing them made the summaries of C++ code mostly library names (every
// template instance of a container calls operator new).  They are treated
// as the C library's builtins and the MPI and compiler runtimes already
// are: calls that run no collective.
#ifndef PARCOACH_GIMPLE_RUNTIME_CALLEES_H
#define PARCOACH_GIMPLE_RUNTIME_CALLEES_H

#include "gcc_compat.h"

#include <string>

namespace parcoach {

// Whether `callee' (a FUNCTION_DECL) belongs to the C++ standard library.
bool is_language_runtime_function(tree callee);

// The name the value flow's library table knows a function of namespace
// std by ("std::basic_istream::_M_extract"), or empty: see the definition.
std::string std_library_name(tree callee);

// Every parameter of `callee' is of a fundamental type, a class of
// namespace std, or a pointer or reference to one: an instantiation for no
// type of the program (std::string's constructor from a `const char *'),
// whose body calls none of the program's functions (not the constructor
// from a pair of the program's iterators).  The template arguments of the
// std classes are not looked at.
bool takes_only_library_types(tree callee);

} // namespace parcoach

#endif
