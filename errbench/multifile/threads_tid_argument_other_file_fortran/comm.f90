! Thread 0 alone reduces (MPI_THREAD_FUNNELED: the main thread only).
subroutine reduce_partial(tid, partial, total)
  use mpi
  implicit none
  integer, intent(in) :: tid
  double precision, intent(in) :: partial
  double precision, intent(inout) :: total
  integer :: ierr
  if (tid == 0) then
    call MPI_Allreduce(partial, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  end if
end subroutine reduce_partial
