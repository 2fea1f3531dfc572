#!/usr/bin/env python3
"""Writes functions whose shape made the analysis superlinear before its
bounds (issue 17), to check that it stays bounded:

  pointer_fanout.c    M local counters, a table of their addresses, K
                      pointers loaded from it and K stores through them:
                      every pointer may point to M objects (past the
                      points-to bound of 32, the sets collapse); the rank
                      is stored through one of them and a barrier tests a
                      counter, so the warning must survive the collapse.
  many_parameters.c   a function with P int parameters (numbering them
                      was quadratic), like GCC's limits-fndefn.c.

usage: gen_bounded_shapes.py OUTDIR [--counters M] [--pointers K] [--parameters P]
"""

import argparse
import os


def pointer_fanout(m, k):
    lines = ['#include <mpi.h>', '', 'int pointer_fanout(int pick) {', '  int rank;',
             '  MPI_Comm_rank(MPI_COMM_WORLD, &rank);']
    lines += ['  int c%d = 0;' % i for i in range(m)]
    lines.append('  int *table[%d] = {%s};' % (m, ', '.join('&c%d' % i for i in range(m))))
    for j in range(k):
        lines.append('  int *p%d = table[(pick + %d) %% %d];' % (j, j, m))
        lines.append('  *p%d += %d;' % (j, j))
    lines.append('  *p0 = rank;')
    lines.append('  if (c1 == 0)')
    lines.append('    MPI_Barrier(MPI_COMM_WORLD); /* line of the expected warning */')
    lines.append('  return %s;' % ' + '.join('c%d' % i for i in range(min(m, 8))))
    lines.append('}')
    return '\n'.join(lines) + '\n'


def many_parameters(p):
    params = ', '.join('int a%d' % i for i in range(p))
    body = ' + '.join('a%d' % i for i in range(0, p, max(1, p // 16)))
    return '#include <mpi.h>\n\nint many_parameters(%s) {\n  MPI_Barrier(MPI_COMM_WORLD);\n  return %s;\n}\n' % (
        params, body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('outdir')
    parser.add_argument('--counters', type=int, default=2000)
    parser.add_argument('--pointers', type=int, default=2000)
    parser.add_argument('--parameters', type=int, default=50000)
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, 'pointer_fanout.c'), 'w') as out:
        out.write(pointer_fanout(args.counters, args.pointers))
    with open(os.path.join(args.outdir, 'many_parameters.c'), 'w') as out:
        out.write(many_parameters(args.parameters))


if __name__ == '__main__':
    main()
