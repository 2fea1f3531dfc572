! Correct: conditions on the rank and the size that MPI decides: a rank
! lies in [0, size) of its communicator, so `rank >= 0', `rank < nprocs'
! (both of MPI_COMM_WORLD) and `nprocs > 0' are true on every process.
! The subroutine gets the rank and the size by reference and tests them:
! every call site passes the rank and the size.  No warning, no check.
!
! description: Fortran: `rank >= 0', `rank < nprocs', `nprocs > 0' decided by rank in [0, size): silent, runs fine
! expect-run: 2 ok
! expect-run: 1 ok
program rank_range_correct
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (nprocs < 1) then
    print *, 'no process?'
    call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  end if
  if (rank >= 0) then
    call mpi_barrier(MPI_COMM_WORLD, ierr)
  end if
  total = 1
  call step(rank, nprocs, total)
  if (total /= nprocs) print *, 'wrong total', total
  call mpi_finalize(ierr)

contains

  subroutine step(me, size, sum)
    integer, intent(in) :: me, size
    integer, intent(inout) :: sum
    integer :: ierr2
    if (me < size .and. size > 0) then
      call mpi_allreduce(MPI_IN_PLACE, sum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr2)
    end if
  end subroutine step

end program rank_range_correct
