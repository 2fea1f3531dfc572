#!/usr/bin/env python3
"""Generator of random correct hybrid MPI+OpenMP C programs (seeded).

    python3 tests/gen_hybrid/gen.py SEED [--twin] > prog.c

A program is main plus a few static functions calling each other (each
function is created at its first call, and calls only functions of higher
number: no recursion).  Every statement is generated in one of four
contexts, which decide what it may hold:

  SEQ    outside parallel regions           collectives, parallel regions
  TEAM   every thread of a team             omp for, barrier, single,
                                            master, thread tests (each
                                            + barrier), sections;
                                            no MPI call
  MAIN   a master region or a thread-0      collectives (FUNNELED and up)
         test (the main thread)
  ANY    one thread, maybe not the main     collectives only from
         one (single, a section, a task,    SERIALIZED up; tasks, each
         a thread-1 test)                   followed by its taskwait

so that the MPI calls respect the thread level the program requests
(MPI_Init_thread with FUNNELED, SERIALIZED or MULTIPLE, chosen by the
seed), no two threads of a process ever run collectives at the same time,
and every process runs the same collectives in the same order: conditions
test values broadcast from rank 0 or the number of processes, loops have
constant trip counts, and the OpenMP constructs are met by every thread of
their team (OpenMP 5.1 nesting rules: worksharing only directly in a team
context, never inside single, master or task; tasks inside tasks and in
functions called from single, section or task regions).  Conditions read
the broadcast values and the number of processes directly (the global
`cfg', and `size', whose address MPI_Comm_size took and which every call
gets, also inside parallel regions).  Each collective folds its result into a
checksum; at the end the processes compare their checksums (MPI_Allreduce
MIN and MAX) and abort with status 5 if they differ.

--twin prints the erroneous twin: the first collective of main is moved
under `if (rank == 0)' (the second is of another kind), which PARCOACH must
warn about ([parcoach:collective-mismatch]) and stop at run time with 2
processes.

Standard library only; the same seed gives the same program.
"""

import argparse
import random
import sys

SEQ, TEAM, MAIN, ANY = 'SEQ', 'TEAM', 'MAIN', 'ANY'
LEVELS = ['MPI_THREAD_FUNNELED', 'MPI_THREAD_SERIALIZED', 'MPI_THREAD_MULTIPLE']
CFG_SIZE = 4
WORK = 256          # length of the shared array the omp for loops update
MAX_PROCS = 64      # Allgather buffer
MAX_FUNCTIONS = 6
COLLECTIVES = ['allreduce', 'bcast', 'barrier', 'reduce_bcast', 'allgather']


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.level = self.rng.randrange(len(LEVELS))    # 0 FUNNELED, 1 SERIALIZED, 2 MULTIPLE
        self.cfg = [self.rng.randint(0, 9) for _ in range(CFG_SIZE)]
        self.functions = []       # [[name, context, body lines]], index = number
        self.constant = 0         # distinct constants for the collectives

    # -- what a context allows ------------------------------------------

    def mpi_allowed(self, context):
        return {SEQ: True, MAIN: True, ANY: self.level >= 1, TEAM: False}[context]

    # -- statements ----------------------------------------------------

    def next_constant(self):
        self.constant += 1
        return self.constant

    def collective(self, kind=None):
        k = self.next_constant()
        kind = kind or self.rng.choice(COLLECTIVES)
        if kind == 'allreduce':
            op = self.rng.choice(['MPI_SUM', 'MPI_MAX', 'MPI_MIN'])
            return ['{',
                    '  long mine = rank + %d, got;' % k,
                    '  MPI_Allreduce(&mine, &got, 1, MPI_LONG, %s, comm);' % op,
                    '  *acc = *acc * 31u + (unsigned long)got;',
                    '}']
        if kind == 'bcast':
            return ['{',
                    '  int root = %d %% size;' % k,
                    '  long value = rank == root ? %d : -1;' % (k * 7),
                    '  MPI_Bcast(&value, 1, MPI_LONG, root, comm);',
                    '  *acc = *acc * 31u + (unsigned long)value;',
                    '}']
        if kind == 'barrier':
            return ['MPI_Barrier(comm);', '*acc = *acc * 31u + %du;' % k]
        if kind == 'reduce_bcast':
            return ['{',
                    '  long mine = rank * %d, top = 0;' % k,
                    '  MPI_Reduce(&mine, &top, 1, MPI_LONG, MPI_MAX, 0, comm);',
                    '  MPI_Bcast(&top, 1, MPI_LONG, 0, comm);',
                    '  *acc = *acc * 31u + (unsigned long)top;',
                    '}']
        return ['{',
                '  long mine = rank + %d, all[%d];' % (k, MAX_PROCS),
                '  MPI_Allgather(&mine, 1, MPI_LONG, all, 1, MPI_LONG, comm);',
                '  for (int p = 0; p < size; p++)',
                '    *acc = *acc * 31u + (unsigned long)all[p];',
                '}']

    def compute(self, context):
        n = self.rng.randint(8, 64)
        if context == TEAM:
            return ['#pragma omp for',
                    'for (int i = 0; i < %d; i++)' % WORK,
                    '  work[i] = 0.5 * work[i] + burn(%d, i);' % n]
        return ['*acc = *acc * 31u + (unsigned long)(burn(%d, rank) > 0.0);' % n]

    def knob(self, function):
        """The broadcast value a condition reads (and a call passes on as
        its `knob' argument): an element of the global cfg."""
        return 'cfg[%d]' % self.rng.randrange(CFG_SIZE)

    def procs(self):
        """The number of processes a condition reads (and a call passes on
        as its `procs' argument)."""
        return 'size'

    def condition(self, function):
        """A test every process (and every thread) evaluates alike: on a
        value broadcast from rank 0, or on the number of processes."""
        choice = self.rng.randrange(3)
        if choice == 0:
            return '%s > %d' % (self.knob(function), self.rng.randint(0, 9))
        if choice == 1:
            return '%s > %d' % (self.procs(), self.rng.randint(1, 3))
        return '(%s + %s) %% 2 == 0' % (self.knob(function), self.procs())

    def block(self, context, depth, function, count=None):
        if count is None:
            count = self.rng.randint(1, 3 if depth < 2 else 2)
        lines = []
        for _ in range(count):
            lines += self.statement(context, depth, function)
        return lines

    def statement(self, context, depth, function):
        choices = ['compute']
        if self.mpi_allowed(context):
            choices += ['collective'] * 3
        if depth < 3:
            choices += ['loop']
            choices += ['if']
            if context == SEQ:
                choices += ['parallel'] * 2
            if context == TEAM:
                choices += ['single', 'master', 'thread_test', 'barrier']
                choices += ['sections']
            if context == ANY and self.level >= 1:
                choices += ['task']
        if self.callees(context, function) or len(self.functions) < MAX_FUNCTIONS:
            choices += ['call'] * 2
        kind = self.rng.choice(choices)
        inner = depth + 1
        if kind == 'collective':
            return self.collective()
        if kind == 'compute':
            return self.compute(context)
        if kind == 'call':
            callee = self.functions[self.callee(context, function)][0]
            return ['%s(comm, rank, size, acc, %s, %s);' % (callee, self.knob(function),
                                                              self.procs())]
        if kind == 'loop':
            trips = self.rng.randint(1, 3)
            var = 'l%d' % depth
            return (['for (int %s = 0; %s < %d; %s++) {' % (var, var, trips, var)] +
                    indent(self.block(context, inner, function)) + ['}'])
        if kind == 'if':
            lines = ['if (%s) {' % self.condition(function)] + indent(self.block(context, inner, function))
            if self.rng.random() < 0.5:
                lines += ['} else {'] + indent(self.block(context, inner, function))
            return lines + ['}']
        if kind == 'parallel':
            return (['#pragma omp parallel', '{'] + indent(self.block(TEAM, inner, function)) +
                    ['}'])
        if kind == 'single':
            return ['#pragma omp single', '{'] + indent(self.block(ANY, inner, function)) + ['}']
        if kind == 'master':
            # the barrier publishes what the master wrote, and keeps the
            # master's MPI calls apart from the next monothreaded region's
            return (['#pragma omp master', '{'] + indent(self.block(MAIN, inner, function)) +
                    ['}', '#pragma omp barrier'])
        if kind == 'thread_test':
            return self.thread_test(inner, function)
        if kind == 'barrier':
            return ['#pragma omp barrier']
        if kind == 'sections':
            # collectives in the first section only: the sections may run at
            # the same time; the second only computes on private data
            return (['#pragma omp sections', '{', '#pragma omp section', '{'] +
                    indent(self.block(ANY, inner, function)) +
                    ['}', '#pragma omp section', '(void)burn(%d, rank);' % self.rng.randint(8, 64),
                     '}'])
        if kind == 'task':
            body = self.block(ANY, inner, function)
            return ['#pragma omp task', '{'] + indent(body) + ['}', '#pragma omp taskwait']
        raise AssertionError(kind)

    def thread_test(self, depth, function):
        """A branch one thread of the team takes, in one of the forms real
        codes write: thread 0 (the main thread: MAIN) through a plain copy,
        a default overwritten when OpenMP is on, a flag, a widening
        conversion, an ordered comparison; from SERIALIZED up, thread 1
        (ANY; no thread takes it in a team of one).  A barrier follows, as
        after a master region."""
        var = 't%d' % depth
        forms = [
            (['int %s = omp_get_thread_num();' % var], '%s == 0' % var),
            (['int %s = 0;' % var, '#ifdef _OPENMP', '%s = omp_get_thread_num();' % var,
              '#endif'], '%s == 0' % var),
            (['const int %s = omp_get_thread_num() == 0;' % var], var),
            (['size_t %s = (size_t)omp_get_thread_num();' % var], '%s < 1' % var),
            ([], 'omp_get_thread_num() <= 0'),
        ]
        context = MAIN
        if self.level >= 1 and self.rng.random() < 0.3:
            declaration, test, context = [], 'omp_get_thread_num() == 1', ANY
        else:
            declaration, test = self.rng.choice(forms)
        return (['{'] + indent(declaration + ['if (%s) {' % test] +
                               indent(self.block(context, depth, function)) + ['}']) +
                ['}', '#pragma omp barrier'])

    def callees(self, context, function):
        """Functions of the same context that `function' may call (higher
        numbers only: no recursion).  main is function -1."""
        return [i for i, (_, ctx, _) in enumerate(self.functions)
                if i > function and ctx == context]

    def callee(self, context, function):
        """A function to call from `function' in `context': a new one
        (generated now, so every function is called) or an existing one."""
        existing = self.callees(context, function)
        if existing and (len(self.functions) >= MAX_FUNCTIONS or self.rng.random() < 0.4):
            return self.rng.choice(existing)
        number = len(self.functions)
        self.functions.append(['f%d' % number, context, []])
        self.functions[number][2] = self.block(context, 0, number)
        return number

    # -- the program ---------------------------------------------------

    def generate(self, twin=False):
        self.functions = []       # created by the calls, as they are generated
        # main starts with two collectives of different kinds; the twin
        # moves the first under `if (rank == 0)', so that the check of the
        # second, on the main thread of main, meets the check of the first
        # (a mismatch found there, before any parallel region)
        kind = self.rng.choice(COLLECTIVES)
        first = self.collective(kind)
        second = self.collective(self.rng.choice([k for k in COLLECTIVES if k != kind]))
        rest = self.block(SEQ, 0, -1, count=self.rng.randint(1, 4))
        if twin:
            first = ['if (rank == 0) {'] + indent(first) + ['}']
        return self.render(first + second + rest, twin)

    def render(self, main_body, twin):
        level = LEVELS[self.level]
        out = ['/* Generated by tests/gen_hybrid/gen.py (%s): %s. */'
               % ('erroneous twin' if twin else 'correct program', level),
               '#include <mpi.h>',
               '#include <omp.h>',
               '#include <stddef.h>',
               '#include <stdio.h>',
               '',
               'static int cfg[%d];' % CFG_SIZE,
               'static double work[%d];' % WORK,
               '',
               'static double burn(int n, int seed)',
               '{',
               '  double x = seed;',
               '  for (int i = 0; i < n; i++)',
               '    x = 0.5 * x + 1.0;',
               '  return x;',
               '}',
               '']
        for name, context, _ in self.functions:
            out.append('static void %s(MPI_Comm comm, int rank, int size, unsigned long *acc, int knob, '
                       'int procs);'
                       % name)
        out.append('')
        for name, context, body in self.functions:
            out += ['/* context: %s */' % context,
                    'static void %s(MPI_Comm comm, int rank, int size, unsigned long *acc, '
                    'int knob, int procs)' % name,
                    '{'] + indent(body) + ['}', '']
        out += ['int main(int argc, char **argv)',
                '{',
                '  int provided, rank, size;',
                '  unsigned long checksum = 1, lo, hi;',
                '  unsigned long *acc = &checksum;',
                '  MPI_Comm comm = MPI_COMM_WORLD;',
                '  MPI_Init_thread(&argc, &argv, %s, &provided);' % level,
                '  if (provided < %s)' % level,
                '    MPI_Abort(MPI_COMM_WORLD, 2);',
                '  MPI_Comm_rank(comm, &rank);',
                '  MPI_Comm_size(comm, &size);',
                '  if (size > %d)' % MAX_PROCS,
                '    MPI_Abort(MPI_COMM_WORLD, 2);',
                '  if (rank == 0) {']
        out += ['    cfg[%d] = %d;' % (i, v) for i, v in enumerate(self.cfg)]
        out += ['  }',
                '  MPI_Bcast(cfg, %d, MPI_INT, 0, comm);' % CFG_SIZE,
                '  int procs = size;']
        out += indent(main_body)
        out += ['  MPI_Allreduce(&checksum, &lo, 1, MPI_UNSIGNED_LONG, MPI_MIN, comm);',
                '  MPI_Allreduce(&checksum, &hi, 1, MPI_UNSIGNED_LONG, MPI_MAX, comm);',
                '  if (lo != hi) {',
                '    fprintf(stderr, "rank %d: checksums differ between processes\\n", rank);',
                '    MPI_Abort(MPI_COMM_WORLD, 5);',
                '  }',
                '  MPI_Finalize();',
                '  return 0;',
                '}']
        return '\n'.join(out) + '\n'


def indent(lines):
    return ['  ' + line if line and not line.startswith('#pragma') else line for line in lines]


def generate(seed, twin=False):
    return Generator(seed).generate(twin)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('seed', type=int)
    parser.add_argument('--twin', action='store_true', help='print the erroneous twin')
    args = parser.parse_args()
    sys.stdout.write(generate(args.seed, args.twin))


if __name__ == '__main__':
    main()
