#!/usr/bin/env python3
"""The whole-program link step on a generated program, and what the
summaries add to object files (issue 15's benchmark).

A program of FILES files with FUNCTIONS functions each is generated (a
correct MPI program: every function calls functions of other files, some
run collectives, some only under conditions the same on every process),
compiled once with the plugin into build/bench/link_step (kept: only the
first run after a change of the plugin compiles), then `parcoach-link --check' reads the summaries of
the first 1/8, 1/4, 1/2 and all of the objects, REPEAT times each,
interleaved; the median and the spread (min-max) of the CPU time (which a
loaded machine disturbs less) and of the wall time are printed for each
size, and the CPU time per function, to judge linearity.
The size figure compares SAMPLE objects compiled with and without the
plugin (the `.parcoach.summary' section, and the whole object).

It is a figure to read, not a test: it never fails on time, only if a
compilation or the link step fails.  The program is correct: every finding
the link step prints (counted) is a false positive.

Environment: FILES (default 1000), FUNCTIONS (50), REPEAT (5), SAMPLE
(50), JOBS (compilations at once, default 2), PARCOACH_CONFIG.
"""
import concurrent.futures
import os
import resource
import pathlib
import shlex
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import run_errbench  # noqa: E402  (the MPI wrappers configure chose)

CONFIG = os.environ.get("PARCOACH_CONFIG", str(ROOT / "build" / "parcoach-config"))
MPICC = os.environ.get("MPICC", run_errbench.configured_tools().get("MPICC", "mpicc"))
FILES = int(os.environ.get("FILES", "1000"))
FUNCTIONS = int(os.environ.get("FUNCTIONS", "50"))
REPEAT = int(os.environ.get("REPEAT", "5"))
SAMPLE = int(os.environ.get("SAMPLE", "50"))
JOBS = int(os.environ.get("JOBS", "2"))


def function_name(file_index, function_index):
    return "f%d_%d" % (file_index, function_index)


def source_text(file_index):
    """File `file_index': FUNCTIONS functions; function j calls function j
    of the next file and of the file after it (so every call crosses files),
    the last file's functions call nothing.  One in five runs a collective,
    one in five runs one under a test of the size (the same everywhere)."""
    lines = ["#include <mpi.h>", ""]
    last = file_index == FILES - 1
    callees = [] if last else sorted({file_index + 1, min(file_index + 2, FILES - 1)})
    for j in range(FUNCTIONS):
        for callee_file in callees:
            lines.append("void %s(MPI_Comm comm, int n);" % function_name(callee_file, j))
    lines.append("")
    for j in range(FUNCTIONS):
        lines.append("void %s(MPI_Comm comm, int n) {" % function_name(file_index, j))
        lines.append("  int size;")
        lines.append("  MPI_Comm_size(comm, &size);")
        if j % 5 == 0:
            lines.append("  MPI_Allreduce(MPI_IN_PLACE, &n, 1, MPI_INT, MPI_SUM, comm);")
        elif j % 5 == 1:
            lines.append("  if (size > 1) MPI_Barrier(comm);")
        for callee_file in callees:
            lines.append("  if (n > 0) %s(comm, n - 1);" % function_name(callee_file, j))
        lines.append("}")
    if file_index == 0:
        lines += ["", "int main(int argc, char **argv) {", "  MPI_Init(&argc, &argv);"]
        lines += ["  %s(MPI_COMM_WORLD, 2);" % function_name(0, j) for j in range(FUNCTIONS)]
        lines += ["  MPI_Finalize();", "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def compile_one(source, obj, flags, plugin_files=()):
    """Compiles `source' unless `obj' is newer than it and than the plugin's
    files."""
    newest_input = max([source.stat().st_mtime] + [os.stat(f).st_mtime for f in plugin_files])
    if obj.exists() and obj.stat().st_mtime >= newest_input:
        return
    subprocess.run([MPICC, "-O2", "-w", *flags, "-c", str(source), "-o", str(obj)], check=True)


def plugin_files(flags):
    """The plugin named by -fplugin= and the pass it loads (parcoach.so
    loads parcoach-pass.so from its directory): a change of either
    recompiles."""
    files = []
    for flag in flags:
        if flag.startswith("-fplugin="):
            loader = pathlib.Path(flag.split("=", 1)[1])
            files += [f for f in (loader, loader.with_name("parcoach-pass.so")) if f.exists()]
    return files


def section_size(obj):
    """Bytes of the .parcoach.summary section (objdump -h), 0 if none."""
    out = subprocess.run(["objdump", "-h", str(obj)], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        words = line.split()
        if len(words) > 2 and words[1] == ".parcoach.summary":
            return int(words[2], 16)
    return 0


def main():
    work = ROOT / "build" / "bench" / ("link_step_%d_%d" % (FILES, FUNCTIONS))
    work.mkdir(parents=True, exist_ok=True)
    plugin = shlex.split(subprocess.run([CONFIG, "--cflags"], check=True, capture_output=True,
                                        text=True).stdout)
    link_tool = str(pathlib.Path(CONFIG).parent / "parcoach-link")
    sources, objects = [], []
    for i in range(FILES):
        source = work / ("file%04d.c" % i)
        text = source_text(i)
        if not source.exists() or source.read_text() != text:
            source.write_text(text)
        sources.append(source)
        objects.append(work / ("file%04d.o" % i))
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as pool:
        list(pool.map(compile_one, sources, objects, [plugin] * FILES,
                      [plugin_files(plugin)] * FILES))
        plain = [work / ("plain%04d.o" % i) for i in range(min(SAMPLE, FILES))]
        list(pool.map(compile_one, sources[:len(plain)], plain, [[]] * len(plain)))
    print("generated program: %d files, %d functions (compiled or up to date in %.1f s)"
          % (FILES, FILES * FUNCTIONS, time.perf_counter() - start))

    sizes = sorted({max(1, FILES // 8), max(1, FILES // 4), max(1, FILES // 2), FILES})
    times = {n: [] for n in sizes}
    cpu = {n: [] for n in sizes}
    findings = {}
    for _ in range(REPEAT):
        for n in sizes:
            begin = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            result = subprocess.run([link_tool, "--check", *map(str, objects[:n])],
                                    capture_output=True, text=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times[n].append(time.perf_counter() - begin)
            cpu[n].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if result.returncode != 0:
                sys.exit("parcoach-link --check failed on %d objects:\n%s"
                         % (n, result.stderr[-2000:]))
            findings[n] = result.stderr.count("warning:")
    print("parcoach-link --check, median [min-max] of %d interleaved runs, CPU time (user +"
          " system) then wall time:" % REPEAT)
    for n in sizes:
        median = statistics.median(cpu[n])
        print("  %5d files %6d functions: CPU %.3f s [%.3f-%.3f] (%.2f us per function),"
              " wall %.3f s [%.3f-%.3f], %d findings"
              % (n, n * FUNCTIONS, median, min(cpu[n]), max(cpu[n]),
                 1e6 * median / (n * FUNCTIONS), statistics.median(times[n]), min(times[n]),
                 max(times[n]), findings[n]))

    with_plugin = sum(objects[i].stat().st_size for i in range(len(plain)))
    without = sum(p.stat().st_size for p in plain)
    summaries = sum(section_size(objects[i]) for i in range(len(plain)))
    print("object size over %d files: %d bytes without the plugin, %d with it (%+.1f %%); "
          ".parcoach.summary sections: %d bytes (%.1f %% of the objects with the plugin)"
          % (len(plain), without, with_plugin, 100.0 * (with_plugin - without) / without,
             summaries, 100.0 * summaries / with_plugin))


if __name__ == "__main__":
    main()
