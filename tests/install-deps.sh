#!/bin/sh
# tests/install-deps.sh [build|test] -- check (and, for the tests, as root,
# install) the Debian packages PARCOACH for GCC needs.
#
# build: what building and installing needs (a compiler, its plugin
#   headers, GMP, MPICH, autoconf for a git checkout).  Never installs
#   anything: prints what is missing (Debian and RHEL names) and exits 0,
#   so that configure says what stops the build.  What `make' and `make
#   install' run.
# test (the default): everything the test suites need as well.  What `make
#   deps', `make check' and `make demo' run:
#   - everything installed            -> prints one line, exit 0 (fast: dpkg-query)
#   - missing packages, running as root -> apt-get update && apt-get install -y
#   - missing packages, not root      -> prints the exact sudo command, exit 1
#
# The GCC plugin headers package follows the major version of the GCC in use:
# `${CC:-gcc} -dumpversion' (12 on Debian 12, also when gcc is not installed);
# the tests also want a second GCC release (gcc-11, or gcc-12 next to 11).
# PARCOACH_SKIP_DEPS=1 skips the check (non-Debian systems, custom installs).
set -u
mode=${1:-test}
case $mode in
  build|test) ;;
  *) echo "usage: $0 [build|test]" >&2; exit 2 ;;
esac

# The RHEL/Fedora names of the Debian packages we ask for (for messages).
rhel_names() {
  for p in "$@"; do
    case $p in
      g++) echo gcc-c++ ;;
      gfortran) echo gcc-gfortran ;;
      gcc-*-plugin-dev) echo gcc-plugin-devel ;;
      libgmp-dev) echo gmp-devel ;;
      mpich|libmpich-dev) echo mpich-devel ;;
      openmpi-bin|libopenmpi-dev) echo openmpi-devel ;;
      catch2) echo catch2-devel ;;
      libc6-dev) echo glibc-devel ;;
      pkg-config) echo pkgconf-pkg-config ;;
      lmod) echo Lmod ;;
      npm) echo nodejs-npm ;;
      tcl8.6) echo tcl ;;
      gcc-[0-9]*|g++-[0-9]*|gfortran-[0-9]*) ;;  # another GCC release: no RHEL package
      *) echo "$p" ;;
    esac
  done | sort -u | tr '\n' ' '
}

if test "${PARCOACH_SKIP_DEPS:-}" = 1; then
  echo "install-deps: PARCOACH_SKIP_DEPS=1, not checking system packages"
  exit 0
fi
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: dpkg-query not found (not Debian?): not checking packages;" \
       "configure will say what is missing" >&2
  exit 0
fi

# Major version of the GCC we build the plugin for.
gcc_cmd=${CC:-gcc}
major=$($gcc_cmd -dumpversion 2>/dev/null | sed 's/\..*//')
case $major in
  ''|*[!0-9]*) major=12 ;;   # no gcc yet: Debian 12's default GCC
esac

# A second GCC release, for the test of the plugin's version check (a
# plugin loaded into another GCC must stop with one clear error) and for
# the build of the plugin for that GCC (tests/install/gcc11.sh).
if test "$major" = 11; then other=12; else other=11; fi
other_gcc="gcc-$other g++-$other gfortran-$other gcc-$other-plugin-dev"

# The install tests (tests/install/run.sh): a project built with autotools
# and CMake through the compiler wrappers, the modulefiles loaded with Lmod
# and environment-modules.  Debian's lmod and environment-modules conflict:
# lmod is installed, environment-modules is unpacked (apt-get download +
# dpkg-deb -x, no install) into $PARCOACH_DEPS_DIR (default
# /opt/parcoach-deps), from where the test runs its modulecmd.tcl (tcl8.6).
# When environment-modules is installed, it is used and lmod is not asked for.
# MPI: MPICH is the one the build uses; Open MPI is tested too, in a build
# of its own (tests/openmpi/run.sh).  With both installed, Debian's
# alternatives make mpicc/mpiexec Open MPI's (higher priority): configure
# does not use those names when MPICH's own ones (mpicc.mpich...) exist, and
# this script leaves the alternatives alone.
build_packages="make autoconf gcc g++ libc6-dev gcc-$major-plugin-dev libgmp-dev
mpich libmpich-dev"
packages="$build_packages automake pkg-config cmake gfortran openmpi-bin
libopenmpi-dev catch2 python3 $other_gcc tcl8.6"
deps_dir=${PARCOACH_DEPS_DIR:-/opt/parcoach-deps}
envmod_cmd=$deps_dir/environment-modules/usr/lib/x86_64-linux-gnu/modulecmd.tcl
envmod_system=no
if test "$(dpkg-query -W -f='${db:Status-Status}' environment-modules 2>/dev/null)" = installed; then
  envmod_system=yes
else
  packages="$packages lmod"
fi
# The SARIF test validates the log with the SARIF Multitool, an npm package
# (installed by the test into the build directory).
command -v npm >/dev/null 2>&1 || packages="$packages npm"
test "$mode" = build && packages=$build_packages

# Unpack environment-modules into $deps_dir (as root; idempotent).
unpack_envmod() {
  test $envmod_system = yes && return 0
  test -f "$envmod_cmd" && return 0
  if test "$(id -u)" -ne 0 && ! test -w "$deps_dir" && ! test -w "$(dirname "$deps_dir")"; then
    # Not fatal: only the Tcl modulefile test needs it (and says so).
    echo "install-deps: warning: environment-modules is not unpacked in $deps_dir" \
         "(run 'make deps' as root, or set PARCOACH_DEPS_DIR to a writable directory)" >&2
    return 0
  fi
  echo "install-deps: unpacking environment-modules into $deps_dir (conflicts with lmod: not installed)"
  tmp=$(mktemp -d) || return 1
  chmod 755 "$tmp"
  if (cd "$tmp" && apt-get download environment-modules >/dev/null 2>&1) ||
     { apt-get update >/dev/null 2>&1 && (cd "$tmp" && apt-get download environment-modules); }; then
    mkdir -p "$deps_dir" && rm -rf "$deps_dir/environment-modules" &&
      dpkg-deb -x "$tmp"/environment-modules_*.deb "$deps_dir/environment-modules"
    status=$?
  else
    status=1
  fi
  rm -rf "$tmp"
  test $status -eq 0 && test -f "$envmod_cmd" || {
    echo "install-deps: could not unpack environment-modules into $deps_dir" >&2; return 1; }
}

missing=
for p in $packages; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)
  if test "$status" != installed; then
    missing="$missing $p"
  fi
done

if test "$mode" = build; then
  if test -n "$missing"; then
    echo "install-deps: to build PARCOACH, install:" >&2
    echo "  Debian/Ubuntu: sudo apt-get install -y$missing" >&2
    echo "  RHEL/Fedora:   sudo dnf install -y $(rhel_names $missing)" >&2
    echo "(configure says what stops the build; \`make deps' installs everything the tests need)" >&2
  fi
  exit 0
fi

if test -z "$missing"; then
  unpack_envmod || exit 1
  echo "install-deps: all required Debian packages are installed (GCC $major)"
  exit 0
fi

echo "install-deps: missing Debian packages:$missing"
if test "$(id -u)" -eq 0; then
  export DEBIAN_FRONTEND=noninteractive
  echo "install-deps: apt-get update && apt-get install -y --no-install-recommends$missing"
  # shellcheck disable=SC2086  # $missing is a list of words
  apt-get update && apt-get install -y --no-install-recommends $missing || {
    echo "install-deps: apt-get failed" >&2
    exit 1
  }
  unpack_envmod || exit 1
  echo "install-deps: done"
  exit 0
fi

echo "install-deps: not root; install them with:" >&2
echo "  sudo apt-get install -y$missing" >&2
echo "  (RHEL/Fedora: sudo dnf install -y $(rhel_names $missing))" >&2
echo "(or set PARCOACH_SKIP_DEPS=1 if they are installed some other way)" >&2
exit 1
