/* Test program for the argument comparison of the PARCOACH runtime
   (parcoach_check_comm_args, parcoach_check_fortran_comm_args): calls the
   checks as the plugin instruments a collective, with the addresses of its
   arguments.  Usage: rt_args MODE; run.sh knows what each mode must print
   and how it must end.  A mode that must stop follows its check with a
   wait that never ends, so that only the check can end the run.  */

#include "parcoach_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size;

static void
die (const char *msg)
{
  fprintf (stderr, "rt_args: %s\n", msg);
  fflush (stderr);
  MPI_Abort (MPI_COMM_WORLD, 3);
}

static void
hang (void)
{
  int x;
  MPI_Recv (&x, 1, MPI_INT, MPI_ANY_SOURCE, 4242, MPI_COMM_WORLD,
            MPI_STATUS_IGNORE);
  die ("hang: got a message");
}

static int
colour_of (const char *name)
{
  int c;
  for (c = 1; c < 1000; c++)
    if (strcmp (parcoach_colour_name (c), name) == 0)
      return c;
  die ("colour_of: unknown name");
  return -1;
}

/* The check before MPI_Bcast (buffer, count, datatype, root, comm).  */
static void
check_bcast (int count, MPI_Datatype type, int root, int line)
{
  parcoach_check_comm_args (MPI_COMM_WORLD, colour_of ("MPI_Bcast"), &root,
                            NULL, NULL, &count, &type, NULL, NULL, NULL,
                            PARCOACH_CHECK_ALWAYS, "a.c", line, "f", "");
}

/* The check before a reduction (sendbuf, recvbuf, count, datatype, op,
   comm).  */
static void
check_allreduce (int count, MPI_Datatype type, MPI_Op op, int line)
{
  parcoach_check_comm_args (MPI_COMM_WORLD, colour_of ("MPI_Allreduce"),
                            NULL, &op, NULL, &count, &type, NULL, NULL, NULL,
                            PARCOACH_CHECK_ALWAYS, "a.c", line, "f", "");
}

/* The check before MPI_Gather or MPI_Scatter (sendbuf, sendcount,
   sendtype, recvbuf, recvcount, recvtype, root, comm).  */
static void
check_rooted (const char *name, const void *sbuf, int scount,
              MPI_Datatype stype, const void *rbuf, int rcount,
              MPI_Datatype rtype, int root, int line)
{
  parcoach_check_comm_args (MPI_COMM_WORLD, colour_of (name), &root, NULL,
                            sbuf, &scount, &stype, rbuf, &rcount, &rtype,
                            PARCOACH_CHECK_ALWAYS, "g.c", line, "g", "");
}

static void
sum_pairs (void *in, void *inout, int *len, MPI_Datatype *type)
{
  (void) in;
  (void) inout;
  (void) len;
  (void) type;
}

/* Everything agrees, as the standard allows it: silent.  Arguments that
   are not significant on a process are garbage there (an invalid datatype
   handle would make MPI_Type_size fail), as in a real program.  */
static void
mode_agree (void)
{
  int x[8] = { 0 }, y[64];
  MPI_Datatype pair, bogus_type;
  MPI_Op user;
  int counts[64], i;
  MPI_Fint fcomm = MPI_Comm_c2f (MPI_COMM_WORLD);
  MPI_Fint fint = MPI_Type_c2f (MPI_INT), fsum = MPI_Op_c2f (MPI_SUM);
  MPI_Fint fone = 1, froot = 0;

  if (size > 64)
    die ("too many processes");
  memset (&bogus_type, 0x5a, sizeof bogus_type);
  MPI_Type_contiguous (2, MPI_INT, &pair);
  MPI_Type_commit (&pair);
  MPI_Op_create (sum_pairs, 1, &user);

  /* Same root and size: 2 MPI_INT at rank 0, one pair of ints elsewhere
     (same signature size, 8 bytes).  */
  check_bcast (rank == 0 ? 2 : 1, rank == 0 ? MPI_INT : pair, 0, 1);
  MPI_Bcast (x, rank == 0 ? 2 : 1, rank == 0 ? MPI_INT : pair, 0,
             MPI_COMM_WORLD);
  /* A user-defined operation on rank 0, MPI_SUM elsewhere: not compared.  */
  check_allreduce (1, MPI_INT, rank == 0 ? user : MPI_SUM, 2);
  /* Count 0: no datatype needed.  */
  check_bcast (0, MPI_DATATYPE_NULL, 0, 3);
  /* MPI_Gather, root 1, MPI_IN_PLACE at the root; the receive side is
     garbage on the other processes.  */
  if (rank == 1)
    check_rooted ("MPI_Gather", MPI_IN_PLACE, -7, bogus_type, y, 1, pair, 1,
                  4);
  else
    check_rooted ("MPI_Gather", x, 2, MPI_INT, NULL, -3, bogus_type, 1, 4);
  /* MPI_Scatter, root 0, MPI_IN_PLACE as the root's receive buffer; the
     send side is garbage elsewhere.  */
  if (rank == 0)
    check_rooted ("MPI_Scatter", y, 3, MPI_INT, MPI_IN_PLACE, 0,
                  bogus_type, 0, 5);
  else
    check_rooted ("MPI_Scatter", NULL, -1, bogus_type, x, 3, MPI_INT, 0, 5);
  /* MPI_Allgather in place: sendcount and sendtype ignored.  */
  check_rooted ("MPI_Allgather", MPI_IN_PLACE, -1, bogus_type, y, 2, MPI_INT,
                -99, 6);
  /* MPI_Gatherv: each process sends its own count; only the root is
     compared.  */
  parcoach_check_comm_args (MPI_COMM_WORLD, colour_of ("MPI_Gatherv"),
                            &(int){ 0 }, NULL, NULL, NULL, NULL, NULL, NULL,
                            NULL, PARCOACH_CHECK_ALWAYS, "v.c", 7, "v", "");
  /* MPI_Allgatherv: the same total everywhere (size x 8 bytes), with
     counts of MPI_INT on even ranks and of pairs on odd ones.  */
  for (i = 0; i < size; i++)
    counts[i] = rank % 2 == 0 ? 2 : 1;
  {
    MPI_Datatype t = rank % 2 == 0 ? MPI_INT : pair;
    parcoach_check_comm_args (MPI_COMM_WORLD, colour_of ("MPI_Allgatherv"),
                              NULL, NULL, NULL, NULL, NULL, NULL, counts, &t,
                              PARCOACH_CHECK_ALWAYS, "v.c", 8, "v", "");
  }
  /* MPI_Reduce_scatter: recvcounts (1, 2, 3, ...) identical everywhere.  */
  for (i = 0; i < size; i++)
    counts[i] = i + 1;
  {
    MPI_Datatype t = MPI_INT;
    MPI_Op op = MPI_SUM;
    parcoach_check_comm_args (MPI_COMM_WORLD,
                              colour_of ("MPI_Reduce_scatter"), NULL, &op,
                              NULL, counts, &t, NULL, NULL, NULL,
                              PARCOACH_CHECK_ALWAYS, "v.c", 9, "v", "");
  }
  /* A function-exit check (no arguments) and an old-style check meet the
     same reduction.  */
  parcoach_check_comm_args (MPI_COMM_WORLD, PARCOACH_COLOUR_EXIT, NULL, NULL,
                            NULL, NULL, NULL, NULL, NULL, NULL,
                            PARCOACH_CHECK_ALWAYS, "e.c", 10, "e", "");
  parcoach_check_comm (MPI_COMM_WORLD, colour_of ("MPI_Bcast"),
                       PARCOACH_CHECK_ALWAYS, "e.c", 11, "e", "");
  /* From Fortran: handles as MPI_Fint, MPI_IN_PLACE as a null buffer.  */
  parcoach_check_fortran_comm_args (&fcomm, colour_of ("MPI_Reduce"), &froot,
                                    &fsum, NULL, &fone, &fint, NULL, NULL,
                                    NULL, PARCOACH_CHECK_ALWAYS, "f.f90", 12,
                                    "f", "");
  parcoach_check_fortran_comm_args (&fcomm, colour_of ("MPI_Allgather"),
                                    NULL, NULL, NULL, &fone, &fint, y, &fone,
                                    &fint, PARCOACH_CHECK_ALWAYS, "f.f90", 13,
                                    "f", "");
  /* Type signatures: equal ones spelled differently agree (MPI_INT and
     MPI_INT32_T; 4 ints as a vector of 2 blocks of 2, as a struct of 2
     pairs, or as 16 MPI_BYTEs, which match anything).  */
  check_bcast (1, rank % 2 ? MPI_INT32_T : MPI_INT, 0, 14);
  {
    MPI_Datatype vec, st, types[1] = { pair };
    int blocks[1] = { 2 };
    MPI_Aint displs[1] = { 0 };
    MPI_Type_vector (2, 2, 3, MPI_INT, &vec);
    MPI_Type_commit (&vec);
    MPI_Type_create_struct (1, blocks, displs, types, &st);
    MPI_Type_commit (&st);
    check_bcast (rank % 3 == 0 ? 4 : 1,
                 rank % 3 == 0 ? MPI_INT : rank % 3 == 1 ? vec : st, 0, 15);
    check_bcast (rank == 0 ? 16 : 4, rank == 0 ? MPI_BYTE : MPI_INT, 0, 16);
    MPI_Type_free (&vec);
    MPI_Type_free (&st);
  }
  MPI_Op_free (&user);
  MPI_Type_free (&pair);
}

/* MPI_Bcast of one MPI_INT, one MPI_FLOAT on the last rank: the same
   size, another type signature.  */
static void
mode_types (void)
{
  check_bcast (1, rank == size - 1 ? MPI_FLOAT : MPI_INT, 0, 90);
  hang ();
}

/* MPI_Bcast with root 1 on the last rank, 0 elsewhere.  */
static void
mode_root (void)
{
  check_bcast (1, MPI_INT, rank == size - 1 ? 1 : 0, 20);
  hang ();
}

/* MPI_Allreduce with MPI_MAX on rank 1, MPI_SUM elsewhere.  */
static void
mode_op (void)
{
  check_allreduce (1, MPI_DOUBLE, rank == 1 ? MPI_MAX : MPI_SUM, 30);
  hang ();
}

/* MPI_Bcast of 1 MPI_INT, 2 on the last rank.  */
static void
mode_size (void)
{
  check_bcast (rank == size - 1 ? 2 : 1, MPI_INT, 0, 40);
  hang ();
}

/* MPI_Gather whose root receives blocks of 2 MPI_INT (8 bytes) while it
   and the others send 1 (4 bytes).  */
static void
mode_gather_size (void)
{
  int x = 0, y[8];
  check_rooted ("MPI_Gather", &x, 1, MPI_INT, y, rank == 0 ? 2 : -1,
                MPI_INT, 0, 50);
  hang ();
}

/* MPI_Reduce_scatter whose recvcounts differ on rank 0 (total 3 instead
   of 2 elements).  */
static void
mode_total (void)
{
  int counts[2] = { 1, rank == 0 ? 2 : 1 };
  MPI_Datatype t = MPI_INT;
  MPI_Op op = MPI_SUM;
  parcoach_check_comm_args (MPI_COMM_WORLD, colour_of ("MPI_Reduce_scatter"),
                            NULL, &op, NULL, counts, &t, NULL, NULL, NULL,
                            PARCOACH_CHECK_ALWAYS, "r.c", 60, "r", "");
  hang ();
}

/* MPI_Reduce_scatter whose recvcounts have the same total everywhere but
   not the same contents: {2, 1} on rank 0, {1, 2} elsewhere (MPI requires
   the same array on every process).  */
static void
mode_counts_order (void)
{
  int counts[2] = { rank == 0 ? 2 : 1, rank == 0 ? 1 : 2 };
  MPI_Datatype t = MPI_INT;
  MPI_Op op = MPI_SUM;
  parcoach_check_comm_args (MPI_COMM_WORLD, colour_of ("MPI_Reduce_scatter"),
                            NULL, &op, NULL, counts, &t, NULL, NULL, NULL,
                            PARCOACH_CHECK_ALWAYS, "r.c", 61, "r", "");
  hang ();
}

/* MPI_Allgather with MPI_IN_PLACE as sendbuf on rank 0 only (MPI requires
   it on all processes or none); the receive sides agree.  */
static void
mode_in_place_some (void)
{
  int x = rank, y[64];
  if (size > 64)
    die ("too many processes");
  check_rooted ("MPI_Allgather", rank == 0 ? MPI_IN_PLACE : (void *) &x, 1,
                MPI_INT, y, 1, MPI_INT, -99, 62);
  hang ();
}

/* The root differs and so do the sizes: the root is named.  From Fortran
   handles.  */
static void
mode_fortran_root (void)
{
  MPI_Fint fcomm = MPI_Comm_c2f (MPI_COMM_WORLD);
  MPI_Fint ftype = MPI_Type_c2f (rank == 0 ? MPI_DOUBLE : MPI_INT);
  MPI_Fint fone = 1, froot = rank == 0 ? 0 : 1;
  parcoach_check_fortran_comm_args (&fcomm, colour_of ("MPI_Bcast"), &froot,
                                    NULL, NULL, &fone, &ftype, NULL, NULL,
                                    NULL, PARCOACH_CHECK_ALWAYS, "f.f90", 70,
                                    "sub", "");
  hang ();
}

/* Different collectives: the colour is reported, not the arguments.  */
static void
mode_colour_first (void)
{
  if (rank == 0)
    check_bcast (1, MPI_INT, 0, 80);
  else
    check_allreduce (1, MPI_INT, MPI_SUM, 81);
  hang ();
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  if (strcmp (mode, "agree") == 0)
    mode_agree ();
  else if (strcmp (mode, "root") == 0)
    mode_root ();
  else if (strcmp (mode, "op") == 0)
    mode_op ();
  else if (strcmp (mode, "size") == 0)
    mode_size ();
  else if (strcmp (mode, "gather_size") == 0)
    mode_gather_size ();
  else if (strcmp (mode, "total") == 0)
    mode_total ();
  else if (strcmp (mode, "counts_order") == 0)
    mode_counts_order ();
  else if (strcmp (mode, "in_place_some") == 0)
    mode_in_place_some ();
  else if (strcmp (mode, "fortran_root") == 0)
    mode_fortran_root ();
  else if (strcmp (mode, "colour_first") == 0)
    mode_colour_first ();
  else if (strcmp (mode, "types") == 0)
    mode_types ();
  else
    die ("unknown mode");
  MPI_Finalize ();
  return 0;
}
