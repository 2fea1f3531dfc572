# parcoach_catch2.m4 -- Catch2 2.x (single header catch2/catch.hpp) for the
# unit tests.
#
# PARCOACH_CATCH2
# ---------------
# Checks that <catch2/catch.hpp> compiles with $CXX -std=c++17 and
# $CATCH2_CPPFLAGS (precious: CATCH2_CPPFLAGS=-I/opt/catch2/include for a
# copy outside the default include path).  Only the unit tests need it: when
# it is missing, configure says so and goes on (HAVE_CATCH2=no; `make unit'
# and `make check' then say what they skip).  The result is cached in
# parcoach_cv_catch2 (./configure parcoach_cv_catch2=no forces it off).
AC_DEFUN([PARCOACH_CATCH2],
[AC_ARG_VAR([CATCH2_CPPFLAGS], [preprocessor flags to find catch2/catch.hpp])
AC_CACHE_CHECK([for catch2/catch.hpp (Catch2 2.x)], [parcoach_cv_catch2],
[AC_LANG_PUSH([C++])
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
  [parcoach_cv_catch2=yes], [parcoach_cv_catch2=no])
CPPFLAGS=$parcoach_save_CPPFLAGS
CXXFLAGS=$parcoach_save_CXXFLAGS
AC_LANG_POP([C++])])
HAVE_CATCH2=$parcoach_cv_catch2
AC_SUBST([HAVE_CATCH2])
AS_IF([test "$HAVE_CATCH2" = no],
  [AC_MSG_WARN([catch2/catch.hpp (Catch2 2.x) not found: the plugin builds, but the unit tests will be skipped.  Install Catch2 2.x (Debian: catch2; RHEL/Fedora: catch2-devel) and configure again to run them.])])
])
