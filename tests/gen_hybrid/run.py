#!/usr/bin/env python3
"""Compile and run random correct hybrid programs (tests/gen_hybrid/gen.py)
and their erroneous twins with the plugin.

    python3 tests/gen_hybrid/run.py                  # the fixed seeds of make check
    python3 tests/gen_hybrid/run.py --seeds 200      # seeds 1..200 (make check-random SEEDS=200)
    python3 tests/gen_hybrid/run.py --seed 17 -v     # one seed, with the outputs

For every seed:
  correct program: compiled with the plugin (parcoach-config --cflags,
    -fopenmp, -O0): no [parcoach:...] warning at all; linked with the
    runtime; run with 2 processes and 1, 2 and 4 threads: exit 0, no
    "PARCOACH:" line, before the timeout (a hang fails);
  erroneous twin (main's first collective under `if (rank == 0)'):
    compiled, at least one [parcoach:collective-mismatch] warning; run with
    2 processes and 2 threads: non-zero exit with "PARCOACH:" in the
    output, before the timeout.
The sources of failing seeds are kept in BUILD_DIR/gen_hybrid/.  Closing
line "N passed, N failed"; exit status 1 on any failure.

Environment: BUILD_DIR, PARCOACH_CONFIG, MPICC, MPIEXEC (default: the
configured ones, as tests/run_errbench.py), GEN_TIMEOUT (seconds per run,
default 90: a loaded 2-core machine running 2 x 4 threads).
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import gen                                          # noqa: E402
from run_errbench import configured_tools, run_command   # noqa: E402

# The seeds `make check' runs (cheap: a few programs; among them the three
# thread levels, the four contexts, collectives in single, task and nested
# task regions, sections and master regions, conditions on `size' and `cfg'
# inside parallel regions).  10, 12, 14 and 15 hung or failed in MPI before
# the run-time arming followed the work, 68 was warned before nested tasks
# were ordered after their parent's earlier collectives (issue 14).
CHECK_SEEDS = [3, 6, 10, 12, 14, 15, 65, 68]
THREADS = (1, 2, 4)


class Driver:
    def __init__(self, args):
        self.args = args
        tools = configured_tools()
        self.mpicc = shlex.split(os.environ.get('MPICC', tools.get('MPICC', 'mpicc')))
        self.mpiexec = shlex.split(os.environ.get('MPIEXEC', tools.get('MPIEXEC', 'mpiexec')))
        config = os.environ.get('PARCOACH_CONFIG', os.path.join(REPO, 'build', 'parcoach-config'))
        self.cflags = shlex.split(subprocess.run([config, '--cflags'], stdout=subprocess.PIPE,
                                                 check=True).stdout.decode())
        self.libs = shlex.split(subprocess.run([config, '--libs'], stdout=subprocess.PIPE,
                                               check=True).stdout.decode())
        self.timeout = float(os.environ.get('GEN_TIMEOUT', args.timeout))
        self.keep_dir = os.path.join(os.environ.get('BUILD_DIR', os.path.join(REPO, 'build')),
                                     'gen_hybrid')
        self.passed = 0
        self.failed = []

    def report(self, good, check, seed, detail, output=''):
        name = '%s seed %d' % (check, seed)
        print('%s %s%s' % ('PASS' if good else 'FAIL', name, ' (%s)' % detail if detail else ''))
        if output and (not good or self.args.verbose):
            for line in output.rstrip().split('\n')[-40:]:
                print('    | ' + line)
        sys.stdout.flush()
        if good:
            self.passed += 1
        else:
            self.failed.append(name)
        return good

    def build(self, source, workdir, name):
        """(executable or None, compiler output)."""
        path = os.path.join(workdir, name + '.c')
        with open(path, 'w') as f:
            f.write(source)
        exe = os.path.join(workdir, name)
        argv = (self.mpicc + self.cflags + ['-fopenmp', '-g', '-O0', path, '-o', exe] + self.libs)
        code, out, _ = run_command(argv, workdir, 300)
        return (exe if code == 0 else None), out, code

    def run(self, exe, workdir, threads):
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        return run_command(self.mpiexec + ['-n', '2', exe], workdir, self.timeout, env)

    def check_seed(self, seed):
        workdir = tempfile.mkdtemp(prefix='gen-hybrid-')
        before = len(self.failed)
        correct = gen.generate(seed)
        exe, out, code = self.build(correct, workdir, 'correct_%d' % seed)
        if exe is None:
            self.report(False, 'compile', seed, 'exit %s' % code, out)
        else:
            warned = [line for line in out.split('\n') if '[parcoach:' in line]
            self.report(not warned, 'no-warning', seed, '%d warnings' % len(warned) if warned else '',
                        out)
            for threads in THREADS:
                code, output, seconds = self.run(exe, workdir, threads)
                if code is None:
                    detail = 'HANG, killed after %ds' % self.timeout
                else:
                    detail = 'exit %d%s, %.1fs' % (code, ', PARCOACH message' if 'PARCOACH:' in output
                                                   else '', seconds)
                self.report(code == 0 and 'PARCOACH:' not in output, 'run-np2-threads%d' % threads,
                            seed, detail, output)
        twin = gen.generate(seed, twin=True)
        exe, out, code = self.build(twin, workdir, 'twin_%d' % seed)
        if exe is None:
            self.report(False, 'twin-compile', seed, 'exit %s' % code, out)
        else:
            self.report('[parcoach:collective-mismatch]' in out, 'twin-warning', seed, '', out)
            code, output, seconds = self.run(exe, workdir, 2)
            if code is None:
                detail = 'HANG, killed after %ds' % self.timeout
            else:
                detail = 'exit %d, %.1fs' % (code, seconds)
            self.report(code not in (None, 0) and 'PARCOACH:' in output, 'twin-stop-threads2', seed,
                        detail, output)
        if len(self.failed) > before:
            os.makedirs(self.keep_dir, exist_ok=True)
            for name, text in (('correct', correct), ('twin', twin)):
                with open(os.path.join(self.keep_dir, '%s_%d.c' % (name, seed)), 'w') as f:
                    f.write(text)
            print('    kept %s/{correct,twin}_%d.c' % (self.keep_dir, seed))
        subprocess.run(['rm', '-rf', workdir])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--seeds', type=int, default=0,
                        help='run seeds FIRST..FIRST+N-1 (default: the fixed make-check seeds)')
    parser.add_argument('--first', type=int, default=1, help='first seed of --seeds (default 1)')
    parser.add_argument('--seed', type=int, action='append', default=[], help='this seed (repeatable)')
    parser.add_argument('--timeout', type=float, default=90, help='seconds per run (default 90)')
    parser.add_argument('-v', '--verbose', action='store_true', help='show compiler and program output')
    args = parser.parse_args()
    seeds = args.seed or (list(range(args.first, args.first + args.seeds)) if args.seeds
                          else CHECK_SEEDS)
    driver = Driver(args)
    start = time.time()
    for seed in seeds:
        driver.check_seed(seed)
    print()
    print('gen_hybrid: %d seeds (%.0fs)' % (len(seeds), time.time() - start))
    for name in driver.failed:
        print('  FAILED ' + name)
    print('%d passed, %d failed' % (driver.passed, len(driver.failed)))
    return 1 if driver.failed else 0


if __name__ == '__main__':
    sys.exit(main())
