#!/usr/bin/env python3
"""The value-flow extractor (gimple/value_flow_model.cc) on the lowering
shapes it must understand.

Each C, C++ or Fortran file of tests/extractor exercises one way the rank
(or a value the same on every process) reaches a conditional: an output
argument, a pointer parameter, a record field, an array element, a global,
a Fortran dummy argument or module variable, a C++ member or reference, a
std::vector's size, a conditional expression, a loop, memcpy, a broadcast
or reduction, a helper's result.  The conditional's line says, in a
comment, what a reader of the source knows of the value it tests:

  value-flow: rank        processes may take it differently, because of
                          their rank: the verdict differs between
                          processes and its reason names MPI_Comm_rank
  value-flow: differs     processes may take it differently (any reason)
  value-flow: uniform     every process takes it the same way
  value-flow: link-step   it differs only through what other files may
                          do (a public variable, another file's call):
                          the file alone leaves it to the link step

optionally followed by, comma-separated:

  threads differ | threads same     the verdict between threads too
  if lowered to a branch            the front end may compute the value
                                    without a conditional (a ?: of
                                    constants): no conditional is fine
  known-failure: TEXT               a known imprecision: a mismatch is
                                    XFAIL (not a failure), a match XPASS

A file may also say, in a comment line of its own:

  compile-flags: FLAGS              extra compiler flags (-fopenmp)

The runner compiles each file with the plugin (`parcoach-config
--cflags', instrument=none, dump=value-flow) at -O0 and at -O2, reads the
`verdict' lines the dump gives for the functions defined in the file
(plugin/core/value_flow_text.h) and compares them with the comments,
line by line: every conditional of the file must have an expectation and
every expectation its conditional(s), so that slot and block numbering
never matter but a conditional that turns uniform always does.

Environment: MPICC, MPICXX, MPIF90 (default: what configure chose, as in
tests/run_errbench.py), PARCOACH_CONFIG (default build/parcoach-config).
Usage: run.py [-k PATTERN] [-v].  Exit status 1 if a check failed.
Standard library only.
"""

import argparse
import fnmatch
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, 'tests'))
import run_errbench  # noqa: E402  (the configured MPI tools)

LEVELS = ('-O0', '-O2')
COMPILE_TIMEOUT = 900  # seconds: generous, the machine may be loaded

EXPECT_RE = re.compile(r'value-flow:\s*(rank|differs|uniform|link-step)\b(.*)$')
FLAGS_RE = re.compile(r'^\s*(?:/\*+|//+|!+)?\s*compile-flags:\s*(.*?)\s*(?:\*/)?\s*$')
FUNCTION_RE = re.compile(r"^function '.*' uid \d+.*?(?:, from (?P<file>.+))?$")
VERDICT_RE = re.compile(r'^  verdict line (?P<line>\d+) \(branch \d+\): '
                        r'processes (?P<processes>differ|same)'
                        r'(?: \(link step: (?P<keys>[^)]*)\))?, '
                        r'threads (?P<threads>differ|same)(?:: (?P<reason>.*))?$')


class Expectation:
    def __init__(self, line, kind, modifiers):
        self.line = line
        self.kind = kind
        self.threads = None
        self.optional = False
        self.known_failure = None
        rest = modifiers.strip()
        # The comment's closing `*/' is no modifier.
        rest = re.sub(r'\*/\s*$', '', rest).strip()
        while rest.startswith(','):
            rest = rest[1:].strip()
            if rest.startswith('known-failure:'):
                self.known_failure, rest = rest[len('known-failure:'):].strip(), ''
                break
            word, _, rest = rest.partition(',')
            rest = ',' + rest if rest else ''
            word = word.strip()
            if word in ('threads differ', 'threads same'):
                self.threads = word.split()[1]
            elif word == 'if lowered to a branch':
                self.optional = True
            else:
                raise ValueError('line %d: unknown modifier %r' % (line, word))
        if rest:
            raise ValueError('line %d: cannot read %r' % (line, rest))

    def check(self, verdicts):
        """What is wrong with the verdicts of this line, or None."""
        if not verdicts:
            return None if self.optional else 'no conditional found on this line'
        for v in verdicts:
            deferred = v['keys'] is not None
            differs = v['processes'] == 'differ'
            got = 'processes %s%s, threads %s: %s' % (
                v['processes'], ' (link step: %s)' % v['keys'] if deferred else '',
                v['threads'], v['reason'] or '(no reason)')
            if self.kind in ('rank', 'differs') and (not differs or deferred):
                return 'expected %s, got %s' % (self.kind, got)
            if self.kind == 'rank' and 'MPI_Comm_rank' not in (v['reason'] or ''):
                return 'expected a difference due to the rank, got %s' % got
            if self.kind == 'uniform' and differs:
                return 'expected uniform, got %s' % got
            if self.kind == 'link-step' and not (differs and deferred):
                return 'expected a verdict left to the link step, got %s' % got
            if self.threads and v['threads'] != self.threads:
                return 'expected threads %s, got %s' % (self.threads, got)
        return None


def read_source(path):
    """The expectations by line, and the extra compiler flags."""
    expectations, flags = {}, []
    with open(path) as f:
        for number, text in enumerate(f, 1):
            m = FLAGS_RE.match(text)
            if m:
                flags += shlex.split(m.group(1))
                continue
            m = EXPECT_RE.search(text)
            if m:
                expectations[number] = Expectation(number, m.group(1), m.group(2))
    return expectations, flags


def read_dump(stderr, source):
    """The verdicts of the functions defined in `source', by line."""
    verdicts = {}
    in_source = False
    for text in stderr.splitlines():
        m = FUNCTION_RE.match(text)
        if m:
            where = m.group('file')
            in_source = bool(where) and os.path.abspath(where) == source
            continue
        m = VERDICT_RE.match(text)
        if m and in_source:
            verdicts.setdefault(int(m.group('line')), []).append(m.groupdict())
    return verdicts


def compiler_for(path, configured):
    ext = os.path.splitext(path)[1]
    var, default = run_errbench.LANGUAGES[ext]
    return shlex.split(os.environ.get(var, configured.get(var, default)))


def parcoach_cflags():
    config = os.environ.get('PARCOACH_CONFIG', os.path.join('build', 'parcoach-config'))
    if not os.path.isabs(config) and not os.path.exists(config):
        config = os.path.join(REPO, config)
    out = subprocess.run([config, '--cflags'], stdout=subprocess.PIPE, check=True, timeout=60)
    return shlex.split(out.stdout.decode())


def run_file(path, level, compiler, cflags, verbose):
    """(failures, known failures, known failures that passed) for one
    build; prints the details."""
    name = '%s %s' % (os.path.basename(path), level)
    try:
        expectations, flags = read_source(path)
    except ValueError as error:
        print('FAIL %s: %s' % (name, error))
        return 1, 0, 0
    with tempfile.TemporaryDirectory(prefix='parcoach-extractor-') as work:
        command = compiler + cflags + flags + [
            level, '-fplugin-arg-parcoach-instrument=none',
            '-fplugin-arg-parcoach-dump=value-flow', '-c', path,
            '-o', os.path.join(work, 'out.o')]
        try:
            result = subprocess.run(command, cwd=work, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, timeout=COMPILE_TIMEOUT)
        except subprocess.TimeoutExpired:
            print('FAIL %s: the compilation took more than %d s' % (name, COMPILE_TIMEOUT))
            return 1, 0, 0
    stderr = result.stderr.decode(errors='replace')
    if result.returncode != 0 or 'internal compiler error' in stderr:
        print('FAIL %s: the compilation failed (exit %d): %s' %
              (name, result.returncode, ' '.join(shlex.quote(w) for w in command)))
        print(stderr[-3000:])
        return 1, 0, 0
    verdicts = read_dump(stderr, path)
    problems, xfails, xpasses = [], [], []
    for line, expectation in sorted(expectations.items()):
        problem = expectation.check(verdicts.get(line, []))
        if expectation.known_failure:
            if problem:
                xfails.append('line %d: %s (known failure: %s)' %
                              (line, problem, expectation.known_failure))
            else:
                xpasses.append('line %d: the known failure is gone (%s): remove its '
                               'known-failure' % (line, expectation.known_failure))
        elif problem:
            problems.append('line %d: %s' % (line, problem))
    for line in sorted(set(verdicts) - set(expectations)):
        problems.append('line %d: a conditional without a value-flow expectation '
                        '(processes %s)' % (line, verdicts[line][0]['processes']))
    for text in xfails:
        print('XFAIL %s: %s' % (name, text))
    for text in xpasses:
        print('XPASS %s: %s' % (name, text))
    if problems:
        for text in problems:
            print('FAIL %s: %s' % (name, text))
        if verbose:
            print(stderr)
    else:
        print('PASS %s (%d conditionals)' % (name, sum(len(v) for v in verdicts.values())))
    return len(problems), len(xfails), len(xpasses)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('-k', metavar='PATTERN', help='only files whose name matches '
                        '(fnmatch, or a substring)')
    parser.add_argument('-v', '--verbose', action='store_true',
                        help='print the dump of a failing build')
    args = parser.parse_args()
    sources = sorted(f for f in os.listdir(HERE)
                     if os.path.splitext(f)[1] in run_errbench.LANGUAGES)
    if args.k:
        sources = [f for f in sources if fnmatch.fnmatch(f, args.k) or args.k in f]
    configured = run_errbench.configured_tools()
    cflags = parcoach_cflags()
    failures = xfails = xpasses = 0
    for source in sources:
        path = os.path.join(HERE, source)
        for level in LEVELS:
            failed, xfailed, xpassed = run_file(path, level, compiler_for(path, configured),
                                                cflags, args.verbose)
            failures += failed
            xfails += xfailed
            xpasses += xpassed
    print('%d files at %s: %d failed checks, %d known failures, %d known failures passing' %
          (len(sources), ' and '.join(LEVELS), failures, xfails, xpasses))
    return 1 if failures or not sources else 0


if __name__ == '__main__':
    sys.exit(main())
