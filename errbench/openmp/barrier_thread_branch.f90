! OpenMP in Fortran: only thread 0 reaches the barrier.
!
! description: Fortran !$omp barrier reached by thread 0 only
! compile-flags: -fopenmp
! expect-warning: 16 omp-collective
! expect-conditional: 15
! expect-run: 1 ok threads=1
! expect-run: 1 stop threads=2
program barrier_thread_branch
  use omp_lib
  implicit none
  integer :: tid
  !$omp parallel private(tid)
  tid = omp_get_thread_num()
  if (tid == 0) then
     !$omp barrier
  end if
  !$omp end parallel
end program barrier_thread_branch
