! OpenMP in Fortran: a worksharing DO that only thread 0 encounters; the
! construct and its implicit barrier are reported at the directive.
!
! description: Fortran !$omp do in a thread-dependent branch
! compile-flags: -fopenmp
! expect-warning: 18 omp-collective
! expect-conditional: 17
! expect-run: 1 ok threads=1
! expect-run: 1 stop threads=2
program do_in_thread_branch
  use omp_lib
  implicit none
  integer, parameter :: n = 100
  integer :: i
  real :: a(n)
  !$omp parallel
  if (omp_get_thread_num() == 0) then
     !$omp do
     do i = 1, n
        a(i) = i
     end do
     !$omp end do
  end if
  !$omp end parallel
  print *, a(n)
end program do_in_thread_branch
