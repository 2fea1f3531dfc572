! Fortran: the count of an mpi_bcast depends on the rank.
!
! What is wrong: the root broadcasts 2 integers, the others expect 1; with
! MPI_INTEGER everywhere the counts must be equal.  The count is
! merge(2, 1, rank == 0): a collective-arguments warning at the call, and
! its check stops the run before mpi_bcast, naming the data sizes.
!
! description: Fortran: mpi_bcast with count merge(2, 1, rank == 0): warned, stopped naming the sizes
! expect-warning: 22 collective-arguments
! expect-run: 2 stop
! expect-run: 3 stop
! expect-run: 1 ok
! expect-stop-message: different data sizes (count x datatype size): 4 bytes on rank
program args_count_rank
  use mpi
  implicit none
  integer :: ierr, rank, n, data(2)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  n = merge(2, 1, rank == 0)
  call mpi_bcast(data, n, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call mpi_finalize(ierr)
end program args_count_rank
