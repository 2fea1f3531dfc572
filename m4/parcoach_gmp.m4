# parcoach_gmp.m4 -- gmp.h, which GCC's plugin headers include.
#
# PARCOACH_GMP
# ------------
# Compile a C++ test including <gmp.h> (the plugin is C++, and GCC's
# system.h includes gmp.h).  AC_MSG_ERROR naming libgmp-dev when it fails.
AC_DEFUN([PARCOACH_GMP],
[AC_MSG_CHECKING([for gmp.h])
AC_LANG_PUSH([C++])
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include <gmp.h>]],
                                   [[mpz_t x; mpz_init (x); mpz_clear (x);]])],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([gmp.h not found: GCC's plugin headers need it.  Install the Debian package libgmp-dev.])])
AC_LANG_POP([C++])
])
