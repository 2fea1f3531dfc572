#!/usr/bin/env python3
"""Generate small MPI programs in the style of the MPI Bugs Initiative
(one main, MPI_Init .. MPI_Finalize, a "Rank N finished normally" line),
each either correct or with exactly one collective error.

    python3 tests/mbi_style/generate.py OUTDIR      # writes OUTDIR/*.c
    python3 tests/mbi_style/generate.py --list      # names and expectations

Every program states its expectation in its first comment line:

  /* mbi-expect: correct */
  /* mbi-expect: error KIND[,KIND] */

KIND is the [parcoach:KIND] warning the error should get at compile time
(collective-mismatch: order or presence differ between processes;
collective-arguments: an argument the standard requires to match may
differ; request: a nonblocking or persistent request never completed, or
its buffer touched before it completes).  Optional lines after the first:

  /* mbi-np: 4 */                      run with exactly these process counts
  /* mbi-requires-mpi-version: 4 */    skipped when MPI_VERSION is lower  A correct program must get no warning and run clean; an
erroneous one must be warned and/or stopped by the run-time checks, never
hang.  The programs are written from templates (no code taken from the
benchmark itself); tests/mbi_style/run.py compiles and runs them.
"""

import argparse
import os
import sys

# ---------------------------------------------------------------------------
# The collectives and how to call them.  Arguments are spelled with the
# program's variables: sbuf/rbuf (buffers big enough for any count used
# here), buff_size (the count), type, op, root, comm, counts/displs (the
# v-variants' arrays, buff_size per process).
# ---------------------------------------------------------------------------

COLLECTIVES = {
    'Barrier': 'MPI_Barrier(comm)',
    'Bcast': 'MPI_Bcast(sbuf, buff_size, type, root, comm)',
    'Reduce': 'MPI_Reduce(sbuf, rbuf, buff_size, type, op, root, comm)',
    'Allreduce': 'MPI_Allreduce(sbuf, rbuf, buff_size, type, op, comm)',
    'Gather': 'MPI_Gather(sbuf, buff_size, type, rbuf, buff_size, type, root, comm)',
    'Gatherv': 'MPI_Gatherv(sbuf, buff_size, type, rbuf, counts, displs, type, root, comm)',
    'Scatter': 'MPI_Scatter(sbuf, buff_size, type, rbuf, buff_size, type, root, comm)',
    'Scatterv': 'MPI_Scatterv(sbuf, counts, displs, type, rbuf, buff_size, type, root, comm)',
    'Allgather': 'MPI_Allgather(sbuf, buff_size, type, rbuf, buff_size, type, comm)',
    'Allgatherv': 'MPI_Allgatherv(sbuf, buff_size, type, rbuf, counts, displs, type, comm)',
    'Alltoall': 'MPI_Alltoall(sbuf, buff_size, type, rbuf, buff_size, type, comm)',
    'Alltoallv': 'MPI_Alltoallv(sbuf, counts, displs, type, rbuf, counts, displs, type, comm)',
    'Scan': 'MPI_Scan(sbuf, rbuf, buff_size, type, op, comm)',
    'Exscan': 'MPI_Exscan(sbuf, rbuf, buff_size, type, op, comm)',
    'Reduce_scatter': 'MPI_Reduce_scatter(sbuf, rbuf, counts, type, op, comm)',
    'Reduce_scatter_block': 'MPI_Reduce_scatter_block(sbuf, rbuf, buff_size, type, op, comm)',
    # Nonblocking: completed by MPI_Wait right after.
    'Ibarrier': 'MPI_Ibarrier(comm, &req)',
    'Ibcast': 'MPI_Ibcast(sbuf, buff_size, type, root, comm, &req)',
    'Ireduce': 'MPI_Ireduce(sbuf, rbuf, buff_size, type, op, root, comm, &req)',
    'Iallreduce': 'MPI_Iallreduce(sbuf, rbuf, buff_size, type, op, comm, &req)',
    'Igather': 'MPI_Igather(sbuf, buff_size, type, rbuf, buff_size, type, root, comm, &req)',
    'Iscatter': 'MPI_Iscatter(sbuf, buff_size, type, rbuf, buff_size, type, root, comm, &req)',
    'Iallgather': 'MPI_Iallgather(sbuf, buff_size, type, rbuf, buff_size, type, comm, &req)',
    'Ialltoall': 'MPI_Ialltoall(sbuf, buff_size, type, rbuf, buff_size, type, comm, &req)',
    'Iscan': 'MPI_Iscan(sbuf, rbuf, buff_size, type, op, comm, &req)',
    'Iexscan': 'MPI_Iexscan(sbuf, rbuf, buff_size, type, op, comm, &req)',
    'Ireduce_scatter_block':
        'MPI_Ireduce_scatter_block(sbuf, rbuf, buff_size, type, op, comm, &req)',
}

ROOTED = [c for c, call in COLLECTIVES.items() if 'root' in call]
WITH_OP = [c for c, call in COLLECTIVES.items() if ' op,' in call]
WITH_TYPE = [c for c, call in COLLECTIVES.items() if 'type' in call]
# A count that differs between processes: the v-variants' counts arrays
# are built from buff_size too, so every one of these is erroneous.
WITH_COUNT = [c for c in WITH_TYPE]


def call(name, comm='comm', indent='  '):
    """The statement(s) calling collective NAME on COMM."""
    text = COLLECTIVES[name].replace('comm)', comm + ')').replace('comm, &req)',
                                                                 comm + ', &req)')
    if name.startswith('I'):
        return '%s%s;\n%sMPI_Wait(&req, MPI_STATUS_IGNORE);\n' % (indent, text, indent)
    return '%s%s;\n' % (indent, text)


# ---------------------------------------------------------------------------
# The program skeleton.
# ---------------------------------------------------------------------------

PROLOGUE = '''\
/* mbi-expect: %(expect)s */
/* %(description)s */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

%(functions)sint main(int argc, char **argv)
{
  int nprocs = -1;
  int rank = -1;
  MPI_Request req = MPI_REQUEST_NULL;

  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("Hello from rank %%d of %%d\\n", rank, nprocs);
  if (nprocs < 2)
    printf("MBI-style test: needs at least 2 processes\\n");

  MPI_Comm comm = MPI_COMM_WORLD;
  int root = 0;
  int buff_size = 1;
  MPI_Op op = MPI_SUM;
  MPI_Datatype type = MPI_INT;
  /* Buffers big enough for every count and datatype used below. */
  size_t elems = (size_t)64 * (nprocs + 2) * (nprocs + 2);
  double *sbuf = calloc(elems, sizeof(double));
  double *rbuf = calloc(elems, sizeof(double));
  int *counts = calloc(nprocs + 1, sizeof(int));
  int *displs = calloc(nprocs + 1, sizeof(int));
  (void)req; (void)root; (void)op; (void)type; (void)comm;
'''

COUNTS = '''\
  for (int i = 0; i < nprocs; i++) {
    counts[i] = buff_size;
    displs[i] = i * buff_size;
  }
'''

EPILOGUE = '''\
  free(sbuf);
  free(rbuf);
  free(counts);
  free(displs);
  MPI_Finalize();
  printf("Rank %d finished normally\\n", rank);
  return 0;
}
'''


USER_OP_FUNCTION = '''\
static void add_ints(void *in, void *inout, int *len, MPI_Datatype *datatype)
{
  (void)datatype;
  for (int i = 0; i < *len; i++)
    ((int *)inout)[i] += ((int *)in)[i];
}

'''

USER_OP_SETUP = '''\
  MPI_Op myop;
  MPI_Op_create(add_ints, 1, &myop);
'''


def program(expect, description, setup, body, teardown=''):
    """A whole program: SETUP sets root/op/type/buff_size/comm, the
    v-variants' arrays are filled from buff_size, then BODY, TEARDOWN."""
    functions = USER_OP_FUNCTION if 'add_ints' in setup else ''
    return (PROLOGUE % {'expect': expect, 'description': description, 'functions': functions}
            + setup + COUNTS
            + body + teardown + EPILOGUE)


# ---------------------------------------------------------------------------
# Communicators made and freed as MBI programs do.  Each entry: (setup,
# expression of the communicator to use, guard around the collective or
# None, teardown).
# ---------------------------------------------------------------------------

COMMS = {
    'world': ('', 'MPI_COMM_WORLD', None, ''),
    'dup': ('  MPI_Comm newcom;\n  MPI_Comm_dup(MPI_COMM_WORLD, &newcom);\n',
            'newcom', None, '  MPI_Comm_free(&newcom);\n'),
    'split': ('  MPI_Comm newcom;\n'
              '  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &newcom);\n',
              'newcom', None,
              '  if (newcom != MPI_COMM_NULL)\n    MPI_Comm_free(&newcom);\n'),
    'split_undefined': ('  MPI_Comm newcom;\n'
                        '  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, rank,'
                        ' &newcom);\n',
                        'newcom', 'newcom != MPI_COMM_NULL',
                        '  if (newcom != MPI_COMM_NULL)\n    MPI_Comm_free(&newcom);\n'),
    'create': ('  MPI_Group world_group, half_group;\n'
               '  MPI_Comm newcom;\n'
               '  MPI_Comm_group(MPI_COMM_WORLD, &world_group);\n'
               '  int half = nprocs / 2 > 0 ? nprocs / 2 : 1;\n'
               '  int *members = malloc(half * sizeof(int));\n'
               '  for (int i = 0; i < half; i++)\n    members[i] = i;\n'
               '  MPI_Group_incl(world_group, half, members, &half_group);\n'
               '  MPI_Comm_create(MPI_COMM_WORLD, half_group, &newcom);\n'
               '  free(members);\n',
               'newcom', 'newcom != MPI_COMM_NULL',
               '  if (newcom != MPI_COMM_NULL)\n    MPI_Comm_free(&newcom);\n'
               '  MPI_Group_free(&half_group);\n  MPI_Group_free(&world_group);\n'),
    'cart': ('  MPI_Comm newcom;\n'
             '  int dims[1] = {0}, periods[1] = {1};\n'
             '  MPI_Dims_create(nprocs, 1, dims);\n'
             '  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &newcom);\n',
             'newcom', None,
             '  if (newcom != MPI_COMM_NULL)\n    MPI_Comm_free(&newcom);\n'),
}

# Conditions true on every process (or the same on every process).
UNIFORM_GUARDS = ['rank >= 0', 'rank < nprocs', 'nprocs >= 1', 'nprocs > 1 || rank == 0',
                  'buff_size > 0', 'root < nprocs']

# Arguments computed, but the same on every process.
UNIFORM_SETUPS = {
    'root_last': ('Rooted', '  root = nprocs - 1;\n'),
    'root_ternary': ('Rooted', '  root = nprocs > 1 ? 1 : 0;\n'),
    'op_size': ('WithOp', '  op = nprocs > 2 ? MPI_MAX : MPI_SUM;\n'),
    'op_max': ('WithOp', '  op = MPI_MAX;\n'),
    'count_size': ('WithType', '  buff_size = nprocs;\n'),
    'type_float': ('WithType', '  type = MPI_FLOAT;\n'),
    'type_double_max': ('WithType', '  type = MPI_DOUBLE;\n  op = MPI_MAX;\n'),
    'type_contiguous': ('WithType', '  MPI_Datatype newtype;\n'
                        '  MPI_Type_contiguous(2, MPI_INT, &newtype);\n'
                        '  MPI_Type_commit(&newtype);\n  type = newtype;\n'),
}

# Arguments that differ between processes: (applies to, setup, kind).
ARG_ERRORS = {
    'root_rank': ('Rooted', '  root = rank;\n'),
    'root_rank_mod': ('Rooted', '  root = rank % 2;\n'),
    'root_if': ('Rooted', '  if (rank == 0)\n    root = nprocs - 1;\n'),
    'op_if': ('WithOp', '  if (rank == 0)\n    op = MPI_MAX;\n'),
    'op_ternary': ('WithOp', '  op = rank % 2 ? MPI_PROD : MPI_SUM;\n'),
    'count_if': ('WithType', '  if (rank == 0)\n    buff_size = 2;\n'),
    'count_rank': ('WithType', '  buff_size = rank + 1;\n'),
    'type_double': ('WithType', '  if (rank == 0)\n    type = MPI_DOUBLE;\n'),
    'type_float': ('WithType', '  if (rank == 0)\n    type = MPI_FLOAT;\n'),
}

GROUPS = {'Rooted': ROOTED, 'WithOp': WITH_OP, 'WithType': WITH_TYPE}


def guarded(text, condition):
    if not condition:
        return text
    inner = ''.join('  ' + line + '\n' for line in text.rstrip('\n').split('\n'))
    return '  if (%s) {\n%s  }\n' % (condition, inner)


def correct_programs():
    out = {}
    for name in COLLECTIVES:
        out['ok_plain_%s' % name] = program('correct', 'MPI_%s on MPI_COMM_WORLD' % name, '',
                                            call(name))
        for comm_name, (setup, comm, guard, teardown) in COMMS.items():
            if comm_name == 'world':
                continue
            out['ok_comm_%s_%s' % (comm_name, name)] = program(
                'correct', 'MPI_%s on a communicator from %s' % (name, comm_name), setup,
                guarded(call(name, comm), guard), teardown)
    for index, name in enumerate(COLLECTIVES):
        guard = UNIFORM_GUARDS[index % len(UNIFORM_GUARDS)]
        out['ok_guard%d_%s' % (index % len(UNIFORM_GUARDS), name)] = program(
            'correct', 'MPI_%s under `if (%s)`, true everywhere' % (name, guard), '',
            guarded(call(name), guard))
        loop = ('  for (int i = 0; i < nprocs; i++) {\n%s  }\n' % call(name, indent='    ')
                if index % 2 else
                '  for (int step = 0; step < 3; step++) {\n%s  }\n' % call(name, indent='    '))
        out['ok_loop_%s' % name] = program('correct', 'MPI_%s in a loop of uniform bounds' % name,
                                           '', loop)
    for setup_name, (group, setup) in UNIFORM_SETUPS.items():
        for name in GROUPS[group]:
            if 'newtype' in setup and name in WITH_OP:
                continue    # predefined reductions are for predefined types
            teardown = ('  MPI_Type_free(&newtype);\n' if 'newtype' in setup else '')
            out['ok_arg_%s_%s' % (setup_name, name)] = program(
                'correct', 'MPI_%s with %s, the same on every process' % (name, setup_name),
                setup, call(name), teardown)
    # Input hazard, correct form: the value read from the command line on
    # rank 0 is broadcast before the condition.
    for name in ('Barrier', 'Allreduce', 'Bcast', 'Ibarrier'):
        out['ok_input_%s' % name] = program(
            'correct', 'MPI_%s under a condition on a value read on rank 0 and broadcast' % name,
            '  int n = 4;\n'
            '  if (rank == 0 && argc > 1)\n    n = atoi(argv[1]);\n'
            '  MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);\n',
            guarded(call(name), 'n % 2 == 0'))
    # Both branches of a rank test call the same collective with the same
    # arguments (a common MBI correct shape).
    for name in ('Barrier', 'Allreduce', 'Reduce', 'Gather', 'Ibcast'):
        body = ('  if (rank == 0) {\n    sbuf[0] = 1;\n%s  } else {\n%s  }\n'
                % (call(name, indent='    '), call(name, indent='    ')))
        out['ok_both_branches_%s' % name] = program(
            'correct', 'MPI_%s on both sides of a rank test' % name, '', body)
    # Only the members of one colour call, on the communicator of their
    # colour: every member of that communicator calls it.
    for name in ('Barrier', 'Bcast', 'Allreduce', 'Reduce', 'Igather'):
        setup, comm, _, teardown = COMMS['split']
        out['ok_colour_only_%s' % name] = program(
            'correct', 'MPI_%s on the communicator of colour 0, called by its members only'
            % name, setup, guarded(call(name, comm), 'rank % 2 == 0'), teardown)
    # A user-defined reduction, the same everywhere.
    for name in ('Reduce', 'Allreduce', 'Scan', 'Iallreduce'):
        out['ok_user_op_%s' % name] = program(
            'correct', 'MPI_%s with an operation from MPI_Op_create' % name,
            USER_OP_SETUP + '  op = myop;\n', call(name), '  MPI_Op_free(&myop);\n')
    # Point-to-point around collectives, correctly ordered.
    for name in ('Barrier', 'Allreduce', 'Bcast'):
        body = ('  if (rank == 0)\n'
                '    MPI_Send(sbuf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);\n'
                '  else if (rank == 1)\n'
                '    MPI_Recv(rbuf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n'
                + call(name))
        out['ok_p2p_then_%s' % name] = program(
            'correct', 'send/recv between ranks 0 and 1, then MPI_%s' % name, '', body)
    return out


def error_programs():
    out = {}
    for name in COLLECTIVES:
        out['err_rank_%s' % name] = program(
            'error collective-mismatch', 'MPI_%s called by rank 0 only' % name, '',
            guarded(call(name), 'rank == 0'))
    order_pairs = [('Barrier', 'Allreduce'), ('Bcast', 'Barrier'), ('Reduce', 'Bcast'),
                   ('Allreduce', 'Allgather'), ('Gather', 'Scatter'), ('Alltoall', 'Barrier'),
                   ('Ibarrier', 'Barrier'), ('Iallreduce', 'Ibcast'), ('Scan', 'Exscan'),
                   ('Reduce_scatter_block', 'Allreduce')]
    for first, second in order_pairs:
        body = ('  if (rank == 0) {\n%s%s  } else {\n%s%s  }\n'
                % (call(first, indent='    '), call(second, indent='    '),
                   call(second, indent='    '), call(first, indent='    ')))
        out['err_order_%s_%s' % (first, second)] = program(
            'error collective-mismatch',
            'MPI_%s then MPI_%s on rank 0, the other order elsewhere' % (first, second), '', body)
    for error_name, (group, setup) in ARG_ERRORS.items():
        for name in GROUPS[group]:
            if error_name.startswith('type_') and name in ('Barrier', 'Ibarrier'):
                continue
            out['err_arg_%s_%s' % (error_name, name)] = program(
                'error collective-arguments',
                'MPI_%s with %s: differs between processes' % (name, error_name), setup,
                call(name))
    for name in ('Reduce', 'Allreduce'):
        out['err_user_op_%s' % name] = program(
            'error collective-arguments',
            'MPI_%s with a user operation on rank 0, MPI_SUM elsewhere' % name,
            USER_OP_SETUP + '  if (rank == 0)\n    op = myop;\n', call(name),
            '  MPI_Op_free(&myop);\n')
    # A communicator that differs between processes.
    for name in ('Barrier', 'Allreduce', 'Bcast', 'Reduce', 'Allgather', 'Ibarrier'):
        setup = ('  MPI_Comm newcom;\n  MPI_Comm_dup(MPI_COMM_WORLD, &newcom);\n'
                 '  if (rank == 0)\n    comm = newcom;\n')
        out['err_comm_dup_%s' % name] = program(
            'error collective-arguments', 'MPI_%s on a duplicate on rank 0, on MPI_COMM_WORLD '
            'elsewhere' % name, setup, call(name), '  MPI_Comm_free(&newcom);\n')
        setup = '  comm = rank == 0 ? MPI_COMM_SELF : MPI_COMM_WORLD;\n'
        out['err_comm_self_%s' % name] = program(
            'error collective-arguments', 'MPI_%s on MPI_COMM_SELF on rank 0, MPI_COMM_WORLD '
            'elsewhere' % name, setup, call(name))
    # Collective against point-to-point: rank 0 receives from rank 1,
    # which sends only after the collective.
    for name in ('Barrier', 'Allreduce', 'Bcast', 'Reduce', 'Gather', 'Ibarrier'):
        body = ('  if (rank == 0) {\n'
                '    MPI_Recv(rbuf, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n'
                '%s  } else if (rank == 1) {\n%s'
                '    MPI_Send(sbuf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);\n'
                '  } else {\n%s  }\n'
                % (call(name, indent='    '), call(name, indent='    '),
                   call(name, indent='    ')))
        out['err_p2p_recv_%s' % name] = program(
            'error collective-mismatch', 'rank 0 receives before MPI_%s, rank 1 sends after it'
            % name, '', body)
    # Input hazard: a collective under a condition on the command line.
    for name in ('Barrier', 'Allreduce', 'Bcast', 'Ibarrier'):
        out['err_input_%s' % name] = program(
            'error collective-mismatch',
            'MPI_%s under a condition on argc/argv read by every process' % name,
            '  int n = argc > 1 ? atoi(argv[1]) : 4;\n',
            guarded(call(name), 'n % 2 == 0'))
    return out


# ---------------------------------------------------------------------------
# Requests: local concurrency (a buffer of a pending nonblocking or
# persistent collective touched before MPI_Wait), requests never completed,
# persistent requests never freed.
# ---------------------------------------------------------------------------

# The buffer each operation uses on every process, which the program
# writes one element of: the receive buffer where every process has one,
# else the send buffer (a rooted operation's other buffer matters at the
# root only).
LOCAL_CONCURRENCY = {
    'Ibcast': 'sbuf', 'Ireduce': 'sbuf', 'Iallreduce': 'rbuf', 'Igather': 'sbuf',
    'Iscatter': 'rbuf', 'Iallgather': 'rbuf', 'Ialltoall': 'sbuf', 'Iscan': 'rbuf',
    'Iexscan': 'sbuf',
}

# MPI 4.0 persistent collectives: (call with &req, the buffer written).
PERSISTENT = {
    'Barrier_init': ('MPI_Barrier_init(comm, MPI_INFO_NULL, &req)', None),
    'Bcast_init': ('MPI_Bcast_init(sbuf, buff_size, type, root, comm, MPI_INFO_NULL, &req)',
                   'sbuf'),
    'Allreduce_init': ('MPI_Allreduce_init(sbuf, rbuf, buff_size, type, op, comm, '
                       'MPI_INFO_NULL, &req)', 'rbuf'),
}

MPI4 = '/* mbi-requires-mpi-version: 4 */\n'

# Local arrays for the same programs: the static rule sees these (the
# heap buffers of the skeleton are left to the run-time checks).
LOCAL_ARRAYS = '''\
  int lsbuf[256], lrbuf[256];
  for (int i = 0; i < 256; i++)
    lsbuf[i] = lrbuf[i] = rank;
'''


def with_marks(source, *marks):
    """SOURCE with extra header lines after its first line."""
    first, rest = source.split('\n', 1)
    return first + '\n' + ''.join(marks) + rest


def local_array_call(name):
    """COLLECTIVES[name] on the local int arrays, 8 elements per process."""
    return (COLLECTIVES[name].replace('sbuf', 'lsbuf').replace('rbuf', 'lrbuf')
            .replace('buff_size', '8').replace('type', 'MPI_INT'))


def request_programs():
    out = {}
    wait = '  MPI_Wait(&req, MPI_STATUS_IGNORE);\n'
    for name, buf in LOCAL_CONCURRENCY.items():
        start = '  %s;\n' % COLLECTIVES[name]
        touch = '  %s[0] = 8;\n' % buf
        out['err_local_%s' % name] = program(
            'error request', '%s[0] written while MPI_%s is pending' % (buf, name), '',
            start + touch + wait)
        out['ok_local_%s' % name] = program(
            'correct', '%s[0] written after MPI_Wait completes MPI_%s' % (buf, name), '',
            start + wait + touch)
        lstart = '  %s;\n' % local_array_call(name)
        ltouch = '  l%s[0] = 8;\n' % buf
        out['err_local_array_%s' % name] = program(
            'error request', 'l%s[0] (a local array) written while MPI_%s is pending'
            % (buf, name), LOCAL_ARRAYS, lstart + ltouch + wait)
        # Correct: the element written while pending is past the 8 * nprocs
        # elements the operation covers (up to 31 processes), the first
        # one only after the wait.
        out['ok_local_array_%s' % name] = program(
            'correct', 'l%s[255], outside what MPI_%s uses, written while it is pending, '
            'l%s[0] after MPI_Wait' % (buf, name, buf), LOCAL_ARRAYS,
            lstart + '  l%s[255] = 8;\n' % buf + wait + ltouch)
    for name, (text, buf) in PERSISTENT.items():
        start = '  %s;\n  MPI_Start(&req);\n' % text
        free = '  MPI_Request_free(&req);\n'
        out['ok_persistent_%s' % name] = with_marks(program(
            'correct', 'MPI_%s started, waited, then freed' % name, '', start + wait + free),
            MPI4)
        out['err_persistent_nofree_%s' % name] = with_marks(program(
            'error request', 'MPI_%s started and waited, never freed (resource leak)' % name, '',
            start + wait), MPI4)
        if buf:
            out['err_local_%s' % name] = with_marks(program(
                'error request', '%s[0] written while the started MPI_%s is pending'
                % (buf, name), '', start + '  %s[0] = 8;\n' % buf + wait + free), MPI4)
            out['ok_local_%s' % name] = with_marks(program(
                'correct', '%s[0] written after MPI_Wait completes the started MPI_%s'
                % (buf, name), '', start + wait + '  %s[0] = 8;\n' % buf + free), MPI4)
    for name in ['Ibarrier'] + list(LOCAL_CONCURRENCY):
        out['err_nowait_%s' % name] = program(
            'error request', 'MPI_%s never completed before MPI_Finalize' % name, '',
            '  %s;\n' % COLLECTIVES[name])
        out['ok_testloop_%s' % name] = program(
            'correct', 'MPI_%s completed by an MPI_Test loop' % name, '',
            '  %s;\n  int flag = 0;\n  while (!flag)\n'
            '    MPI_Test(&req, &flag, MPI_STATUS_IGNORE);\n' % COLLECTIVES[name])
    return out


def exhaustive_programs():
    """A collective in every branch of a chain of rank tests covering ranks
    0 to 3: correct when run with exactly 4 processes."""
    out = {}
    for name in ('Barrier', 'Allreduce', 'Ibcast'):
        body = '  if (rank == 0) {\n%s  }' % call(name, indent='    ')
        for r in range(1, 4):
            body += ' else if (rank == %d) {\n%s  }' % (r, call(name, indent='    '))
        out['ok_exhaustive_%s' % name] = with_marks(program(
            'correct', 'MPI_%s in every branch of if (rank == 0) .. else if (rank == 3), '
            'run with 4 processes' % name, '', body + '\n'), '/* mbi-np: 4 */\n')
    return out


def all_programs():
    programs = dict(correct_programs())
    programs.update(error_programs())
    programs.update(request_programs())
    programs.update(exhaustive_programs())
    return programs


def header_value(source, key):
    """The value of a `/* KEY: VALUE */' line of the header, or None."""
    for line in source.split('\n')[1:4]:
        words = line.replace('/*', '').replace('*/', '').split()
        if len(words) == 2 and words[0] == key + ':':
            return words[1]
    return None


def expectation(source):
    """('correct', set()) or ('error', {kinds})."""
    first = source.split('\n', 1)[0]
    words = first.replace('/*', '').replace('*/', '').split()
    if words[1] == 'correct':
        return 'correct', set()
    return 'error', set(words[2].split(','))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('outdir', nargs='?', help='directory to write the programs into')
    parser.add_argument('--list', action='store_true', help='print names and expectations')
    args = parser.parse_args()
    programs = all_programs()
    if args.list or not args.outdir:
        for name, source in sorted(programs.items()):
            print(name, source.split('\n', 1)[0])
        return 0
    os.makedirs(args.outdir, exist_ok=True)
    for name, source in programs.items():
        with open(os.path.join(args.outdir, name + '.c'), 'w') as f:
            f.write(source)
    print('%d programs written to %s' % (len(programs), args.outdir))
    return 0


if __name__ == '__main__':
    sys.exit(main())
