! The erroneous twin of rank_range_correct.f90: `rank > 0' is false on
! rank 0 only, which skips the mpi_barrier of line 23 and meets the
! others' barrier with its mpi_allreduce of line 36.  Both tests on the
! rank are blamed (the subroutine's `me > 0' too: every call site passes
! the rank); the run-time check stops the program.
!
! description: twin of rank_range_correct.f90 with `rank > 0': warned, stops
! expect-warning: 23 collective-mismatch
! expect-warning: 36 collective-mismatch
! expect-conditional: 22
! expect-conditional: 35
! expect-run: 2 stop
! expect-run: 1 ok
program rank_range_twin
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (rank > 0) then  ! BUG: false on rank 0
    call mpi_barrier(MPI_COMM_WORLD, ierr)
  end if
  total = 1
  call step(rank, nprocs, total)
  call mpi_finalize(ierr)

contains

  subroutine step(me, size, sum)
    integer, intent(in) :: me, size
    integer, intent(inout) :: sum
    integer :: ierr2
    if (me > 0 .or. size < 1) then  ! BUG: false on rank 0
      call mpi_allreduce(MPI_IN_PLACE, sum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr2)
    end if
  end subroutine step

end program rank_range_twin
