! The twin of fortran_out_argument/params.f90 with the broadcast of the
! step count forgotten: only rank 0 sets steps, the others keep the value
! the caller had (intent(inout): with intent(out) that value would be
! undefined, and gfortran may drop the caller's assignment).
module params
  use mpi
  implicit none
contains
  subroutine read_params(comm, steps, tolerance)
    integer, intent(in) :: comm
    integer, intent(inout) :: steps
    double precision, intent(out) :: tolerance
    integer :: rank, ierr
    call mpi_comm_rank(comm, rank, ierr)
    if (rank == 0) then
       steps = 12
       tolerance = 1d-3
    end if
    ! forgotten: call mpi_bcast(steps, 1, mpi_integer, 0, comm, ierr)
    call mpi_bcast(tolerance, 1, mpi_double_precision, 0, comm, ierr)
  end subroutine read_params
end module params
