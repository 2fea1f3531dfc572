! Fortran: the datatype of an mpi_bcast depends on the rank.
!
! What is wrong: rank 0 broadcasts one MPI_INTEGER, the others receive one
! MPI_REAL.  Both are 4 bytes, so MPI delivers the bits without a word;
! the standard requires the same type signature everywhere.  The count is
! 1 everywhere and the file builds no derived datatype: a
! collective-arguments warning at the call, and its check (type
! signatures compared by class) stops the run.
!
! description: Fortran: mpi_bcast of MPI_INTEGER against MPI_REAL: warned, stopped naming the type signatures
! expect-warning: 29 collective-arguments
! expect-run: 2 stop
! expect-run: 1 ok
! expect-stop-message: different datatypes (type signatures): 1 x 4-byte integer on rank 0, 1 x 4-byte floating-point on rank 1
program args_datatype_rank
  use mpi
  implicit none
  integer :: ierr, rank, datatype
  integer :: buffer(1)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  buffer(1) = 42
  if (rank == 0) then
    datatype = MPI_INTEGER
  else
    datatype = MPI_REAL
  end if
  call mpi_bcast(buffer, 1, datatype, 0, MPI_COMM_WORLD, ierr)
  call mpi_finalize(ierr)
end program args_datatype_rank
