# parcoach_catch2.m4 -- Catch2 2.x (single header catch2/catch.hpp) for the
# unit tests.
#
# PARCOACH_CATCH2
# ---------------
# Checks that <catch2/catch.hpp> compiles with $CXX -std=c++17 and
# $CATCH2_CPPFLAGS (precious: CATCH2_CPPFLAGS=-I/opt/catch2/include for a
# copy outside the default include path).
AC_DEFUN([PARCOACH_CATCH2],
[AC_ARG_VAR([CATCH2_CPPFLAGS], [preprocessor flags to find catch2/catch.hpp])
AC_MSG_CHECKING([for catch2/catch.hpp (Catch2 2.x)])
AC_LANG_PUSH([C++])
parcoach_save_CPPFLAGS=$CPPFLAGS
parcoach_save_CXXFLAGS=$CXXFLAGS
CPPFLAGS="$CPPFLAGS $CATCH2_CPPFLAGS"
CXXFLAGS="$CXXFLAGS -std=c++17"
AC_COMPILE_IFELSE([AC_LANG_SOURCE([[
#include <catch2/catch.hpp>
#ifndef CATCH_VERSION_MAJOR
# error not Catch2
#endif
TEST_CASE ("configure") { REQUIRE (1 + 1 == 2); }
]])],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([catch2/catch.hpp (Catch2 2.x) not found: the unit tests need it.  Install the Debian package catch2.])])
CPPFLAGS=$parcoach_save_CPPFLAGS
CXXFLAGS=$parcoach_save_CXXFLAGS
AC_LANG_POP([C++])
])
