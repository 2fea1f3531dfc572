! Every thread calls reduce_partial of comm.f90 with its thread number.
program tid_argument
  use mpi
  use omp_lib
  implicit none
  integer :: provided, ierr, rank, tid, step
  double precision :: partial, total
  external :: reduce_partial
  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  total = 0
  do step = 1, 3
    partial = (rank + 1) * step
    !$omp parallel private(tid)
    tid = omp_get_thread_num()
    call reduce_partial(tid, partial, total)
    !$omp barrier
    !$omp end parallel
  end do
  if (rank == 0) print '(a, f8.1)', 'total', total
  call MPI_Finalize(ierr)
end program tid_argument
