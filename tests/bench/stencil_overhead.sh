#!/bin/bash
# Overhead of PARCOACH's run-time checks on a mini-app: the 2-D Jacobi
# stencil of tests/bench/stencil.c and tests/bench/stencil.F90 (halo
# exchanges, OpenMP loops, an MPI_Allreduce'd residual every iteration;
# MPI+OpenMP, MPI_THREAD_FUNNELED), built twice with the same flags:
#   without   plain MPI wrapper, no plugin
#   with      the plugin with -fplugin-arg-parcoach-instrument=all (checks
#             in every function calling a collective) and the runtime
# Both binaries run side by side in one session: REPEAT rounds, each round
# runs C and Fortran, without and with (which one goes first alternates
# between rounds), so that the load of the machine hits both alike.  Each
# run reports three figures (see stencil.c): the slowest process's time
# for all the iterations (after a warm-up one), and the median and the
# 10th percentile of the time of one iteration (the largest over the
# processes): on a machine shared with other programs, MPI processes
# waiting for a partner that the scheduler preempted make the first two
# noisy; the fastest iterations are those where nobody waited.  The script
# prints the median of each figure over the rounds, the ratios
# with/without (goal: <= 1.05) and the cost of the checks per iteration.
#
# Before timing, it checks (and fails if not): the two binaries print the
# same residual and checksum (every timed run is compared too), and the
# instrumented one does run checks (PARCOACH_STATS: checks per iteration
# and process).  It prints the plugin's warnings on the mini-app (none
# expected: it is a correct program).  Figures to read: never fails on time.
#
# Environment: MPICC, MPIF90, MPIEXEC (default mpicc, mpif90, mpiexec),
# PARCOACH_CONFIG (default build/parcoach-config), PYTHON (python3),
# PROCS (default: 2 and 4, those not above the number of cores; name them
# to force, e.g. PROCS=4), THREADS (OpenMP threads per process, default:
# cores / processes, at least 1), N (grid, default 1024) and ITERATIONS
# (default 1000), compiled in (-DSTENCIL_N=, -DSTENCIL_ITERATIONS=), REPEAT
# (rounds, default 7), BENCH_CFLAGS (default -O3), OPENMP_CFLAGS (default
# -fopenmp), LANGS (default "c fortran").
#
# -O3 rather than -O2: at -O2 on the machine this was written on, GCC
# happened to place the C sweep loop -- the same instructions in both
# binaries, no check in it -- at an address that made it 25 % slower in
# the instrumented binary (one process, no communication: the same with
# -falign-loops=64 in both); at -O3 the loop is vectorised and both
# binaries run it at the same speed.  Run once with BENCH_CFLAGS=-O2 to see
# how large such code-placement effects are on another machine.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
MPICC=${MPICC:-mpicc}
MPIF90=${MPIF90:-mpif90}
MPIEXEC=${MPIEXEC:-mpiexec}
PYTHON=${PYTHON:-python3}
config=${PARCOACH_CONFIG:-$root/build/parcoach-config}
N=${N:-1024}
ITERATIONS=${ITERATIONS:-1000}
REPEAT=${REPEAT:-7}
BENCH_CFLAGS=${BENCH_CFLAGS:--O3}
OPENMP_CFLAGS=${OPENMP_CFLAGS:--fopenmp}
LANGS=${LANGS:-c fortran}
cores=$(nproc 2> /dev/null || echo 1)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/parcoach-stencil.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

if ! [ -x "$config" ]; then
  echo "stencil_overhead: $config not found (build first: make)" >&2
  exit 1
fi
plugin_flags="$("$config" --cflags) -fplugin-arg-parcoach-instrument=all"
libs=$("$config" --libs)

if [ -n "${PROCS:-}" ]; then
  procs=$PROCS
else
  procs=
  for p in 2 4; do
    if [ "$p" -le "$cores" ]; then
      procs="$procs $p"
    else
      echo "# $p processes skipped: $cores cores (PROCS=$p forces it; with more" \
           "processes than cores MPI's busy polling makes the figures measure the scheduler)"
    fi
  done
  [ -n "$procs" ] || procs=2
fi

# ------------------------------------------------------------------ build
status=0
: > "$tmp/warnings"
for lang in $LANGS; do
  case $lang in
    c) cc=$MPICC src=$here/stencil.c extra=-lm ;;
    fortran) cc=$MPIF90 src=$here/stencil.F90 extra= ;;
    *) echo "stencil_overhead: unknown language '$lang' (c, fortran)" >&2; exit 1 ;;
  esac
  flags="$BENCH_CFLAGS $OPENMP_CFLAGS -DSTENCIL_N=$N -DSTENCIL_ITERATIONS=$ITERATIONS"
  # shellcheck disable=SC2086  # flag lists
  if ! (cd "$tmp" && $cc $flags "$src" -o "$tmp/$lang-without" $extra) \
       > "$tmp/$lang-without.log" 2>&1; then
    echo "stencil_overhead: cannot build $src without the plugin:"; cat "$tmp/$lang-without.log"
    exit 1
  fi
  # shellcheck disable=SC2086
  if ! (cd "$tmp" && $cc $flags $plugin_flags "$src" -o "$tmp/$lang-with" \
          $extra $libs) > "$tmp/$lang-with.log" 2>&1; then
    echo "stencil_overhead: cannot build $src with the plugin:"; cat "$tmp/$lang-with.log"
    exit 1
  fi
  # gfortran puts the location on a line of its own, before the message.
  awk '/^[^ ].*:[0-9]+:[0-9]+:$/ { where = $0; next }
       /\[parcoach:/ { if ($0 ~ /^[^ ]+:[0-9]+:[0-9]+: /) print; else print where " " $0 }' \
    "$tmp/$lang-with.log" | sed "s|^$root/||" >> "$tmp/warnings"
done

echo "# stencil overhead: 2-D Jacobi, N=$N, $ITERATIONS iterations, $REPEAT rounds," \
     "$(uname -m), $cores cores, $($MPICC -dumpfullversion 2> /dev/null | sed 's/^/GCC /')," \
     "$MPIEXEC, load average $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null)"
echo "# flags: $flags; with: + $plugin_flags"
if [ -s "$tmp/warnings" ]; then
  echo "# PARCOACH warnings on the mini-app ($(wc -l < "$tmp/warnings")):"
  sed -e 's/^/#   /' "$tmp/warnings"
else
  echo "# PARCOACH warnings on the mini-app: none"
fi

threads_for () { if [ -n "${THREADS:-}" ]; then echo "$THREADS"; else
  t=$((cores / $1)); [ $t -ge 1 ] || t=1; echo $t; fi; }

# run LANG VARIANT P: prints the program's line, or fails.
run ()
{
  local lang=$1 variant=$2 p=$3
  OMP_NUM_THREADS=$(threads_for "$p") timeout 600 \
    $MPIEXEC -n "$p" "$tmp/$lang-$variant" 2> "$tmp/run.err"
}
field () { sed -n "s/.* $1 *\([^ ]*\).*/\1/p"; }
result () { echo "$(echo "$1" | field residual) $(echo "$1" | field checksum)"; }

# ------------------------------------------------------- checks first
# The reference result of each language and process count, and the checks
# per process and iteration: a run with PARCOACH_STATS; a site in the loop
# has ITERATIONS + 1 checks per process (the warm-up iteration), the others
# a few.
for p in $procs; do
  for lang in $LANGS; do
    rm -f "$tmp/stats.json"
    without=$(run "$lang" without "$p") &&
      with=$(PARCOACH_STATS=$tmp/stats.json run "$lang" with "$p")
    if [ -z "$without" ] || [ -z "${with:-}" ]; then
      echo "FAIL $lang, $p processes: run failed"; cat "$tmp/run.err"; status=1; continue
    fi
    result "$without" > "$tmp/ref-$lang-$p"
    if [ "$(result "$with")" != "$(result "$without")" ]; then
      echo "FAIL $lang, $p processes: results differ with the checks:"
      echo "  without: $without"; echo "  with:    $with"
      status=1
    fi
    c=$("$PYTHON" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(sum(s["checks_per_rank_max"] // int(sys.argv[2]) for s in d["sites"]))' \
        "$tmp/stats.json" "$ITERATIONS" 2> /dev/null)
    if [ -n "$c" ] && [ "$c" -ge 1 ]; then
      echo "$lang $p $c" >> "$tmp/checks"
    else
      echo "FAIL $lang, $p processes: the instrumented binary runs no check per iteration" \
           "(PARCOACH_STATS: ${c:-no file})"
      status=1
    fi
  done
done

# ------------------------------------------------------------- timing
for p in $procs; do
  for r in $(seq 1 "$REPEAT"); do
    if [ $((r % 2)) = 1 ]; then order="without with"; else order="with without"; fi
    for lang in $LANGS; do
      for variant in $order; do
        if out=$(run "$lang" "$variant" "$p") && [ -n "$out" ]; then
          echo "$out" | field seconds >> "$tmp/t-$lang-$variant-$p"
          echo "$out" | field iteration >> "$tmp/i-$lang-$variant-$p"
          echo "$out" | field fast >> "$tmp/f-$lang-$variant-$p"
          if [ -f "$tmp/ref-$lang-$p" ] && [ "$(result "$out")" != "$(cat "$tmp/ref-$lang-$p")" ]; then
            echo "FAIL $lang $variant, $p processes: result $(result "$out")," \
                 "first run $(cat "$tmp/ref-$lang-$p")"
            status=1
          fi
        else
          echo "FAIL $lang $variant, $p processes: run failed"; cat "$tmp/run.err"; status=1
        fi
      done
    done
  done
done

median () { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2];
                                      else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio () { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b / a }'; }

echo
printf '%-8s %5s %7s %9s  %-24s %10s %10s %7s %9s\n' \
  language procs threads checks/it figure without with ratio "+/check"
for p in $procs; do
  for lang in $LANGS; do
    checks=$(awk -v l="$lang" -v p="$p" '$1 == l && $2 == p { print $3 }' "$tmp/checks" 2> /dev/null)
    for fig in f:fast i:iteration t:seconds; do
      key=${fig%%:*}
      a=$tmp/$key-$lang-without-$p b=$tmp/$key-$lang-with-$p
      [ -s "$a" ] && [ -s "$b" ] || continue
      ma=$(median "$a") mb=$(median "$b")
      case $key in
        f) label="iteration, fastest 10%" scale=1e6 unit=us ;;
        i) label="iteration, median" scale=1e6 unit=us ;;
        t) label="whole run" scale=1 unit=s ;;
      esac
      percheck=$(awk -v a="$ma" -v b="$mb" -v c="${checks:-0}" -v k="$key" -v it="$ITERATIONS" \
                   'BEGIN { if (c <= 0) { print "?"; exit }
                            d = (b - a) * 1e6 / c; if (k == "t") d /= it; printf "%.2f us", d }')
      printf '%-8s %5s %7s %9s  %-24s %10s %10s %7s %9s\n' \
        "$lang" "$p" "$(threads_for "$p")" "${checks:-?}" "$label ($unit)" \
        "$(awk -v x="$ma" -v s=$scale 'BEGIN { printf "%.4g", x * s }')" \
        "$(awk -v x="$mb" -v s=$scale 'BEGIN { printf "%.4g", x * s }')" \
        "$(ratio "$ma" "$mb")" "$percheck"
    done
  done
done
echo "# $(wc -l < "$tmp/t-$(set -- $LANGS; echo "$1")-without-$(set -- $procs; echo "$1")" 2> /dev/null || echo 0)" \
     "rounds; medians over the rounds of: the 10th percentile and the median of the"
echo "# iteration times, the whole run; ratio = with / without (goal: <= 1.05);"
echo "# checks/it = run-time checks per process and iteration; +/check = the"
echo "# difference per iteration divided by checks/it"
exit $status
