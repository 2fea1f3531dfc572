! The communicator of one MPI_Barrier is set in the two branches of a test
! of the rank and used after the join: a duplicate of MPI_COMM_WORLD on
! rank 0, MPI_COMM_WORLD on the others (Fortran, `use mpi').
!
! What is wrong: the duplicate is another communicator with every process
! as a member (MPI 4.0 section 7.4.2); rank 0 waits in a barrier on it that
! nobody else calls, the others in one on MPI_COMM_WORLD: a hang.  Warned
! at the call, naming `comm'; both checks run on MPI_COMM_WORLD (the
! duplicate has the same processes) and compare the communicators: the run
! stops at once naming both.
!
! description: Fortran MPI_Barrier on a communicator set to a duplicate or MPI_COMM_WORLD by rank: warned (comm), stopped naming both communicators
! expect-warning: 31 collective-arguments
! expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
! expect-run: 1 ok
! expect-stop-message: different communicators
program branch_dup_barrier
  use mpi
  implicit none
  integer :: rank, ierr, dup, comm

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  if (rank == 0) then
    comm = dup
  else
    comm = MPI_COMM_WORLD
  end if
  ! BUG: comm is the duplicate on rank 0 only
  call MPI_Barrier(comm, ierr)
  call MPI_Comm_free(dup, ierr)
  call MPI_Finalize(ierr)
end program branch_dup_barrier
