! A rank-dependent mpi_barrier in Fortran (`use mpi').
!
! What is wrong: only rank 0 calls mpi_barrier (the `if' of line 22);
! every process then calls mpi_allreduce.  The barrier is flagged; the
! allreduce (maximal order 1) and mpi_finalize are called on every path.
! At run time rank 0's check before mpi_barrier meets rank 1's check
! before mpi_allreduce: the program stops.
!
! description: Fortran: mpi_barrier called by rank 0 only, then a common mpi_allreduce
! expect-warning: 23 collective-mismatch
! expect-conditional: 22
! expect-run: 2 stop
! expect-run: 1 ok
program rank_dependent_barrier
  use mpi
  implicit none
  integer :: ierr, rank, one, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  one = 1
  if (rank == 0) then
    call mpi_barrier(MPI_COMM_WORLD, ierr) ! BUG: rank 0 only
  end if
  call mpi_allreduce(one, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'processes: ', total
  call mpi_finalize(ierr)
end program rank_dependent_barrier
