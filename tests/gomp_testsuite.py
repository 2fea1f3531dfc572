#!/usr/bin/env python3
"""GCC's own OpenMP testsuite as a robustness corpus for the plugin.

Unpacks the OpenMP tests of GCC's sources (Debian package gcc-N-source,
tarball under /usr/src/gcc-N/) into BUILD_DIR/gomp-testsuite/, then, for
every test file of

  gcc/testsuite/gcc.dg/gomp            C        compile
  gcc/testsuite/g++.dg/gomp            C++      compile
  gcc/testsuite/c-c++-common/gomp      C, C++   compile
  gcc/testsuite/gfortran.dg/gomp       Fortran  compile
  libgomp/testsuite/libgomp.c          C        compile, link, run
  libgomp/testsuite/libgomp.c++        C++      compile, link, run
  libgomp/testsuite/libgomp.c-c++-common  C, C++   compile, link, run
  libgomp/testsuite/libgomp.fortran    Fortran  compile, link, run

compiles it plain and with the plugin (parcoach-config --cflags) at each
level (-O0 and -O2 by default) with -fopenmp and the test's own dg-options,
and checks:
  - no internal compiler error (nor crash) with the plugin;
  - the same compile result (exit status 0 or not) as the plain compile;
    a file that does not compile plain (tests of error messages, tests
    needing an offload compiler, a module of another file...) is skipped;
  - for the libgomp run tests (dg-do run) that link and exit 0 plain at
    -O2 (--run-levels), the instrumented program, linked with the runtime
    (parcoach-config --libs: these programs have no MPI, the runtime brings
    its MPI library in by itself), also exits 0 within the timeout.

Output: one line per difference, ICE or failed run, a summary, and the
full list in BUILD_DIR/gomp-testsuite/report.txt.  Every PARCOACH
diagnostic of the corpus (valid OpenMP code: each is a false positive to
read) goes to BUILD_DIR/gomp-testsuite/warnings.tsv, one per line: test
file, language, level, file:line:column of the diagnostic, kind, message.
--warnings-only compiles with the plugin only (no plain compile, no run):
a quicker survey of the warnings.  Exit status 1 when anything differs.  Too long for `make check': `make check-gomp'
(EVERY=N for a sample of every Nth file).

Environment: BUILD_DIR, PARCOACH_CONFIG (default build/parcoach-config),
CC, CXX, FC (default: config.mk's, else gcc, g++, gfortran).  Standard
library only.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (directory under the unpacked source, languages, whether it holds run tests)
SUITES = [
    ('gcc/testsuite/gcc.dg/gomp', ('c',), False),
    ('gcc/testsuite/g++.dg/gomp', ('c++',), False),
    ('gcc/testsuite/c-c++-common/gomp', ('c', 'c++'), False),
    ('gcc/testsuite/gfortran.dg/gomp', ('fortran',), False),
    ('libgomp/testsuite/libgomp.c', ('c',), True),
    ('libgomp/testsuite/libgomp.c++', ('c++',), True),
    ('libgomp/testsuite/libgomp.c-c++-common', ('c', 'c++'), True),
    ('libgomp/testsuite/libgomp.fortran', ('fortran',), True),
]

EXTENSIONS = {
    'c': ('.c',),
    'c++': ('.C', '.cc', '.cpp', '.c'),
    'fortran': ('.f90', '.f', '.F90', '.F', '.f95', '.f03', '.f08'),
}

COMPILE_TIMEOUT = 300
ICE_MARKERS = ('internal compiler error', 'Segmentation fault', 'Please submit a full bug report',
               'cannot load plugin', 'failed to initialize plugin')

# { dg-options "..." } and { dg-additional-options "..." } without a target
# selector (options for other targets are left out).
DG_OPTIONS_RE = re.compile(r'\{\s*dg-(?:additional-)?options\s+"([^"]*)"\s*\}')
DG_OPTIONS_ANY_RE = re.compile(r'\{\s*dg-(?:additional-)?options\s+("[^"]*"|\{[^}]*\})(.*?)\}')
DG_DO_RE = re.compile(r'\{\s*dg-do\s+([a-z]+)')
DG_SOURCES_RE = re.compile(r'\{\s*dg-additional-sources\s+"?([^"}]*)"?\s*\}')
# A GCC diagnostic of the plugin: "FILE:LINE:COL: warning: MESSAGE [parcoach:KIND]"
# (cc1, cc1plus), or gfortran's "FILE:LINE:COL:" line, the source lines, then
# "Warning: MESSAGE [parcoach:KIND]".  "cc1:", "f951:" ... stand for no location.
PARCOACH_DIAGNOSTIC_RE = re.compile(
    r'^(?:(?P<where>.*?):(?:(?P<line>\d+):(?:(?P<column>\d+):)?)?)?\s*'
    r'(?P<severity>[Ww]arning|[Ee]rror|[Nn]ote):\s*(?P<message>.*)\[parcoach:(?P<kind>[a-z0-9-]+)\]\s*$')
FORTRAN_LOCATION_RE = re.compile(r'^(?P<where>[^\s:]+):(?:(?P<line>\d+):(?:(?P<column>\d+):)?)?$')


def parcoach_diagnostics(output):
    """[(where, kind, message)] of the PARCOACH warnings (and errors) in a compiler output;
    where is FILE:LINE:COLUMN, FILE:0:0 when the diagnostic has no location."""
    found = []
    fortran_location = None
    for line in output.split('\n'):
        line = line.rstrip()
        located = FORTRAN_LOCATION_RE.match(line)
        if located:
            fortran_location = located
            continue
        m = PARCOACH_DIAGNOSTIC_RE.match(line.strip())
        if not m:
            continue
        origin = m if m.group('where') else fortran_location
        fortran_location = None
        if m.group('severity').lower() == 'note':
            continue
        where = '%s:%s:%s' % (os.path.basename(origin.group('where')) if origin else '?',
                              (origin and origin.group('line')) or '0',
                              (origin and origin.group('column')) or '0')
        found.append((where, m.group('kind'), m.group('message').strip()))
    return found


def configured(name, default):
    try:
        with open(os.path.join(REPO, 'config.mk')) as config_mk:
            for line in config_mk:
                m = re.match(r'%s\s*=\s*(.*)$' % name, line.strip())
                if m and m.group(1):
                    return m.group(1)
    except OSError:
        pass
    return default


def find_tarball():
    major = configured('GCC_MAJOR', '12')
    found = sorted(glob.glob('/usr/src/gcc-%s/gcc-*.tar.*' % major))
    found = [t for t in found if os.path.basename(t).startswith('gcc-%s' % major)]
    if found:
        return found[0]
    if os.geteuid() == 0 and shutil.which('apt-get'):
        print('gomp_testsuite: installing gcc-%s-source (apt-get)' % major)
        subprocess.run(['apt-get', 'install', '-y', 'gcc-%s-source' % major],
                       stdin=subprocess.DEVNULL, check=False)
        found = sorted(glob.glob('/usr/src/gcc-%s/gcc-%s*.tar.*' % (major, major)))
        if found:
            return found[0]
    sys.exit('gomp_testsuite: no GCC source tarball under /usr/src/gcc-%s/ '
             '(Debian package gcc-%s-source)' % (major, major))


def unpack(workdir):
    """Unpacks the test directories once; returns the source root."""
    stamp = os.path.join(workdir, '.unpacked')
    if os.path.exists(stamp):
        with open(stamp) as f:
            return f.read().strip()
    tarball = find_tarball()
    os.makedirs(workdir, exist_ok=True)
    top = subprocess.run('tar -tf %s | head -1' % shlex.quote(tarball), shell=True,
                         stdout=subprocess.PIPE, check=True).stdout.decode().strip().split('/')[0]
    members = ['%s/%s' % (top, d) for d, _, _ in SUITES]
    print('gomp_testsuite: unpacking the OpenMP tests of %s into %s' % (tarball, workdir))
    sys.stdout.flush()
    subprocess.run(['tar', '-xf', tarball, '-C', workdir] + members, check=True)
    root = os.path.join(workdir, top)
    with open(stamp, 'w') as f:
        f.write(root + '\n')
    return root


class Test:
    """One (file, language) pair."""

    def __init__(self, path, language, run_suite):
        self.path = path
        self.language = language
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        self.options = []
        for m in DG_OPTIONS_ANY_RE.finditer(text):
            if m.group(1).startswith('"') and 'target' not in m.group(2):
                self.options.extend(shlex.split(m.group(1)[1:-1]))
        do = DG_DO_RE.search(text)
        self.action = do.group(1) if do else ('run' if run_suite else 'compile')
        if not run_suite and self.action == 'run':
            self.action = 'compile'    # gcc.dg tests run only in the libgomp suite
        self.sources = []
        for m in DG_SOURCES_RE.finditer(text):
            self.sources.extend(os.path.join(os.path.dirname(path), s) for s in m.group(1).split())


def collect(root, every):
    tests = []
    for directory, languages, run_suite in SUITES:
        for language in languages:
            files = []
            for ext in EXTENSIONS[language]:
                files.extend(glob.glob(os.path.join(root, directory, '*' + ext)))
            # c-c++-common: .c files for both languages; g++.dg: not .c
            if directory.endswith('g++.dg/gomp') or directory.endswith('libgomp.c++'):
                files = [f for f in files if not f.endswith('.c')]
            for path in sorted(set(files)):
                tests.append(Test(path, language, run_suite))
    tests.sort(key=lambda t: (t.path, t.language))
    return tests[::every] if every > 1 else tests


def run(argv, cwd, timeout, env=None):
    """(exit status or None on timeout, output)."""
    try:
        proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, timeout=timeout, env=env)
        return proc.returncode, proc.stdout.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired as expired:
        return None, (expired.output or b'').decode('utf-8', 'replace')


class Runner:
    def __init__(self, args, root):
        self.args = args
        self.root = root
        self.compilers = {
            'c': shlex.split(os.environ.get('CC', configured('CC', 'gcc'))),
            'c++': shlex.split(os.environ.get('CXX', configured('CXX', 'g++'))),
            'fortran': shlex.split(os.environ.get('FC', configured('FC', 'gfortran'))),
        }
        config = os.environ.get('PARCOACH_CONFIG', os.path.join(REPO, 'build', 'parcoach-config'))
        self.cflags = shlex.split(subprocess.run([config, '--cflags'], stdout=subprocess.PIPE,
                                                 check=True).stdout.decode())
        self.libs = shlex.split(subprocess.run([config, '--libs'], stdout=subprocess.PIPE,
                                               check=True).stdout.decode())
        self.lock = threading.Lock()
        self.counts = dict(files=0, compiles=0, skipped_plain=0, same=0, differences=0, ices=0,
                           runs=0, run_skipped_plain=0, run_passed=0, run_failed=0,
                           warned_files=0, warnings=0)
        self.problems = []
        self.warned = []     # (file and level, output): PARCOACH warnings, not failures
        self.diagnostics = []    # (test name, level, where, kind, message)

    def count(self, key, n=1):
        with self.lock:
            self.counts[key] += n

    def problem(self, text, output=''):
        with self.lock:
            self.problems.append((text, output))
            print(text)
            if self.args.verbose and output:
                for line in output.rstrip().split('\n')[-30:]:
                    print('    | ' + line)
            sys.stdout.flush()

    def build(self, test, level, plugin, link, workdir):
        argv = list(self.compilers[test.language])
        if test.language == 'c++' and test.path.endswith('.c'):
            argv += ['-x', 'c++']
        argv += ['-fopenmp', '-O%s' % level] + test.options
        if plugin:
            argv += self.cflags
        argv += [test.path] + test.sources
        if link:
            argv += ['-o', os.path.join(workdir, 'a.out'), '-lm']
            if plugin:
                argv += self.libs
        else:
            argv += ['-c']     # objects in workdir (-o only for one source)
            if not test.sources:
                argv += ['-o', os.path.join(workdir, 'a.o')]
        return run(argv, workdir, COMPILE_TIMEOUT)

    def name(self, test):
        return '%s [%s]' % (os.path.relpath(test.path, self.root), test.language)

    def process(self, test):
        if test.action in ('preprocess',):
            return
        self.count('files')
        run_levels = self.args.run_levels.split(',') if test.action == 'run' else []
        for level in self.args.levels.split(','):
            link = level in run_levels
            dirs = [tempfile.mkdtemp(prefix='gomp-', dir=self.args.tmpdir) for _ in range(2)]
            try:
                if self.args.warnings_only:
                    link = False
                else:
                    plain_code, _ = self.build(test, level, False, link, dirs[0])
                    if plain_code != 0:
                        self.count('skipped_plain')
                        continue
                code, out = self.build(test, level, True, link, dirs[1])
                if self.args.warnings_only and code != 0 and not any(m in out for m in ICE_MARKERS):
                    self.count('skipped_plain')    # not compared: most likely fails plain too
                    continue
                self.count('compiles')
                what = '%s -O%s%s' % (self.name(test), level, ' (link)' if link else '')
                if '[parcoach:' in out:
                    self.count('warned_files')
                    found = parcoach_diagnostics(out)
                    with self.lock:
                        self.warned.append((what, out))
                        self.counts['warnings'] += len(found)
                        self.diagnostics.extend((self.name(test), level) + d for d in found)
                if any(m in out for m in ICE_MARKERS) or code is None or (code or 0) < 0:
                    self.count('ices')
                    self.problem('ICE %s: %s' % (what, 'timed out' if code is None else 'exit %s' % code),
                                 out)
                    continue
                if code != 0:
                    self.count('differences')
                    self.problem('DIFF %s: plain compile exit 0, with the plugin exit %d' % (what, code),
                                 out)
                    continue
                self.count('same')
                if link:
                    self.check_run(test, level, dirs)
            finally:
                for d in dirs:
                    shutil.rmtree(d, ignore_errors=True)

    def check_run(self, test, level, dirs):
        env = dict(os.environ)
        env.setdefault('OMP_NUM_THREADS', str(self.args.threads))
        plain_code, _ = run([os.path.join(dirs[0], 'a.out')], dirs[0], self.args.timeout, env)
        if plain_code != 0:
            self.count('run_skipped_plain')
            return
        self.count('runs')
        code, out = run([os.path.join(dirs[1], 'a.out')], dirs[1], self.args.timeout, env)
        if code == 0:
            self.count('run_passed')
        else:
            self.count('run_failed')
            self.problem('RUN %s -O%s: plain run exit 0, instrumented %s'
                         % (self.name(test), level,
                            'timed out after %ds' % self.args.timeout if code is None
                            else 'exit %d' % code), out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--every', type=int, default=int(os.environ.get('EVERY', '1') or 1),
                        help='only every Nth test file (a sample; default 1: all)')
    parser.add_argument('--levels', default='0,2', help='optimisation levels (default 0,2)')
    parser.add_argument('--run-levels', default='2',
                        help='levels at which libgomp run tests are linked and run (default 2)')
    parser.add_argument('-j', '--jobs', type=int, default=2, help='files in parallel (default 2)')
    parser.add_argument('--timeout', type=float, default=120,
                        help='seconds per run of a libgomp test (default 120)')
    parser.add_argument('--threads', type=int, default=4,
                        help='OMP_NUM_THREADS of the runs, unless set (default 4)')
    parser.add_argument('-k', dest='pattern', default='',
                        help='only files whose path contains PATTERN')
    parser.add_argument('--warnings-only', action='store_true',
                        help='compile with the plugin only (no plain compile, no run): a quick '
                             'survey of the PARCOACH warnings (warnings.tsv)')
    parser.add_argument('-v', '--verbose', action='store_true', help='show the output of problems')
    args = parser.parse_args()

    build_dir = os.environ.get('BUILD_DIR', os.path.join(REPO, 'build'))
    workdir = os.path.join(build_dir, 'gomp-testsuite')
    root = unpack(workdir)
    args.tmpdir = os.path.join(workdir, 'tmp')
    os.makedirs(args.tmpdir, exist_ok=True)
    tests = [t for t in collect(root, max(1, args.every)) if args.pattern in t.path]
    runner = Runner(args, root)
    print('gomp_testsuite: %d test files (every %d), levels -O%s, runs at -O%s, %d jobs'
          % (len(tests), args.every, args.levels.replace(',', ' -O'),
             args.run_levels.replace(',', ' -O'), args.jobs))
    sys.stdout.flush()
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for future in [pool.submit(runner.process, t) for t in tests]:
            future.result()
    c = runner.counts
    seconds = time.time() - start
    summary = [
        'gomp_testsuite: %d files, %d compiles with the plugin (%d skipped: fail plain), '
        '%d same result, %d differences, %d ICEs; compiles with PARCOACH warnings: %d '
        '(%d warnings, listed in warnings.tsv)'
        % (c['files'], c['compiles'], c['skipped_plain'], c['same'], c['differences'], c['ices'],
           c['warned_files'], c['warnings']),
        'gomp_testsuite: %d libgomp runs (%d skipped: fail plain), %d passed, %d failed instrumented'
        % (c['runs'], c['run_skipped_plain'], c['run_passed'], c['run_failed']),
        'gomp_testsuite: %.0f s' % seconds,
    ]
    with open(os.path.join(workdir, 'report.txt'), 'w') as report:
        report.write('\n'.join(summary) + '\n')
        for text, output in runner.problems:
            report.write(text + '\n')
            for line in output.rstrip().split('\n')[-40:]:
                report.write('    | ' + line + '\n')
        report.write('\nFiles with PARCOACH warnings (valid OpenMP: read them, they are not '
                     'counted as failures):\n')
        for what, output in sorted(runner.warned):
            report.write('WARNED %s\n' % what)
            for line in output.rstrip().split('\n'):
                if '[parcoach:' in line:
                    report.write('    | ' + line + '\n')
    with open(os.path.join(workdir, 'warnings.tsv'), 'w') as tsv:
        tsv.write('test\tlevel\twhere\tkind\tmessage\n')
        for row in sorted(runner.diagnostics):
            tsv.write('\t'.join(str(field) for field in row) + '\n')
    print('\n'.join(summary))
    shutil.rmtree(args.tmpdir, ignore_errors=True)
    failed = c['differences'] + c['ices'] + c['run_failed']
    print('%d passed, %d failed' % (c['same'] + c['run_passed'], failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
