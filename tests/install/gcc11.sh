#!/bin/bash
# tests/install/gcc11.sh -- the same sources build the plugin for a second
# GCC release and pass the plugin-level tests with it: GCC 11 (gcc-11,
# g++-11, gfortran-11, gcc-11-plugin-dev), or GCC 12 when the main build
# is GCC 11.  The build goes to build/gcc11 (BUILD=build/gcc11: an
# out-of-tree configure, kept between runs, so only the first run compiles
# everything); then `make BUILD=build/gcc11 check-plugin' runs
# tests/plugin/run.sh and tests/run_errbench.py (sampled, below) against
# it.  Only this configure line is needed: configure makes the MPICH
# wrappers use that GCC (mpicc.mpich -cc=gcc-11 ...).  Run by `make check'.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=${PARCOACH_SRCDIR:-$(cd "$here/../.." && pwd)}
main_major=${GCC_MAJOR:-12}
if test "$main_major" = 11; then v=12; else v=11; fi
build=${PARCOACH_GCC11_BUILD:-build/gcc$v}
main_build=${PARCOACH_BUILD:-build}
# Under another BUILD, keep the second build next to it.
case $main_build in build|./build|build/) ;; *) build=$main_build/gcc$v ;; esac

for tool in gcc-$v g++-$v gfortran-$v; do
  if ! command -v $tool > /dev/null; then
    echo "FAIL gcc$v-build: $tool not found (Debian packages gcc-$v g++-$v gfortran-$v gcc-$v-plugin-dev: make deps)"
    exit 1
  fi
done

# The outer make's settings (MPICC=... of the GCC $main_major build, command-line
# variables in MAKEFLAGS) must not reach this configure.
unset MPICC MPICXX MPIF90 CC CXX FC CFLAGS CXXFLAGS LDFLAGS MAKEFLAGS MFLAGS MAKELEVEL
unset BUILD_DIR PARCOACH_CONFIG PARCOACH_BUILD
jobs=$(nproc 2> /dev/null || echo 2)

echo "--- make BUILD=$build CONFIGURE_FLAGS='CC=gcc-$v CXX=g++-$v FC=gfortran-$v'"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! make -C "$src" --no-print-directory -j"$jobs" BUILD="$build" \
     CONFIGURE_FLAGS="CC=gcc-$v CXX=g++-$v FC=gfortran-$v" PARCOACH_SKIP_DEPS=1 all > "$log" 2>&1; then
  echo "FAIL gcc$v-build: see below"
  tail -40 "$log" | sed 's/^/    /'
  exit 1
fi
config=$src/$build/parcoach-config
if ! "$config" --gcc-version | grep -q "^$v\."; then
  echo "FAIL gcc$v-build: $config says GCC $("$config" --gcc-version)"
  exit 1
fi
echo "PASS gcc$v-build ($(grep -E '^(MPICC|MPIF90) ' "$src/$build/config.mk" | tr -s ' ' | tr '\n' ' '))"

# Every fourth program (ERRBENCH_EVERY=4, and every one needing Open MPI),
# each with its first run only (ERRBENCH_RUNS): the other runs exercise
# the same runtime as the main build's; the sample keeps `make check'
# within its time budget.  ERRBENCH_EVERY=1 in the environment: them all.
ERRBENCH_EVERY=${ERRBENCH_EVERY:-4} ERRBENCH_RUNS=first \
  make -C "$src" --no-print-directory BUILD="$build" PARCOACH_SKIP_DEPS=1 check-plugin
