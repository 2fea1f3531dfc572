/* RTLD_NEXT and RTLD_DEFAULT are GNU extensions, while the Makefile
   compiles with -std=c99.  */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

/* Fortran collectives of code built without PARCOACH, under Open MPI.

   parcoach_pmpi_collectives.c checks the blocking collectives of code
   built without the plugin through their C MPI_ names.  MPICH's Fortran
   bindings (`use mpi', mpif.h) call those C names, but Open MPI's call
   PMPI_ directly, so a Fortran library's MPI_ALLREDUCE would go unseen and
   a divergent call would hang.  Under Open MPI this file therefore defines
   the Fortran names as gfortran calls them (mpi_allreduce_: lower case,
   one trailing underscore), with the same behaviour as the C wrappers:
   while the thread is armed, consume the token of an instrumented check or
   check the call; then forward to the next definition of the Fortran name
   (a profiling layer, else Open MPI's binding).  Fortran passes every
   argument by reference: handles are MPI_Fint, converted by the check.

   Not covered: mpi_f08 (Open MPI's mpi_f08 bindings call the library's
   internals, not these names), and the collectives the C wrappers do not
   cover either.  */
#include "parcoach_internal.h"

#ifdef OPEN_MPI

#include <dlfcn.h>
#include <stddef.h>

#define PARCOACH_EXPORT __attribute__ ((visibility ("default")))

/* Open MPI's Fortran MPI_IN_PLACE: a common block whose address the
   bindings compare against.  The checks take NULL for it, as from
   instrumented Fortran code.  */
static const void *
parcoach_fortran_buffer (const void *buf)
{
  static const void *in_place;
  static int looked_up;

  if (!__atomic_load_n (&looked_up, __ATOMIC_ACQUIRE))
    {
      __atomic_store_n (&in_place, dlsym (RTLD_DEFAULT,
                                          "mpi_fortran_in_place_"),
                        __ATOMIC_RELAXED);
      __atomic_store_n (&looked_up, 1, __ATOMIC_RELEASE);
    }
  return buf != NULL && buf == __atomic_load_n (&in_place, __ATOMIC_RELAXED)
           ? NULL : buf;
}

/* The check of one Fortran collective on an armed thread (out of line,
   as in parcoach_pmpi_collectives.c).  */
static void __attribute__ ((noinline, cold))
parcoach_fortran_library_check (const MPI_Fint *comm, int colour,
                                const MPI_Fint *root, const MPI_Fint *op,
                                const void *send_buf,
                                const MPI_Fint *send_count,
                                const MPI_Fint *send_type,
                                const void *recv_buf,
                                const MPI_Fint *recv_count,
                                const MPI_Fint *recv_type, void *caller)
{
  if (!parcoach_mpi_usable ()
      || !parcoach_library_check_wanted (PMPI_Comm_f2c (*comm), colour))
    return;
  parcoach_check_fortran_comm_args (comm, colour, root, op,
                                    parcoach_fortran_buffer (send_buf),
                                    send_count, send_type,
                                    parcoach_fortran_buffer (recv_buf),
                                    recv_count, recv_type,
                                    PARCOACH_CHECK_IF_ARMED,
                                    parcoach_describe_library_caller (caller),
                                    0, parcoach_library_function, "");
  /* Open MPI's binding calls PMPI_: no wrapper will consume the token the
     check left.  */
  parcoach_note_checked (MPI_COMM_NULL, 0);
}

/* The next definition of the Fortran name NAME (a string), else Open MPI's
   pmpi_ spelling of it.  */
static void *
parcoach_next_fortran (void **slot, const char *name, const char *pmpi_name)
{
  void *f = __atomic_load_n (slot, __ATOMIC_ACQUIRE);

  if (__builtin_expect (f == NULL, 0))
    f = parcoach_next_definition (slot, name,
                                  dlsym (RTLD_DEFAULT, pmpi_name));
  return f;
}

#define PARCOACH_FORTRAN_FORWARD(f_name) \
  (*({ static void *next_##f_name; \
       (__typeof__ (&f_name)) parcoach_next_fortran (&next_##f_name, \
                                                     #f_name, \
                                                     "p" #f_name); }))

/* One wrapper: F_NAME with PARAMETERS (all by reference); the check's
   arguments after the colour (communicator first); the arguments passed
   on, bracketed for the hang detector as in the C wrappers.  COUNTS: the
   arguments of a v-variant, whose counts are checked inside the bracket
   (parcoach_count_checks.c), or NULL.  */
#define PARCOACH_FORTRAN_WRAPPER(c_name, f_name, parameters, check, counts, \
                                 call) \
  PARCOACH_EXPORT void f_name parameters; \
  void f_name parameters \
  { \
    int bracketed; \
    const struct parcoach_args *counts_ = counts; \
    if (__builtin_expect (parcoach_depth != 0, 0)) \
      parcoach_fortran_library_check (PARCOACH_FORTRAN_CHECK_##check, \
                                      __builtin_return_address (0)); \
    parcoach_thread_collective (#c_name, PMPI_Comm_f2c (*comm)); \
    bracketed = parcoach_collective_enter (#c_name, PMPI_Comm_f2c (*comm), \
                                           __builtin_return_address (0)); \
    if (counts_ != NULL) \
      parcoach_check_counts (PARCOACH_COLOUR_OF (c_name), \
                             PMPI_Comm_f2c (*comm), counts_, \
                             __builtin_return_address (0)); \
    PARCOACH_FORTRAN_FORWARD (f_name) call; \
    if (bracketed) \
      parcoach_blocking_leave (); \
  }

typedef MPI_Fint F;

/* The counts checked of the v-variants: root (or NULL), op (or NULL),
   then each side's count and datatype.  */
#define PARCOACH_FORTRAN_COUNTS(root, op, scount, stype, rcount, rtype) \
  (&(const struct parcoach_args) { \
     1, root, op, \
     { parcoach_fortran_buffer (sendbuf), parcoach_fortran_buffer (recvbuf) }, \
     { scount, rcount }, { stype, rtype } })

/* The check's arguments of each shape of collective: communicator,
   colour, root, op, send buffer, count, type, receive buffer, count,
   type.  */
#define PARCOACH_FORTRAN_CHECK_BARRIER(c_name) \
  comm, PARCOACH_COLOUR_OF (c_name), NULL, NULL, NULL, NULL, NULL, NULL, \
  NULL, NULL
#define PARCOACH_FORTRAN_CHECK_BCAST(c_name) \
  comm, PARCOACH_COLOUR_OF (c_name), root, NULL, buffer, count, datatype, \
  NULL, NULL, NULL
#define PARCOACH_FORTRAN_CHECK_ROOTED(c_name, scount, rcount) \
  comm, PARCOACH_COLOUR_OF (c_name), root, NULL, sendbuf, scount, sendtype, \
  recvbuf, rcount, recvtype
#define PARCOACH_FORTRAN_CHECK_ALL(c_name, scount, rcount) \
  comm, PARCOACH_COLOUR_OF (c_name), NULL, NULL, sendbuf, scount, sendtype, \
  recvbuf, rcount, recvtype
#define PARCOACH_FORTRAN_CHECK_PAIRWISE(c_name) \
  comm, PARCOACH_COLOUR_OF (c_name), NULL, NULL, NULL, NULL, NULL, NULL, \
  NULL, NULL
#define PARCOACH_FORTRAN_CHECK_REDUCE(c_name, rootp, count) \
  comm, PARCOACH_COLOUR_OF (c_name), rootp, op, sendbuf, count, datatype, \
  NULL, NULL, NULL

PARCOACH_FORTRAN_WRAPPER (MPI_Barrier, mpi_barrier_, (F *comm, F *ierr),
                          BARRIER (MPI_Barrier), NULL, (comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Bcast, mpi_bcast_,
                          (void *buffer, F *count, F *datatype, F *root,
                           F *comm, F *ierr),
                          BCAST (MPI_Bcast),
                          NULL,
                          (buffer, count, datatype, root, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Gather, mpi_gather_,
                          (void *sendbuf, F *sendcount, F *sendtype,
                           void *recvbuf, F *recvcount, F *recvtype, F *root,
                           F *comm, F *ierr),
                          ROOTED (MPI_Gather, sendcount, recvcount),
                          NULL,
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                           recvtype, root, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Gatherv, mpi_gatherv_,
                          (void *sendbuf, F *sendcount, F *sendtype,
                           void *recvbuf, F *recvcounts, F *displs,
                           F *recvtype, F *root, F *comm, F *ierr),
                          ROOTED (MPI_Gatherv, sendcount, recvcounts),
                          PARCOACH_FORTRAN_COUNTS (root, NULL, sendcount,
                                                   sendtype, recvcounts, recvtype),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                           displs, recvtype, root, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Scatter, mpi_scatter_,
                          (void *sendbuf, F *sendcount, F *sendtype,
                           void *recvbuf, F *recvcount, F *recvtype, F *root,
                           F *comm, F *ierr),
                          ROOTED (MPI_Scatter, sendcount, recvcount),
                          NULL,
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                           recvtype, root, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Scatterv, mpi_scatterv_,
                          (void *sendbuf, F *sendcounts, F *displs,
                           F *sendtype, void *recvbuf, F *recvcount,
                           F *recvtype, F *root, F *comm, F *ierr),
                          ROOTED (MPI_Scatterv, sendcounts, recvcount),
                          PARCOACH_FORTRAN_COUNTS (root, NULL, sendcounts,
                                                   sendtype, recvcount, recvtype),
                          (sendbuf, sendcounts, displs, sendtype, recvbuf,
                           recvcount, recvtype, root, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Allgather, mpi_allgather_,
                          (void *sendbuf, F *sendcount, F *sendtype,
                           void *recvbuf, F *recvcount, F *recvtype, F *comm,
                           F *ierr),
                          ALL (MPI_Allgather, sendcount, recvcount),
                          NULL,
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                           recvtype, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Allgatherv, mpi_allgatherv_,
                          (void *sendbuf, F *sendcount, F *sendtype,
                           void *recvbuf, F *recvcounts, F *displs,
                           F *recvtype, F *comm, F *ierr),
                          ALL (MPI_Allgatherv, sendcount, recvcounts),
                          PARCOACH_FORTRAN_COUNTS (NULL, NULL, sendcount,
                                                   sendtype, recvcounts, recvtype),
                          (sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                           displs, recvtype, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Alltoall, mpi_alltoall_,
                          (void *sendbuf, F *sendcount, F *sendtype,
                           void *recvbuf, F *recvcount, F *recvtype, F *comm,
                           F *ierr),
                          ALL (MPI_Alltoall, sendcount, recvcount),
                          NULL,
                          (sendbuf, sendcount, sendtype, recvbuf, recvcount,
                           recvtype, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Alltoallv, mpi_alltoallv_,
                          (void *sendbuf, F *sendcounts, F *sdispls,
                           F *sendtype, void *recvbuf, F *recvcounts,
                           F *rdispls, F *recvtype, F *comm, F *ierr),
                          PAIRWISE (MPI_Alltoallv),
                          PARCOACH_FORTRAN_COUNTS (NULL, NULL, sendcounts,
                                                   sendtype, recvcounts, recvtype),
                          (sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                           recvcounts, rdispls, recvtype, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Alltoallw, mpi_alltoallw_,
                          (void *sendbuf, F *sendcounts, F *sdispls,
                           F *sendtypes, void *recvbuf, F *recvcounts,
                           F *rdispls, F *recvtypes, F *comm, F *ierr),
                          PAIRWISE (MPI_Alltoallw),
                          NULL,
                          (sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                           recvcounts, rdispls, recvtypes, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Reduce, mpi_reduce_,
                          (void *sendbuf, void *recvbuf, F *count,
                           F *datatype, F *op, F *root, F *comm, F *ierr),
                          REDUCE (MPI_Reduce, root, count),
                          NULL,
                          (sendbuf, recvbuf, count, datatype, op, root, comm,
                           ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Allreduce, mpi_allreduce_,
                          (void *sendbuf, void *recvbuf, F *count,
                           F *datatype, F *op, F *comm, F *ierr),
                          REDUCE (MPI_Allreduce, NULL, count),
                          NULL,
                          (sendbuf, recvbuf, count, datatype, op, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Reduce_scatter, mpi_reduce_scatter_,
                          (void *sendbuf, void *recvbuf, F *recvcounts,
                           F *datatype, F *op, F *comm, F *ierr),
                          REDUCE (MPI_Reduce_scatter, NULL, recvcounts),
                          PARCOACH_FORTRAN_COUNTS (NULL, op, recvcounts,
                                                   datatype, NULL, NULL),
                          (sendbuf, recvbuf, recvcounts, datatype, op, comm,
                           ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Reduce_scatter_block, mpi_reduce_scatter_block_,
                          (void *sendbuf, void *recvbuf, F *recvcount,
                           F *datatype, F *op, F *comm, F *ierr),
                          REDUCE (MPI_Reduce_scatter_block, NULL, recvcount),
                          NULL,
                          (sendbuf, recvbuf, recvcount, datatype, op, comm,
                           ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Scan, mpi_scan_,
                          (void *sendbuf, void *recvbuf, F *count,
                           F *datatype, F *op, F *comm, F *ierr),
                          REDUCE (MPI_Scan, NULL, count),
                          NULL,
                          (sendbuf, recvbuf, count, datatype, op, comm, ierr))
PARCOACH_FORTRAN_WRAPPER (MPI_Exscan, mpi_exscan_,
                          (void *sendbuf, void *recvbuf, F *count,
                           F *datatype, F *op, F *comm, F *ierr),
                          REDUCE (MPI_Exscan, NULL, count),
                          NULL,
                          (sendbuf, recvbuf, count, datatype, op, comm, ierr))

#else /* !OPEN_MPI */

/* MPICH's Fortran bindings call the C names: nothing to wrap here.  */
typedef int parcoach_pmpi_fortran_unused;

#endif
