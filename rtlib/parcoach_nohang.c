/* The hang detector: a run whose processes all wait in MPI calls that
   cannot complete together (a check on one side, a blocking receive on
   the other; checks on two different communicators) stops with one line
   per process of MPI_COMM_WORLD naming the call it waits in, instead of
   hanging.

   What each process publishes.  The instrumented code brackets its
   blocking point-to-point calls with parcoach_blocking_enter/leave (the
   plugin: gimple/nohang.cc), and every collective check brackets its
   reduction the same way (parcoach_rt.c).  The brackets only store the
   call site in a process-local record and bump its epoch (odd while the
   process waits): no system call, no communication, so a run in which
   nothing blocks pays a few stores per call.

   Who watches.  At the first bracketed call after MPI_Init, each process
   starts one helper thread.  Every 0.2 s the thread copies its process's
   record (as text) into a slot of a POSIX shared-memory segment that the
   processes of the job share, and looks at every slot.  When every process
   of MPI_COMM_WORLD has been waiting in the same bracketed call (same
   epoch) for the timeout, none of them can make the others progress: one
   thread (the first to claim the report) prints the lines and stops the
   job with MPI_Abort.  The thread never calls MPI otherwise, so the
   program's thread level is not exceeded while it runs.

   The timeout adapts: a floor (10 s, or PARCOACH_HANG_TIMEOUT) raised to
   10 x the longest period seen in which every process waited and yet the
   run went on (a long transfer, a slow machine).  A state in which every
   process waits in the same check on MPI_COMM_WORLD is never reported:
   MPI completes it.

   What is not covered (README, "Run-time messages and exit status"): jobs
   on several nodes (the segment is per node: the detector is on only
   when every process of MPI_COMM_WORLD is on the node, as MPICH's
   MPI_LOCALNRANKS or Open MPI's OMPI_COMM_WORLD_LOCAL_SIZE tell), MPI_THREAD_MULTIPLE (another thread
   of a waiting process may still send), and waits the plugin did not
   bracket (code compiled without the plugin, collectives without a check,
   MPI_Finalize): a process waiting there counts as running, so the job
   is not stopped (it may hang, as before).

   Blocking collectives.  The runtime's wrappers of the blocking
   collectives (parcoach_pmpi_collectives.c, parcoach_pmpi_fortran.c) see
   every such call of the program, instrumented or not, and bracket it
   too, so a process blocked in an unchecked MPI_Barrier while another
   blocks in MPI_Recv is seen (the collective-against-receive deadlock).
   Only a collective on a communicator spanning MPI_COMM_WORLD counts as a
   wait: every process is a member, so one that waits elsewhere keeps it
   from completing; a collective on a smaller communicator may complete
   without the others, and its process counts as running.  And a state in
   which every process waits in such a collective is never reported
   either: each may be the same collective, which MPI completes (a
   mismatch of collectives is the checks' business).  */

#if !defined _POSIX_C_SOURCE && (defined __unix__ || defined __APPLE__)
#define _POSIX_C_SOURCE 200809L
#endif

#include "parcoach_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* ---- the process-local record (written by the thread calling MPI) */

enum parcoach_wait_kind
{
  PARCOACH_WAIT_CALL,  /* a bracketed point-to-point call */
  PARCOACH_WAIT_CHECK, /* a collective check */
  PARCOACH_WAIT_COLLECTIVE /* a wrapped collective on a world-sized
                              communicator */
};

static struct
{
  unsigned long epoch; /* odd while the process waits */
  int kind, colour, line, comm_size;
  const char *call, *file, *function;
  MPI_Comm comm;
  void *caller; /* PARCOACH_WAIT_COLLECTIVE: the caller's code address */
  /* The last communicator seen in a check, and its size: one
     MPI_Comm_size per change of communicator, not per check.  */
  MPI_Comm last_comm;
  int last_comm_size;
} parcoach_waiting;

/* 0: not decided yet; 1: on; -1: off.  */
static int parcoach_hang_state;
static pthread_mutex_t parcoach_hang_lock = PTHREAD_MUTEX_INITIALIZER;

/* This process's rank in MPI_COMM_WORLD, -1 until known.  */
static int parcoach_world_rank_cached = -1;

int
parcoach_world_rank (void)
{
  int rank = -1, flag = 0;

  if (parcoach_world_rank_cached >= 0)
    return parcoach_world_rank_cached;
  if (PMPI_Initialized (&flag) == MPI_SUCCESS && flag
      && PMPI_Comm_rank (MPI_COMM_WORLD, &rank) == MPI_SUCCESS)
    parcoach_world_rank_cached = rank;
  return rank;
}

/* ---- the shared segment */

#define PARCOACH_SLOT_TEXT 240

struct parcoach_slot
{
  unsigned long epoch; /* the process's epoch as last published */
  int pid;             /* 0: the process never published */
  int same_world_check; /* colour of a check on MPI_COMM_WORLD, else 0 */
  int world_collective; /* 1: waits in a wrapped collective (world-sized) */
  char text[PARCOACH_SLOT_TEXT];
};

struct parcoach_segment
{
  int world_size;
  int reported; /* the pid that claimed the report, 0 before */
  struct parcoach_slot slots[];
};

static struct parcoach_segment *parcoach_segment;
static char parcoach_segment_name[96];
static int parcoach_world_size;
static double parcoach_hang_timeout = 10.0;

static void
parcoach_unlink_segment (void)
{
  shm_unlink (parcoach_segment_name);
}

/* The job's segment name: the launcher's process that started every
   process of this node (Hydra's proxy, Open MPI's daemon) is their parent;
   its pid and start time (unique while the machine runs) name the job.
   0 when they cannot be read.  */
static int
parcoach_name_segment (void)
{
  char path[64], buf[1024];
  unsigned long long start = 0;
  pid_t parent = getppid ();
  FILE *stat;
  char *close_paren;
  int field;

  snprintf (path, sizeof path, "/proc/%ld/stat", (long) parent);
  stat = fopen (path, "r");
  if (stat == NULL)
    return 0;
  if (fgets (buf, sizeof buf, stat) == NULL)
    buf[0] = '\0';
  fclose (stat);
  /* Field 22 (starttime); the command name, field 2, is in parentheses
     and may hold spaces.  */
  close_paren = strrchr (buf, ')');
  if (close_paren == NULL)
    return 0;
  {
    char *p = close_paren + 1;
    for (field = 3; field < 22 && p != NULL; field++)
      p = strchr (p + 1, ' ');
    if (p == NULL || sscanf (p, " %llu", &start) != 1)
      return 0;
  }
  snprintf (parcoach_segment_name, sizeof parcoach_segment_name,
            "/parcoach-hang.%lu.%ld.%llu", (unsigned long) getuid (),
            (long) parent, start);
  return 1;
}

/* Once every process has mapped the segment, its name can go: no file is
   left behind in /dev/shm, even when the job aborts.  Whichever process
   sees it first (the last to attach, or a helper thread later) removes
   it.  1 once done.  */
static int
parcoach_unlink_when_all_attached (void)
{
  int r;

  for (r = 0; r < parcoach_world_size; r++)
    if (__atomic_load_n (&parcoach_segment->slots[r].pid, __ATOMIC_ACQUIRE)
        == 0)
      return 0;
  parcoach_unlink_segment ();
  return 1;
}

static int
parcoach_open_segment (void)
{
  size_t bytes = sizeof (struct parcoach_segment)
                 + (size_t) parcoach_world_size * sizeof (struct parcoach_slot);
  struct stat st;
  void *map;
  int fd;

  if (!parcoach_name_segment ())
    return 0;
  fd = shm_open (parcoach_segment_name, O_RDWR | O_CREAT, 0600);
  if (fd < 0)
    return 0;
  /* Every process extends it to the same size (zeros): the order does not
     matter.  */
  if (fstat (fd, &st) != 0
      || ((size_t) st.st_size < bytes && ftruncate (fd, (off_t) bytes) != 0))
    {
      close (fd);
      return 0;
    }
  map = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close (fd);
  if (map == MAP_FAILED)
    return 0;
  parcoach_segment = map;
  parcoach_segment->world_size = parcoach_world_size;
  __atomic_store_n (&parcoach_segment->slots[parcoach_world_rank_cached].pid,
                    (int) getpid (), __ATOMIC_RELEASE);
  if (!parcoach_unlink_when_all_attached ())
    atexit (parcoach_unlink_segment);
  return 1;
}

/* ---- the helper thread */

/* "MPI_Recv at f.c:12 in function main", or "the check before
   MPI_Allreduce on MPI_COMM_WORLD (2 processes) at ...".  */
static void
parcoach_describe_wait (char *text, size_t size, int kind, int colour,
                        const char *call, const char *file, int line,
                        const char *function, MPI_Comm comm, int comm_size,
                        void *caller)
{
  int n;

  if (kind == PARCOACH_WAIT_COLLECTIVE && file != NULL)
    {
      /* The site of the dormant check skipped right before the call.  */
      if (comm == MPI_COMM_WORLD)
        snprintf (text, size, "%s on MPI_COMM_WORLD at %s:%d in function %s",
                  call, file, line, function != NULL ? function : "?");
      else
        snprintf (text, size, "%s on a communicator of all %d processes"
                  " at %s:%d in function %s", call, comm_size, file, line,
                  function != NULL ? function : "?");
      return;
    }
  if (kind == PARCOACH_WAIT_COLLECTIVE)
    {
      /* No source location: the wrapper knows only its caller's address
         (addr2line -e PROGRAM ADDRESS gives the line).  */
      if (comm == MPI_COMM_WORLD)
        snprintf (text, size, "%s on MPI_COMM_WORLD called from %s", call,
                  parcoach_describe_library_caller (caller));
      else
        snprintf (text, size, "%s on a communicator of all %d processes"
                  " called from %s", call, comm_size,
                  parcoach_describe_library_caller (caller));
      return;
    }
  if (kind == PARCOACH_WAIT_CHECK)
    {
      char name[96];
      parcoach_describe (name, sizeof name, "", colour);
      if (comm == MPI_COMM_WORLD || comm == MPI_COMM_SELF)
        n = snprintf (text, size, "the check before %s on %s", name,
                      comm == MPI_COMM_WORLD ? "MPI_COMM_WORLD"
                                             : "MPI_COMM_SELF");
      else
        n = snprintf (text, size,
                      "the check before %s on a communicator of %d"
                      " process%s other than MPI_COMM_WORLD", name,
                      comm_size, comm_size == 1 ? "" : "es");
    }
  else
    n = snprintf (text, size, "%s", call != NULL ? call : "an MPI call");
  /* A line too long for the slot is cut.  */
  if (n >= 0 && (size_t) n + 1 < size)
    {
      text[n] = ' ';
      parcoach_where (text + n + 1, size - (size_t) n - 1, file, line,
                      function);
    }
}

/* Copies this process's record into its slot when it changed.  */
static void
parcoach_publish (unsigned long *published)
{
  struct parcoach_slot *slot
    = &parcoach_segment->slots[parcoach_world_rank_cached];
  unsigned long epoch = __atomic_load_n (&parcoach_waiting.epoch,
                                         __ATOMIC_ACQUIRE);
  int kind, colour, line, comm_size;
  const char *call, *file, *function;
  MPI_Comm comm;
  void *caller;

  if (epoch == *published)
    return;
  if (epoch & 1)
    {
      kind = __atomic_load_n (&parcoach_waiting.kind, __ATOMIC_RELAXED);
      colour = __atomic_load_n (&parcoach_waiting.colour, __ATOMIC_RELAXED);
      line = __atomic_load_n (&parcoach_waiting.line, __ATOMIC_RELAXED);
      comm_size = __atomic_load_n (&parcoach_waiting.comm_size,
                                   __ATOMIC_RELAXED);
      call = __atomic_load_n (&parcoach_waiting.call, __ATOMIC_RELAXED);
      file = __atomic_load_n (&parcoach_waiting.file, __ATOMIC_RELAXED);
      function = __atomic_load_n (&parcoach_waiting.function,
                                  __ATOMIC_RELAXED);
      comm = parcoach_waiting.comm;
      caller = parcoach_waiting.caller;
      __atomic_thread_fence (__ATOMIC_ACQUIRE);
      if (__atomic_load_n (&parcoach_waiting.epoch, __ATOMIC_RELAXED)
          != epoch)
        return; /* it moved meanwhile: next time */
      parcoach_describe_wait (slot->text, sizeof slot->text, kind, colour,
                              call, file, line, function, comm, comm_size,
                              caller);
      slot->world_collective = kind == PARCOACH_WAIT_COLLECTIVE;
      slot->same_world_check
        = kind == PARCOACH_WAIT_CHECK && comm == MPI_COMM_WORLD ? colour + 1
                                                                 : 0;
    }
  __atomic_store_n (&slot->epoch, epoch, __ATOMIC_RELEASE);
  *published = epoch;
}

static void
parcoach_report_hang (double waited)
{
  int r, claim = 0;

  if (!__atomic_compare_exchange_n (&parcoach_segment->reported, &claim,
                                    (int) getpid (), 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
    return; /* another process reports */
  fprintf (stderr,
           "PARCOACH: every process of MPI_COMM_WORLD has been waiting for"
           " %.1f s in MPI calls that cannot complete together (the run"
           " would hang); each process waits in:\n", waited);
  for (r = 0; r < parcoach_world_size; r++)
    {
      struct parcoach_slot *slot = &parcoach_segment->slots[r];
      char text[PARCOACH_SLOT_TEXT];
      memcpy (text, slot->text, sizeof text);
      text[sizeof text - 1] = '\0';
      fprintf (stderr, "PARCOACH: rank %d of MPI_COMM_WORLD waits in %s\n",
               r, text);
    }
  fflush (stderr);
  parcoach_let_output_drain ();
  /* From this thread: every thread that calls MPI is waiting in MPI, and
     the job is going down.  */
  parcoach_stop_program ();
}

static void *
parcoach_hang_watch (void *unused)
{
  const int size = parcoach_world_size;
  unsigned long *seen = calloc ((size_t) size, sizeof *seen);
  double *since = calloc ((size_t) size, sizeof *since);
  unsigned long published = 0;
  double longest_stall = 0; /* of the current all-waiting period */
  int attached = 0;

  (void) unused;
  if (seen == NULL || since == NULL)
    return NULL;
  for (;;)
    {
      double now, stall = -1;
      int r, all_waiting = 1, same_world_check = -1, all_collectives = 1;

      parcoach_sleep_ns (200000000L);
      parcoach_publish (&published);
      now = parcoach_now ();
      for (r = 0; r < size; r++)
        {
          struct parcoach_slot *slot = &parcoach_segment->slots[r];
          unsigned long epoch = __atomic_load_n (&slot->epoch,
                                                 __ATOMIC_ACQUIRE);
          if (epoch != seen[r])
            {
              seen[r] = epoch;
              since[r] = now;
            }
          if (__atomic_load_n (&slot->pid, __ATOMIC_ACQUIRE) == 0
              || !(epoch & 1))
            {
              all_waiting = 0;
              continue;
            }
          /* How long every process has waited in its current call.  */
          if (stall < 0 || now - since[r] < stall)
            stall = now - since[r];
          all_collectives &= slot->world_collective;
          if (same_world_check == -1)
            same_world_check = slot->same_world_check;
          else if (same_world_check != slot->same_world_check)
            same_world_check = 0;
        }
      if (!attached)
        attached = parcoach_unlink_when_all_attached ();
      if (!all_waiting || stall < longest_stall)
        {
          /* The period ended: it was not a hang.  A run whose processes
             all wait that long and then go on gets a longer timeout.  */
          if (10 * longest_stall > parcoach_hang_timeout)
            parcoach_hang_timeout = 10 * longest_stall;
          longest_stall = 0;
        }
      if (!all_waiting)
        continue;
      longest_stall = stall;
      if (stall >= parcoach_hang_timeout && same_world_check <= 0
          && !all_collectives)
        parcoach_report_hang (stall);
    }
  return NULL;
}

/* ---- arming */

/* Reads PARCOACH_HANG_TIMEOUT: unset or empty, the default floor; "0" or
   "off", no detector.  0 when the detector is off.  */
static int
parcoach_read_hang_timeout (void)
{
  const char *value = getenv ("PARCOACH_HANG_TIMEOUT");
  char *end;
  double seconds;

  if (value == NULL || *value == '\0')
    return 1;
  if (strcmp (value, "off") == 0)
    return 0;
  seconds = strtod (value, &end);
  if (end == value || *end != '\0' || !(seconds >= 0))
    {
      fprintf (stderr, "PARCOACH: ignoring PARCOACH_HANG_TIMEOUT=%s: not a"
               " number of seconds or \"off\"\n", value);
      return 1;
    }
  if (seconds == 0)
    return 0;
  parcoach_hang_timeout = seconds;
  return 1;
}

/* Every process of MPI_COMM_WORLD on this node, as the launcher says.  */
static int
parcoach_whole_job_here (void)
{
  const char *local = getenv ("MPI_LOCALNRANKS");
  if (local == NULL)
    local = getenv ("OMPI_COMM_WORLD_LOCAL_SIZE");
  return local != NULL && atoi (local) == parcoach_world_size;
}

static int
parcoach_start_watch (void)
{
  pthread_t thread;
  pthread_attr_t attr;
  sigset_t all, saved;
  int provided = MPI_THREAD_SINGLE, ok;

  if (!parcoach_read_hang_timeout ())
    return 0;
  if (PMPI_Query_thread (&provided) != MPI_SUCCESS
      || provided == MPI_THREAD_MULTIPLE)
    return 0;
  if (PMPI_Comm_size (MPI_COMM_WORLD, &parcoach_world_size) != MPI_SUCCESS
      || parcoach_world_rank () < 0 || !parcoach_whole_job_here ()
      || !parcoach_open_segment ())
    return 0;
  /* The thread takes no signal meant for the program.  */
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &saved);
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  ok = pthread_create (&thread, &attr, parcoach_hang_watch, NULL) == 0;
  pthread_attr_destroy (&attr);
  pthread_sigmask (SIG_SETMASK, &saved, NULL);
  return ok;
}

/* Whether the detector is on; decides it at the first call once MPI is
   initialised (before, and after MPI_Finalize, nothing is recorded).  */
static int
parcoach_hang_on (void)
{
  int state = __atomic_load_n (&parcoach_hang_state, __ATOMIC_ACQUIRE);

  if (__builtin_expect (state != 0, 1))
    return state > 0;
  if (!parcoach_mpi_usable ())
    return 0;
  pthread_mutex_lock (&parcoach_hang_lock);
  state = parcoach_hang_state;
  if (state == 0)
    {
      state = parcoach_start_watch () ? 1 : -1;
      __atomic_store_n (&parcoach_hang_state, state, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&parcoach_hang_lock);
  return state > 0;
}

/* Odd epoch: waiting.  The fields are stored before the epoch (release),
   and read after it by the helper thread.  */
static void
parcoach_wait_begins (int kind, int colour, const char *call,
                      const char *file, int line, const char *function,
                      MPI_Comm comm, int comm_size, void *caller)
{
  unsigned long epoch = parcoach_waiting.epoch;
  __atomic_store_n (&parcoach_waiting.kind, kind, __ATOMIC_RELAXED);
  __atomic_store_n (&parcoach_waiting.colour, colour, __ATOMIC_RELAXED);
  __atomic_store_n (&parcoach_waiting.line, line, __ATOMIC_RELAXED);
  __atomic_store_n (&parcoach_waiting.comm_size, comm_size,
                    __ATOMIC_RELAXED);
  __atomic_store_n (&parcoach_waiting.call, call, __ATOMIC_RELAXED);
  __atomic_store_n (&parcoach_waiting.file, file, __ATOMIC_RELAXED);
  __atomic_store_n (&parcoach_waiting.function, function, __ATOMIC_RELAXED);
  parcoach_waiting.comm = comm;
  parcoach_waiting.caller = caller;
  __atomic_store_n (&parcoach_waiting.epoch, (epoch + 2) | 1,
                    __ATOMIC_RELEASE);
}

void
parcoach_blocking_enter (const char *call, const char *file, int line,
                         const char *function)
{
  if (!parcoach_hang_on ())
    return;
  parcoach_wait_begins (PARCOACH_WAIT_CALL, 0, call, file, line, function,
                        MPI_COMM_NULL, 0, NULL);
}

void
parcoach_blocking_leave (void)
{
  unsigned long epoch;

  if (__atomic_load_n (&parcoach_hang_state, __ATOMIC_RELAXED) <= 0)
    return;
  epoch = parcoach_waiting.epoch;
  if (epoch & 1)
    __atomic_store_n (&parcoach_waiting.epoch, epoch + 1, __ATOMIC_RELEASE);
}

void
parcoach_hang_watch_check (MPI_Comm comm, int colour, const char *file,
                           int line, const char *function)
{
  if (!parcoach_hang_on ())
    return;
  if (comm != parcoach_waiting.last_comm || parcoach_waiting.last_comm_size == 0)
    {
      int size = 0;
      PMPI_Comm_size (comm, &size);
      parcoach_waiting.last_comm = comm;
      parcoach_waiting.last_comm_size = size;
    }
  parcoach_wait_begins (PARCOACH_WAIT_CHECK, colour, NULL, file, line,
                        function, comm, parcoach_waiting.last_comm_size,
                        NULL);
}

/* Whether COMM is an intracommunicator of every process of
   MPI_COMM_WORLD.  Asked at each call (not cached by handle: a freed
   communicator's handle may come back for a smaller one).  */
static int
parcoach_spans_world (MPI_Comm comm)
{
  int size = 0, inter = 1;

  if (comm == MPI_COMM_WORLD)
    return 1;
  if (comm == MPI_COMM_NULL || PMPI_Comm_size (comm, &size) != MPI_SUCCESS
      || size != parcoach_world_size)
    return 0;
  return PMPI_Comm_test_inter (comm, &inter) == MPI_SUCCESS && !inter;
}

/* The last dormant check this thread skipped.  */
static __thread struct
{
  const char *file, *function;
  int line;
  void *after;
} parcoach_skipped;

void
parcoach_note_skipped_check (const char *file, int line, const char *function,
                             void *after)
{
  parcoach_skipped.file = file;
  parcoach_skipped.line = line;
  parcoach_skipped.function = function;
  parcoach_skipped.after = after;
}

int
parcoach_collective_enter (const char *call, MPI_Comm comm, void *caller)
{
  const char *file = NULL, *function = NULL;
  int line = 0;
  /* The skipped check guards this call when it returned just before it,
     in the same code: the arguments of one call lie between the two.  */
  const size_t nearby = 512;
  if (!parcoach_hang_on () || !parcoach_spans_world (comm))
    return 0;
  if (parcoach_skipped.after != NULL
      && (char *) caller > (char *) parcoach_skipped.after
      && (size_t) ((char *) caller - (char *) parcoach_skipped.after) < nearby)
    {
      file = parcoach_skipped.file;
      line = parcoach_skipped.line;
      function = parcoach_skipped.function;
    }
  parcoach_skipped.after = NULL;
  parcoach_wait_begins (PARCOACH_WAIT_COLLECTIVE, 0, call, file, line,
                        function, comm, parcoach_world_size, caller);
  return 1;
}
