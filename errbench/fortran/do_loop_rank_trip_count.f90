! Fortran: mpi_barrier in a DO loop whose trip count depends on the rank.
!
! What is wrong: rank r calls mpi_barrier r + 1 times.  The call is in a
! loop, so it is flagged with the loop's exit conditional, the DO of line
! 18.  After the first iteration rank 0 leaves the subroutine while rank 1
! is about to call the barrier again: the program stops.
!
! description: Fortran: mpi_barrier in a DO loop running rank + 1 times
! expect-warning: 19 collective-mismatch
! expect-conditional: 18
! expect-run: 2 stop
! expect-run: 1 ok
subroutine repeat_barrier(rank)
  use mpi
  implicit none
  integer, intent(in) :: rank
  integer :: i, ierr
  do i = 0, rank
    call mpi_barrier(MPI_COMM_WORLD, ierr)
  end do
end subroutine repeat_barrier

program do_loop_rank_trip_count
  use mpi
  implicit none
  integer :: ierr, rank
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call repeat_barrier(rank)
  call mpi_finalize(ierr)
end program do_loop_rank_trip_count
