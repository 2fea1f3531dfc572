#!/bin/bash
# Tests of the PARCOACH run-time library (rtlib/).
#
# Builds the runtime (or takes $BUILD_DIR/libparcoach-rt.so when BUILD_DIR
# is set), builds the test programs of this directory against it, runs
# them with ${MPIEXEC:-mpiexec} -n N under `timeout 60', and prints one
# PASS/FAIL line per case.  Exits non-zero if any case fails.
#
# Environment: MPICC (default mpicc), MPIF90 (default mpif90; the Fortran
# case is skipped if it is missing), MPIEXEC (default mpiexec), BUILD_DIR.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
MPICC=${MPICC:-mpicc}
MPIF90=${MPIF90:-mpif90}
MPIEXEC=${MPIEXEC:-mpiexec}
TIMEOUT=60
CFLAGS="-std=c99 -Wall -Wextra -fPIC -I$root/plugin/core -I$root/rtlib"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/parcoach-rtlib.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

failures=0
pass () { echo "PASS $1"; }
fail ()
{
  echo "FAIL $1${2:+: $2}"
  failures=$((failures + 1))
  if [ -n "${3:-}" ] && [ -s "$3" ]; then
    sed -e 's/^/    | /' "$3" | head -n 40
  fi
}

# ---------------------------------------------------------------- building

# The runtime must compile warning-free with the flags the Makefile uses.
build_ok=1
: > "$tmp/build.log"
objs=()
for src in "$root"/rtlib/*.c; do
  obj="$tmp/$(basename "${src%.c}").o"
  if ! $MPICC $CFLAGS -Werror -c "$src" -o "$obj" >> "$tmp/build.log" 2>&1; then
    build_ok=0
  fi
  objs+=("$obj")
done
if [ $build_ok = 1 ]; then
  pass "build: rtlib/*.c compiles warning-free with $CFLAGS"
else
  fail "build: rtlib/*.c does not compile warning-free" "" "$tmp/build.log"
fi

if [ -n "${BUILD_DIR:-}" ]; then
  if [ ! -f "$BUILD_DIR/libparcoach-rt.so" ]; then
    fail "build: $BUILD_DIR/libparcoach-rt.so is missing"
    exit 1
  fi
  libdir=$(cd "$BUILD_DIR" && pwd)
else
  libdir="$tmp/lib"
  mkdir -p "$libdir"
  if [ $build_ok = 0 ] \
     || ! $MPICC -shared -o "$libdir/libparcoach-rt.so" "${objs[@]}" \
          > "$tmp/link.log" 2>&1; then
    fail "build: cannot build libparcoach-rt.so" "" "$tmp/link.log"
    exit 1
  fi
fi
LINK="-L$libdir -Wl,-rpath,$libdir -lparcoach-rt"

# The library exports every entry point of parcoach_rt_checks.def (and the
# _args variant of those marked so), and none of its internal helpers.
exported=$(nm -D --defined-only "$libdir/libparcoach-rt.so" | awk '{print $3}')
missing=
for entry in $(sed -n 's/^PARCOACH_HANDLE_CHECK (\([a-z_]*\),.*/\1/p' "$root/rtlib/parcoach_rt_checks.def"); do
  echo "$exported" | grep -qx "parcoach_check_$entry" || missing="$missing parcoach_check_$entry"
done
for entry in comm fortran_comm; do
  echo "$exported" | grep -qx "parcoach_check_${entry}_args" || missing="$missing parcoach_check_${entry}_args"
done
if [ -z "$missing" ] && [ "$(sed -n 's/^PARCOACH_HANDLE_CHECK (//p' "$root/rtlib/parcoach_rt_checks.def" | wc -l)" -eq 9 ]; then
  pass "abi: the library exports the 9 handle checks of parcoach_rt_checks.def"
else
  fail "abi: missing entry points:$missing"
fi
if echo "$exported" | grep -qx 'parcoach_digest\|parcoach_now\|parcoach_timeout\|parcoach_stats_record'; then
  fail "abi: internal helpers are exported"
else
  pass "abi: internal helpers (parcoach_internal.h) are hidden"
fi

build_c ()  # build_c NAME [EXTRA FLAGS...]
{
  local name=$1; shift
  $MPICC $CFLAGS "$@" -o "$tmp/$name" "$here/$name.c" $LINK \
    > "$tmp/$name.build" 2>&1
}

# The entry points the plugin declares (rtlib/parcoach_entry_points.def)
# have the runtime's prototypes and are exported.
entries=$(grep -c '^PARCOACH_ENTRY_POINT' "$root/rtlib/parcoach_entry_points.def")
if build_c entry_points -Werror && [ "$("$tmp/entry_points")" = "$entries" ]; then
  pass "abi: the $entries entry points of parcoach_entry_points.def match the runtime's prototypes"
else
  fail "abi: parcoach_entry_points.def and the runtime's prototypes differ" "" "$tmp/entry_points.build"
fi
for prog in rt_cases rt_pmpi rt_options rt_args rt_buffers rt_counts; do
  if ! build_c $prog; then
    fail "build: tests/rtlib/$prog.c" "" "$tmp/$prog.build"
    exit 1
  fi
done
# rt_library twice: alone, and with a PMPI layer of its own linked after
# the runtime (the documented order for stacking tools).
build_c rt_library || fail "build: tests/rtlib/rt_library.c" "" "$tmp/rt_library.build"
if ! $MPICC $CFLAGS -shared -o "$tmp/librt_pmpi_layer.so" "$here/rt_pmpi_layer.c" \
       > "$tmp/rt_pmpi_layer.build" 2>&1 \
   || ! $MPICC $CFLAGS -o "$tmp/rt_library_layered" "$here/rt_library.c" $LINK \
          -L"$tmp" -Wl,-rpath,"$tmp" -Wl,--no-as-needed -lrt_pmpi_layer \
          >> "$tmp/rt_pmpi_layer.build" 2>&1; then
  fail "build: tests/rtlib/rt_library.c with rt_pmpi_layer.c" "" "$tmp/rt_pmpi_layer.build"
fi
have_threads=1
build_c rt_threads -pthread || have_threads=0
build_c rt_omp -fopenmp || fail "build: tests/rtlib/rt_omp.c" "" "$tmp/rt_omp.build"
build_c rt_cc -fopenmp || fail "build: tests/rtlib/rt_cc.c" "" "$tmp/rt_cc.build"
have_fortran=0
if command -v "$MPIF90" > /dev/null 2>&1; then
  if (cd "$tmp" && $MPIF90 -o rt_fortran "$here/rt_fortran.f90" $LINK) \
       > "$tmp/rt_fortran.build" 2>&1; then
    have_fortran=1
  else
    fail "build: tests/rtlib/rt_fortran.f90" "" "$tmp/rt_fortran.build"
  fi
  if ! (cd "$tmp" && $MPIF90 -o rt_library_fortran "$here/rt_library_fortran.f90" $LINK) \
       > "$tmp/rt_library_fortran.build" 2>&1; then
    fail "build: tests/rtlib/rt_library_fortran.f90" "" "$tmp/rt_library_fortran.build"
  fi
fi

# ----------------------------------------------------------------- running

# run N PROG ARGS...: sets $rc, $elapsed (seconds) and $out (a file with
# stdout and stderr of the whole run).
run_count=0
run ()
{
  local n=$1; shift
  local t0 t1
  run_count=$((run_count + 1))
  out="$tmp/out.$run_count"
  t0=$(date +%s)
  (cd "$tmp" && timeout "$TIMEOUT" $MPIEXEC -n "$n" "$@") > "$out" 2>&1
  rc=$?
  t1=$(date +%s)
  elapsed=$((t1 - t0))
}

# expect_clean NAME N PROG ARGS...: exit 0, nothing printed.
expect_clean ()
{
  local name=$1; shift
  run "$@"
  if [ $rc -ne 0 ]; then
    fail "$name" "exit status $rc, want 0" "$out"
  elif [ -s "$out" ]; then
    fail "$name" "unexpected output" "$out"
  else
    pass "$name"
  fi
}

# expect_abort NAME N PROG ARGS... -- LINE...: a non-zero exit before the
# timeout, and the output holds each LINE exactly, and no other PARCOACH
# line.  With ABORT_GREP=-E in the environment, each LINE is an extended
# regular expression matching a whole line.
#
# When a job aborts, the MPI launcher may kill it before it has forwarded
# everything the processes wrote (with MPICH's Hydra, on an overloaded
# machine, even MPICH's own "Abort(86)" line is sometimes lost; the runtime
# sleeps a moment before MPI_Abort to make this rare).  So a run that did
# abort but lacks some lines is tried again, up to 3 times in all; the
# PASS line then says how many runs lost output.  A hang, a zero exit, a
# wrong line or a line too many fails at once.
expect_abort ()
{
  local name=$1; shift
  local cmd=() lines=() line missing count attempt lost=0
  while [ $# -gt 0 ] && [ "$1" != -- ]; do cmd+=("$1"); shift; done
  shift
  lines=("$@")
  for attempt in 1 2 3; do
    run "${cmd[@]}"
    if [ $rc -eq 0 ]; then
      fail "$name" "exit status 0, want non-zero" "$out"
      return
    fi
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
      fail "$name" "timed out after ${TIMEOUT}s (a hang, not an abort)" "$out"
      return
    fi
    if grep -q INTERCEPTED "$out"; then
      fail "$name" "the runtime called an MPI_ (not PMPI_) function" "$out"
      return
    fi
    count=$(grep -c '^PARCOACH: ' "$out")
    if [ "$count" -gt ${#lines[@]} ]; then
      fail "$name" "$count PARCOACH lines, want ${#lines[@]}" "$out"
      return
    fi
    missing=0
    for line in "${lines[@]}"; do
      grep ${ABORT_GREP:--F} -xq -- "$line" "$out" || missing=$((missing + 1))
    done
    if [ $missing = 0 ]; then
      if [ $lost = 0 ]; then
        pass "$name (exit $rc after ${elapsed}s)"
      else
        pass "$name (exit $rc after ${elapsed}s; launcher lost output in $lost earlier run(s))"
      fi
      return
    fi
    # Lines missing: lost by the launcher, or wrong?  A wrong line is one
    # that is there but differs from every expected line.
    if [ $((${#lines[@]} - missing)) -lt "$count" ]; then
      for line in "${lines[@]}"; do
        grep ${ABORT_GREP:--F} -xq -- "$line" "$out" || echo "    missing: $line"
      done
      fail "$name" "wrong PARCOACH line(s)" "$out"
      return
    fi
    lost=$((lost + 1))
  done
  for line in "${lines[@]}"; do
    grep ${ABORT_GREP:--F} -xq -- "$line" "$out" || echo "    missing: $line"
  done
  fail "$name" "expected line(s) missing in 3 runs" "$out"
}

P="PARCOACH: rank"

# (0) parcoach_colour_name.
expect_clean "colour names (0, table entries, unknown)" 1 ./rt_cases names
expect_clean "buffer checks: the safe intervals exclude every pending buffer, a new one keeps the part a loop asked for, range queries never stop" 1 ./rt_buffers

# (1) All ranks about to do the same thing: silent.
expect_clean "(1) same colour everywhere, 2 processes" 2 ./rt_cases same
expect_clean "(1) same colour everywhere, 4 processes" 4 ./rt_cases same

# (2) Rank 0 before MPI_Barrier, rank 1 leaving the function.
expect_abort "(2) MPI_Barrier vs leaving the function" \
  2 ./rt_cases barrier_vs_exit -- \
  "$P 0 of communicator of size 2 stops before MPI_Barrier at t.c:12 in function f: other processes are leaving the function; see the conditional(s) at line(s) 9" \
  "$P 1 of communicator of size 2 stops before leaving the function at t.c:20 in function f: other processes are calling MPI_Barrier; see the conditional(s) at line(s) 9"

# (8) The abort of (2): non-zero exit code, well before the timeout; the
# program would otherwise wait forever.
barrier_rc=$rc barrier_elapsed=$elapsed
if [ $barrier_rc -ne 0 ] && [ $barrier_rc -ne 124 ] && [ $barrier_rc -ne 137 ] \
   && [ $barrier_elapsed -lt $TIMEOUT ] \
   && grep -q "MPI_Abort(.*, 86)\|exit code:* 86\|EXIT CODE: 86" "$out"; then
  pass "(8) abort: exit status $barrier_rc, code 86 reported, ${barrier_elapsed}s < ${TIMEOUT}s"
elif [ $barrier_rc -ne 0 ] && [ $barrier_rc -ne 124 ] && [ $barrier_rc -ne 137 ] \
     && [ $barrier_elapsed -lt $TIMEOUT ]; then
  pass "(8) abort: exit status $barrier_rc, ${barrier_elapsed}s < ${TIMEOUT}s (launcher did not report code 86)"
else
  fail "(8) abort" "exit status $barrier_rc after ${barrier_elapsed}s" "$out"
fi

# (15) Dormant checks (PARCOACH_CHECK_IF_ARMED): silent outside a flagged
# function even when the processes disagree, live inside one.
expect_clean "(15) dormant checks outside flagged functions" 2 ./rt_cases dormant
RT_ARMED=1 expect_abort "(15b) dormant check inside a flagged function" \
  2 ./rt_cases dormant -- \
  "$P 0 of communicator of size 2 stops before MPI_Barrier at d.c:9 in function proved: other processes are calling MPI_Bcast" \
  "$P 1 of communicator of size 2 stops before MPI_Bcast at d.c:9 in function proved: other processes are calling MPI_Barrier"

# (3) Before MPI_Init and after MPI_Finalize: nothing, even on disagreement.
expect_clean "(3) checks before MPI_Init and after MPI_Finalize" \
  2 ./rt_cases outside

# (4) Sub-communicators, checked only by their members.
expect_clean "(4) checks on sub-communicators from MPI_Comm_split, 4 processes" \
  4 ./rt_cases subcomm
expect_abort "(4b) mismatch inside a sub-communicator, 4 processes" \
  4 ./rt_cases subcomm_mismatch -- \
  "$P 0 of communicator of size 2 stops before MPI_Barrier at s.c:50 in function h: other processes are leaving the function; see the conditional(s) at line(s) 47, 48" \
  "$P 1 of communicator of size 2 stops before leaving the function at s.c:55 in function h: other processes are calling MPI_Barrier; see the conditional(s) at line(s) 47, 48"

# (5) Null handles and null addresses.
expect_clean "(5) MPI_COMM_NULL, MPI_WIN_NULL, MPI_FILE_NULL, NULL skipped" \
  2 ./rt_cases null

# (6) Fortran handles.
expect_abort "(6) Fortran handle from MPI_Comm_c2f" \
  2 ./rt_cases fortran -- \
  "$P 0 of communicator of size 2 stops before MPI_Allreduce at t.f90:9 in function sub: other processes are calling MPI_Reduce; see the conditional(s) at line(s) 5" \
  "$P 1 of communicator of size 2 stops before MPI_Reduce at t.f90:11 in function sub: other processes are calling MPI_Allreduce; see the conditional(s) at line(s) 5"
if [ $have_fortran = 1 ]; then
  expect_clean "(6b) Fortran program (use mpi, bind(C)), agreement" \
    2 ./rt_fortran clean
  expect_abort "(6c) Fortran program (use mpi, bind(C)), mismatch" \
    3 ./rt_fortran mismatch -- \
    "$P 0 of communicator of size 3 stops before MPI_Bcast at t.f90:40 in function rt_fortran: other processes are calling MPI_Barrier; see the conditional(s) at line(s) 38" \
    "$P 1 of communicator of size 3 stops before MPI_Barrier at t.f90:42 in function rt_fortran: other processes are calling MPI_Bcast; see the conditional(s) at line(s) 38" \
    "$P 2 of communicator of size 3 stops before MPI_Barrier at t.f90:42 in function rt_fortran: other processes are calling MPI_Bcast; see the conditional(s) at line(s) 38"
else
  echo "SKIP (6b, 6c) Fortran program: no $MPIF90"
fi

# (7) MPI_COMM_WORLD, no conditionals (NULL and "").
expect_abort "(7) parcoach_check_world mismatch, 3 processes, no conditionals" \
  3 ./rt_cases world_mismatch -- \
  "$P 0 of communicator of size 3 stops before MPI_Allreduce at w.c:30 in function main: other processes are calling MPI_Finalize" \
  "$P 1 of communicator of size 3 stops before MPI_Finalize at w.c:40 in function main: other processes are calling MPI_Allreduce" \
  "$P 2 of communicator of size 3 stops before MPI_Finalize at w.c:40 in function main: other processes are calling MPI_Allreduce"

# (7b) Three colours: the owner of the smallest names the largest, the
# others the smallest.
expect_abort "(7b) three different colours" \
  3 ./rt_cases three -- \
  "$P 0 of communicator of size 3 stops before MPI_Barrier at 3.c:5 in function k: other processes are leaving the function; see the conditional(s) at line(s) 2, 3" \
  "$P 1 of communicator of size 3 stops before MPI_Bcast at 3.c:7 in function k: other processes are leaving the function; see the conditional(s) at line(s) 2, 3" \
  "$P 2 of communicator of size 3 stops before leaving the function at 3.c:9 in function k: other processes are calling MPI_Bcast; see the conditional(s) at line(s) 2, 3"

# (7c) A colour the runtime does not know.
expect_abort "(7c) unknown colour" \
  2 ./rt_cases unknown -- \
  "$P 0 of communicator of size 2 stops before an unknown collective (colour 9999) at u.c:3 in function u: other processes are calling MPI_Barrier; see the conditional(s) at line(s) 1" \
  "$P 1 of communicator of size 2 stops before MPI_Barrier at u.c:3 in function u: other processes are calling an unknown collective (colour 9999); see the conditional(s) at line(s) 1"

# (9) Many checks.
expect_clean "(9) 1e5 checks in a loop, same colour" 2 ./rt_cases loop

# Inter-communicators are not checked.
expect_clean "(10) inter-communicator skipped" 4 ./rt_cases inter

# Windows and files.
expect_clean "(11) window checks (world group, similar group, sub-group skipped)" \
  3 ./rt_cases win
expect_abort "(11b) window mismatch, checked on MPI_COMM_WORLD" \
  2 ./rt_cases win_mismatch -- \
  "$P 0 of communicator of size 2 stops before MPI_Win_fence at win.c:10 in function w: other processes are calling MPI_Win_free; see the conditional(s) at line(s) 8" \
  "$P 1 of communicator of size 2 stops before MPI_Win_free at win.c:12 in function w: other processes are calling MPI_Win_fence; see the conditional(s) at line(s) 8"
expect_abort "(11c) mismatch on a window whose group is the world's, reordered" \
  2 ./rt_cases win_similar_mismatch -- \
  "$P 0 of communicator of size 2 stops before MPI_Win_fence at win.c:30 in function v: other processes are leaving the function; see the conditional(s) at line(s) 28" \
  "$P 1 of communicator of size 2 stops before leaving the function at win.c:33 in function v: other processes are calling MPI_Win_fence; see the conditional(s) at line(s) 28"
expect_clean "(12) file checks (world group; MPI_COMM_SELF file skipped)" \
  2 ./rt_cases file "$tmp"
expect_abort "(12b) file mismatch, checked on MPI_COMM_WORLD" \
  2 ./rt_cases file_mismatch "$tmp" -- \
  "$P 0 of communicator of size 2 stops before MPI_File_sync at io.c:20 in function w: other processes are calling MPI_File_close; see the conditional(s) at line(s) 18" \
  "$P 1 of communicator of size 2 stops before MPI_File_close at io.c:22 in function w: other processes are calling MPI_File_sync; see the conditional(s) at line(s) 18"

# Only PMPI_ entry points: a profiling layer sees nothing.
expect_clean "(13) no MPI_ call visible to a profiling layer (agreement)" \
  2 ./rt_pmpi clean
expect_abort "(13b) no MPI_ call visible to a profiling layer (mismatch)" \
  2 ./rt_pmpi abort -- \
  "$P 0 of communicator of size 2 stops before MPI_Barrier at p.c:5 in function f: other processes are leaving the function; see the conditional(s) at line(s) 1" \
  "$P 1 of communicator of size 2 stops before leaving the function at p.c:5 in function f: other processes are calling MPI_Barrier; see the conditional(s) at line(s) 1"

# Concurrent checks from several threads.
if [ $have_threads = 1 ]; then
  run 2 ./rt_threads
  if [ $rc -eq 0 ] && grep -qx SKIP "$out"; then
    echo "SKIP (14) concurrent checks: no MPI_THREAD_MULTIPLE"
  elif [ $rc -eq 0 ] && [ ! -s "$out" ]; then
    pass "(14) concurrent checks from 4 threads on 4 communicators"
  else
    fail "(14) concurrent checks from 4 threads" "exit status $rc" "$out"
  fi
else
  fail "(14) concurrent checks" "cannot build rt_threads.c" "$tmp/rt_threads.build"
fi

# (21) OpenMP checks (parcoach_omp.h): dormant checks run only while the
# team's checked region is active; a nested team is armed only by its own.
OMP_NUM_THREADS=2 expect_clean \
  "(21) OpenMP: dormant checks armed by their team's region only, nested teams apart" \
  1 ./rt_omp ok
O="PARCOACH: thread"
OMP_NUM_THREADS=2 expect_abort \
  "(21b) OpenMP: the outer team stays armed after a nested one; a dormant check names the region's conditionals" \
  1 ./rt_omp stop -- \
  "$O 0 of a team of 2 stops before a barrier at o.c:9 in function orphan: other threads are at the end of the parallel region; see the conditional(s) at line(s) 7 in function region" \
  "$O 1 of a team of 2 stops before the end of the parallel region at r.c:5 in function region: other threads are at a barrier; see the conditional(s) at line(s) 7"

# (22) CC_cc (parcoach_threads.h): two threads of a team reaching checked
# collectives between the same two barriers conflict only when the compiler
# paired them and their communicators are the same, or one of them is not
# known (never both: two calls of functions running collectives may each
# use communicators of their own).
for mode in comms unpaired fortran calls; do
  OMP_NUM_THREADS=2 expect_clean \
    "(22) CC_cc: no stop for two threads' collectives ($mode)" 1 ./rt_cc $mode
done
run 1 ./rt_cc stop
if [ $rc -ne 0 ] && grep -q "^PARCOACH: rank 0 thread 1 stops before MPI_Reduce at cc.c:20 in function f: thread 0 of the same team reached MPI_Bcast at cc.c:10 since the last barrier" "$out"; then
  pass "(22b) CC_cc: paired collectives on one communicator by two threads stop the run"
else
  fail "(22b) CC_cc: paired collectives on one communicator by two threads stop the run" \
    "exit $rc" "$out"
fi
run 1 ./rt_cc call
if [ $rc -ne 0 ] && grep -q "^PARCOACH: rank 0 thread 1 stops before MPI_Reduce at cc.c:20 in function f: thread 0 of the same team reached MPI_Bcast at cc.c:10 since the last barrier" "$out"; then
  pass "(22c) CC_cc: a collective against a call whose communicator is not known stops the run"
else
  fail "(22c) CC_cc: a collective against a call whose communicator is not known stops the run" \
    "exit $rc" "$out"
fi

# (19) Arguments compared in the same reduction as the colour (rt_args.c):
# root, predefined reduction operation, data size where the standard makes
# it significant.
expect_clean "(19) arguments that agree (in place, v variants, root-only garbage, user op), 2 processes" \
  2 ./rt_args agree
expect_clean "(19) arguments that agree, 4 processes" 4 ./rt_args agree
A="stops before MPI_Bcast at a.c:20 in function f: processes call it with different roots: root 0 on ranks 0-2, root 1 on rank 3"
expect_abort "(19b) root mismatch names the roots and their ranks" \
  4 ./rt_args root -- "$P 0 of communicator of size 4 $A" "$P 1 of communicator of size 4 $A" \
  "$P 2 of communicator of size 4 $A" "$P 3 of communicator of size 4 $A"
A="stops before MPI_Allreduce at a.c:30 in function f: processes call it with different reduction operations: MPI_MAX on rank 1, MPI_SUM on ranks 0,2"
expect_abort "(19c) operation mismatch" \
  3 ./rt_args op -- "$P 0 of communicator of size 3 $A" "$P 1 of communicator of size 3 $A" \
  "$P 2 of communicator of size 3 $A"
A="stops before MPI_Bcast at a.c:40 in function f: processes call it with different data sizes (count x datatype size): 4 bytes on ranks 0-1, 8 bytes on rank 2"
expect_abort "(19d) size mismatch" \
  3 ./rt_args size -- "$P 0 of communicator of size 3 $A" "$P 1 of communicator of size 3 $A" \
  "$P 2 of communicator of size 3 $A"
A="stops before MPI_Gather at g.c:50 in function g: processes call it with different data sizes (count x datatype size): 4 bytes on ranks 1-2, 4 and 8 bytes on rank 0"
expect_abort "(19e) MPI_Gather: the root receives more than each process sends" \
  3 ./rt_args gather_size -- "$P 0 of communicator of size 3 $A" "$P 1 of communicator of size 3 $A" \
  "$P 2 of communicator of size 3 $A"
A="stops before MPI_Reduce_scatter at r.c:60 in function r: processes call it with different data sizes (count x datatype size): 8 bytes on rank 1, 12 bytes on rank 0"
expect_abort "(19f) MPI_Reduce_scatter: recvcounts with different totals" \
  2 ./rt_args total -- "$P 0 of communicator of size 2 $A" "$P 1 of communicator of size 2 $A"
A="stops before MPI_Reduce_scatter at r.c:61 in function r: processes call it with different recvcounts arrays (MPI requires the same on every process): {2,1} on rank 0, {1,2} on rank 1"
expect_abort "(19j) MPI_Reduce_scatter: recvcounts with the same total, other contents" \
  2 ./rt_args counts_order -- "$P 0 of communicator of size 2 $A" "$P 1 of communicator of size 2 $A"
A="stops before MPI_Allgather at g.c:62 in function g: processes call it with MPI_IN_PLACE as sendbuf on some processes only (MPI requires it on all or none): a buffer on ranks 1-2, MPI_IN_PLACE on rank 0"
expect_abort "(19k) MPI_Allgather: MPI_IN_PLACE on rank 0 only" \
  3 ./rt_args in_place_some -- "$P 0 of communicator of size 3 $A" "$P 1 of communicator of size 3 $A" \
  "$P 2 of communicator of size 3 $A"
A="stops before MPI_Bcast at f.f90:70 in function sub: processes call it with different roots: root 0 on rank 0, root 1 on rank 1"
expect_abort "(19g) Fortran handles: the root is reported before the size" \
  2 ./rt_args fortran_root -- "$P 0 of communicator of size 2 $A" "$P 1 of communicator of size 2 $A"
A="stops before MPI_Bcast at a.c:90 in function f: processes call it with different datatypes (type signatures): 1 x 4-byte integer on ranks 0-1, 1 x 4-byte floating-point on rank 2"
expect_abort "(19i) MPI_INT against MPI_FLOAT: same size, another type signature" \
  3 ./rt_args types -- "$P 0 of communicator of size 3 $A" "$P 1 of communicator of size 3 $A" \
  "$P 2 of communicator of size 3 $A"
expect_abort "(19h) different collectives: the colour is reported, not the arguments" \
  2 ./rt_args colour_first -- \
  "$P 0 of communicator of size 2 stops before MPI_Bcast at a.c:80 in function f: other processes are calling MPI_Allreduce" \
  "$P 1 of communicator of size 2 stops before MPI_Allreduce at a.c:81 in function f: other processes are calling MPI_Bcast"

# The line of the first statement of errbench/FILE containing TEXT (the
# expected messages follow the programs as they are edited).
line_of () {
  grep -nF -- "$2" "$root/errbench/$1" | head -1 | cut -d: -f1
}

# (20) End to end: the errbench argument programs compiled with the plugin
# (instrument=all), when PARCOACH_CONFIG names a built one: the plugin
# passes the right arguments and the runtime names the values.
if [ -n "${PARCOACH_CONFIG:-}" ] && [ -x "$PARCOACH_CONFIG" ]; then
  e2e_build ()  # e2e_build COMPILER DIR/NAME.EXT: $tmp/NAME, or fails
  {
    local src=$root/errbench/$2 name
    name=$(basename "${2%.*}")
    cp "$src" "$tmp/" \
      && (cd "$tmp" && $1 $("$PARCOACH_CONFIG" --cflags) \
            -fplugin-arg-parcoach-instrument=all -O2 "$(basename "$src")" \
            $("$PARCOACH_CONFIG" --libs) -o "$name") > "$tmp/$name.build" 2>&1 \
      || { fail "build: errbench/$2 with the plugin" "" "$tmp/$name.build"; return 1; }
  }
  lines_all ()  # lines_all N TEXT: the line of every rank of N
  {
    local r
    for ((r = 0; r < $1; r++)); do echo "$P $r of communicator of size $1 $2"; done
  }
  if e2e_build "$MPICC" c/root_mismatch_bcast.c; then
    mapfile -t L < <(lines_all 4 "stops before MPI_Bcast at root_mismatch_bcast.c:$(line_of c/root_mismatch_bcast.c "MPI_Bcast(&value") in function main: processes call it with different roots: root 0 on ranks 0-2, root 1 on rank 3")
    expect_abort "(20) plugin + runtime: MPI_Bcast root mismatch (errbench)" 4 ./root_mismatch_bcast -- "${L[@]}"
  fi
  if e2e_build "$MPICC" c/op_mismatch_allreduce.c; then
    mapfile -t L < <(lines_all 2 "stops before MPI_Allreduce at op_mismatch_allreduce.c:$(line_of c/op_mismatch_allreduce.c "MPI_Allreduce(&local") in function main: processes call it with different reduction operations: MPI_MAX on rank 1, MPI_SUM on rank 0")
    expect_abort "(20b) plugin + runtime: MPI_Allreduce operation mismatch (errbench)" 2 ./op_mismatch_allreduce -- "${L[@]}"
  fi
  if e2e_build "$MPICC" c/size_mismatch_reduce.c; then
    mapfile -t L < <(lines_all 3 "stops before MPI_Reduce at size_mismatch_reduce.c:$(line_of c/size_mismatch_reduce.c "MPI_Reduce(local") in function main: processes call it with different data sizes (count x datatype size): 4 bytes on ranks 0-1, 8 bytes on rank 2")
    expect_abort "(20c) plugin + runtime: MPI_Reduce count mismatch (errbench)" 3 ./size_mismatch_reduce -- "${L[@]}"
  fi
  if e2e_build "$MPICC" c/correct_arguments_in_place_and_v.c; then
    name="(20d) plugin + runtime: MPI_IN_PLACE, root-only and v arguments, 3 processes (errbench)"
    run 3 ./correct_arguments_in_place_and_v
    if [ $rc -eq 0 ] && ! grep -q PARCOACH "$out" && [ "$(cat "$out")" = done ]; then
      pass "$name"
    else
      fail "$name" "exit status $rc" "$out"
    fi
  fi
  if [ $have_fortran = 1 ] && e2e_build "$MPIF90" fortran/root_mismatch_bcast.f90; then
    mapfile -t L < <(lines_all 3 "stops before MPI_Bcast at root_mismatch_bcast.f90:$(line_of fortran/root_mismatch_bcast.f90 "call mpi_bcast(x") in function root_mismatch_bcast: processes call it with different roots: root 0 on ranks 0-1, root 1 on rank 2")
    expect_abort "(20e) plugin + runtime: Fortran, in place passes, root mismatch stops (errbench)" 3 ./root_mismatch_bcast -- "${L[@]}"
  fi
else
  echo "SKIP (20) plugin + runtime end to end: PARCOACH_CONFIG not set"
fi

# ------------------------------------------------------ run-time options

# (16) PARCOACH_TIMEOUT: a check whose partners never come stops the job
# (code 86) soon after the timeout instead of hanging, and says what it
# was waiting for.
WD="has waited [0-9]+\.[0-9] s in the check before"
WHY="other processes never reached a matching check \(a collective on another communicator, or code compiled without PARCOACH\?\)"
wd_limit=10  # seconds: timeout (2) + drain + launcher start and teardown
check_wd_time ()
{
  if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $rc -ne 137 ] \
     && [ $elapsed -le $wd_limit ]; then
    pass "$1: stopped after ${elapsed}s <= ${wd_limit}s, exit $rc"
  else
    fail "$1" "exit status $rc after ${elapsed}s (want non-zero within ${wd_limit}s)" "$out"
  fi
}
ABORT_GREP=-E PARCOACH_TIMEOUT=2 expect_abort \
  "(16) watchdog: ranks in checks on two different communicators" \
  2 ./rt_options two_comms -- \
  "$P 0 of MPI_COMM_WORLD \(rank 0 of communicator of size 2\) $WD MPI_Barrier at wd\.c:10 in function f; $WHY" \
  "$P 1 of MPI_COMM_WORLD \(rank 0 of communicator of size 2\) $WD MPI_Bcast at wd\.c:20 in function g; $WHY"
check_wd_time "(16a) watchdog time"
ABORT_GREP=-E PARCOACH_TIMEOUT=2 expect_abort \
  "(16b) watchdog: check on a sub-communicator, partner in uninstrumented code" \
  3 ./rt_options uninstrumented -- \
  "$P 0 of MPI_COMM_WORLD \(rank 0 of communicator of size 2\) $WD MPI_Allreduce at u\.c:30 in function solve; $WHY"
check_wd_time "(16c) watchdog time"
PARCOACH_TIMEOUT=3 expect_clean \
  "(16d) watchdog on, 1000 agreeing checks, one process 1 s late" \
  2 ./rt_options late
PARCOACH_TIMEOUT=0.5 run 2 ./rt_options late
if [ $rc -ne 0 ] && grep -Eq "^$P 0 of MPI_COMM_WORLD \(rank 0 of communicator of size 2\) $WD MPI_Barrier at l\.c:5 in function late; " "$out"; then
  pass "(16e) watchdog fires for a process 1 s late with PARCOACH_TIMEOUT=0.5"
else
  fail "(16e) watchdog with PARCOACH_TIMEOUT=0.5, one process 1 s late" "exit status $rc" "$out"
fi
PARCOACH_TIMEOUT=soon run 2 ./rt_options late
if [ $rc -eq 0 ] && [ "$(grep -c '^PARCOACH: ignoring PARCOACH_TIMEOUT=soon: not a positive number of seconds; no watchdog$' "$out")" = 2 ] \
   && [ "$(wc -l < "$out")" = 2 ]; then
  pass "(16f) PARCOACH_TIMEOUT=soon: one warning per process, no watchdog"
else
  fail "(16f) PARCOACH_TIMEOUT=soon" "exit status $rc" "$out"
fi

# (16g) The hang detector: every process waits (a bracketed receive, a
# check), so the job stops after PARCOACH_HANG_TIMEOUT with one line per
# rank of MPI_COMM_WORLD naming its pending call.
HANG_HEAD="PARCOACH: every process of MPI_COMM_WORLD has been waiting for [0-9]+\.[0-9] s in MPI calls that cannot complete together \(the run would hang\); each process waits in:"
ABORT_GREP=-E PARCOACH_HANG_TIMEOUT=2 expect_abort \
  "(16g) hang detector: a receive against a check" \
  3 ./rt_options hang_recv -- \
  "$HANG_HEAD" \
  "$P 0 of MPI_COMM_WORLD waits in MPI_Recv at h\.c:7 in function wait_forever" \
  "$P 1 of MPI_COMM_WORLD waits in the check before MPI_Barrier on MPI_COMM_WORLD at h\.c:9 in function g" \
  "$P 2 of MPI_COMM_WORLD waits in the check before MPI_Barrier on MPI_COMM_WORLD at h\.c:9 in function g"
wd_limit=12  # the 2 s timeout, the 0.2 s polls, the drain, the launcher
check_wd_time "(16h) hang detector time"
PARCOACH_HANG_TIMEOUT=1 expect_clean \
  "(16i) hang detector: one process computes 3 s while the others wait: no stop" \
  3 ./rt_options slow_sender
PARCOACH_HANG_TIMEOUT=soon run 2 ./rt_options late
if [ $rc -eq 0 ] && [ "$(grep -c '^PARCOACH: ignoring PARCOACH_HANG_TIMEOUT=soon: not a number of seconds or "off"$' "$out")" = 2 ] \
   && [ "$(wc -l < "$out")" = 2 ]; then
  pass "(16j) PARCOACH_HANG_TIMEOUT=soon: one warning per process"
else
  fail "(16j) PARCOACH_HANG_TIMEOUT=soon" "exit status $rc" "$out"
fi

# (17) PARCOACH_STATS: one JSON file from rank 0 with the exact counts.
PYTHON=${PYTHON:-python3}
PARCOACH_STATS="$tmp/stats.json" expect_clean \
  "(17) PARCOACH_STATS: run" 2 ./rt_options stats
if "$PYTHON" - "$tmp/stats.json" > "$tmp/stats.check" 2>&1 <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == 1 and d["processes"] == 2 and d["complete"] is True, d
got = {(s["file"], s["line"], s["function"], s["collective"]):
       (s["checks"], s["checks_per_rank_max"], s["ranks"]) for s in d["sites"]}
want = {("st.c", 10, "f", "MPI_Barrier"): (20, 10, 2),
        ("st.c", 20, "g", "leaving the function"): (6, 3, 2),
        ("st.c", 30, "h", "MPI_Bcast"): (5, 5, 1),
        ('self "quoted".c', 50, "s", "MPI_Barrier"): (7, 7, 1)}
assert got == want, "got %r\nwant %r" % (got, want)
for s in d["sites"]:
    assert 0 <= s["seconds_max"] <= s["seconds_total"] < 10, s
    assert s["colour"] == {"MPI_Barrier": 1, "MPI_Bcast": 2,
                           "leaving the function": 0}[s["collective"]], s
PYEOF
then
  pass "(17b) PARCOACH_STATS: the file lists the exact counts per site"
else
  fail "(17b) PARCOACH_STATS: wrong file" "" "$tmp/stats.check"
  [ -f "$tmp/stats.json" ] && sed -e 's/^/    | /' "$tmp/stats.json" | head -20
fi
rm -f "$tmp/stats.json"
PARCOACH_TIMEOUT=1 PARCOACH_STATS="$tmp/stats.json" run 2 ./rt_options stats_partial
if [ $rc -eq 0 ] && [ ! -e "$tmp/stats.json" ] && [ $elapsed -lt 15 ] \
   && grep -q "^PARCOACH: rank 0: no statistics written to $tmp/stats.json: not every process" "$out"; then
  pass "(17c) PARCOACH_STATS when a process ran no check: message, no hang (${elapsed}s)"
else
  fail "(17c) PARCOACH_STATS when a process ran no check" "exit status $rc after ${elapsed}s" "$out"
fi

# (18) A PMPI profiling layer sees exactly the application's collectives,
# whatever the options; the stops are unchanged.
PARCOACH_TIMEOUT=20 PARCOACH_STATS="$tmp/pmpi.json" expect_clean \
  "(18) PMPI layer sees only the application's calls (watchdog and statistics on)" \
  2 ./rt_pmpi clean
if [ -s "$tmp/pmpi.json" ]; then
  pass "(18a) statistics written under the PMPI layer"
else
  fail "(18a) statistics written under the PMPI layer" "no $tmp/pmpi.json"
fi
PARCOACH_TIMEOUT=20 expect_abort \
  "(18b) PMPI layer, mismatch with the watchdog on: same stop" \
  2 ./rt_pmpi abort -- \
  "$P 0 of communicator of size 2 stops before MPI_Barrier at p.c:5 in function f: other processes are leaving the function; see the conditional(s) at line(s) 1" \
  "$P 1 of communicator of size 2 stops before leaving the function at p.c:5 in function f: other processes are calling MPI_Barrier; see the conditional(s) at line(s) 1"
ABORT_GREP=-E PARCOACH_TIMEOUT=1 expect_abort \
  "(18c) PMPI layer, watchdog stop: same stop, no runtime call seen" \
  2 ./rt_pmpi watchdog -- \
  "$P 0 of MPI_COMM_WORLD \(rank 0 of communicator of size 2\) $WD MPI_Barrier at p\.c:7 in function g; $WHY"

# (23) Collectives of code built without PARCOACH (parcoach_pmpi_collectives.c):
# checked through the runtime's MPI_ wrappers while the thread is armed.
LIB_AT='called from rt_library(_layered)?\+0x[0-9a-f]+( \([^)]*\))? in code built without PARCOACH'
for variant in rt_library rt_library_layered; do
  layer=; [ $variant = rt_library_layered ] && layer=--layer
  expect_clean "(23a) $variant: every rank calls the library, armed: clean" \
    2 ./$variant clean $layer
  expect_clean "(23b) $variant: a checked MPI_Allreduce against the library's: one check each, clean" \
    3 ./$variant mixed $layer
  ABORT_GREP=-E expect_abort \
    "(23c) $variant: rank 0 in the library's MPI_Allreduce, rank 1 at a checked MPI_Barrier: stop" \
    2 ./$variant abort -- \
    "$P 0 of communicator of size 2 stops before MPI_Allreduce $LIB_AT: other processes are calling MPI_Barrier" \
    "$P 1 of communicator of size 2 stops before MPI_Barrier at l\.c:2 in function main: other processes are calling MPI_Allreduce; see the conditional\(s\) at line\(s\) 1"
done
# Which checks ran, from the statistics: the library's 20 MPI_Allreduce per
# rank, checked by the wrapper; the 20 checked barriers once each (the
# wrapper consumed the check's token); unarmed, no check at all.
rm -f "$tmp/lib.json"
PARCOACH_STATS="$tmp/lib.json" run 2 ./rt_library_layered clean --layer
if [ $rc -eq 0 ] && python3 - "$tmp/lib.json" > "$tmp/lib.check" 2>&1 <<'PY'
import json, sys
sites = json.load(open(sys.argv[1]))['sites']
got = sorted((s['collective'], s['file'].startswith('rt_library'), s['checks_per_rank_max'], s['ranks'])
             for s in sites)
want = [('MPI_Allreduce', True, 20, 2), ('MPI_Barrier', False, 20, 2)]
if got != want:
    sys.exit('sites %s, want %s' % (got, want))
PY
then
  pass "(23d) statistics: 20 wrapper checks of the library's MPI_Allreduce, 20 barrier checks (no double check)"
else
  fail "(23d) statistics of the library's checks" "exit status $rc" "$tmp/lib.check"
  [ -f "$tmp/lib.json" ] && sed -e 's/^/    | /' "$tmp/lib.json" | head -20
fi
rm -f "$tmp/lib.json"
PARCOACH_STATS="$tmp/lib.json" run 2 ./rt_library unarmed
if [ $rc -eq 0 ] && [ ! -e "$tmp/lib.json" ] && ! grep -q '^PARCOACH' "$out"; then
  pass "(23e) unarmed: the library's collectives are not checked"
else
  fail "(23e) unarmed: the library's collectives are not checked" "exit status $rc" "$out"
fi
rm -f "$tmp/lib.json"
PARCOACH_LIBRARY_COLLECTIVES=off PARCOACH_STATS="$tmp/lib.json" run 2 ./rt_library_layered clean --layer
if [ $rc -eq 0 ] && ! grep -q '^PARCOACH\|rt_library:' "$out" \
   && [ -s "$tmp/lib.json" ] && ! grep -q '"MPI_Allreduce"' "$tmp/lib.json"; then
  pass "(23f) PARCOACH_LIBRARY_COLLECTIVES=off: no wrapper check, the layer still sees every call"
else
  fail "(23f) PARCOACH_LIBRARY_COLLECTIVES=off" "exit status $rc" "$out"
fi

# (23g-j) The same from Fortran (`use mpi'): MPICH's binding calls the C
# wrapper, Open MPI's calls PMPI_ and the runtime wraps mpi_allreduce_.
if [ $have_fortran = 1 ]; then
  expect_clean "(23g) Fortran library, armed, every rank calls it: clean" \
    2 ./rt_library_fortran clean
  rm -f "$tmp/flib.json"
  PARCOACH_STATS="$tmp/flib.json" run 3 ./rt_library_fortran mixed
  if [ $rc -eq 0 ] && python3 - "$tmp/flib.json" > "$tmp/flib.check" 2>&1 <<'PY'
import json, sys
sites = json.load(open(sys.argv[1]))['sites']
got = sorted((s['collective'], s['file'] == 'f.f90', s['checks_per_rank_max'], s['ranks'])
             for s in sites)
want = [('MPI_Allreduce', False, 20, 2), ('MPI_Allreduce', True, 20, 1)]
if got != want:
    sys.exit('sites %s, want %s' % (got, want))
PY
  then
    pass "(23h) Fortran: a checked MPI_Allreduce against the library's: one check per call (token consumed), clean"
  else
    fail "(23h) Fortran: a checked MPI_Allreduce against the library's" "exit status $rc" "$tmp/flib.check"
    [ -f "$tmp/flib.json" ] && sed -e 's/^/    | /' "$tmp/flib.json" | head -20
  fi
  rm -f "$tmp/flib.json"
  ABORT_GREP=-E expect_abort \
    "(23i) Fortran: rank 0 in the library's MPI_Allreduce, rank 1 at a checked MPI_Barrier: stop" \
    2 ./rt_library_fortran abort -- \
    "$P 0 of communicator of size 2 stops before MPI_Allreduce called from [^ ]+\+0x[0-9a-f]+( \([^)]*\))? in code built without PARCOACH: other processes are calling MPI_Barrier" \
    "$P 1 of communicator of size 2 stops before MPI_Barrier at f\.f90:2 in function main: other processes are calling MPI_Allreduce; see the conditional\(s\) at line\(s\) 1"
fi

# (24) The v-variants' counts compared by the wrappers
# (parcoach_count_checks.c): a type signature MPICH lets pass (one
# MPI_FLOAT against one MPI_INT), sampled per communicator (calls 1-8,
# then powers of two).
counts_line ()
{
  echo "$P $1 of communicator of size 2 \\(rank $1 of MPI_COMM_WORLD\\) stops in MPI_Allgatherv $2: processes call it with blocks that do not match: rank 1 sends 1 x 4-byte floating-point \(4 bytes\), but this process's recvcounts\[1\] and recvtype expect 1 x 4-byte integer \(4 bytes\)"
}
caller='called from rt_counts\+0x[0-9a-f]+( \([^)]*\))?'
ABORT_GREP=-E expect_abort "(24a) v-variant blocks differing on the first call: stop, each process naming the block" \
  2 ./rt_counts wrong 1 -- "$(counts_line 0 "$caller")" "$(counts_line 1 "$caller")"
ABORT_GREP=-E expect_abort "(24b) on the 16th call (sampled: a power of two): stop" \
  2 ./rt_counts wrong 16 -- "$(counts_line 0 "$caller")" "$(counts_line 1 "$caller")"
expect_clean "(24c) on the 9th call only: not sampled, the run goes on (a documented miss)" \
  2 ./rt_counts wrong 9
PARCOACH_COUNT_CHECKS=all ABORT_GREP=-E expect_abort "(24d) PARCOACH_COUNT_CHECKS=all: the 9th call stops" \
  2 ./rt_counts wrong 9 -- "$(counts_line 0 "$caller")" "$(counts_line 1 "$caller")"
PARCOACH_COUNT_CHECKS=off expect_clean "(24e) PARCOACH_COUNT_CHECKS=off: nothing compared" \
  2 ./rt_counts wrong 1
ABORT_GREP=-E expect_abort "(24f) a duplicate's calls are counted from its first: its 3rd call, after 20 on MPI_COMM_WORLD, stops" \
  2 ./rt_counts dup 3 -- "$(counts_line 0 "$caller")" "$(counts_line 1 "$caller")"
ABORT_GREP=-E expect_abort "(24g) the site the plugin announced is named" \
  2 ./rt_counts site -- "$(counts_line 0 'at v\.c:7')" "$(counts_line 1 'at v\.c:7')"

echo
if [ $failures -ne 0 ]; then
  echo "rtlib tests: $failures FAILED"
  exit 1
fi
echo "rtlib tests: all passed"
exit 0
