! Fortran: a receive against a barrier.  Rank 0 waits in mpi_recv for a
! message nobody sends; the others call mpi_barrier.
!
! What is wrong: rank 0 never joins the barrier (warned, conditional of
! line 24); rank 0 blocks in MPI_Recv and the others in the check before
! MPI_Barrier: the hang detector stops the run after its timeout, one line
! per rank of MPI_COMM_WORLD naming MPI_Recv at recv_vs_barrier.f90:25 and
! the check before MPI_Barrier at recv_vs_barrier.f90:27.
!
! description: Fortran: mpi_recv on rank 0 against mpi_barrier elsewhere: stopped with each rank's pending call
! expect-warning: 27 collective-mismatch
! expect-conditional: 24
! expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
program recv_vs_barrier
  use mpi
  implicit none
  integer :: ierr, rank, x
  integer :: status(MPI_STATUS_SIZE)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = 0
  ! BUG: rank 0 waits for a message instead of joining the barrier
  if (rank == 0) then
    call mpi_recv(x, 1, MPI_INTEGER, 1, 0, MPI_COMM_WORLD, status, ierr)
  else
    call mpi_barrier(MPI_COMM_WORLD, ierr)
  end if
  call mpi_finalize(ierr)
end program recv_vs_barrier
