/* dladdr (GNU) names the code that called a collective, while the Makefile
   compiles with -std=c99.  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

/* Collectives of code built without PARCOACH (a vendor or solver library),
   seen through the MPI profiling interface: this file defines the MPI_
   names of the blocking collectives below; each forwards the call to the
   next definition of its name (a profiling layer linked after the
   runtime, else the MPI library: parcoach_next_definition).  The runtime's own MPI
   calls use the PMPI_ names and never come here.

   Why: a flagged function's checks need partners.  Inside the extent of a
   flagged function, every collective of code compiled with the plugin is
   preceded by a check (live, or dormant and then armed), but a collective
   of a library compiled without it is not: a process calling the library
   under a divergent condition would wait in the library's real collective
   while the others wait in a check, forever.  So, while the calling
   thread is armed (parcoach_depth > 0, the state the dormant checks use),
   each wrapper runs the same check as an inserted one (colour, root,
   operation, data size), on the collective's communicator, and the run
   stops with the usual message:

     PARCOACH: rank 0 of communicator of size 2 stops before MPI_Allreduce
       called from app+0x1234 in code built without PARCOACH: other
       processes are calling MPI_Barrier

   (addr2line -e app 0x1234 gives the line).  Unarmed, a wrapper costs one
   thread-local read and an indirect call before the MPI library's.

   A collective of instrumented code must not be checked twice: the
   plugin's check before it leaves a token (parcoach_note_checked: its
   colour and communicator, thread-local) that the wrapper of the very
   next collective consumes; a wrapper finding no token for its own
   colour and communicator knows that no check ran for this call.  The
   assumption is that of the dormant checks: every process of a
   communicator used inside a flagged function enters it, so a correct
   collective of the library called from a flagged function meets the
   same collective on the other processes, armed and checked alike.

   Checks from Fortran: under MPICH `use mpi' and mpif.h reach these
   wrappers (its Fortran bindings call the C MPI_ names); under Open MPI
   they call PMPI_, and parcoach_pmpi_fortran.c wraps the Fortran names
   themselves.  Either way the token of an instrumented Fortran call is
   consumed by the next wrapper.  mpi_f08 calls reach no wrapper: their
   token stays until the next check or wrapper (the next wrapper of the
   same colour and communicator then skips its check: a missed check on
   this process).

   Covered: MPI_Barrier, Bcast, Gather(v), Scatter(v), Allgather(v),
   Alltoall(v/w), Reduce, Allreduce, Reduce_scatter(_block), Scan, Exscan,
   from C, C++ and Fortran (`use mpi', mpif.h).  Not covered: mpi_f08, the
   nonblocking, persistent and neighbourhood collectives, communicator
   constructors, window and file collectives, the large-count (_c) forms.

   PARCOACH_LIBRARY_COLLECTIVES=off (or 0) switches the checks off (the
   wrappers then only forward the call).  */
#include "parcoach_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARCOACH_EXPORT __attribute__ ((visibility ("default")))

/* The token: the last check the plugin inserted on this thread, until the
   next wrapped collective consumes it (colour 0: none).  */
static __thread int parcoach_checked_colour;
static __thread MPI_Comm parcoach_checked_comm;

void
parcoach_note_checked (MPI_Comm comm, int colour)
{
  parcoach_checked_comm = comm;
  parcoach_checked_colour = colour;
}

/* The function name a check gets for a call site of code built without
   PARCOACH: parcoach_rt.c recognises it (by address) and then words the
   location as "called from FILE in code built without PARCOACH".  */
const char parcoach_library_function[] = "<code built without PARCOACH>";

/* PARCOACH_LIBRARY_COLLECTIVES, read at the first armed wrapper.  */
enum
{
  PARCOACH_LIBRARY_UNREAD,
  PARCOACH_LIBRARY_ON,
  PARCOACH_LIBRARY_OFF
};
static int parcoach_library_mode;

static int
parcoach_library_checks_on (void)
{
  int mode = __atomic_load_n (&parcoach_library_mode, __ATOMIC_ACQUIRE);

  if (mode == PARCOACH_LIBRARY_UNREAD)
    {
      const char *v = getenv ("PARCOACH_LIBRARY_COLLECTIVES");
      mode = v != NULL && (strcmp (v, "off") == 0 || strcmp (v, "0") == 0)
               ? PARCOACH_LIBRARY_OFF : PARCOACH_LIBRARY_ON;
      __atomic_store_n (&parcoach_library_mode, mode, __ATOMIC_RELEASE);
    }
  return mode == PARCOACH_LIBRARY_ON;
}

/* The text naming a caller, "app+0x11a8" or "libsolver.so+0x2a0 (solve)"
   (the call's own address, for addr2line), kept for the whole run: the
   statistics (PARCOACH_STATS) key their sites by the file string's
   address.  One entry per distinct caller, up to a bound; beyond it, one
   shared text.  */
#define PARCOACH_MAX_CALLERS 256

static struct
{
  void *caller;
  char text[160];
} parcoach_callers[PARCOACH_MAX_CALLERS];
static int parcoach_ncallers;
static pthread_mutex_t parcoach_callers_mutex = PTHREAD_MUTEX_INITIALIZER;

const char *
parcoach_describe_library_caller (void *caller)
{
  const char *text = "an unknown place";
  Dl_info info;
  int i;

  pthread_mutex_lock (&parcoach_callers_mutex);
  for (i = 0; i < parcoach_ncallers; i++)
    if (parcoach_callers[i].caller == caller)
      {
        text = parcoach_callers[i].text;
        goto done;
      }
  if (parcoach_ncallers < PARCOACH_MAX_CALLERS && caller != NULL
      && dladdr (caller, &info) && info.dli_fname != NULL)
    {
      const char *name = strrchr (info.dli_fname, '/');
      char *out = parcoach_callers[parcoach_ncallers].text;
      size_t size = sizeof parcoach_callers[parcoach_ncallers].text;
      int n;

      name = name != NULL ? name + 1 : info.dli_fname;
      n = snprintf (out, size, "%s+0x%lx", name[0] ? name : "program",
                    (unsigned long) ((uintptr_t) caller - 1
                                     - (uintptr_t) info.dli_fbase));
      if (info.dli_sname != NULL && n > 0 && (size_t) n < size)
        snprintf (out + n, size - (size_t) n, " (%s)", info.dli_sname);
      parcoach_callers[parcoach_ncallers++].caller = caller;
      text = out;
    }
done:
  pthread_mutex_unlock (&parcoach_callers_mutex);
  return text;
}

int
parcoach_library_check_wanted (MPI_Comm comm, int colour)
{
  int checked = parcoach_checked_colour == colour
                && parcoach_checked_comm == comm;

  parcoach_checked_colour = 0;
  return !checked && parcoach_library_checks_on () && parcoach_mpi_usable ();
}

/* The check of a collective made by code built without PARCOACH, on an
   armed thread (out of line: the wrappers' unarmed path stays a read and
   a branch).  The arguments come by address, as from instrumented C code;
   NULL where the collective has none.  */
static void __attribute__ ((noinline, cold))
parcoach_library_check (MPI_Comm comm, int colour, const int *root,
                        const MPI_Op *op, const void *send_buf,
                        const void *send_count, const MPI_Datatype *send_type,
                        const void *recv_buf, const void *recv_count,
                        const MPI_Datatype *recv_type, void *caller)
{
  if (!parcoach_library_check_wanted (comm, colour))
    return;
  parcoach_check_comm_args (comm, colour, root, op, send_buf,
                            (const int *) send_count, send_type, recv_buf,
                            (const int *) recv_count, recv_type,
                            PARCOACH_CHECK_IF_ARMED,
                            parcoach_describe_library_caller (caller), 0,
                            parcoach_library_function, "");
  /* The check left its own token: this call is the one it was for.  */
  parcoach_checked_colour = 0;
}

/* The next definition of a wrapped MPI_ name after this library: another
   PMPI tool's wrapper linked after the runtime, or the MPI library's own
   entry point (or PMPI_ when there is none: the runtime then ends the
   chain).  Forwarding to the next MPI_ name rather than to PMPI_ lets a
   profiling layer linked after the runtime see the collectives too, as
   with PnMPI's chaining (seed 002).  Looked up once per name.  */
void *
parcoach_next_definition (void **slot, const char *name, void *pmpi)
{
  void *f = __atomic_load_n (slot, __ATOMIC_ACQUIRE);

  if (__builtin_expect (f == NULL, 0))
    {
      f = dlsym (RTLD_NEXT, name);
      if (f == NULL)
        f = pmpi;
      __atomic_store_n (slot, f, __ATOMIC_RELEASE);
    }
  return f;
}

#define PARCOACH_FORWARD(name) \
  (*({ static void *next_##name; \
       (__typeof__ (&P##name)) parcoach_next_definition (&next_##name, #name, \
                                              (void *) &P##name); }))

/* The call forwarded, bracketed for the hang detector (parcoach_nohang.c:
   a process blocked here while another blocks in a receive is a
   deadlock it reports) and for the count of threads in MPI (below
   MPI_THREAD_MULTIPLE, one at a time).  COUNTS: the arguments of a
   v-variant, whose counts are checked inside the bracket
   (parcoach_count_checks.c), or NULL.  */
#define PARCOACH_FORWARD_WAITING(name, comm, counts, arguments) \
  ({ \
    parcoach_thread_collective (#name, comm); \
    int serial_ = parcoach_serial_enter (#name, __builtin_return_address (0)); \
    int bracketed_ = parcoach_collective_enter ( \
        #name, comm, __builtin_return_address (0)); \
    if ((counts) != NULL) \
      parcoach_check_counts (PARCOACH_COLOUR_OF (name), comm, counts, \
                             __builtin_return_address (0)); \
    int result_ = PARCOACH_FORWARD (name) arguments; \
    if (bracketed_) \
      parcoach_blocking_leave (); \
    if (serial_) \
      parcoach_serial_leave (); \
    result_; \
  })

/* Each wrapper: if the thread is armed, the check; then the PMPI_ call.
   NAME is the C name, COMM the communicator argument, then the addresses
   parcoach_library_check takes.  */
#define PARCOACH_LIBRARY_CHECK(name, comm, root, op, sbuf, scount, stype, \
                               rbuf, rcount, rtype) \
  do \
    { \
      if (__builtin_expect (parcoach_depth != 0, 0)) \
        parcoach_library_check (comm, PARCOACH_COLOUR_OF (name), root, op, \
                                sbuf, scount, stype, rbuf, rcount, rtype, \
                                __builtin_return_address (0)); \
    } \
  while (0)

PARCOACH_EXPORT int
MPI_Barrier (MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Barrier, comm, NULL, NULL, NULL, NULL, NULL,
                          NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Barrier, comm, NULL, (comm));
}

PARCOACH_EXPORT int
MPI_Bcast (void *buffer, int count, MPI_Datatype datatype, int root,
           MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Bcast, comm, &root, NULL, buffer, &count,
                          &datatype, NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Bcast, comm, NULL, (buffer, count, datatype, root, comm));
}

PARCOACH_EXPORT int
MPI_Gather (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
            MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Gather, comm, &root, NULL, sendbuf, &sendcount,
                          &sendtype, recvbuf, &recvcount, &recvtype);
  return PARCOACH_FORWARD_WAITING (MPI_Gather, comm, NULL, (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                      recvtype, root, comm));
}

PARCOACH_EXPORT int
MPI_Gatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
             void *recvbuf, const int recvcounts[], const int displs[],
             MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  const struct parcoach_args counts = {
    0, &root, NULL, { sendbuf, recvbuf }, { &sendcount, recvcounts },
    { &sendtype, &recvtype } };

  PARCOACH_LIBRARY_CHECK (MPI_Gatherv, comm, &root, NULL, sendbuf,
                          &sendcount, &sendtype, recvbuf, recvcounts,
                          &recvtype);
  return PARCOACH_FORWARD_WAITING (MPI_Gatherv, comm, &counts, (sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                       displs, recvtype, root, comm));
}

PARCOACH_EXPORT int
MPI_Scatter (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
             void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
             MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Scatter, comm, &root, NULL, sendbuf,
                          &sendcount, &sendtype, recvbuf, &recvcount,
                          &recvtype);
  return PARCOACH_FORWARD_WAITING (MPI_Scatter, comm, NULL, (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                       recvtype, root, comm));
}

PARCOACH_EXPORT int
MPI_Scatterv (const void *sendbuf, const int sendcounts[], const int displs[],
              MPI_Datatype sendtype, void *recvbuf, int recvcount,
              MPI_Datatype recvtype, int root, MPI_Comm comm)
{
  const struct parcoach_args counts = {
    0, &root, NULL, { sendbuf, recvbuf }, { sendcounts, &recvcount },
    { &sendtype, &recvtype } };

  PARCOACH_LIBRARY_CHECK (MPI_Scatterv, comm, &root, NULL, sendbuf,
                          sendcounts, &sendtype, recvbuf, &recvcount,
                          &recvtype);
  return PARCOACH_FORWARD_WAITING (MPI_Scatterv, comm, &counts, (sendbuf, sendcounts, displs, sendtype, recvbuf,
                        recvcount, recvtype, root, comm));
}

PARCOACH_EXPORT int
MPI_Allgather (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
               void *recvbuf, int recvcount, MPI_Datatype recvtype,
               MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Allgather, comm, NULL, NULL, sendbuf,
                          &sendcount, &sendtype, recvbuf, &recvcount,
                          &recvtype);
  return PARCOACH_FORWARD_WAITING (MPI_Allgather, comm, NULL, (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                         recvtype, comm));
}

PARCOACH_EXPORT int
MPI_Allgatherv (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, const int recvcounts[], const int displs[],
                MPI_Datatype recvtype, MPI_Comm comm)
{
  const struct parcoach_args counts = {
    0, NULL, NULL, { sendbuf, recvbuf }, { &sendcount, recvcounts },
    { &sendtype, &recvtype } };

  PARCOACH_LIBRARY_CHECK (MPI_Allgatherv, comm, NULL, NULL, sendbuf,
                          &sendcount, &sendtype, recvbuf, recvcounts,
                          &recvtype);
  return PARCOACH_FORWARD_WAITING (MPI_Allgatherv, comm, &counts, (sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                          displs, recvtype, comm));
}

PARCOACH_EXPORT int
MPI_Alltoall (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
              void *recvbuf, int recvcount, MPI_Datatype recvtype,
              MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Alltoall, comm, NULL, NULL, sendbuf,
                          &sendcount, &sendtype, recvbuf, &recvcount,
                          &recvtype);
  return PARCOACH_FORWARD_WAITING (MPI_Alltoall, comm, NULL, (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                        recvtype, comm));
}

/* MPI_Alltoallv and MPI_Alltoallw match sizes pairwise: only the colour
   is compared (mpi_collectives.def).  */
PARCOACH_EXPORT int
MPI_Alltoallv (const void *sendbuf, const int sendcounts[],
               const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
               const int recvcounts[], const int rdispls[],
               MPI_Datatype recvtype, MPI_Comm comm)
{
  const struct parcoach_args counts = {
    0, NULL, NULL, { sendbuf, recvbuf }, { sendcounts, recvcounts },
    { &sendtype, &recvtype } };

  PARCOACH_LIBRARY_CHECK (MPI_Alltoallv, comm, NULL, NULL, NULL, NULL, NULL,
                          NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Alltoallv, comm, &counts, (sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                         recvcounts, rdispls, recvtype, comm));
}

PARCOACH_EXPORT int
MPI_Alltoallw (const void *sendbuf, const int sendcounts[],
               const int sdispls[], const MPI_Datatype sendtypes[],
               void *recvbuf, const int recvcounts[], const int rdispls[],
               const MPI_Datatype recvtypes[], MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Alltoallw, comm, NULL, NULL, NULL, NULL, NULL,
                          NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Alltoallw, comm, NULL, (sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                         recvcounts, rdispls, recvtypes, comm));
}

PARCOACH_EXPORT int
MPI_Reduce (const void *sendbuf, void *recvbuf, int count,
            MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Reduce, comm, &root, &op, sendbuf, &count,
                          &datatype, NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Reduce, comm, NULL, (sendbuf, recvbuf, count, datatype, op, root, comm));
}

PARCOACH_EXPORT int
MPI_Allreduce (const void *sendbuf, void *recvbuf, int count,
               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Allreduce, comm, NULL, &op, sendbuf, &count,
                          &datatype, NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Allreduce, comm, NULL, (sendbuf, recvbuf, count, datatype, op, comm));
}

PARCOACH_EXPORT int
MPI_Reduce_scatter (const void *sendbuf, void *recvbuf,
                    const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm)
{
  const struct parcoach_args counts = {
    0, NULL, &op, { sendbuf, recvbuf }, { recvcounts, NULL },
    { &datatype, NULL } };

  PARCOACH_LIBRARY_CHECK (MPI_Reduce_scatter, comm, NULL, &op, sendbuf,
                          recvcounts, &datatype, NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Reduce_scatter, comm, &counts, (sendbuf, recvbuf, recvcounts, datatype, op,
                              comm));
}

PARCOACH_EXPORT int
MPI_Reduce_scatter_block (const void *sendbuf, void *recvbuf, int recvcount,
                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Reduce_scatter_block, comm, NULL, &op, sendbuf,
                          &recvcount, &datatype, NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Reduce_scatter_block, comm, NULL, (sendbuf, recvbuf, recvcount, datatype,
                                    op, comm));
}

PARCOACH_EXPORT int
MPI_Scan (const void *sendbuf, void *recvbuf, int count,
          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Scan, comm, NULL, &op, sendbuf, &count,
                          &datatype, NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Scan, comm, NULL, (sendbuf, recvbuf, count, datatype, op, comm));
}

PARCOACH_EXPORT int
MPI_Exscan (const void *sendbuf, void *recvbuf, int count,
            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
  PARCOACH_LIBRARY_CHECK (MPI_Exscan, comm, NULL, &op, sendbuf, &count,
                          &datatype, NULL, NULL, NULL);
  return PARCOACH_FORWARD_WAITING (MPI_Exscan, comm, NULL, (sendbuf, recvbuf, count, datatype, op, comm));
}
