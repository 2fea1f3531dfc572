#!/usr/bin/env bash
# Robustness test of the PARCOACH plugin: compile (with -c, nothing is run)
# unusual but valid C, C++ and Fortran sources with the plugin loaded, at
# -O0, -O1, -O2, -O3 and once more with instrument=all, plus a two-file
# -flto build, plus N random functions written by gen_random_cfg.py.  Every
# compilation must exit 0 within the time limit and never print
# "internal compiler error" or "Segmentation fault".
#
# usage: tests/robustness/run.sh [-k PATTERN] [-v]
#   -k PATTERN  only the sources whose name contains PATTERN
#   -v          show the compiler output of every compilation
# environment: MPICC, MPICXX, MPIF90 (default mpicc, mpicxx, mpif90),
#   PARCOACH_CONFIG (default build/parcoach-config), ROBUSTNESS_N (number of
#   random functions, default 30), ROBUSTNESS_SEED (default 20151),
#   ROBUSTNESS_TIMEOUT (seconds per compilation, default 300),
#   ROBUSTNESS_JOBS (compilations of one source at once, default: the cores).
set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
MPICC=${MPICC:-mpicc}
MPICXX=${MPICXX:-mpicxx}
MPIF90=${MPIF90:-mpif90}
PARCOACH_CONFIG=${PARCOACH_CONFIG:-build/parcoach-config}
case $PARCOACH_CONFIG in
  /*) ;;
  *) [ -e "$PARCOACH_CONFIG" ] || PARCOACH_CONFIG=$repo/$PARCOACH_CONFIG ;;
esac
N=${ROBUSTNESS_N:-30}
SEED=${ROBUSTNESS_SEED:-20151}
TIMEOUT=${ROBUSTNESS_TIMEOUT:-300}
JOBS=${ROBUSTNESS_JOBS:-$(nproc 2> /dev/null || echo 2)}

pattern=
verbose=0
while [ $# -gt 0 ]; do
  case $1 in
    -k) pattern=$2; shift 2 ;;
    -v) verbose=1; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

if ! plugin_flags=$("$PARCOACH_CONFIG" --cflags) || ! plugin_libs=$("$PARCOACH_CONFIG" --libs); then
  echo "run.sh: cannot run $PARCOACH_CONFIG (is the plugin built?)" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/parcoach-robustness.XXXXXX")
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
failures=()

# Bad signs in the compiler output, whatever the exit status.
crash_re='internal compiler error|Segmentation fault|Please submit a full bug report|cannot load plugin|terminate called|Aborted \(core dumped\)'

compiler_for() {
  case $1 in
    *.c) echo "$MPICC" ;;
    *.cpp|*.cc|*.cxx) echo "$MPICXX" ;;
    *.f90|*.F90) echo "$MPIF90" ;;
  esac
}

language_flags_for() {
  local flags=
  case $1 in
    *.cpp|*.cc|*.cxx) flags="-std=c++17" ;;
  esac
  case $(basename "$1") in
    omp_*) flags="$flags -fopenmp" ;;
  esac
  echo "$flags"
}

report() { # status name detail [output file]
  local status=$1 name=$2 detail=$3 output=${4:-}
  echo "$status $name${detail:+ ($detail)}"
  if [ -n "$output" ] && { [ "$status" = FAIL ] || [ $verbose = 1 ]; } && [ -s "$output" ]; then
    sed 's/^/    | /' "$output" | head -n 60
  fi
  if [ "$status" = PASS ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$name")
  fi
}

# run_compiler LOG CMD...: runs CMD in $compile_dir (default $work) with
# the time limit; sets rc and elapsed (seconds).
run_compiler() {
  local log=$1 start end
  shift
  start=$(date +%s%N)
  (cd "${compile_dir:-$work}" && timeout -k 10 "$TIMEOUT" "$@") >"$log" 2>&1
  rc=$?
  end=$(date +%s%N)
  elapsed=$(awk -v ns=$((end - start)) 'BEGIN { printf "%.1f", ns / 1e9 }')
}

# check NAME LOG [SOURCE COMPILER LANGUAGE-FLAGS]: PASS if rc is 0 and the
# log shows no crash.
check() {
  local name=$1 log=$2 src=${3:-} cc=${4:-} lang=${5:-}
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    report FAIL "$name" "compiler timed out after ${TIMEOUT}s" "$log"
  elif grep -Eq "$crash_re" "$log"; then
    report FAIL "$name" "exit $rc, $(grep -Eo "$crash_re" "$log" | head -n 1)" "$log"
  elif [ $rc -ne 0 ]; then
    local detail="exit $rc"
    # Tell a plugin failure from a broken test source.
    # shellcheck disable=SC2086 # $cc and $lang are word lists
    if [ -n "$src" ] && ! (cd "$work" && $cc $lang -O0 -c "$src" -o "$work/plain.o") >/dev/null 2>&1; then
      detail="$detail; the source does not compile without the plugin either: test bug"
    fi
    report FAIL "$name" "$detail" "$log"
  else
    report PASS "$name" "${elapsed}s" "$log"
  fi
}

# compile_levels SOURCE DISPLAY-NAME COMPILER LANGUAGE-FLAGS LEVEL...: SOURCE
# compiled at each LEVEL (a word list of flags), JOBS at once, each in its
# own log, object and directory (Fortran writes its module files there);
# then checked in order (the output does not depend on which finished
# first).
compile_levels() {
  local src=$1 display=$2 cc=$3 lang=$4 i=0 level
  shift 4
  local levels=("$@")
  rm -f "$work"/log*.status
  for level in "${levels[@]}"; do
    # shellcheck disable=SC2086 # flags are word lists
    (compile_dir=$work/job$i && mkdir -p "$compile_dir" &&
     run_compiler "$work/log$i" $cc $plugin_flags $lang $level -c "$src" -o "$work/out$i.o"
     echo "$rc $elapsed" > "$work/log$i.status") &
    i=$((i + 1))
    if [ $((i % JOBS)) -eq 0 ]; then wait; fi
  done
  wait
  for i in "${!levels[@]}"; do
    read -r rc elapsed < "$work/log$i.status"
    level=${levels[$i]}
    check "$display ${level// -fplugin-arg-parcoach-/ }" "$work/log$i" "$src" "$cc" "$lang"
  done
}

compile_all_levels() { # SOURCE DISPLAY-NAME
  local src=$1 display=$2
  compile_levels "$src" "$display" "$(compiler_for "$src")" "$(language_flags_for "$src")" \
    -O0 -O1 -O2 -O3 "-O2 -fplugin-arg-parcoach-instrument=all"
}

selected() {
  [ -z "$pattern" ] || [[ $1 == *"$pattern"* ]]
}

echo "== hand-written sources"
for src in "$here"/src/*; do
  [ -f "$src" ] || continue
  [ -n "$(compiler_for "$src")" ] || continue
  name=src/$(basename "$src")
  selected "$name" || continue
  compile_all_levels "$src" "$name"
done

if selected lto; then
  echo "== link-time optimisation"
  ok=1
  for part in lto_a lto_b; do
    log=$work/log
    # shellcheck disable=SC2086
    run_compiler "$log" $MPICC $plugin_flags -flto -O2 -c "$here/lto/$part.c" -o "$work/$part.o"
    check "lto/$part.c -flto -O2 -c" "$log" "$here/lto/$part.c" "$MPICC" ""
    [ $rc -eq 0 ] || ok=0
  done
  if [ $ok = 1 ]; then
    log=$work/log
    # shellcheck disable=SC2086
    run_compiler "$log" $MPICC $plugin_flags -flto -O2 "$work/lto_a.o" "$work/lto_b.o" \
      -o "$work/lto_prog" $plugin_libs
    check "lto link -flto -O2" "$log"
  fi
fi

if selected random; then
  echo "== $N random functions (seed $SEED)"
  if python3 "$here/gen_random_cfg.py" "$work/gen" -n "$N" --seed "$SEED" >/dev/null; then
    for src in "$work"/gen/*.c; do
      failed_before=$failed
      compile_levels "$src" "random/$(basename "$src")" "$MPICC" "" -O0 -O1 -O2 -O3
      if [ "$failed" -ne "$failed_before" ] && [ -z "${hinted:-}" ]; then
        hinted=1
        echo "    | to get the failing sources: python3 tests/robustness/gen_random_cfg.py DIR -n $N --seed $SEED"
      fi
    done
  else
    report FAIL "gen_random_cfg.py" "generator failed"
  fi
fi

if selected bounded; then
  # Shapes that were superlinear before the analysis had bounds (issue 17):
  # the time limit is generous; what is checked is that the points-to
  # bound was reached (the verbose note counts the collapsed sets) and
  # that the error the collapse must not hide is still warned.
  echo "== bounded analysis (gen_bounded_shapes.py)"
  if python3 "$here/gen_bounded_shapes.py" "$work/bounded" >/dev/null; then
    src=$work/bounded/pointer_fanout.c
    log=$work/log
    # shellcheck disable=SC2086
    run_compiler "$log" $MPICC $plugin_flags -fplugin-arg-parcoach-verbose -O0 -c "$src" -o "$work/out.o"
    warned_line=$(grep -n 'line of the expected warning' "$src" | cut -d: -f1)
    if [ $rc -eq 0 ] && ! grep -Eq "note: in .pointer_fanout., [1-9][0-9]* sets? of possible pointer targets went past" "$log"; then
      report FAIL "bounded/pointer_fanout.c" "no note that a points-to set reached its bound" "$log"
    elif [ $rc -eq 0 ] && ! grep -q "pointer_fanout.c:$warned_line:.*warning:.*\[parcoach:collective-mismatch\]" "$log"; then
      report FAIL "bounded/pointer_fanout.c" "the barrier of line $warned_line is no longer warned" "$log"
    else
      check "bounded/pointer_fanout.c -O0 verbose" "$log" "$src" "$MPICC" ""
    fi
    src=$work/bounded/many_parameters.c
    # shellcheck disable=SC2086
    run_compiler "$log" $MPICC $plugin_flags -O0 -c "$src" -o "$work/out.o"
    check "bounded/many_parameters.c -O0" "$log" "$src" "$MPICC" ""
  else
    report FAIL "gen_bounded_shapes.py" "generator failed"
  fi
fi

echo
echo "robustness: $((passed + failed)) compilations, $passed passed, $failed failed"
for f in "${failures[@]+"${failures[@]}"}"; do
  echo "  FAILED $f"
done
[ $failed -eq 0 ]
