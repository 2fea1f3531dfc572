#!/usr/bin/env python3
"""What the PARCOACH summaries (the `.parcoach.summary' section, issue 15)
add to object files, on realistic sources compiled at -O2.

Sources: tests/bench/hybrid_app.cpp, tests/bench/stencil.F90 and every
program of errbench/multifile (built by its own Makefile, -O2 instead of
-g).  For each, the bytes of the sections and of the objects carrying them
are printed, then the totals: the section's share of the objects (issue
15's goal: under 5 %).  The same sources compiled without the plugin give
the objects' size increase.

--diagnostics FILE writes what the builds of errbench/multifile print
(compile and link diagnostics, in a fixed order) to FILE: two runs, before
and after a change of the summary format, must give the same file.

It is a figure to read, not a test: it fails only if a build fails.
Environment: PARCOACH_CONFIG, MPICC, MPICXX, MPIF90 (as tests/run_errbench.py).
"""
import argparse
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import run_errbench  # noqa: E402  (the MPI wrappers configure chose)

TOOLS = run_errbench.configured_tools()
CONFIG = os.environ.get("PARCOACH_CONFIG", str(ROOT / "build" / "parcoach-config"))
MPICC = os.environ.get("MPICC", TOOLS.get("MPICC", "mpicc"))
MPICXX = os.environ.get("MPICXX", TOOLS.get("MPICXX", "mpicxx"))
MPIF90 = os.environ.get("MPIF90", TOOLS.get("MPIF90", "mpif90"))
SECTION = ".parcoach.summary"


def section_size(path):
    """Bytes of the summary section of an object (objdump -h), 0 if none."""
    out = subprocess.run(["objdump", "-h", str(path)], check=True, capture_output=True,
                         text=True).stdout
    return sum(int(words[2], 16) for words in (line.split() for line in out.splitlines())
               if len(words) > 2 and words[1] == SECTION)


def compile_alone(compiler, source, directory, flags):
    obj = directory / (source.stem + ".o")
    subprocess.run([compiler, "-O2", "-w", *flags, "-c", str(source), "-o", str(obj)],
                   check=True, cwd=directory)
    return [obj]


def build_multifile(program, directory, cflags):
    """Builds one errbench/multifile program in `directory' with -O2 and
    `cflags'; returns its objects and what make printed."""
    shutil.copytree(program, directory, dirs_exist_ok=True)
    flags = "-O2 " + cflags
    result = subprocess.run(
        ["make", "-s", "-j1", "PARCOACH_CONFIG=" + CONFIG, "MPICC=" + MPICC, "MPICXX=" + MPICXX,
         "MPIF90=" + MPIF90, "CFLAGS=" + flags, "CXXFLAGS=" + flags, "FCFLAGS=" + flags],
        cwd=directory, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    # A failed link is printed, not fatal: the objects are there.
    return sorted(directory.glob("*.o")), result.stdout + result.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--diagnostics", help="write the multifile builds' diagnostics here")
    args = parser.parse_args()
    cflags = subprocess.run([CONFIG, "--cflags"], check=True, capture_output=True,
                            text=True).stdout.strip()
    rows, diagnostics = [], []
    with tempfile.TemporaryDirectory(prefix="parcoach-summary-size-") as work:
        work = pathlib.Path(work)
        singles = [(MPICXX, ROOT / "tests" / "bench" / "hybrid_app.cpp", ["-fopenmp"]),
                   (MPIF90, ROOT / "tests" / "bench" / "stencil.F90", ["-fopenmp"])]
        for compiler, source, extra in singles:
            with_dir, without_dir = work / (source.name + ".with"), work / (source.name + ".without")
            with_dir.mkdir()
            without_dir.mkdir()
            objects = compile_alone(compiler, source, with_dir, extra + shlex.split(cflags))
            plain = compile_alone(compiler, source, without_dir, extra)
            rows.append((source.name, objects, plain))
        for program in sorted((ROOT / "errbench" / "multifile").iterdir()):
            if not (program / "Makefile").exists():
                continue
            objects, printed = build_multifile(program, work / (program.name + ".with"), cflags)
            plain, _ = build_multifile(program, work / (program.name + ".without"), "")
            rows.append(("multifile/" + program.name, objects, plain))
            diagnostics.append("== %s\n%s" % (program.name, printed.replace(str(work), "WORK")))
        total_section = total_objects = total_plain = 0
        print("%-40s %9s %9s %7s %9s" % ("sources (-O2)", "section", "objects", "share",
                                         "increase"))
        for name, objects, plain in rows:
            section = sum(section_size(o) for o in objects)
            size = sum(o.stat().st_size for o in objects)
            plain_size = sum(o.stat().st_size for o in plain)
            total_section += section
            total_objects += size
            total_plain += plain_size
            print("%-40s %9d %9d %6.1f%% %+8.1f%%"
                  % (name, section, size, 100.0 * section / max(size, 1),
                     100.0 * (size - plain_size) / max(plain_size, 1)))
        print("%-40s %9d %9d %6.1f%% %+8.1f%%"
              % ("total", total_section, total_objects, 100.0 * total_section / total_objects,
                 100.0 * (total_objects - total_plain) / max(total_plain, 1)))
    if args.diagnostics:
        pathlib.Path(args.diagnostics).write_text("".join(diagnostics))


if __name__ == "__main__":
    main()
