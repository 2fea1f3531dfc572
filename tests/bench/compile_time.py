#!/usr/bin/env python3
"""Compile time of the errbench suite with and without the plugin.

Both configurations are measured side by side in one run, interleaved, and
the best of REPEAT runs is kept; the script prints the ratio.  It is a figure
to read, not a test: it never fails on time, only if a compilation fails.
"""
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import run_errbench  # noqa: E402  (the MPI wrappers configure chose)

CONFIG = os.environ.get("PARCOACH_CONFIG", str(ROOT / "build" / "parcoach-config"))
_CONFIGURED = run_errbench.configured_tools()
COMPILERS = {ext: os.environ.get(var, _CONFIGURED.get(var, default))
             for ext, var, default in ((".c", "MPICC", "mpicc"),
                                       (".cpp", "MPICXX", "mpicxx"),
                                       (".f90", "MPIF90", "mpif90"))}
REPEAT = int(os.environ.get("REPEAT", "5"))
LEVEL = os.environ.get("OPT_LEVEL", "-O2")


def compile_all(sources, extra, output):
    start = time.perf_counter()
    for source in sources:
        command = [COMPILERS[source.suffix], LEVEL, "-w", *extra, "-c", str(source), "-o", output]
        subprocess.run(command, check=True)
    return time.perf_counter() - start


def main():
    sources = sorted(p for p in (ROOT / "errbench").rglob("*") if p.suffix in COMPILERS)
    if not sources:
        sys.exit("no errbench sources")
    plugin = shlex.split(subprocess.run([CONFIG, "--cflags"], check=True,
                                        capture_output=True, text=True).stdout)
    with tempfile.TemporaryDirectory() as work:
        output = os.path.join(work, "out.o")
        without, with_plugin = [], []
        for _ in range(REPEAT):
            without.append(compile_all(sources, [], output))
            with_plugin.append(compile_all(sources, plugin, output))
    print(f"compile time of {len(sources)} errbench sources ({LEVEL}, best of {REPEAT}): "
          f"without plugin {min(without):.3f} s, with plugin {min(with_plugin):.3f} s, "
          f"ratio {min(with_plugin) / min(without):.3f}")


if __name__ == "__main__":
    main()
