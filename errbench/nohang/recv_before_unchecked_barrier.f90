! Fortran: a receive against a barrier that no check guards.  Every
! process calls mpi_barrier once, but rank 0 first waits for a message
! that rank 1 sends only after the barrier.
!
! What is wrong: rank 0 blocks in mpi_recv, rank 1 in mpi_barrier, which
! needs rank 0: a deadlock.  Every path calls the same collectives, so
! nothing is warned and no check is inserted; the runtime's wrapper of the
! barrier (MPICH's `use mpi' reaches the C name, Open MPI's the Fortran
! one) tells the hang detector where rank 1 waits: the run stops after the
! detector's timeout naming mpi_recv and MPI_Barrier (at its line under
! Open MPI; under MPICH, called from libmpichfort, whose binding makes the
! call).
!
! description: Fortran: mpi_recv on rank 0 before a barrier, the send after it on rank 1: stopped by the hang detector
! expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
! expect-stop-message: waits in MPI_Barrier on MPI_COMM_WORLD
program recv_before_unchecked_barrier
  use mpi
  implicit none
  integer :: ierr, rank, x
  integer :: status(MPI_STATUS_SIZE)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = 0
  if (rank == 0) then
    call mpi_recv(x, 1, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, status, ierr)
  end if
  ! BUG: rank 1 sends only after the barrier rank 0 has not reached
  call mpi_barrier(MPI_COMM_WORLD, ierr)
  if (rank == 1) then
    call mpi_send(x, 1, MPI_INTEGER, 0, 0, MPI_COMM_WORLD, ierr)
  end if
  call mpi_finalize(ierr)
end program recv_before_unchecked_barrier
