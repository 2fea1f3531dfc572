#!/usr/bin/env python3
"""Precision of the analysis before and after issue 5, over errbench.

Compiles every program of errbench/ (every subdirectory: c, cxx, fortran,
openmp, corpus...) with the plugin twice:

  before  -fplugin-arg-parcoach-thesis: control flow only, one function at
          a time, as in the thesis;
  after   the default analysis (rank-dependence data-flow and
          inter-procedural summaries);

each time with -fplugin-arg-parcoach-report=FILE (JSON Lines, format in
plugin/core/findings_report.h), and prints one table:

  programs      number of programs in the group;
  call sites    collective call sites (the sum of collective_checks over
                every instrumented-function record of the report, whatever
                its mode: each collective call gets a live or a dormant check);
  warnings      [parcoach:...] warnings on stderr, and in parentheses the
                number of programs with at least one;
  live checks   collective checks in functions of mode "flagged" (or
                "proved"): they run a check at every call;
  dormant       collective checks in functions of mode "dormant": live only
                while a flagged function runs;
  instr. %      live checks / call sites.

Groups: erroneous programs (with expect-warning lines: this includes the
correct programs whose header still expects a conservative warning, listed
under the table), correct programs of errbench outside corpus/ (no
expect-warning line), the correct corpus (errbench/corpus/), and the
totals.  Then the lost detections (erroneous programs that warned before
and do not after, and the expected warnings that disappeared), the correct
programs that still warn after, and the compile-time ratio with/without
the plugin over the same files (median of REPEAT runs of the whole set,
interleaved).

Each program is compiled with its own compile-flags (-fopenmp), never with
its plugin-args: every program is measured with the default
instrumentation (selective), so that the figures are comparable.

If the plugin has no thesis mode (its error "unknown argument
-fplugin-arg-parcoach-thesis"), the table prints "before: n/a (plugin has no
thesis mode)" and the after figures only.

Environment, as tests/run_errbench.py: MPICC, MPICXX, MPIF90 (default:
those configure chose, else mpicc, mpicxx, mpif90), PARCOACH_CONFIG (default build/parcoach-config,
relative to the repository); and REPEAT (compile-time runs, default 5),
OPT_LEVEL (compile-time optimisation level, default -O2).  Standard
library only.  Exit status 1 if a compilation fails (not on any figure).

    python3 tests/bench/precision.py [-j JOBS] [-k PATTERN] [--per-program]
                                     [--level -On] [--no-time]
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import run_errbench  # noqa: E402  (tests/run_errbench.py: headers, languages)

REPO = run_errbench.REPO
ERRBENCH = run_errbench.ERRBENCH
THESIS_FLAG = '-fplugin-arg-parcoach-thesis'
NO_THESIS = 'unknown argument -fplugin-arg-parcoach-thesis'
WARNING_RE = re.compile(r'warning:.*\[parcoach:([A-Za-z0-9_-]+)\]', re.IGNORECASE)
CRASH_MARKERS = ('internal compiler error', 'Segmentation fault', 'Aborted', 'core dumped')
COMPILE_TIMEOUT = 300


class Measure:
    """What one compilation of one program says."""

    def __init__(self):
        self.ok = False
        self.error = ''
        self.unsupported = False   # the plugin rejected the mode's argument
        self.warnings = 0
        self.warning_lines = set()  # {(line, kind)} of the program's own file
        self.call_sites = 0
        self.live = 0
        self.dormant = 0


def compilers():
    table = {}
    configured = run_errbench.configured_tools()
    for ext, (var, default) in run_errbench.LANGUAGES.items():
        table[ext] = shlex.split(os.environ.get(var, configured.get(var, default)))
    return table


def plugin_cflags():
    config = os.environ.get('PARCOACH_CONFIG', os.path.join('build', 'parcoach-config'))
    if not os.path.isabs(config) and not os.path.exists(config):
        config = os.path.join(REPO, config)
    try:
        out = subprocess.run([config, '--cflags'], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, check=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as error:
        sys.exit('precision: cannot run %s --cflags: %s' % (config, error))
    return config, shlex.split(out.stdout.decode())


def warning_lines(stderr, source):
    """{(line, kind)} of the [parcoach:KIND] warnings located in source
    (C/C++ one-line diagnostics and gfortran's location-then-message form)."""
    found = set()
    base = os.path.basename(source)
    location = None
    for text in stderr.splitlines():
        m = run_errbench.DIAG_RE.match(text)
        if m:
            location = None
            kind = parcoach_kind(m.group('msg'))
            if (m.group('kind').lower() == 'warning' and kind
                    and os.path.basename(m.group('file')) == base):
                found.add((int(m.group('line')), kind))
            continue
        m = run_errbench.FORTRAN_LOCATION_RE.match(text)
        if m:
            location = m
            continue
        m = run_errbench.FORTRAN_MESSAGE_RE.match(text)
        if m and location is not None:
            kind = parcoach_kind(m.group('msg'))
            if (m.group('kind').lower() == 'warning' and kind
                    and os.path.basename(location.group('file')) == base):
                found.add((int(location.group('line')), kind))
            location = None
    return found


def parcoach_kind(message):
    m = run_errbench.PARCOACH_KIND_RE.search(message)
    return m.group(1) if m else None


def compile_once(compiler, cflags, program, extra, workdir, tag, level='-O0'):
    """Compiles program with the plugin and returns a Measure."""
    result = Measure()
    report = os.path.join(workdir, '%s.jsonl' % tag)
    obj = os.path.join(workdir, '%s.o' % tag)
    if os.path.exists(report):
        os.unlink(report)
    argv = (compiler + cflags + extra + ['-fplugin-arg-parcoach-report=' + report] +
            program.compile_flags + [level, '-c', program.path, '-o', obj])
    try:
        proc = subprocess.run(argv, cwd=workdir, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=COMPILE_TIMEOUT)
    except subprocess.TimeoutExpired:
        result.error = 'compiler timed out after %ds' % COMPILE_TIMEOUT
        return result
    except OSError as error:
        result.error = str(error)
        return result
    out = proc.stdout.decode(errors='replace')
    if NO_THESIS in out:
        result.unsupported = True
        return result
    crash = [m for m in CRASH_MARKERS if m in out]
    if proc.returncode != 0 or crash:
        result.error = 'exit %d%s: %s' % (proc.returncode, ', ' + ', '.join(crash) if crash else '',
                                          ' | '.join(out.strip().splitlines()[-3:]))
        return result
    result.warnings = sum(1 for line in out.splitlines() if WARNING_RE.search(line))
    result.warning_lines = warning_lines(out, program.path)
    try:
        with open(report, encoding='utf-8') as f:
            records = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as error:
        result.error = 'no usable report %s: %s' % (report, error)
        return result
    for record in records:
        for function in record.get('instrumented', []):
            checks = int(function.get('collective_checks', 0))
            result.call_sites += checks
            if function.get('mode') == 'dormant':
                result.dormant += checks
            else:  # flagged, or proved with instrument=all: live checks
                result.live += checks
    result.ok = True
    return result


def measure_program(program, table, cflags, root, level):
    compiler = table[program.ext]
    workdir = tempfile.mkdtemp(prefix='prec-', dir=root)
    before = compile_once(compiler, cflags, program, [THESIS_FLAG], workdir, 'before', level)
    after = compile_once(compiler, cflags, program, [], workdir, 'after', level)
    return program, before, after


def correct_by_runs(program):
    """A program with expect-run lines that are all `ok' (no `stop')."""
    return bool(program.runs) and all(outcome == 'ok' for _, outcome, _ in program.runs)


def group_of(program):
    if program.rel.split(os.sep)[0] == 'corpus':
        return 'corpus'
    return 'erroneous' if program.warnings else 'correct'


GROUPS = [('erroneous', 'erroneous (expect-warning)'),
          ('correct', 'correct, errbench'),
          ('corpus', 'correct, corpus/'),
          ('all-correct', 'correct, all'),
          ('all', 'all programs')]


def summarise(results, has_before):
    rows = {}
    for key, _ in GROUPS:
        rows[key] = {'programs': 0, 'sites': 0,
                     'warn': [0, 0], 'warned_programs': [0, 0],
                     'live': [0, 0], 'dormant': [0, 0]}
    for program, before, after in results:
        group = group_of(program)
        keys = [group, 'all'] + (['all-correct'] if group != 'erroneous' else [])
        for key in keys:
            row = rows[key]
            row['programs'] += 1
            row['sites'] += after.call_sites
            for index, m in enumerate((before, after)):
                if index == 0 and not has_before:
                    continue
                row['warn'][index] += m.warnings
                row['warned_programs'][index] += 1 if m.warnings else 0
                row['live'][index] += m.live
                row['dormant'][index] += m.dormant
    return rows


def percent(part, whole):
    return '%.1f%%' % (100.0 * part / whole) if whole else '-'


def print_table(rows, has_before):
    def pair(values, fmt=str):
        return (fmt(values[0]) if has_before else 'n/a', fmt(values[1]))

    header = ('%-28s %8s %6s | %-19s | %-13s | %-13s | %-15s' %
              ('group', 'programs', 'sites', 'warnings (programs)', 'live checks',
               'dormant', 'instrumented %'))
    sub = ('%-28s %8s %6s | %-19s | %-13s | %-13s | %-15s' %
           ('', '', '', 'before    after', 'before after', 'before after', 'before  after'))
    print(header)
    print(sub)
    print('-' * len(header))
    for key, label in GROUPS:
        row = rows[key]
        warn = ['%d (%d)' % (row['warn'][i], row['warned_programs'][i]) for i in (0, 1)]
        wb, wa = pair(warn)
        lb, la = pair(row['live'])
        db, da = pair(row['dormant'])
        pb, pa = pair([percent(row['live'][i], row['sites']) for i in (0, 1)])
        print('%-28s %8d %6d | %-9s %-9s | %-6s %-6s | %-6s %-6s | %-7s %-7s' %
              (label, row['programs'], row['sites'], wb, wa, lb, la, db, da, pb, pa))


def compile_time(sources, table, cflags, repeat, level):
    """Median over `repeat' runs of the time to compile every source, without
    and with the plugin (default mode), interleaved."""
    with tempfile.TemporaryDirectory(prefix='prec-time-') as work:
        obj = os.path.join(work, 'out.o')

        def run_all(extra):
            start = time.perf_counter()
            for program in sources:
                argv = (table[program.ext] + [level, '-w'] + extra + program.compile_flags +
                        ['-c', program.path, '-o', obj])
                subprocess.run(argv, cwd=work, check=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=COMPILE_TIMEOUT)
            return time.perf_counter() - start

        without, with_plugin = [], []
        for _ in range(repeat):
            without.append(run_all([]))
            with_plugin.append(run_all(cflags))
    return statistics.median(without), statistics.median(with_plugin)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('-j', '--jobs', type=int, default=2,
                        help='parallel compilations for the precision table (default 2)')
    parser.add_argument('-k', action='append', default=[], metavar='PATTERN',
                        help='only programs whose path (under errbench/) contains PATTERN')
    parser.add_argument('--per-program', action='store_true',
                        help='one line per program: warnings, live and dormant checks')
    parser.add_argument('--no-time', action='store_true', help='skip the compile-time ratio')
    parser.add_argument('--level', default='-O0', metavar='-On',
                        help='optimisation level of the precision compilations (default -O0; '
                             'the diagnostics must not depend on it)')
    args = parser.parse_args()

    programs = run_errbench.find_programs(args.k)
    if not programs:
        sys.exit('precision: no errbench program selected')
    table = compilers()
    config, cflags = plugin_cflags()

    failures = []
    with tempfile.TemporaryDirectory(prefix='prec-') as root:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(lambda p: measure_program(p, table, cflags, root, args.level),
                                    programs))

    has_before = not any(before.unsupported for _, before, _ in results)
    for program, before, after in results:
        for mode, m in (('before', before), ('after', after)):
            if mode == 'before' and not has_before:
                continue
            if not m.ok:
                failures.append('%s (%s): %s' % (program.rel, mode, m.error or 'failed'))
    results_ok = [r for r in results if r[2].ok and (r[1].ok or not has_before)]

    counts = {}
    for program in programs:
        top = program.rel.split(os.sep)[0] if os.sep in program.rel else '.'
        counts[top] = counts.get(top, 0) + 1
    print('PARCOACH precision: %d errbench programs (%s), %s' %
          (len(programs), ', '.join('%s %d' % kv for kv in sorted(counts.items())), config))
    print('before = %s (thesis: control flow, per function); after = default analysis; '
          'compiled at %s' % (THESIS_FLAG, args.level))
    if not has_before:
        print('before: n/a (plugin has no thesis mode)')
    print()
    print_table(summarise(results_ok, has_before), has_before)
    print()

    if args.per_program:
        print('%-52s %-13s %-13s %-13s' % ('program', 'warnings', 'live', 'dormant'))
        for program, before, after in results_ok:
            b = (lambda v: str(v)) if has_before else (lambda v: 'n/a')
            print('%-52s %-6s %-6s %-6s %-6s %-6s %-6s' %
                  (program.rel, b(before.warnings), after.warnings, b(before.live), after.live,
                   b(before.dormant), after.dormant))
        print()

    if has_before:
        differ = [p.rel for p, b, a in results_ok if b.call_sites != a.call_sites]
        if differ:
            print('note: the two modes report different numbers of call sites for: %s '
                  '(the table uses the after count)' % ', '.join(differ))
    conservative = [p for p, _, _ in results_ok if p.warnings and correct_by_runs(p)]
    if conservative:
        print('of the erroneous group, %d are correct programs whose header expects a '
              'conservative warning (every expect-run is ok): %s' %
              (len(conservative), ', '.join(p.rel for p in conservative)))
    if has_before:
        lost = [(p, b, a) for p, b, a in results_ok
                if p.warnings and b.warnings and not a.warnings]
        print('lost detections (erroneous programs warned before, silent after): %d' % len(lost))
        for program, _, _ in lost:
            print('  %s%s' % (program.rel, '  (correct program: a removed false positive)'
                              if program in conservative else ''))
        lost_lines = []
        for program, before, after in results_ok:
            for item in sorted(program.warnings & before.warning_lines - after.warning_lines):
                lost_lines.append('%s:%d %s' % (program.rel, item[0], item[1]))
        print('expected warnings found before and not after: %d' % len(lost_lines))
        for text in lost_lines:
            print('  %s' % text)
    else:
        print('lost detections: n/a (plugin has no thesis mode)')
    still = [(p, a) for p, _, a in results_ok if not p.warnings and a.warnings]
    print('correct programs that still warn after: %d' % len(still))
    for program, after in still:
        print('  %s: %s' % (program.rel, ', '.join(
            '%d %s' % item for item in sorted(after.warning_lines)) or
            '%d warning(s)' % after.warnings))

    if failures:
        print()
        print('compilation failures: %d' % len(failures))
        for text in failures:
            print('  %s' % text)

    if not args.no_time:
        repeat = int(os.environ.get('REPEAT', '5'))
        level = os.environ.get('OPT_LEVEL', '-O2')
        sources = [p for p, _, a in results if a.ok]
        try:
            without, with_plugin = compile_time(sources, table, cflags, max(1, repeat), level)
        except (subprocess.SubprocessError, OSError) as error:
            print('compile time: failed: %s' % error)
            return 1
        print()
        print('compile time of %d sources (%s, median of %d): without plugin %.3f s, '
              'with plugin %.3f s, ratio %.3f' %
              (len(sources), level, max(1, repeat), without, with_plugin,
               with_plugin / without if without else float('nan')))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
