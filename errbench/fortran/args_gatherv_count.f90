! Fortran: mpi_gatherv whose counts differ by rank in the wrong way: every
! process sends rank + 1 integers, but the root's recvcounts, filled from
! the root's own count, expect 1 from each.
!
! What is wrong: the type signature process i sends must equal the one the
! root's recvcounts(i + 1) and recvtype give (MPI 4.0 section 6.5).  Not
! warned (counts of a v-variant may differ by process); at run time the
! wrapper of MPI_Gatherv (MPICH's Fortran binding calls the C name)
! compares each process's block with the root's entry for it and stops the
! run, naming rank 1's block; with instrument=all the inserted check does.
!
! description: Fortran: mpi_gatherv with a sendcount rank + 1 against recvcounts of the root's count: stopped at run time
! expect-run-args: instrument=all
! expect-run: 2 stop
! expect-run: 1 ok
! expect-stop-message: rank 1 sends 2 x 4-byte integer (8 bytes), but the root's recvcounts[1] and recvtype expect 1 x 4-byte integer (4 bytes)
program args_gatherv_count
  use mpi
  implicit none
  integer, parameter :: maxp = 16
  integer :: ierr, rank, nprocs, i, count
  integer :: mine(maxp), everything(maxp * maxp), counts(maxp), displs(maxp)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (nprocs > maxp) call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  mine = rank
  count = rank + 1
  do i = 1, nprocs
    counts(i) = count
    displs(i) = (i - 1) * maxp
  end do
  call mpi_gatherv(mine, count, MPI_INTEGER, everything, counts, displs, MPI_INTEGER, 0, &
                   MPI_COMM_WORLD, ierr)
  print '(a, i0, a)', 'rank ', rank, ' done'
  call mpi_finalize(ierr)
end program args_gatherv_count
