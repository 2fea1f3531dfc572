! Error handling shared by the application's files: a code agreed by all
! processes (the worst one wins).
subroutine agree_on_error(code)
  use mpi
  implicit none
  integer, intent(inout) :: code
  integer :: worst, ierr
  call MPI_Allreduce(code, worst, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
  code = worst
end subroutine agree_on_error
