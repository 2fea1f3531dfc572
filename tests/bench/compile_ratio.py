#!/usr/bin/env python3
"""CPU time and peak memory of plugin builds over plain builds, per unit.

For each translation unit, PAIRS pairs of compilations (plain, then with
the plugin: parcoach-config --cflags), interleaved so that a change of the
machine's load hits both alike; prints the median CPU-time ratio with its
spread [min, max] over the pairs, the median CPU seconds of each, and the
peak memory (largest resident set of the compiler processes) of each.
CPU time is user + system time of the whole compiler driver and its
children (os.wait4), not wall time: it holds on a loaded machine better.

Units: the bench programs (tests/bench/hybrid_app.cpp, tests/bench/stencil.F90,
-O2, with the configured MPI wrappers); the generated shapes of
tests/robustness/gen_bounded_shapes.py (-O0); and, when GCC's sources are
installed (Debian's gcc-N-source: /usr/src/gcc-N/gcc-*.tar.xz), the files
of its testsuite that were the plugin's worst cases (issue 17), with plain
gcc/gfortran.  Or the files given as arguments (-O2, the MPI wrapper for
the language).

--baseline CONFIG (or BASELINE_CONFIG): another build's parcoach-config
(the build before a change), compiled in the same rounds (plain, baseline,
plugin): a second line per unit gives its ratio to the same plain runs, so
that before and after meet the same load.

usage: compile_ratio.py [--pairs N] [--only SUBSTRING] [--baseline CONFIG] [FILE...]
environment: PARCOACH_CONFIG, MPICC, MPICXX, MPIF90 (default: config.mk's),
GCC_MAJOR (default config.mk's, else 12).  A figure to read, not a test:
it fails only when a compilation fails.
"""

import argparse
import glob
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import run_errbench  # noqa: E402  (the MPI wrappers configure chose)

CONFIGURED = run_errbench.configured_tools()
CONFIG = os.environ.get('PARCOACH_CONFIG', os.path.join(ROOT, 'build', 'parcoach-config'))
GCC_MAJOR = os.environ.get('GCC_MAJOR', CONFIGURED.get('GCC_MAJOR', '12'))


def tool(var, default):
    return os.environ.get(var, CONFIGURED.get(var, default))


WRAPPERS = {'.c': tool('MPICC', 'mpicc'), '.cpp': tool('MPICXX', 'mpicxx'),
            '.f90': tool('MPIF90', 'mpif90'), '.F90': tool('MPIF90', 'mpif90')}

# GCC's testsuite files that were the plugin's worst cases: (path in the
# source tarball, compiler, flags).
GCC_WORST = [
    ('libgomp/testsuite/libgomp.fortran/alloc-comp-3.f90', 'gfortran', ['-O0', '-fopenmp']),
    ('libgomp/testsuite/libgomp.fortran/alloc-comp-3.f90', 'gfortran', ['-O2', '-fopenmp']),
    ('libgomp/testsuite/libgomp.c-c++-common/for-5.c', 'gcc', ['-O2', '-fopenmp', '-std=gnu99']),
    ('libgomp/testsuite/libgomp.c-c++-common/for-12.c', 'gcc', ['-O2', '-fopenmp', '-std=gnu99']),
    ('gcc/testsuite/gcc.c-torture/compile/limits-fndefn.c', 'gcc', ['-O2']),
]
# Headers the files above include.
GCC_HELPERS = ['libgomp/testsuite/libgomp.c-c++-common/for-1.h',
               'libgomp/testsuite/libgomp.c-c++-common/for-2.h',
               'libgomp/testsuite/libgomp.c-c++-common/for-6.c']


def measure(command, cwd):
    """(CPU seconds, peak resident KiB) of one compilation."""
    process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    errors = process.stderr.read().decode(errors='replace')
    process.stderr.close()
    if process.returncode != 0:
        sys.exit('compilation failed (%d): %s\n%s' % (process.returncode, shlex.join(command), errors))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def gcc_testsuite_units(work):
    tarballs = sorted(glob.glob('/usr/src/gcc-%s/gcc-*.tar.xz' % GCC_MAJOR))
    if not tarballs:
        print('(no /usr/src/gcc-%s/gcc-*.tar.xz: install gcc-%s-source for GCC\'s testsuite files)'
              % (GCC_MAJOR, GCC_MAJOR))
        return []
    top = os.path.basename(tarballs[0])[:-len('.tar.xz')].replace('-dfsg', '')
    members = ['%s/%s' % (top, path) for path, _, _ in GCC_WORST] + \
              ['%s/%s' % (top, path) for path in GCC_HELPERS]
    subprocess.run(['tar', '-xJf', tarballs[0], '-C', work] + sorted(set(members)), check=True)
    units = []
    for path, compiler, flags in GCC_WORST:
        source = os.path.join(work, top, path)
        units.append((os.path.basename(path) + ' ' + ' '.join(flags), source,
                      [compiler] + flags + ['-w']))
    return units


def default_units(work):
    units = [('hybrid_app.cpp -O2', os.path.join(ROOT, 'tests/bench/hybrid_app.cpp'),
              [WRAPPERS['.cpp'], '-O2', '-fopenmp', '-w']),
             ('stencil.F90 -O2', os.path.join(ROOT, 'tests/bench/stencil.F90'),
              [WRAPPERS['.F90'], '-O2', '-fopenmp', '-w'])]
    shapes = os.path.join(work, 'shapes')
    subprocess.run([sys.executable, os.path.join(ROOT, 'tests/robustness/gen_bounded_shapes.py'),
                    shapes], check=True)
    for name in ('pointer_fanout.c', 'many_parameters.c'):
        units.append(('generated ' + name + ' -O0', os.path.join(shapes, name),
                      [WRAPPERS['.c'], '-O0', '-w']))
    return units + gcc_testsuite_units(work)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--pairs', type=int, default=int(os.environ.get('PAIRS', '5')))
    parser.add_argument('--only', default='', help='only the units whose name contains this')
    parser.add_argument('--baseline', default=os.environ.get('BASELINE_CONFIG', ''),
                        help="another build's parcoach-config, measured in the same rounds")
    parser.add_argument('files', nargs='*')
    args = parser.parse_args()

    def cflags(config):
        return shlex.split(subprocess.run([config, '--cflags'], check=True, capture_output=True,
                                          text=True).stdout)
    plugin = cflags(CONFIG)
    baseline = cflags(args.baseline) if args.baseline else None
    with tempfile.TemporaryDirectory() as work:
        if args.files:
            units = [(os.path.basename(f) + ' -O2', os.path.abspath(f),
                      [WRAPPERS.get(os.path.splitext(f)[1], 'gcc'), '-O2', '-fopenmp', '-w'])
                     for f in args.files]
        else:
            units = default_units(work)
        units = [u for u in units if args.only in u[0]]
        output = os.path.join(work, 'out.o')
        print('%-44s %-24s %8s %8s  %s' % ('unit', 'CPU ratio [min, max]', 'plain s',
                                          'plugin s', 'peak memory plugin / plain'))
        for name, source, command in units:
            plain_times, plugin_times, ratios, plain_memory, plugin_memory = [], [], [], [], []
            baseline_times, baseline_ratios, baseline_memory = [], [], []
            cwd = os.path.dirname(source)
            for _ in range(args.pairs):
                base = command + ['-c', source, '-o', output]
                t0, m0 = measure(base, cwd)
                if baseline:
                    tb, mb = measure(command[:1] + baseline + command[1:] + ['-c', source, '-o', output], cwd)
                    baseline_times.append(tb)
                    baseline_ratios.append(tb / t0 if t0 > 0 else float('nan'))
                    baseline_memory.append(mb)
                t1, m1 = measure(command[:1] + plugin + command[1:] + ['-c', source, '-o', output], cwd)
                plain_times.append(t0)
                plugin_times.append(t1)
                ratios.append(t1 / t0 if t0 > 0 else float('nan'))
                plain_memory.append(m0)
                plugin_memory.append(m1)
            print('%-44s %6.3f [%.3f, %.3f] %8.2f %8.2f  %d / %d MiB' % (
                name, statistics.median(ratios), min(ratios), max(ratios),
                statistics.median(plain_times), statistics.median(plugin_times),
                max(plugin_memory) // 1024, max(plain_memory) // 1024), flush=True)
            if baseline:
                print('%-44s %6.3f [%.3f, %.3f] %8.2f %8.2f  %d / %d MiB' % (
                    '  (baseline)', statistics.median(baseline_ratios), min(baseline_ratios),
                    max(baseline_ratios), statistics.median(plain_times),
                    statistics.median(baseline_times), max(baseline_memory) // 1024,
                    max(plain_memory) // 1024), flush=True)


if __name__ == '__main__':
    main()
