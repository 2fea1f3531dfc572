#!/bin/bash
# Overhead of the PARCOACH run-time checks: runs tests/bench/check_overhead.c
# on 2 and 4 processes, with the runtime's default settings and with the
# watchdog on (PARCOACH_TIMEOUT=60).  Figures to read, not pass/fail:
# exits non-zero only if something cannot be built or run.
#
# Environment: MPICC (default mpicc), MPIEXEC (default mpiexec), BUILD_DIR
# (use $BUILD_DIR/libparcoach-rt.so; otherwise the runtime is compiled
# here from rtlib/*.c with -O2), ITERATIONS (default 20000), PROCS
# (default "2 4").
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
MPICC=${MPICC:-mpicc}
MPIEXEC=${MPIEXEC:-mpiexec}
ITERATIONS=${ITERATIONS:-20000}
PROCS=${PROCS:-2 4}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/parcoach-bench.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

if [ -n "${BUILD_DIR:-}" ] && [ -f "$BUILD_DIR/libparcoach-rt.so" ]; then
  libdir=$(cd "$BUILD_DIR" && pwd)
else
  libdir=$tmp
  for src in "$root"/rtlib/*.c; do
    $MPICC -std=c99 -O2 -fPIC -I"$root/plugin/core" -I"$root/rtlib" \
      -c "$src" -o "$tmp/$(basename "${src%.c}").o" || exit 1
  done
  $MPICC -shared -o "$tmp/libparcoach-rt.so" "$tmp"/*.o || exit 1
fi
$MPICC -std=c99 -O2 -I"$root/rtlib" -o "$tmp/check_overhead" \
  "$here/check_overhead.c" -L"$libdir" -Wl,-rpath,"$libdir" -lparcoach-rt \
  || exit 1

echo "# $(uname -m), $(nproc 2>/dev/null || echo '?') cores," \
     "$($MPICC -v 2>&1 | head -n 1)"
cores=$(nproc 2>/dev/null || echo 1)
status=0
for n in $PROCS; do
  iters=$ITERATIONS
  if [ "$n" -gt "$cores" ]; then
    # MPI processes busy-poll: with more processes than cores every
    # operation waits for the scheduler (milliseconds), so fewer
    # iterations, and the figures measure the scheduler more than MPI.
    iters=$((ITERATIONS / 100 > 50 ? ITERATIONS / 100 : 50))
    echo
    echo "# WARNING: $n processes on $cores cores (oversubscribed):" \
         "$iters iterations; figures dominated by scheduling"
  fi
  for timeout in "" 60; do
    echo
    if ! env ${timeout:+PARCOACH_TIMEOUT=$timeout} \
         timeout 600 $MPIEXEC -n "$n" "$tmp/check_overhead" "$iters"; then
      echo "check_overhead: run on $n processes failed"
      status=1
    fi
  done
done
exit $status
