/* Run-time buffer checks: the buffers of pending nonblocking operations.

   The wrappers of the nonblocking calls (parcoach_requests.c for requests,
   parcoach_rma.c for the origin buffers of one-sided operations) register
   the bytes each pending operation owns, and release them when the
   operation completes.  The plugin inserts, at the loads and stores that
   may touch such a buffer (gimple/buffer_checks.cc), a guarded call

     if (address < parcoach_buffers_read_lo
         || address + size > parcoach_buffers_read_end)
       parcoach_buffer_access (address, size, writes, file, line);

   (the write_ pair for a store): the runtime publishes, for reads and for
   writes, an interval known to hold no byte forbidden to that access.
   With nothing pending it is the whole address space; the slow path, when
   it finds an access allowed, widens it to the gap between the forbidden
   ranges around that access, so that a loop over an array next to a
   pending buffer calls the runtime about once, and a program with
   nothing pending pays two loads and two compares per access.  A new
   pending range is cut out of it, keeping the side where the slow path
   last allowed an access (parcoach_buffers_cut): a loop that asked in
   one iteration of a halo exchange need not ask again in the next.
   Call-free counted loops are tested once, before the loop, by interval
   (parcoach_buffer_range_allowed).
   The call stops the job with one "PARCOACH:" line when the access breaks
   the rules of MPI (MPI-3.1 3.7.2, 5.12, 11.3):
     - a send buffer (MPI_Isend..., the send buffer of a nonblocking
       collective, the origin of MPI_Put or MPI_Accumulate) may be read but
       not written until the operation completes (reading it is allowed
       since MPI 3.0);
     - a receive buffer (MPI_Irecv, the receive buffer of a nonblocking
       collective, the origin of MPI_Get, the result buffer of
       MPI_Get_accumulate, MPI_Fetch_and_op, MPI_Compare_and_swap) may be
       neither read nor written.
   A request's buffers are free again when MPI_Wait*, a successful
   MPI_Test*, or MPI_Request_free (we cannot see when the operation then
   completes: forgotten) says so; a persistent request's buffers are
   pending only between MPI_Start and its completion.  An RMA origin buffer
   is free again at the call completing the operation at the origin
   (fence, unlock, unlock_all, complete, any flush), and that of a
   request-based one (MPI_Rput, MPI_Rget, MPI_Raccumulate,
   MPI_Rget_accumulate) also at the completion of its request, whichever
   comes first.

   Only what is certain is registered: datatypes whose bytes are one
   contiguous block (a strided type has holes the program may use), not
   MPI_BOTTOM, only at thread levels up to MPI_THREAD_FUNNELED, and the
   checks run only in the thread that registered (the one thread calling
   MPI): another thread may freely touch memory while the table changes.
   A request value that comes back from a new creating call must have
   completed (MPI reuses only freed values): its old buffers are dropped,
   so a completion the runtime did not see cannot leave a stale entry.
   PARCOACH_BUFFERS=0 (or off) turns the registration, hence the checks,
   off.  */
#include "parcoach_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARCOACH_EXPORT __attribute__ ((visibility ("default")))

/* One registered byte range.  */
struct parcoach_buffer
{
  uintptr_t lo, hi;     /* [lo, hi) */
  uintptr_t owner;      /* the request's value, or the window's */
  uintptr_t request;    /* RMA: the request of MPI_Rput...; 0: none */
  int target;           /* RMA: the target rank; requests: -1 */
  unsigned char forbids_reads, persistent, active, rma;
  const char *call;     /* "MPI_Irecv" */
  const char *file;     /* the plugin's site of the call, or NULL */
  int line;
};

/* Read by the plugin's guard: [lo, end) holds no byte a read (write)
   may not touch now.  Empty (lo > end) until the slow path fills it.  */
PARCOACH_EXPORT uintptr_t parcoach_buffers_read_lo = 0;
PARCOACH_EXPORT uintptr_t parcoach_buffers_read_end = UINTPTR_MAX;
PARCOACH_EXPORT uintptr_t parcoach_buffers_write_lo = 0;
PARCOACH_EXPORT uintptr_t parcoach_buffers_write_end = UINTPTR_MAX;

/* How many registered ranges are active (kept up to date by every
   change of an entry's `active', so that no change scans the table).  */
static int parcoach_buffers_pending;

/* After a change of the active ranges: everything is safe with none;
   otherwise nothing is known until the slow path looks (MORE: ranges were
   added; when some were only released, the intervals stay valid).  */
static void
parcoach_buffers_publish (int more)
{
  if (parcoach_buffers_pending == 0)
    {
      parcoach_buffers_read_lo = parcoach_buffers_write_lo = 0;
      parcoach_buffers_read_end = parcoach_buffers_write_end = UINTPTR_MAX;
    }
  else if (more)
    {
      parcoach_buffers_read_lo = parcoach_buffers_write_lo = UINTPTR_MAX;
      parcoach_buffers_read_end = parcoach_buffers_write_end = 0;
    }
}

/* Where the last access or interval the slow path allowed began, for
   reads and for writes: a loop that asked is likely to ask again.  */
static uintptr_t parcoach_buffers_read_hint, parcoach_buffers_write_hint;

/* A new forbidden range [LO, HI): the safe interval [*SAFE_LO, *SAFE_END)
   loses it.  Of the pieces below and above it, the one holding HINT is
   kept (else the larger), so that a loop next to the new buffer, which
   asked last time, finds its interval still safe instead of asking again
   after every new nonblocking call.  */
static void
parcoach_buffers_cut (uintptr_t *safe_lo, uintptr_t *safe_end, uintptr_t lo,
                      uintptr_t hi, uintptr_t hint)
{
  uintptr_t below, above;

  if (hi <= *safe_lo || lo >= *safe_end)
    return; /* disjoint, or the interval is empty */
  below = lo > *safe_lo ? lo - *safe_lo : 0;
  above = *safe_end > hi ? *safe_end - hi : 0;
  if (hint >= hi && hint < *safe_end)
    *safe_lo = hi;
  else if (hint >= *safe_lo && hint < lo)
    *safe_end = lo;
  else if (below >= above)
    *safe_end = lo;
  else
    *safe_lo = hi;
  if (*safe_end <= *safe_lo)
    {
      /* nothing left: empty, as publish makes it */
      *safe_lo = UINTPTR_MAX;
      *safe_end = 0;
    }
}

static struct parcoach_buffer *parcoach_buffers;
static int parcoach_buffers_count, parcoach_buffers_capacity;

/* -1: undecided; 0: off; 1: on.  */
static int parcoach_buffers_mode = -1;
/* Set in the thread that registers (the only one calling MPI).  */
static __thread __attribute__ ((tls_model ("initial-exec"))) int
  parcoach_buffers_this_thread;

static int
parcoach_buffers_on (void)
{
  if (__builtin_expect (parcoach_buffers_mode < 0, 0))
    {
      const char *v = getenv ("PARCOACH_BUFFERS");
      int provided = MPI_THREAD_SINGLE;
      parcoach_buffers_mode = 1;
      if (v != NULL && (strcmp (v, "0") == 0 || strcmp (v, "off") == 0))
        parcoach_buffers_mode = 0;
      else if (PMPI_Query_thread (&provided) != MPI_SUCCESS
               || provided > MPI_THREAD_FUNNELED)
        parcoach_buffers_mode = 0;
    }
  if (parcoach_buffers_mode)
    parcoach_buffers_this_thread = 1;
  return parcoach_buffers_mode;
}


/* The bytes COUNT elements of TYPE at BUF cover, when they are one block
   without holes.  One datatype's layout is remembered (the same
   predefined type comes again and again).  */
static int
parcoach_buffer_bytes (const void *buf, MPI_Aint count, MPI_Datatype type,
                       uintptr_t *lo, uintptr_t *hi)
{
  static MPI_Datatype known = MPI_DATATYPE_NULL;
  static MPI_Aint known_extent, known_true_lb, known_true_extent;
  static int known_size;
  MPI_Aint span;

  if (buf == NULL || buf == MPI_BOTTOM || buf == MPI_IN_PLACE || count <= 0
      || type == MPI_DATATYPE_NULL)
    return 0;
  if (type != known)
    {
      MPI_Aint lb, extent, true_lb, true_extent;
      int size;
      if (PMPI_Type_get_extent (type, &lb, &extent) != MPI_SUCCESS
          || PMPI_Type_get_true_extent (type, &true_lb, &true_extent)
               != MPI_SUCCESS
          || PMPI_Type_size (type, &size) != MPI_SUCCESS || size <= 0)
        return 0;
      known = type;
      known_extent = extent;
      known_true_lb = true_lb;
      known_true_extent = true_extent;
      known_size = size;
    }
  span = (count - 1) * known_extent + known_true_extent;
  if (count * (MPI_Aint) known_size != span)
    return 0;
  *lo = (uintptr_t) buf + (uintptr_t) known_true_lb;
  *hi = *lo + (uintptr_t) span;
  return 1;
}

/* Drops entry I (order does not matter).  */
static void
parcoach_buffer_drop (int i)
{
  parcoach_buffers_pending -= parcoach_buffers[i].active;
  parcoach_buffers[i] = parcoach_buffers[--parcoach_buffers_count];
}

/* The new entry (NULL: nothing registered).  */
static struct parcoach_buffer *
parcoach_buffer_new (uintptr_t owner, int target, int rma, const void *buf,
                     MPI_Aint count, MPI_Datatype type, int forbids_reads,
                     int persistent, const char *call, const char *file,
                     int line)
{
  struct parcoach_buffer *b;
  uintptr_t lo, hi;

  if (owner == 0 || !parcoach_buffers_on ()
      || !parcoach_buffer_bytes (buf, count, type, &lo, &hi))
    return NULL;
  if (parcoach_buffers_count == parcoach_buffers_capacity)
    {
      int capacity = parcoach_buffers_capacity ? 2 * parcoach_buffers_capacity
                                               : 32;
      struct parcoach_buffer *grown
        = realloc (parcoach_buffers, (size_t) capacity * sizeof *grown);
      if (grown == NULL)
        return NULL;
      parcoach_buffers = grown;
      parcoach_buffers_capacity = capacity;
    }
  b = &parcoach_buffers[parcoach_buffers_count++];
  b->lo = lo;
  b->hi = hi;
  b->owner = owner;
  b->request = 0;
  b->target = target;
  b->rma = (unsigned char) rma;
  b->forbids_reads = (unsigned char) forbids_reads;
  b->persistent = (unsigned char) persistent;
  b->active = !persistent;
  b->call = call;
  b->file = file;
  b->line = line;
  if (b->active)
    {
      /* The intervals hold no byte forbidden before: cutting the new
         range out of them keeps that true.  */
      parcoach_buffers_pending++;
      parcoach_buffers_cut (&parcoach_buffers_write_lo,
                            &parcoach_buffers_write_end, lo, hi,
                            parcoach_buffers_write_hint);
      if (forbids_reads)
        parcoach_buffers_cut (&parcoach_buffers_read_lo,
                              &parcoach_buffers_read_end, lo, hi,
                              parcoach_buffers_read_hint);
    }
  return b;
}

void
parcoach_buffers_add (uintptr_t owner, int target, int rma, const void *buf,
                      MPI_Aint count, MPI_Datatype type, int forbids_reads,
                      int persistent, const char *call, const char *file,
                      int line)
{
  parcoach_buffer_new (owner, target, rma, buf, count, type, forbids_reads,
                       persistent, call, file, line);
}

void
parcoach_buffers_add_rma_request (uintptr_t window, int target,
                                  uintptr_t request, const void *buf,
                                  MPI_Aint count, MPI_Datatype type,
                                  int forbids_reads, const char *call,
                                  const char *file, int line)
{
  struct parcoach_buffer *b;
  /* Without the completions of requests, MPI_Wait would not free it.  */
  if (request == 0 || !parcoach_requests_followed ())
    return;
  b = parcoach_buffer_new (window, target, 1, buf, count, type,
                           forbids_reads, 0, call, file, line);
  if (b != NULL)
    b->request = request;
}

int
parcoach_buffers_any (void)
{
  return parcoach_buffers_count != 0;
}

/* Whether entry B belongs to the request of value KEY.  */
static int
parcoach_buffer_of_request (const struct parcoach_buffer *b, uintptr_t key)
{
  return b->rma ? b->request == key : b->owner == key;
}

void
parcoach_buffers_request_created (uintptr_t request)
{
  int i, dropped = 0;
  /* A value MPI hands out again belongs to a completed request.  */
  for (i = parcoach_buffers_count - 1; i >= 0; i--)
    if (parcoach_buffer_of_request (&parcoach_buffers[i], request))
      {
        parcoach_buffer_drop (i);
        dropped = 1;
      }
  if (dropped)
    parcoach_buffers_publish (0);
}

void
parcoach_buffers_requests_done (const MPI_Request *values, int count,
                                int freed)
{
  int k, i, changed = 0;

  if (parcoach_buffers_count == 0 || values == NULL)
    return;
  for (k = 0; k < count; k++)
    {
      uintptr_t key = 0;
      if (values[k] == MPI_REQUEST_NULL)
        continue;
      memcpy (&key, &values[k], sizeof values[k]);
      for (i = parcoach_buffers_count - 1; i >= 0; i--)
        {
          struct parcoach_buffer *b = &parcoach_buffers[i];
          if (!parcoach_buffer_of_request (b, key))
            continue;
          changed = 1;
          if (b->persistent && !freed)
            {
              parcoach_buffers_pending -= b->active;
              b->active = 0;
            }
          else
            parcoach_buffer_drop (i);
        }
    }
  if (changed)
    parcoach_buffers_publish (0);
}

void
parcoach_buffers_requests_started (const MPI_Request *values, int count)
{
  int k, i, changed = 0;

  if (parcoach_buffers_count == 0 || values == NULL)
    return;
  for (k = 0; k < count; k++)
    {
      uintptr_t key = 0;
      if (values[k] == MPI_REQUEST_NULL)
        continue;
      memcpy (&key, &values[k], sizeof values[k]);
      for (i = 0; i < parcoach_buffers_count; i++)
        if (!parcoach_buffers[i].rma && parcoach_buffers[i].owner == key
            && parcoach_buffers[i].persistent)
          {
            parcoach_buffers_pending += !parcoach_buffers[i].active;
            parcoach_buffers[i].active = 1;
            changed = 1;
          }
    }
  if (changed)
    parcoach_buffers_publish (1);
}

void
parcoach_buffers_rma_done (uintptr_t window, int target)
{
  int i, changed = 0;

  for (i = parcoach_buffers_count - 1; i >= 0; i--)
    if (parcoach_buffers[i].rma && parcoach_buffers[i].owner == window
        && (target < 0 || parcoach_buffers[i].target == target))
      {
        parcoach_buffer_drop (i);
        changed = 1;
      }
  if (changed)
    parcoach_buffers_publish (0);
}

/* The first active entry forbidding some byte of [LO, HI) to a read
   (WRITES 0) or a write, or NULL; then [*GAP_LO, *GAP_END) is the gap
   between the forbidden ranges around [LO, HI).  */
static const struct parcoach_buffer *
parcoach_buffers_forbidding (uintptr_t lo, uintptr_t hi, int writes,
                             uintptr_t *gap_lo, uintptr_t *gap_end)
{
  int i;

  *gap_lo = 0;
  *gap_end = UINTPTR_MAX;
  for (i = 0; i < parcoach_buffers_count; i++)
    {
      const struct parcoach_buffer *b = &parcoach_buffers[i];
      if (!b->active || (!writes && !b->forbids_reads))
        continue;
      if (b->hi <= lo)
        {
          if (b->hi > *gap_lo)
            *gap_lo = b->hi;
          continue;
        }
      if (b->lo >= hi)
        {
          if (b->lo < *gap_end)
            *gap_end = b->lo;
          continue;
        }
      return b;
    }
  return NULL;
}

/* After an allowed access at ADDRESS: the gap around it is safe for
   that kind.  */
static void
parcoach_buffers_widen (int writes, uintptr_t address, uintptr_t gap_lo,
                        uintptr_t gap_end)
{
  if (writes)
    {
      parcoach_buffers_write_lo = gap_lo;
      parcoach_buffers_write_end = gap_end;
      parcoach_buffers_write_hint = address;
    }
  else
    {
      parcoach_buffers_read_lo = gap_lo;
      parcoach_buffers_read_end = gap_end;
      parcoach_buffers_read_hint = address;
    }
}

/* The slow path of the plugin's check: something is pending.  */
PARCOACH_EXPORT void
parcoach_buffer_access (const void *address, unsigned long size, int writes,
                        const char *file, int line)
{
  uintptr_t lo = (uintptr_t) address, hi = lo + size;
  uintptr_t gap_lo, gap_end;
  const struct parcoach_buffer *b;
  char operation[512];
  int rank = -1;

  if (!parcoach_buffers_this_thread || !parcoach_mpi_usable ())
    return;
  b = parcoach_buffers_forbidding (lo, hi, writes, &gap_lo, &gap_end);
  if (b == NULL)
    {
      parcoach_buffers_widen (writes, lo, gap_lo, gap_end);
      return;
    }
  if (b->file != NULL)
    snprintf (operation, sizeof operation, "%s at %s:%d", b->call, b->file,
              b->line);
  else
    snprintf (operation, sizeof operation, "%s", b->call);
  PMPI_Comm_rank (MPI_COMM_WORLD, &rank);
  fprintf (stderr,
           "PARCOACH: rank %d of MPI_COMM_WORLD stops at %s:%d: this %s"
           " touches the %s buffer of the %s, still pending (%s): %s\n",
           rank, file != NULL ? file : "?", line, writes ? "write" : "read",
           b->forbids_reads ? "receive" : "send", operation,
           b->rma && b->request != 0
             ? "not completed by MPI_Wait or MPI_Test on its request, nor"
               " by MPI_Win_fence, MPI_Win_unlock, MPI_Win_complete or a"
               " flush"
           : b->rma ? "not completed by MPI_Win_fence, MPI_Win_unlock,"
                      " MPI_Win_complete or a flush"
                    : "not completed by MPI_Wait or MPI_Test",
           b->forbids_reads
             ? "MPI forbids reading or writing it until the operation"
               " completes"
             : "MPI forbids writing it until the operation completes");
  fflush (stderr);
  parcoach_let_output_drain ();
  parcoach_stop_program ();
}

/* Before a loop whose checks the plugin hoisted (gimple/buffer_checks.cc):
   whether every byte of [ADDRESS, ADDRESS + SIZE) may be read (WRITES 0)
   or written now.  Never stops: on 0 the loop runs with a check before
   each access, which stops at the access that breaks the rule.  1 also
   where the checks would pass anyway (another thread).
   An allowed interval widens the safe one, as an allowed access does.  */
PARCOACH_EXPORT int
parcoach_buffer_range_allowed (const void *address, unsigned long size,
                               int writes)
{
  uintptr_t lo = (uintptr_t) address, hi = lo + size;
  uintptr_t gap_lo, gap_end;

  /* No parcoach_mpi_usable () here (two MPI calls): a 0 only chooses
     the checked loop, whose checks ask it.  */
  if (!parcoach_buffers_this_thread)
    return 1;
  if (hi < lo)
    return 0; /* wraps: a loop that runs no iteration, or nonsense */
  if (parcoach_buffers_forbidding (lo, hi, writes, &gap_lo, &gap_end) != NULL)
    return 0;
  parcoach_buffers_widen (writes, lo, gap_lo, gap_end);
  return 1;
}
