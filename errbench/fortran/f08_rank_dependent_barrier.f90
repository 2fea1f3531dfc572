! A rank-dependent MPI_Barrier with the Fortran 2008 bindings (`use mpi_f08').
!
! What is wrong: only rank 0 calls MPI_Barrier (the `if' of line 24); every
! process then calls MPI_Allreduce.  gfortran calls MPICH's mpi_barrier_f08
! and mpi_allreduce_f08ts with TYPE(MPI_Comm) arguments: the barrier is
! flagged as with `use mpi', and at run time rank 0's check before
! MPI_Barrier meets rank 1's check before MPI_Allreduce: the program stops.
!
! description: Fortran 2008 bindings (use mpi_f08): MPI_Barrier called by rank 0 only, then a common MPI_Allreduce
! expect-warning: 25 collective-mismatch
! expect-conditional: 24
! expect-run: 2 stop
! expect-run: 1 ok
program f08_rank_dependent_barrier
  use mpi_f08
  implicit none
  integer :: rank, one, total
  type(MPI_Comm) :: comm

  call MPI_Init()
  comm = MPI_COMM_WORLD
  call MPI_Comm_rank(comm, rank)
  one = 1
  if (rank == 0) then
    call MPI_Barrier(comm) ! BUG: rank 0 only
  end if
  call MPI_Allreduce(one, total, 1, MPI_INTEGER, MPI_SUM, comm)
  if (rank == 0) print *, 'processes: ', total
  call MPI_Finalize()
end program f08_rank_dependent_barrier
