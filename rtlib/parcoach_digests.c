/* The arguments a collective check compares besides the colour (the
   root, the predefined reduction operation, the data size of each side),
   read from the instrumented call as the standard makes them significant
   on each process, and the 8-byte digest of them that every check
   reduces.  */
#include "parcoach_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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
parcoach_hash (long long root, long long size, long long signature,
               long long counts, long long comm)
{
  uint64_t h = (uint64_t) root * 0x9E3779B97F4A7C15ULL
               ^ (uint64_t) size * 0xC2B2AE3D27D4EB4FULL
               ^ (uint64_t) signature * 0xD6E8FEB86659FD93ULL
               ^ (uint64_t) counts * 0x94D049BB133111EBULL
               ^ (uint64_t) comm * 0xA0761D6478BD642FULL;
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
  long long sig_lo = exact[2 * PARCOACH_FIELD_SIGNATURE];
  long long sig_hi = -exact[2 * PARCOACH_FIELD_SIGNATURE + 1];
  long long counts = exact[2 * PARCOACH_FIELD_COUNTS];
  long long in_place = exact[2 * PARCOACH_FIELD_IN_PLACE];
  long long comm = exact[2 * PARCOACH_FIELD_COMM];
  int i;

  for (i = 0; i < PARCOACH_DIGEST_BYTES; i++)
    d[i] = SCHAR_MAX;
  parcoach_digest_put (d, 0, colour >= 0 && colour < 253 ? colour : 253);
  if (exact[2 * PARCOACH_FIELD_OP] != PARCOACH_NO_VALUE)
    parcoach_digest_put (d, 1, (unsigned) exact[2 * PARCOACH_FIELD_OP]);
  if (root != PARCOACH_NO_VALUE || size_lo != PARCOACH_NO_VALUE
      || counts != PARCOACH_NO_VALUE || in_place != PARCOACH_NO_VALUE
      || comm != PARCOACH_NO_VALUE)
    for (i = 0; i < 2; i++)
      {
        unsigned h = parcoach_hash (root, i == 0 ? size_lo : size_hi,
                                    i == 0 ? sig_lo : sig_hi,
                                    counts ^ (in_place == PARCOACH_NO_VALUE
                                              ? 0 : (in_place + 1) << 58),
                                    comm);
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
  PARCOACH_AT_NOWHERE, PARCOACH_AT_EVERY, PARCOACH_AT_ROOT, PARCOACH_AT_TOTAL,
  PARCOACH_AT_PEER, PARCOACH_AT_PEERS
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

/* The count and datatype of side S (AT is PARCOACH_AT_EVERY or _ROOT: one
   count; _TOTAL: one count per process of COMM, summed).  0 when they
   cannot be known (a negative count: the guarded call reports it).  */
static int
parcoach_side (const struct parcoach_args *a, int s, int at, MPI_Comm comm,
               long long *count, MPI_Datatype *type)
{
  *count = 0;
  if (at == PARCOACH_AT_TOTAL)
    {
      int n = 0, i;
      if (PMPI_Comm_size (comm, &n) != MPI_SUCCESS)
        return 0;
      for (i = 0; i < n; i++)
        {
          int c = parcoach_read_int (a, a->count[s], i);
          if (c < 0)
            return 0;
          *count += c;
        }
    }
  else
    *count = parcoach_read_int (a, a->count[s], 0);
  if (*count < 0)
    return 0;
  /* Count 0: the datatype need not be valid.  */
  *type = *count == 0 ? MPI_DATATYPE_NULL : parcoach_read_type (a, a->type[s]);
  return 1;
}

/* The signature size in bytes of COUNT x TYPE, or -1 if it cannot be
   known (a null or invalid datatype: the guarded call will report it).  */
static long long
parcoach_side_size (long long count, MPI_Datatype type)
{
  MPI_Count type_size = 0;
  long long size;

  if (count == 0)
    return 0;
  if (type == MPI_DATATYPE_NULL
      || PMPI_Type_size_x (type, &type_size) != MPI_SUCCESS
      || type_size == MPI_UNDEFINED || type_size < 0
      || __builtin_mul_overflow (count, (long long) type_size, &size))
    return -1;
  return size;
}

/* ------------------------------------------------- type signatures */

/* The standard requires the type signatures (the sequences of basic
   types) of matching sides to be equal, not only their sizes: MPI_INT on
   one process against MPI_FLOAT on another is erroneous, and goes
   unnoticed by MPI implementations.  A check compares a summary of the
   signature: how many basic values of each class (kind and size) it holds,
   whatever their order (equal signatures have equal summaries, so a
   correct program never stops; two signatures that differ only in order
   go unnoticed).  Classes, not names, so that MPI_INT and MPI_INT32_T,
   or C and Fortran spellings of one type, match; MPI_BYTE, MPI_PACKED and
   types this runtime does not know match anything.  */
enum
{
  PARCOACH_KIND_INTEGER, PARCOACH_KIND_FLOAT, PARCOACH_KIND_COMPLEX,
  PARCOACH_KIND_LOGICAL, PARCOACH_KIND_CHAR, PARCOACH_KIND_PAIR
};

static const char *const parcoach_kind_names[] = {
  "integer", "floating-point", "complex", "logical", "character",
  "value-index pair"
};

static const struct
{
  MPI_Datatype type;
  int kind;
} parcoach_basic_types[] = {
  { MPI_CHAR, PARCOACH_KIND_CHAR },
  { MPI_SIGNED_CHAR, PARCOACH_KIND_INTEGER },
  { MPI_UNSIGNED_CHAR, PARCOACH_KIND_INTEGER },
  { MPI_WCHAR, PARCOACH_KIND_CHAR },
  { MPI_SHORT, PARCOACH_KIND_INTEGER },
  { MPI_UNSIGNED_SHORT, PARCOACH_KIND_INTEGER },
  { MPI_INT, PARCOACH_KIND_INTEGER },
  { MPI_UNSIGNED, PARCOACH_KIND_INTEGER },
  { MPI_LONG, PARCOACH_KIND_INTEGER },
  { MPI_UNSIGNED_LONG, PARCOACH_KIND_INTEGER },
  { MPI_LONG_LONG, PARCOACH_KIND_INTEGER },
  { MPI_UNSIGNED_LONG_LONG, PARCOACH_KIND_INTEGER },
  { MPI_INT8_T, PARCOACH_KIND_INTEGER },
  { MPI_INT16_T, PARCOACH_KIND_INTEGER },
  { MPI_INT32_T, PARCOACH_KIND_INTEGER },
  { MPI_INT64_T, PARCOACH_KIND_INTEGER },
  { MPI_UINT8_T, PARCOACH_KIND_INTEGER },
  { MPI_UINT16_T, PARCOACH_KIND_INTEGER },
  { MPI_UINT32_T, PARCOACH_KIND_INTEGER },
  { MPI_UINT64_T, PARCOACH_KIND_INTEGER },
  { MPI_AINT, PARCOACH_KIND_INTEGER },
  { MPI_OFFSET, PARCOACH_KIND_INTEGER },
  { MPI_COUNT, PARCOACH_KIND_INTEGER },
  { MPI_FLOAT, PARCOACH_KIND_FLOAT },
  { MPI_DOUBLE, PARCOACH_KIND_FLOAT },
  { MPI_LONG_DOUBLE, PARCOACH_KIND_FLOAT },
  { MPI_C_BOOL, PARCOACH_KIND_LOGICAL },
  { MPI_C_FLOAT_COMPLEX, PARCOACH_KIND_COMPLEX },
  { MPI_C_DOUBLE_COMPLEX, PARCOACH_KIND_COMPLEX },
  { MPI_C_LONG_DOUBLE_COMPLEX, PARCOACH_KIND_COMPLEX },
  { MPI_FLOAT_INT, PARCOACH_KIND_PAIR },
  { MPI_DOUBLE_INT, PARCOACH_KIND_PAIR },
  { MPI_LONG_INT, PARCOACH_KIND_PAIR },
  { MPI_2INT, PARCOACH_KIND_PAIR },
  { MPI_SHORT_INT, PARCOACH_KIND_PAIR },
  { MPI_LONG_DOUBLE_INT, PARCOACH_KIND_PAIR },
  { MPI_INTEGER, PARCOACH_KIND_INTEGER },
  { MPI_REAL, PARCOACH_KIND_FLOAT },
  { MPI_DOUBLE_PRECISION, PARCOACH_KIND_FLOAT },
  { MPI_COMPLEX, PARCOACH_KIND_COMPLEX },
  { MPI_DOUBLE_COMPLEX, PARCOACH_KIND_COMPLEX },
  { MPI_LOGICAL, PARCOACH_KIND_LOGICAL },
  { MPI_CHARACTER, PARCOACH_KIND_CHAR },
  { MPI_2INTEGER, PARCOACH_KIND_PAIR },
  { MPI_2REAL, PARCOACH_KIND_PAIR },
  { MPI_2DOUBLE_PRECISION, PARCOACH_KIND_PAIR },
};

#define PARCOACH_NBASIC \
  ((int) (sizeof parcoach_basic_types / sizeof parcoach_basic_types[0]))

/* At most this many classes in one summary; more: not compared.  */
#define PARCOACH_MAX_CLASSES 8

struct parcoach_summary
{
  int n;
  int key[PARCOACH_MAX_CLASSES]; /* kind * 256 + size in bytes */
  long long count[PARCOACH_MAX_CLASSES];
};

static int
parcoach_summary_add (struct parcoach_summary *sum, int key, long long count)
{
  int i;
  for (i = 0; i < sum->n && sum->key[i] != key; i++)
    ;
  if (i == sum->n)
    {
      if (sum->n == PARCOACH_MAX_CLASSES)
        return 0;
      sum->key[sum->n] = key;
      sum->count[sum->n++] = 0;
    }
  return !__builtin_add_overflow (sum->count[i], count, &sum->count[i]);
}

static int parcoach_summarise (MPI_Datatype type, long long times,
                               struct parcoach_summary *sum, int depth);

/* A x B, or -1 when either is negative or the product overflows (the
   summary then gives up: parcoach_summarise refuses negative counts).  */
static long long
parcoach_times (long long a, long long b)
{
  long long product;
  if (a < 0 || b < 0 || __builtin_mul_overflow (a, b, &product))
    return -1;
  return product;
}

/* The constructor arguments of a derived TYPE, and its summary from them.
   The datatypes MPI_Type_get_contents returns that are not predefined are
   freed, as the standard asks.  */
static int
parcoach_summarise_derived (MPI_Datatype type, int combiner, int ni, int na,
                            int nd, long long times,
                            struct parcoach_summary *sum, int depth)
{
  int ok = 0, i;
  long long blocks = 0;
  int *ints = malloc ((size_t) (ni > 0 ? ni : 1) * sizeof *ints);
  MPI_Aint *addrs = malloc ((size_t) (na > 0 ? na : 1) * sizeof *addrs);
  MPI_Datatype *types = malloc ((size_t) (nd > 0 ? nd : 1) * sizeof *types);

  if (ints == NULL || addrs == NULL || types == NULL
      || PMPI_Type_get_contents (type, ni, na, nd, ints, addrs, types)
           != MPI_SUCCESS)
    nd = 0;
  else
    switch (combiner)
      {
      case MPI_COMBINER_DUP:
      case MPI_COMBINER_RESIZED:
        ok = parcoach_summarise (types[0], times, sum, depth);
        break;
      case MPI_COMBINER_CONTIGUOUS:
        ok = parcoach_summarise (types[0], parcoach_times (times, ints[0]), sum,
                                 depth);
        break;
      case MPI_COMBINER_VECTOR:
      case MPI_COMBINER_HVECTOR:
      case MPI_COMBINER_INDEXED_BLOCK:
      case MPI_COMBINER_HINDEXED_BLOCK:
        ok = parcoach_summarise (types[0],
                                 parcoach_times (times,
                                                 parcoach_times (ints[0], ints[1])),
                                 sum, depth);
        break;
      case MPI_COMBINER_INDEXED:
      case MPI_COMBINER_HINDEXED:
        for (i = 0; i < ints[0]; i++)
          blocks += ints[1 + i];
        ok = parcoach_summarise (types[0], parcoach_times (times, blocks), sum,
                                 depth);
        break;
      case MPI_COMBINER_STRUCT:
        ok = 1;
        for (i = 0; i < ints[0] && ok; i++)
          ok = parcoach_summarise (types[i], parcoach_times (times, ints[1 + i]),
                                   sum, depth);
        break;
      case MPI_COMBINER_SUBARRAY:
        blocks = 1;
        for (i = 0; i < ints[0]; i++)
          blocks = parcoach_times (blocks, ints[1 + ints[0] + i]);
        ok = parcoach_summarise (types[0], parcoach_times (times, blocks), sum,
                                 depth);
        break;
      default: /* darray, Fortran parameterised types...: not compared */
        break;
      }
  for (i = 0; i < nd; i++)
    {
      int n1, n2, n3, c;
      if (PMPI_Type_get_envelope (types[i], &n1, &n2, &n3, &c) == MPI_SUCCESS
          && c != MPI_COMBINER_NAMED)
        PMPI_Type_free (&types[i]);
    }
  free (ints);
  free (addrs);
  free (types);
  return ok;
}

/* The class (kind * 256 + size) of the predefined datatypes met last by
   this thread, 0 for one that is not compared: a check asks MPI twice per
   datatype and scans the table otherwise (issue 19, the check's cost).  A
   predefined handle is never freed, so no other type ever has it.  */
#define PARCOACH_NAMED_CACHE 8
static __thread struct
{
  MPI_Datatype type;
  int key;
} parcoach_named_cache[PARCOACH_NAMED_CACHE];
static __thread int parcoach_named_cached, parcoach_named_next;

/* TYPE's class from the cache: 1 when found (*KEY set), else 0.  */
static int
parcoach_named_lookup (MPI_Datatype type, int *key)
{
  int i;
  for (i = 0; i < parcoach_named_cached; i++)
    if (parcoach_named_cache[i].type == type)
      {
        *key = parcoach_named_cache[i].key;
        return 1;
      }
  return 0;
}

static void
parcoach_named_remember (MPI_Datatype type, int key)
{
  parcoach_named_cache[parcoach_named_next].type = type;
  parcoach_named_cache[parcoach_named_next].key = key;
  parcoach_named_next = (parcoach_named_next + 1) % PARCOACH_NAMED_CACHE;
  if (parcoach_named_cached < PARCOACH_NAMED_CACHE)
    parcoach_named_cached++;
}

/* The class of the predefined TYPE, 0 when it is not compared (a type
   this runtime does not know, MPI_BYTE, MPI_PACKED).  */
static int
parcoach_named_key (MPI_Datatype type)
{
  int i, size;
  for (i = 0; i < PARCOACH_NBASIC; i++)
    if (parcoach_basic_types[i].type != MPI_DATATYPE_NULL
        && parcoach_basic_types[i].type == type)
      break;
  if (i == PARCOACH_NBASIC || PMPI_Type_size (type, &size) != MPI_SUCCESS
      || size <= 0 || size > 255)
    return 0;
  return parcoach_basic_types[i].kind * 256 + size;
}

/* Adds TIMES copies of TYPE's signature to SUM; 0 when it cannot be
   summarised (a type this runtime does not know, MPI_BYTE, MPI_PACKED).  */
static int
parcoach_summarise (MPI_Datatype type, long long times,
                    struct parcoach_summary *sum, int depth)
{
  int ni, na, nd, combiner, key;

  if (depth > 16 || times < 0 || times > (1LL << 40))
    return 0;
  if (!parcoach_named_lookup (type, &key))
    {
      if (PMPI_Type_get_envelope (type, &ni, &na, &nd, &combiner)
          != MPI_SUCCESS)
        return 0;
      if (combiner != MPI_COMBINER_NAMED)
        return parcoach_summarise_derived (type, combiner, ni, na, nd, times,
                                           sum, depth + 1);
      key = parcoach_named_key (type);
      parcoach_named_remember (type, key);
    }
  return key != 0 && (times == 0 || parcoach_summary_add (sum, key, times));
}

/* The compared value of COUNT x TYPE's signature, or -1 when it is not
   compared.  One class (the usual case) is spelled out, so that the error
   line can name it: bit 61, the class in bits 40-55, the count below;
   otherwise a hash of the sorted classes and counts, below bit 60.  */
static long long
parcoach_signature (long long count, MPI_Datatype type)
{
  struct parcoach_summary sum;
  uint64_t h = 0x51ED27A3u;
  int i, j;

  sum.n = 0;
  if (count <= 0 || type == MPI_DATATYPE_NULL
      || !parcoach_summarise (type, count, &sum, 0) || sum.n == 0)
    return -1;
  if (sum.n == 1 && sum.count[0] < (1LL << 40))
    return (1LL << 61) | ((long long) sum.key[0] << 40) | sum.count[0];
  for (i = 0; i < sum.n; i++) /* sorted by class: the order of a multiset */
    for (j = i + 1; j < sum.n; j++)
      if (sum.key[j] < sum.key[i])
        {
          int k = sum.key[i];
          long long c = sum.count[i];
          sum.key[i] = sum.key[j];
          sum.count[i] = sum.count[j];
          sum.key[j] = k;
          sum.count[j] = c;
        }
  for (i = 0; i < sum.n; i++)
    {
      h = (h ^ (uint64_t) sum.key[i]) * 0x9E3779B97F4A7C15ULL;
      h = (h ^ (uint64_t) sum.count[i]) * 0xC2B2AE3D27D4EB4FULL;
      h ^= h >> 29;
    }
  return (long long) (h & ((1ULL << 60) - 1));
}

void
parcoach_describe_signature (char *text, size_t size, long long value)
{
  if (value >= 0 && (value >> 61) == 1)
    {
      int key = (int) ((value >> 40) & 0xffff);
      int kind = key / 256;
      snprintf (text, size, "%lld x %d-byte %s", value & ((1LL << 40) - 1),
                key % 256,
                kind >= 0 && kind <= PARCOACH_KIND_PAIR
                  ? parcoach_kind_names[kind] : "value");
    }
  else
    snprintf (text, size, "a mix of basic types (signature %llx)",
              (unsigned long long) value);
}

/* The array of one count per process of a reduction (MPI_Reduce_scatter's
   recvcounts, TOTAL in mpi_collectives.def): MPI requires the same array
   on every process (MPI 4.0 section 6.10.1), its contents, not only its
   sum.  Up to 4 counts below
   2^14 are spelled out (bit 62, the number of counts in bits 56-58, 14
   bits each), so that the error line can show them; otherwise a hash
   below bit 56.  -1 when a count cannot be read.  */
static long long
parcoach_counts_value (const struct parcoach_args *a, int s, MPI_Comm comm)
{
  uint64_t h = 0x2545F4914F6CDD1DULL, exact = 0;
  int n = 0, i, small = 1;

  if (PMPI_Comm_size (comm, &n) != MPI_SUCCESS || n <= 0)
    return -1;
  for (i = 0; i < n; i++)
    {
      int c = parcoach_read_int (a, a->count[s], i);
      if (c < 0)
        return -1;
      small &= i < 4 && c < (1 << 14);
      if (small)
        exact |= (uint64_t) c << (14 * i);
      h = (h ^ (uint64_t) c) * 0x9E3779B97F4A7C15ULL;
      h ^= h >> 29;
    }
  if (small)
    return (long long) ((1ULL << 62) | ((uint64_t) n << 56) | exact);
  return (long long) (h & ((1ULL << 56) - 1));
}

void
parcoach_describe_counts (char *text, size_t size, long long value)
{
  if (value >= 0 && (value >> 62) == 1)
    {
      int n = (int) ((value >> 56) & 7), i;
      size_t used = 0;
      for (i = 0; i < n && used < size; i++)
        used += (size_t) snprintf (text + used, size - used, "%s%lld",
                                   i == 0 ? "{" : ",",
                                   (value >> (14 * i)) & ((1 << 14) - 1));
      if (used < size)
        snprintf (text + used, size - used, "}");
    }
  else
    snprintf (text, size, "an array hashed to %llx",
              (unsigned long long) value);
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
  /* A rootless collective whose send buffer counts on every process
     (MPI_Allgather, MPI_Alltoall; the reductions MPI_Allreduce and
     MPI_Reduce_scatter_block, whose sendbuf mpi_collectives.def passes
     for this only): MPI_IN_PLACE is given as sendbuf on all processes or
     on none (MPI 4.0 sections 6.7, 6.8, 6.9.6, 6.10.1).  */
  if (!shape->root && shape->send_buf
      && (shape->send_at == PARCOACH_AT_EVERY
          || shape->send_at == PARCOACH_AT_TOTAL))
    parcoach_field_put (in, PARCOACH_FIELD_IN_PLACE,
                        parcoach_in_place (a, a->buf[0]));
  for (s = 0; s < 2; s++)
    {
      int at = s == 0 ? shape->send_at : shape->recv_at;
      int has_buf = s == 0 ? shape->send_buf : shape->recv_buf;
      long long count, size, signature;
      MPI_Datatype type;
      /* A reduction's count and datatype describe recvbuf when sendbuf
         is MPI_IN_PLACE: still compared.  */
      if (at == PARCOACH_AT_NOWHERE || at == PARCOACH_AT_PEER
          || at == PARCOACH_AT_PEERS || (at == PARCOACH_AT_ROOT && !is_root)
          || a->count[s] == NULL || a->type[s] == NULL
          || (has_buf && !shape->op && parcoach_in_place (a, a->buf[s]))
          || !parcoach_side (a, s, at, comm, &count, &type))
        continue;
      if (at == PARCOACH_AT_TOTAL && shape->op)
        {
          long long counts = parcoach_counts_value (a, s, comm);
          if (counts >= 0)
            parcoach_field_put (in, PARCOACH_FIELD_COUNTS, counts);
        }
      size = parcoach_side_size (count, type);
      if (size < 0)
        continue;
      parcoach_field_put (in, PARCOACH_FIELD_SIZE, size);
      signature = parcoach_signature (count, type);
      if (signature >= 0)
        parcoach_field_put (in, PARCOACH_FIELD_SIGNATURE, signature);
    }
}

/* ------------------------------------------------- pair by pair */

/* The v-variants match what each process sends to another with what that
   one receives from it (MPI 4.0 sections 6.6-6.8): a size and a type
   signature per pair of processes, which no value shared by every process
   can express.  The sides marked PEER (one count: this process's block)
   and PEERS (one count per process of the communicator) in
   mpi_collectives.def are compared by one more collective, which every
   process of the communicator makes: each process learns what its
   partners send it (or the root what each process sends, with the roots
   themselves, so that no digest need have compared them first), and
   compares.  */

struct parcoach_block
{
  long long size, signature; /* -1: not known */
};

static const struct parcoach_block parcoach_unknown_block = { -1, -1 };

/* Block I of side S (I = 0 for a single count); unknown when the side's
   count or datatype was not given (arguments MPI ignores on this
   process may be NULL).  */
static struct parcoach_block
parcoach_block_of (const struct parcoach_args *a, int s, long i)
{
  struct parcoach_block b = parcoach_unknown_block;
  int count;
  MPI_Datatype type;

  if (a->count[s] == NULL || a->type[s] == NULL)
    return b;
  count = parcoach_read_int (a, a->count[s], i);
  if (count < 0)
    return b;
  type = count == 0 ? MPI_DATATYPE_NULL : parcoach_read_type (a, a->type[s]);
  b.size = parcoach_side_size (count, type);
  b.signature = count == 0 ? -1 : parcoach_signature (count, type);
  return b;
}

/* Whether two blocks surely differ: their sizes, or else their
   signatures.  */
static int
parcoach_blocks_differ (struct parcoach_block x, struct parcoach_block y)
{
  if (x.size >= 0 && y.size >= 0 && x.size != y.size)
    return 1;
  return x.signature >= 0 && y.signature >= 0 && x.signature != y.signature;
}

static void
parcoach_describe_block (char *text, size_t size, struct parcoach_block b)
{
  char signature[96];
  if (b.signature >= 0)
    {
      parcoach_describe_signature (signature, sizeof signature, b.signature);
      snprintf (text, size, "%s (%lld bytes)", signature, b.size);
    }
  else
    snprintf (text, size, "%lld bytes", b.size);
}

/* The first J below N whose block OTHERS[J] differs from entry J of this
   process's side S, or -1.  */
static int
parcoach_first_mismatch (const struct parcoach_args *a, int s,
                         const struct parcoach_block *others, int n)
{
  int j;
  for (j = 0; j < n; j++)
    if (parcoach_blocks_differ (others[j], parcoach_block_of (a, s, j)))
      return j;
  return -1;
}

/* WHY: PAIR ("rank J sends %s, but ... expect %s") with the two blocks.  */
static void
parcoach_explain_pair (char *why, size_t size, const char *pair,
                       struct parcoach_block sent, struct parcoach_block expected)
{
  char s[160], e[160];
  parcoach_describe_block (s, sizeof s, sent);
  parcoach_describe_block (e, sizeof e, expected);
  snprintf (why, size, pair, s, e);
}

/* MPI_Gatherv and MPI_Scatterv: every process tells every other its root
   and its one block (Gatherv's send side, Scatterv's receive side; none
   when it is the root and that buffer is MPI_IN_PLACE); a process that
   sees another root says so, and the root compares each block with its
   own entry for that process.  An all-gather rather than a gather: a
   gather to roots that differ would not complete.  */
static int
parcoach_compare_rooted (const struct parcoach_args *a, int single, int n,
                         int rank, MPI_Comm comm, char *why, size_t why_size)
{
  struct parcoach_block own = parcoach_unknown_block, *theirs;
  long long mine[3], *all;
  int root = a->root != NULL ? parcoach_read_int (a, a->root, 0) : -1;
  int found = 0, j;
  char pair[192];

  if (!(rank == root && parcoach_in_place (a, a->buf[single])))
    own = parcoach_block_of (a, single, 0);
  mine[0] = root;
  mine[1] = own.size;
  mine[2] = own.signature;
  all = malloc ((size_t) n * 3 * sizeof *all);
  theirs = malloc ((size_t) n * sizeof *theirs);
  if (all == NULL || theirs == NULL)
    {
      fprintf (stderr, "PARCOACH: no memory to compare the blocks of a"
               " collective of %d processes\n", n);
      parcoach_stop_program ();
    }
  if (PMPI_Allgather (mine, 3, MPI_LONG_LONG, all, 3, MPI_LONG_LONG, comm)
      == MPI_SUCCESS)
    {
      for (j = 0; j < n && !found; j++)
        if (all[3 * j] != root)
          {
            snprintf (why, why_size, "rank %d gives root %lld, this process"
                      " root %d", j, all[3 * j], root);
            found = 1;
          }
      for (j = 0; j < n; j++)
        {
          theirs[j].size = all[3 * j + 1];
          theirs[j].signature = all[3 * j + 2];
        }
      if (!found && rank == root
          && (j = parcoach_first_mismatch (a, 1 - single, theirs, n)) >= 0)
        {
          if (single == 0)
            {
              snprintf (pair, sizeof pair, "rank %d sends %%s, but the root's"
                        " recvcounts[%d] and recvtype expect %%s", j, j);
              parcoach_explain_pair (why, why_size, pair, theirs[j],
                                     parcoach_block_of (a, 1, j));
            }
          else
            {
              snprintf (pair, sizeof pair, "the root's sendcounts[%d] and"
                        " sendtype send %%s, but rank %d's recvcount and"
                        " recvtype expect %%s", j, j);
              parcoach_explain_pair (why, why_size, pair,
                                     parcoach_block_of (a, 0, j), theirs[j]);
            }
          found = 1;
        }
    }
  free (all);
  free (theirs);
  return found;
}

int
parcoach_compare_peers (const struct parcoach_args *a, int colour,
                        MPI_Comm comm, char *why, size_t why_size)
{
  const struct parcoach_shape *shape;
  struct parcoach_block *mine, *theirs, own = parcoach_unknown_block;
  int n = 0, rank = -1, j, found = 0, err;
  char pair[192];

  /* Only what every process of COMM decides alike may skip the exchange
     (the others would wait for it): the collective and the
     communicator.  */
  if (a == NULL || !parcoach_known_colour (colour))
    return 0;
  shape = &parcoach_shapes[parcoach_collective_shapes[colour - 1]];
  if ((shape->send_at != PARCOACH_AT_PEER && shape->send_at != PARCOACH_AT_PEERS)
      || (shape->recv_at != PARCOACH_AT_PEER && shape->recv_at != PARCOACH_AT_PEERS)
      || PMPI_Comm_size (comm, &n) != MPI_SUCCESS
      || PMPI_Comm_rank (comm, &rank) != MPI_SUCCESS || n <= 0)
    return 0;
  if (shape->root)
    return parcoach_compare_rooted (a, shape->send_at == PARCOACH_AT_PEER ? 0 : 1,
                                    n, rank, comm, why, why_size);
  mine = malloc ((size_t) n * sizeof *mine);
  theirs = malloc ((size_t) n * sizeof *theirs);
  if (mine == NULL || theirs == NULL)
    {
      fprintf (stderr, "PARCOACH: no memory to compare the blocks of %s\n",
               parcoach_colour_name (colour));
      parcoach_stop_program ();
    }
  if (shape->send_at == PARCOACH_AT_PEER)
    {
      /* MPI_Allgatherv: each process sends every other one block; with
         MPI_IN_PLACE as sendbuf (then on every process), its own block is
         its entry of recvcounts, nothing to compare.  */
      if (!parcoach_in_place (a, a->buf[0]))
        own = parcoach_block_of (a, 0, 0);
      err = PMPI_Allgather (&own, 2, MPI_LONG_LONG, theirs, 2, MPI_LONG_LONG, comm);
      if (err == MPI_SUCCESS && (j = parcoach_first_mismatch (a, 1, theirs, n)) >= 0)
        {
          snprintf (pair, sizeof pair, "rank %d sends %%s, but this process's"
                    " recvcounts[%d] and recvtype expect %%s", j, j);
          parcoach_explain_pair (why, why_size, pair, theirs[j],
                                 parcoach_block_of (a, 1, j));
          found = 1;
        }
    }
  else
    {
      /* MPI_Alltoallv: each process tells each other the block it sends
         it; with MPI_IN_PLACE as sendbuf, what it sends is described by
         its receive side.  */
      int in_place = parcoach_in_place (a, a->buf[0]);
      for (j = 0; j < n; j++)
        mine[j] = parcoach_block_of (a, in_place ? 1 : 0, j);
      err = PMPI_Alltoall (mine, 2, MPI_LONG_LONG, theirs, 2, MPI_LONG_LONG, comm);
      if (err == MPI_SUCCESS && (j = parcoach_first_mismatch (a, 1, theirs, n)) >= 0)
        {
          snprintf (pair, sizeof pair, "rank %d's sendcounts[%d] and sendtype"
                    " send %%s, but this process's recvcounts[%d] and recvtype"
                    " expect %%s", j, rank, j);
          parcoach_explain_pair (why, why_size, pair, theirs[j],
                                 parcoach_block_of (a, 1, j));
          found = 1;
        }
    }
  free (mine);
  free (theirs);
  return found;
}

/* MPI_Reduce_scatter: the array of counts must be the same on every
   process (MPI 4.0 section 6.10.1), which the checks inserted by the
   plugin compare inside their digest; the wrappers, with no digest, by
   one all-gather of its summary.  */
int
parcoach_compare_counts (const struct parcoach_args *a, int colour,
                         MPI_Comm comm, char *why, size_t why_size)
{
  const struct parcoach_shape *shape;
  long long own, *all;
  int n = 0, s, j, found = 0;
  char mine[96], theirs[96];

  if (a == NULL || !parcoach_known_colour (colour))
    return 0;
  shape = &parcoach_shapes[parcoach_collective_shapes[colour - 1]];
  s = shape->send_at == PARCOACH_AT_TOTAL ? 0 : 1;
  if (!shape->op || (s == 1 && shape->recv_at != PARCOACH_AT_TOTAL)
      || PMPI_Comm_size (comm, &n) != MPI_SUCCESS || n <= 0)
    return 0;
  own = a->count[s] != NULL ? parcoach_counts_value (a, s, comm) : -1;
  all = malloc ((size_t) n * sizeof *all);
  if (all == NULL)
    {
      fprintf (stderr, "PARCOACH: no memory to compare the counts of %s\n",
               parcoach_colour_name (colour));
      parcoach_stop_program ();
    }
  if (PMPI_Allgather (&own, 1, MPI_LONG_LONG, all, 1, MPI_LONG_LONG, comm)
      == MPI_SUCCESS)
    for (j = 0; j < n && !found; j++)
      if (own >= 0 && all[j] >= 0 && all[j] != own)
        {
          parcoach_describe_counts (theirs, sizeof theirs, all[j]);
          parcoach_describe_counts (mine, sizeof mine, own);
          snprintf (why, why_size, "rank %d gives %s, this process %s", j,
                    theirs, mine);
          found = 1;
        }
  free (all);
  return found;
}
