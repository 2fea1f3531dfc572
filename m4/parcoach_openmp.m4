# parcoach_openmp.m4 -- OpenMP support of the GCC we plug into (the tests
# include hybrid MPI+OpenMP programs, and the plugin must not choke on them).
#
# PARCOACH_OPENMP
# ---------------
# After PARCOACH_MPI.  Checks that `$CC -fopenmp' and `$MPICC -fopenmp'
# build an OpenMP program; substitutes OPENMP_CFLAGS (-fopenmp).
AC_DEFUN([PARCOACH_OPENMP],
[AC_REQUIRE([PARCOACH_MPI])dnl
AC_ARG_VAR([OPENMP_CFLAGS], [flags enabling OpenMP (default: -fopenmp)])
AS_IF([test -z "$OPENMP_CFLAGS"], [OPENMP_CFLAGS=-fopenmp])
m4_define([_PARCOACH_OPENMP_SOURCE], [[
#include <omp.h>
int main (void)
{
  int n = 0;
#pragma omp parallel reduction(+:n)
  n += 1;
  return n < 1 || omp_get_max_threads () < 1;
}]])
for parcoach_omp_cc in "$CC" "$MPICC"; do
  AC_MSG_CHECKING([whether $parcoach_omp_cc $OPENMP_CFLAGS builds an OpenMP program])
  PARCOACH_TRY_BUILD([$parcoach_omp_cc $OPENMP_CFLAGS], [c], [_PARCOACH_OPENMP_SOURCE],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no])
     AC_MSG_ERROR([$parcoach_omp_cc $OPENMP_CFLAGS cannot build an OpenMP program (see config.log).
Install the Debian package libgcc-$GCC_MAJOR-dev (it provides omp.h and libgomp for gcc-$GCC_MAJOR).])])
done
AC_SUBST([OPENMP_CFLAGS])
])
