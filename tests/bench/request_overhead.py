#!/usr/bin/env python3
"""Cost of the run-time tracking of nonblocking requests on a halo exchange.

tests/bench/request_halo.c is built three ways with the same flags (-O2):
  plain     the MPI wrapper only: requests not tracked
  tracked   linked with the PARCOACH runtime (`parcoach-config --libs'):
            every MPI_Irecv/MPI_Isend/MPI_Waitall goes through its wrapper
            and the table of requests
  off       the tracked binary run with PARCOACH_REQUESTS=off (wrappers
            only)
  checked   compiled with the plugin too (`parcoach-config --cflags'):
            with OVERLAP=1 (-DOVERLAP) the loads and stores of the update
            loops carry run-time buffer checks (rtlib/parcoach_buffers.c)
then run REPEAT rounds, each round running every build once, the order
rotating between rounds so that the machine's load hits each alike.  Each
run prints two figures per iteration (request_halo.c): the whole run's,
and the 10th percentile of chunks of 500 iterations (the slowest
process's), which leaves out the chunks where the scheduler preempted a
process on a loaded machine.  The script checks that the builds print the
same checksum, then prints for each build and figure the median and the
spread (min, max) over the rounds, and the median of the per-round ratios
tracked/plain and off/plain (goal: tracked <= 1.05).
Figures to read: never fails on time.

Environment: MPICC (default: config.mk's, else mpicc), MPIEXEC (likewise;
for Open MPI add --oversubscribe), PARCOACH_CONFIG (build/parcoach-config),
PROCS (2), ITERATIONS (20000), REPEAT (9), COUNT (doubles per message, 8),
CELLS (interior cells per process, 256),
OVERLAP (0; 1: update the interior while the requests are pending).
Standard library only.
"""

import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def configured(name, default):
    if name in os.environ:
        return os.environ[name]
    try:
        with open(os.path.join(REPO, 'config.mk')) as config_mk:
            for line in config_mk:
                m = re.match(r'%s\s*=\s*(.*)$' % name, line.strip())
                if m and m.group(1):
                    return m.group(1)
    except OSError:
        pass
    return default


def main():
    mpicc = shlex.split(configured('MPICC', 'mpicc'))
    mpiexec = shlex.split(configured('MPIEXEC', 'mpiexec') + ' ' +
                          configured('MPIEXEC_FLAGS', ''))
    config = os.environ.get('PARCOACH_CONFIG', os.path.join(REPO, 'build', 'parcoach-config'))
    procs = os.environ.get('PROCS', '2')
    iterations = os.environ.get('ITERATIONS', '20000')
    repeat = int(os.environ.get('REPEAT', '9'))
    count = os.environ.get('COUNT', '8')
    cells = os.environ.get('CELLS', '256')
    libs = shlex.split(subprocess.run([config, '--libs'], stdout=subprocess.PIPE,
                                      check=True).stdout.decode())
    source = os.path.join(REPO, 'tests', 'bench', 'request_halo.c')
    with tempfile.TemporaryDirectory() as tmp:
        plain, tracked = os.path.join(tmp, 'plain'), os.path.join(tmp, 'tracked')
        checked = os.path.join(tmp, 'checked')
        flags = ['-O2', '-DCOUNT=' + count, '-DCELLS=' + cells, source]
        if os.environ.get('OVERLAP', '0') != '0':
            flags.insert(0, '-DOVERLAP')
        cflags = shlex.split(subprocess.run([config, '--cflags'], stdout=subprocess.PIPE,
                                            check=True).stdout.decode())
        subprocess.run(mpicc + flags + ['-o', plain], check=True)
        subprocess.run(mpicc + flags + ['-o', tracked] + libs, check=True)
        subprocess.run(mpicc + cflags + flags + ['-o', checked] + libs, check=True)
        # The tracked build must really go through the runtime's wrapper.
        symbols = subprocess.run(['nm', '-D', tracked], stdout=subprocess.PIPE).stdout.decode()
        needed = subprocess.run(['readelf', '-d', tracked],
                                stdout=subprocess.PIPE).stdout.decode()
        if 'MPI_Isend' not in symbols or 'libparcoach-rt' not in needed:
            sys.exit('request_overhead: the tracked build does not use the runtime')
        builds = [('plain', plain, {}), ('tracked', tracked, {}),
                  ('off', tracked, {'PARCOACH_REQUESTS': 'off'}), ('checked', checked, {})]
        times = {name: [] for name, _, _ in builds}
        checksums = set()
        for round_ in range(repeat):
            order = builds[round_ % len(builds):] + builds[:round_ % len(builds)]
            for name, exe, env in order:
                out = subprocess.run(mpiexec + ['-n', procs, exe, iterations],
                                     stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                     env=dict(os.environ, **env), check=True,
                                     timeout=600).stdout.decode()
                m = re.search(r'us_per_iteration (\S+) fastest10 (\S+) checksum (\S+)', out)
                if not m:
                    sys.exit('request_overhead: unexpected output of %s: %r' % (name, out))
                times[name].append((float(m.group(1)), float(m.group(2))))
                checksums.add(m.group(3))
        if len(checksums) != 1:
            sys.exit('request_overhead: the builds disagree: checksums %s' % sorted(checksums))
    print('halo exchange, %s processes, %s cells each, 4 requests of %s doubles per iteration, '
          '%s iterations, %d interleaved rounds (us per iteration):'
          % (procs, cells, count, iterations, repeat))
    for figure, label in ((1, 'fastest 10 % of chunks'), (0, 'whole run')):
        print('  %s:' % label)
        print('    build     median     min      max')
        for name, _, _ in builds:
            t = [run[figure] for run in times[name]]
            print('    %-8s %7.3f  %7.3f  %7.3f' % (name, statistics.median(t), min(t), max(t)))
        for name in ('tracked', 'off', 'checked'):
            ratios = [a[figure] / b[figure] for a, b in zip(times[name], times['plain'])]
            print('    %s/plain: median of the per-round ratios %.3f [min %.3f, max %.3f]'
                  % (name, statistics.median(ratios), min(ratios), max(ratios)))


if __name__ == '__main__':
    main()
