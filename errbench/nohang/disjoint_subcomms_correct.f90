! Fortran: disjoint sub-communicators used by disjoint groups (correct).
!
! MPI_COMM_WORLD is split in two halves by mod(rank, 2); the even half
! sums with mpi_allreduce on its half, the odd half broadcasts on its own
! half.  The halves never share a collective, so the program is correct.
! The test of line 26 recomputes the colour the split used (gfortran
! passes mod(rank, 2) to the split through a temporary): it separates
! only processes of different halves, so nothing is warned (issue 14).
! With instrument=all each check runs on its own half, and the hang
! detector stays quiet.
!
! description: Fortran: disjoint halves of a split call different collectives on their own halves: silent, runs clean
! expect-run-args: instrument=all
! expect-run: 4 ok
! expect-run: 2 ok
program disjoint_subcomms_correct
  use mpi
  implicit none
  integer :: ierr, rank, half, x, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)
  x = rank
  if (mod(rank, 2) == 0) then
    call mpi_allreduce(rank, total, 1, MPI_INTEGER, MPI_SUM, half, ierr)
  else
    call mpi_bcast(x, 1, MPI_INTEGER, 0, half, ierr)
  end if
  call mpi_comm_free(half, ierr)
  call mpi_finalize(ierr)
end program disjoint_subcomms_correct
