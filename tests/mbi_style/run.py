#!/usr/bin/env python3
"""Compile and run the MBI-style programs of tests/mbi_style/generate.py
with the plugin.

    python3 tests/mbi_style/run.py                # the sample make check runs
    python3 tests/mbi_style/run.py --all -j 2     # every program (make check-mbi-style)
    python3 tests/mbi_style/run.py -k err_comm -v # programs whose name contains err_comm

Correct programs: compiled with the plugin (parcoach-config --cflags, -O0):
no [parcoach:...] warning; run with 2 processes (and 4 for every fifth
program): exit 0, no "PARCOACH:" line, before the timeout.
Erroneous programs: caught when the compile warns [parcoach:collective-...]
(a collective error) or [parcoach:request] (a request error) (compile) or
a run with 2 processes stops with "PARCOACH:" and a non-zero exit (run); a run that hangs until the timeout fails, whatever the compile
said.  An erroneous program caught neither way is "missed": listed, and a
failure unless its name is in KNOWN_MISSES (then XFAIL, a hang too;
XPASS when caught); a correct program in KNOWN_FALSE_WARNINGS that is
warned (not stopped) is XFAIL.  A program whose header says
`mbi-np: N' runs with N processes only (a correct program that needs exactly
N); one that says `mbi-requires-mpi-version: N' is SKIP when the MPI's
MPI_VERSION is lower.

Closing lines: the counts per class, then "N passed, N failed"; exit
status 1 on any failure.  Failing programs' sources and outputs are kept in
BUILD_DIR/mbi_style/.

Environment: BUILD_DIR, PARCOACH_CONFIG, MPICC, MPIEXEC (default: the
configured ones, as tests/run_errbench.py), MBI_TIMEOUT (seconds per run,
default 90: the hang detector's floor is 10 s, and the machine may be
loaded).
"""

import argparse
import collections
import concurrent.futures
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import generate                                       # noqa: E402
from run_errbench import configured_tools, run_command   # noqa: E402

# Erroneous programs the tool does not catch today (neither a warning nor
# a stop): reported XFAIL so that `make check' stays green, XPASS once
# caught.  Each entry says why.
KNOWN_MISSES = {}
# A blocking receive against a blocking collective outside any checked
# function: the collectives are the same on every path (nothing to warn,
# no check).  The runtime's collective wrappers tell the hang detector
# where each process waits, so Barrier, Bcast, Allreduce and Ibarrier +
# MPI_Wait stop after its timeout; Reduce and Gather complete under MPICH
# (the root's partner returns early): no hang, nothing to stop.
for _name in ('Gather', 'Reduce'):
    KNOWN_MISSES['err_p2p_recv_%s' % _name] = 'receive against a collective that completes'
# A collective under a test of a number read from argv: the tool takes
# main's arguments, strings included, as the same on every process (an SPMD
# launch gives every process one argument list; plugin/core/DESIGN), so the
# condition is uniform and nothing is warned or checked.  The benchmark
# counts it as an input hazard; an MPMD launch with different arguments
# would hang it.
for _name in ('Barrier', 'Allreduce', 'Bcast', 'Ibarrier'):
    KNOWN_MISSES['err_input_%s' % _name] = 'argv taken as the same on every process'
# A persistent request never freed: started, completed by MPI_Wait, then
# left inactive at MPI_Finalize.  MPI requires every request complete
# before MPI_Finalize, which it is; not freeing it leaks the request's
# resources (the benchmark counts a resource leak), which is no
# request-lifecycle error: the compiler does not follow persistent requests
# and the runtime reports only active ones.
for _name in ('Barrier_init', 'Bcast_init', 'Allreduce_init'):
    KNOWN_MISSES['err_persistent_nofree_%s' % _name] = 'an inactive request not freed is a leak'
# Correct programs the tool still warns about: XFAIL while warned (never
# when stopped or hung), XPASS once silent.
KNOWN_FALSE_WARNINGS = {}

# The sample of make check: one program of each shape, each caught
# quickly when erroneous (well under 60 s on an idle 2-core machine).
SAMPLE = [
    'ok_plain_Allreduce', 'ok_comm_split_Bcast', 'ok_comm_create_Reduce',
    'ok_comm_cart_Alltoallv', 'ok_comm_split_undefined_Iallreduce', 'ok_guard0_Barrier',
    'ok_guard1_Bcast', 'ok_loop_Reduce', 'ok_arg_root_last_Gatherv',
    'ok_arg_op_size_Allreduce', 'ok_arg_count_size_Reduce_scatter',
    'ok_arg_type_contiguous_Allgather', 'ok_input_Allreduce', 'ok_both_branches_Reduce',
    'ok_p2p_then_Barrier', 'ok_user_op_Reduce',
    'err_rank_Bcast', 'err_order_Barrier_Allreduce', 'err_arg_root_rank_Reduce',
    'err_arg_op_if_Allreduce', 'err_arg_count_if_Allreduce', 'err_arg_type_float_Bcast',
    'err_comm_self_Allreduce', 'err_user_op_Allreduce', 'err_p2p_recv_Ibarrier',
    'err_input_Barrier',
    'err_local_array_Iallreduce', 'err_local_Ibcast', 'ok_local_array_Iscatter',
    'err_nowait_Iallgather', 'ok_persistent_Bcast_init', 'ok_exhaustive_Allreduce',
]


class Outcome:
    """What happened to one program."""

    def __init__(self, name, expect, kinds):
        self.name = name
        self.expect = expect          # 'correct' or 'error'
        self.kinds = kinds            # expected warning kinds (errors)
        self.warnings = []            # the [parcoach:...] lines of the compile
        self.compile_error = None     # compiler output when it failed
        self.runs = []                # (np, 'ok'|'stop'|'hang'|'fail', detail, output)
        self.skipped = None           # why it was neither compiled nor run

    def warned_kinds(self):
        kinds = set()
        for line in self.warnings:
            start = line.find('[parcoach:')
            kinds.add(line[start + len('[parcoach:'):line.find(']', start)])
        return kinds

    def verdict(self):
        """(class, good): class is one of the counted classes."""
        if self.skipped:
            return 'skipped', True
        if self.compile_error is not None:
            return 'compile-error', False
        results = [run[1] for run in self.runs]
        if self.expect == 'correct':
            if 'hang' in results:
                return 'correct-hung', False
            if 'stop' in results:
                return 'correct-stopped', False
            if 'fail' in results:
                return 'correct-failed', False
            if self.warnings:
                return 'correct-warned', False
            return 'correct-clean', True
        if 'hang' in results:
            return 'error-hung', False
        # The warning of the error's family: any collective kind for a
        # collective error, [parcoach:request] for a request error.
        families = {kind.split('-')[0] for kind in self.kinds}
        caught_compile = any(kind.split('-')[0] in families for kind in self.warned_kinds())
        caught_run = 'stop' in results
        if caught_compile and caught_run:
            return 'error-caught-both', True
        if caught_compile:
            return 'error-caught-compile', True
        if caught_run:
            return 'error-caught-run', True
        return 'error-missed', False


class Driver:
    def __init__(self, args):
        self.args = args
        tools = configured_tools()
        self.mpicc = shlex.split(os.environ.get('MPICC', tools.get('MPICC', 'mpicc')))
        self.mpiexec = shlex.split(os.environ.get('MPIEXEC', tools.get('MPIEXEC', 'mpiexec')))
        self.mpiexec += shlex.split(tools.get('MPIEXEC_FLAGS', ''))
        config = os.environ.get('PARCOACH_CONFIG', os.path.join(REPO, 'build', 'parcoach-config'))
        self.cflags = shlex.split(subprocess.run([config, '--cflags'], stdout=subprocess.PIPE,
                                                 check=True).stdout.decode())
        self.libs = shlex.split(subprocess.run([config, '--libs'], stdout=subprocess.PIPE,
                                               check=True).stdout.decode())
        self.timeout = float(os.environ.get('MBI_TIMEOUT', args.timeout))
        self.keep_dir = os.path.join(os.environ.get('BUILD_DIR', os.path.join(REPO, 'build')),
                                     'mbi_style')

    def mpi_version(self):
        """MPI_VERSION of mpi.h (0: unknown, then nothing is skipped)."""
        if not hasattr(self, '_mpi_version'):
            self._mpi_version = 0
            try:
                out = subprocess.run(self.mpicc + ['-E', '-dM', '-x', 'c', '-'],
                                     input=b'#include <mpi.h>\n', stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, timeout=120).stdout.decode()
                for line in out.split('\n'):
                    words = line.split()
                    if len(words) == 3 and words[:2] == ['#define', 'MPI_VERSION']:
                        self._mpi_version = int(words[2])
            except (OSError, subprocess.SubprocessError, ValueError):
                pass
        return self._mpi_version

    def check(self, index, name, source):
        expect, kinds = generate.expectation(source)
        outcome = Outcome(name, expect, kinds)
        needed = generate.header_value(source, 'mbi-requires-mpi-version')
        if needed and 0 < self.mpi_version() < int(needed):
            outcome.skipped = 'needs MPI %s, the MPI has MPI_VERSION %d' % (needed,
                                                                          self.mpi_version())
            return outcome
        workdir = tempfile.mkdtemp(prefix='mbi-style-')
        try:
            path = os.path.join(workdir, name + '.c')
            with open(path, 'w') as f:
                f.write(source)
            exe = os.path.join(workdir, name)
            argv = self.mpicc + self.cflags + ['-g', '-O0', path, '-o', exe] + self.libs
            code, out, _ = run_command(argv, workdir, 300)
            outcome.compile_output = out
            outcome.warnings = [line for line in out.split('\n') if '[parcoach:' in line]
            if code != 0:
                outcome.compile_error = out
                return outcome
            sizes = [2]
            if expect == 'correct' and index % 5 == 0:
                sizes.append(4)
            if generate.header_value(source, 'mbi-np'):
                sizes = [int(n) for n in generate.header_value(source, 'mbi-np').split(',')]
            for procs in sizes:
                code, output, seconds = run_command(self.mpiexec + ['-n', str(procs), exe],
                                                    workdir, self.timeout)
                if code is None:
                    result, detail = 'hang', 'killed after %ds' % self.timeout
                elif 'PARCOACH:' in output and code != 0:
                    result, detail = 'stop', 'exit %d, %.1fs' % (code, seconds)
                elif code != 0 or 'PARCOACH:' in output:
                    result, detail = 'fail', 'exit %d, %.1fs' % (code, seconds)
                else:
                    result, detail = 'ok', '%.1fs' % seconds
                outcome.runs.append((procs, result, detail, output))
                if result == 'hang':
                    break
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        return outcome

    def keep(self, outcome, source):
        os.makedirs(self.keep_dir, exist_ok=True)
        with open(os.path.join(self.keep_dir, outcome.name + '.c'), 'w') as f:
            f.write(source)
        with open(os.path.join(self.keep_dir, outcome.name + '.out'), 'w') as f:
            f.write(getattr(outcome, 'compile_output', '') or '')
            for procs, result, detail, output in outcome.runs:
                f.write('\n=== run -n %d: %s (%s)\n%s' % (procs, result, detail, output))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--all', action='store_true',
                        help='every program (default: the sample make check runs)')
    parser.add_argument('-k', action='append', default=[], help='programs whose name contains K')
    parser.add_argument('--timeout', type=float, default=90, help='seconds per run (default 90)')
    parser.add_argument('-j', '--jobs', type=int, default=2, help='programs checked at once (default 2)')
    parser.add_argument('-v', '--verbose', action='store_true', help='show the outputs')
    args = parser.parse_args()
    programs = generate.all_programs()
    names = sorted(programs)
    if not args.all and not args.k:
        missing = [name for name in SAMPLE if name not in programs]
        if missing:
            print('FAIL sample names not generated: %s' % ', '.join(missing))
            return 1
        names = SAMPLE
    if args.k:
        names = [name for name in names if any(k in name for k in args.k)]
    driver = Driver(args)
    start = time.time()
    counts = collections.Counter()
    failed, missed = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        outcomes = pool.map(lambda item: driver.check(item[0], item[1], programs[item[1]]),
                            enumerate(names))
        for outcome in outcomes:
            klass, good = outcome.verdict()
            known = outcome.name in KNOWN_MISSES or outcome.name in KNOWN_FALSE_WARNINGS
            counts[klass] += 1
            runs = ', '.join('np%d %s (%s)' % (procs, result, detail)
                             for procs, result, detail, _ in outcome.runs)
            warned = sorted(outcome.warned_kinds())
            detail = '%s; warned %s; %s' % (klass, ','.join(warned) or 'nothing', runs)
            if klass == 'error-missed':
                missed.append(outcome.name)
            if klass == 'skipped':
                print('SKIP %s (%s)' % (outcome.name, outcome.skipped))
                continue
            if good:
                status = 'XPASS' if known else 'PASS'
            else:
                status = ('XFAIL' if known and klass in ('error-missed', 'error-hung',
                                                         'correct-warned')
                          else 'FAIL')
            if status == 'FAIL':
                failed.append(outcome.name)
                driver.keep(outcome, programs[outcome.name])
            print('%s %s (%s)' % (status, outcome.name, detail))
            if outcome.expect == 'error' and warned and not (outcome.kinds & set(warned)):
                print('    note: expected [parcoach:%s]' % ','.join(sorted(outcome.kinds)))
            if args.verbose or status == 'FAIL':
                for line in outcome.warnings[:10]:
                    print('    | ' + line)
                if outcome.compile_error:
                    print('    | ' + outcome.compile_error.rstrip().replace('\n', '\n    | '))
                for procs, result, _, output in outcome.runs:
                    if args.verbose or result != 'ok':
                        for line in output.rstrip().split('\n')[-12:]:
                            print('    np%d| %s' % (procs, line))
            sys.stdout.flush()
    print()
    print('mbi_style: %d programs (%.0fs)' % (len(names), time.time() - start))
    for klass in sorted(counts):
        print('  %-22s %d' % (klass, counts[klass]))
    for name in missed:
        print('  missed %s%s' % (name, ' (known: %s)' % KNOWN_MISSES[name]
                                 if name in KNOWN_MISSES else ''))
    if failed:
        print('  kept the failing programs in %s' % driver.keep_dir)
    for name in failed:
        print('  FAILED ' + name)
    print('%d passed, %d failed' % (len(names) - len(failed), len(failed)))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
