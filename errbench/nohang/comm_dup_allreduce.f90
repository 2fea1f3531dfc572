! Fortran: collectives on different communicators.  Rank 0 calls
! mpi_allreduce on a duplicate of MPI_COMM_WORLD, the others on
! MPI_COMM_WORLD.
!
! What is wrong: the two allreduces never match.  No warning (same
! collective on both branches; the communicator is an argument, issue 19);
! with instrument=all each check runs on its own communicator, every
! process waits in a check, and the hang detector stops the run: rank 0
! waits in the check before MPI_Allreduce on a communicator other than
! MPI_COMM_WORLD (line 26), the others on MPI_COMM_WORLD (line 28).
!
! description: Fortran: mpi_allreduce on a duplicate on rank 0, on MPI_COMM_WORLD elsewhere: stopped by the hang detector
! plugin-args: instrument=all
! expect-run: 2 stop
! expect-run: 1 ok
program comm_dup_allreduce
  use mpi
  implicit none
  integer :: ierr, rank, dup, x, y

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_dup(MPI_COMM_WORLD, dup, ierr)
  x = 1
  if (rank == 0) then
    call mpi_allreduce(x, y, 1, MPI_INTEGER, MPI_SUM, dup, ierr)
  else
    call mpi_allreduce(x, y, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end if
  call mpi_comm_free(dup, ierr)
  call mpi_finalize(ierr)
end program comm_dup_allreduce
