! Robustness (Fortran): mpif.h-style include, arithmetic if, assigned
! labels avoided (deleted feature), collectives in a recursive subroutine
! and in an elemental-free pure context.
subroutine legacy(rank, n)
  implicit none
  include 'mpif.h'
  integer, intent(in) :: rank, n
  integer :: ierr, i
  do 10 i = 1, n
    if (i == rank) goto 10
    call mpi_barrier(MPI_COMM_WORLD, ierr)
10 continue
  if (rank .gt. 0) then
    call mpi_barrier(MPI_COMM_WORLD, ierr)
  else if (rank .lt. 0) then
    return
  end if
  call mpi_finalize(ierr)
end subroutine legacy

recursive subroutine countdown(n)
  use mpi
  implicit none
  integer, intent(in) :: n
  integer :: ierr
  if (n <= 0) return
  call mpi_barrier(MPI_COMM_WORLD, ierr)
  call countdown(n - 1)
end subroutine countdown
