! Fortran: mpi_gatherv with correct per-process counts but a root that
! depends on the rank.
!
! What is wrong: process i sends i + 1 integers, as the root's recvcounts
! say (correct), but the root must be the same on every process; here the
! lower half names rank 0, the upper half the last rank.  A
! collective-arguments warning names the root only, and the check stops
! the run before mpi_gatherv.
!
! description: Fortran: mpi_gatherv with a rank-dependent root: warned on the root only, stopped
! expect-warning: 35 collective-arguments
! expect-run: 2 stop
! expect-run: 4 stop
! expect-run: 1 ok
! expect-stop-message: different roots: root 0 on rank
program args_gatherv_root
  use mpi
  implicit none
  integer, parameter :: maxp = 16
  integer :: ierr, rank, nprocs, i, root
  integer :: mine(maxp), everything(maxp * maxp), counts(maxp), displs(maxp)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (nprocs > maxp) call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  do i = 1, nprocs
    counts(i) = i
    displs(i) = (i - 1) * maxp
  end do
  mine = rank
  root = 0
  if (rank >= nprocs / 2) root = nprocs - 1
  call mpi_gatherv(mine, rank + 1, MPI_INTEGER, everything, counts, displs, &
                   MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
  call mpi_finalize(ierr)
end program args_gatherv_root
