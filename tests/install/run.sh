#!/bin/bash
# tests/install/run.sh -- shipping PARCOACH: `make install' into a staged
# DESTDIR with a temporary prefix, the installed parcoach-config, the static
# and shared runtime, the header, the man page, pkg-config, the compiler
# wrappers (argument handling, an autotools and a CMake C + Fortran project
# built through them), the modulefiles loaded with environment-modules and
# Lmod, `make install-gcc-plugin' (-fplugin=parcoach by name), `make
# uninstall', and `make dist'.  One PASS/FAIL line per check; exit status 1
# if any failed.  Run by `make check' (environment from the Makefile:
# PARCOACH_SRCDIR, PARCOACH_BUILD, MPICC, MPIF90, MPIEXEC, GCC_MAJOR...).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=${PARCOACH_SRCDIR:-$(cd "$here/../.." && pwd)}
build=${PARCOACH_BUILD:-build}
MPICC=${MPICC:-mpicc}
MPIF90=${MPIF90:-mpif90}
MPIEXEC=${MPIEXEC:-mpiexec}
deps_dir=${PARCOACH_DEPS_DIR:-/opt/parcoach-deps}
version=${PACKAGE_VERSION:-$("$src/$build/parcoach-config" --version)}
gcc_major=${GCC_MAJOR:-$("$src/$build/parcoach-config" --gcc-version | sed 's/\..*//')}
module_name=parcoach/$version-gcc$gcc_major

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/stage
root=$work/prefix        # the --prefix; staged into $stage$root first
failures=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failures=$((failures + 1)); }
# check NAME COMMAND...: PASS when COMMAND succeeds.
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name" "failed: $*"; fi; }
# mk ARGS...: the project's make on this build (outer make's flags dropped).
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$src" BUILD="$build" "$@"; }
# run_mpi NAME EXPECT(ok|stop) PROGRAM: run on 2 processes.
run_mpi() {
  local name=$1 expect=$2 prog=$3 rc
  timeout 60 $MPIEXEC -n 2 "$prog" > "$work/run.out" 2>&1
  rc=$?
  if test $expect = ok; then
    if test $rc -eq 0 && ! grep -q 'PARCOACH:' "$work/run.out"; then pass "$name"
    else fail "$name" "exit $rc"; sed 's/^/    /' "$work/run.out"; fi
  else
    if test $rc -ne 0 && test $rc -ne 124 && grep -q 'PARCOACH: rank' "$work/run.out"; then pass "$name"
    else fail "$name" "exit $rc, expected a PARCOACH stop"; sed 's/^/    /' "$work/run.out"; fi
  fi
}

# --- sources ---------------------------------------------------------------
mkdir -p "$work/src"
cat > "$work/src/good.c" <<'SRC'
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#ifndef MSG
#define MSG "no message"
#endif
int work(int rank);
int main(int argc, char **argv) {
  int rank, sum;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  sum = work(rank);
  if (rank == 0) printf("sum=%d msg=%s\n", sum, MSG);
  MPI_Finalize();
  return strcmp(MSG, "a b") == 0 || strcmp(MSG, "no message") == 0 ? 0 : 3;
}
SRC
cat > "$work/src/work.c" <<'SRC'
#include <mpi.h>
int work(int rank) {
  int sum = 0;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  return sum;
}
SRC
cat > "$work/src/bad.c" <<'SRC'
#include <mpi.h>
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &rank, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
SRC
cat > "$work/src/fwork.f90" <<'SRC'
module fwork
contains
  subroutine reduce(rank, total)
    use mpi
    integer, intent(in) :: rank
    integer, intent(out) :: total
    integer :: ierr
    call MPI_ALLREDUCE(rank, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end subroutine reduce
end module fwork
SRC
cat > "$work/src/fmain.f90" <<'SRC'
program fmain
  use mpi
  use fwork
  integer :: ierr, rank, total
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call reduce(rank, total)
  if (rank == 0) print *, 'total', total
  call MPI_FINALIZE(ierr)
end program fmain
SRC
cat > "$work/src/fbad.f90" <<'SRC'
program fbad
  use mpi
  integer :: ierr, rank
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
    call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  end if
  call MPI_ALLREDUCE(MPI_IN_PLACE, rank, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_FINALIZE(ierr)
end program fbad
SRC

# --- 1. make install (staged) ---------------------------------------------
# The modulefiles require a (fake) module of the site's GCC: see section 8.
echo "--- make install DESTDIR=... prefix=... MODULE_PREREQS=parcoach-test-gcc/12"
if mk install DESTDIR="$stage" prefix="$root" MODULE_PREREQS=parcoach-test-gcc/12 \
     > "$work/install.log" 2>&1; then
  pass install
else
  fail install "make install failed"; sed 's/^/    /' "$work/install.log"
fi
check install-honours-destdir test ! -e "$root"
expected="bin/parcoach-config bin/parcoach-cc bin/parcoach-cxx bin/parcoach-fc
lib/parcoach/parcoach.so lib/parcoach/parcoach-pass.so lib/parcoach/parcoach.specs
lib/parcoach/parcoach-link lib/parcoach/parcoach-link.specs
lib/libparcoach-rt.so lib/libparcoach-rt.so.0 share/doc/parcoach/README share/doc/parcoach/COPYING
lib/libparcoach-rt.a lib/pkgconfig/parcoach.pc include/parcoach_rt.h include/parcoach_rt_checks.def
share/man/man1/parcoach.1 share/modulefiles/$module_name
share/modulefiles/$module_name.lua"
missing=
for f in $expected; do test -f "$stage$root/$f" || missing="$missing $f"; done
if test -z "$missing"; then pass install-layout; else fail install-layout "missing:$missing"; fi
# Deploy the staged tree where it was configured for (what a package does).
mkdir -p "$(dirname "$root")" && mv "$stage$root" "$root"

# --- 2. the installed parcoach-config, runtime and header -----------------
cfg=$root/bin/parcoach-config
check installed-config-cflags test "$("$cfg" --cflags)" = "-fplugin=$root/lib/parcoach/parcoach.so"
check installed-config-libs test "$("$cfg" --libs)" = "-L$root/lib -Wl,-rpath,$root/lib -lparcoach-rt -specs=$root/lib/parcoach/parcoach-link.specs"
check installed-config-includedir test "$("$cfg" --includedir)" = "$root/include"
cd "$work/src" || exit 1
if $MPICC $("$cfg" --cflags) -c good.c work.c 2> "$work/err" &&
   $MPICC good.o work.o $("$cfg" --libs) -o good_installed 2>> "$work/err"; then
  pass installed-compile-link
  run_mpi installed-run-correct ok ./good_installed
  # The program needs the runtime by its versioned SONAME.
  check installed-runtime-soname sh -c "readelf -d ./good_installed | grep -q 'NEEDED.*\[libparcoach-rt.so.0\]'"
else
  fail installed-compile-link "see below"; sed 's/^/    /' "$work/err"
fi
if $MPICC $("$cfg" --cflags) bad.c $("$cfg" --libs) -o bad_installed 2> "$work/err"; then
  check installed-warning grep -q 'parcoach:collective-mismatch' "$work/err"
  run_mpi installed-run-stops stop ./bad_installed
else
  fail installed-compile-bad "see below"; sed 's/^/    /' "$work/err"
fi
if $MPICC $("$cfg" --cflags) bad.c "$root/lib/libparcoach-rt.a" -o bad_static 2> /dev/null; then
  if ldd ./bad_static | grep -q parcoach; then fail static-runtime "links libparcoach-rt.so"
  else run_mpi static-runtime-stops stop ./bad_static; fi
else
  fail static-runtime "cannot link with libparcoach-rt.a"
fi
printf '#include <parcoach_rt.h>\nint x = PARCOACH_ABORT_CODE;\n' > hdr.c
check installed-header $MPICC -I"$("$cfg" --includedir)" -c hdr.c -o hdr.o

# --- 3. man page: every plugin argument is described ------------------------
man1=$root/share/man/man1/parcoach.1
$MPICC $("$cfg" --cflags) -fplugin-arg-parcoach-nosuchargument=1 -c good.c -o x.o 2> "$work/args" || true
args=$(grep -o 'fplugin-arg-parcoach-[a-z-]*' "$work/args" | sort -u | grep -v nosuchargument)
undocumented=
for a in $args; do
  grep -q -- "$(echo "$a" | sed 's/-/\\\\-/g')" "$man1" || undocumented="$undocumented $a"
done
if test -n "$args" && test -z "$undocumented"; then pass man-plugin-arguments
else fail man-plugin-arguments "not in parcoach.1:${undocumented:- (no argument list from the plugin)}"; fi
check man-exit-code grep -q '^\.B 86' "$man1"
check man-environment grep -q '^\.SH ENVIRONMENT' "$man1"
if command -v groff > /dev/null; then
  # Macro, escape and character warnings (not layout ones, which depend on
  # the length of the installed paths).
  check man-renders sh -c "groff -man -Tutf8 -wmac -wescape -wchar -z '$man1' 2>&1 | (! grep .)"
fi

# --- 4. pkg-config --------------------------------------------------------------
pkgc() { PKG_CONFIG_PATH=$root/lib/pkgconfig pkg-config "$@" parcoach 2>&1 | sed 's/ *$//'; }
check pkg-config test "$(pkgc --cflags --libs)" = "-fplugin=$root/lib/parcoach/parcoach.so -L$root/lib -Wl,-rpath,$root/lib -lparcoach-rt"
check pkg-config-version test "$(pkgc --modversion)" = "$version"
# (--libs after the sources: a linker with --as-needed drops a library
# given before the objects that use it.)
if $MPICC $(pkgc --cflags) bad.c $(pkgc --libs) -o bad_pc 2> /dev/null; then
  run_mpi pkg-config-build-stops stop ./bad_pc
else
  fail pkg-config-build "cannot build with: $(pkgc --cflags) bad.c $(pkgc --libs)"
fi

# --- 5. compiler wrappers: arguments ----------------------------------------
cc=$root/bin/parcoach-cc
# A fake compiler printing its arguments one per line.
cat > "$work/fakecc" <<'SH'
#!/bin/sh
for a in "$@"; do printf '[%s]\n' "$a"; done
SH
chmod +x "$work/fakecc"
args_of() { PARCOACH_CC=$work/fakecc "$cc" "$@"; }
links() { args_of "$@" | grep -q '^\[-lparcoach-rt\]$'; }
plugged() { args_of "$@" | grep -q "^\[-fplugin=$root/lib/parcoach/parcoach.so\]$"; }
check wrapper-adds-plugin plugged -c x.c
check wrapper-links links x.o -o x
for stop in -c -S -E -M -MM -fsyntax-only; do
  check "wrapper-no-link$stop" sh -c "! PARCOACH_CC='$work/fakecc' '$cc' $stop x.c | grep -q lparcoach"
done
check wrapper-no-link-version sh -c "! PARCOACH_CC='$work/fakecc' '$cc' --version | grep -q lparcoach"
check wrapper-link-with-MD links -MD x.c -o x
check wrapper-quoting test "$(args_of -DMSG='"a b"' -c x.c | sed -n 2p)" = '[-DMSG="a b"]'
check wrapper-empty-arg test "$(args_of '' -c | sed -n 2p)" = '[]'
check wrapper-prefix-mode test "$("$cc" "$work/fakecc" -c x.c | sed -n 1p)" = "[-fplugin=$root/lib/parcoach/parcoach.so]"
check wrapper-default-mpicc sh -c "'$cc' -show 2>/dev/null | grep -q -- -fplugin= || '$cc' --version > /dev/null"
# Real compilations, with a quoted define containing a space.
if "$cc" -DMSG='"a b"' -c good.c -o good_w.o && "$cc" -c work.c -o work_w.o &&
   "$cc" good_w.o work_w.o -o good_w; then
  run_mpi wrapper-build-run ok ./good_w
  check wrapper-define-with-space sh -c "timeout 60 $MPIEXEC -n 1 ./good_w | grep -q 'msg=a b'"
else
  fail wrapper-build "parcoach-cc failed"
fi
cat > cxx.cpp <<'SRC'
#include <mpi.h>
#include <vector>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::vector<int> v(4, 1), w(4);
  MPI_Allreduce(v.data(), w.data(), 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
SRC
if "$root/bin/parcoach-cxx" -c cxx.cpp -o cxx.o && "$root/bin/parcoach-cxx" cxx.o -o cxx_w; then
  run_mpi wrapper-cxx-build-run ok ./cxx_w
else
  fail wrapper-cxx-build "parcoach-cxx failed"
fi
check wrapper-prefix-real sh -c "'$cc' $MPICC bad.c -o bad_prefix 2> /dev/null"
run_mpi wrapper-prefix-stops stop ./bad_prefix

# --- 6. an autotools project through the wrappers ----------------------------
proj=$work/autotools
mkdir -p "$proj" && cp good.c work.c bad.c fmain.f90 fwork.f90 fbad.f90 "$proj/"
cat > "$proj/configure.ac" <<'AC'
AC_INIT([demo], [1.0])
AM_INIT_AUTOMAKE([foreign no-dependencies subdir-objects])
AC_PROG_CC
AC_PROG_FC
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
cat > "$proj/Makefile.am" <<'AM'
bin_PROGRAMS = good bad fmain fbad
good_SOURCES = good.c work.c
good_CPPFLAGS = -DMSG='"a b"'
bad_SOURCES = bad.c
fmain_SOURCES = fwork.f90 fmain.f90
fbad_SOURCES = fbad.f90
AM
if ! command -v autoreconf > /dev/null || ! command -v automake > /dev/null; then
  fail autotools "autoreconf/automake missing (Debian package automake: make deps)"
elif (cd "$proj" && autoreconf -i > "$work/at.log" 2>&1 &&
      ./configure CC="$root/bin/parcoach-cc" FC="$root/bin/parcoach-fc" >> "$work/at.log" 2>&1 &&
      make -j2 >> "$work/at.log" 2>&1); then
  pass autotools-build
  check autotools-warning grep -q 'bad.c:7:5: warning:.*parcoach:collective-mismatch' "$work/at.log"
  # gfortran: "fbad.f90:7:COL:", the source line, then "Warning: ...".
  check autotools-fortran-warning grep -q -A4 '^fbad.f90:7:' "$work/at.log"
  check autotools-fortran-warning-kind sh -c "grep -A4 '^fbad.f90:7:' '$work/at.log' | grep -q 'parcoach:collective-mismatch'"
  run_mpi autotools-c-runs ok "$proj/good"
  run_mpi autotools-fortran-runs ok "$proj/fmain"
  run_mpi autotools-c-stops stop "$proj/bad"
  run_mpi autotools-fortran-stops stop "$proj/fbad"
else
  fail autotools-build "see below"; tail -30 "$work/at.log" | sed 's/^/    /'
fi

# --- 7. a CMake project through the wrappers ----------------------------------
proj=$work/cmake
mkdir -p "$proj" && cp good.c work.c bad.c fmain.f90 fwork.f90 fbad.f90 "$proj/"
cat > "$proj/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.13)
project(demo C Fortran)
add_executable(good good.c work.c)
target_compile_definitions(good PRIVATE "MSG=\"a b\"")
add_executable(bad bad.c)
add_executable(fmain fwork.f90 fmain.f90)
add_executable(fbad fbad.f90)
CM
if ! command -v cmake > /dev/null; then
  fail cmake "cmake missing (Debian package cmake: make deps)"
elif cmake -S "$proj" -B "$proj/b" -DCMAKE_C_COMPILER="$root/bin/parcoach-cc" \
       -DCMAKE_Fortran_COMPILER="$root/bin/parcoach-fc" > "$work/cm.log" 2>&1 &&
     cmake --build "$proj/b" -j 2 >> "$work/cm.log" 2>&1; then
  pass cmake-build
  check cmake-warning grep -q 'bad.c:7:5: warning:.*parcoach:collective-mismatch' "$work/cm.log"
  run_mpi cmake-c-runs ok "$proj/b/good"
  check cmake-define-with-space sh -c "timeout 60 $MPIEXEC -n 1 '$proj/b/good' | grep -q 'msg=a b'"
  run_mpi cmake-fortran-runs ok "$proj/b/fmain"
  run_mpi cmake-c-stops stop "$proj/b/bad"
  run_mpi cmake-fortran-stops stop "$proj/b/fbad"
else
  fail cmake-build "see below"; tail -30 "$work/cm.log" | sed 's/^/    /'
fi

# --- 7b. a CMake C, C++ and Fortran project with the specs flag alone --------
# (the first recipe of the README: the plugin at compile time and the
# runtime at link time come from -specs= in CMAKE_<LANG>_FLAGS; the link
# uses Debian's --as-needed).
proj=$work/cmake-specs
mkdir -p "$proj" && cp good.c work.c bad.c fmain.f90 fwork.f90 fbad.f90 cxx.cpp "$proj/"
specs=$("$root/bin/parcoach-config" --specs)
check specs-installed-path test "$specs" = "-specs=$root/lib/parcoach/parcoach.specs"
cat > "$proj/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.13)
project(demo C CXX Fortran)
add_executable(good good.c work.c)
add_executable(bad bad.c)
add_executable(cxx cxx.cpp)
add_executable(fmain fwork.f90 fmain.f90)
add_executable(fbad fbad.f90)
CM
if ! command -v cmake > /dev/null; then
  fail cmake-specs "cmake missing (Debian package cmake: make deps)"
elif cmake -S "$proj" -B "$proj/b" -DCMAKE_C_COMPILER="$MPICC" \
       -DCMAKE_CXX_COMPILER="${MPICXX:-mpicxx}" -DCMAKE_Fortran_COMPILER="$MPIF90" \
       -DCMAKE_C_FLAGS="$specs" -DCMAKE_CXX_FLAGS="$specs" -DCMAKE_Fortran_FLAGS="$specs" \
       > "$work/cms.log" 2>&1 &&
     cmake --build "$proj/b" -j 2 >> "$work/cms.log" 2>&1; then
  pass cmake-specs-build
  check cmake-specs-warning grep -q 'bad.c:7:5: warning:.*parcoach:collective-mismatch' "$work/cms.log"
  run_mpi cmake-specs-c-runs ok "$proj/b/good"
  run_mpi cmake-specs-cxx-runs ok "$proj/b/cxx"
  run_mpi cmake-specs-fortran-runs ok "$proj/b/fmain"
  run_mpi cmake-specs-c-stops stop "$proj/b/bad"
  run_mpi cmake-specs-fortran-stops stop "$proj/b/fbad"
else
  fail cmake-specs-build "see below"; tail -30 "$work/cms.log" | sed 's/^/    /'
fi

# --- 7c. an autotools project with the specs flag in CFLAGS and FCFLAGS -----
proj=$work/autotools-specs
mkdir -p "$proj" && cp "$work/autotools/configure.ac" "$work/autotools/Makefile.am" \
  good.c work.c bad.c fmain.f90 fwork.f90 fbad.f90 "$proj/" 2>/dev/null
if ! test -f "$proj/configure.ac" || ! command -v autoreconf > /dev/null; then
  fail autotools-specs "no autotools project to build (see autotools-build)"
elif (cd "$proj" && autoreconf -i > "$work/ats.log" 2>&1 &&
      ./configure CC="$MPICC" FC="$MPIF90" CFLAGS="-g $specs" FCFLAGS="-g $specs" >> "$work/ats.log" 2>&1 &&
      make -j2 >> "$work/ats.log" 2>&1); then
  pass autotools-specs-build
  check autotools-specs-warning grep -q 'bad.c:7:5: warning:.*parcoach:collective-mismatch' "$work/ats.log"
  run_mpi autotools-specs-c-runs ok "$proj/good"
  run_mpi autotools-specs-fortran-runs ok "$proj/fmain"
  run_mpi autotools-specs-c-stops stop "$proj/bad"
  run_mpi autotools-specs-fortran-stops stop "$proj/fbad"
else
  fail autotools-specs-build "see below"; tail -30 "$work/ats.log" | sed 's/^/    /'
fi

# --- 8. modulefiles: environment-modules (Tcl) and Lmod (Lua) -----------------
# The prerequisite module declared at install (MODULE_PREREQS), as a site
# would have one for its GCC: it sets PARCOACH_TEST_PREREQ.
fake_modules=$work/site-modules
mkdir -p "$fake_modules/parcoach-test-gcc"
printf '#%%Module1.0\nsetenv PARCOACH_TEST_PREREQ 1\n' > "$fake_modules/parcoach-test-gcc/12"
printf 'setenv("PARCOACH_TEST_PREREQ", "1")\n' > "$fake_modules/parcoach-test-gcc/12.lua"
# module_test NAME INIT-COMMAND: in a clean bash, initialise `module', load
# the modulefile, check the environment, compile and run through parcoach-cc,
# unload.
module_test() {
  local name=$1 init=$2
  env -i HOME="$HOME" PATH=/usr/local/bin:/usr/bin:/bin TERM=dumb \
      ROOT="$root" MOD="$module_name" SRC="$work/src" OUT="$work/mod_$name" \
      SITE="$fake_modules" \
      MPIEXEC="$MPIEXEC" PCC="$MPICC" \
      bash --norc --noprofile -c "$init"'
    set -e
    module use "$ROOT/share/modulefiles"
    manpath_before=${MANPATH-unset}
    # Its prerequisite: either the load refuses, or the module tool loads
    # it on its own (environment-modules 5 auto_handling).
    module use "$SITE"
    module load "$MOD" 2> /dev/null || true
    if test -z "${PARCOACH_TEST_PREREQ:-}"; then
      test -z "${PARCOACH_ROOT:-}" || { echo "loaded without its prerequisite module"; exit 1; }
      module load parcoach-test-gcc/12
      module load "$MOD"
    fi
    test "$PARCOACH_ROOT" = "$ROOT" || { echo "PARCOACH_ROOT=$PARCOACH_ROOT"; exit 1; }
    test "$(command -v parcoach-cc)" = "$ROOT/bin/parcoach-cc" || { echo "PATH=$PATH"; exit 1; }
    case ":$MANPATH:" in *":$ROOT/share/man:"*) ;; *) echo "MANPATH=$MANPATH"; exit 1;; esac
    case ":$PKG_CONFIG_PATH:" in *":$ROOT/lib/pkgconfig:"*) ;; *) echo "PKG_CONFIG_PATH=$PKG_CONFIG_PATH"; exit 1;; esac
    test "$(pkg-config --modversion parcoach)" != ""
    PARCOACH_CC=$PCC parcoach-cc "$SRC/bad.c" -o "$OUT" 2> "$OUT.err"
    grep -q "parcoach:collective-mismatch" "$OUT.err"
    module unload "$MOD"
    test -z "${PARCOACH_ROOT:-}" || { echo "still set after unload"; exit 1; }
    # MANPATH as the module found it: unset, or a value of the user.
    test "${MANPATH-unset}" = "$manpath_before" ||
      { echo "MANPATH was $manpath_before, after unload ${MANPATH-unset}"; exit 1; }
    export MANPATH=/usr/share/man
    module load "$MOD"
    case ":$MANPATH:" in *":$ROOT/share/man:"*) ;; *) echo "MANPATH=$MANPATH"; exit 1;; esac
    module unload "$MOD"
    test "$MANPATH" = /usr/share/man || { echo "MANPATH=$MANPATH after unload"; exit 1; }
  ' > "$work/module_$name.log" 2>&1
  if test $? -eq 0; then
    pass "modulefile-$name"
    run_mpi "modulefile-$name-program-stops" stop "$work/mod_$name"
  else
    fail "modulefile-$name" "see below"; sed 's/^/    /' "$work/module_$name.log"
  fi
}
envmod_cmd=$deps_dir/environment-modules/usr/lib/x86_64-linux-gnu/modulecmd.tcl
if test -f /usr/share/modules/init/bash; then
  module_test tcl '. /usr/share/modules/init/bash;'
elif test -f "$envmod_cmd" && command -v tclsh8.6 > /dev/null; then
  module_test tcl 'eval "$(tclsh8.6 '"'$envmod_cmd'"' bash autoinit)";'
else
  fail modulefile-tcl "environment-modules not found (make deps, as root, unpacks it into $deps_dir)"
fi
if test -f /usr/share/lmod/lmod/init/bash; then
  module_test lua '. /usr/share/lmod/lmod/init/bash;'
elif test -f /usr/share/modules/init/bash; then
  echo "SKIP modulefile-lua: environment-modules is installed, and Debian's lmod conflicts with it"
else
  fail modulefile-lua "Lmod not found (Debian package lmod: make deps)"
fi

# --- 9. make install-gcc-plugin: -fplugin=parcoach by name ---------------------
gccdir=$($MPICC -print-file-name=plugin)
gstage=$work/gccstage
if mk install-gcc-plugin DESTDIR="$gstage" > "$work/gp.log" 2>&1 &&
   test -f "$gstage$gccdir/parcoach.so" && test -f "$gstage$gccdir/parcoach-pass.so"; then
  pass install-gcc-plugin
  # -B makes the staged copy GCC's plugin directory for this compilation.
  if $MPICC -B"$gstage$(dirname "$gccdir")/" -fplugin=parcoach -c bad.c -o bad_byname.o 2> "$work/err" &&
     grep -q 'parcoach:collective-mismatch' "$work/err"; then
    pass plugin-by-name
  else
    fail plugin-by-name "see below"; sed 's/^/    /' "$work/err"
  fi
  mk uninstall-gcc-plugin DESTDIR="$gstage" > /dev/null 2>&1
  check uninstall-gcc-plugin test -z "$(find "$gstage" -type f)"
else
  fail install-gcc-plugin "see below"; sed 's/^/    /' "$work/gp.log"
fi

# --- 10. make uninstall --------------------------------------------------------
cd "$work" || exit 1
mk uninstall prefix="$root" > "$work/un.log" 2>&1
left=$(find "$root" -type f)
if test -z "$left"; then pass uninstall; else fail uninstall "left:$(echo $left)"; fi
mk install DESTDIR="$stage" prefix="$root" > /dev/null 2>&1 &&
  mk uninstall DESTDIR="$stage" prefix="$root" > /dev/null 2>&1
check uninstall-destdir test -z "$(find "$stage" -type f)"

# --- 11. make dist: the tarball has every file git tracks ----------------------
if command -v git > /dev/null && git -C "$src" rev-parse --git-dir > /dev/null 2>&1; then
  if mk dist DIST_DIR="$work/dist" > "$work/dist.log" 2>&1; then
    tarball=$work/dist/parcoach-$version.tar.gz
    tar -tzf "$tarball" | sed "s|^parcoach-$version/||" | sort > "$work/dist.list"
    (cd "$src" && git ls-files | while IFS= read -r f; do test -f "$f" && echo "$f"; done) | sort > "$work/git.list"
    notin=$(comm -23 "$work/git.list" "$work/dist.list")
    if test -z "$notin"; then pass dist-has-git-files; else fail dist-has-git-files "missing: $(echo $notin)"; fi
    check dist-has-configure grep -qx configure "$work/dist.list"
  else
    fail dist "see below"; sed 's/^/    /' "$work/dist.log"
  fi
else
  echo "SKIP dist: not a git checkout"
fi

# --- 12. the Spack recipe agrees with configure (no Spack needed) -------------
python3 "$here/spack_recipe.py" > "$work/spack.log" 2>&1
cat "$work/spack.log"
failures=$((failures + $(grep -c '^FAIL' "$work/spack.log")))

if test $failures -eq 0; then
  echo "install tests: all passed"
else
  echo "install tests: $failures failed"
  exit 1
fi
