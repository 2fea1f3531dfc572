#!/bin/bash
# Plugin-level tests: argument validation, the version check, -Werror,
# -fdiagnostics-format=json, -flto, C/C++/Fortran loading.  Each case prints
# PASS or FAIL; the script exits non-zero if any case fails.
set -u
here=$(cd "$(dirname "$0")" && pwd)
config=${PARCOACH_CONFIG:-$here/../../build/parcoach-config}
MPICC=${MPICC:-mpicc}
MPICXX=${MPICXX:-mpicxx}
MPIF90=${MPIF90:-mpif90}
MPIEXEC=${MPIEXEC:-mpiexec}
cflags=$("$config" --cflags)
libs=$("$config" --libs)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failures=$((failures + 1)); }

# expect_output NAME PATTERN FILE: the file contains the (grep -E) pattern.
expect_output() {
  if grep -Eq -- "$2" "$3"; then pass "$1"; else fail "$1" "no '$2' in output:"; sed 's/^/    /' "$3"; fi
}

cat > "$work/bad.c" <<'SRC'
#include <mpi.h>
int f(int rank) {
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  return 0;
}
SRC
cat > "$work/good.c" <<'SRC'
#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
SRC

# An unknown argument is an error that lists the valid ones.
if $MPICC $cflags -fplugin-arg-parcoach-frobnicate=1 -c "$work/good.c" -o "$work/x.o" 2> "$work/out"; then
  fail unknown-argument "compilation succeeded"
else
  expect_output unknown-argument "unknown argument -fplugin-arg-parcoach-frobnicate.*valid arguments are" <(tr '\n' ' ' < "$work/out")
  expect_output unknown-argument-lists-instrument "instrument=selective\|all\|none" "$work/out"
fi

# A bad value names the argument and the accepted values.
if $MPICC $cflags -fplugin-arg-parcoach-instrument=sometimes -c "$work/good.c" -o "$work/x.o" 2> "$work/out"; then
  fail bad-instrument-value "compilation succeeded"
else
  expect_output bad-instrument-value "invalid value 'sometimes'.*expected selective, all or none" "$work/out"
fi

# Per-kind control and suppressions.  bad.c's barrier (line 4) is warned by
# default; disable= silences it and leaves the function unchecked (the JSON
# report says "dormant"); error= makes it an error; a pragma silences the
# line after it only; a suppression file silences by line or by function.
if $MPICC $cflags -fplugin-arg-parcoach-disable=collective-mismatch \
     -fplugin-arg-parcoach-report="$work/disabled.json" -c "$work/bad.c" -o "$work/x.o" 2> "$work/out" &&
   ! grep -q "parcoach:" "$work/out" && grep -q '"findings": \[\]' "$work/disabled.json" &&
   grep -q '"mode": "dormant"' "$work/disabled.json"; then
  pass disable-kind-silent-and-unchecked
else
  fail disable-kind-silent-and-unchecked "warned, or still checked:"; cat "$work/out" "$work/disabled.json" | sed 's/^/    /'
fi
if $MPICC $cflags -fplugin-arg-parcoach-disable=thread-level -c "$work/bad.c" -o "$work/x.o" 2> "$work/out"; then
  expect_output disable-other-kind-keeps-warning "bad.c:4:.*warning:.*parcoach:collective-mismatch" "$work/out"
else
  fail disable-other-kind-keeps-warning "compilation failed"
fi
if $MPICC $cflags -fplugin-arg-parcoach-error=collective-mismatch \
     -fplugin-arg-parcoach-report="$work/error.json" -c "$work/bad.c" -o "$work/x.o" 2> "$work/out"; then
  fail error-kind "compilation succeeded"
else
  expect_output error-kind "bad.c:4:.*error:.*parcoach:collective-mismatch" "$work/out"
  expect_output error-kind-in-report '"severity": "error"' "$work/error.json"
fi
# Argument matching: a root computed from the rank is warned
# [parcoach:collective-arguments] and its call checked (even though the
# function has no mismatch of order); disable= silences both.
cat > "$work/root.c" <<'SRC'
#include <mpi.h>
void share(int *x) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast(x, 1, MPI_INT, rank % 2, MPI_COMM_WORLD);
}
SRC
if $MPICC $cflags -fplugin-arg-parcoach-report="$work/root.json" -c "$work/root.c" \
     -o "$work/x.o" 2> "$work/out" &&
   grep -q "root.c:5:.*warning:.*argument .root. of .MPI_Bcast.*parcoach:collective-arguments" "$work/out" &&
   grep -q "root.c:5:.*note:.*root. depends on MPI_Comm_rank at line 4" "$work/out" &&
   grep -q '"kind": "collective-arguments"' "$work/root.json" &&
   grep -q '"checked": true' "$work/root.json"; then
  pass argument-matching-warns-and-checks
else
  fail argument-matching-warns-and-checks "no warning, note or check:"; cat "$work/out" "$work/root.json" | sed 's/^/    /'
fi
if $MPICC $cflags -fplugin-arg-parcoach-disable=collective-arguments \
     -fplugin-arg-parcoach-report="$work/root-off.json" -c "$work/root.c" -o "$work/x.o" 2> "$work/out" &&
   ! grep -q "parcoach:" "$work/out" && grep -q '"findings": \[\]' "$work/root-off.json"; then
  pass disable-collective-arguments
else
  fail disable-collective-arguments "warned:"; cat "$work/out" "$work/root-off.json" | sed 's/^/    /'
fi
cat > "$work/pragma.c" <<'SRC'
#include <mpi.h>
int f(int rank) {
  if (rank == 0)
#pragma parcoach ignore collective-mismatch, thread-level
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    MPI_Allreduce(MPI_IN_PLACE, &rank, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return 0;
}
#pragma parcoach ignore collective-mismatches
SRC
for compiler in "$MPICC" "$MPICXX -x c++"; do
  lang=${compiler##* }; lang=${lang#-}
  if $compiler $cflags -c "$work/pragma.c" -o "$work/x.o" 2> "$work/out"; then
    if grep -q "pragma.c:5:.*parcoach:collective-mismatch" "$work/out"; then
      fail pragma-silences-next-line-$lang "line 5 still warned"; sed 's/^/    /' "$work/out"
    else
      expect_output pragma-keeps-other-lines-$lang "pragma.c:7:.*warning:.*parcoach:collective-mismatch" "$work/out"
    fi
    expect_output pragma-bad-kind-$lang "pragma.c:10:.*unknown kind 'collective-mismatches'" "$work/out"
  else
    fail pragma-$lang "compilation failed"; sed 's/^/    /' "$work/out"
  fi
done
cat > "$work/supp.f90" <<'SRC'
subroutine first(rank)
  use mpi
  integer :: rank, ierr
  if (rank == 0) call MPI_BARRIER(MPI_COMM_WORLD, ierr)
end subroutine first
subroutine second(rank)
  use mpi
  integer :: rank, ierr
  if (rank == 0) call MPI_BARRIER(MPI_COMM_WORLD, ierr)
end subroutine second
subroutine third(rank)
  use mpi
  integer :: rank, ierr
  if (rank == 0) call MPI_BARRIER(MPI_COMM_WORLD, ierr)
end subroutine third
SRC
printf '# reviewed\nsupp.f90:4:collective-mismatch\nSECOND:all\n' > "$work/supp.txt"
if $MPIF90 $cflags -fplugin-arg-parcoach-suppressions="$work/supp.txt" -c "$work/supp.f90" \
     -o "$work/x.o" 2> "$work/out"; then
  warned=$(grep -c "parcoach:collective-mismatch" "$work/out")
  if [ "$warned" = 1 ] && grep -A4 "supp.f90:14:" "$work/out" | grep -q "parcoach:collective-mismatch"; then
    pass suppression-file-fortran
  else
    fail suppression-file-fortran "expected one warning, at line 14:"; sed 's/^/    /' "$work/out"
  fi
else
  fail suppression-file-fortran "compilation failed"; sed 's/^/    /' "$work/out"
fi
printf 'supp.f90:4:collective-mismatch\nsupp.f90:x:mismatch\n' > "$work/bad_supp.txt"
if $MPIF90 $cflags -fplugin-arg-parcoach-suppressions="$work/bad_supp.txt" -c "$work/supp.f90" \
     -o "$work/x.o" 2> "$work/out"; then
  fail suppression-file-bad-line "compilation succeeded"
else
  expect_output suppression-file-bad-line "bad_supp.txt:2: unknown kind 'mismatch'" "$work/out"
fi

# help prints every argument on stderr and the compilation goes on.
if $MPICC $cflags -fplugin-arg-parcoach-help -c "$work/good.c" -o "$work/help.o" 2> "$work/out" &&
   test -s "$work/help.o"; then
  expect_output help-lists-arguments "-fplugin-arg-parcoach-context=sequential\|parallel\|single\|master" "$work/out"
else
  fail help "compilation failed:"; sed 's/^/    /' "$work/out"
fi

# time-report prints the phases at the end of the unit, with their shares
# of the whole compilation, and the compilation goes on; without it, nothing.
if $MPICC $cflags -fplugin-arg-parcoach-time-report -c "$work/good.c" -o "$work/time.o" 2> "$work/out" &&
   test -s "$work/time.o"; then
  expect_output time-report-phase "^   value-flow extraction +: +[0-9]+\.[0-9]+ \( *[0-9]+%\) usr +[0-9]+\.[0-9]+ \( *[0-9]+%\) wall$" "$work/out"
  expect_output time-report-total "^ PARCOACH TOTAL +:" "$work/out"
else
  fail time-report "compilation failed:"; sed 's/^/    /' "$work/out"
fi
$MPICC $cflags -c "$work/good.c" -o "$work/time.o" 2> "$work/out"
if grep -q "PARCOACH phases" "$work/out"; then fail time-report-off "printed phases"; else pass time-report-off; fi

# The specs file alone (parcoach-config --specs) loads the plugin into cc1,
# cc1plus and f951 and links the runtime after the objects, even with
# --as-needed and with separate compile and link steps.
specs=$("$config" --specs)
cat > "$work/fbad.f90" <<'SRC'
program fbad
  use mpi
  integer :: ierr, rank
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call MPI_ALLREDUCE(MPI_IN_PLACE, rank, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_FINALIZE(ierr)
end program fbad
SRC
cat > "$work/bad_main.c" <<'SRC'
#include <mpi.h>
int f(int rank);
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  f(rank);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
SRC
for lang in c cxx fortran; do
  case $lang in
    c) compiler=$MPICC; sources="$work/bad.c $work/bad_main.c" ;;
    cxx) compiler="$MPICXX -x c++"; sources="$work/bad.c $work/bad_main.c" ;;
    fortran) compiler=$MPIF90; sources="$work/fbad.f90" ;;
  esac
  objects=
  for source in $sources; do
    object=$work/specs_${lang}_$(basename "$source").o
    $compiler $specs -c "$source" -o "$object" 2>> "$work/specs_$lang.log"
    objects="$objects $object"
  done
  if grep -q "parcoach:collective-mismatch" "$work/specs_$lang.log" &&
     ${compiler% -x c++} $specs -Wl,--as-needed $objects -o "$work/specs_$lang" 2>> "$work/specs_$lang.log"; then
    timeout 120 $MPIEXEC -n 2 "$work/specs_$lang" < /dev/null > "$work/specs_$lang.out" 2>&1
    expect_output specs-$lang-stops "PARCOACH: rank" "$work/specs_$lang.out"
  else
    fail specs-$lang "no warning, or the link failed:"; sed 's/^/    /' "$work/specs_$lang.log"
  fi
done
# Plugin arguments after the specs flag alone: the specs file loads the
# plugin before the user's options, so they apply (here: no warning).
if $MPICC $specs -fplugin-arg-parcoach-disable=collective-mismatch -c "$work/bad.c" \
     -o "$work/x.o" 2> "$work/out" && ! grep -q "parcoach:" "$work/out"; then
  pass specs-then-plugin-arguments
else
  fail specs-then-plugin-arguments "rejected or ignored:"; sed 's/^/    /' "$work/out"
fi

# Loaded into another GCC: one clear error naming both versions (needs a
# second GCC; make deps installs gcc-11 for this).
built_for=$("$config" --gcc-version)
other_gcc=""
for candidate in gcc-11 gcc-12 gcc-13; do
  if command -v "$candidate" > /dev/null && [ "$($candidate -dumpfullversion)" != "$built_for" ]; then
    other_gcc=$candidate
    break
  fi
done
if [ -n "$other_gcc" ]; then
  if $other_gcc $cflags -c -x c /dev/null -o "$work/x.o" 2> "$work/out"; then
    fail version-mismatch "$other_gcc accepted the plugin"
  else
    expect_output version-mismatch "built for GCC $built_for but is loaded into GCC $($other_gcc -dumpfullversion)" "$work/out"
    if grep -q "undefined symbol\|internal compiler error" "$work/out"; then
      fail version-mismatch-clean "unexpected loader error"; cat "$work/out"
    fi
  fi
else
  fail version-mismatch "no second GCC installed (apt-get install gcc-11)"
fi

# The warning carries its kind; -Werror turns it into an error.
$MPICC $cflags -c "$work/bad.c" -o "$work/bad.o" 2> "$work/out"
expect_output warning-kind "bad.c:4:5: warning: .MPI_Barrier. may not be called by all processes.*conditional at line 3 \[parcoach:collective-mismatch\]" "$work/out"
expect_output note-at-conditional "bad.c:3:[0-9]+: note: processes may take different branches here" "$work/out"
if $MPICC $cflags -Werror -c "$work/bad.c" -o "$work/bad.o" 2> "$work/out"; then
  fail werror "-Werror did not fail the build"
else
  expect_output werror "bad.c:4:5: error: .MPI_Barrier. may not be called" "$work/out"
fi

# GCC's JSON diagnostics carry our warning and its notes.
$MPICC $cflags -fdiagnostics-format=json -c "$work/bad.c" -o "$work/bad.o" 2> "$work/out"
if python3 - "$work/out" <<'PY'
import json, sys
diagnostics = json.load(open(sys.argv[1]))
warning = [d for d in diagnostics if "[parcoach:collective-mismatch]" in d["message"]]
assert len(warning) == 1, diagnostics
assert warning[0]["kind"] == "warning"
assert warning[0]["locations"][0]["caret"]["line"] == 4
notes = [c for c in warning[0].get("children", []) if c["kind"] == "note"]
assert any(n["locations"][0]["caret"]["line"] == 3 for n in notes), notes
PY
then pass json-diagnostics; else fail json-diagnostics "see above"; fi

# -w silences us like any warning; instrument=none inserts no check.
$MPICC $cflags -w -c "$work/bad.c" -o "$work/bad.o" 2> "$work/out"
if [ -s "$work/out" ]; then fail silenced-by-w "output with -w"; else pass silenced-by-w; fi
$MPICC $cflags -fplugin-arg-parcoach-instrument=none -c "$work/bad.c" -o "$work/bad.o" 2> /dev/null
if nm "$work/bad.o" | grep -q parcoach_check; then fail instrument-none "checks inserted"; else pass instrument-none; fi
$MPICC $cflags -c "$work/bad.c" -o "$work/bad.o" 2> /dev/null
if nm "$work/bad.o" | grep -q "U parcoach_check_comm"; then pass instrument-selective; else fail instrument-selective "no check inserted"; fi

# -flto: compile and link two files, run.
cat > "$work/lto_main.c" <<'SRC'
#include <mpi.h>
int work(int rank);
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  work(rank);
  MPI_Finalize();
  return 0;
}
SRC
cat > "$work/lto_work.c" <<'SRC'
#include <mpi.h>
int work(int rank) {
  if (rank >= 0)
    MPI_Barrier(MPI_COMM_WORLD);
  return 0;
}
SRC
if $MPICC $cflags -flto -O2 "$work/lto_main.c" "$work/lto_work.c" $libs -o "$work/lto" 2> "$work/out" &&
   timeout 60 $MPIEXEC -n 2 "$work/lto" > "$work/run" 2>&1; then
  expect_output lto-warns "lto_work.c:4:5: warning" "$work/out"
else
  fail lto "build or run failed"; cat "$work/out" "$work/run" 2>/dev/null
fi

# The same plugin loads into cc1plus and f951.
printf '#include <mpi.h>\nvoid f(int r) { if (r) MPI_Barrier(MPI_COMM_WORLD); }\n' > "$work/x.cpp"
$MPICXX $cflags -c "$work/x.cpp" -o "$work/x.o" 2> "$work/out"
expect_output loads-into-cc1plus "x.cpp:2:[0-9]+: warning: .MPI_Barrier. may not be called" "$work/out"
printf 'subroutine s(r)\n  use mpi\n  integer :: r, ierr\n  if (r == 0) call MPI_Barrier(MPI_COMM_WORLD, ierr)\nend subroutine\n' > "$work/x.f90"
$MPIF90 $cflags -fdiagnostics-plain-output -c "$work/x.f90" -o "$work/x.o" 2> "$work/out"
expect_output loads-into-f951 "x.f90:4:[0-9]+: Warning: .MPI_Barrier. may not be called" "$work/out"

# Linked without the runtime, an instrumented program fails with an
# undefined reference whose name says what to do; with it, it links.
$MPICC $cflags -c "$work/bad.c" -o "$work/bad.o" 2> /dev/null
cat > "$work/main_f.c" <<'SRC'
int f(int rank);
int main(void) { return f(1); }
SRC
if $MPICC "$work/main_f.c" "$work/bad.o" -o "$work/no-runtime" 2> "$work/out"; then
  fail link-without-runtime-explained "linked without the runtime"
else
  expect_output link-without-runtime-explained \
    "undefined reference to .PARCOACH_runtime_not_linked__add_parcoach_config_libs_after_the_objects" "$work/out"
fi
if $MPICC "$work/main_f.c" "$work/bad.o" $("$config" --libs) -o "$work/with-runtime" 2> "$work/out" &&
   ! grep -q "warning" "$work/out"; then
  pass link-with-runtime-clean
else
  fail link-with-runtime-clean "link failed or warned:"; sed 's/^/    /' "$work/out"
fi

# -fplugin-arg-parcoach-report: parallel compilations append one JSON line
# each, with the findings and the checks inserted.
report="$work/report.json"
for i in 1 2 3 4 5 6 7 8; do
  cp "$work/bad.c" "$work/bad$i.c"
  $MPICC $cflags -fplugin-arg-parcoach-report="$report" -c "$work/bad$i.c" -o "$work/bad$i.o" 2> /dev/null &
done
wait
if python3 - "$report" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == 8, len(lines)
units = [json.loads(line) for line in lines]
assert sorted(u["source"].rsplit("/", 1)[-1] for u in units) == [f"bad{i}.c" for i in range(1, 9)]
for unit in units:
    assert unit["version"] == 2 and unit["tool"]["name"] == "PARCOACH for GCC", unit
    assert unit["tool"]["version"], unit
    (finding,) = unit["findings"]
    assert finding["kind"] == "collective-mismatch" and finding["collective"] == "MPI_Barrier"
    assert finding["severity"] == "warning", finding
    assert "MPI_Barrier" in finding["message"] and "may not be called" in finding["message"]
    assert "[parcoach:" not in finding["message"], finding
    assert finding["function"] == "f" and finding["location"]["line"] == 4
    assert [(r["line"], r["role"]) for r in finding["related"]] == [(3, "branch")]
    assert finding["checked"] is True
    (instrumented,) = unit["instrumented"]
    assert instrumented == {"function": "f", "mode": "flagged",
                            "collective_checks": 1, "exit_checks": 1}, instrumented
PY
then pass json-report-parallel; else fail json-report-parallel "see above"; fi
if $MPICC $cflags -fplugin-arg-parcoach-report= -c "$work/good.c" -o "$work/x.o" 2> "$work/out"; then
  fail report-needs-file "accepted an empty file name"
else
  expect_output report-needs-file "needs a file name" "$work/out"
fi

# OpenMP verbosity: two explicit barriers on the two sides of a branch are
# matched by order at verbosity 0 (silent) and checked each on its own at 1.
cat > "$work/omp_two_sides.c" <<'SRC'
#include <omp.h>
void f(void) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp barrier
    } else {
#pragma omp barrier
    }
  }
}
SRC
$MPICC $cflags -fopenmp -c "$work/omp_two_sides.c" -o "$work/x.o" 2> "$work/out"
if grep -q "omp-collective" "$work/out"; then fail omp-verbosity-0 "warned"; cat "$work/out"; else pass omp-verbosity-0; fi
$MPICC $cflags -fplugin-arg-parcoach-omp-verbosity=1 -fopenmp -c "$work/omp_two_sides.c" -o "$work/x.o" 2> "$work/out"
if [ "$(grep -c 'warning: #pragma omp barrier may not be reached.*line 5 \[parcoach:omp-collective\]' "$work/out")" = 2 ]; then
  pass omp-verbosity-1
else
  fail omp-verbosity-1 "expected two warnings blaming line 5"; cat "$work/out"
fi

# The unit step: a barrier hidden in a callee on the other branch (thesis
# figure 5.1) gives no warning; the thesis' own analysis
# (-fplugin-arg-parcoach-thesis) does, and verbose says why it is gone.
cat > "$work/hidden.c" <<'SRC'
#include <mpi.h>
void f(void) { MPI_Barrier(MPI_COMM_WORLD); }
void g(int rank) {
  if (rank % 2)
    MPI_Barrier(MPI_COMM_WORLD);
  else
    f();
}
SRC
$MPICC $cflags -c "$work/hidden.c" -o "$work/x.o" 2> "$work/out"
if grep -q "parcoach:" "$work/out"; then fail unit-summaries "warned"; cat "$work/out"; else pass unit-summaries; fi
$MPICC $cflags -fplugin-arg-parcoach-thesis -c "$work/hidden.c" -o "$work/x.o" 2> "$work/out"
expect_output thesis-mode "hidden.c:5:5: warning: .MPI_Barrier. may not be called by all processes.*line 4 \[parcoach:collective-mismatch\]" "$work/out"
$MPICC $cflags -fplugin-arg-parcoach-verbose -c "$work/hidden.c" -o "$work/x.o" 2> "$work/out"
expect_output verbose-summaries "hidden.c:5:5: note: no warning for .MPI_Barrier.: the functions called on the other paths run the same collectives" "$work/out"
$MPICC $cflags -fplugin-arg-parcoach-verbose -c "$work/bad.c" -o "$work/x.o" 2> "$work/out"
expect_output verbose-why-differs "bad.c:3:[0-9]+: note: PARCOACH cannot prove this condition the same on every process: it depends on parameter 'rank' of 'f', which other files may call with any value" "$work/out"
if $MPICC $cflags -fplugin-arg-parcoach-verbose=yes -c "$work/hidden.c" -o "$work/x.o" 2> "$work/out"; then
  fail verbose-no-value "compilation succeeded"
else
  expect_output verbose-no-value "verbose takes no value" "$work/out"
fi

# C++ inline functions take their parameters from this file's calls, in a
# copy of this file's own (gimple/private_copies.h).  steps.h's loop runs
# the same number of barriers everywhere in a.cpp, but as many as the rank
# in b.cpp: only b.cpp warns, and although the linker would keep a.o's
# copy of a COMDAT function, b.cpp's calls run b.o's checked copy, so the
# run stops instead of hanging.
cat > "$work/steps.h" <<'SRC'
#include <mpi.h>
inline void barriers(int n) {
  for (int i = 0; i < n; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
}
SRC
cat > "$work/a.cpp" <<'SRC'
#include "steps.h"
void from_a() { barriers(3); }
SRC
cat > "$work/b.cpp" <<'SRC'
#include "steps.h"
void from_a();
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  from_a();
  barriers(rank + 1);
  MPI_Finalize();
  return 0;
}
SRC
$MPICXX $cflags -c "$work/a.cpp" -o "$work/a.o" 2> "$work/out_a"
$MPICXX $cflags -c "$work/b.cpp" -o "$work/b.o" 2> "$work/out_b"
if grep -q "parcoach:" "$work/out_a"; then fail inline-context-uniform "a.cpp warned"; cat "$work/out_a"; else pass inline-context-uniform; fi
expect_output inline-context-differs "steps.h:4:[0-9]+: warning: .MPI_Barrier. may not be called by all processes.*line 3" "$work/out_b"
expect_output inline-copy-local "^[0-9a-f]+ t barriers\(int\)" <(nm -C "$work/a.o")
if $MPICXX "$work/a.o" "$work/b.o" $libs -o "$work/ab" 2> "$work/out"; then
  timeout 60 $MPIEXEC -n 2 "$work/ab" > "$work/out" 2>&1
  status=$?
  if [ $status -ne 0 ] && [ $status -ne 124 ] && grep -q "PARCOACH: rank" "$work/out"; then
    pass inline-copy-checked
  else
    fail inline-copy-checked "exit $status (124: hang)"; cat "$work/out"
  fi
else
  fail inline-copy-checked "link failed"; cat "$work/out"
fi

# An explicit instantiation stays public: another file may call it through
# an `extern template' declaration, without a copy of its own.
cat > "$work/inst.cpp" <<'SRC'
#include <mpi.h>
template <class T> void reduce_steps(T n) {
  for (T i = 0; i < n; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
}
template void reduce_steps<int>(int);
SRC
cat > "$work/user.cpp" <<'SRC'
#include <mpi.h>
template <class T> void reduce_steps(T n);
extern template void reduce_steps<int>(int);
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  reduce_steps<int>(2);
  MPI_Finalize();
  return 0;
}
SRC
$MPICXX $cflags -c "$work/inst.cpp" -o "$work/inst.o" 2> "$work/out"
expect_output explicit-instantiation-public "^[0-9a-f]+ W void reduce_steps<int>\(int\)" <(nm -C "$work/inst.o")
expect_output explicit-instantiation-warned "inst.cpp:4:[0-9]+: warning: .MPI_Barrier." "$work/out"
$MPICXX $cflags -c "$work/user.cpp" -o "$work/user.o" 2> /dev/null
if $MPICXX "$work/inst.o" "$work/user.o" $libs -o "$work/iu" 2> "$work/out"; then
  pass explicit-instantiation-links
else
  fail explicit-instantiation-links "link failed"; cat "$work/out"
fi

# A test GCC generates has no location of its own (here lowering's `if
# (GOMP_single_start ())', blamed because the single thread never leaves
# the region): the note goes to the nearest located statement before it,
# never to "cc1plus:" or line 0.  OpenMP 5.1's attribute syntax: `taskwait
# depend' opens no region, so the loop after it is not "closely nested".
cat > "$work/generated.cpp" <<'SRC'
void spin_in_single() {
#pragma omp single
  for (;;)
    ;
}
void attribute_syntax(int *a, int &x) {
  [[omp::directive(taskwait depend(inout: x))]];
  [[omp::directive(for)]]
  for (int i = 0; i < 8; i++)
    a[i] = x;
}
SRC
$MPICXX $cflags -fopenmp -c "$work/generated.cpp" -o "$work/generated.o" 2> "$work/out"
expect_output generated-condition-located "generated.cpp:2:[0-9]+: note: threads may take different branches here" "$work/out"
if grep -Eq "^cc1plus: note|at line 0|thread-level" "$work/out"; then
  fail generated-condition-no-line-0 "a diagnostic without a line, or a nesting warning:"; sed 's/^/    /' "$work/out"
else
  pass generated-condition-no-line-0
fi

echo "plugin tests: $failures failure(s)"
[ "$failures" -eq 0 ]
