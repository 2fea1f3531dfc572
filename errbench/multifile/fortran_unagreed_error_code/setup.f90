! Rank 1 alone sets an error code; agree_on_error (errors.f90) leaves it
! as it is.
subroutine setup(cells, status)
  use mpi
  implicit none
  integer, intent(out) :: cells, status
  integer :: rank, ierr
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  status = 0
  cells = 1000
  if (rank == 1) status = 2
  call agree_on_error(status)
end subroutine setup
