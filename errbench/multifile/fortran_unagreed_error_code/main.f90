! Rank 1 alone sets an error code (setup.f90), which agree_on_error
! (errors.f90) leaves as it is: the test of line 11 sends rank 1 alone
! past the MPI_Allreduce of line 13.
program solver
  use mpi
  implicit none
  integer :: ierr, cells, status
  real(8) :: local, total
  call MPI_Init(ierr)
  call setup(cells, status)
  if (status == 0) then
    local = dble(cells)
    call MPI_Allreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program solver
