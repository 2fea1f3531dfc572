/* dladdr (GNU) names the code that created a request, while the Makefile
   compiles with -std=c99.  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

/* Run-time tracking of nonblocking requests, through the MPI profiling
   interface: this file defines the MPI_ names below and calls the PMPI_
   ones.

   Tracked (created):  MPI_Isend, Ibsend, Issend, Irsend, Irecv;
     MPI_Ibarrier, Ibcast, Ireduce, Iallreduce, Igather(v), Iscatter(v),
     Iallgather(v), Ialltoall(v), Iscan, Iexscan, Ireduce_scatter_block;
     persistent MPI_Send_init, Bsend_init, Ssend_init, Rsend_init,
     Recv_init (inactive until MPI_Start / MPI_Startall).
   Completed: MPI_Wait, Waitall, Waitany, Waitsome, Test, Testall, Testany,
     Testsome (when they say so), MPI_Request_free (allowed on an active
     request: the operation then completes on its own).  A persistent
     request completed is inactive again, until the next MPI_Start.

   At MPI_Finalize (parcoach_requests_at_finalize, called by the wrapper in
   parcoach_pmpi_lifecycle.c), a request still active is an error (MPI
   requires every nonblocking operation to be completed first): the process
   prints one line per such request, naming the call that created it and
   where (file:line when the plugin passed it, otherwise the calling
   function), and whether its handle was overwritten by a later
   nonblocking call while it was active, then stops the job with MPI_Abort.

   Why an overwritten handle is not stopped on the spot: a program may
   legitimately copy a handle and reuse the variable (`MPI_Irecv (...,
   &r); pending[n++] = r;'), then complete the copy; the runtime cannot see
   the copy.  So the overwrite is remembered, and reported if the request
   is indeed never completed.

   The table is keyed by the request's value (an int in MPICH, a pointer
   in Open MPI): a small open-addressing hash, touched once per creation
   and once per completed request.  No lock unless the thread level is
   MPI_THREAD_MULTIPLE.  Whatever the runtime is unsure of (an array it
   cannot copy, an error return), it forgets: a missed check rather than a
   correct program stopped.  Requests it did not create (generalized
   requests, file I/O, RMA, MPI_Imrecv, persistent collectives) are never
   in the table, so their completions are ignored.

   PARCOACH_REQUESTS=off (or 0) switches the tracking off.  */
#include "parcoach_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert (sizeof (MPI_Request) <= sizeof (uintptr_t),
                "a request handle must fit a table key");

#define PARCOACH_EXPORT __attribute__ ((visibility ("default")))

/* Where a request was created, or its handle overwritten.  */
struct parcoach_request_site
{
  const char *call;  /* "MPI_Isend"; NULL: none */
  const char *file;  /* from the plugin (parcoach_request_site), or NULL */
  int line;
  void *caller;      /* return address of the call */
};

struct parcoach_request_entry
{
  uintptr_t key;         /* the request's value; 0: free slot */
  const void *handle;    /* the MPI_Request the creating call wrote */
  unsigned char persistent, active;
  struct parcoach_request_site created, overwritten;
};

/* The table: CAPACITY slots (a power of two, or 0), COUNT used.  */
static struct parcoach_request_entry *parcoach_requests;
static size_t parcoach_requests_capacity, parcoach_requests_count;
static pthread_mutex_t parcoach_requests_mutex = PTHREAD_MUTEX_INITIALIZER;

/* -1: not decided yet; 0: off; 1: on, no lock; 2: on, locked
   (MPI_THREAD_MULTIPLE).  */
enum { PARCOACH_REQ_UNDECIDED = -1, PARCOACH_REQ_OFF, PARCOACH_REQ_ON,
       PARCOACH_REQ_LOCKED };
static int parcoach_requests_mode = PARCOACH_REQ_UNDECIDED;

/* The site the plugin announced for the next nonblocking call of this
   thread (parcoach_request_site), consumed by that call.  Initial-exec:
   read at every nonblocking call, without a __tls_get_addr call each time
   (the library is linked into the program, not opened later; a few bytes
   fit glibc's reserve even then).  */
#define PARCOACH_FAST_TLS __thread __attribute__ ((tls_model ("initial-exec")))
static PARCOACH_FAST_TLS const char *parcoach_next_file;
static PARCOACH_FAST_TLS int parcoach_next_line;

void
parcoach_request_site (const char *file, int line)
{
  parcoach_next_file = file;
  parcoach_next_line = line;
}

void
parcoach_take_site (const char **file, int *line)
{
  *file = parcoach_next_file;
  *line = parcoach_next_line;
  parcoach_next_file = NULL;
}

/* Whether COMM is an intra-communicator whose rank of this process is
   *RANK (the collectives' buffers are registered only then: an
   inter-communicator's roots follow other rules).  */
static int
parcoach_intra_rank (MPI_Comm comm, int *rank)
{
  int inter = 1;
  return PMPI_Comm_test_inter (comm, &inter) == MPI_SUCCESS && !inter
         && PMPI_Comm_rank (comm, rank) == MPI_SUCCESS;
}

static int
parcoach_requests_decide (void)
{
  const char *v = getenv ("PARCOACH_REQUESTS");
  int provided = MPI_THREAD_SINGLE, mode;

  if (v != NULL && (strcmp (v, "off") == 0 || strcmp (v, "0") == 0))
    mode = PARCOACH_REQ_OFF;
  else if (PMPI_Query_thread (&provided) == MPI_SUCCESS
           && provided == MPI_THREAD_MULTIPLE)
    mode = PARCOACH_REQ_LOCKED;
  else
    mode = PARCOACH_REQ_ON;
  __atomic_store_n (&parcoach_requests_mode, mode, __ATOMIC_RELAXED);
  return mode;
}

/* The mode, decided at the first call after MPI_Init (every wrapper runs
   after it: a request cannot exist before).  */
static inline int
parcoach_requests_mode_now (void)
{
  int mode = __atomic_load_n (&parcoach_requests_mode, __ATOMIC_RELAXED);
  return __builtin_expect (mode != PARCOACH_REQ_UNDECIDED, 1)
           ? mode : parcoach_requests_decide ();
}

static inline void
parcoach_requests_lock (int mode)
{
  if (mode == PARCOACH_REQ_LOCKED)
    pthread_mutex_lock (&parcoach_requests_mutex);
}

static inline void
parcoach_requests_unlock (int mode)
{
  if (mode == PARCOACH_REQ_LOCKED)
    pthread_mutex_unlock (&parcoach_requests_mutex);
}

static inline uintptr_t
parcoach_request_key (MPI_Request request)
{
  uintptr_t key = 0;
  if (request == MPI_REQUEST_NULL)
    return 0;
  memcpy (&key, &request, sizeof request);
  return key;
}

static inline size_t
parcoach_request_slot (uintptr_t key, size_t capacity)
{
  uint64_t h = (uint64_t) key * UINT64_C (0x9E3779B97F4A7C15);
  return (size_t) (h ^ (h >> 29)) & (capacity - 1);
}

/* The entry of KEY that HANDLE (NULL: any) most likely designates, or
   NULL.  One value may have several entries: MPICH gives every send that
   completed at once the same prebuilt request, Open MPI every operation
   with MPI_PROC_NULL the same empty one, and each use must be completed.
   Preferred: an entry whose handle is HANDLE, then one whose handle has
   not been overwritten since (the handle now holds the newer request).  */
static struct parcoach_request_entry *
parcoach_request_find (uintptr_t key, const void *handle)
{
  struct parcoach_request_entry *best = NULL;
  int best_score = -1;
  size_t i;

  if (key == 0 || parcoach_requests_count == 0)
    return NULL;
  for (i = parcoach_request_slot (key, parcoach_requests_capacity);
       parcoach_requests[i].key != 0;
       i = (i + 1) & (parcoach_requests_capacity - 1))
    if (parcoach_requests[i].key == key)
      {
        struct parcoach_request_entry *entry = &parcoach_requests[i];
        int score = 2 * (handle != NULL && entry->handle == handle)
                    + (entry->overwritten.call == NULL);
        if (score > best_score)
          {
            best = entry;
            best_score = score;
          }
      }
  return best;
}

/* Removes ENTRY, shifting back the entries of its probe chain (no
   tombstones: the table never degrades).  */
static void
parcoach_request_remove (struct parcoach_request_entry *entry)
{
  size_t mask = parcoach_requests_capacity - 1;
  size_t hole = (size_t) (entry - parcoach_requests), i = hole;

  for (;;)
    {
      size_t home;
      i = (i + 1) & mask;
      if (parcoach_requests[i].key == 0)
        break;
      home = parcoach_request_slot (parcoach_requests[i].key,
                                    parcoach_requests_capacity);
      /* Move I into the hole unless its home lies cyclically in
         (hole, i].  */
      if (((i - home) & mask) >= ((i - hole) & mask))
        {
          parcoach_requests[hole] = parcoach_requests[i];
          hole = i;
        }
    }
  parcoach_requests[hole].key = 0;
  parcoach_requests_count--;
}

/* Room for one more entry (load at most 1/2).  0 when out of memory.  */
static int
parcoach_requests_reserve (void)
{
  struct parcoach_request_entry *old = parcoach_requests, *grown;
  size_t old_capacity = parcoach_requests_capacity, capacity, i;

  if (2 * (parcoach_requests_count + 1) <= parcoach_requests_capacity)
    return 1;
  capacity = old_capacity ? 2 * old_capacity : 64;
  grown = calloc (capacity, sizeof *grown);
  if (grown == NULL)
    return 0;
  for (i = 0; i < old_capacity; i++)
    if (old[i].key != 0)
      {
        size_t j = parcoach_request_slot (old[i].key, capacity);
        while (grown[j].key != 0)
          j = (j + 1) & (capacity - 1);
        grown[j] = old[i];
      }
  parcoach_requests = grown;
  parcoach_requests_capacity = capacity;
  free (old);
  return 1;
}

/* The request REQUEST (a handle at HANDLE, whose value before the call
   was PREVIOUS) has just been created by CALL, returning to CALLER.  */
static void
parcoach_request_created (const MPI_Request *handle, MPI_Request previous,
                          const char *call, int persistent, void *caller)
{
  int mode = parcoach_requests_mode_now ();
  uintptr_t key, previous_key;
  struct parcoach_request_site site;
  struct parcoach_request_entry *entry;

  if (mode == PARCOACH_REQ_OFF)
    {
      parcoach_next_file = NULL;
      return;
    }
  key = parcoach_request_key (*handle);
  previous_key = parcoach_request_key (previous);
  site.call = call;
  site.file = parcoach_next_file;
  site.line = parcoach_next_line;
  site.caller = caller;
  parcoach_next_file = NULL;
  if (key == 0)
    return;
  parcoach_requests_lock (mode);
  /* The handle held an active request created there, and not yet
     overwritten: it is now (reported only if never completed).  */
  entry = parcoach_request_find (previous_key, handle);
  if (entry != NULL && entry->active && entry->handle == handle
      && entry->overwritten.call == NULL)
    entry->overwritten = site;
  if (parcoach_requests_reserve ())
    {
      size_t i = parcoach_request_slot (key, parcoach_requests_capacity);
      while (parcoach_requests[i].key != 0)
        i = (i + 1) & (parcoach_requests_capacity - 1);
      entry = &parcoach_requests[i];
      parcoach_requests_count++;
      entry->key = key;
      entry->handle = handle;
      entry->persistent = (unsigned char) persistent;
      entry->active = !persistent;
      entry->created = site;
      entry->overwritten.call = NULL;
    }
  parcoach_requests_unlock (mode);
}

/* The COUNT requests of VALUES are completed (or freed, with FREED); the
   handles they were read from are HANDLES (the same array, or the user's
   array when VALUES is a copy).  MPI_REQUEST_NULL and untracked ones are
   ignored.  */
static void
parcoach_requests_completed (const MPI_Request *values,
                             const MPI_Request *handles, int count,
                             int freed)
{
  int mode = __atomic_load_n (&parcoach_requests_mode, __ATOMIC_RELAXED);
  int k;

  if (mode <= PARCOACH_REQ_OFF || values == NULL)
    return;
  parcoach_requests_lock (mode);
  parcoach_buffers_requests_done (values, count, freed);
  for (k = 0; k < count && parcoach_requests_count > 0; k++)
    {
      struct parcoach_request_entry *entry
        = parcoach_request_find (parcoach_request_key (values[k]),
                                 &handles[k]);
      if (entry == NULL)
        continue;
      if (entry->persistent && !freed)
        {
          entry->active = 0;
          entry->overwritten.call = NULL;
        }
      else
        parcoach_request_remove (entry);
    }
  parcoach_requests_unlock (mode);
}

/* MPI_Start of the COUNT persistent requests of REQUESTS.  */
static void
parcoach_requests_started (const MPI_Request *requests, int count)
{
  int mode = __atomic_load_n (&parcoach_requests_mode, __ATOMIC_RELAXED);
  int k;

  if (mode <= PARCOACH_REQ_OFF || requests == NULL)
    return;
  parcoach_requests_lock (mode);
  parcoach_buffers_requests_started (requests, count);
  for (k = 0; k < count; k++)
    {
      struct parcoach_request_entry *entry
        = parcoach_request_find (parcoach_request_key (requests[k]),
                                 &requests[k]);
      if (entry != NULL && entry->persistent)
        entry->active = 1;
    }
  parcoach_requests_unlock (mode);
}

int
parcoach_requests_followed (void)
{
  return parcoach_requests_mode_now () > PARCOACH_REQ_OFF;
}

/* Whether any request is tracked now, or any buffer registered (that of
   a request-based RMA operation is not in the table): a hint, the callers
   copy arrays only then.  */
static inline int
parcoach_requests_tracked (void)
{
  int mode = __atomic_load_n (&parcoach_requests_mode, __ATOMIC_RELAXED);
  return mode > PARCOACH_REQ_OFF
         && (__atomic_load_n (&parcoach_requests_count, __ATOMIC_RELAXED) != 0
             || (mode == PARCOACH_REQ_ON && parcoach_buffers_any ()));
}

/* "MPI_Isend at app.c:12", "MPI_Isend called from f+0x2c in lib.so" or
   "MPI_Isend called from ./app+0x11c9" for SITE, in TEXT.  */
static void
parcoach_describe_site (char *text, size_t size,
                        const struct parcoach_request_site *site)
{
  Dl_info info;

  if (site->file != NULL)
    snprintf (text, size, "%s at %s:%d", site->call, site->file, site->line);
  else if (site->caller != NULL && dladdr (site->caller, &info) != 0
           && info.dli_sname != NULL)
    snprintf (text, size, "%s called from %s+0x%lx in %s", site->call,
              info.dli_sname,
              (unsigned long) ((const char *) site->caller
                               - (const char *) info.dli_saddr),
              info.dli_fname != NULL ? info.dli_fname : "?");
  else if (site->caller != NULL && dladdr (site->caller, &info) != 0
           && info.dli_fname != NULL)
    /* An executable exports no symbol: the offset of the call in its
       file (the return address minus one), for addr2line -e FILE.  */
    snprintf (text, size, "%s called from %s+0x%lx", site->call,
              info.dli_fname,
              (unsigned long) ((const char *) site->caller - 1
                               - (const char *) info.dli_fbase));
  else
    snprintf (text, size, "%s", site->call);
}

/* Called by MPI_Finalize (parcoach_pmpi_lifecycle.c) before PMPI_Finalize:
   stops the job if a request of this process is still active.  */
void
parcoach_requests_at_finalize (void)
{
  enum { SHOWN = 8 };
  int mode = __atomic_load_n (&parcoach_requests_mode, __ATOMIC_RELAXED);
  int rank = -1, size = 0, active = 0;
  size_t i;

  if (mode <= PARCOACH_REQ_OFF)
    return;
  parcoach_requests_lock (mode);
  for (i = 0; i < parcoach_requests_capacity; i++)
    {
      const struct parcoach_request_entry *entry = &parcoach_requests[i];
      char created[512], overwritten[512];
      if (entry->key == 0 || !entry->active)
        continue;
      if (active++ == 0)
        {
          PMPI_Comm_rank (MPI_COMM_WORLD, &rank);
          PMPI_Comm_size (MPI_COMM_WORLD, &size);
        }
      if (active > SHOWN)
        continue;
      parcoach_describe_site (created, sizeof created, &entry->created);
      if (entry->overwritten.call != NULL)
        parcoach_describe_site (overwritten, sizeof overwritten,
                                &entry->overwritten);
      fprintf (stderr,
               "PARCOACH: rank %d of communicator of size %d stops before"
               " MPI_Finalize: the %srequest of %s is still active (never"
               " completed by MPI_Wait, MPI_Test or MPI_Request_free)%s%s%s\n",
               rank, size, entry->persistent ? "persistent " : "", created,
               entry->overwritten.call != NULL
                 ? "; its handle was overwritten by " : "",
               entry->overwritten.call != NULL ? overwritten : "",
               entry->overwritten.call != NULL ? " while it was active" : "");
    }
  parcoach_requests_unlock (mode);
  if (active == 0)
    return;
  if (active > SHOWN)
    fprintf (stderr, "PARCOACH: rank %d: %d more requests still active at"
             " MPI_Finalize\n", rank, active - SHOWN);
  fflush (stderr);
  parcoach_let_output_drain ();
  parcoach_stop_program ();
}

/* ---- the creating calls */

/* Calls EXPR (a PMPI_ call writing *request) and tracks what it created;
   BUFFERS registers the buffers of the new request (parcoach_buffers.c)
   with PARCOACH_BUFFER, before the site is consumed.  */
#define PARCOACH_CREATE_WITH_BUFFERS(call, persistent, expr, buffers) \
  do \
    { \
      MPI_Request parcoach_previous = MPI_REQUEST_NULL; \
      int parcoach_err; \
      if (request != NULL) \
        parcoach_previous = *request; \
      parcoach_err = (expr); \
      if (parcoach_err == MPI_SUCCESS && request != NULL) \
        { \
          if (parcoach_requests_mode_now () != PARCOACH_REQ_OFF \
              && *request != MPI_REQUEST_NULL) \
            { \
              parcoach_buffers_request_created ( \
                parcoach_request_key (*request)); \
              buffers; \
            } \
          parcoach_request_created (request, parcoach_previous, call, \
                                    persistent, \
                                    __builtin_return_address (0)); \
        } \
      else \
        parcoach_next_file = NULL; \
      return parcoach_err; \
    } \
  while (0)

#define PARCOACH_CREATE(call, persistent, expr) \
  PARCOACH_CREATE_WITH_BUFFERS (call, persistent, expr, (void) 0)

/* Inside PARCOACH_CREATE_WITH_BUFFERS: COUNT elements of TYPE at BUF are
   the request's buffer; a receive buffer if FORBIDS_READS.  */
#define PARCOACH_BUFFER(call, persistent, buf, count, type, forbids_reads) \
  parcoach_buffers_add (parcoach_request_key (*request), -1, 0, buf, \
                        (MPI_Aint) (count), type, forbids_reads, persistent, \
                        call, parcoach_next_file, parcoach_next_line)

/* Point-to-point sends, blocking-mode variants and their persistent
   forms share one signature.  */
#define PARCOACH_SEND_LIKE(name, persistent) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *buf, int count, MPI_Datatype datatype, int dest, \
              int tag, MPI_Comm comm, MPI_Request *request) \
  { \
    PARCOACH_CREATE_WITH_BUFFERS ( \
      "MPI_" #name, persistent, \
      PMPI_##name (buf, count, datatype, dest, tag, comm, request), \
      PARCOACH_BUFFER ("MPI_" #name, persistent, buf, count, datatype, 0)); \
  }

PARCOACH_SEND_LIKE (Isend, 0)
PARCOACH_SEND_LIKE (Ibsend, 0)
PARCOACH_SEND_LIKE (Issend, 0)
PARCOACH_SEND_LIKE (Irsend, 0)
PARCOACH_SEND_LIKE (Send_init, 1)
PARCOACH_SEND_LIKE (Bsend_init, 1)
PARCOACH_SEND_LIKE (Ssend_init, 1)
PARCOACH_SEND_LIKE (Rsend_init, 1)

PARCOACH_EXPORT int
MPI_Irecv (void *buf, int count, MPI_Datatype datatype, int source, int tag,
           MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Irecv", 0,
    PMPI_Irecv (buf, count, datatype, source, tag, comm, request),
    PARCOACH_BUFFER ("MPI_Irecv", 0, buf, count, datatype, 1));
}

PARCOACH_EXPORT int
MPI_Recv_init (void *buf, int count, MPI_Datatype datatype, int source,
               int tag, MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Recv_init", 1,
    PMPI_Recv_init (buf, count, datatype, source, tag, comm, request),
    PARCOACH_BUFFER ("MPI_Recv_init", 1, buf, count, datatype, 1));
}

/* Nonblocking collectives.  */

PARCOACH_EXPORT int
MPI_Ibarrier (MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ibarrier", 0, PMPI_Ibarrier (comm, request));
}

PARCOACH_EXPORT int
MPI_Ibcast (void *buffer, int count, MPI_Datatype datatype, int root,
            MPI_Comm comm, MPI_Request *request)
{
  int rank = -1;
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Ibcast", 0, PMPI_Ibcast (buffer, count, datatype, root, comm, request),
    if (parcoach_intra_rank (comm, &rank))
      PARCOACH_BUFFER ("MPI_Ibcast", 0, buffer, count, datatype,
                       rank != root));
}

PARCOACH_EXPORT int
MPI_Ireduce (const void *sendbuf, void *recvbuf, int count,
             MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
             MPI_Request *request)
{
  int rank = -1;
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Ireduce", 0,
    PMPI_Ireduce (sendbuf, recvbuf, count, datatype, op, root, comm, request),
    if (parcoach_intra_rank (comm, &rank))
      {
        PARCOACH_BUFFER ("MPI_Ireduce", 0, sendbuf, count, datatype, 0);
        if (rank == root)
          PARCOACH_BUFFER ("MPI_Ireduce", 0, recvbuf, count, datatype, 1);
      });
}

/* Reductions to all: MPI_Iallreduce, MPI_Iscan, MPI_Iexscan,
   MPI_Ireduce_scatter_block (COUNT: the count per process).  */
#define PARCOACH_REDUCE_LIKE(name) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, void *recvbuf, int count, \
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, \
              MPI_Request *request) \
  { \
    PARCOACH_CREATE ("MPI_" #name, 0, \
                     PMPI_##name (sendbuf, recvbuf, count, datatype, op, \
                                  comm, request)); \
  }

/* The same, registering both buffers (COUNT elements each).  */
/* Both buffers of a reduction to all (COUNT elements each) of request
   NAME, PERSISTENT or not; `rank' declared by the caller.  */
#define PARCOACH_REDUCE_TO_ALL_BUFFERS(name, persistent) \
  if (parcoach_intra_rank (comm, &rank)) \
    { \
      PARCOACH_BUFFER ("MPI_" #name, persistent, sendbuf, count, datatype, 0); \
      PARCOACH_BUFFER ("MPI_" #name, persistent, recvbuf, count, datatype, 1); \
    }

#define PARCOACH_REDUCE_TO_ALL(name) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, void *recvbuf, int count, \
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, \
              MPI_Request *request) \
  { \
    int rank = -1; \
    PARCOACH_CREATE_WITH_BUFFERS ( \
      "MPI_" #name, 0, \
      PMPI_##name (sendbuf, recvbuf, count, datatype, op, comm, request), \
      PARCOACH_REDUCE_TO_ALL_BUFFERS (name, 0)); \
  }

PARCOACH_REDUCE_TO_ALL (Iallreduce)
PARCOACH_REDUCE_TO_ALL (Iscan)

/* MPI_Iexscan: process 0's receive buffer is not significant.  */
PARCOACH_EXPORT int
MPI_Iexscan (const void *sendbuf, void *recvbuf, int count,
             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
             MPI_Request *request)
{
  int rank = -1;
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Iexscan", 0,
    PMPI_Iexscan (sendbuf, recvbuf, count, datatype, op, comm, request),
    if (parcoach_intra_rank (comm, &rank))
      {
        PARCOACH_BUFFER ("MPI_Iexscan", 0, sendbuf, count, datatype, 0);
        if (rank != 0)
          PARCOACH_BUFFER ("MPI_Iexscan", 0, recvbuf, count, datatype, 1);
      });
}
PARCOACH_REDUCE_LIKE (Ireduce_scatter_block)

/* Rooted data movement: MPI_Igather, MPI_Iscatter.  The root's side
   holds one block per process (MPI_IN_PLACE is never registered).  */
PARCOACH_EXPORT int
MPI_Igather (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
             void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
             MPI_Comm comm, MPI_Request *request)
{
  int rank = -1, size = 0;
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Igather", 0,
    PMPI_Igather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  root, comm, request),
    if (parcoach_intra_rank (comm, &rank)
        && PMPI_Comm_size (comm, &size) == MPI_SUCCESS)
      {
        PARCOACH_BUFFER ("MPI_Igather", 0, sendbuf, sendcount, sendtype, 0);
        if (rank == root)
          PARCOACH_BUFFER ("MPI_Igather", 0, recvbuf,
                           (MPI_Aint) recvcount * size, recvtype, 1);
      });
}

PARCOACH_EXPORT int
MPI_Iscatter (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
              MPI_Comm comm, MPI_Request *request)
{
  int rank = -1, size = 0;
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Iscatter", 0,
    PMPI_Iscatter (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                   recvtype, root, comm, request),
    if (parcoach_intra_rank (comm, &rank)
        && PMPI_Comm_size (comm, &size) == MPI_SUCCESS)
      {
        if (rank == root)
          PARCOACH_BUFFER ("MPI_Iscatter", 0, sendbuf,
                           (MPI_Aint) sendcount * size, sendtype, 0);
        PARCOACH_BUFFER ("MPI_Iscatter", 0, recvbuf, recvcount, recvtype, 1);
      });
}

/* Data movement to all: MPI_Iallgather, MPI_Ialltoall (SEND_BLOCKS:
   whether the send buffer holds one block per process).  */
#define PARCOACH_TO_ALL_BUFFERS(name, send_blocks) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
              void *recvbuf, int recvcount, MPI_Datatype recvtype, \
              MPI_Comm comm, MPI_Request *request) \
  { \
    int rank = -1, size = 0; \
    PARCOACH_CREATE_WITH_BUFFERS ( \
      "MPI_" #name, 0, \
      PMPI_##name (sendbuf, sendcount, sendtype, recvbuf, recvcount, \
                   recvtype, comm, request), \
      if (parcoach_intra_rank (comm, &rank) \
          && PMPI_Comm_size (comm, &size) == MPI_SUCCESS) \
        { \
          PARCOACH_BUFFER ("MPI_" #name, 0, sendbuf, \
                           (MPI_Aint) sendcount * ((send_blocks) ? size : 1), \
                           sendtype, 0); \
          PARCOACH_BUFFER ("MPI_" #name, 0, recvbuf, \
                           (MPI_Aint) recvcount * size, recvtype, 1); \
        }); \
  }

PARCOACH_TO_ALL_BUFFERS (Iallgather, 0)
PARCOACH_TO_ALL_BUFFERS (Ialltoall, 1)

/* The same signature, no buffer registered (the neighbourhood
   collectives: one block per neighbour).  */
#define PARCOACH_TO_ALL_LIKE(name) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
              void *recvbuf, int recvcount, MPI_Datatype recvtype, \
              MPI_Comm comm, MPI_Request *request) \
  { \
    PARCOACH_CREATE ("MPI_" #name, 0, \
                     PMPI_##name (sendbuf, sendcount, sendtype, recvbuf, \
                                  recvcount, recvtype, comm, request)); \
  }

PARCOACH_EXPORT int
MPI_Igatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, const int recvcounts[], const int displs[],
              MPI_Datatype recvtype, int root, MPI_Comm comm,
              MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Igatherv", 0,
                   PMPI_Igatherv (sendbuf, sendcount, sendtype, recvbuf,
                                  recvcounts, displs, recvtype, root, comm,
                                  request));
}

PARCOACH_EXPORT int
MPI_Iscatterv (const void *sendbuf, const int sendcounts[],
               const int displs[], MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
               MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Iscatterv", 0,
                   PMPI_Iscatterv (sendbuf, sendcounts, displs, sendtype,
                                   recvbuf, recvcount, recvtype, root, comm,
                                   request));
}

PARCOACH_EXPORT int
MPI_Iallgatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Iallgatherv", 0,
                   PMPI_Iallgatherv (sendbuf, sendcount, sendtype, recvbuf,
                                     recvcounts, displs, recvtype, comm,
                                     request));
}

PARCOACH_EXPORT int
MPI_Ialltoallv (const void *sendbuf, const int sendcounts[],
                const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int rdispls[],
                MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ialltoallv", 0,
                   PMPI_Ialltoallv (sendbuf, sendcounts, sdispls, sendtype,
                                    recvbuf, recvcounts, rdispls, recvtype,
                                    comm, request));
}

/* ---- starting persistent requests */

PARCOACH_EXPORT int
MPI_Start (MPI_Request *request)
{
  int err = PMPI_Start (request);
  if (err == MPI_SUCCESS && request != NULL)
    parcoach_requests_started (request, 1);
  return err;
}

PARCOACH_EXPORT int
MPI_Startall (int count, MPI_Request array_of_requests[])
{
  int err = PMPI_Startall (count, array_of_requests);
  if (err == MPI_SUCCESS)
    parcoach_requests_started (array_of_requests, count);
  return err;
}

/* ---- completing */

/* A blocking completion completes every request it is given (or fails,
   and the tracking forgets them: never a false report).  So they leave
   the table before the call, which also keeps another thread from reusing
   a freed value while this one still has it.  */

PARCOACH_EXPORT int
MPI_Wait (MPI_Request *request, MPI_Status *status)
{
  if (request != NULL)
    parcoach_requests_completed (request, request, 1, 0);
  return PMPI_Wait (request, status);
}

PARCOACH_EXPORT int
MPI_Waitall (int count, MPI_Request array_of_requests[],
             MPI_Status array_of_statuses[])
{
  if (count > 0)
    parcoach_requests_completed (array_of_requests, array_of_requests, count,
                                 0);
  return PMPI_Waitall (count, array_of_requests, array_of_statuses);
}

PARCOACH_EXPORT int
MPI_Request_free (MPI_Request *request)
{
  if (request != NULL)
    parcoach_requests_completed (request, request, 1, 1);
  return PMPI_Request_free (request);
}

PARCOACH_EXPORT int
MPI_Test (MPI_Request *request, int *flag, MPI_Status *status)
{
  MPI_Request before = request != NULL ? *request : MPI_REQUEST_NULL;
  int err = PMPI_Test (request, flag, status);
  if (flag != NULL && *flag)
    parcoach_requests_completed (&before, request, 1, 0);
  return err;
}

/* MPI_Request_get_status with flag true: the operation is complete, so
   its buffers may be read and written again (MPI 4.0 3.7.3), but the
   request is neither freed nor inactive: it stays in the table, still to
   be completed by a wait or a test or freed.  */
PARCOACH_EXPORT int
MPI_Request_get_status (MPI_Request request, int *flag, MPI_Status *status)
{
  int err = PMPI_Request_get_status (request, flag, status);
  int mode = __atomic_load_n (&parcoach_requests_mode, __ATOMIC_RELAXED);
  if (err == MPI_SUCCESS && flag != NULL && *flag
      && request != MPI_REQUEST_NULL && mode > PARCOACH_REQ_OFF)
    {
      parcoach_requests_lock (mode);
      parcoach_buffers_requests_done (&request, 1, 0);
      parcoach_requests_unlock (mode);
    }
  return err;
}

/* The calls that complete some of an array need its values from before
   the call (MPI overwrites the completed ones with MPI_REQUEST_NULL): a
   copy on the stack, or on the heap for a large array.  Without memory,
   the whole array is forgotten beforehand.  */
struct parcoach_request_copy
{
  MPI_Request local[64];
  MPI_Request *values; /* NULL: nothing to look at afterwards */
  const MPI_Request *handles; /* the user's array */
};

static void
parcoach_copy_requests (struct parcoach_request_copy *copy,
                        const MPI_Request *requests, int count)
{
  copy->values = NULL;
  copy->handles = requests;
  if (count <= 0 || requests == NULL || !parcoach_requests_tracked ())
    return;
  copy->values = (size_t) count <= sizeof copy->local / sizeof copy->local[0]
                   ? copy->local
                   : malloc ((size_t) count * sizeof *copy->values);
  if (copy->values == NULL)
    parcoach_requests_completed (requests, requests, count, 0);
  else
    memcpy (copy->values, requests, (size_t) count * sizeof *requests);
}

/* The requests of COPY at the COUNT positions of INDICES (NULL: all of
   them, COUNT of them) are complete.  Frees the copy.  */
static void
parcoach_copied_completed (struct parcoach_request_copy *copy, int count,
                           const int *indices, int incount)
{
  int k;

  if (copy->values == NULL)
    return;
  if (indices == NULL)
    parcoach_requests_completed (copy->values, copy->handles, count, 0);
  else
    for (k = 0; k < count; k++)
      if (indices[k] >= 0 && indices[k] < incount)
        parcoach_requests_completed (&copy->values[indices[k]],
                                     &copy->handles[indices[k]], 1, 0);
  if (copy->values != copy->local)
    free (copy->values);
}

PARCOACH_EXPORT int
MPI_Waitany (int count, MPI_Request array_of_requests[], int *index,
             MPI_Status *status)
{
  struct parcoach_request_copy copy;
  int err, done = 0;

  parcoach_copy_requests (&copy, array_of_requests, count);
  err = PMPI_Waitany (count, array_of_requests, index, status);
  if (err == MPI_SUCCESS && index != NULL && *index != MPI_UNDEFINED)
    done = 1;
  parcoach_copied_completed (&copy, done, index, count);
  return err;
}

PARCOACH_EXPORT int
MPI_Testany (int count, MPI_Request array_of_requests[], int *index,
             int *flag, MPI_Status *status)
{
  struct parcoach_request_copy copy;
  int err, done = 0;

  parcoach_copy_requests (&copy, array_of_requests, count);
  err = PMPI_Testany (count, array_of_requests, index, flag, status);
  if (err == MPI_SUCCESS && flag != NULL && *flag && index != NULL
      && *index != MPI_UNDEFINED)
    done = 1;
  parcoach_copied_completed (&copy, done, index, count);
  return err;
}

PARCOACH_EXPORT int
MPI_Testall (int count, MPI_Request array_of_requests[], int *flag,
             MPI_Status array_of_statuses[])
{
  struct parcoach_request_copy copy;
  int err;

  parcoach_copy_requests (&copy, array_of_requests, count);
  err = PMPI_Testall (count, array_of_requests, flag, array_of_statuses);
  parcoach_copied_completed (&copy,
                             err == MPI_SUCCESS && flag != NULL && *flag
                               ? count : 0,
                             NULL, count);
  return err;
}

/* MPI_Waitsome and MPI_Testsome share one signature.  */
#define PARCOACH_SOME(name) \
  PARCOACH_EXPORT int \
  MPI_##name (int incount, MPI_Request array_of_requests[], int *outcount, \
              int array_of_indices[], MPI_Status array_of_statuses[]) \
  { \
    struct parcoach_request_copy copy; \
    int err, done = 0; \
    parcoach_copy_requests (&copy, array_of_requests, incount); \
    err = PMPI_##name (incount, array_of_requests, outcount, \
                       array_of_indices, array_of_statuses); \
    if (err == MPI_SUCCESS && outcount != NULL && *outcount != MPI_UNDEFINED \
        && *outcount > 0) \
      done = *outcount; \
    parcoach_copied_completed (&copy, done, array_of_indices, incount); \
    return err; \
  }

PARCOACH_SOME (Waitsome)
PARCOACH_SOME (Testsome)

/* ---- more creating calls: the rest of MPI 3.1's nonblocking collectives
   (both MPIs here), then MPI 4.0's nonblocking sendrecv, persistent
   collectives and large-count (_c) variants (MPICH 4 here; Open MPI 4.1
   declares none of them).  Tracked like the others; the buffers of the
   point-to-point ones are registered for the run-time buffer checks.  */

PARCOACH_EXPORT int
MPI_Ireduce_scatter (const void *sendbuf, void *recvbuf,
                     const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ireduce_scatter", 0,
                   PMPI_Ireduce_scatter (sendbuf, recvbuf, recvcounts,
                                         datatype, op, comm, request));
}

PARCOACH_EXPORT int
MPI_Ialltoallw (const void *sendbuf, const int sendcounts[],
                const int sdispls[], const MPI_Datatype sendtypes[],
                void *recvbuf, const int recvcounts[], const int rdispls[],
                const MPI_Datatype recvtypes[], MPI_Comm comm,
                MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ialltoallw", 0,
                   PMPI_Ialltoallw (sendbuf, sendcounts, sdispls, sendtypes,
                                    recvbuf, recvcounts, rdispls, recvtypes,
                                    comm, request));
}

PARCOACH_TO_ALL_LIKE (Ineighbor_allgather)
PARCOACH_TO_ALL_LIKE (Ineighbor_alltoall)

PARCOACH_EXPORT int
MPI_Ineighbor_allgatherv (const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf,
                          const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, MPI_Comm comm,
                          MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ineighbor_allgatherv", 0,
                   PMPI_Ineighbor_allgatherv (sendbuf, sendcount, sendtype,
                                              recvbuf, recvcounts, displs,
                                              recvtype, comm, request));
}

PARCOACH_EXPORT int
MPI_Ineighbor_alltoallv (const void *sendbuf, const int sendcounts[],
                         const int sdispls[], MPI_Datatype sendtype,
                         void *recvbuf, const int recvcounts[],
                         const int rdispls[], MPI_Datatype recvtype,
                         MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ineighbor_alltoallv", 0,
                   PMPI_Ineighbor_alltoallv (sendbuf, sendcounts, sdispls,
                                             sendtype, recvbuf, recvcounts,
                                             rdispls, recvtype, comm,
                                             request));
}

PARCOACH_EXPORT int
MPI_Ineighbor_alltoallw (const void *sendbuf, const int sendcounts[],
                         const MPI_Aint sdispls[],
                         const MPI_Datatype sendtypes[], void *recvbuf,
                         const int recvcounts[], const MPI_Aint rdispls[],
                         const MPI_Datatype recvtypes[], MPI_Comm comm,
                         MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ineighbor_alltoallw", 0,
                   PMPI_Ineighbor_alltoallw (sendbuf, sendcounts, sdispls,
                                             sendtypes, recvbuf, recvcounts,
                                             rdispls, recvtypes, comm,
                                             request));
}

#if MPI_VERSION >= 4

PARCOACH_EXPORT int
MPI_Isendrecv (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
               int dest, int sendtag, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
               MPI_Request *request)
{
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Isendrecv", 0,
    PMPI_Isendrecv (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf,
                    recvcount, recvtype, source, recvtag, comm, request),
    {
      PARCOACH_BUFFER ("MPI_Isendrecv", 0, sendbuf, sendcount, sendtype, 0);
      PARCOACH_BUFFER ("MPI_Isendrecv", 0, recvbuf, recvcount, recvtype, 1);
    });
}

PARCOACH_EXPORT int
MPI_Isendrecv_replace (void *buf, int count, MPI_Datatype datatype, int dest,
                       int sendtag, int source, int recvtag, MPI_Comm comm,
                       MPI_Request *request)
{
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Isendrecv_replace", 0,
    PMPI_Isendrecv_replace (buf, count, datatype, dest, sendtag, source,
                            recvtag, comm, request),
    PARCOACH_BUFFER ("MPI_Isendrecv_replace", 0, buf, count, datatype, 1));
}

/* Persistent collectives: inactive until MPI_Start, like the persistent
   point-to-point requests.  */

PARCOACH_EXPORT int
MPI_Barrier_init (MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Barrier_init", 1,
                   PMPI_Barrier_init (comm, info, request));
}

PARCOACH_EXPORT int
MPI_Bcast_init (void *buffer, int count, MPI_Datatype datatype, int root,
                MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
  int rank = -1;
  PARCOACH_CREATE_WITH_BUFFERS (
    "MPI_Bcast_init", 1,
    PMPI_Bcast_init (buffer, count, datatype, root, comm, info, request),
    if (parcoach_intra_rank (comm, &rank))
      PARCOACH_BUFFER ("MPI_Bcast_init", 1, buffer, count, datatype,
                       rank != root));
}

PARCOACH_EXPORT int
MPI_Reduce_init (const void *sendbuf, void *recvbuf, int count,
                 MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                 MPI_Info info, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Reduce_init", 1,
                   PMPI_Reduce_init (sendbuf, recvbuf, count, datatype, op,
                                     root, comm, info, request));
}

#define PARCOACH_REDUCE_INIT(name) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, void *recvbuf, int count, \
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, \
              MPI_Request *request) \
  { \
    PARCOACH_CREATE ("MPI_" #name, 1, \
                     PMPI_##name (sendbuf, recvbuf, count, datatype, op, \
                                  comm, info, request)); \
  }

/* The same, registering both buffers (COUNT elements each), pending from
   each MPI_Start.  */
#define PARCOACH_REDUCE_TO_ALL_INIT(name) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, void *recvbuf, int count, \
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, \
              MPI_Request *request) \
  { \
    int rank = -1; \
    PARCOACH_CREATE_WITH_BUFFERS ( \
      "MPI_" #name, 1, \
      PMPI_##name (sendbuf, recvbuf, count, datatype, op, comm, info, \
                   request), \
      PARCOACH_REDUCE_TO_ALL_BUFFERS (name, 1)); \
  }

PARCOACH_REDUCE_TO_ALL_INIT (Allreduce_init)
PARCOACH_REDUCE_TO_ALL_INIT (Scan_init)
PARCOACH_REDUCE_INIT (Exscan_init)
PARCOACH_REDUCE_INIT (Reduce_scatter_block_init)

#define PARCOACH_TO_ALL_INIT(name) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
              void *recvbuf, int recvcount, MPI_Datatype recvtype, \
              MPI_Comm comm, MPI_Info info, MPI_Request *request) \
  { \
    PARCOACH_CREATE ("MPI_" #name, 1, \
                     PMPI_##name (sendbuf, sendcount, sendtype, recvbuf, \
                                  recvcount, recvtype, comm, info, \
                                  request)); \
  }

PARCOACH_TO_ALL_INIT (Allgather_init)
PARCOACH_TO_ALL_INIT (Alltoall_init)

#define PARCOACH_ROOTED_INIT(name) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, \
              MPI_Comm comm, MPI_Info info, MPI_Request *request) \
  { \
    PARCOACH_CREATE ("MPI_" #name, 1, \
                     PMPI_##name (sendbuf, sendcount, sendtype, recvbuf, \
                                  recvcount, recvtype, root, comm, info, \
                                  request)); \
  }

PARCOACH_ROOTED_INIT (Gather_init)
PARCOACH_ROOTED_INIT (Scatter_init)

/* Large counts: the point-to-point calls (with their buffers) and the
   most used collectives.  */

#define PARCOACH_SEND_LIKE_C(name, persistent) \
  PARCOACH_EXPORT int \
  MPI_##name (const void *buf, MPI_Count count, MPI_Datatype datatype, \
              int dest, int tag, MPI_Comm comm, MPI_Request *request) \
  { \
    PARCOACH_CREATE_WITH_BUFFERS ( \
      "MPI_" #name, persistent, \
      PMPI_##name (buf, count, datatype, dest, tag, comm, request), \
      PARCOACH_BUFFER ("MPI_" #name, persistent, buf, count, datatype, 0)); \
  }

PARCOACH_SEND_LIKE_C (Isend_c, 0)
PARCOACH_SEND_LIKE_C (Ibsend_c, 0)
PARCOACH_SEND_LIKE_C (Issend_c, 0)
PARCOACH_SEND_LIKE_C (Irsend_c, 0)
PARCOACH_SEND_LIKE_C (Send_init_c, 1)
PARCOACH_SEND_LIKE_C (Bsend_init_c, 1)
PARCOACH_SEND_LIKE_C (Ssend_init_c, 1)
PARCOACH_SEND_LIKE_C (Rsend_init_c, 1)

#define PARCOACH_RECV_LIKE_C(name, persistent) \
  PARCOACH_EXPORT int \
  MPI_##name (void *buf, MPI_Count count, MPI_Datatype datatype, int source, \
              int tag, MPI_Comm comm, MPI_Request *request) \
  { \
    PARCOACH_CREATE_WITH_BUFFERS ( \
      "MPI_" #name, persistent, \
      PMPI_##name (buf, count, datatype, source, tag, comm, request), \
      PARCOACH_BUFFER ("MPI_" #name, persistent, buf, count, datatype, 1)); \
  }

PARCOACH_RECV_LIKE_C (Irecv_c, 0)
PARCOACH_RECV_LIKE_C (Recv_init_c, 1)

PARCOACH_EXPORT int
MPI_Ibcast_c (void *buffer, MPI_Count count, MPI_Datatype datatype, int root,
              MPI_Comm comm, MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Ibcast_c", 0,
                   PMPI_Ibcast_c (buffer, count, datatype, root, comm,
                                  request));
}

PARCOACH_EXPORT int
MPI_Iallreduce_c (const void *sendbuf, void *recvbuf, MPI_Count count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                  MPI_Request *request)
{
  PARCOACH_CREATE ("MPI_Iallreduce_c", 0,
                   PMPI_Iallreduce_c (sendbuf, recvbuf, count, datatype, op,
                                      comm, request));
}

#endif /* MPI_VERSION >= 4 */
