! Correct Fortran (`use mpi'): unconditional collectives, an if/else on the
! rank with the same mpi_bcast on both sides, and a select case on the
! rank whose every case (including the default) calls mpi_barrier.  No
! warning, and the program runs.
!
! description: Fortran: unconditional collectives, same mpi_bcast on both sides of an if, same mpi_barrier in every case: silent
! expect-run: 2 ok
! expect-run: 3 ok
module correct_ops
  use mpi
  implicit none
contains
  subroutine share(rank, value)
    integer, intent(in) :: rank
    integer, intent(inout) :: value
    integer :: ierr
    if (rank == 0) then
      value = 42
      call mpi_bcast(value, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    else
      call mpi_bcast(value, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    end if
  end subroutine share

  subroutine synchronise(rank)
    integer, intent(in) :: rank
    integer :: ierr
    select case (mod(rank, 3))
    case (0)
      call mpi_barrier(MPI_COMM_WORLD, ierr)
    case (1)
      call mpi_barrier(MPI_COMM_WORLD, ierr)
    case default
      call mpi_barrier(MPI_COMM_WORLD, ierr)
    end select
  end subroutine synchronise
end module correct_ops

program correct_collectives
  use mpi
  use correct_ops
  implicit none
  integer :: ierr, rank, value
  double precision :: x, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  value = 0
  call share(rank, value)
  call synchronise(rank)
  x = dble(rank + value)
  call mpi_allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                     MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'total = ', total
  call mpi_finalize(ierr)
end program correct_collectives
