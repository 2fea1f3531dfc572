#!/bin/bash
# tests/install/user_build.sh -- building and installing need only the build
# dependencies and no privilege: a copy of the sources, owned by an ordinary
# user (nobody), is configured without Catch2 (parcoach_cv_catch2=no, as on
# a machine that lacks it), built with `make' and installed with `make
# install DESTDIR=...' as that user.  Checks that nothing tries to install
# packages, that configure only warns about Catch2, that the plugin and the
# runtime are built and installed, and that the installed plugin works.
# Needs root (to switch user) and git (to list the sources); says SKIP
# otherwise.  Run by `make check'.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=${PARCOACH_SRCDIR:-$(cd "$here/../.." && pwd)}
MPICC=${MPICC:-mpicc}
failures=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failures=$((failures + 1)); }

if test "$(id -u)" -ne 0 || ! command -v runuser > /dev/null; then
  echo "SKIP user-build: needs root and runuser to build as an ordinary user"
  exit 0
fi
user=nobody
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
# The checkout's files (tracked, or new and not ignored), as `make dist'.
(cd "$src" && { git ls-files --cached --others --exclude-standard 2> /dev/null; } |
   while IFS= read -r f; do test -f "$f" && printf '%s\n' "$f"; done |
   tar -cf - -T -) | (mkdir -p "$work/src" && cd "$work/src" && tar -xf -)
chown -R "$user" "$work"

# The outer make's settings must not reach this build.
unset CC CXX FC CFLAGS CXXFLAGS LDFLAGS MAKEFLAGS MFLAGS MAKELEVEL PYTHON MPICXX MPIF90 MPIEXEC
unset BUILD_DIR PARCOACH_CONFIG PARCOACH_BUILD
as_user() { runuser -u "$user" -- env HOME="$work" PATH="$PATH" "$@"; }

log=$work/build.log
if as_user make -C "$work/src" --no-print-directory -j"$(nproc 2> /dev/null || echo 2)" MPICC="$MPICC" \
     CONFIGURE_FLAGS="parcoach_cv_catch2=no" all > "$log" 2>&1; then
  pass user-build
else
  fail user-build "make as $user failed:"; tail -30 "$log" | sed 's/^/    /'
fi
if grep -q "apt-get update\|apt-get install -y --no" "$log"; then
  fail user-build-installs-nothing "make tried to install packages:"; grep apt-get "$log" | sed 's/^/    /'
else
  pass user-build-installs-nothing
fi
if grep -q "WARNING: catch2/catch.hpp (Catch2 2.x) not found" "$log" &&
   grep -q "^HAVE_CATCH2 *= *no" "$work/src/config.mk" 2> /dev/null; then
  pass user-build-without-catch2
else
  fail user-build-without-catch2 "configure did not just warn about Catch2"
fi
for f in parcoach.so parcoach-pass.so libparcoach-rt.so libparcoach-rt.a parcoach.specs; do
  test -f "$work/src/build/$f" || fail user-build-$f "build/$f missing"
done

if as_user make -C "$work/src" --no-print-directory install DESTDIR="$work/stage" \
     prefix=/opt/parcoach > "$work/install.log" 2>&1 &&
   test -f "$work/stage/opt/parcoach/lib/parcoach/parcoach.so"; then
  pass user-install
else
  fail user-install "make install as $user failed:"; tail -20 "$work/install.log" | sed 's/^/    /'
fi

# The plugin this user built works (warning on a rank-dependent barrier).
cat > "$work/bad.c" <<'SRC'
#include <mpi.h>
void f(void) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
}
SRC
chown "$user" "$work/bad.c"
if as_user "$MPICC" -fplugin="$work/src/build/parcoach.so" -c "$work/bad.c" -o "$work/bad.o" 2>&1 |
     grep -q "parcoach:collective-mismatch"; then
  pass user-build-plugin-works
else
  fail user-build-plugin-works "no warning from the plugin built as $user"
fi

echo "user build tests: $failures failure(s)"
test $failures -eq 0
