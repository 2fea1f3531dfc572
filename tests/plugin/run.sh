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
# Most programs here are one file compiled alone, whose diagnostics the
# cases check at compile time: judged in the file alone (parameters of
# public functions and other files' results may differ), not left to a
# link step (cross_file_parameters.h).  The specs cases link.
cflags="$("$config" --cflags) -fplugin-arg-parcoach-one-file"
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
   grep -q "(1) .root. of .MPI_Bcast. (line 5) may differ between processes: it depends on MPI_Comm_rank at line 4" "$work/out" &&
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
  # bad.c's conditional tests f's parameter, which bad_main.c passes the
  # rank: warned by the link step.
  if ${compiler% -x c++} $specs -Wl,--as-needed $objects -o "$work/specs_$lang" 2>> "$work/specs_$lang.log" &&
     grep -q "parcoach:collective-mismatch" "$work/specs_$lang.log"; then
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
# The warning's path (GCC's -fdiagnostics-path-format): inline under the
# warning by default, one note per event with separate-events, none with
# none; the same events every time.
expect_output path-inline "\(1\) processes may take different branches here" "$work/out"
expect_output path-inline-call "\(2\) .MPI_Barrier. is called here" "$work/out"
if grep -q "note: (1)" "$work/out"; then fail path-inline-not-notes "events printed as notes"; else pass path-inline-not-notes; fi
$MPICC $cflags -fdiagnostics-path-format=separate-events -c "$work/bad.c" -o "$work/bad.o" 2> "$work/out"
expect_output note-at-conditional "bad.c:3:[0-9]+: note: \(1\) processes may take different branches here" "$work/out"
expect_output path-separate-call "bad.c:4:5: note: \(2\) .MPI_Barrier. is called here, on one side of the conditional at line 3" "$work/out"
$MPICC $cflags -fdiagnostics-path-format=none -c "$work/bad.c" -o "$work/bad.o" 2> "$work/out"
expect_output path-none-warning "bad.c:4:5: warning: .MPI_Barrier. may not be called by all processes" "$work/out"
if grep -q "(1)\|processes may take different branches" "$work/out"; then
  fail path-none "events printed with -fdiagnostics-path-format=none"; sed 's/^/    /' "$work/out"
else
  pass path-none
fi
# One cause, one warning: a reversed order on the two sides of one rank
# test is one warning at the first call, whose path names the four calls
# and their sides.
cat > "$work/reversed.c" <<'SRC'
#include <mpi.h>
void f(int rank, int *x) {
  if (rank % 2) {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Bcast(x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  } else {
    MPI_Bcast(x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
}
SRC
$MPICC $cflags -fdiagnostics-path-format=separate-events -c "$work/reversed.c" -o "$work/x.o" 2> "$work/out"
if [ "$(grep -c 'warning:' "$work/out")" = 1 ]; then pass one-cause-one-warning; else fail one-cause-one-warning "not one warning"; sed 's/^/    /' "$work/out"; fi
expect_output one-cause-names-the-others "reversed.c:4:5: warning: .MPI_Barrier. and the calls at lines 5, 7, 8 may not be made by all processes of their communicator, or not in the same order, because of the conditional at line 3" "$work/out"
expect_output one-cause-side-1 "reversed.c:5:5: note: \(3\) .MPI_Bcast. is called here, on one side of the conditional at line 3" "$work/out"
expect_output one-cause-side-2 "reversed.c:7:5: note: \(4\) .MPI_Bcast. is called here, on the other side of the conditional at line 3" "$work/out"
expect_output one-cause-checks "reversed.c:4:5: note: run-time check inserted before each of these calls" "$work/out"
# Where the value comes from is an event of its own when the value flow
# knows the statement.
cat > "$work/origin.c" <<'SRC'
#include <mpi.h>
void f(void) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
}
SRC
$MPICC $cflags -fdiagnostics-path-format=separate-events -c "$work/origin.c" -o "$work/x.o" 2> "$work/out"
expect_output path-origin "origin.c:4:3: note: \(1\) the condition at line 5 may differ between processes: it depends on MPI_Comm_rank at line 4" "$work/out"
expect_output path-origin-then-conditional "origin.c:5:[0-9]+: note: \(2\) processes may take different branches here" "$work/out"
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
# The conditional is the first event of the warning's path.
path = warning[0]["path"]
assert path[0]["location"]["line"] == 3, path
assert "processes may take different branches" in path[0]["description"], path
assert path[-1]["location"]["line"] == 4, path
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
    assert unit["version"] == 3 and unit["tool"]["name"] == "PARCOACH for GCC", unit
    assert unit["tool"]["version"], unit
    (finding,) = unit["findings"]
    assert finding["kind"] == "collective-mismatch" and finding["collective"] == "MPI_Barrier"
    assert finding["severity"] == "warning", finding
    assert "MPI_Barrier" in finding["message"] and "may not be called" in finding["message"]
    assert "[parcoach:" not in finding["message"], finding
    assert finding["function"] == "f" and finding["location"]["line"] == 4
    assert [(r["line"], r["role"]) for r in finding["related"]] == [(3, "branch")]
    # The path: the rank test (a parameter: no event of its own), then the
    # barrier on one of its sides.
    assert [e["line"] for e in finding["path"]] == [3, 4], finding["path"]
    assert finding["path"][0]["message"].startswith("processes may take different branches here")
    assert finding["checked"] is True
    assert "other" not in finding and "levels" not in finding, finding
    (instrumented,) = unit["instrumented"]
    assert instrumented == {"function": "f", "mode": "flagged",
                            "collective_checks": 1, "exit_checks": 1}, instrumented
PY
then pass json-report-parallel; else fail json-report-parallel "see above"; fi

# The report's fields of one kind: for concurrent-collectives the other
# thread's call, for thread-level the levels requested and required; the
# path of each finding is in the report as printed, whatever
# -fdiagnostics-path-format says.
cat > "$work/concurrent.c" <<'SRC'
#include <mpi.h>
void f(int *x) {
#pragma omp parallel
  {
#pragma omp single nowait
    MPI_Bcast(x, 1, MPI_INT, 0, MPI_COMM_WORLD);
#pragma omp single
    MPI_Barrier(MPI_COMM_WORLD);
  }
}
SRC
cat > "$work/levels.c" <<'SRC'
#include <mpi.h>
int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
#pragma omp parallel
  {
#pragma omp single
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
SRC
rm -f "$work/kinds.json"
$MPICC $cflags -fopenmp -fdiagnostics-path-format=none -fplugin-arg-parcoach-report="$work/kinds.json" \
  -c "$work/concurrent.c" -o "$work/x.o" 2> "$work/concurrent.out"
$MPICC $cflags -fopenmp -fplugin-arg-parcoach-report="$work/kinds.json" \
  -c "$work/levels.c" -o "$work/x.o" 2> "$work/levels.out"
if python3 - "$work/kinds.json" <<'PY'
import json, sys
units = {u["source"].rsplit("/", 1)[-1]: u for u in map(json.loads, open(sys.argv[1]))}
(concurrent,) = units["concurrent.c"]["findings"]
assert concurrent["kind"] == "concurrent-collectives", concurrent
assert concurrent["collective"] == "MPI_Barrier" and concurrent["location"]["line"] == 8
assert concurrent["other"]["call"] == "MPI_Bcast" and concurrent["other"]["line"] == 6, concurrent
# The two single regions and the two calls, in source order.
assert [e["line"] for e in concurrent["path"]] == [5, 6, 7, 8], concurrent["path"]
assert concurrent["path"][1]["message"].startswith("one thread may call"), concurrent["path"]
assert concurrent["path"][3]["message"].startswith("while another thread calls"), concurrent["path"]
levels = units["levels.c"]["findings"]
assert sorted(f["location"]["line"] for f in levels) == [4, 8], levels
for finding in levels:
    assert finding["kind"] == "thread-level", finding
    assert finding["levels"] == {"requested": "MPI_THREAD_FUNNELED",
                                 "required": "MPI_THREAD_SERIALIZED"}, finding
    assert "MPI_THREAD" not in finding["collective"], finding
(call,) = [f for f in levels if f["location"]["line"] == 8]
# Where the level is requested, the single region, the call.
assert [e["line"] for e in call["path"]] == [4, 7, 8], call["path"]
# At MPI_Init_thread: the request, then the call that needs more.
(init,) = [f for f in levels if f["location"]["line"] == 4]
assert [e["line"] for e in init["path"]] == [4, 8], init["path"]
assert init["path"][1]["message"].endswith("needs \u2018MPI_THREAD_SERIALIZED\u2019") or \
    init["path"][1]["message"].endswith("needs 'MPI_THREAD_SERIALIZED'"), init["path"]
PY
then pass json-report-kind-fields; else fail json-report-kind-fields "see above"; cat "$work/concurrent.out" "$work/levels.out"; fi
# The paths of the request, rma and collective-arguments warnings: where
# the request, the window or epoch, the differing value come from, then
# the call (MPI 4.0: 3.7.3 for requests, 12.5 for epochs, 6.1 for the
# arguments of a collective).  Each holds on every path: no conditional.
cat > "$work/request.c" <<'SRC'
#include <mpi.h>
int main(int argc, char **argv) {
  int x = 1, y = 2;
  MPI_Request request;
  MPI_Init(&argc, &argv);
  MPI_Isend(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &request);
  MPI_Isend(&y, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
SRC
cat > "$work/window.c" <<'SRC'
#include <mpi.h>
void put(int value) {
  int slot = 0;
  MPI_Win win;
  MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Put(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
  MPI_Win_free(&win);
}
SRC
rm -f "$work/paths.json"
for src in request window root; do
  $MPICC $cflags -fdiagnostics-path-format=separate-events \
    -fplugin-arg-parcoach-report="$work/paths.json" -c "$work/$src.c" -o "$work/x.o" \
    2> "$work/$src.out"
done
if python3 - "$work/paths.json" <<'PY'
import json, sys
units = {u["source"].rsplit("/", 1)[-1]: u for u in map(json.loads, open(sys.argv[1]))}
def quoted(text):  # GCC's quotes, whatever the locale
    return text.replace("\u2018", "'").replace("\u2019", "'")
(request,) = units["request.c"]["findings"]
assert request["kind"] == "request" and request["location"]["line"] == 7, request
# The first MPI_Isend creates the request, the second overwrites its handle.
assert [e["line"] for e in request["path"]] == [6, 7], request["path"]
assert quoted(request["path"][0]["message"]).startswith("'MPI_Isend' creates a request here, held in 'request'"), request["path"]
assert quoted(request["path"][1]["message"]).startswith("'MPI_Isend' overwrites 'request' here"), request["path"]
(window,) = units["window.c"]["findings"]
assert window["kind"] == "rma" and window["location"]["line"] == 6, window
assert window["collective"] == "MPI_Put", window
# The window's creation, then the operation with no epoch.
assert [e["line"] for e in window["path"]] == [5, 6], window["path"]
assert quoted(window["path"][0]["message"]).startswith("window 'win' is created here by 'MPI_Win_create'"), window["path"]
(root,) = units["root.c"]["findings"]
assert root["kind"] == "collective-arguments" and root["location"]["line"] == 5, root
# Where the root comes from (MPI_Comm_rank), then the call.
assert [e["line"] for e in root["path"]] == [4, 5], root["path"]
assert quoted(root["path"][0]["message"]).startswith("'root' of 'MPI_Bcast' (line 5) may differ between processes"), root["path"]
assert quoted(root["path"][1]["message"]).startswith("'MPI_Bcast' is called here, and MPI requires 'root'"), root["path"]
PY
then pass paths-request-rma-arguments; else fail paths-request-rma-arguments "see above"; cat "$work/request.out" "$work/window.out" "$work/root.out"; fi
expect_output path-request-events "request.c:6:[0-9]+: note: \(1\) .MPI_Isend. creates a request here" "$work/request.out"
expect_output path-rma-events "window.c:6:[0-9]+: note: \(2\) .MPI_Put. is called here on .win., still with no access epoch open" "$work/window.out"
expect_output path-arguments-events "root.c:4:[0-9]+: note: \(1\) .root. of .MPI_Bcast. \(line 5\) may differ" "$work/root.out"
expect_output concurrent-message-quotes "concurrent.c:8:[0-9]+: warning: .MPI_Barrier. \(line 8\) and .MPI_Bcast. \(line 6\) may be called at the same time by two threads" "$work/concurrent.out"
expect_output levels-message-quotes "levels.c:8:[0-9]+: warning: .MPI_Barrier. needs .MPI_THREAD_SERIALIZED., but the program requests .MPI_THREAD_FUNNELED." "$work/levels.out"
expect_output levels-path "\(2\) .MPI_Barrier. \(line 8\) runs inside this .#pragma omp single. region" "$work/levels.out"
if grep -q "parallelism word" "$work/concurrent.out" "$work/levels.out"; then
  fail no-thesis-jargon "the messages speak of parallelism words"
else
  pass no-thesis-jargon
fi
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
# One cause (the thread test of line 5), one warning naming both barriers.
if [ "$(grep -c "warning: .#pragma omp barrier. and the construct at line 8 may not be reached.*line 5 \[parcoach:omp-collective\]" "$work/out")" = 1 ] &&
   [ "$(grep -c "warning:" "$work/out")" = 1 ]; then
  pass omp-verbosity-1
else
  fail omp-verbosity-1 "expected one warning blaming line 5 for both barriers"; cat "$work/out"
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
expect_output verbose-why-differs "bad.c:3:[0-9]+: note: PARCOACH cannot prove this condition the same on every process: it depends on parameter .rank. of .f., which other files may call with any value" "$work/out"
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
# the region): its path event (a note with separate-events) goes to the
# nearest located statement before it, never to "cc1plus:" or line 0.  OpenMP 5.1's attribute syntax: `taskwait
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
$MPICXX $cflags -fopenmp -fdiagnostics-path-format=separate-events -c "$work/generated.cpp" \
  -o "$work/generated.o" 2> "$work/out"
expect_output generated-condition-located "generated.cpp:2:[0-9]+: note: \([0-9]+\) threads may take different branches here" "$work/out"
if grep -Eq "^cc1plus: note|at line 0|thread-level" "$work/out"; then
  fail generated-condition-no-line-0 "a diagnostic without a line, or a nesting warning:"; sed 's/^/    /' "$work/out"
else
  pass generated-condition-no-line-0
fi

echo "plugin tests: $failures failure(s)"
[ "$failures" -eq 0 ]
