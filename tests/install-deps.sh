#!/bin/sh
# tests/install-deps.sh -- check (and, as root, install) the Debian packages
# needed to build and test PARCOACH for GCC.  Run by `make deps'.
#
#   - everything installed            -> prints one line, exit 0 (fast: dpkg-query)
#   - missing packages, running as root -> apt-get update && apt-get install -y
#   - missing packages, not root      -> prints the exact sudo command, exit 1
#
# The GCC plugin headers package follows the major version of the GCC in use:
# `${CC:-gcc} -dumpversion' (12 on Debian 12, also when gcc is not installed);
# the tests also want a second GCC release (gcc-11, or gcc-12 next to 11).
# PARCOACH_SKIP_DEPS=1 skips the check (non-Debian systems, custom installs).
set -u

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
# plugin loaded into another GCC must stop with one clear error).
if test "$major" = 11; then other_gcc=gcc-12; else other_gcc=gcc-11; fi

packages="make autoconf pkg-config gcc g++ gfortran libc6-dev
gcc-$major-plugin-dev libgmp-dev mpich libmpich-dev catch2 python3
$other_gcc"

missing=
for p in $packages; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)
  if test "$status" != installed; then
    missing="$missing $p"
  fi
done

if test -z "$missing"; then
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
  echo "install-deps: done"
  exit 0
fi

echo "install-deps: not root; install them with:" >&2
echo "  sudo apt-get install -y$missing" >&2
echo "(or set PARCOACH_SKIP_DEPS=1 if they are installed some other way)" >&2
exit 1
