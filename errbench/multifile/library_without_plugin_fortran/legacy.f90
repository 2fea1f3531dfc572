! Compiled without PARCOACH (plain $(MPIF90), no plugin flags).  Under
! MPICH the `use mpi' binding mpi_allreduce_ calls the C MPI_Allreduce,
! which is the runtime's wrapper; under Open MPI it calls PMPI_Allreduce,
! and the runtime wraps mpi_allreduce_ itself.
subroutine legacy_sum(comm, x, y)
  use mpi
  integer :: comm, ierr
  double precision :: x(2), y(2)
  call MPI_Allreduce(x, y, 2, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
end subroutine legacy_sum
