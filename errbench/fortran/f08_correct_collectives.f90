! Correct Fortran with the Fortran 2008 bindings (`use mpi_f08'): the same
! MPI_Bcast on both sides of an if on the rank, a test on the process count
! (MPI_Comm_size: the same everywhere), MPI_Allreduce with MPI_IN_PLACE, a
! split communicator used by every process, optional ierror given or not.
! No warning, and the program runs clean.
!
! description: Fortran 2008 bindings (use mpi_f08): same MPI_Bcast on both sides of an if, size-guarded barrier, in-place allreduce, split communicator: silent
! expect-run: 1 ok
! expect-run: 2 ok
! expect-run: 3 ok
program f08_correct_collectives
  use mpi_f08
  implicit none
  integer :: rank, nprocs, value, ierr
  double precision :: x
  type(MPI_Comm) :: world, half

  call MPI_Init(ierr)
  world = MPI_COMM_WORLD
  call MPI_Comm_rank(world, rank)
  call MPI_Comm_size(world, nprocs, ierr)
  value = 0
  if (rank == 0) then
    value = 42
    call MPI_Bcast(value, 1, MPI_INTEGER, 0, world)
  else
    call MPI_Bcast(value, 1, MPI_INTEGER, 0, world, ierr)
  end if
  if (nprocs > 1) call MPI_Barrier(world)
  x = dble(rank + value)
  call MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE_PRECISION, MPI_SUM, world)
  call MPI_Comm_split(world, mod(rank, 2), rank, half)
  call MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_INTEGER, MPI_MAX, half, ierr)
  call MPI_Comm_free(half)
  if (rank == 0) print *, 'total = ', x, ' value = ', value
  call MPI_Finalize()
end program f08_correct_collectives
