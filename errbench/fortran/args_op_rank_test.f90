! Fortran: the operation of an mpi_allreduce is chosen by a test of the rank.
!
! What is wrong: odd ranks reduce with MPI_MAX, even ones with MPI_SUM;
! MPI requires the same op on every process.  The INTEGER handle op is
! assigned on both sides of `if (mod(rank, 2) == 1)': a
! collective-arguments warning at the call, and its check (the handles
! converted with MPI_Op_f2c) stops the run before the reduction.
!
! description: Fortran: mpi_allreduce whose op is chosen by a rank test: warned, stopped naming the operations
! expect-warning: 27 collective-arguments
! expect-run: 2 stop
! expect-run: 1 ok
! expect-stop-message: different reduction operations: MPI_MAX on rank 1, MPI_SUM on rank 0
program args_op_rank_test
  use mpi
  implicit none
  integer :: ierr, rank, op, local, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (mod(rank, 2) == 1) then
    op = MPI_MAX
  else
    op = MPI_SUM
  end if
  local = rank + 1
  call mpi_allreduce(local, total, 1, MPI_INTEGER, op, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'total', total
  call mpi_finalize(ierr)
end program args_op_rank_test
