! A Fortran hybrid program: MPI_INIT_THREAD asks for MPI_THREAD_FUNNELED
! (the required level is passed by reference), but the barrier is in a
! SINGLE region, so a thread other than the main one may call it:
! MPI_THREAD_SERIALIZED is required.  The MPI_ALLREDUCE in the parallel
! region itself is called by every thread: erroneous at every level, and
! the run stops with two threads, not with one.
!
! description: Fortran: single-region barrier needs SERIALIZED, allreduce by every thread
! compile-flags: -fopenmp
! expect-warning: 20 thread-level
! expect-warning: 23 thread-level
! expect-warning: 25 thread-level
! expect-run: 2 ok threads=1
! expect-run: 2 stop threads=2
program hybrid
  use mpi
  implicit none
  integer :: ierr, provided, required, total
  required = MPI_THREAD_FUNNELED
  call MPI_INIT_THREAD(required, provided, ierr)
!$omp parallel private(total)
!$omp single
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
!$omp end single
  call MPI_ALLREDUCE(1, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
!$omp end parallel
  call MPI_FINALIZE(ierr)
end program hybrid
