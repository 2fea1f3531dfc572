#!/bin/bash
# tests/openmpi/run.sh -- PARCOACH with Open MPI (run by `make check' when
# Open MPI is installed; Debian packages openmpi-bin libopenmpi-dev).
#
# The runtime library is built for one MPI implementation (MPI_Comm is an
# int in MPICH, a pointer in Open MPI: another ABI), so Open MPI gets a
# build of its own, next to the main one: build/openmpi (under another
# BUILD=DIR: DIR/openmpi), configured with MPICC=mpicc.openmpi only --
# configure must find the other wrappers and the launcher by itself (their
# siblings mpicxx.openmpi, mpif90.openmpi, mpiexec.openmpi) and add
# --oversubscribe to the launcher.  The build is kept between runs.  Then,
# against that build and Open MPI's wrappers and launcher:
#   - the configuration (MPI_IMPL, the wrappers and launcher found);
#   - the runtime depends on the MPI library of Open MPI programs, not on
#     another one;
#   - tests/rtlib/run.sh (the runtime tests), tests/plugin/run.sh (the
#     plugin loading into Open MPI's wrappers), tests/run_errbench.py (the
#     whole errbench suite: warnings, instrumentation of pointer handles,
#     runs that must stop or finish), tests/multifile/run.py's programs
#     calling libraries built without the plugin.
#
# Environment: OPENMPI_MPICC (default mpicc.openmpi, else mpicc when it is
# Open MPI's), PARCOACH_OPENMPI_BUILD (the build directory), PARCOACH_BUILD,
# PARCOACH_SRCDIR, ERRBENCH_ARGS (extra arguments of run_errbench.py, e.g.
# "-k fortran" for a subset), OPENMPI_ERRBENCH_EVERY=N (a sample of the
# errbench: every Nth program and every one that needs Open MPI; `make
# check' gives 10 to stay within its time budget, `make check-openmpi' runs
# them all).
#
# Open MPI's mpiexec refuses to run as root: OMPI_ALLOW_RUN_AS_ROOT and
# OMPI_ALLOW_RUN_AS_ROOT_CONFIRM are set here (the Makefile sets them too).
# Open MPI 4.1's osc/rdma component cannot create a window on a communicator
# of one process (MPI_Win_create fails with MPI_ERR_WIN: open-mpi/ompi issue
# 10726); the runtime test (11) creates such windows, so unless OMPI_MCA_osc
# is set, it is set to ^rdma (the other one-sided components stay).  In
# containers that forbid process_vm_readv (no CAP_SYS_PTRACE), the shared
# memory transport's single-copy mechanism fails on large messages: unless
# set, OMPI_MCA_btl_vader_single_copy_mechanism=none (plain copies).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=${PARCOACH_SRCDIR:-$(cd "$here/../.." && pwd)}
main_build=${PARCOACH_BUILD:-build}
case $main_build in
  build|./build|build/) build=build/openmpi ;;
  *) build=${main_build%/}/openmpi ;;
esac
build=${PARCOACH_OPENMPI_BUILD:-$build}
case $build in
  /*) build_dir=$build ;;
  *) build_dir=$src/$build ;;
esac

failures=0
pass () { echo "PASS $1"; }
fail ()
{
  echo "FAIL $1${2:+: $2}"
  failures=$((failures + 1))
  if [ -n "${3:-}" ] && [ -s "$3" ]; then
    tail -n 40 "$3" | sed -e 's/^/    | /'
  fi
}

# --- Is Open MPI installed? -------------------------------------------------
is_openmpi ()  # is_openmpi LANGUAGE COMPILER: COMPILER's mpi.h is Open MPI's
{
  printf '#include <mpi.h>\n#ifndef OPEN_MPI\n#error no\n#endif\n' \
    | $2 -E -x "$1" - > /dev/null 2>&1
}
mpicc=${OPENMPI_MPICC:-}
if [ -z "$mpicc" ]; then
  for candidate in mpicc.openmpi mpicc; do
    if command -v $candidate > /dev/null 2>&1 && is_openmpi c $candidate; then
      mpicc=$candidate
      break
    fi
  done
fi
if [ -z "$mpicc" ]; then
  echo "SKIP Open MPI tests: no Open MPI C wrapper (mpicc.openmpi; Debian packages" \
       "openmpi-bin libopenmpi-dev, installed by 'make deps')"
  exit 0
fi
if ! is_openmpi c "$mpicc"; then
  fail "openmpi-wrapper" "$mpicc does not compile against Open MPI's mpi.h"
  exit 1
fi

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_osc=${OMPI_MCA_osc-^rdma}
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism-none}

# The MPI C wrapper of the main build (MPICH, normally), from make check.
main_mpicc=${MPICC:-}

# --- Build ----------------------------------------------------------------
# The outer make's settings (the MPICH wrappers of the main build,
# command-line variables in MAKEFLAGS) must not reach this configure.
unset MPICC MPICXX MPIF90 MPIEXEC MPIEXEC_FLAGS CC CXX FC CFLAGS CXXFLAGS LDFLAGS
unset MAKEFLAGS MFLAGS MAKELEVEL BUILD_DIR PARCOACH_CONFIG PARCOACH_BUILD
jobs=$(nproc 2> /dev/null || echo 2)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/parcoach-openmpi.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# The plugin does not depend on the MPI (only the runtime does): when this
# build is configured with the main build's compiler, flags and GCC, its
# plugin objects are the main build's, byte for byte.  A first build starts
# from a copy of them (dates kept, so make still rebuilds what is older than
# its sources; the .d files name this build's objects) instead of compiling
# them again: two minutes of `make check' on 2 cores.
# The main build's configuration (config.mk) and objects.
case $main_build in
  build|./build|build/) main_confdir=$src main_obj=$src/build ;;
  /*) main_confdir=$main_build main_obj=$main_build ;;
  *) main_confdir=$src/$main_build main_obj=$src/$main_build ;;
esac
compiler_conf () { grep -E '^(CXX|CXXFLAGS|GCC_FULL_VERSION|GCC_PLUGIN_DIR|PACKAGE_VERSION|prefix|datarootdir) ' "$1"; }
seed_plugin_objects ()
{
  [ -d "$main_obj/obj/pic" ] && [ ! -d "$build_dir/obj/pic" ] || return 0
  make -C "$src" --no-print-directory BUILD="$build" CONFIGURE_FLAGS="MPICC=$mpicc" \
    PARCOACH_SKIP_DEPS=1 "$build/config.mk" > "$tmp/configure.log" 2>&1 || return 0
  [ "$(compiler_conf "$main_confdir/config.mk")" = "$(compiler_conf "$build_dir/config.mk")" ] || return 0
  mkdir -p "$build_dir/obj" && cp -a "$main_obj/obj/pic" "$build_dir/obj/pic" || return 0
  find "$build_dir/obj/pic" -name '*.d' -exec \
    sed -i "s|^$main_build/obj/pic/|$build/obj/pic/|" {} +
  echo "--- plugin objects copied from $main_obj (same compiler and flags)"
}
seed_plugin_objects

echo "--- make BUILD=$build CONFIGURE_FLAGS='MPICC=$mpicc'"
start=$(date +%s)
if ! make -C "$src" --no-print-directory -j"$jobs" BUILD="$build" \
     CONFIGURE_FLAGS="MPICC=$mpicc" PARCOACH_SKIP_DEPS=1 all > "$tmp/build.log" 2>&1; then
  fail "openmpi-build" "make BUILD=$build all failed" "$tmp/build.log"
  exit 1
fi
pass "openmpi-build ($(( $(date +%s) - start ))s)"

# Values configure wrote (config.mk: "NAME = value").
conf () { sed -n "s/^$1 *= *//p" "$build_dir/config.mk"; }
MPI_IMPL=$(conf MPI_IMPL)
MPICC=$(conf MPICC)
MPICXX=$(conf MPICXX)
MPIF90=$(conf MPIF90)
MPIEXEC=$(conf MPIEXEC)
PYTHON=$(conf PYTHON)
config=$build_dir/parcoach-config

# --- Configuration ------------------------------------------------------------
if [ "$MPI_IMPL" = "Open MPI" ] && [ "$("$config" --mpi)" = "Open MPI" ]; then
  pass "openmpi-configure: MPI_IMPL and parcoach-config --mpi say Open MPI"
else
  fail "openmpi-configure" "MPI_IMPL='$MPI_IMPL', parcoach-config --mpi: '$("$config" --mpi)'"
fi
# The other wrappers and the launcher were found by configure (only MPICC
# was given): they must be Open MPI's too.
if is_openmpi c++ "$MPICXX"; then
  pass "openmpi-configure: MPICXX=$MPICXX is Open MPI's"
else
  fail "openmpi-configure" "MPICXX=$MPICXX does not compile against Open MPI's mpi.h"
fi
if $MPIEXEC --version 2>&1 | grep -q "Open MPI\|OpenRTE\|PRRTE"; then
  pass "openmpi-configure: MPIEXEC=$MPIEXEC is Open MPI's"
else
  fail "openmpi-configure" "MPIEXEC=$MPIEXEC is not Open MPI's launcher"
fi
case " $MPIEXEC " in
  *" --oversubscribe "*) pass "openmpi-configure: the launcher gets --oversubscribe" ;;
  *) fail "openmpi-configure" "MPIEXEC=$MPIEXEC lacks --oversubscribe (tests start 4 processes)" ;;
esac

# The runtime needs the MPI libraries that Open MPI programs need, and none
# of those that only the main build's MPI programs need: compare DT_NEEDED
# entries (no library name is written here).
needed () { readelf -d "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u; }
printf '#include <mpi.h>\nint main (int c, char **v) { MPI_Init (&c, &v); MPI_Finalize (); return 0; }\n' \
  > "$tmp/hello.c"
if $MPICC "$tmp/hello.c" -o "$tmp/hello" > "$tmp/hello.log" 2>&1; then
  needed "$tmp/hello" > "$tmp/prog.libs"
  needed "$build_dir/libparcoach-rt.so" > "$tmp/rt.libs"
  missing=$(comm -23 "$tmp/prog.libs" "$tmp/rt.libs" | grep -v '^libc\.so')
  foreign=
  : > "$tmp/other.libs"
  if [ -n "$main_mpicc" ] && $main_mpicc "$tmp/hello.c" -o "$tmp/hello-main" > /dev/null 2>&1; then
    # What the main MPI's programs need and Open MPI's do not (MPICH's
    # libraries, when the main build is MPICH's).
    needed "$tmp/hello-main" | comm -23 - "$tmp/prog.libs" > "$tmp/other.libs"
    foreign=$(comm -12 "$tmp/other.libs" "$tmp/rt.libs")
  fi
  if [ -s "$tmp/prog.libs" ] && [ -z "$missing" ] && [ -z "$foreign" ]; then
    shared=$(comm -12 "$tmp/prog.libs" "$tmp/rt.libs" | grep -v '^libc\.so' | tr '\n' ' ')
    others=$(tr '\n' ' ' < "$tmp/other.libs")
    pass "openmpi-runtime-abi: libparcoach-rt.so needs ${shared}like Open MPI programs, none of ${others:-(no main MPI to compare with) }"
  else
    fail "openmpi-runtime-abi" "libparcoach-rt.so needs '$(tr '\n' ' ' < "$tmp/rt.libs")'; missing: '$missing'; of the other MPI: '$foreign'"
  fi
else
  fail "openmpi-runtime-abi" "$MPICC cannot build a program" "$tmp/hello.log"
fi

# --- The suites, against Open MPI ------------------------------------------
export BUILD_DIR="$build_dir" PARCOACH_CONFIG="$config" MPICC MPICXX MPIF90 MPIEXEC PYTHON
export PARCOACH_BUILD="$build" PARCOACH_SRCDIR="$src"
suite ()  # suite NAME COMMAND...: run, indented, count a failure
{
  local name=$1 rc
  shift
  echo "--- $name (Open MPI: $MPIEXEC)"
  start=$(date +%s)
  "$@" 2>&1 | sed -e 's/^/  /'
  rc=${PIPESTATUS[0]}
  if [ "$rc" -eq 0 ]; then
    pass "openmpi $name ($(( $(date +%s) - start ))s)"
  else
    fail "openmpi $name" "exit status $rc"
  fi
}
suite tests/rtlib/run.sh bash "$src/tests/rtlib/run.sh"
suite tests/plugin/run.sh bash "$src/tests/plugin/run.sh"
# shellcheck disable=SC2086  # ERRBENCH_ARGS is a list of words
suite tests/run_errbench.py "$PYTHON" "$src/tests/run_errbench.py" \
  --every "${OPENMPI_ERRBENCH_EVERY:-1}" ${ERRBENCH_ARGS:-}
# The libraries built without the plugin: Open MPI's Fortran bindings call
# PMPI_, so its Fortran collectives have wrappers of their own.
suite "tests/multifile/run.py -k library_without_plugin" "$PYTHON" \
  "$src/tests/multifile/run.py" -k library_without_plugin

echo
if [ $failures -ne 0 ]; then
  echo "Open MPI tests: $failures FAILED"
  exit 1
fi
echo "Open MPI tests: all passed ($("$config" --mpi), $MPICC)"
exit 0
