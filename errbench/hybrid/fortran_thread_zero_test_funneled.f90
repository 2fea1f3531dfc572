! The FUNNELED idiom without a MASTER directive, in Fortran: between two
! barriers of a parallel region, `if (omp_get_thread_num() == 0)' calls
! MPI_ALLREDUCE (once through a private variable, once directly).  Thread 0
! of a team the initial thread forks is the main thread: only the main
! thread calls MPI, as MPI_THREAD_FUNNELED allows, and one thread at a
! time.  Correct: no warning, no run-time stop.
!
! description: Fortran `if (omp_get_thread_num() == 0)' collectives between barriers under FUNNELED: correct
! compile-flags: -fopenmp
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2
! expect-run: 2 ok threads=4
program thread_zero_test
  use mpi
  use omp_lib
  implicit none
  integer :: ierr, provided, tid
  double precision :: local, total, again
  call MPI_INIT_THREAD(MPI_THREAD_FUNNELED, provided, ierr)
  local = 1.0d0
  total = 0.0d0
  again = 0.0d0
!$omp parallel private(tid) shared(local, total, again)
  tid = omp_get_thread_num()
!$omp barrier
  if (tid == 0) then
    call MPI_ALLREDUCE(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                       MPI_COMM_WORLD, ierr)
  end if
!$omp barrier
  if (omp_get_thread_num() == 0) then
    local = total
    call MPI_ALLREDUCE(local, again, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                       MPI_COMM_WORLD, ierr)
  end if
!$omp barrier
!$omp end parallel
  print *, total, again
  call MPI_FINALIZE(ierr)
end program thread_zero_test
