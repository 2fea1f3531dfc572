# parcoach_mpi.m4 -- the MPI compiler wrappers and launcher used by the
# examples and the tests.
#
# PARCOACH_MPI
# ------------
# After PARCOACH_GCC_PLUGIN.  Finds MPICC, MPICXX, MPIF90 and MPIEXEC
# (precious variables: MPICC=... on the configure command line or in the
# environment wins).  The MPICH names (mpicc.mpich, ...) come first so that
# an Open MPI installed alongside, which may own the mpicc/mpiexec
# alternatives, does not get in the way.  Then checks that:
#   - MPICC and MPICXX build an MPI program and wrap the GCC release the
#     plugin is built for (a plugin only loads into its own GCC release);
#   - MPIF90 builds an MPI program (warning only if it wraps another GCC);
#   - MPICC and MPIEXEC belong to the same MPI implementation.
AC_DEFUN([PARCOACH_MPI],
[AC_REQUIRE([PARCOACH_GCC_PLUGIN])dnl
parcoach_user_MPICC=${MPICC:+yes}
parcoach_user_MPICXX=${MPICXX:+yes}
parcoach_user_MPIF90=${MPIF90:+yes}
# The Fortran compiler of the same GCC (MPIF90 wraps it when the default
# wrapper wraps another GCC release): gfortran-MAJOR, else gfortran.
AC_ARG_VAR([FC], [GCC Fortran compiler (default: gfortran-MAJOR or gfortran)])
AS_IF([test -z "$FC"], [AC_CHECK_PROGS([FC], [gfortran-$GCC_MAJOR gfortran])])
PARCOACH_FIND_TOOL([MPICC], [mpicc.mpich mpicc], [MPI C compiler wrapper],
                   [the Debian packages mpich libmpich-dev])
PARCOACH_FIND_TOOL([MPICXX], [mpicxx.mpich mpicxx mpic++], [MPI C++ compiler wrapper],
                   [the Debian packages mpich libmpich-dev g++])
PARCOACH_FIND_TOOL([MPIF90], [mpif90.mpich mpifort.mpich mpif90 mpifort], [MPI Fortran compiler wrapper],
                   [the Debian packages mpich libmpich-dev gfortran])
PARCOACH_FIND_TOOL([MPIEXEC], [mpiexec.mpich mpirun.mpich mpiexec mpirun], [MPI launcher],
                   [the Debian package mpich])

# --- MPICC ---------------------------------------------------------------
AC_MSG_CHECKING([whether $MPICC builds an MPI program])
PARCOACH_TRY_BUILD([$MPICC], [c], [[
#include <mpi.h>
#include <stdio.h>
#if defined MPICH_VERSION
const char *parcoach_mpi_impl = "MPICH";
#elif defined OPEN_MPI
const char *parcoach_mpi_impl = "Open MPI";
#else
const char *parcoach_mpi_impl = "unknown";
#endif
int main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Barrier (MPI_COMM_WORLD);
  MPI_Finalize ();
  return parcoach_mpi_impl == 0;
}]],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([MPICC=$MPICC cannot build an MPI program (see config.log).
Install the Debian packages mpich libmpich-dev, or set MPICC to a working MPI C compiler wrapper.])])

AC_MSG_CHECKING([which GCC $MPICC wraps])
parcoach_mpi_version=PARCOACH_GCC_VERSION_OF([$MPICC])
AC_MSG_RESULT([$parcoach_mpi_version])
PARCOACH_MPI_MATCH_GCC([MPICC], [-cc=$CC])
AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION"],
  [AC_MSG_ERROR([MPICC=$MPICC wraps GCC '$parcoach_mpi_version' but the plugin is built for GCC $GCC_VERSION ($CC): GCC only loads plugins built for its own release.
Use an MPICC that wraps $CC (for MPICH: MPICH_CC=$CC), or configure with CC/CXX of that GCC.])])

# --- MPICXX --------------------------------------------------------------
AC_MSG_CHECKING([whether $MPICXX builds an MPI program])
PARCOACH_TRY_BUILD([$MPICXX], [cc], [[
#include <mpi.h>
int main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Finalize ();
  return 0;
}]],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([MPICXX=$MPICXX cannot build an MPI C++ program (see config.log).
Install the Debian packages mpich libmpich-dev g++, or set MPICXX to a working MPI C++ compiler wrapper.])])
AC_MSG_CHECKING([which GCC $MPICXX wraps])
parcoach_mpi_version=PARCOACH_GCC_VERSION_OF([$MPICXX])
AC_MSG_RESULT([$parcoach_mpi_version])
PARCOACH_MPI_MATCH_GCC([MPICXX], [-cxx=$CXX])
AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION"],
  [AC_MSG_ERROR([MPICXX=$MPICXX wraps GCC '$parcoach_mpi_version' but the plugin is built for GCC $GCC_VERSION: GCC only loads plugins built for its own release.
Use an MPICXX that wraps $CXX (for MPICH: MPICH_CXX=$CXX).])])

# --- MPIF90 --------------------------------------------------------------
AC_MSG_CHECKING([whether $MPIF90 builds an MPI program])
PARCOACH_TRY_BUILD([$MPIF90], [f90], [[
program conftest
  implicit none
  include 'mpif.h'
  integer :: ierr
  call MPI_INIT(ierr)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call MPI_FINALIZE(ierr)
end program conftest]],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([MPIF90=$MPIF90 cannot build an MPI Fortran program (see config.log).
Install the Debian packages gfortran mpich libmpich-dev, or set MPIF90 to a working MPI Fortran compiler wrapper.])])
AC_MSG_CHECKING([which GCC $MPIF90 wraps])
parcoach_mpi_version=PARCOACH_GCC_VERSION_OF([$MPIF90])
AC_MSG_RESULT([$parcoach_mpi_version])
PARCOACH_MPI_MATCH_GCC([MPIF90], [-fc=$FC])
AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION"],
  [AC_MSG_WARN([MPIF90=$MPIF90 wraps GCC '$parcoach_mpi_version', not GCC $GCC_VERSION: the Fortran tests will fail to load the plugin (install gfortran-$GCC_MAJOR).])])

# --- MPIEXEC -------------------------------------------------------------
AC_MSG_CHECKING([which MPI implementation $MPICC belongs to])
parcoach_save_CC=$CC
CC=$MPICC
AC_LANG_PUSH([C])
AC_COMPUTE_INT([parcoach_mpi_impl_cc], [PARCOACH_IMPL], [[
#include <mpi.h>
#if defined MPICH_VERSION
# define PARCOACH_IMPL 1
#elif defined OPEN_MPI
# define PARCOACH_IMPL 2
#else
# define PARCOACH_IMPL 0
#endif
]], [parcoach_mpi_impl_cc=0])
AC_LANG_POP([C])
CC=$parcoach_save_CC
AS_CASE([$parcoach_mpi_impl_cc],
  [1], [parcoach_mpi_impl_cc=MPICH],
  [2], [parcoach_mpi_impl_cc="Open MPI"],
  [parcoach_mpi_impl_cc=unknown])
AC_MSG_RESULT([$parcoach_mpi_impl_cc])

AC_MSG_CHECKING([which MPI implementation $MPIEXEC belongs to])
AS_IF([$MPIEXEC --version >&AS_MESSAGE_LOG_FD 2>&1], [],
  [AC_MSG_RESULT([?])
   AC_MSG_ERROR([MPIEXEC=$MPIEXEC does not run ('$MPIEXEC --version' failed, see config.log).
Install the Debian package mpich, or set MPIEXEC to the MPI launcher (mpiexec.mpich).])])
parcoach_mpiexec_version=`$MPIEXEC --version 2>&1 | sed 10q`
AS_CASE([$parcoach_mpiexec_version],
  [*HYDRA*|*MPICH*|*mpich*], [parcoach_mpi_impl_exec=MPICH],
  [*"Open MPI"*|*OpenRTE*|*"Open RTE"*|*PRRTE*], [parcoach_mpi_impl_exec="Open MPI"],
  [parcoach_mpi_impl_exec=unknown])
AC_MSG_RESULT([$parcoach_mpi_impl_exec])
AS_IF([test "$parcoach_mpi_impl_cc" != unknown &&
       test "$parcoach_mpi_impl_exec" != unknown &&
       test "$parcoach_mpi_impl_cc" != "$parcoach_mpi_impl_exec"],
  [AC_MSG_ERROR([MPICC=$MPICC is $parcoach_mpi_impl_cc but MPIEXEC=$MPIEXEC is $parcoach_mpi_impl_exec: programs would not start.
Set MPIEXEC to the launcher of $parcoach_mpi_impl_cc (MPICH: mpiexec.mpich from the Debian package mpich).])])
])

# PARCOACH_MPI_MATCH_GCC(VARIABLE, OPTION)
# ----------------------------------------
# When the MPI wrapper VARIABLE (found by configure, not given by the user)
# wraps another GCC release than $GCC_VERSION, try `$VARIABLE OPTION'
# (MPICH: -cc=gcc-11, -cxx=g++-11, -fc=gfortran-11), so that
# `./configure CC=gcc-11 CXX=g++-11 FC=gfortran-11' needs nothing else.
# Updates parcoach_mpi_version.
AC_DEFUN([PARCOACH_MPI_MATCH_GCC],
[AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION" &&
       test "x$parcoach_user_$1" != xyes],
  [parcoach_mpi_try="$$1 $2"
   parcoach_mpi_try_version=PARCOACH_GCC_VERSION_OF([$parcoach_mpi_try])
   AS_IF([test "x$parcoach_mpi_try_version" = "x$GCC_VERSION"],
     [AC_MSG_NOTICE([using $1="$parcoach_mpi_try" (wraps GCC $GCC_VERSION)])
      $1=$parcoach_mpi_try
      parcoach_mpi_version=$parcoach_mpi_try_version])])
])
