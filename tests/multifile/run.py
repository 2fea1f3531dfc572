#!/usr/bin/env python3
"""Multi-file programs of errbench/multifile: the whole-program step.

Each directory of errbench/multifile is one program with its own Makefile,
which compiles every file separately with `parcoach-config --cflags' and
links with `parcoach-config --libs' (the documented flags; the link runs
parcoach-link through the specs file).  The Makefile's header comment
states the expectations, one per line behind `#':

  expect-warning: FILE:LINE KIND   the exact set of [parcoach:KIND] warnings,
                                   at compile or link time
  expect-conditional: FILE:LINE    the exact set of lines getting a note
                                   (or a path event) "processes may ..."
  expect-werror-link: ok|fail      relinking with LDFLAGS=-Werror succeeds /
                                   fails
  expect-run: NP ok|stop [threads=T]
                                   as in errbench (ok: exit 0, no
                                   "PARCOACH:"; stop: non-zero exit and
                                   "PARCOACH: rank"), with
                                   OMP_NUM_THREADS=T if given
  also-with: VAR=VALUE...          one more clean build with these make
                                   variables (LTOFLAGS=-flto): the same
                                   diagnostics, every run again
  also-ccache: yes                 when ccache is installed: built twice
                                   through `ccache MPICC' (a fresh cache),
                                   the second time from the cache, with the
                                   same diagnostics (the summaries travel
                                   inside the cached objects)
  also-report: yes                 one more clean build with
                                   -fplugin-arg-parcoach-report=FILE and
                                   sarif=FILE: the JSON report (compile
                                   lines and the link step's "stage":
                                   "link" lines) and the SARIF log hold
                                   exactly the expected warnings, each
                                   link-time one with its conditionals
                                   and a path
  known-failure: TEXT              failed checks are XFAIL (not failures);
                                   XPASS when every check passes
  description: TEXT

The program is copied into a temporary directory and built there with
`make -j2'.  Environment as for tests/run_errbench.py (MPICC, MPICXX,
MPIF90, MPIEXEC, PARCOACH_CONFIG, ERRBENCH_TIMEOUT).  Usage:
run.py [-k PATTERN] [-v].  Exit status 1 if a check failed.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, 'tests'))
import run_errbench  # noqa: E402  (its diagnostic patterns and tools)

MULTIFILE = os.path.join(REPO, 'errbench', 'multifile')
HEADER_RE = re.compile(r'^#\s*(expect-warning|expect-conditional|expect-werror-link|expect-run|'
                       r'also-with|also-ccache|also-report|known-failure|description)\s*:\s*(.*?)\s*$')


def read_header(makefile):
    spec = {'warnings': set(), 'conditionals': set(), 'werror': None, 'runs': [],
            'known_failure': None, 'variants': [], 'ccache': False, 'report': False}
    with open(makefile) as f:
        for line in f:
            m = HEADER_RE.match(line)
            if not m:
                continue
            key, value = m.groups()
            if key == 'expect-warning':
                where, kind = value.split()
                spec['warnings'].add((where, kind))
            elif key == 'expect-conditional':
                spec['conditionals'].add(value)
            elif key == 'expect-werror-link':
                spec['werror'] = value
            elif key == 'expect-run':
                words = value.split()
                threads = [w.split('=', 1)[1] for w in words[2:] if w.startswith('threads=')]
                spec['runs'].append((int(words[0]), words[1], threads[0] if threads else None))
            elif key == 'also-report':
                spec['report'] = value == 'yes'
            elif key == 'also-ccache':
                spec['ccache'] = value == 'yes'
            elif key == 'also-with':
                spec['variants'].append(value.split())
            elif key == 'known-failure':
                spec['known_failure'] = value
    return spec


def diagnostics(output):
    """{(file:line, kind)} warnings, {file:line} conditional notes."""
    warnings, conditionals = set(), set()
    pending = None
    found = []
    for text in output.split('\n'):
        m = run_errbench.DIAG_RE.match(text)
        if m:
            found.append((m.group('file'), m.group('line'), m.group('kind').lower(), m.group('msg')))
            pending = None
            continue
        m = run_errbench.FORTRAN_LOCATION_RE.match(text)
        if m:
            pending = (m.group('file'), m.group('line'))
            continue
        m = run_errbench.FORTRAN_MESSAGE_RE.match(text)
        if m and pending:
            found.append((pending[0], pending[1], m.group('kind').lower(), m.group('msg')))
            pending = None
    for path, line, kind, msg in found:
        where = '%s:%s' % (os.path.basename(path), line)
        k = run_errbench.PARCOACH_KIND_RE.search(msg)
        if kind in ('warning', 'error') and k:
            warnings.add((where, k.group(1)))
        elif kind == 'note' and run_errbench.PATH_EVENT_RE.sub('', msg).startswith('processes may '):
            conditionals.add(where)
    return warnings, conditionals


def run(argv, cwd, timeout, env=None):
    proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env, start_new_session=True,
                            universal_newlines=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out, False
    except subprocess.TimeoutExpired:
        run_errbench.stop_process_tree(proc)
        out, _ = proc.communicate()
        return None, out or '', True


class Runner:
    def __init__(self, verbose):
        self.verbose = verbose
        self.failed = []
        self.counts = {'PASS': 0, 'FAIL': 0, 'XFAIL': 0, 'XPASS': 0}

    def report(self, ok, check, name, known_failure, detail=''):
        status = 'PASS' if ok else ('XFAIL' if known_failure else 'FAIL')
        self.counts[status] += 1
        if status == 'FAIL':
            self.failed.append('%s %s' % (check, name))
        print('%s %s %s%s' % (status, check, name, (' (%s)' % detail) if detail else ''))


def check_build(runner, spec, name, tree, make_vars, mpiexec, timeout, env, verbose):
    """One (clean) build of a program and its checks."""
    xf = spec['known_failure']
    variant = ' '.join(v for v in make_vars if v.startswith('LTOFLAGS') or v.startswith('CFLAGS'))
    if variant:
        name = '%s[%s]' % (name, variant)
    run(['make', 'clean'], tree, 10 * timeout, env)
    rc, out, hung = run(['make', '-j2'] + make_vars, tree, 10 * timeout, env)

    if verbose:
        print('\n'.join('    | ' + l for l in out.rstrip().split('\n')))
    crashed = any(marker in out for marker in run_errbench.CRASH_MARKERS)
    built = rc == 0 and not crashed and os.path.exists(os.path.join(tree, 'prog'))
    runner.report(built, 'build', name, False, '' if built else 'make -j2 failed')
    if not built:
        print('\n'.join('    | ' + l for l in out.rstrip().split('\n')))
        return
    warnings, conditionals = diagnostics(out)
    ok = warnings == spec['warnings']
    runner.report(ok, 'warnings', name, xf, '' if ok else 'expected %s, got %s' % (
        sorted(spec['warnings']) or 'none', sorted(warnings) or 'none'))
    ok = conditionals == spec['conditionals']
    runner.report(ok, 'conditionals', name, xf, '' if ok else 'expected %s, got %s' % (
        sorted(spec['conditionals']) or 'none', sorted(conditionals) or 'none'))
    if spec['werror']:
        os.remove(os.path.join(tree, 'prog'))
        rc, out, hung = run(['make', 'prog', 'LDFLAGS=-Werror'] + make_vars, tree,
                            10 * timeout, env)
        linked = rc == 0 and os.path.exists(os.path.join(tree, 'prog'))
        ok = linked == (spec['werror'] == 'ok')
        runner.report(ok, 'werror-link', name, xf,
                      'linked' if linked else 'link failed')
        if not os.path.exists(os.path.join(tree, 'prog')):
            run(['make', 'prog'] + make_vars, tree, 10 * timeout, env)
    for np, outcome, threads in spec['runs']:
        run_env = env if threads is None else dict(env, OMP_NUM_THREADS=threads)
        rc, out, hung = run(mpiexec + ['-n', str(np), './prog'], tree, timeout, run_env)
        if outcome == 'ok':
            ok = rc == 0 and 'PARCOACH:' not in out
        else:
            ok = not hung and rc != 0 and 'PARCOACH: rank' in out
        detail = 'hung' if hung else 'exit %s' % rc
        runner.report(ok, 'run-np%d' % np + (' threads=%s' % threads if threads else ''), name, xf,
                      'expected %s, %s' % (outcome, detail))
        if verbose or not ok:
            print('\n'.join('    | ' + l for l in out.rstrip().split('\n')[:20]))


def check_report(runner, spec, name, tree, make_vars, timeout, env):
    """A build writing the JSON report and the SARIF log: they list the
    expected warnings, the link step's included."""
    report, sarif = os.path.join(tree, 'report.jsonl'), os.path.join(tree, 'log.sarif')
    cflags = run(['make', '-s', '--eval=print-cflags: ; @echo $(strip $(CFLAGS) $(CXXFLAGS) $(FCFLAGS))', 'print-cflags']
                 + make_vars, tree, 10 * timeout, env)[1].strip().split('\n')[-1]
    flags = '%s -fplugin-arg-parcoach-report=%s -fplugin-arg-parcoach-sarif=%s' % (
        cflags, report, sarif)
    run(['make', 'clean'], tree, 10 * timeout, env)
    for path in (report, sarif):
        if os.path.exists(path):
            os.remove(path)
    rc, out, hung = run(['make', '-j2'] + make_vars + ['CFLAGS=' + flags, 'CXXFLAGS=' + flags,
                                                       'FCFLAGS=' + flags], tree, 10 * timeout, env)
    if rc != 0 or not os.path.exists(report):
        runner.report(False, 'report', name, spec['known_failure'], 'build failed or no report')
        return
    reported, link_findings = set(), []
    with open(report) as f:
        for line in f:
            entry = json.loads(line)
            for finding in entry['findings']:
                where = '%s:%d' % (os.path.basename(finding['location']['file']),
                                   finding['location']['line'])
                reported.add((where, finding['kind']))
                if entry.get('stage') == 'link':
                    link_findings.append(finding)
    ok = reported == spec['warnings'] and all(f['related'] and f['path'] for f in link_findings)
    runner.report(ok, 'report', name, spec['known_failure'], '' if ok else 'got %s' % sorted(reported))
    logged = set()
    try:
        with open(sarif) as f:
            for result in json.load(f)['runs'][0]['results']:
                where = result['locations'][0]['physicalLocation']
                logged.add(('%s:%d' % (os.path.basename(where['artifactLocation']['uri']),
                                       where['region']['startLine']), result['ruleId']))
    except (OSError, ValueError, KeyError, IndexError):
        logged = None
    ok = logged == spec['warnings']
    runner.report(ok, 'sarif', name, spec['known_failure'], '' if ok else 'got %s' % logged)


def check_ccache(runner, spec, name, tree, make_vars, timeout, env):
    ccache = shutil.which('ccache')
    if not ccache:
        print('SKIP ccache %s (no ccache)' % name)
        return
    env = dict(env, CCACHE_DIR=os.path.join(os.path.dirname(tree), 'ccache'))
    wrapped = [('%s=%s %s' % (v.split('=', 1)[0], ccache, v.split('=', 1)[1])
                if v.split('=', 1)[0] in ('MPICC', 'MPICXX', 'MPIF90') else v) for v in make_vars]
    out = ''
    for attempt in range(2):
        run(['make', 'clean'], tree, 10 * timeout, env)
        rc, out, hung = run(['make', '-j2'] + wrapped, tree, 10 * timeout, env)
        if rc != 0:
            runner.report(False, 'ccache-build', name, spec['known_failure'], 'make failed')
            return
    stats = subprocess.run([ccache, '--print-stats'], env=env, stdout=subprocess.PIPE,
                           universal_newlines=True).stdout
    hits = sum(int(line.split()[1]) for line in stats.split('\n')
               if line.split()[:1] in (['direct_cache_hit'], ['preprocessed_cache_hit']))
    runner.report(hits > 0, 'ccache-hits', name, False, '%d objects from the cache' % hits)
    warnings, conditionals = diagnostics(out)
    ok = warnings == spec['warnings'] and conditionals == spec['conditionals']
    runner.report(ok, 'ccache-diagnostics', name, spec['known_failure'],
                  '' if ok else 'got %s, %s' % (sorted(warnings), sorted(conditionals)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('-k', action='append', default=[], help='only programs whose name contains this')
    parser.add_argument('-v', '--verbose', action='store_true')
    args = parser.parse_args()
    tools = run_errbench.configured_tools()
    env = dict(os.environ)
    make_vars = []
    # The events of compile-time warnings as notes "(N) ...", as
    # run_errbench compiles.
    for var, default in (('MPICC', 'mpicc'), ('MPICXX', 'mpicxx'), ('MPIF90', 'mpif90')):
        make_vars.append('%s=%s %s' % (var, os.environ.get(var, tools.get(var, default)),
                                       ' '.join(run_errbench.PATH_FORMAT_FLAGS)))
    config = os.environ.get('PARCOACH_CONFIG', os.path.join(REPO, 'build', 'parcoach-config'))
    make_vars.append('PARCOACH_CONFIG=%s' % os.path.abspath(config))
    if 'MPIEXEC' in os.environ:
        mpiexec = shlex.split(os.environ['MPIEXEC'])
    else:
        mpiexec = shlex.split(tools.get('MPIEXEC', 'mpiexec') + ' ' + tools.get('MPIEXEC_FLAGS', ''))
    timeout = float(os.environ.get('ERRBENCH_TIMEOUT', 60))
    runner = Runner(args.verbose)
    names = sorted(d for d in os.listdir(MULTIFILE)
                   if os.path.exists(os.path.join(MULTIFILE, d, 'Makefile')))
    if args.k:
        names = [n for n in names if any(k in n for k in args.k)]
    for name in names:
        spec = read_header(os.path.join(MULTIFILE, name, 'Makefile'))
        xf = spec['known_failure']
        xfail_before = runner.counts['XFAIL']
        work = tempfile.mkdtemp(prefix='multifile-')
        try:
            tree = os.path.join(work, name)
            shutil.copytree(os.path.join(MULTIFILE, name), tree)
            for variant in [[]] + spec['variants']:
                check_build(runner, spec, name, tree, make_vars + variant, mpiexec, timeout, env,
                            args.verbose)
            if spec['report']:
                check_report(runner, spec, name, tree, make_vars, timeout, env)
            if spec['ccache']:
                check_ccache(runner, spec, name, tree, make_vars, timeout, env)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if xf and runner.counts['XFAIL'] == xfail_before:
            runner.counts['XPASS'] += 1
            print('XPASS %s: every check passes, the known-failure line can go' % name)
    c = runner.counts
    print('\nmultifile: %d programs, %d passed, %d failed, %d xfail, %d xpass' % (
        len(names), c['PASS'], c['FAIL'], c['XFAIL'], c['XPASS']))
    for failure in runner.failed:
        print('  FAILED ' + failure)
    return 1 if runner.failed else 0


if __name__ == '__main__':
    sys.exit(main())
