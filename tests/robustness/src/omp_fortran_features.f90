! Robustness (compiled with -fopenmp): Fortran OpenMP constructs, workshare,
! sections, single with copyprivate, orphaned barriers, thread-dependent
! branches and a STOP inside a parallel region.
module omp_helpers
  use omp_lib
  implicit none
contains
  subroutine orphaned(a)
    real, intent(inout) :: a(:)
    !$omp barrier
    !$omp workshare
    a = a + 1.0
    !$omp end workshare
  end subroutine orphaned
end module omp_helpers

program omp_fortran_features
  use omp_helpers
  implicit none
  real :: a(100), s
  integer :: i, t
  a = 0.0
  s = 0.0
  !$omp parallel private(t, s) shared(a)
  t = omp_get_thread_num()
  if (t == 1) call orphaned(a)
  !$omp sections
  !$omp section
  a(1) = 1.0
  !$omp section
  if (t > 100) stop 3
  !$omp end sections
  !$omp single
  s = sum(a)
  !$omp end single copyprivate(s)
  select case (t)
  case (0)
     !$omp barrier
  case default
     continue
  end select
  !$omp do
  do i = 1, 100
     a(i) = a(i) * 2
  end do
  !$omp end do nowait
  !$omp end parallel
  print *, s
end program omp_fortran_features
