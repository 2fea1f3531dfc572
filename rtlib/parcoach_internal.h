/* What the parts of the runtime share (internal to rtlib, not installed):
   parcoach_rt.c        the collective checks (entry points, reports, stop)
   parcoach_digests.c   the arguments each check compares, and their digest
   parcoach_options.c   PARCOACH_TIMEOUT and PARCOACH_STATS, the clock
   parcoach_stats.c     per-site statistics (PARCOACH_STATS)
   parcoach_watchdog.c  the watched reduction (PARCOACH_TIMEOUT)
   parcoach_requests.c  nonblocking requests still active at MPI_Finalize
   parcoach_pmpi_lifecycle.c  the MPI_Finalize wrapper calling the hooks
   parcoach_nohang.c    the hang detector (where each process waits)
   parcoach_threads.c, parcoach_omp.c: the thread and OpenMP checks, on
   their own headers.
   parcoach_rma.c       RMA epochs and the nasty schedule (MPI_ wrappers)
   parcoach_pmpi_collectives.c  blocking collectives of code built without
                        PARCOACH (MPI_ wrappers checking them when armed)
   parcoach_pmpi_lifecycle.c  the MPI_Finalize wrapper and its hooks  */
#ifndef PARCOACH_INTERNAL_H
#define PARCOACH_INTERNAL_H

#include "parcoach_rt.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/* None of this is part of the library's interface: hidden from programs
   and other libraries (the shared library exports parcoach_rt.h only).  */
#pragma GCC visibility push(hidden)

/* The site facts once the decision to check is taken.  */
#define PARCOACH_CHECK_FACTS \
  int colour, const char *file, int line, const char *function, \
  const char *conditionals

/* ---- the collective checks (parcoach_rt.c) */

/* Whether COLOUR names a collective of this runtime's table.  */
int parcoach_known_colour (int colour);

/* Describe COLOUR in DESC (SIZE bytes) for an error line: "MPI_Barrier"
   prefixed with VERB ("calling " or ""), or "leaving the function".  */
void parcoach_describe (char *desc, size_t size, const char *verb,
                        int colour);

/* Where a check is, for an error line: "at FILE:LINE in function F", or
   "called from FILE in code built without PARCOACH" for a check of
   parcoach_pmpi_collectives.c.  */
void parcoach_where (char *text, size_t size, const char *file, int line,
                     const char *function);

/* Sleep a moment so that the launcher forwards the error lines before
   MPI_Abort tears the job down.  */
void parcoach_let_output_drain (void);

/* How many flagged functions the calling thread is in: > 0 arms the
   dormant checks and the wrappers of parcoach_pmpi_collectives.c.  */
extern __thread int parcoach_depth;

/* ---- collectives of code built without PARCOACH
   (parcoach_pmpi_collectives.c) */

/* The colour of a collective: its position in mpi_collectives.def plus
   one, as the plugin compiles it.  */
enum parcoach_collective_index
{
#define PARCOACH_COLLECTIVE(c_name, f_name, family, arg, kind, arguments) \
  PARCOACH_INDEX_##c_name,
#include "mpi_collectives.def"
#undef PARCOACH_COLLECTIVE
  PARCOACH_INDEX_END
};
#define PARCOACH_COLOUR_OF(c_name) (PARCOACH_INDEX_##c_name + 1)

/* Every check on a communicator calls this first: the wrapper of the
   collective that follows on this thread then knows it was checked.  */
void parcoach_note_checked (MPI_Comm comm, int colour);
/* Consumes the token: whether the wrapper of a collective of code built
   without PARCOACH must check it (no check of instrumented code ran just
   before for this colour and communicator, the checks are on and MPI is
   usable).  */
int parcoach_library_check_wanted (MPI_Comm comm, int colour);
/* "app+0x11a8 (function)": the text naming the call's address CALLER in
   the messages, kept for the whole run.  */
const char *parcoach_describe_library_caller (void *caller);
/* Around a wrapped collective (parcoach_threads.c): below
   MPI_THREAD_MULTIPLE, a second thread of the process entering one while
   a thread is inside stops the program, naming CALL and CALLER (the
   caller's address), since the MPI library may crash or hang there.
   Returns whether parcoach_serial_leave must follow the call.  */
int parcoach_serial_enter (const char *call, void *caller);
void parcoach_serial_leave (void);
/* The next definition of NAME after the runtime (another profiling layer,
   else the MPI library), looked up once into *SLOT; FALLBACK when none.  */
void *parcoach_next_definition (void **slot, const char *name,
                                void *fallback);
/* The function name of a check made by such a wrapper (compared by
   address); its file is then the caller, "app+0x11a8".  */
extern const char parcoach_library_function[];

/* ---- stopping (parcoach_stop.c) */

/* Whether MPI may be used now: after MPI_Init and before MPI_Finalize.
   Both queries may be made at any time, from any thread.  */
int parcoach_mpi_usable (void);

/* Ends the program with PARCOACH_ABORT_CODE, the exit status of every
   PARCOACH stop: MPI_Abort on MPI_COMM_WORLD while MPI runs, otherwise
   _exit (no abort: no core dump, no gfortran backtrace).  */
void parcoach_stop_program (void) __attribute__ ((noreturn));

/* ---- the compared arguments (parcoach_digests.c) */

/* What a check compares.  A process's exact values are kept as 2 x
   PARCOACH_NFIELDS long longs: for each field, the smallest value it put
   there and the negation of the largest (a root that sends and receives
   puts two sizes, which must be equal), or PARCOACH_NO_VALUE twice when it
   has nothing to compare there: a wildcard, which never disagrees.  The
   check reduces an 8-byte digest of them (parcoach_digest); only when the
   digests disagree are the exact values gathered, to find and name what
   differs.  */
enum
{
  PARCOACH_FIELD_COLOUR,
  PARCOACH_FIELD_ROOT,
  PARCOACH_FIELD_OP,   /* index in the table of predefined operations */
  PARCOACH_FIELD_SIZE, /* bytes: count x datatype size */
  PARCOACH_FIELD_SIGNATURE, /* a summary of the type signature */
  PARCOACH_FIELD_COUNTS, /* the contents of a reduction's array of counts */
  PARCOACH_FIELD_IN_PLACE, /* 1: sendbuf is MPI_IN_PLACE, 0: a buffer */
  PARCOACH_FIELD_COMM, /* the guarded communicator: parcoach_comm_identity.c */
  PARCOACH_NFIELDS
};

#define PARCOACH_NO_VALUE LLONG_MAX

/* The bytes of the digest every check reduces (see parcoach_digests.c).  */
#define PARCOACH_DIGEST_BYTES 8

/* The arguments of the guarded call as the instrumented code passed them:
   addresses of the values (NULL when the compiler had none), in C types
   (int, MPI_Op, MPI_Datatype) or, from Fortran, as MPI_Fint handles and
   integers.  The buffers are the call's own; from Fortran a buffer is NULL
   when it is MPI_IN_PLACE (the compiler recognised it: Fortran's
   MPI_IN_PLACE is a variable whose address C cannot name).  */
struct parcoach_args
{
  int fortran;
  const void *root, *op;
  const void *buf[2], *count[2], *type[2]; /* [0] send side, [1] receive */
};

void parcoach_fields_init (long long *exact);
void parcoach_field_put (long long *exact, int field, long long value);
/* This process's values of the compared fields other than the colour
   (ARGS may be NULL: nothing to compare).  */
void parcoach_contribute_args (const struct parcoach_args *args, int colour,
                               MPI_Comm comm, long long *exact);
void parcoach_digest (const long long *exact, signed char *digest);
/* The v-variants' blocks pair by pair (PEER and PEERS sides of
   mpi_collectives.def), and the roots of the rooted ones: one more
   collective on COMM, which every process of COMM must make.  1, with WHY filled, when
   this process finds a block that differs from what its partner
   expects.  */
int parcoach_compare_peers (const struct parcoach_args *args, int colour,
                            MPI_Comm comm, char *why, size_t why_size);
/* MPI_Reduce_scatter's recvcounts, the same array on every process: one
   all-gather on COMM, which every process of COMM must make.  1, with WHY
   filled, when this process's array differs from another's.  */
int parcoach_compare_counts (const struct parcoach_args *args, int colour,
                             MPI_Comm comm, char *why, size_t why_size);
/* The per-process counts of the v-variants and MPI_Reduce_scatter,
   checked by their wrappers (parcoach_count_checks.c) on the calls it
   samples; CALLER is the wrapped call's return address.  */
void parcoach_check_counts (int colour, MPI_Comm comm,
                            const struct parcoach_args *args, void *caller);
/* Whether the reduced digest says that every process agrees.  */
int parcoach_digest_agrees (const signed char *digest);
/* "MPI_SUM" for the index a process put in PARCOACH_FIELD_OP, "?" for an
   index out of the table.  */
const char *parcoach_op_name (long long index);
/* "2 x 4-byte integer" for a value a process put in
   PARCOACH_FIELD_SIGNATURE (in TEXT, SIZE bytes).  */
void parcoach_describe_signature (char *text, size_t size, long long value);
/* "{2,1}" (or "an array hashed to 3fa2...") for a value a process put in
   PARCOACH_FIELD_COUNTS.  */
void parcoach_describe_counts (char *text, size_t size, long long value);

/* ---- options and clock (parcoach_options.c) */

extern double parcoach_timeout;   /* seconds; 0: no watchdog */
extern char *parcoach_stats_path; /* NULL: no statistics */
/* PARCOACH_COUNT_CHECKS: which calls the v-variants' wrappers compare
   (parcoach_count_checks.c).  */
enum
{
  PARCOACH_COUNTS_SAMPLED,
  PARCOACH_COUNTS_ALL,
  PARCOACH_COUNTS_OFF
};
extern int parcoach_count_checks;
extern int parcoach_options_read;
void parcoach_read_options (void);

/* The options, read once per process: one acquire load once they are.  */
static inline void
parcoach_options (void)
{
  if (__builtin_expect (!__atomic_load_n (&parcoach_options_read,
                                          __ATOMIC_ACQUIRE), 0))
    parcoach_read_options ();
}

/* Monotonic time in seconds; a pause of NS nanoseconds.  */
double parcoach_now (void);
void parcoach_sleep_ns (long ns);

/* ---- statistics (parcoach_stats.c) */

/* Counts one check at a site and the SECONDS it took.  */
void parcoach_stats_record (int colour, const char *file, int line,
                            const char *function, double seconds);

/* ---- watchdog (parcoach_watchdog.c) */

/* The check's reduction (PARCOACH_DIGEST_BYTES of MPI_MIN) when
   PARCOACH_TIMEOUT is set: stops the job if it has not completed in time.
   MPI_SUCCESS, or the error of the failing call.  */
int parcoach_allreduce_watched (signed char *in, signed char *out,
                                MPI_Comm comm, int colour, const char *file,
                                int line, const char *function);

/* ---- hooks of the MPI_Finalize wrapper (parcoach_pmpi_lifecycle.c) */

/* parcoach_requests.c: stops the job if a request of this process is still
   active.  */
void parcoach_requests_at_finalize (void);

/* One-sided communication (parcoach_rma.c): stops the job if an epoch of
   a window is still open.  CALLER: the program's return address in its
   MPI_Finalize call, to name it.  */
void parcoach_rma_at_finalize (void *caller);

/* ---- buffers of pending operations (parcoach_buffers.c) */

/* COUNT elements of TYPE at BUF belong to the pending operation OWNER (a
   request's value; with RMA, a window's value and TARGET); FORBIDS_READS:
   a receive buffer.  A PERSISTENT request's buffer is pending only after
   MPI_Start.  CALL, FILE, LINE name the operation (FILE may be NULL).  */
void parcoach_buffers_add (uintptr_t owner, int target, int rma,
                           const void *buf, MPI_Aint count, MPI_Datatype type,
                           int forbids_reads, int persistent,
                           const char *call, const char *file, int line);
/* The buffer of a request-based RMA operation (MPI_Rput...): pending
   until whichever comes first, the completion of REQUEST (MPI_Wait...)
   or the call completing the window's operations to TARGET at the origin
   (fence, unlock, flush...).  The other arguments as above.  */
void parcoach_buffers_add_rma_request (uintptr_t window, int target,
                                       uintptr_t request, const void *buf,
                                       MPI_Aint count, MPI_Datatype type,
                                       int forbids_reads, const char *call,
                                       const char *file, int line);
/* Whether any buffer is registered now.  */
int parcoach_buffers_any (void);
/* Whether completions of requests are followed (PARCOACH_REQUESTS not
   off): the runtime then learns when any request completes.  */
int parcoach_requests_followed (void);
/* A creating call returned REQUEST: buffers of an older request of that
   value are stale.  */
void parcoach_buffers_request_created (uintptr_t request);
/* The COUNT requests of VALUES completed (FREED: MPI_Request_free).  */
void parcoach_buffers_requests_done (const MPI_Request *values, int count,
                                     int freed);
/* MPI_Start of the COUNT requests of VALUES.  */
void parcoach_buffers_requests_started (const MPI_Request *values,
                                        int count);
/* The RMA operations of WINDOW to TARGET (-1: all) completed at the
   origin.  */
void parcoach_buffers_rma_done (uintptr_t window, int target);

/* The site the plugin announced for the next MPI call of this thread
   (parcoach_request_site), consumed: FILE NULL when none.  */
void parcoach_take_site (const char **file, int *line);

/* ---- the communicator a check runs on (parcoach_comm_identity.c) */

/* The communicator the check guarding a collective on COMM runs on:
   MPI_COMM_WORLD for MPI_COMM_WORLD and its congruent copies, whose
   number it puts in EXACT's PARCOACH_FIELD_COMM; COMM otherwise.
   *FIRST_USE: set to 1 when COMM is a copy numbered just now.  */
MPI_Comm parcoach_comm_to_check (MPI_Comm comm, long long *exact,
                                 int *first_use, PARCOACH_CHECK_FACTS);
/* A value of PARCOACH_FIELD_COMM, for an error line.  */
void parcoach_describe_comm (char *text, size_t size, long long number);
/* For a failing check on COMM whose other processes call OTHER_COLOUR:
   "; this process called MPI_X at F:L ... on MPI_COMM_SELF ..." when this
   thread's last check on a smaller communicator guarded that collective,
   else "".  */
void parcoach_smaller_comm_note (char *text, size_t size, MPI_Comm comm,
                                 int other_colour);

/* Before a blocking collective on COMM (the wrappers): checks it when the
   calling thread is inside a call that several threads of its team make
   (parcoach_threads.c, CC_ipw of a call).  */
void parcoach_thread_collective (const char *call, MPI_Comm comm);

/* ---- hang detector (parcoach_nohang.c) */

/* A check is about to wait in its reduction on COMM; it ends with
   parcoach_blocking_leave.  */
void parcoach_hang_watch_check (MPI_Comm comm, int colour, const char *file,
                                int line, const char *function);
/* A wrapped blocking collective CALL ("MPI_Barrier") on COMM, made from
   code address CALLER, is about to wait: 1 when the wait was recorded
   (COMM spans MPI_COMM_WORLD and the detector is on), to be ended with
   parcoach_blocking_leave, else 0.  */
int parcoach_collective_enter (const char *call, MPI_Comm comm,
                               void *caller);
/* A dormant check at FILE:LINE in FUNCTION was skipped; AFTER, its return
   address: a wrapped collective made a few instructions later by the same
   code is the call it guards, named by that site in a hang report.  */
void parcoach_note_skipped_check (const char *file, int line,
                                  const char *function, void *after);
/* This process's rank in MPI_COMM_WORLD (-1 before MPI_Init).  */
int parcoach_world_rank (void);

#pragma GCC visibility pop

#endif
