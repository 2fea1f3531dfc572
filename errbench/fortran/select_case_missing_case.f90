! Fortran select case on mod(rank, 3) where one case lacks the collective.
!
! What is wrong: ranks with mod(rank, 3) == 2 take `case default', which
! does not call mpi_allreduce.  Both calls are flagged because of the
! select case of line 26: one cause, one warning at the first call (its
! path names the other).  With 3 processes the program stops there.  With
! 2, every rank takes a case that calls mpi_allreduce, but rank 0 reduces
! with MPI_SUM and rank 1 with MPI_MAX, which MPI forbids too: the check
! compares the operations and stops the run as well.
!
! description: Fortran select case (mod(rank, 3)) whose default lacks the mpi_allreduce
! expect-warning: 28 collective-mismatch
! expect-conditional: 26
! expect-run: 3 stop
! expect-run: 2 stop
module combine_mod
  use mpi
  implicit none
contains
  subroutine combine(rank, x, total)
    integer, intent(in) :: rank
    double precision, intent(in) :: x
    double precision, intent(out) :: total
    integer :: ierr
    total = 0d0
    select case (mod(rank, 3))
    case (0)
      call mpi_allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    case (1)
      call mpi_allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
    case default
      ! BUG: forgot the mpi_allreduce
    end select
  end subroutine combine
end module combine_mod

program select_case_missing_case
  use mpi
  use combine_mod
  implicit none
  integer :: ierr, rank
  double precision :: total
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call combine(rank, 1d0, total)
  call mpi_finalize(ierr)
end program select_case_missing_case
