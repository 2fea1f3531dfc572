# parcoach_mpi.m4 -- the MPI compiler wrappers and launcher used by the
# runtime library, the examples and the tests.  MPICH and Open MPI.
#
# PARCOACH_MPI
# ------------
# After PARCOACH_GCC_PLUGIN.  Finds MPICC, MPICXX, MPIF90 and MPIEXEC
# (precious variables: MPICC=... on the configure command line or in the
# environment wins) and MPIEXEC_FLAGS, and substitutes MPI_IMPL (MPICH,
# Open MPI or unknown).
#
# Which MPI: MPICC decides.  Unless given, it is mpicc.mpich, else mpicc:
# MPICH's own names come first, so that a build is the same on a machine
# where Open MPI is installed alongside and owns the mpicc/mpiexec
# alternatives (Debian gives Open MPI the higher priority).  MPICXX, MPIF90
# and MPIEXEC, unless given, then follow MPICC: first its siblings (same
# directory, same suffix: mpicc.openmpi -> mpicxx.openmpi, mpif90.openmpi,
# mpiexec.openmpi; /opt/x/bin/mpicc -> /opt/x/bin/mpicxx...), then the
# names of MPICC's implementation (mpicxx.mpich or mpicxx.openmpi...), then
# the generic names.  So `./configure MPICC=mpicc.openmpi' is a complete
# Open MPI configuration.
#
# Checks that:
#   - MPICC and MPICXX build an MPI program, are the same implementation,
#     and wrap the GCC release the plugin is built for (a plugin only loads
#     into its own GCC release); when they wrap another one, configure tries
#     to make them wrap $CC/$CXX ($FC for MPIF90): MPICH's -cc=, -cxx=,
#     -fc= options, Open MPI's OMPI_CC, OMPI_CXX, OMPI_FC variables;
#   - MPIF90 builds an MPI program (warning only if it wraps another GCC);
#   - MPICC and MPIEXEC belong to the same MPI implementation;
#   - MPIEXEC MPIEXEC_FLAGS -n 2 runs the MPI program (warning only).
#
# MPIEXEC_FLAGS: options the tests give the launcher.  Default: none for
# MPICH; --oversubscribe for Open MPI, whose mpiexec refuses to start more
# processes than there are cores (the tests start up to 4).  The MPIEXEC
# written to config.mk is "MPIEXEC MPIEXEC_FLAGS".  (Open MPI also refuses
# to run as root: the Makefile exports OMPI_ALLOW_RUN_AS_ROOT=1 and
# OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 for the tests.)
AC_DEFUN([PARCOACH_MPI],
[AC_REQUIRE([PARCOACH_GCC_PLUGIN])dnl
parcoach_user_MPICC=${MPICC:+yes}
parcoach_user_MPICXX=${MPICXX:+yes}
parcoach_user_MPIF90=${MPIF90:+yes}
parcoach_user_MPIEXEC=${MPIEXEC:+yes}
# The Fortran compiler of the same GCC (MPIF90 wraps it when the default
# wrapper wraps another GCC release): gfortran-MAJOR, else gfortran.
AC_ARG_VAR([FC], [GCC Fortran compiler (default: gfortran-MAJOR or gfortran)])
AS_IF([test -z "$FC"], [AC_CHECK_PROGS([FC], [gfortran-$GCC_MAJOR gfortran])])
PARCOACH_FIND_TOOL([MPICC], [mpicc.mpich mpicc], [MPI C compiler wrapper],
                   [the Debian packages mpich libmpich-dev])

# --- MPICC ---------------------------------------------------------------
AC_MSG_CHECKING([whether $MPICC builds an MPI program])
PARCOACH_TRY_BUILD([$MPICC], [c], [[
#include <mpi.h>
int main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Barrier (MPI_COMM_WORLD);
  MPI_Finalize ();
  return 0;
}]],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([MPICC=$MPICC cannot build an MPI program (see config.log).
Install the Debian packages mpich libmpich-dev, or set MPICC to a working MPI C compiler wrapper.])])

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
# parcoach_mpi_macro: the macro of mpi.h that identifies the implementation
# (to check MPICXX); parcoach_mpi_flavour: Debian's suffix for its wrappers;
# parcoach_mpi_debian: the Debian packages, for the messages.
AS_CASE([$parcoach_mpi_impl_cc],
  [1], [MPI_IMPL=MPICH parcoach_mpi_macro=MPICH_VERSION parcoach_mpi_flavour=mpich
        parcoach_mpi_debian="mpich libmpich-dev"],
  [2], [MPI_IMPL="Open MPI" parcoach_mpi_macro=OPEN_MPI parcoach_mpi_flavour=openmpi
        parcoach_mpi_debian="openmpi-bin libopenmpi-dev"],
  [MPI_IMPL=unknown parcoach_mpi_macro= parcoach_mpi_flavour=
   parcoach_mpi_debian="mpich libmpich-dev"])
AC_MSG_RESULT([$MPI_IMPL])

AC_MSG_CHECKING([which GCC $MPICC wraps])
parcoach_mpi_version=PARCOACH_GCC_VERSION_OF([$MPICC])
AC_MSG_RESULT([$parcoach_mpi_version])
PARCOACH_MPI_MATCH_GCC([MPICC], [-cc=$CC], [OMPI_CC=$CC])
AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION"],
  [AC_MSG_ERROR([MPICC=$MPICC wraps GCC '$parcoach_mpi_version' but the plugin is built for GCC $GCC_VERSION ($CC): GCC only loads plugins built for its own release.
Use an MPICC that wraps $CC (MPICH: MPICH_CC=$CC; Open MPI: OMPI_CC=$CC), or configure with CC/CXX of that GCC.])])

# --- Siblings of MPICC ---------------------------------------------------
# MPICC's directory and the suffix after "mpicc" in its name (when its
# first word is named mpicc*): the other wrappers and the launcher of the
# same installation have the same.
parcoach_mpi_dir= parcoach_mpi_suffix=
set dummy $MPICC
parcoach_mpi_word=$[2]
AS_IF([test "x$parcoach_mpi_word" = xenv],
  [# "env OMPI_CC=gcc-11 /usr/bin/mpicc.openmpi": the last word.
   for parcoach_mpi_word in $MPICC; do :; done])
AS_CASE([$parcoach_mpi_word],
  [*/*], [],
  [parcoach_mpi_word=`command -v "$parcoach_mpi_word" 2>/dev/null`])
parcoach_mpi_base=`basename "$parcoach_mpi_word" 2>/dev/null`
AS_CASE([$parcoach_mpi_base],
  [mpicc*], [parcoach_mpi_dir=`dirname "$parcoach_mpi_word"`
             parcoach_mpi_suffix=`echo "$parcoach_mpi_base" | sed 's/^mpicc//'`])
parcoach_mpi_siblings () # NAME...: the siblings of MPICC with these names
{
  test -n "$parcoach_mpi_dir" || return 0
  for parcoach_mpi_name
  do
    echo "$parcoach_mpi_dir/$parcoach_mpi_name$parcoach_mpi_suffix"
  done
}
# Names to look for in $PATH, MPICC's implementation first.
AS_CASE([$parcoach_mpi_flavour],
  [openmpi],
    [parcoach_mpi_cxx_names="mpicxx.openmpi mpic++.openmpi mpicxx mpic++"
     parcoach_mpi_f90_names="mpif90.openmpi mpifort.openmpi mpif90 mpifort"
     parcoach_mpi_exec_names="mpiexec.openmpi mpirun.openmpi mpiexec mpirun"],
    [parcoach_mpi_cxx_names="mpicxx.mpich mpicxx mpic++"
     parcoach_mpi_f90_names="mpif90.mpich mpifort.mpich mpif90 mpifort"
     parcoach_mpi_exec_names="mpiexec.mpich mpirun.mpich mpiexec mpirun"])

# --- MPICXX --------------------------------------------------------------
PARCOACH_FIND_TOOL([MPICXX], [$parcoach_mpi_cxx_names], [MPI C++ compiler wrapper],
                   [the Debian packages $parcoach_mpi_debian g++],
                   [`parcoach_mpi_siblings mpicxx mpic++`])
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
Install the Debian packages $parcoach_mpi_debian g++, or set MPICXX to a working MPI C++ compiler wrapper.])])
AS_IF([test -n "$parcoach_mpi_macro"],
  [AC_MSG_CHECKING([whether $MPICXX is $MPI_IMPL too])
   PARCOACH_TRY_BUILD([$MPICXX], [cc], [[
#include <mpi.h>
#ifndef $parcoach_mpi_macro
# error not the MPI implementation of MPICC
#endif
int main (void) { return 0; }]],
     [AC_MSG_RESULT([yes])],
     [AC_MSG_RESULT([no])
      AC_MSG_ERROR([MPICXX=$MPICXX is not $MPI_IMPL like MPICC=$MPICC (see config.log).
Set MPICXX to the C++ wrapper of the same MPI (e.g. mpicxx.$parcoach_mpi_flavour).])])])
AC_MSG_CHECKING([which GCC $MPICXX wraps])
parcoach_mpi_version=PARCOACH_GCC_VERSION_OF([$MPICXX])
AC_MSG_RESULT([$parcoach_mpi_version])
PARCOACH_MPI_MATCH_GCC([MPICXX], [-cxx=$CXX], [OMPI_CXX=$CXX])
AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION"],
  [AC_MSG_ERROR([MPICXX=$MPICXX wraps GCC '$parcoach_mpi_version' but the plugin is built for GCC $GCC_VERSION: GCC only loads plugins built for its own release.
Use an MPICXX that wraps $CXX (MPICH: MPICH_CXX=$CXX; Open MPI: OMPI_CXX=$CXX).])])

# --- MPIF90 --------------------------------------------------------------
PARCOACH_FIND_TOOL([MPIF90], [$parcoach_mpi_f90_names], [MPI Fortran compiler wrapper],
                   [the Debian packages $parcoach_mpi_debian gfortran],
                   [`parcoach_mpi_siblings mpif90 mpifort`])
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
Install the Debian packages gfortran $parcoach_mpi_debian, or set MPIF90 to a working MPI Fortran compiler wrapper.])])
AC_MSG_CHECKING([which GCC $MPIF90 wraps])
parcoach_mpi_version=PARCOACH_GCC_VERSION_OF([$MPIF90])
AC_MSG_RESULT([$parcoach_mpi_version])
PARCOACH_MPI_MATCH_GCC([MPIF90], [-fc=$FC], [OMPI_FC=$FC])
AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION"],
  [AC_MSG_WARN([MPIF90=$MPIF90 wraps GCC '$parcoach_mpi_version', not GCC $GCC_VERSION: the Fortran tests will fail to load the plugin (install gfortran-$GCC_MAJOR).])])

# --- MPIEXEC -------------------------------------------------------------
PARCOACH_FIND_TOOL([MPIEXEC], [$parcoach_mpi_exec_names], [MPI launcher],
                   [the Debian package(s) $parcoach_mpi_debian],
                   [`parcoach_mpi_siblings mpiexec mpirun`])
AC_MSG_CHECKING([which MPI implementation $MPIEXEC belongs to])
AS_IF([$MPIEXEC --version >&AS_MESSAGE_LOG_FD 2>&1], [],
  [AC_MSG_RESULT([?])
   AC_MSG_ERROR([MPIEXEC=$MPIEXEC does not run ('$MPIEXEC --version' failed, see config.log).
Set MPIEXEC to the MPI launcher of $MPI_IMPL (Debian: mpiexec.${parcoach_mpi_flavour:-mpich}).])])
parcoach_mpiexec_version=`$MPIEXEC --version 2>&1 | sed 10q`
AS_CASE([$parcoach_mpiexec_version],
  [*HYDRA*|*MPICH*|*mpich*], [parcoach_mpi_impl_exec=MPICH],
  [*"Open MPI"*|*OpenRTE*|*"Open RTE"*|*PRRTE*|*prterun*], [parcoach_mpi_impl_exec="Open MPI"],
  [parcoach_mpi_impl_exec=unknown])
AC_MSG_RESULT([$parcoach_mpi_impl_exec])
AS_IF([test "$MPI_IMPL" != unknown &&
       test "$parcoach_mpi_impl_exec" != unknown &&
       test "$MPI_IMPL" != "$parcoach_mpi_impl_exec"],
  [AC_MSG_ERROR([MPICC=$MPICC is $MPI_IMPL but MPIEXEC=$MPIEXEC is $parcoach_mpi_impl_exec: programs would not start.
Set MPIEXEC to the launcher of $MPI_IMPL (Debian: mpiexec.$parcoach_mpi_flavour).])])

AC_ARG_VAR([MPIEXEC_FLAGS],
  [options of MPIEXEC for the tests (default: --oversubscribe for Open MPI, none otherwise)])
AC_MSG_CHECKING([for the options of $MPIEXEC])
AS_IF([test "${MPIEXEC_FLAGS+set}" != set],
  [AS_CASE([$parcoach_mpi_impl_exec],
     ["Open MPI"], [MPIEXEC_FLAGS=--oversubscribe],
     [MPIEXEC_FLAGS=])])
AC_MSG_RESULT([${MPIEXEC_FLAGS:-none}])
AS_IF([test -n "$MPIEXEC_FLAGS"], [MPIEXEC="$MPIEXEC $MPIEXEC_FLAGS"])

# Start 2 processes, as the tests do: a warning only (configure may run
# where jobs cannot start, e.g. as root without Open MPI's permission).
AC_MSG_CHECKING([whether $MPIEXEC -n 2 runs an MPI program])
parcoach_mpi_ran=no
rm -f conftest_parcoach*
cat > conftest_parcoach.c <<_PARCOACH_EOF
#include <mpi.h>
int main (int argc, char **argv)
{
  int size = 0;
  MPI_Init (&argc, &argv);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  MPI_Barrier (MPI_COMM_WORLD);
  MPI_Finalize ();
  return size != 2;
}
_PARCOACH_EOF
parcoach_timeout=
AS_IF([command -v timeout >/dev/null 2>&1], [parcoach_timeout="timeout 60"])
AS_IF([$MPICC conftest_parcoach.c -o conftest_parcoach$EXEEXT >&AS_MESSAGE_LOG_FD 2>&1 &&
       $parcoach_timeout $MPIEXEC -n 2 ./conftest_parcoach$EXEEXT >&AS_MESSAGE_LOG_FD 2>&1],
  [parcoach_mpi_ran=yes])
rm -f conftest_parcoach*
AC_MSG_RESULT([$parcoach_mpi_ran])
AS_IF([test $parcoach_mpi_ran != yes],
  [AS_CASE([$parcoach_mpi_impl_exec:`id -u 2>/dev/null`:${OMPI_ALLOW_RUN_AS_ROOT:-}],
     ["Open MPI:0:"],
       [AC_MSG_WARN([$MPIEXEC -n 2 could not run an MPI program: Open MPI refuses to run as root unless OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 are set (the Makefile sets them for the tests).])],
     [AC_MSG_WARN([$MPIEXEC -n 2 could not run an MPI program (see config.log): the tests that run MPI jobs will fail.
Set MPIEXEC (and MPIEXEC_FLAGS) to a working launcher of $MPI_IMPL.])])])

AC_SUBST([MPI_IMPL])
AC_SUBST([MPIEXEC_FLAGS])
])

# PARCOACH_MPI_MATCH_GCC(VARIABLE, MPICH-OPTION, OPEN-MPI-ASSIGNMENT)
# -------------------------------------------------------------------
# When the MPI wrapper VARIABLE (found by configure, not given by the user)
# wraps another GCC release than $GCC_VERSION, make it wrap ours: MPICH
# takes an option (`$VARIABLE -cc=gcc-11', -cxx=, -fc=), Open MPI a
# variable in the environment (`env OMPI_CC=gcc-11 $VARIABLE').  So
# `./configure CC=gcc-11 CXX=g++-11 FC=gfortran-11' needs nothing else.
# Uses MPI_IMPL; updates parcoach_mpi_version.
AC_DEFUN([PARCOACH_MPI_MATCH_GCC],
[AS_IF([test "x$parcoach_mpi_version" != "x$GCC_VERSION" &&
       test "x$parcoach_user_$1" != xyes],
  [AS_CASE([$MPI_IMPL],
     ["Open MPI"], [parcoach_mpi_try="env $3 $$1"],
     [parcoach_mpi_try="$$1 $2"])
   parcoach_mpi_try_version=PARCOACH_GCC_VERSION_OF([$parcoach_mpi_try])
   AS_IF([test "x$parcoach_mpi_try_version" = "x$GCC_VERSION"],
     [AC_MSG_NOTICE([using $1="$parcoach_mpi_try" (wraps GCC $GCC_VERSION)])
      $1=$parcoach_mpi_try
      parcoach_mpi_version=$parcoach_mpi_try_version])])
])
