! Fortran, the level given as a literal: gfortran passes MPI_THREAD_FUNNELED
! by reference, as the address of a constant, which PARCOACH reads: the
! barrier in the SINGLE region needs MPI_THREAD_SERIALIZED, so a warning at
! the barrier and one at MPI_INIT_THREAD (were the constant not read, the
! latter would only be a note).  One thread calls the barrier: clean runs.
!
! description: Fortran: MPI_INIT_THREAD with a literal level, single-region barrier
! compile-flags: -fopenmp
! expect-warning: 18 thread-level
! expect-warning: 21 thread-level
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2
program init_literal
  use mpi
  implicit none
  integer :: ierr, provided

  call MPI_INIT_THREAD(MPI_THREAD_FUNNELED, provided, ierr)
!$omp parallel
!$omp single
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
!$omp end single
!$omp end parallel
  call MPI_FINALIZE(ierr)
end program init_literal
