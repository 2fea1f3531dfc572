#!/usr/bin/env python3
"""Writes random C functions with tangled control flow and MPI collectives,
to check that the PARCOACH plugin survives any control-flow graph.

Each file OUTDIR/random_NN.c holds one function with random nested if/else,
while, do-while, for, for(;;), switch (with fallthrough and default),
forward and backward gotos (which make irreducible loops), break,
continue, return, job-ending calls (MPI_Abort, abort) and process-ending
calls (exit), and MPI collectives (blocking, nonblocking, communicator
constructors) on several communicators.  The code is valid C (gcc -std=gnu11)
but not meant to run.

usage: gen_random_cfg.py OUTDIR [-n 30] [--seed 20151]
"""

import argparse
import os
import random

COLLECTIVES = [
    'MPI_Barrier({c});',
    'MPI_Bcast(&x, 1, MPI_INT, 0, {c});',
    'MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, {c});',
    'MPI_Reduce(&x, &y, 1, MPI_INT, MPI_MAX, 0, {c});',
    'MPI_Allgather(&x, 1, MPI_INT, buf, 1, MPI_INT, {c});',
    'MPI_Scan(&x, &y, 1, MPI_INT, MPI_SUM, {c});',
    'MPI_Ibarrier({c}, &req); MPI_Wait(&req, MPI_STATUS_IGNORE);',
    'MPI_Iallreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, {c}, &req); MPI_Wait(&req, MPI_STATUS_IGNORE);',
    'MPI_Comm_dup({c}, &tmp); MPI_Comm_free(&tmp);',
    'if (MPI_Barrier({c}) != MPI_SUCCESS) return -1;',
]
COMMS = ['comm', 'MPI_COMM_WORLD', 'comms[x & 1]', 'g.sub']

ATOMS = ['rank % 2', 'rank == 0', 'x > n', '(x & 3) == 1', 'n-- > 0', 'x < rank',
         'y != x', 'rank > n / 2', 'buf[x & 7] > 0', '(x ^ rank) & 4']


class Generator:
    def __init__(self, rng, max_depth=5, budget=70):
        self.rng = rng
        self.max_depth = max_depth
        self.budget = budget
        self.labels_used = set()
        self.labels_placed = set()
        self.label_count = rng.randint(2, 6)
        self.lines = []

    def emit(self, depth, text):
        self.lines.append('  ' * (depth + 1) + text)

    def cond(self, depth=0):
        r = self.rng.random()
        if depth < 2 and r < 0.15:
            return '(%s) && (%s)' % (self.cond(depth + 1), self.cond(depth + 1))
        if depth < 2 and r < 0.25:
            return '(%s) || (%s)' % (self.cond(depth + 1), self.cond(depth + 1))
        if r < 0.3:
            return '!(%s)' % self.rng.choice(ATOMS)
        return self.rng.choice(ATOMS)

    def collective(self):
        return self.rng.choice(COLLECTIVES).format(c=self.rng.choice(COMMS))

    def block(self, depth, in_loop, in_switch):
        for _ in range(self.rng.randint(1, 4)):
            if self.budget <= 0:
                break
            self.statement(depth, in_loop, in_switch)

    def statement(self, depth, in_loop, in_switch):
        self.budget -= 1
        rng = self.rng
        choices = ['collective'] * 6 + ['assign'] * 3 + ['goto', 'label', 'label', 'return']
        choices += ['noreturn']
        if depth < self.max_depth:
            choices += ['if'] * 4 + ['ifelse'] * 3 + ['while', 'for', 'for', 'do',
                                                     'forever', 'switch', 'switch', 'block']
        if in_loop:
            choices += ['break', 'continue']
        elif in_switch:
            choices += ['break']
        kind = rng.choice(choices)
        loop_var = 'i%d' % depth
        if kind == 'collective':
            self.emit(depth, self.collective())
        elif kind == 'assign':
            self.emit(depth, rng.choice(['x = x * 3 + rank;', 'x ^= n;', 'y = x - y;',
                                         'buf[x & 7] += rank;', 'x++;', 'n = n / 2;']))
        elif kind == 'goto':
            label = 'L%d' % rng.randrange(self.label_count)
            self.labels_used.add(label)
            if rng.random() < 0.5:
                self.emit(depth, 'if (%s) goto %s;' % (self.cond(), label))
            else:
                self.emit(depth, 'goto %s;' % label)
        elif kind == 'label':
            free = ['L%d' % i for i in range(self.label_count)
                    if 'L%d' % i not in self.labels_placed]
            if free:
                label = rng.choice(free)
                self.labels_placed.add(label)
                self.emit(depth - 1 if depth > 0 else 0, '%s: ;' % label)
            else:
                self.emit(depth, ';')
        elif kind == 'return':
            self.emit(depth, 'if (%s) return x;' % self.cond() if rng.random() < 0.7
                      else 'return y;')
        elif kind == 'noreturn':
            call = rng.choice(['MPI_Abort(comm, 1);', 'abort();', 'exit(2);',
                               'MPI_Abort(MPI_COMM_WORLD, 3);'])
            self.emit(depth, 'if (%s) %s' % (self.cond(), call))
        elif kind == 'break':
            self.emit(depth, 'if (%s) break;' % self.cond() if rng.random() < 0.7 else 'break;')
        elif kind == 'continue':
            self.emit(depth, 'if (%s) continue;' % self.cond() if rng.random() < 0.7
                      else 'continue;')
        elif kind in ('if', 'ifelse'):
            self.emit(depth, 'if (%s) {' % self.cond())
            self.block(depth + 1, in_loop, in_switch)
            if kind == 'ifelse':
                self.emit(depth, '} else {')
                self.block(depth + 1, in_loop, in_switch)
            self.emit(depth, '}')
        elif kind == 'while':
            self.emit(depth, 'while (%s) {' % self.cond())
            self.block(depth + 1, True, in_switch)
            self.emit(depth, '}')
        elif kind == 'for':
            bound = rng.choice(['n', 'rank', '3', 'x'])
            self.emit(depth, 'for (%s = 0; %s < %s; %s++) {' % (loop_var, loop_var, bound, loop_var))
            self.block(depth + 1, True, in_switch)
            self.emit(depth, '}')
        elif kind == 'do':
            self.emit(depth, 'do {')
            self.block(depth + 1, True, in_switch)
            self.emit(depth, '} while (%s);' % self.cond())
        elif kind == 'forever':
            self.emit(depth, rng.choice(['for (;;) {', 'while (1) {']))
            self.block(depth + 1, True, in_switch)
            if rng.random() < 0.8:
                self.emit(depth + 1, 'if (%s) break;' % self.cond())
            self.emit(depth, '}')
        elif kind == 'switch':
            self.emit(depth, 'switch (%s) {' % rng.choice(['rank % 4', 'x & 7', 'n', 'rank']))
            values = rng.sample(range(-2, 9), rng.randint(1, 5))
            cases = ['case %d:' % v for v in values]
            if rng.random() < 0.7:
                cases.insert(rng.randrange(len(cases) + 1), 'default:')
            for case in cases:
                self.emit(depth, case)
                self.block(depth + 1, in_loop, True)
                if rng.random() < 0.7:   # otherwise fall through
                    self.emit(depth + 1, 'break;')
            self.emit(depth, '}')
        elif kind == 'block':
            self.emit(depth, '{')
            self.block(depth + 1, in_loop, in_switch)
            self.emit(depth, '}')

    def function(self, name):
        self.emit(0, 'int x = rank, y = n, buf[8] = {0};')
        self.emit(0, 'int i0, i1, i2, i3, i4, i5, i6;')
        self.emit(0, 'MPI_Request req;')
        self.emit(0, 'MPI_Comm tmp, comms[2] = {comm, MPI_COMM_WORLD};')
        self.emit(0, '(void)i0; (void)i1; (void)i2; (void)i3; (void)i4; (void)i5; (void)i6;')
        self.emit(0, '(void)tmp; (void)req; (void)comms;')
        while self.budget > 0:
            self.statement(0, False, False)
        # Every label a goto names must exist: place the missing ones at the
        # end, before the final collective.
        for label in sorted(self.labels_used - self.labels_placed):
            self.emit(0, '%s: ;' % label)
        self.emit(0, self.collective())
        self.emit(0, 'return x + y;')
        header = ['int %s(int rank, int n, MPI_Comm comm, struct group g)' % name, '{']
        return '\n'.join(header + self.lines + ['}', ''])


PROLOGUE = '''/* Generated by tests/robustness/gen_random_cfg.py (seed %d, function %d).
   Random control flow with MPI collectives: compile-only test input. */
#include <mpi.h>
#include <stdlib.h>
#pragma GCC diagnostic ignored "-Wunused-label"
#pragma GCC diagnostic ignored "-Wunused-variable"

struct group {
  MPI_Comm sub;
  int size;
};

'''


def main():
    parser = argparse.ArgumentParser(description='Write random C functions with MPI collectives.')
    parser.add_argument('outdir')
    parser.add_argument('-n', type=int, default=30, help='number of functions (default 30)')
    parser.add_argument('--seed', type=int, default=20151, help='random seed (default 20151)')
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    for index in range(args.n):
        rng = random.Random(args.seed * 1000 + index)
        name = 'random_%02d' % index
        generator = Generator(rng, max_depth=rng.randint(3, 6), budget=rng.randint(20, 90))
        path = os.path.join(args.outdir, name + '.c')
        with open(path, 'w') as f:
            f.write(PROLOGUE % (args.seed, index))
            f.write(generator.function(name))
        print(path)
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
