/* One-sided communication (RMA): epoch tracking and the nasty schedule.

   Through the MPI profiling interface (this file defines the MPI_ names
   below and calls their PMPI_ entry points), the runtime follows, for each
   window this process created, which access and exposure epochs are open:
   MPI_Win_fence (MPI_MODE_NOSUCCEED ends the fence epoch, and
   MPI_MODE_NOPRECEDE asserts that none of this process's operations is
   pending), MPI_Win_lock/unlock per target, MPI_Win_lock_all/unlock_all,
   MPI_Win_start/complete (the targets of the start group) and
   MPI_Win_post/wait/test.  It stops the job (MPI_Abort, exit code 86) with
   one "PARCOACH:" line when
     - an RMA operation (MPI_Put, Get, Accumulate, Get_accumulate,
       Fetch_and_op, Compare_and_swap, Rput, Rget, Raccumulate,
       Rget_accumulate) targets a rank to which no access epoch of its
       window is open;
     - MPI_Win_free or MPI_Finalize finds an epoch open (a lock, lock_all,
       start or post not closed, or operations issued under a fence and not
       completed by a closing fence);
     - two operations this process issued in one epoch touch overlapping
       bytes of the same target and one of them writes, unless both are
       accumulate-class operations on the same predefined type (MPI-3.1
       section 11.7: they are element-wise atomic and, from one origin,
       ordered).  A flush, unlock, complete or fence completes the
       operations before it (MPI_Win_flush_local does not: it only
       completes them at the origin).  Target bytes are target_disp x the
       target's disp_unit, plus the target datatype's true bounds; only
       operations whose datatype covers its whole span (no holes) are
       compared, so a strided type never makes a false conflict, and the
       request-based operations are not compared (their completion goes
       through MPI_Wait, which this file does not follow).
   Operations on MPI_PROC_NULL and on windows whose creation this file did
   not see are passed through unchecked.  The messages name the RMA
   operations by file:line where the plugin announced them
   (parcoach_request_site before the call, gimple/buffer_checks.cc), and
   other calls by their return address (file+offset, for addr2line): the
   profiling interface gives no source location.

   With PARCOACH_NASTY=1 (seed 004, Nasty-MPI) the operations issued in an
   epoch are delayed to the call that completes them (fence, unlock,
   unlock_all, complete, flush, flush_all, flush_local, flush_local_all)
   and issued there in a pessimistic order that MPI allows; see
   rma_nasty_issue.  The origin buffer of a delayed put or accumulate is
   read at that late point, as MPI allows: a program that writes it before
   the synchronization sends the new value, which exposes the error.

   Fortran: Open MPI's and MPICH's Fortran bindings call the PMPI_ C entry
   points directly, so Fortran RMA calls are never seen here (silence);
   MPICH's mpi_f08 calls some MPI_ ones, and the windows it creates are
   not followed (rma_called_from_mpi_library).  */

#define _GNU_SOURCE /* dladdr */

#include "parcoach_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the operations */

enum rma_kind
{
  RMA_PUT,
  RMA_GET,
  RMA_ACCUMULATE,
  RMA_GET_ACCUMULATE,
  RMA_FETCH_AND_OP,
  RMA_COMPARE_AND_SWAP,
  RMA_RPUT,
  RMA_RGET,
  RMA_RACCUMULATE,
  RMA_RGET_ACCUMULATE
};

static const char *const rma_kind_names[] = {
  "MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate",
  "MPI_Fetch_and_op", "MPI_Compare_and_swap", "MPI_Rput", "MPI_Rget",
  "MPI_Raccumulate", "MPI_Rget_accumulate"
};

/* Everything one operation was called with, so that it can be issued
   later (PARCOACH_NASTY).  */
struct rma_op
{
  enum rma_kind kind;
  const void *origin;
  int origin_count;
  MPI_Datatype origin_type;
  void *result;
  int result_count;
  MPI_Datatype result_type;
  const void *compare;
  int target;
  MPI_Aint disp;
  int target_count;
  MPI_Datatype target_type;
  MPI_Op op;
  MPI_Win win;
  MPI_Request *request;
  void *caller;
  /* Datatypes this file duplicated to keep them alive until the delayed
     operation is issued (MPI_DATATYPE_NULL: not duplicated).  */
  MPI_Datatype owned[3];
};

static int
rma_is_request_based (enum rma_kind kind)
{
  return kind >= RMA_RPUT;
}

/* Accumulate-class operations are element-wise atomic and, from one
   origin to one target location, ordered (MPI-3.1 11.7).  */
static int
rma_is_atomic (enum rma_kind kind)
{
  return kind != RMA_PUT && kind != RMA_GET && kind != RMA_RPUT
         && kind != RMA_RGET;
}

/* Whether the operation writes target memory.  */
static int
rma_writes_target (const struct rma_op *o)
{
  if (o->kind == RMA_GET || o->kind == RMA_RGET)
    return 0;
  if (o->kind == RMA_GET_ACCUMULATE || o->kind == RMA_FETCH_AND_OP
      || o->kind == RMA_RGET_ACCUMULATE)
    return o->op != MPI_NO_OP;
  return 1;
}

/* Whether it only reads target memory (issued first by gets-first).  */
static int
rma_reads_only (const struct rma_op *o)
{
  return !rma_writes_target (o);
}

/* ---- the windows */

/* One access of an open epoch, for the conflict check.  */
struct rma_access
{
  int target;
  MPI_Aint lo, hi; /* bytes of the target's window, [lo, hi) */
  int writes, atomic;
  MPI_Datatype basic; /* the predefined type of an atomic access, or
                         MPI_DATATYPE_NULL when unknown */
  enum rma_kind kind;
  void *caller;
};

/* Past this many accesses in the open epochs of one window, further
   accesses are not compared (the check is quadratic).  */
#define RMA_MAX_ACCESSES 4096

struct rma_window
{
  MPI_Win win;
  int number; /* 1, 2, ... in the order this process created them */
  int size;   /* processes of the window's group */
  int *disp_units; /* each target's disp_unit, NULL if unknown */
  void *created_at;

  int fence_open;   /* the last fence did not assert MPI_MODE_NOSUCCEED */
  int fence_ops;    /* operations issued under it since that fence */
  void *fence_op_at;
  enum rma_kind fence_op_kind;
  int lock_all;
  void *lock_all_at;
  int nlocked;           /* targets locked */
  unsigned char *locked; /* per target */
  void **locked_at;
  int started; /* an access epoch of MPI_Win_start */
  unsigned char *in_start_group;
  void *start_at;
  int posted; /* an exposure epoch of MPI_Win_post */
  void *post_at;

  struct rma_access *accesses;
  int naccesses, accesses_capacity;
  int accesses_overflow;

  struct rma_op *delayed; /* PARCOACH_NASTY */
  int ndelayed, delayed_capacity;
};

static struct rma_window **rma_windows;
static int rma_nwindows, rma_windows_capacity, rma_windows_created;

/* ---- options */

enum rma_order
{
  RMA_ORDER_REVERSE,
  RMA_ORDER_PROGRAM,
  RMA_ORDER_GETS_FIRST,
  RMA_ORDER_PUTS_FIRST,
  RMA_ORDER_RANDOM
};

static int rma_options_read;
static int rma_checks = 1;      /* PARCOACH_RMA=0 turns the checks off */
static int rma_nasty;           /* PARCOACH_NASTY */
static enum rma_order rma_order = RMA_ORDER_REVERSE;
static long rma_split_bytes;    /* PARCOACH_NASTY_SPLIT, 0: no split */
static int rma_nasty_flush = 1; /* PARCOACH_NASTY_FLUSH */
static unsigned long rma_seed = 1;
static int rma_threaded;        /* MPI_THREAD_MULTIPLE: take the mutex */
static pthread_mutex_t rma_mutex = PTHREAD_MUTEX_INITIALIZER;

static int
rma_env_flag (const char *name, int fallback)
{
  const char *v = getenv (name);
  if (v == NULL || v[0] == '\0')
    return fallback;
  return !(strcmp (v, "0") == 0 || strcmp (v, "no") == 0
           || strcmp (v, "off") == 0);
}

static void
rma_read_options (void)
{
  const char *v;
  int provided = MPI_THREAD_SINGLE;

  rma_checks = rma_env_flag ("PARCOACH_RMA", 1);
  rma_nasty = rma_env_flag ("PARCOACH_NASTY", 0);
  v = getenv ("PARCOACH_NASTY_ORDER");
  if (v != NULL && v[0] != '\0')
    {
      if (strcmp (v, "reverse") == 0)
        rma_order = RMA_ORDER_REVERSE;
      else if (strcmp (v, "program") == 0)
        rma_order = RMA_ORDER_PROGRAM;
      else if (strcmp (v, "gets-first") == 0)
        rma_order = RMA_ORDER_GETS_FIRST;
      else if (strcmp (v, "puts-first") == 0)
        rma_order = RMA_ORDER_PUTS_FIRST;
      else if (strcmp (v, "random") == 0)
        rma_order = RMA_ORDER_RANDOM;
      else
        fprintf (stderr, "PARCOACH: PARCOACH_NASTY_ORDER=%s is not one of "
                 "reverse, program, gets-first, puts-first, random: "
                 "reverse is used\n", v);
    }
  v = getenv ("PARCOACH_NASTY_SPLIT");
  if (v != NULL && v[0] != '\0')
    rma_split_bytes = strtol (v, NULL, 10) > 0 ? strtol (v, NULL, 10) : 0;
  rma_nasty_flush = rma_env_flag ("PARCOACH_NASTY_FLUSH", 1);
  v = getenv ("PARCOACH_NASTY_SEED");
  if (v != NULL && v[0] != '\0')
    rma_seed = strtoul (v, NULL, 10);
  if (PMPI_Query_thread (&provided) == MPI_SUCCESS)
    rma_threaded = provided == MPI_THREAD_MULTIPLE;
  rma_options_read = 1;
}

static void
rma_lock (void)
{
  if (rma_threaded)
    pthread_mutex_lock (&rma_mutex);
}

static void
rma_unlock (void)
{
  if (rma_threaded)
    pthread_mutex_unlock (&rma_mutex);
}

/* ---- reports */

/* The source lines of the RMA operations the plugin announced
   (parcoach_request_site before the call), by return address: the last
   RMA_SITES distinct calls seen, enough for the operations of the epochs
   open at once in most programs (an address not found is printed as
   such).  */
#define RMA_SITES 64
static struct
{
  void *caller;
  const char *file;
  int line;
} rma_sites[RMA_SITES];
static int rma_next_site;

static void
rma_remember_site (void *caller, const char *file, int line)
{
  int i;
  if (caller == NULL || file == NULL)
    return;
  for (i = 0; i < RMA_SITES; i++)
    if (rma_sites[i].caller == caller)
      return;
  rma_sites[rma_next_site].caller = caller;
  rma_sites[rma_next_site].file = file;
  rma_sites[rma_next_site].line = line;
  rma_next_site = (rma_next_site + 1) % RMA_SITES;
}

/* "app.c:26" when the plugin named the call at CALLER, else "app+0x11a8"
   for its return address (the call's own address, for addr2line -e app
   0x11a8), or "an unknown place".  */
/* The file name (no directory) of the object holding CALLER, with
   INFO filled by dladdr; NULL when unknown.  */
static const char *
rma_object_of (void *caller, Dl_info *info)
{
  const char *name;

  if (caller == NULL || !dladdr (caller, info) || info->dli_fname == NULL)
    return NULL;
  name = strrchr (info->dli_fname, '/');
  return name != NULL ? name + 1 : info->dli_fname;
}

static void
rma_describe_caller (char *text, size_t size, void *caller)
{
  Dl_info info;
  const char *name;
  int i;

  for (i = 0; caller != NULL && i < RMA_SITES; i++)
    if (rma_sites[i].caller == caller)
      {
        snprintf (text, size, "%s:%d", rma_sites[i].file, rma_sites[i].line);
        return;
      }
  name = rma_object_of (caller, &info);
  if (name != NULL)
    snprintf (text, size, "%s+0x%lx", name[0] ? name : "program",
              (unsigned long) ((uintptr_t) caller - 1
                               - (uintptr_t) info.dli_fbase));
  else
    snprintf (text, size, "an unknown place");
}

/* CALLER lies in an MPI library (libmpi*, libmpich*: a language
   binding).  MPICH's mpi_f08 module passes MPI_Win_create and the RMA
   operations through the MPI_ entry points but MPI_Win_fence, the locks
   and the other synchronizations straight to PMPI_: the epochs of a
   window created there are invisible here, and it is not followed.  */
static int
rma_called_from_mpi_library (void *caller)
{
  Dl_info info;
  const char *name = rma_object_of (caller, &info);

  return name != NULL && strncmp (name, "libmpi", 6) == 0;
}

/* Print one line, "PARCOACH: rank R of MPI_COMM_WORLD stops in CALL
   (called from WHERE) on window N: ...", and stop the job.  */
static void
rma_stop (const char *call, void *caller, const struct rma_window *w,
          const char *format, ...)
{
  char where[256], what[768];
  int rank = -1;
  va_list ap;

  PMPI_Comm_rank (MPI_COMM_WORLD, &rank);
  rma_describe_caller (where, sizeof where, caller);
  va_start (ap, format);
  vsnprintf (what, sizeof what, format, ap);
  va_end (ap);
  if (w != NULL)
    fprintf (stderr, "PARCOACH: rank %d of MPI_COMM_WORLD stops in %s"
             " (called from %s) on window %d: %s\n", rank, call, where,
             w->number, what);
  else
    fprintf (stderr, "PARCOACH: rank %d of MPI_COMM_WORLD stops in %s"
             " (called from %s): %s\n", rank, call, where, what);
  fflush (stderr);
  parcoach_let_output_drain ();
  parcoach_stop_program ();
}

/* ---- window table */

static struct rma_window *
rma_find (MPI_Win win)
{
  int i;
  for (i = 0; i < rma_nwindows; i++)
    if (rma_windows[i]->win == win)
      return rma_windows[i];
  return NULL;
}

/* After a successful creation on COMM: learn every target's disp_unit
   (one allgather, a collective all the creators call) and start
   following the window.  */
static void
rma_created (MPI_Win win, MPI_Comm comm, int disp_unit, void *caller)
{
  struct rma_window *w;
  int size = 0;

  if (!rma_options_read)
    rma_read_options ();
  if (!rma_checks || rma_called_from_mpi_library (caller)
      || PMPI_Comm_size (comm, &size) != MPI_SUCCESS || size <= 0)
    return;
  w = calloc (1, sizeof *w);
  if (w == NULL)
    return;
  w->win = win;
  w->size = size;
  w->created_at = caller;
  w->disp_units = malloc (size * sizeof (int));
  w->locked = calloc (size, 1);
  w->locked_at = calloc (size, sizeof (void *));
  w->in_start_group = calloc (size, 1);
  if (w->disp_units == NULL || w->locked == NULL || w->locked_at == NULL
      || w->in_start_group == NULL)
    goto give_up;
  if (PMPI_Allgather (&disp_unit, 1, MPI_INT, w->disp_units, 1, MPI_INT,
                      comm) != MPI_SUCCESS)
    {
      free (w->disp_units);
      w->disp_units = NULL;
    }
  rma_lock ();
  if (rma_nwindows == rma_windows_capacity)
    {
      int capacity = rma_windows_capacity ? 2 * rma_windows_capacity : 8;
      struct rma_window **grown
          = realloc (rma_windows, capacity * sizeof *grown);
      if (grown == NULL)
        {
          rma_unlock ();
          goto give_up;
        }
      rma_windows = grown;
      rma_windows_capacity = capacity;
    }
  w->number = ++rma_windows_created;
  rma_windows[rma_nwindows++] = w;
  rma_unlock ();
  return;

give_up:
  free (w->disp_units);
  free (w->locked);
  free (w->locked_at);
  free (w->in_start_group);
  free (w);
}

static void
rma_forget (struct rma_window *w)
{
  int i;
  for (i = 0; i < rma_nwindows; i++)
    if (rma_windows[i] == w)
      {
        rma_windows[i] = rma_windows[--rma_nwindows];
        break;
      }
  free (w->disp_units);
  free (w->locked);
  free (w->locked_at);
  free (w->in_start_group);
  free (w->accesses);
  free (w->delayed);
  free (w);
}

/* ---- access epochs */

static int
rma_valid_target (const struct rma_window *w, int target)
{
  return target >= 0 && target < w->size;
}

static int
rma_in_passive_epoch (const struct rma_window *w, int target)
{
  return w->lock_all || w->locked[target];
}

static int
rma_in_epoch (const struct rma_window *w, int target)
{
  return rma_in_passive_epoch (w, target)
         || (w->started && w->in_start_group[target]) || w->fence_open;
}

/* If an epoch of W is open, stop in CALL and say which.  */
static void
rma_check_closed (struct rma_window *w, const char *call, void *caller)
{
  char opened[256];
  int t;

  if (w->lock_all)
    {
      rma_describe_caller (opened, sizeof opened, w->lock_all_at);
      rma_stop (call, caller, w, "the MPI_Win_lock_all called from %s is"
                " still open (no MPI_Win_unlock_all)", opened);
    }
  for (t = 0; w->nlocked > 0 && t < w->size; t++)
    if (w->locked[t])
      {
        rma_describe_caller (opened, sizeof opened, w->locked_at[t]);
        rma_stop (call, caller, w, "the MPI_Win_lock of rank %d called from"
                  " %s is still open (no MPI_Win_unlock of rank %d)", t,
                  opened, t);
      }
  if (w->started)
    {
      rma_describe_caller (opened, sizeof opened, w->start_at);
      rma_stop (call, caller, w, "the access epoch of the MPI_Win_start"
                " called from %s is still open (no MPI_Win_complete)",
                opened);
    }
  if (w->posted)
    {
      rma_describe_caller (opened, sizeof opened, w->post_at);
      rma_stop (call, caller, w, "the exposure epoch of the MPI_Win_post"
                " called from %s is still open (no MPI_Win_wait, or no"
                " MPI_Win_test that returned true)", opened);
    }
  if (w->fence_ops > 0)
    {
      rma_describe_caller (opened, sizeof opened, w->fence_op_at);
      rma_stop (call, caller, w, "%d RMA operation(s) issued since the last"
                " MPI_Win_fence (the first: %s called from %s) were never"
                " completed by another MPI_Win_fence", w->fence_ops,
                rma_kind_names[w->fence_op_kind], opened);
    }
}

/* ---- conflicts */

/* The layout of a predefined datatype, cached: predefined handles are
   never freed, so a handle found here is still that type.  Derived types
   are asked every time (their handle may be reused after MPI_Type_free).
   Used under rma_lock.  */
struct rma_layout
{
  MPI_Datatype type;
  int named;
  MPI_Count size;
  MPI_Aint extent, true_lb, true_extent;
};

#define RMA_LAYOUT_CACHE 8
static struct rma_layout rma_layouts[RMA_LAYOUT_CACHE];
static int rma_nlayouts, rma_next_layout;

static int
rma_layout (MPI_Datatype t, struct rma_layout *layout)
{
  int i, ni, na, nd, combiner;
  MPI_Aint lb;

  for (i = 0; i < rma_nlayouts; i++)
    if (rma_layouts[i].type == t)
      {
        *layout = rma_layouts[i];
        return 1;
      }
  if (t == MPI_DATATYPE_NULL
      || PMPI_Type_get_envelope (t, &ni, &na, &nd, &combiner) != MPI_SUCCESS
      || PMPI_Type_size_x (t, &layout->size) != MPI_SUCCESS
      || PMPI_Type_get_extent (t, &lb, &layout->extent) != MPI_SUCCESS
      || PMPI_Type_get_true_extent (t, &layout->true_lb, &layout->true_extent)
             != MPI_SUCCESS)
    return 0;
  layout->type = t;
  layout->named = combiner == MPI_COMBINER_NAMED;
  if (layout->named)
    {
      rma_layouts[rma_next_layout] = *layout;
      rma_next_layout = (rma_next_layout + 1) % RMA_LAYOUT_CACHE;
      if (rma_nlayouts < RMA_LAYOUT_CACHE)
        rma_nlayouts++;
    }
  return 1;
}

/* The predefined type T is made of, or MPI_DATATYPE_NULL.  */
static MPI_Datatype
rma_basic_type (MPI_Datatype t)
{
  struct rma_layout layout;
  return rma_layout (t, &layout) && layout.named ? t : MPI_DATATYPE_NULL;
}

/* The bytes COUNT elements of TYPE at displacement DISP of TARGET touch,
   if they cover all of their span (no holes): 1, else 0.  */
static int
rma_target_bytes (const struct rma_window *w, int target, MPI_Aint disp,
                  int count, MPI_Datatype type, MPI_Aint *lo, MPI_Aint *hi)
{
  struct rma_layout layout;
  MPI_Aint span;

  if (w->disp_units == NULL || count <= 0 || !rma_layout (type, &layout))
    return 0;
  span = (MPI_Aint) (count - 1) * layout.extent + layout.true_extent;
  if (layout.size <= 0 || (MPI_Count) count * layout.size != (MPI_Count) span)
    return 0;
  *lo = disp * (MPI_Aint) w->disp_units[target] + layout.true_lb;
  *hi = *lo + span;
  return 1;
}

static void
rma_forget_accesses (struct rma_window *w, int target)
{
  int i, kept = 0;
  if (target < 0)
    w->naccesses = 0;
  else
    {
      for (i = 0; i < w->naccesses; i++)
        if (w->accesses[i].target != target)
          w->accesses[kept++] = w->accesses[i];
      w->naccesses = kept;
    }
  if (w->naccesses == 0)
    w->accesses_overflow = 0;
}

/* Compare O with the accesses of its epoch to the same target; stop on a
   conflict, else remember O.  */
static void
rma_check_conflicts (struct rma_window *w, const struct rma_op *o)
{
  struct rma_access a;
  int i;

  if (w->accesses_overflow
      || !rma_target_bytes (w, o->target, o->disp, o->target_count,
                            o->target_type, &a.lo, &a.hi))
    return;
  a.target = o->target;
  a.writes = rma_writes_target (o);
  a.atomic = rma_is_atomic (o->kind);
  a.basic = a.atomic ? rma_basic_type (o->target_type) : MPI_DATATYPE_NULL;
  a.kind = o->kind;
  a.caller = o->caller;
  for (i = 0; i < w->naccesses; i++)
    {
      const struct rma_access *b = &w->accesses[i];
      char other[256];
      if (b->target != a.target || b->hi <= a.lo || a.hi <= b->lo
          || (!a.writes && !b->writes))
        continue;
      /* Atomic on the same predefined type (or a type we cannot name:
         silence) never conflict.  */
      if (a.atomic && b->atomic
          && (a.basic == b->basic || a.basic == MPI_DATATYPE_NULL
              || b->basic == MPI_DATATYPE_NULL))
        continue;
      rma_describe_caller (other, sizeof other, b->caller);
      rma_stop (rma_kind_names[o->kind], o->caller, w,
                "it %s bytes %ld-%ld of rank %d's window, which the %s"
                " called from %s in the same epoch %s (bytes %ld-%ld);"
                " operations of one epoch are unordered: complete the first"
                " (MPI_Win_flush, or the epoch's closing call) before the"
                " second", a.writes ? "writes" : "reads", (long) a.lo,
                (long) a.hi - 1, a.target, rma_kind_names[b->kind], other,
                b->writes ? "writes" : "reads", (long) b->lo,
                (long) b->hi - 1);
    }
  if (w->naccesses == RMA_MAX_ACCESSES)
    {
      w->accesses_overflow = 1;
      return;
    }
  if (w->naccesses == w->accesses_capacity)
    {
      int capacity = w->accesses_capacity ? 2 * w->accesses_capacity : 16;
      struct rma_access *grown
          = realloc (w->accesses, capacity * sizeof *grown);
      if (grown == NULL)
        {
          w->accesses_overflow = 1;
          return;
        }
      w->accesses = grown;
      w->accesses_capacity = capacity;
    }
  w->accesses[w->naccesses++] = a;
}

/* ---- issuing operations */

static int
rma_issue (const struct rma_op *o)
{
  switch (o->kind)
    {
    case RMA_PUT:
      return PMPI_Put (o->origin, o->origin_count, o->origin_type, o->target,
                       o->disp, o->target_count, o->target_type, o->win);
    case RMA_GET:
      return PMPI_Get (o->result, o->origin_count, o->origin_type, o->target,
                       o->disp, o->target_count, o->target_type, o->win);
    case RMA_ACCUMULATE:
      return PMPI_Accumulate (o->origin, o->origin_count, o->origin_type,
                              o->target, o->disp, o->target_count,
                              o->target_type, o->op, o->win);
    case RMA_GET_ACCUMULATE:
      return PMPI_Get_accumulate (o->origin, o->origin_count, o->origin_type,
                                  o->result, o->result_count, o->result_type,
                                  o->target, o->disp, o->target_count,
                                  o->target_type, o->op, o->win);
    case RMA_FETCH_AND_OP:
      return PMPI_Fetch_and_op (o->origin, o->result, o->target_type,
                                o->target, o->disp, o->op, o->win);
    case RMA_COMPARE_AND_SWAP:
      return PMPI_Compare_and_swap (o->origin, o->compare, o->result,
                                    o->target_type, o->target, o->disp,
                                    o->win);
    case RMA_RPUT:
      return PMPI_Rput (o->origin, o->origin_count, o->origin_type,
                        o->target, o->disp, o->target_count, o->target_type,
                        o->win, o->request);
    case RMA_RGET:
      return PMPI_Rget (o->result, o->origin_count, o->origin_type,
                        o->target, o->disp, o->target_count, o->target_type,
                        o->win, o->request);
    case RMA_RACCUMULATE:
      return PMPI_Raccumulate (o->origin, o->origin_count, o->origin_type,
                               o->target, o->disp, o->target_count,
                               o->target_type, o->op, o->win, o->request);
    case RMA_RGET_ACCUMULATE:
      return PMPI_Rget_accumulate (o->origin, o->origin_count,
                                   o->origin_type, o->result,
                                   o->result_count, o->result_type,
                                   o->target, o->disp, o->target_count,
                                   o->target_type, o->op, o->win,
                                   o->request);
    }
  return MPI_ERR_INTERN;
}

/* ---- the nasty schedule (PARCOACH_NASTY) */

/* Keep a derived datatype alive until the delayed operation is issued
   (the program may free its handle as soon as the call returns).  */
static MPI_Datatype
rma_keep_type (MPI_Datatype t, MPI_Datatype *owned)
{
  MPI_Datatype copy;
  *owned = MPI_DATATYPE_NULL;
  if (t == MPI_DATATYPE_NULL || rma_basic_type (t) != MPI_DATATYPE_NULL
      || PMPI_Type_dup (t, &copy) != MPI_SUCCESS)
    return t;
  *owned = copy;
  return copy;
}

static int
rma_delay (struct rma_window *w, struct rma_op *o)
{
  struct rma_op *d;
  if (w->ndelayed == w->delayed_capacity)
    {
      int capacity = w->delayed_capacity ? 2 * w->delayed_capacity : 16;
      struct rma_op *grown = realloc (w->delayed, capacity * sizeof *grown);
      if (grown == NULL)
        return rma_issue (o); /* no room: issue it now */
      w->delayed = grown;
      w->delayed_capacity = capacity;
    }
  d = &w->delayed[w->ndelayed++];
  *d = *o;
  d->origin_type = rma_keep_type (o->origin_type, &d->owned[0]);
  d->result_type = rma_keep_type (o->result_type, &d->owned[1]);
  d->target_type = rma_keep_type (o->target_type, &d->owned[2]);
  return MPI_SUCCESS;
}

/* A put or get of a predefined type, the same on both sides: issued in
   pieces of at most PARCOACH_NASTY_SPLIT bytes (same bytes, same
   semantics: a put or get is not atomic).  */
static int
rma_issue_split (const struct rma_window *w, const struct rma_op *o)
{
  int unit = w->disp_units != NULL ? w->disp_units[o->target] : 0;
  struct rma_op piece = *o;
  struct rma_layout layout;
  int size, per_piece, done;

  /* Only dense predefined types (not MPI_DOUBLE_INT and its kind, whose
     extent exceeds their size).  */
  if (rma_split_bytes <= 0 || (o->kind != RMA_PUT && o->kind != RMA_GET)
      || o->origin_type != o->target_type
      || o->origin_count != o->target_count
      || !rma_layout (o->target_type, &layout) || !layout.named
      || layout.size <= 0 || layout.size != (MPI_Count) layout.extent
      || layout.true_lb != 0
      || (long) o->target_count * layout.size <= rma_split_bytes)
    return rma_issue (o);
  size = (int) layout.size;
  per_piece = rma_split_bytes / size > 0 ? (int) (rma_split_bytes / size) : 1;
  /* target_disp counts the target's disp_units: each piece's offset in
     bytes must be a whole number of them.  */
  if (unit <= 0 || ((MPI_Aint) per_piece * size) % unit != 0)
    return rma_issue (o);
  /* The pieces from the last one backwards.  */
  for (done = o->target_count; done > 0;)
    {
      int n = done % per_piece ? done % per_piece : per_piece;
      int first = done - n, err;
      piece.origin_count = piece.target_count = n;
      if (o->kind == RMA_PUT)
        piece.origin = (const char *) o->origin + (size_t) first * size;
      else
        piece.result = (char *) o->result + (size_t) first * size;
      piece.disp = o->disp + (MPI_Aint) first * size / unit;
      err = rma_issue (&piece);
      if (err != MPI_SUCCESS)
        return err;
      done = first;
    }
  return MPI_SUCCESS;
}

/* The index order in which the SELECTED delayed operations go out.  */
static void
rma_schedule (const struct rma_op *ops, int *order, int n)
{
  int i, j, k;

  for (i = 0; i < n; i++)
    order[i] = i;
  switch (rma_order)
    {
    case RMA_ORDER_PROGRAM:
      break;
    case RMA_ORDER_REVERSE:
      for (i = 0; i < n; i++)
        order[i] = n - 1 - i;
      break;
    case RMA_ORDER_GETS_FIRST:
    case RMA_ORDER_PUTS_FIRST:
      k = 0;
      for (j = 0; j < 2; j++)
        for (i = 0; i < n; i++)
          if (rma_reads_only (&ops[i])
              == ((rma_order == RMA_ORDER_GETS_FIRST) == (j == 0)))
            order[k++] = i;
      break;
    case RMA_ORDER_RANDOM:
      for (i = n - 1; i > 0; i--)
        {
          int t;
          rma_seed = rma_seed * 6364136223846793005UL + 1442695040888963407UL;
          j = (int) ((rma_seed >> 33) % (unsigned long) (i + 1));
          t = order[i];
          order[i] = order[j];
          order[j] = t;
        }
      break;
    }
  /* Accumulate-class operations to one target location are ordered from
     one origin: the places they got keep them in program order.  */
  for (i = 0, k = 0; i < n; i++)
    if (rma_is_atomic (ops[order[i]].kind))
      {
        while (!rma_is_atomic (ops[k].kind))
          k++;
        order[i] = k++;
      }
}

/* Issue the delayed operations of W to TARGET (all of them if TARGET is
   negative) in the nasty order, before the call that completes them.
   PASSIVE: inside a lock epoch, where a flush between them forces their
   order at the target.  */
static int
rma_nasty_issue (struct rma_window *w, int target, int passive)
{
  struct rma_op *selected;
  int *order;
  int i, n = 0, kept = 0, err = MPI_SUCCESS;

  if (w->ndelayed == 0)
    return MPI_SUCCESS;
  selected = malloc (w->ndelayed * sizeof *selected);
  order = malloc (w->ndelayed * sizeof *order);
  if (selected == NULL || order == NULL)
    {
      free (selected);
      free (order);
      return MPI_ERR_NO_MEM;
    }
  for (i = 0; i < w->ndelayed; i++)
    if (target < 0 || w->delayed[i].target == target)
      selected[n++] = w->delayed[i];
    else
      w->delayed[kept++] = w->delayed[i];
  w->ndelayed = kept;
  rma_schedule (selected, order, n);
  for (i = 0; i < n; i++)
    {
      struct rma_op *o = &selected[order[i]];
      int e = rma_issue_split (w, o);
      if (e != MPI_SUCCESS && err == MPI_SUCCESS)
        err = e;
      if (passive && rma_nasty_flush && i + 1 < n)
        PMPI_Win_flush (o->target, o->win);
    }
  for (i = 0; i < n; i++)
    {
      int t;
      for (t = 0; t < 3; t++)
        if (selected[i].owned[t] != MPI_DATATYPE_NULL)
          PMPI_Type_free (&selected[i].owned[t]);
    }
  free (selected);
  free (order);
  return err;
}

/* ---- origin buffers (parcoach_buffers.c) */

static uintptr_t
rma_window_key (MPI_Win win)
{
  uintptr_t key = 0;
  memcpy (&key, &win, sizeof win < sizeof key ? sizeof win : sizeof key);
  return key;
}

/* The origin-side buffers of O are pending until the call completing it
   at the origin; FILE:LINE is the plugin's site of O (FILE may be NULL).
   Those of a request-based operation, issued already, also until its
   request completes (MPI_Wait...), whichever comes first.  */
static void
rma_register_buffers (const struct rma_op *o, const char *file, int line)
{
  uintptr_t key = rma_window_key (o->win), request = 0;
  const char *call = rma_kind_names[o->kind];

  if (rma_is_request_based (o->kind))
    {
      if (o->request == NULL || *o->request == MPI_REQUEST_NULL)
        return;
      memcpy (&request, o->request,
              sizeof *o->request < sizeof request ? sizeof *o->request
                                                  : sizeof request);
      /* A value MPI hands out again belongs to a completed request.  */
      parcoach_buffers_request_created (request);
    }
#define RMA_BUFFER(buf, count, type, forbids_reads) \
  (request != 0                                                            \
     ? parcoach_buffers_add_rma_request (key, o->target, request, buf,     \
                                         count, type, forbids_reads, call, \
                                         file, line)                       \
     : parcoach_buffers_add (key, o->target, 1, buf, count, type,          \
                             forbids_reads, 0, call, file, line))
  switch (o->kind)
    {
    case RMA_PUT:
    case RMA_ACCUMULATE:
    case RMA_RPUT:
    case RMA_RACCUMULATE:
      RMA_BUFFER (o->origin, o->origin_count, o->origin_type, 0);
      break;
    case RMA_GET:
    case RMA_RGET:
      RMA_BUFFER (o->result, o->origin_count, o->origin_type, 1);
      break;
    case RMA_GET_ACCUMULATE:
    case RMA_RGET_ACCUMULATE:
      if (o->op != MPI_NO_OP)
        RMA_BUFFER (o->origin, o->origin_count, o->origin_type, 0);
      RMA_BUFFER (o->result, o->result_count, o->result_type, 1);
      break;
    case RMA_FETCH_AND_OP:
      if (o->op != MPI_NO_OP)
        RMA_BUFFER (o->origin, 1, o->target_type, 0);
      RMA_BUFFER (o->result, 1, o->target_type, 1);
      break;
    case RMA_COMPARE_AND_SWAP:
      RMA_BUFFER (o->origin, 1, o->target_type, 0);
      RMA_BUFFER (o->compare, 1, o->target_type, 0);
      RMA_BUFFER (o->result, 1, o->target_type, 1);
      break;
    default:
      break;
    }
#undef RMA_BUFFER
}

/* ---- the operations' entry */

static int
rma_operation (struct rma_op *o)
{
  struct rma_window *w;
  const char *site_file;
  int site_line, err;

  /* Always consumed: a stale site must not name a later call.  */
  parcoach_take_site (&site_file, &site_line);
  if (!rma_options_read)
    rma_read_options ();
  if (!rma_checks || o->target == MPI_PROC_NULL)
    return rma_issue (o);
  rma_lock ();
  w = rma_find (o->win);
  if (w == NULL || !rma_valid_target (w, o->target))
    {
      rma_unlock ();
      return rma_issue (o);
    }
  rma_remember_site (o->caller, site_file, site_line);
  if (!rma_in_epoch (w, o->target))
    rma_stop (rma_kind_names[o->kind], o->caller, w,
              "no access epoch of this window is open to rank %d (no"
              " MPI_Win_fence without MPI_MODE_NOSUCCEED, no MPI_Win_lock"
              " of rank %d, no MPI_Win_lock_all, no MPI_Win_start whose"
              " group holds it)", o->target, o->target);
  if (!rma_in_passive_epoch (w, o->target)
      && !(w->started && w->in_start_group[o->target]))
    {
      if (w->fence_ops++ == 0)
        {
          w->fence_op_at = o->caller;
          w->fence_op_kind = o->kind;
        }
    }
  if (!rma_is_request_based (o->kind))
    {
      rma_check_conflicts (w, o);
      rma_register_buffers (o, site_file, site_line);
    }
  /* Request-based operations go out now: the program may wait for their
     request before any synchronization.  */
  if (rma_nasty && !rma_is_request_based (o->kind))
    err = rma_delay (w, o);
  else
    err = rma_issue (o);
  if (err == MPI_SUCCESS && rma_is_request_based (o->kind))
    rma_register_buffers (o, site_file, site_line);
  rma_unlock ();
  return err;
}

#define RMA_OP(KIND)                                                       \
  struct rma_op o;                                                         \
  memset (&o, 0, sizeof o);                                                \
  o.kind = KIND;                                                           \
  o.caller = __builtin_return_address (0);                                 \
  o.op = MPI_OP_NULL;                                                      \
  o.origin_type = o.result_type = o.target_type = MPI_DATATYPE_NULL;       \
  o.owned[0] = o.owned[1] = o.owned[2] = MPI_DATATYPE_NULL;                \
  o.win = win

int
MPI_Put (const void *origin_addr, int origin_count,
         MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
         int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
  RMA_OP (RMA_PUT);
  o.origin = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  return rma_operation (&o);
}

int
MPI_Get (void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
         int target_rank, MPI_Aint target_disp, int target_count,
         MPI_Datatype target_datatype, MPI_Win win)
{
  RMA_OP (RMA_GET);
  o.result = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  return rma_operation (&o);
}

int
MPI_Accumulate (const void *origin_addr, int origin_count,
                MPI_Datatype origin_datatype, int target_rank,
                MPI_Aint target_disp, int target_count,
                MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
  RMA_OP (RMA_ACCUMULATE);
  o.origin = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  o.op = op;
  return rma_operation (&o);
}

int
MPI_Get_accumulate (const void *origin_addr, int origin_count,
                    MPI_Datatype origin_datatype, void *result_addr,
                    int result_count, MPI_Datatype result_datatype,
                    int target_rank, MPI_Aint target_disp, int target_count,
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
  RMA_OP (RMA_GET_ACCUMULATE);
  o.origin = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.result = result_addr;
  o.result_count = result_count;
  o.result_type = result_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  o.op = op;
  return rma_operation (&o);
}

int
MPI_Fetch_and_op (const void *origin_addr, void *result_addr,
                  MPI_Datatype datatype, int target_rank,
                  MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
  RMA_OP (RMA_FETCH_AND_OP);
  o.origin = origin_addr;
  o.result = result_addr;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = 1;
  o.target_type = datatype;
  o.op = op;
  return rma_operation (&o);
}

int
MPI_Compare_and_swap (const void *origin_addr, const void *compare_addr,
                      void *result_addr, MPI_Datatype datatype,
                      int target_rank, MPI_Aint target_disp, MPI_Win win)
{
  RMA_OP (RMA_COMPARE_AND_SWAP);
  o.origin = origin_addr;
  o.compare = compare_addr;
  o.result = result_addr;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = 1;
  o.target_type = datatype;
  return rma_operation (&o);
}

int
MPI_Rput (const void *origin_addr, int origin_count,
          MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
          int target_count, MPI_Datatype target_datatype, MPI_Win win,
          MPI_Request *request)
{
  RMA_OP (RMA_RPUT);
  o.origin = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  o.request = request;
  return rma_operation (&o);
}

int
MPI_Rget (void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
          int target_rank, MPI_Aint target_disp, int target_count,
          MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
  RMA_OP (RMA_RGET);
  o.result = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  o.request = request;
  return rma_operation (&o);
}

int
MPI_Raccumulate (const void *origin_addr, int origin_count,
                 MPI_Datatype origin_datatype, int target_rank,
                 MPI_Aint target_disp, int target_count,
                 MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                 MPI_Request *request)
{
  RMA_OP (RMA_RACCUMULATE);
  o.origin = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  o.op = op;
  o.request = request;
  return rma_operation (&o);
}

int
MPI_Rget_accumulate (const void *origin_addr, int origin_count,
                     MPI_Datatype origin_datatype, void *result_addr,
                     int result_count, MPI_Datatype result_datatype,
                     int target_rank, MPI_Aint target_disp, int target_count,
                     MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                     MPI_Request *request)
{
  RMA_OP (RMA_RGET_ACCUMULATE);
  o.origin = origin_addr;
  o.origin_count = origin_count;
  o.origin_type = origin_datatype;
  o.result = result_addr;
  o.result_count = result_count;
  o.result_type = result_datatype;
  o.target = target_rank;
  o.disp = target_disp;
  o.target_count = target_count;
  o.target_type = target_datatype;
  o.op = op;
  o.request = request;
  return rma_operation (&o);
}

/* ---- creation and destruction */

int
MPI_Win_create (void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                MPI_Comm comm, MPI_Win *win)
{
  int err = PMPI_Win_create (base, size, disp_unit, info, comm, win);
  if (err == MPI_SUCCESS)
    rma_created (*win, comm, disp_unit, __builtin_return_address (0));
  return err;
}

int
MPI_Win_allocate (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                  void *baseptr, MPI_Win *win)
{
  int err = PMPI_Win_allocate (size, disp_unit, info, comm, baseptr, win);
  if (err == MPI_SUCCESS)
    rma_created (*win, comm, disp_unit, __builtin_return_address (0));
  return err;
}

int
MPI_Win_allocate_shared (MPI_Aint size, int disp_unit, MPI_Info info,
                         MPI_Comm comm, void *baseptr, MPI_Win *win)
{
  int err
      = PMPI_Win_allocate_shared (size, disp_unit, info, comm, baseptr, win);
  if (err == MPI_SUCCESS)
    rma_created (*win, comm, disp_unit, __builtin_return_address (0));
  return err;
}

int
MPI_Win_create_dynamic (MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
  /* Displacements of a dynamic window are addresses: disp_unit 1.  */
  int err = PMPI_Win_create_dynamic (info, comm, win);
  if (err == MPI_SUCCESS)
    rma_created (*win, comm, 1, __builtin_return_address (0));
  return err;
}

int
MPI_Win_free (MPI_Win *win)
{
  struct rma_window *w;

  rma_lock ();
  w = win != NULL ? rma_find (*win) : NULL;
  if (w != NULL)
    {
      rma_check_closed (w, "MPI_Win_free", __builtin_return_address (0));
      parcoach_buffers_rma_done (rma_window_key (*win), -1);
      rma_forget (w);
    }
  rma_unlock ();
  return PMPI_Win_free (win);
}

/* ---- synchronization */

/* The window of a synchronization call, locked; NULL (and unlocked) when
   it is not followed.  */
static struct rma_window *
rma_sync_window (MPI_Win win)
{
  struct rma_window *w;
  if (!rma_options_read)
    rma_read_options ();
  if (!rma_checks)
    return NULL;
  rma_lock ();
  w = rma_find (win);
  if (w == NULL)
    rma_unlock ();
  return w;
}

int
MPI_Win_fence (int assert, MPI_Win win)
{
  struct rma_window *w = rma_sync_window (win);
  int err;

  if (w == NULL)
    return PMPI_Win_fence (assert, win);
  if ((assert & MPI_MODE_NOPRECEDE) && w->fence_ops > 0)
    {
      char first[256];
      rma_describe_caller (first, sizeof first, w->fence_op_at);
      rma_stop ("MPI_Win_fence", __builtin_return_address (0), w,
                "it asserts MPI_MODE_NOPRECEDE, but %d RMA operation(s)"
                " issued since the previous fence (the first: %s called"
                " from %s) are not complete", w->fence_ops,
                rma_kind_names[w->fence_op_kind], first);
    }
  rma_nasty_issue (w, -1, 0);
  parcoach_buffers_rma_done (rma_window_key (win), -1);
  w->fence_open = !(assert & MPI_MODE_NOSUCCEED);
  w->fence_ops = 0;
  rma_forget_accesses (w, -1);
  rma_unlock ();
  err = PMPI_Win_fence (assert, win);
  return err;
}

int
MPI_Win_lock (int lock_type, int rank, int assert, MPI_Win win)
{
  int err = PMPI_Win_lock (lock_type, rank, assert, win);
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return err;
  if (err == MPI_SUCCESS && rma_valid_target (w, rank) && !w->locked[rank])
    {
      w->locked[rank] = 1;
      w->locked_at[rank] = __builtin_return_address (0);
      w->nlocked++;
    }
  rma_unlock ();
  return err;
}

int
MPI_Win_unlock (int rank, MPI_Win win)
{
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return PMPI_Win_unlock (rank, win);
  if (rma_valid_target (w, rank))
    {
      rma_nasty_issue (w, rank, 1);
      parcoach_buffers_rma_done (rma_window_key (win), rank);
      rma_forget_accesses (w, rank);
      if (w->locked[rank])
        {
          w->locked[rank] = 0;
          w->nlocked--;
        }
    }
  rma_unlock ();
  return PMPI_Win_unlock (rank, win);
}

int
MPI_Win_lock_all (int assert, MPI_Win win)
{
  int err = PMPI_Win_lock_all (assert, win);
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return err;
  if (err == MPI_SUCCESS)
    {
      w->lock_all = 1;
      w->lock_all_at = __builtin_return_address (0);
    }
  rma_unlock ();
  return err;
}

int
MPI_Win_unlock_all (MPI_Win win)
{
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return PMPI_Win_unlock_all (win);
  rma_nasty_issue (w, -1, 1);
  parcoach_buffers_rma_done (rma_window_key (win), -1);
  rma_forget_accesses (w, -1);
  w->lock_all = 0;
  rma_unlock ();
  return PMPI_Win_unlock_all (win);
}

/* MPI_Win_flush and MPI_Win_flush_all complete the operations (at the
   target too): their accesses are forgotten.  The local flushes only
   complete them at the origin: the accesses stay, but under
   PARCOACH_NASTY the delayed operations must go out (the program may
   reuse its buffers after them).  */
static int
rma_flush (MPI_Win win, int rank, int remote)
{
  struct rma_window *w = rma_sync_window (win);
  if (w == NULL)
    return MPI_SUCCESS;
  if (rank < 0 || rma_valid_target (w, rank))
    {
      rma_nasty_issue (w, rank, 1);
      parcoach_buffers_rma_done (rma_window_key (win), rank);
      if (remote)
        rma_forget_accesses (w, rank);
    }
  rma_unlock ();
  return MPI_SUCCESS;
}

int
MPI_Win_flush (int rank, MPI_Win win)
{
  rma_flush (win, rank, 1);
  return PMPI_Win_flush (rank, win);
}

int
MPI_Win_flush_all (MPI_Win win)
{
  rma_flush (win, -1, 1);
  return PMPI_Win_flush_all (win);
}

int
MPI_Win_flush_local (int rank, MPI_Win win)
{
  rma_flush (win, rank, 0);
  return PMPI_Win_flush_local (rank, win);
}

int
MPI_Win_flush_local_all (MPI_Win win)
{
  rma_flush (win, -1, 0);
  return PMPI_Win_flush_local_all (win);
}

int
MPI_Win_start (MPI_Group group, int assert, MPI_Win win)
{
  int err = PMPI_Win_start (group, assert, win);
  struct rma_window *w = rma_sync_window (win);
  MPI_Group window_group;
  int n = 0, i;

  if (w == NULL)
    return err;
  if (err == MPI_SUCCESS)
    {
      int translated = 0;
      if (PMPI_Win_get_group (win, &window_group) == MPI_SUCCESS)
        {
          int *ranks = NULL;
          if (PMPI_Group_size (group, &n) == MPI_SUCCESS && n > 0)
            ranks = malloc (2 * n * sizeof (int));
          if (ranks != NULL)
            {
              for (i = 0; i < n; i++)
                ranks[i] = i;
              if (PMPI_Group_translate_ranks (group, n, ranks, window_group,
                                              ranks + n) == MPI_SUCCESS)
                {
                  memset (w->in_start_group, 0, w->size);
                  for (i = 0; i < n; i++)
                    if (rma_valid_target (w, ranks[n + i]))
                      w->in_start_group[ranks[n + i]] = 1;
                  translated = 1;
                }
              free (ranks);
            }
          PMPI_Group_free (&window_group);
        }
      /* Group not understood: every target counts as in it (silence).  */
      if (!translated)
        memset (w->in_start_group, 1, w->size);
      w->started = 1;
      w->start_at = __builtin_return_address (0);
    }
  rma_unlock ();
  return err;
}

int
MPI_Win_complete (MPI_Win win)
{
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return PMPI_Win_complete (win);
  rma_nasty_issue (w, -1, 0);
  parcoach_buffers_rma_done (rma_window_key (win), -1);
  rma_forget_accesses (w, -1);
  w->started = 0;
  rma_unlock ();
  return PMPI_Win_complete (win);
}

int
MPI_Win_post (MPI_Group group, int assert, MPI_Win win)
{
  int err = PMPI_Win_post (group, assert, win);
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return err;
  if (err == MPI_SUCCESS)
    {
      w->posted = 1;
      w->post_at = __builtin_return_address (0);
    }
  rma_unlock ();
  return err;
}

int
MPI_Win_wait (MPI_Win win)
{
  int err = PMPI_Win_wait (win);
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return err;
  if (err == MPI_SUCCESS)
    w->posted = 0;
  rma_unlock ();
  return err;
}

int
MPI_Win_test (MPI_Win win, int *flag)
{
  int err = PMPI_Win_test (win, flag);
  struct rma_window *w = rma_sync_window (win);

  if (w == NULL)
    return err;
  if (err == MPI_SUCCESS && *flag)
    w->posted = 0;
  rma_unlock ();
  return err;
}

/* ---- MPI_Finalize (parcoach_pmpi_lifecycle.c) */

void
parcoach_rma_at_finalize (void *caller)
{
  int i;
  if (!rma_options_read || !rma_checks)
    return;
  rma_lock ();
  for (i = 0; i < rma_nwindows; i++)
    rma_check_closed (rma_windows[i], "MPI_Finalize", caller);
  rma_unlock ();
}
