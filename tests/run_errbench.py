#!/usr/bin/env python3
"""Run the PARCOACH error benchmark suite (errbench/).

Every program of errbench/ states what PARCOACH must do with it in its
header comment, one expectation per line, behind any comment prefix
(`*', `//', `!'):

  expect-warning: LINE KIND     the exact set of [parcoach:KIND] warnings
  expect-conditional: LINE      the exact set of lines that get a note
                                or a path event starting with "processes
                                may " (MPI) or "threads may " (OpenMP)
  expect-run: NP ok|stop|fail [threads=T] [repeat=R] [VAR=VALUE ...]
                                run with NP processes (and OMP_NUM_THREADS=T),
                                R times (default 1: interleavings differ
                                from run to run); ok = exit 0 and no
                                "PARCOACH:" in the output, stop = non-zero
                                exit and "PARCOACH: rank" (MPI) or
                                "PARCOACH: thread" (OpenMP) in the output,
                                before the timeout (exit 86 under MPICH);
                                fail = non-zero exit and no "PARCOACH:" (the
                                program's own check failed), before the
                                timeout; upper-case VAR=VALUE words are set
                                in the run's environment (PARCOACH_NASTY=1)
  expect-stop-message: TEXT     every `stop' run must also print TEXT (the
                                argument a check names, say)
  mpi: openmpi                  built and run with Open MPI (its wrappers,
                                its launcher and the Open MPI build of
                                PARCOACH, build/openmpi next to the
                                configured one, or PARCOACH_OPENMPI_CONFIG),
                                with OMPI_MCA_osc=^rdma unless set: RMA
                                programs (MPICH here does not deliver
                                them); SKIP when that build is missing
  plugin-args: ARG=VALUE ...    extra -fplugin-arg-parcoach-ARG=VALUE
  expect-run-args: ARG=VALUE ...
                                one more build with these plugin arguments
                                added (e.g. instrument=all): the same
                                warnings expected, every expect-run run
                                again on it; may be repeated
  known-failure: TEXT           a known bug (e.g. "issue 14: ...") makes
                                this program fail today: its failed checks
                                are reported XFAIL and do not fail the
                                suite; if every check passes, an XPASS line
                                says the header line can go
  runs-require-mpi: MPICH       the runs only with a build for that MPI
                                (`parcoach-config --mpi': MPICH, Open MPI);
                                with another, each expect-run is a SKIP line
                                (the compile checks still run)
  requires-gcc: N               skipped (one SKIP line) when built with a GCC
                                older than N (e.g. `#pragma omp masked',
                                which GCC 11 ignores)
  requires-mpi-version: N       skipped (one SKIP line) when the MPI's
                                MPI_VERSION is below N (MPI 4 routines:
                                MPI_Isendrecv, MPI_Allreduce_init, which
                                Open MPI 4.1 lacks)
  compile-flags: FLAGS          extra compiler and linker flags (-fopenmp)
  link-flags: FLAGS             libraries, linked after the program (-lm)
  handle-spelling: TEXT         why the MPI's spelling of its handles
                                matters to this program (Open MPI's
                                pointers, MPICH's integers): a sample
                                (--every) always takes it
  description: TEXT             what the program shows

For each program the script compiles it with the plugin at -O0 (flags from
`parcoach-config --cflags', and -fdiagnostics-path-format=separate-events so
that the events of each warning's path are notes "(N) ..."), compares the diagnostics with the header,
checks that every warned call got a "run-time check inserted" note, or one
saying why it has none (unless instrument=none), links it (`parcoach-config --libs'), runs every
expect-run, does the same for every expect-run-args build, and compiles it
again at -O2 to check that the diagnostics do not depend on the
optimisation level.  A run that hangs is not repeated, and the later runs
of the same build are skipped.  One line per check, then a summary; the
exit status is 1 if any check failed (XFAIL and XPASS lines do not count).

Environment: MPICC, MPICXX, MPIF90, MPIEXEC (default: the
tools configure chose, from config.mk, so that a runtime built for MPICH
is never run under Open MPI's mpiexec; else mpicc, mpicxx, mpif90,
mpiexec), PARCOACH_CONFIG (default build/parcoach-config, relative
to the repository), ERRBENCH_TIMEOUT (seconds per run, default 60), ERRBENCH_RUNS=first (only the
first expect-run line of each program), ERRBENCH_EVERY=N (the default of
--every).
Standard library only.
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ERRBENCH = os.path.join(REPO, 'errbench')

LANGUAGES = {
    '.c': ('MPICC', 'mpicc'),
    '.cpp': ('MPICXX', 'mpicxx'),
    '.cc': ('MPICXX', 'mpicxx'),
    '.cxx': ('MPICXX', 'mpicxx'),
    '.f90': ('MPIF90', 'mpif90'),
}

COMPILE_TIMEOUT = 300

HEADER_RE = re.compile(
    r'^\s*(?:/\*+|\*+|//+|!+|#)?\s*'
    r'(expect-warning|expect-conditional|expect-run-args|expect-run|expect-stop-message|'
    r'plugin-args|compile-flags|'
    r'link-flags|known-failure|requires-gcc|requires-mpi-version|runs-require-mpi|mpi|handle-spelling|'
    r'description)'
    r'\s*:\s*(.*?)\s*(?:\*/)?\s*$')

# file:line:col: kind: message  (the column is optional)
DIAG_RE = re.compile(r'^(?P<file>.+?):(?P<line>\d+):(?:(?P<col>\d+):)?\s*'
                     r'(?P<kind>warning|note|error|fatal error|internal compiler error)'
                     r':\s*(?P<msg>.*)$', re.IGNORECASE)
# gfortran puts the location on a line of its own, then the source line and
# the caret, then "Warning: message" (or "note:", "Error:").
FORTRAN_LOCATION_RE = re.compile(r'^(?P<file>.+?):(?P<line>\d+):(?:(?P<col>\d+):)?\s*$')
FORTRAN_MESSAGE_RE = re.compile(r'^(?P<kind>warning|note|error|fatal error|internal compiler error)'
                                r':\s*(?P<msg>.*)$', re.IGNORECASE)
PARCOACH_KIND_RE = re.compile(r'\[parcoach:([A-Za-z0-9_-]+)\]')
CONDITIONAL_LINES_RE = re.compile(r'because of the conditionals? at lines? ([0-9, ]+)')
# The event number of a path event printed as a note (separate-events).
PATH_EVENT_RE = re.compile(r'^\(\d+\) ')
PATH_FORMAT_FLAGS = ['-fdiagnostics-path-format=separate-events']

CRASH_MARKERS = ('internal compiler error', 'Segmentation fault',
                 'Please submit a full bug report', 'cannot load plugin')


# The exit status of every PARCOACH stop (rtlib/parcoach_rt.h).
PARCOACH_EXIT_STATUS = 86


def is_older(build, reference):
    """Whether the plugin of `build' was built before the one of `reference'
    (a stale second build would test yesterday's code)."""
    try:
        return (os.path.getmtime(os.path.join(build, 'parcoach-pass.so')) <
                os.path.getmtime(os.path.join(reference, 'parcoach-pass.so')))
    except OSError:
        return False


def launcher_is_openmpi(mpiexec):
    """Whether the launcher is not MPICH's (hydra), whose exit status is the
    one MPI_Abort was given."""
    launcher = os.path.realpath(shutil.which(mpiexec[0]) or mpiexec[0])
    return not re.search(r'hydra|mpich', launcher)

class HeaderError(Exception):
    pass


class Program:
    """One errbench program and its expectations."""

    def __init__(self, path):
        self.path = path
        self.rel = os.path.relpath(path, ERRBENCH)
        self.name = os.path.splitext(self.rel)[0]
        self.ext = os.path.splitext(path)[1].lower()
        self.warnings = set()       # {(line, kind)}
        self.conditionals = set()   # {line}
        self.runs = []              # [(np, 'ok'|'stop'|'fail', OMP threads or None, repeat, env)]
        self.mpi = ''               # 'openmpi': needs Open MPI
        self.handle_spelling = ''   # why the MPI's handle spelling matters
        self.plugin_args = []       # ['instrument=all']
        self.extra_builds = []      # [['instrument=all']]: expect-run-args lines
        self.stop_messages = []     # text every `stop' run must print
        self.known_failure = ''     # why the program fails today (a known bug)
        self.requires_gcc = 0       # oldest GCC major version that builds it right
        self.runs_require_mpi = ''  # 'MPICH': run only with a build for that MPI
        self.requires_mpi_version = 0  # oldest MPI_VERSION that has its routines
        self.compile_flags = []     # ['-fopenmp']
        self.link_flags = []        # ['-lm']
        self.description = ''
        self.errors = []
        self._parse()

    def _parse(self):
        with open(self.path, encoding='utf-8', errors='replace') as f:
            lines = f.read().split('\n')
        for number, text in enumerate(lines, 1):
            m = HEADER_RE.match(text)
            if not m:
                continue
            key, value = m.group(1), m.group(2).strip()
            where = '%s:%d' % (self.rel, number)
            if key == 'expect-warning':
                parts = value.split()
                if len(parts) != 2 or not parts[0].isdigit():
                    self.errors.append('%s: expected "expect-warning: LINE KIND"' % where)
                    continue
                self.warnings.add((int(parts[0]), parts[1]))
            elif key == 'expect-conditional':
                for item in value.replace(',', ' ').split():
                    if not item.isdigit():
                        self.errors.append('%s: expected "expect-conditional: LINE"' % where)
                        break
                    self.conditionals.add(int(item))
            elif key == 'expect-run':
                parts = value.split()
                options = {}
                env = {}
                while len(parts) > 2 and re.fullmatch(r'[A-Z][A-Z0-9_]*=\S*', parts[-1]):
                    name, setting = parts.pop().split('=', 1)
                    env[name] = setting
                while len(parts) > 2 and re.fullmatch(r'(threads|repeat)=[1-9][0-9]*', parts[-1]):
                    name, count = parts.pop().split('=')
                    options[name] = int(count)
                if (len(parts) != 2 or not parts[0].isdigit()
                        or parts[1] not in ('ok', 'stop', 'fail')):
                    self.errors.append('%s: expected "expect-run: NP ok|stop|fail [threads=T] '
                                       '[repeat=R] [VAR=VALUE ...]"' % where)
                    continue
                self.runs.append((int(parts[0]), parts[1], options.get('threads'),
                                  options.get('repeat', 1), env))
            elif key == 'expect-stop-message':
                if not value:
                    self.errors.append('%s: expected "expect-stop-message: TEXT"' % where)
                    continue
                self.stop_messages.append(value)
            elif key == 'plugin-args':
                self.plugin_args.extend(value.split())
            elif key == 'expect-run-args':
                if not value:
                    self.errors.append('%s: expected "expect-run-args: ARG=VALUE ..."' % where)
                    continue
                self.extra_builds.append(value.split())
            elif key == 'known-failure':
                self.known_failure = value or 'known bug'
            elif key == 'requires-gcc':
                if not value.isdigit():
                    self.errors.append('%s: expected "requires-gcc: MAJOR"' % where)
                    continue
                self.requires_gcc = int(value)
            elif key == 'requires-mpi-version':
                if not value.isdigit():
                    self.errors.append('%s: expected "requires-mpi-version: MAJOR"' % where)
                    continue
                self.requires_mpi_version = int(value)
            elif key == 'runs-require-mpi':
                self.runs_require_mpi = value
            elif key == 'compile-flags':
                self.compile_flags.extend(shlex.split(value))
            elif key == 'link-flags':
                self.link_flags.extend(shlex.split(value))
            elif key == 'mpi':
                if value != 'openmpi':
                    self.errors.append('%s: expected "mpi: openmpi"' % where)
                    continue
                self.mpi = value
            elif key == 'handle-spelling':
                self.handle_spelling = value
            elif key == 'description':
                self.description = value
        if not self.description:
            self.errors.append('%s: no "description:" line' % self.rel)
        for line, _ in self.warnings:
            if not 1 <= line <= len(lines):
                self.errors.append('%s: expect-warning line %d is outside the file' % (self.rel, line))
        for line in self.conditionals:
            if not 1 <= line <= len(lines):
                self.errors.append('%s: expect-conditional line %d is outside the file'
                                   % (self.rel, line))

    def instrument_mode(self):
        mode = 'selective'
        for arg in self.plugin_args:
            if arg.startswith('instrument='):
                mode = arg.split('=', 1)[1]
        return mode

    def plugin_flags(self, extra=()):
        return ['-fplugin-arg-parcoach-' + arg for arg in self.plugin_args + list(extra)]


class Reporter:
    """Collects PASS/FAIL lines, printed one program at a time.  For a
    program with a known-failure header, FAIL lines become XFAIL (not
    counted as failures) and a program without any becomes one XPASS line."""

    def __init__(self, verbose):
        self.verbose = verbose
        self.lock = threading.Lock()
        self.passed = 0
        self.failed = []
        self.xfailed = {}    # program name -> [failed checks]
        self.xpassed = []    # programs with a known-failure header that passed

    def emit(self, lines, program=None):
        known = program.known_failure if program else ''
        if known:
            failures = ['%s (%s)' % (check, detail) if detail else check
                        for status, check, _, detail, _ in lines if status == 'FAIL']
            lines = [('XFAIL' if status == 'FAIL' else status,) + tuple(rest)
                     for status, *rest in lines]
            if failures:
                lines.append(('XFAIL', 'known-failure', program.name, known, ''))
            else:
                lines.append(('XPASS', 'known-failure', program.name,
                              'every check passed: remove the known-failure line (%s)' % known, ''))
        with self.lock:
            if known and failures:
                self.xfailed[program.name] = failures
            elif known:
                self.xpassed.append(program.name)
            for status, check, name, detail, extra in lines:
                text = '%s %s %s' % (status, check, name)
                if detail:
                    text += ' (%s)' % detail
                print(text)
                if extra and (status in ('FAIL', 'XFAIL') or self.verbose):
                    shown = extra.rstrip('\n').split('\n')
                    if status == 'XFAIL' and not self.verbose and len(shown) > 40:
                        shown = shown[:40] + ['... (%d more lines; -v shows all)' % (len(shown) - 40)]
                    for line in shown:
                        print('    | ' + line)
                if status == 'PASS':
                    self.passed += 1
                elif status == 'FAIL':
                    self.failed.append('%s %s' % (check, name))
            sys.stdout.flush()


def find_programs(patterns):
    programs = []
    for root, dirs, files in os.walk(ERRBENCH):
        # A directory with a Makefile is one multi-file program
        # (errbench/multifile, tests/multifile/run.py), not single files.
        dirs[:] = sorted(d for d in dirs if not os.path.exists(os.path.join(root, d, 'Makefile')))
        for name in sorted(files):
            if os.path.splitext(name)[1].lower() in LANGUAGES:
                programs.append(os.path.join(root, name))
    programs.sort(key=lambda p: os.path.relpath(p, ERRBENCH))
    if patterns:
        def selected(path):
            rel = os.path.relpath(path, ERRBENCH)
            for pattern in patterns:
                if any(ch in pattern for ch in '*?['):
                    if fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(os.path.basename(rel), pattern):
                        return True
                elif pattern in rel:
                    return True
            return False
        programs = [p for p in programs if selected(p)]
    return [Program(p) for p in programs]


def same_file(reported, source, cwd):
    path = reported if os.path.isabs(reported) else os.path.join(cwd, reported)
    try:
        return os.path.samefile(path, source)
    except OSError:
        return os.path.basename(reported) == os.path.basename(source)


def parse_diagnostics(stderr, source, cwd):
    """Returns (warnings {(line, kind)}, conditional note lines, instrumented
    note lines, {warning line: lines named in its text})."""
    warnings, conditionals, instrumented = set(), set(), set()
    named = {}
    diagnostics = []   # (file, line, kind, message)
    pending = None     # a gfortran location waiting for its message
    for text in stderr.split('\n'):
        m = DIAG_RE.match(text)
        if m:
            diagnostics.append((m.group('file'), int(m.group('line')),
                                m.group('kind').lower(), m.group('msg')))
            pending = None
            continue
        m = FORTRAN_LOCATION_RE.match(text)
        if m:
            pending = (m.group('file'), int(m.group('line')))
            continue
        m = FORTRAN_MESSAGE_RE.match(text)
        if m and pending:
            diagnostics.append((pending[0], pending[1], m.group('kind').lower(), m.group('msg')))
            pending = None
    for path, line, kind, msg in diagnostics:
        if not same_file(path, source, cwd):
            # A PARCOACH warning in another file (a header of the MPI
            # library, say) is never expected.
            k = PARCOACH_KIND_RE.search(msg) if kind == 'warning' else None
            if k:
                warnings.add((line, '%s in %s' % (k.group(1), os.path.basename(path))))
            continue
        if kind == 'warning':
            k = PARCOACH_KIND_RE.search(msg)
            if k:
                warnings.add((line, k.group(1)))
                c = CONDITIONAL_LINES_RE.search(msg)
                lines = set()
                if c:
                    lines = {int(x) for x in c.group(1).replace(',', ' ').split()}
                # Thread-level warnings blame directives, not conditionals;
                # Thread-level warnings blame directives, not conditionals;
                # request and RMA warnings hold on every path (they name the
                # creation or the opener): they blame none.
                if k.group(1) not in ('thread-level', 'concurrent-collectives',
                                      'collective-arguments', 'request', 'rma'):
                    named.setdefault(line, set()).update(lines)
        elif kind == 'note':
            msg = PATH_EVENT_RE.sub('', msg)
            if msg.startswith('processes may ') or msg.startswith('threads may '):
                conditionals.add(line)
            elif (msg.startswith('run-time check inserted') or
                  msg.startswith('no run-time check before this call')):
                # The latter says why a warned call has none (a nonblocking
                # collective of a function that polls).
                instrumented.add(line)
    return warnings, conditionals, instrumented, named


def format_warnings(items):
    return ', '.join('%d %s' % item for item in sorted(items)) or 'none'


def format_lines(items):
    return ', '.join(str(x) for x in sorted(items)) or 'none'


def compare_sets(expected, actual, fmt):
    missing, unexpected = expected - actual, actual - expected
    parts = []
    if missing:
        parts.append('missing: ' + fmt(missing))
    if unexpected:
        parts.append('unexpected: ' + fmt(unexpected))
    return '; '.join(parts)


def run_command(argv, cwd, timeout, env=None):
    """Runs argv in its own session; on timeout, stops it and every process
    it started.  Returns (returncode or None on timeout, output, seconds)."""
    start = time.time()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out.decode('utf-8', 'replace'), time.time() - start
    except subprocess.TimeoutExpired:
        stop_process_tree(proc)
        try:
            out, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            out = b''
        return None, (out or b'').decode('utf-8', 'replace'), time.time() - start


def descendants(pid):
    """Pids of every process descending from pid (read from /proc)."""
    children = {}
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % entry) as f:
                stat = f.read()
            ppid = int(stat[stat.rindex(')') + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def stop_process_tree(proc):
    # MPI processes are often put in process groups of their own by the
    # launcher's proxy: remember them before the launcher goes away.
    tree = descendants(proc.pid) if os.path.isdir('/proc') else []
    for sig, grace in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 2.0)):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        for pid in tree:
            try:
                os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
        deadline = time.time() + grace
        while time.time() < deadline and proc.poll() is None:
            time.sleep(0.1)
        if proc.poll() is not None and sig == signal.SIGTERM:
            # give the launcher's children a moment, then make sure
            time.sleep(0.5)


def configured_tools(directory=REPO):
    """The MPI tools configure wrote into directory/config.mk ({} before
    configure)."""
    tools = {}
    try:
        with open(os.path.join(directory, 'config.mk')) as config_mk:
            for line in config_mk:
                match = re.match(r'(MPICC|MPICXX|MPIF90|MPIEXEC|MPIEXEC_FLAGS)\s*=\s*(.*)$',
                                 line.strip())
                if match:
                    tools[match.group(1)] = match.group(2)
    except OSError:
        pass
    return tools


Tools = collections.namedtuple('Tools', 'compilers mpiexec cflags libs env')


def config_mpi(config):
    """What `parcoach-config --mpi' says (MPICH, Open MPI), '' if nothing."""
    try:
        out = subprocess.run([config, '--mpi'], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return ''
    return out.stdout.decode().strip() if out.returncode == 0 else ''


class Suite:
    def __init__(self, args):
        self.args = args
        self.reporter = Reporter(args.verbose)
        self.compilers = {}
        configured = configured_tools()
        for ext, (var, default) in LANGUAGES.items():
            self.compilers[ext] = shlex.split(os.environ.get(var, configured.get(var, default)))
        if 'MPIEXEC' in os.environ:
            self.mpiexec = shlex.split(os.environ['MPIEXEC'])
        else:
            self.mpiexec = shlex.split(configured.get('MPIEXEC', 'mpiexec') + ' ' +
                                       configured.get('MPIEXEC_FLAGS', ''))
        self.timeout = float(os.environ.get('ERRBENCH_TIMEOUT', args.timeout))
        config = os.environ.get('PARCOACH_CONFIG', os.path.join('build', 'parcoach-config'))
        if not os.path.isabs(config) and not os.path.exists(config):
            config = os.path.join(REPO, config)
        self.config = config
        self.cflags, self.libs = self._config()
        self.gcc_majors = {}    # compiler -> major version of the GCC it runs
        self.default_tools = Tools(self.compilers, self.mpiexec, self.cflags, self.libs, {})
        self.openmpi = None     # Tools for `mpi: openmpi' programs, or a reason to skip
        self.openmpi_lock = threading.Lock()

    def _config(self, config=None):
        flags = []
        for option in ('--cflags', '--libs'):
            try:
                out = subprocess.run([config or self.config, option], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, check=True, timeout=60)
            except (OSError, subprocess.SubprocessError) as error:
                sys.exit('run_errbench: cannot run %s %s: %s' % (config or self.config, option,
                                                                 error))
            flags.append(shlex.split(out.stdout.decode()))
        return flags

    def mpi_flavour(self):
        """What `parcoach-config --mpi' says of the configured build, once."""
        if not hasattr(self, '_mpi_flavour'):
            self._mpi_flavour = config_mpi(self.config)
        return self._mpi_flavour

    def tools_for(self, program):
        return self.openmpi if program.mpi == 'openmpi' else self.default_tools

    def openmpi_tools(self):
        """Tools for `mpi: openmpi' programs: the configured ones if they
        are Open MPI's, else the Open MPI build next to them; a string
        (why not) when there is none."""
        with self.openmpi_lock:
            if self.openmpi is not None:
                return self.openmpi
            env = {'OMPI_MCA_osc': '^rdma', 'OMPI_ALLOW_RUN_AS_ROOT': '1',
                   'OMPI_ALLOW_RUN_AS_ROOT_CONFIRM': '1',
                   'OMPI_MCA_btl_vader_single_copy_mechanism': 'none'}
            if config_mpi(self.config) == 'Open MPI':
                self.openmpi = self.default_tools._replace(env=env)
                return self.openmpi
            config = os.environ.get('PARCOACH_OPENMPI_CONFIG',
                                    os.path.join(os.path.dirname(self.config), 'openmpi',
                                                 'parcoach-config'))
            if config_mpi(config) != 'Open MPI':
                self.openmpi = ('no Open MPI build of PARCOACH at %s (make BUILD=build/openmpi '
                                "CONFIGURE_FLAGS='MPICC=mpicc.openmpi')" % config)
                return self.openmpi
            if is_older(os.path.dirname(config), os.path.dirname(self.config)):
                self.openmpi = ('the Open MPI build of PARCOACH at %s is older than %s (make '
                                'BUILD=build/openmpi; make check rebuilds it in '
                                'tests/openmpi/run.sh)' % (os.path.dirname(config),
                                                           os.path.dirname(self.config)))
                return self.openmpi
            tools = configured_tools(os.path.dirname(config))
            defaults = {'MPICC': 'mpicc.openmpi', 'MPICXX': 'mpicxx.openmpi',
                        'MPIF90': 'mpif90.openmpi'}
            compilers = {ext: shlex.split(tools.get(var) or defaults[var])
                         for ext, (var, _) in LANGUAGES.items()}
            launcher = tools.get('MPIEXEC') or 'mpiexec.openmpi'
            flags = tools.get('MPIEXEC_FLAGS', '--oversubscribe')
            mpiexec = shlex.split(launcher if flags in launcher else launcher + ' ' + flags)
            cflags, libs = self._config(config)
            self.openmpi = Tools(compilers, mpiexec, cflags, libs, env)
            return self.openmpi

    def mpi_version(self):
        """MPI_VERSION of the configured C compiler's mpi.h, once (0:
        unknown, then nothing is skipped)."""
        with self.openmpi_lock:
            if not hasattr(self, '_mpi_version'):
                self._mpi_version = 0
                try:
                    out = subprocess.run(self.compilers['.c'] + ['-E', '-dM', '-x', 'c', '-'],
                                         input=b'#include <mpi.h>\n', stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, timeout=120).stdout.decode()
                    m = re.search(r'^#define MPI_VERSION (\d+)', out, re.M)
                    self._mpi_version = int(m.group(1)) if m else 0
                except (OSError, subprocess.SubprocessError):
                    pass
            return self._mpi_version

    def gcc_major(self, program):
        """GCC_MAJOR of the build (make check's environment), else what
        the program's compiler says."""
        if os.environ.get('GCC_MAJOR', '').isdigit():
            return int(os.environ['GCC_MAJOR'])
        compiler = tuple(self.compilers[program.ext])
        if compiler not in self.gcc_majors:
            try:
                out = subprocess.run(list(compiler) + ['-dumpversion'], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, timeout=60).stdout.decode()
                self.gcc_majors[compiler] = int(out.strip().split('.')[0])
            except (OSError, ValueError, subprocess.SubprocessError):
                self.gcc_majors[compiler] = 0    # unknown: build it
        return self.gcc_majors[compiler]

    def compile(self, program, workdir, level, lines, extra=(), suffix=''):
        """Compiles program at -O<level> (with the extra plugin arguments
        of an expect-run-args build); returns (object path, stderr) or
        (None, stderr) and records the compile check."""
        tools = self.tools_for(program)
        compiler = tools.compilers[program.ext]
        obj = os.path.join(workdir, 'O%s%s.o' % (level, '-'.join(extra)))
        argv = (compiler + tools.cflags + program.plugin_flags(extra) + program.compile_flags +
                PATH_FORMAT_FLAGS + ['-g', '-O%s' % level, '-c', program.path, '-o', obj])
        check = 'compile-O%s%s' % (level, suffix)
        try:
            code, out, seconds = run_command(argv, workdir, COMPILE_TIMEOUT)
        except OSError as error:
            lines.append(('FAIL', check, program.name, str(error), ''))
            return None, ''
        crash = [m for m in CRASH_MARKERS if m in out]
        if self.args.verbose:
            lines.append(('INFO', check, program.name, ' '.join(shlex.quote(a) for a in argv), out))
        if code is None:
            lines.append(('FAIL', check, program.name, 'compiler timed out after %ds' % COMPILE_TIMEOUT, out))
            return None, out
        if code != 0 or crash:
            detail = 'exit %d' % code
            if crash:
                detail += ', ' + ', '.join(crash)
            lines.append(('FAIL', check, program.name, detail, out))
            return None, out
        lines.append(('PASS', check, program.name, '%.1fs' % seconds, ''))
        return obj, out

    def link(self, program, workdir, obj, lines, suffix=''):
        exe = os.path.splitext(obj)[0] + '.exe'
        tools = self.tools_for(program)
        argv = (tools.compilers[program.ext] + program.compile_flags + [obj, '-o', exe] +
                tools.libs + program.link_flags)
        code, out, _ = run_command(argv, workdir, COMPILE_TIMEOUT)
        if code != 0:
            lines.append(('FAIL', 'link' + suffix, program.name,
                          'timed out' if code is None else 'exit %d' % code, out))
            return None
        lines.append(('PASS', 'link' + suffix, program.name, '', out if self.args.verbose else ''))
        return exe

    def check_diagnostics(self, program, stderr, workdir, lines):
        warnings, conditionals, instrumented, named = parse_diagnostics(
            stderr, program.path, workdir)
        detail = compare_sets(program.warnings, warnings, format_warnings)
        lines.append(('FAIL' if detail else 'PASS', 'warnings', program.name,
                      detail or format_warnings(warnings), stderr if detail else ''))
        detail = compare_sets(program.conditionals, conditionals, format_lines)
        lines.append(('FAIL' if detail else 'PASS', 'conditionals', program.name,
                      detail or format_lines(conditionals), stderr if detail else ''))
        # Each warning names its conditionals, each of them gets a note.
        wrong = []
        for line, lines_named in sorted(named.items()):
            if not lines_named:
                wrong.append('warning at %d names no line' % line)
            elif not lines_named <= conditionals:
                wrong.append('warning at %d names %s without a note'
                             % (line, format_lines(lines_named - conditionals)))
        if warnings:
            lines.append(('FAIL' if wrong else 'PASS', 'warning-text', program.name,
                          '; '.join(wrong), stderr if wrong else ''))
        # Every warned MPI call of an instrumented function gets its check
        # (OpenMP collectives have no run-time check yet).
        warned = {line for line, kind in warnings
                  if kind in ('collective-mismatch', 'collective-arguments')}
        if program.instrument_mode() == 'none':
            if instrumented:
                lines.append(('FAIL', 'instrumented-notes', program.name,
                              'instrument=none but checks inserted at ' + format_lines(instrumented),
                              stderr))
            elif warned:
                lines.append(('PASS', 'instrumented-notes', program.name, 'no check inserted', ''))
        elif warned:
            missing = warned - instrumented
            lines.append(('FAIL' if missing else 'PASS', 'instrumented-notes', program.name,
                          'no "run-time check inserted" note at ' + format_lines(missing)
                          if missing else '', stderr if missing else ''))
        return warnings, conditionals

    def run(self, program, exe, workdir, nprocs, expected, threads, repeat, lines, suffix='',
            run_env=None):
        """Runs exe `repeat' times (stopping at the first failure); returns
        False when a run hung."""
        tools = self.tools_for(program)
        check = ('run-np%d' % nprocs + ('-threads%d' % threads if threads else '') +
                 ''.join('-%s=%s' % item for item in sorted((run_env or {}).items())) + suffix)
        argv = tools.mpiexec + ['-n', str(nprocs), exe]
        env = dict(os.environ)
        for name, value in tools.env.items():
            env.setdefault(name, value)
        env.update(run_env or {})
        if threads:
            env['OMP_NUM_THREADS'] = str(threads)
        # Sleeping, not spinning, OpenMP threads: the runs oversubscribe the
        # cores (2 processes of 2 threads each on a 2-core machine), and
        # libgomp spins when a process alone has no more threads than cores,
        # taking the core from the processes whose message it waits for (a
        # 1 s hybrid run took 10 s).  A program's header may still say
        # OMP_WAIT_POLICY=active.
        env.setdefault('OMP_WAIT_POLICY', 'passive')
        # Open MPI 4.1's launchers started at once race to create their
        # shared session directory (/tmp/ompi.HOST.UID: "mkdir ... File
        # exists", orte_init fails): each run gets its own under the
        # program's work directory (MPICH ignores the variable).
        env.setdefault('OMPI_MCA_orte_tmpdir_base', workdir)
        times = []
        for attempt in range(1, repeat + 1):
            label = ' (run %d of %d)' % (attempt, repeat) if repeat > 1 else ''
            try:
                code, out, seconds = run_command(argv, workdir, self.timeout, env)
                # A stop whose whole output is lost: mpiexec.mpich tore the
                # job down (MPI_Abort's 86) before forwarding any line, not
                # even MPICH's own "Abort(86)" (seen once on a loaded
                # machine).  Once more: the message is what is checked.
                if code == PARCOACH_EXIT_STATUS and not out.strip():
                    code, out, seconds = run_command(argv, workdir, self.timeout, env)
            except OSError as error:
                lines.append(('FAIL', check, program.name, str(error), ''))
                return True
            if code is None:
                lines.append(('FAIL', check, program.name, 'HANG: expected %s, killed after %ds%s'
                              % (expected, self.timeout, label), out))
                return False
            stopped = 'PARCOACH: rank' in out or 'PARCOACH: thread' in out
            if expected == 'ok':
                good = code == 0 and 'PARCOACH:' not in out
            elif expected == 'fail':
                good = code != 0 and 'PARCOACH:' not in out
            else:
                # Every PARCOACH stop exits with 86 (rtlib/parcoach_stop.c).
                # mpiexec.mpich reports it, or, when it tears the job down
                # first (SIGHUP: exit 1), prints the MPI_Abort code it got;
                # Open MPI's launcher may report a signal instead (README,
                # "Run-time messages and exit status").
                status_86 = (code == PARCOACH_EXIT_STATUS or
                             'MPI_Abort(MPI_COMM_WORLD, %d)' % PARCOACH_EXIT_STATUS in out or
                             launcher_is_openmpi(tools.mpiexec))
                good = (code != 0 and stopped and status_86 and
                        all(m in out for m in program.stop_messages))
            times.append(seconds)
            if not good:
                detail = 'expected %s, exit %d%s, %.1fs%s' % (
                    expected, code, ', PARCOACH stop' if stopped else
                    (', PARCOACH message' if 'PARCOACH:' in out else ''), seconds, label)
                lines.append(('FAIL', check, program.name, detail, out))
                return True
        detail = 'expected %s, %s' % (expected, ', '.join('%.1fs' % t for t in times))
        lines.append(('PASS', check, program.name, detail, out if self.args.verbose else ''))
        return True

    def run_all(self, program, exe, workdir, lines, suffix=''):
        """Every expect-run on exe; after a hang the later ones are skipped."""
        if program.runs_require_mpi and program.runs_require_mpi != self.mpi_flavour():
            for nprocs, expected, threads, _, _ in program.runs:
                lines.append(('SKIP', 'run-np%d' % nprocs + ('-threads%d' % threads if threads
                                                              else '') + suffix,
                              program.name, 'runs only with %s (this build: %s)'
                              % (program.runs_require_mpi, self.mpi_flavour()), ''))
            return
        # ERRBENCH_RUNS=first: only each program's first run (the GCC 11
        # build: its runtime and instrumentation are those of the main build).
        runs = program.runs[:1] if os.environ.get('ERRBENCH_RUNS') == 'first' else program.runs
        for index, (nprocs, expected, threads, repeat, env) in enumerate(runs):
            if not self.run(program, exe, workdir, nprocs, expected, threads, repeat, lines, suffix,
                            env):
                for nprocs, expected, threads, _, _ in runs[index + 1:]:
                    lines.append(('SKIP', 'run-np%d' % nprocs + ('-threads%d' % threads if threads
                                                                  else '') + suffix,
                                  program.name, 'an earlier run of this build hung', ''))
                return

    def extra_build(self, program, workdir, extra, expected_warnings, lines):
        """An expect-run-args build: same warnings, every run again."""
        suffix = '[%s]' % ' '.join(extra)
        obj, stderr = self.compile(program, workdir, '0', lines, extra, suffix)
        if obj is None:
            return
        warnings = parse_diagnostics(stderr, program.path, workdir)[0]
        detail = compare_sets(expected_warnings, warnings, format_warnings)
        lines.append(('FAIL' if detail else 'PASS', 'warnings' + suffix, program.name,
                      detail or format_warnings(warnings), stderr if detail else ''))
        exe = self.link(program, workdir, obj, lines, suffix) if program.runs else None
        if exe:
            self.run_all(program, exe, workdir, lines, suffix)

    def process(self, program):
        lines = []
        if program.errors:
            for error in program.errors:
                lines.append(('FAIL', 'header', program.name, error, ''))
            self.reporter.emit(lines)     # a broken header is never a known failure
            return
        major = self.gcc_major(program)
        if program.requires_gcc and 0 < major < program.requires_gcc:
            self.reporter.emit([('SKIP', 'requires-gcc', program.name,
                                 'needs GCC %d, built with GCC %d' % (program.requires_gcc, major),
                                 '')])
            return
        version = self.mpi_version() if program.requires_mpi_version else 0
        if 0 < version < program.requires_mpi_version:
            self.reporter.emit([('SKIP', 'requires-mpi-version', program.name,
                                 'needs MPI %d, the MPI has MPI_VERSION %d'
                                 % (program.requires_mpi_version, version), '')])
            return
        if program.mpi == 'openmpi' and isinstance(self.openmpi_tools(), str):
            self.reporter.emit([('SKIP', 'mpi-openmpi', program.name, self.openmpi, '')])
            return
        workdir = tempfile.mkdtemp(prefix='errbench-')
        try:
            obj, stderr = self.compile(program, workdir, '0', lines)
            if obj is None:
                return
            diagnostics = self.check_diagnostics(program, stderr, workdir, lines)
            exe = self.link(program, workdir, obj, lines) if program.runs else None
            if exe:
                self.run_all(program, exe, workdir, lines)
            for extra in program.extra_builds:
                self.extra_build(program, workdir, extra, program.warnings, lines)
            obj2, stderr2 = self.compile(program, workdir, '2', lines)
            if obj2 is not None:
                again = parse_diagnostics(stderr2, program.path, workdir)[:2]
                parts = []
                if again[0] != diagnostics[0]:
                    parts.append('warnings ' + (compare_sets(diagnostics[0], again[0], format_warnings)
                                                .replace('missing', 'only at -O0')
                                                .replace('unexpected', 'only at -O2')))
                if again[1] != diagnostics[1]:
                    parts.append('conditionals ' + (compare_sets(diagnostics[1], again[1], format_lines)
                                                    .replace('missing', 'only at -O0')
                                                    .replace('unexpected', 'only at -O2')))
                lines.append(('FAIL' if parts else 'PASS', 'same-diagnostics-O2', program.name,
                              '; '.join(parts), stderr2 if parts else ''))
        finally:
            self.reporter.emit(lines, program)
            if self.args.keep:
                print('    kept %s' % workdir)
            else:
                shutil.rmtree(workdir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('-k', dest='patterns', action='append', default=[],
                        metavar='PATTERN',
                        help='only programs whose path under errbench/ contains PATTERN '
                             '(or matches it, if it is a glob); may be repeated')
    parser.add_argument('-v', '--verbose', action='store_true',
                        help='show compiler commands and output, and program output')
    parser.add_argument('-j', '--jobs', type=int, default=2,
                        help='programs processed in parallel (at most 2, the default)')
    parser.add_argument('--timeout', type=float, default=60,
                        help='seconds before a run counts as a hang (default 60)')
    parser.add_argument('--slowest', type=int, default=8, metavar='N',
                        help='print the N programs that took longest (default 8)')
    parser.add_argument('--list', action='store_true',
                        help='list the programs and their expectations, run nothing')
    parser.add_argument('--keep', action='store_true', help='keep the temporary directories')
    parser.add_argument('--every', type=int, default=int(os.environ.get('ERRBENCH_EVERY', '1')),
                        metavar='N',
                        help='a sample: every Nth program of the selection (in listed order), '
                             'and every program that needs Open MPI (mpi: openmpi), which a '
                             'run against the Open MPI build is the only one to run in CI, '
                             'or says handle-spelling:')
    args = parser.parse_args()

    programs = find_programs(args.patterns)
    if args.every > 1:
        programs = [p for i, p in enumerate(programs)
                    if i % args.every == 0 or p.mpi == 'openmpi' or p.handle_spelling]
    if not programs:
        sys.exit('run_errbench: no program selected')

    if args.list:
        for p in programs:
            print('%s: %s' % (p.rel, p.description))
            print('    warnings: %s; conditionals: %s; runs: %s%s' % (
                format_warnings(p.warnings), format_lines(p.conditionals),
                ', '.join('%d %s' % r[:2] + (' threads=%d' % r[2] if r[2] else '') +
                          (' repeat=%d' % r[3] if r[3] > 1 else '') +
                          ''.join(' %s=%s' % item for item in sorted(r[4].items()))
                          for r in p.runs) or 'none',
                '; plugin-args: ' + ' '.join(p.plugin_args) if p.plugin_args else '') +
                ('; compile-flags: ' + ' '.join(p.compile_flags) if p.compile_flags else '') +
                ''.join('; again with: ' + ' '.join(e) for e in p.extra_builds) +
                ('; KNOWN FAILURE: ' + p.known_failure if p.known_failure else ''))
            for error in p.errors:
                print('    ERROR ' + error)
        return 1 if any(p.errors for p in programs) else 0

    suite = Suite(args)
    jobs = max(1, min(2, args.jobs))
    start = time.time()
    seconds = {}     # program name -> wall time of all its builds and runs

    def timed(program):
        begin = time.time()
        try:
            suite.process(program)
        finally:
            seconds[program.name] = time.time() - begin

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for future in [pool.submit(timed, p) for p in programs]:
            future.result()
    reporter = suite.reporter
    total = reporter.passed + len(reporter.failed)
    print()
    print('errbench: %d programs, %d checks, %d passed, %d failed (%.0fs)'
          % (len(programs), total, reporter.passed, len(reporter.failed), time.time() - start))
    # The slowest programs: where to look first when the suite outgrows its budget.
    slowest = sorted(seconds.items(), key=lambda item: -item[1])[:args.slowest]
    if slowest:
        print('slowest: ' + ', '.join('%s %.1fs' % item for item in slowest))
    if reporter.xfailed:
        print('expected failures (known bugs, known-failure header): %d programs'
              % len(reporter.xfailed))
        for name in sorted(reporter.xfailed):
            known = next(p.known_failure for p in programs if p.name == name)
            print('  XFAIL %s: %s' % (name, known))
            for failure in reporter.xfailed[name]:
                print('        failed: ' + failure)
    for name in reporter.xpassed:
        print('  XPASS %s: every check passed, its known-failure line can go' % name)
    for failure in reporter.failed:
        print('  FAILED ' + failure)
    return 1 if reporter.failed else 0


if __name__ == '__main__':
    sys.exit(main())
