# parcoach_gcc_plugin.m4 -- the GCC that PARCOACH is a plugin for.
#
# PARCOACH_GCC_COMPILERS
# ----------------------
# Must run before AC_PROG_CC/AC_PROG_CXX: makes sure CC and CXX are
# executables, so that a missing compiler gives a message naming the Debian
# package instead of Autoconf's generic "no acceptable C compiler".
AC_DEFUN([PARCOACH_GCC_COMPILERS],
[AS_IF([test -z "$CC"], [AC_CHECK_PROGS([CC], [gcc])])
AS_IF([test -z "$CC"],
  [AC_MSG_ERROR([no GCC C compiler found.  Install the Debian package gcc, or set CC=gcc-NN.])])
AS_IF([$CC -dumpversion >/dev/null 2>&1], [],
  [AC_MSG_ERROR([CC=$CC does not run.  Install the Debian package gcc, or set CC to a GCC C compiler.])])
# The C++ compiler of the same GCC: gcc-13 -> g++-13, /opt/x/bin/gcc ->
# /opt/x/bin/g++, else g++-MAJOR, else g++.
AS_IF([test -z "$CXX"],
  [parcoach_cc_major=`$CC -dumpversion 2>/dev/null | sed 's/\..*//'`
   parcoach_cxx_guess=`echo "$CC" | sed -n 's/\(.*\)gcc/\1g++/p'`
   AS_CASE([$parcoach_cxx_guess],
     [*/*], [AS_IF([test -x "$parcoach_cxx_guess"], [CXX=$parcoach_cxx_guess])])
   AS_IF([test -z "$CXX"],
     [AC_CHECK_PROGS([CXX], [$parcoach_cxx_guess g++-$parcoach_cc_major g++])])])
AS_IF([test -z "$CXX"],
  [AC_MSG_ERROR([no GCC C++ compiler found.  Install the Debian package g++, or set CXX=g++-NN.])])
AS_IF([$CXX -dumpversion >/dev/null 2>&1], [],
  [AC_MSG_ERROR([CXX=$CXX does not run.  Install the Debian package g++, or set CXX to a GCC C++ compiler.])])
])

# PARCOACH_GCC_PLUGIN
# -------------------
# After AC_PROG_CC and AC_PROG_CXX.  Checks that CC is GCC (not clang), that
# CXX is the same GCC release, and finds GCC's plugin directory (with
# include/gcc-plugin.h).  Substitutes GCC_VERSION (`$CC -dumpversion'),
# GCC_FULL_VERSION (`$CC -dumpfullversion'), GCC_MAJOR and GCC_PLUGIN_DIR.
# The compile test of the plugin headers is PARCOACH_GCC_PLUGIN_HEADERS (it
# needs gmp.h, see parcoach_gmp.m4).
AC_DEFUN([PARCOACH_GCC_PLUGIN],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_REQUIRE([AC_PROG_CXX])dnl
AC_MSG_CHECKING([whether $CC is GCC])
AC_LANG_PUSH([C])
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#if !defined __GNUC__ || defined __clang__ || defined __INTEL_COMPILER
# error not GCC
#endif
]])], [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([CC=$CC is not GCC: PARCOACH is a GCC plugin.  Install the Debian package gcc and use CC=gcc.])])
AC_LANG_POP([C])

AC_MSG_CHECKING([for the version of $CC])
GCC_VERSION=PARCOACH_GCC_VERSION_OF([$CC])
GCC_FULL_VERSION=`$CC -dumpfullversion -dumpversion 2>/dev/null`
GCC_MAJOR=`echo "$GCC_VERSION" | sed 's/\..*//'`
AS_IF([test -z "$GCC_FULL_VERSION"], [GCC_FULL_VERSION=$GCC_VERSION])
AC_MSG_RESULT([$GCC_FULL_VERSION])
AS_IF([test -z "$GCC_MAJOR"],
  [AC_MSG_ERROR([cannot get the version of CC=$CC ($CC -dumpversion printed nothing).])])

AC_MSG_CHECKING([whether $CXX is the same GCC release])
parcoach_cxx_version=PARCOACH_GCC_VERSION_OF([$CXX])
AS_IF([test "x$parcoach_cxx_version" = "x$GCC_VERSION"],
  [AC_MSG_RESULT([yes ($parcoach_cxx_version)])],
  [AC_MSG_RESULT([no ($parcoach_cxx_version)])
   AC_MSG_ERROR([CXX=$CXX is GCC '$parcoach_cxx_version' but CC=$CC is GCC $GCC_VERSION: the plugin must be built with the C++ compiler of the GCC it plugs into.
Install the Debian package g++-$GCC_MAJOR and use CXX=g++-$GCC_MAJOR.])])

AC_ARG_VAR([GCC_PLUGIN_DIR], [GCC plugin directory (default: `$CC -print-file-name=plugin`)])
AC_MSG_CHECKING([for the GCC plugin directory])
AS_IF([test -z "$GCC_PLUGIN_DIR"],
  [GCC_PLUGIN_DIR=`$CC -print-file-name=plugin 2>/dev/null`])
AC_MSG_RESULT([$GCC_PLUGIN_DIR])
AC_MSG_CHECKING([for $GCC_PLUGIN_DIR/include/gcc-plugin.h])
AS_IF([test -f "$GCC_PLUGIN_DIR/include/gcc-plugin.h"],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([the plugin headers of GCC $GCC_VERSION ($CC) are not installed.
Install the Debian package gcc-$GCC_MAJOR-plugin-dev (sudo apt-get install gcc-$GCC_MAJOR-plugin-dev, or run: make deps).])])

AC_SUBST([GCC_VERSION])
AC_SUBST([GCC_FULL_VERSION])
AC_SUBST([GCC_MAJOR])
AC_SUBST([GCC_PLUGIN_DIR])
])

# PARCOACH_GCC_PLUGIN_HEADERS
# ---------------------------
# After PARCOACH_GCC_PLUGIN and PARCOACH_GMP: compile a C++ file including
# the plugin headers with the flags the Makefile uses for the plugin.
AC_DEFUN([PARCOACH_GCC_PLUGIN_HEADERS],
[AC_MSG_CHECKING([whether $CXX can compile against the GCC plugin headers])
AC_LANG_PUSH([C++])
parcoach_save_CPPFLAGS=$CPPFLAGS
parcoach_save_CXXFLAGS=$CXXFLAGS
CPPFLAGS="$CPPFLAGS -I$GCC_PLUGIN_DIR/include"
CXXFLAGS="$CXXFLAGS -std=gnu++17 -fPIC -fno-rtti"
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
int plugin_is_GPL_compatible;
]], [[return gcc_version.basever == 0;]])],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([$CXX cannot compile a file including $GCC_PLUGIN_DIR/include/gcc-plugin.h (see config.log).
Reinstall the Debian packages g++-$GCC_MAJOR gcc-$GCC_MAJOR-plugin-dev libgmp-dev.])])
CPPFLAGS=$parcoach_save_CPPFLAGS
CXXFLAGS=$parcoach_save_CXXFLAGS
AC_LANG_POP([C++])
])
