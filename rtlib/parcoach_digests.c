/* The arguments a collective check compares besides the colour (the
   root, the predefined reduction operation, the data size of each side),
   read from the instrumented call as the standard makes them significant
   on each process, and the 8-byte digest of them that every check
   reduces.  */
#include "parcoach_internal.h"

#include <stdint.h>

void
parcoach_fields_init (long long *in)
{
  int i;
  for (i = 0; i < 2 * PARCOACH_NFIELDS; i++)
    in[i] = PARCOACH_NO_VALUE;
}

void
parcoach_field_put (long long *in, int field, long long value)
{
  if (value < in[2 * field])
    in[2 * field] = value;
  if (-value < in[2 * field + 1])
    in[2 * field + 1] = -value;
}

/* The digest reduced by every check: 8 signed chars, since MPICH (4.0,
   shared memory) reduces 8 bytes markedly faster than 12 or more (0.31 us
   against 0.48 us for an MPI_MIN on 2 processes), and a check must cost
   about one 8-byte allreduce.  (Signed: MPICH 4.0.2 computes MPI_MIN over
   unsigned chars as if they were signed.)  Four fields of two bytes, each
   holding a digit d in 0..253 as s = d - 127: the smallest s among the
   processes and the smallest -s (so the largest s); SCHAR_MAX in the first
   byte is "no value", the identity of MPI_MIN.  The fields: the colour
   (exact below 253: colours above share 253), the operation's index, and
   a 16-bit hash of (root, size) as two base-254 digits.  Equal values give
   equal digests, so a check never stops a correct program; two different
   roots or sizes escape it with a probability of about 1/64516 per
   check.  */
#define PARCOACH_DIGEST_BYTES 8
#define PARCOACH_DIGEST_BASE 254u

static void
parcoach_digest_put (signed char *d, int field, unsigned digit)
{
  int v = (int) digit - 127;
  if (v < d[2 * field])
    d[2 * field] = (signed char) v;
  if (-v < d[2 * field + 1])
    d[2 * field + 1] = (signed char) -v;
}

static unsigned
parcoach_hash (long long root, long long size)
{
  uint64_t h = (uint64_t) root * 0x9E3779B97F4A7C15ULL
               ^ (uint64_t) size * 0xC2B2AE3D27D4EB4FULL;
  h ^= h >> 31;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 29;
  return (unsigned) (h % (PARCOACH_DIGEST_BASE * PARCOACH_DIGEST_BASE));
}

void
parcoach_digest (const long long *exact, signed char *d)
{
  long long colour = exact[2 * PARCOACH_FIELD_COLOUR];
  long long root = exact[2 * PARCOACH_FIELD_ROOT];
  long long size_lo = exact[2 * PARCOACH_FIELD_SIZE];
  long long size_hi = -exact[2 * PARCOACH_FIELD_SIZE + 1];
  int i;

  for (i = 0; i < PARCOACH_DIGEST_BYTES; i++)
    d[i] = SCHAR_MAX;
  parcoach_digest_put (d, 0, colour >= 0 && colour < 253 ? colour : 253);
  if (exact[2 * PARCOACH_FIELD_OP] != PARCOACH_NO_VALUE)
    parcoach_digest_put (d, 1, (unsigned) exact[2 * PARCOACH_FIELD_OP]);
  if (root != PARCOACH_NO_VALUE || size_lo != PARCOACH_NO_VALUE)
    for (i = 0; i < 2; i++)
      {
        unsigned h = parcoach_hash (root, i == 0 ? size_lo : size_hi);
        parcoach_digest_put (d, 2, h % PARCOACH_DIGEST_BASE);
        parcoach_digest_put (d, 3, h / PARCOACH_DIGEST_BASE);
      }
}

/* Whether the reduced digest says that every process agrees.  */
int
parcoach_digest_agrees (const signed char *d)
{
  int f;
  for (f = 0; f < PARCOACH_DIGEST_BYTES / 2; f++)
    if (d[2 * f] != SCHAR_MAX && d[2 * f] != -d[2 * f + 1])
      return 0;
  return 1;
}

/* Where a side of the data is compared: PARCOACH_ARGUMENTS in
   mpi_collectives.def.  */
enum
{
  PARCOACH_AT_NOWHERE, PARCOACH_AT_EVERY, PARCOACH_AT_ROOT, PARCOACH_AT_TOTAL
};

/* The shapes, reduced to what the runtime needs: which arguments exist
   (their positions only matter to the compiler).  */
struct parcoach_shape
{
  unsigned char root, op, send_buf, send_at, recv_buf, recv_at;
};

enum
{
#define PARCOACH_ARGUMENTS(shape, root, op, sbuf, scount, stype, sat, rbuf, \
                           rcount, rtype, rat) \
  PARCOACH_SHAPE_##shape,
#include "mpi_collectives.def"
#undef PARCOACH_ARGUMENTS
  PARCOACH_NSHAPES
};

static const struct parcoach_shape parcoach_shapes[PARCOACH_NSHAPES] = {
#define PARCOACH_ARGUMENTS(shape, root, op, sbuf, scount, stype, sat, rbuf, \
                           rcount, rtype, rat) \
  { (root) >= 0, (op) >= 0, (sbuf) >= 0, PARCOACH_AT_##sat, (rbuf) >= 0, \
    PARCOACH_AT_##rat },
#include "mpi_collectives.def"
#undef PARCOACH_ARGUMENTS
};

static const unsigned char parcoach_collective_shapes[] = {
#define PARCOACH_COLLECTIVE(c_name, f_name, family, arg, kind, arguments) \
  PARCOACH_SHAPE_##arguments,
#include "mpi_collectives.def"
#undef PARCOACH_COLLECTIVE
};

/* The predefined reduction operations, the only ones compared: a
   user-defined operation is a handle each process got from its own
   MPI_Op_create, and may differ between processes.  Handles are only
   compared for equality (integers in MPICH, pointers in Open MPI).  */
static const struct
{
  MPI_Op op;
  const char *name;
} parcoach_ops[] = {
  { MPI_MAX, "MPI_MAX" },     { MPI_MIN, "MPI_MIN" },
  { MPI_SUM, "MPI_SUM" },     { MPI_PROD, "MPI_PROD" },
  { MPI_LAND, "MPI_LAND" },   { MPI_BAND, "MPI_BAND" },
  { MPI_LOR, "MPI_LOR" },     { MPI_BOR, "MPI_BOR" },
  { MPI_LXOR, "MPI_LXOR" },   { MPI_BXOR, "MPI_BXOR" },
  { MPI_MAXLOC, "MPI_MAXLOC" }, { MPI_MINLOC, "MPI_MINLOC" },
  { MPI_REPLACE, "MPI_REPLACE" }, { MPI_NO_OP, "MPI_NO_OP" },
};

#define PARCOACH_NOPS ((int) (sizeof parcoach_ops / sizeof parcoach_ops[0]))

const char *
parcoach_op_name (long long index)
{
  return index >= 0 && index < PARCOACH_NOPS ? parcoach_ops[index].name : "?";
}

static int
parcoach_op_index (MPI_Op op)
{
  int i;
  for (i = 0; i < PARCOACH_NOPS; i++)
    if (parcoach_ops[i].op == op)
      return i;
  return -1;
}

static int
parcoach_read_int (const struct parcoach_args *a, const void *p, long i)
{
  return a->fortran ? (int) ((const MPI_Fint *) p)[i] : ((const int *) p)[i];
}

static MPI_Datatype
parcoach_read_type (const struct parcoach_args *a, const void *p)
{
  return a->fortran ? PMPI_Type_f2c (*(const MPI_Fint *) p)
                    : *(const MPI_Datatype *) p;
}

static MPI_Op
parcoach_read_op (const struct parcoach_args *a, const void *p)
{
  return a->fortran ? PMPI_Op_f2c (*(const MPI_Fint *) p)
                    : *(const MPI_Op *) p;
}

static int
parcoach_in_place (const struct parcoach_args *a, const void *buf)
{
  return a->fortran ? buf == NULL : buf == MPI_IN_PLACE;
}

/* The signature size in bytes of side S, or -1 if it cannot be known
   (a negative count, a null or invalid datatype: the guarded call will
   report those itself).  AT is PARCOACH_AT_EVERY or _ROOT (one count) or
   _TOTAL (one count per process of COMM, summed).  */
static long long
parcoach_side_size (const struct parcoach_args *a, int s, int at,
                    MPI_Comm comm)
{
  long long count = 0, size;
  MPI_Count type_size = 0;
  MPI_Datatype type;

  if (at == PARCOACH_AT_TOTAL)
    {
      int n = 0, i;
      if (PMPI_Comm_size (comm, &n) != MPI_SUCCESS)
        return -1;
      for (i = 0; i < n; i++)
        {
          int c = parcoach_read_int (a, a->count[s], i);
          if (c < 0)
            return -1;
          count += c;
        }
    }
  else
    count = parcoach_read_int (a, a->count[s], 0);
  if (count <= 0)
    return count == 0 ? 0 : -1;
  type = parcoach_read_type (a, a->type[s]);
  if (type == MPI_DATATYPE_NULL
      || PMPI_Type_size_x (type, &type_size) != MPI_SUCCESS
      || type_size == MPI_UNDEFINED || type_size < 0
      || __builtin_mul_overflow (count, (long long) type_size, &size))
    return -1;
  return size;
}

/* This process's values of the compared fields, other than the colour.
   Only what the standard makes significant on this process is read: the
   root's receive side of MPI_Gather, say, is garbage elsewhere.  */
void
parcoach_contribute_args (const struct parcoach_args *a, int colour,
                          MPI_Comm comm, long long *in)
{
  const struct parcoach_shape *shape;
  int is_root = 0, s;

  if (a == NULL || !parcoach_known_colour (colour))
    return;
  shape = &parcoach_shapes[parcoach_collective_shapes[colour - 1]];
  if (shape->root && a->root != NULL)
    {
      int root = parcoach_read_int (a, a->root, 0);
      parcoach_field_put (in, PARCOACH_FIELD_ROOT, root);
      if (shape->send_at == PARCOACH_AT_ROOT
          || shape->recv_at == PARCOACH_AT_ROOT)
        {
          int rank = -1;
          PMPI_Comm_rank (comm, &rank);
          is_root = rank == root;
        }
    }
  if (shape->op && a->op != NULL)
    {
      int op = parcoach_op_index (parcoach_read_op (a, a->op));
      if (op >= 0)
        parcoach_field_put (in, PARCOACH_FIELD_OP, op);
    }
  for (s = 0; s < 2; s++)
    {
      int at = s == 0 ? shape->send_at : shape->recv_at;
      int has_buf = s == 0 ? shape->send_buf : shape->recv_buf;
      long long size;
      if (at == PARCOACH_AT_NOWHERE || (at == PARCOACH_AT_ROOT && !is_root)
          || a->count[s] == NULL || a->type[s] == NULL
          || (has_buf && parcoach_in_place (a, a->buf[s])))
        continue;
      size = parcoach_side_size (a, s, at, comm);
      if (size >= 0)
        parcoach_field_put (in, PARCOACH_FIELD_SIZE, size);
    }
}
