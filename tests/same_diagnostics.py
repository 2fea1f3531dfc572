#!/usr/bin/env python3
"""Do two plugin builds print the same diagnostics?  (issue 17)

A change meant to make the plugin faster must leave what it says alone.
This compiles every errbench and bench source (-c, -O0 -fopenmp, verbose,
instrument=all, the MPI wrapper of its language) once with each build and
compares the compilers' standard error byte for byte (the output file and
the plugin's path are not in it).  Prints each source that differs with a
unified diff of the two, then a count; exits 1 if any differs.

usage: same_diagnostics.py BASELINE_CONFIG [CONFIG] [--only SUBSTRING]
  BASELINE_CONFIG, CONFIG: parcoach-config scripts of the two builds
  (CONFIG default: build/parcoach-config).  MPICC, MPICXX, MPIF90 as for
  run_errbench.py.
"""

import argparse
import difflib
import glob
import os
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import run_errbench  # noqa: E402  (the MPI wrappers configure chose)

CONFIGURED = run_errbench.configured_tools()


def tool(var, default):
    return os.environ.get(var, CONFIGURED.get(var, default))


WRAPPERS = {'.c': tool('MPICC', 'mpicc'), '.cpp': tool('MPICXX', 'mpicxx'),
            '.f90': tool('MPIF90', 'mpif90'), '.F90': tool('MPIF90', 'mpif90')}
OPTIONS = ['-O0', '-fopenmp', '-fplugin-arg-parcoach-verbose',
           '-fplugin-arg-parcoach-instrument=all', '-fdiagnostics-color=never']


def sources():
    found = []
    for pattern in ('errbench/**/*', 'tests/bench/*'):
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True):
            if os.path.splitext(path)[1] in WRAPPERS and os.path.isfile(path):
                found.append(path)
    return sorted(found)


def diagnostics(config, source, output):
    cflags = shlex.split(subprocess.run([config, '--cflags'], check=True, capture_output=True,
                                        text=True).stdout)
    command = [WRAPPERS[os.path.splitext(source)[1]]] + cflags + OPTIONS + \
        ['-c', source, '-o', output]
    done = subprocess.run(command, cwd=os.path.dirname(source), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, errors='replace')
    return 'exit %d\n%s' % (done.returncode, done.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('baseline')
    parser.add_argument('config', nargs='?', default=os.path.join(ROOT, 'build', 'parcoach-config'))
    parser.add_argument('--only', default='')
    args = parser.parse_args()
    differing = 0
    checked = 0
    with tempfile.TemporaryDirectory() as work:
        output = os.path.join(work, 'out.o')
        for source in sources():
            if args.only not in source:
                continue
            checked += 1
            before = diagnostics(args.baseline, source, output)
            after = diagnostics(args.config, source, output)
            if before != after:
                differing += 1
                print('DIFFERS %s' % os.path.relpath(source, ROOT))
                sys.stdout.writelines(difflib.unified_diff(
                    before.splitlines(True), after.splitlines(True), 'baseline', 'build'))
    print('same_diagnostics: %d sources, %d differ' % (checked, differing))
    return 1 if differing else 0


if __name__ == '__main__':
    sys.exit(main())
