! Fortran: collectives on different communicators.  Rank 0 calls
! mpi_allreduce on a duplicate of MPI_COMM_WORLD, the others on
! MPI_COMM_WORLD.
!
! What is wrong: the two allreduces never match.  No warning (same
! collective on both branches; the communicator is an argument, issue 19);
! with instrument=all both checks run on MPI_COMM_WORLD (the duplicate has
! its processes) and compare the communicators: the run stops at once,
! rank 0 (line 27) and rank 1 (line 29) naming the copy and
! MPI_COMM_WORLD.
!
! description: Fortran: mpi_allreduce on a duplicate on rank 0, on MPI_COMM_WORLD elsewhere: stopped naming both communicators
! plugin-args: instrument=all
! expect-run: 2 stop
! expect-run: 1 ok
! expect-stop-message: different communicators
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
