! Fortran: collectives on different communicators after mpi_comm_split:
! the even ranks call mpi_bcast on their half, the odd ranks on
! MPI_COMM_WORLD.
!
! What is wrong: the even ranks' broadcast completes within their half and
! they go on to mpi_finalize, while the odd ranks wait in a broadcast on
! MPI_COMM_WORLD that the even ranks never join.  Same control flow on
! every process (no warning); with instrument=all the even ranks' check
! before mpi_finalize (on MPI_COMM_WORLD) meets the odd ranks' check
! before mpi_bcast and the run stops at once; the even ranks add that they
! called MPI_Bcast at line 30 on a smaller communicator.
!
! description: Fortran: mpi_bcast on a split half on even ranks, on MPI_COMM_WORLD on odd ranks: stopped naming both
! plugin-args: instrument=all
! expect-run: 2 stop
! expect-run: 4 stop
! expect-run: 1 ok
! expect-stop-message: comm_split_vs_world.f90:30 in function comm_split_vs_world on a communicator of
program comm_split_vs_world
  use mpi
  implicit none
  integer :: ierr, rank, half, x

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)
  x = rank
  if (mod(rank, 2) == 0) then
    ! BUG: the even ranks broadcast on their half only
    call mpi_bcast(x, 1, MPI_INTEGER, 0, half, ierr)
  else
    call mpi_bcast(x, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  end if
  call mpi_comm_free(half, ierr)
  call mpi_finalize(ierr)
end program comm_split_vs_world
