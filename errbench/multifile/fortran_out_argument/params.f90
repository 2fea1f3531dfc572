! The parameters of a solver, in a module of their own file: rank 0 reads
! them (here: sets them), every process receives them by broadcast.
module params
  use mpi
  implicit none
contains
  subroutine read_params(comm, steps, tolerance)
    integer, intent(in) :: comm
    integer, intent(out) :: steps
    double precision, intent(out) :: tolerance
    integer :: rank, ierr
    call mpi_comm_rank(comm, rank, ierr)
    if (rank == 0) then
       steps = 12
       tolerance = 1d-3
    end if
    call mpi_bcast(steps, 1, mpi_integer, 0, comm, ierr)
    call mpi_bcast(tolerance, 1, mpi_double_precision, 0, comm, ierr)
  end subroutine read_params
end module params
