! A thread that finds an error stops the program (STOP n, ERROR STOP) before
! a barrier the others wait at: GCC's libgomp.fortran tests do it all the
! time (`if (.not. c_associated (p)) stop 2').  STOP ends the process, and
! with it every thread of the team: no thread is left waiting at the
! barrier, so the thread-dependent test before it is no barrier mismatch.
!
! description: Fortran STOP in a thread-dependent branch before a barrier
! compile-flags: -fopenmp
! expect-run: 1 ok threads=1
! expect-run: 1 ok threads=2
! expect-run: 1 ok threads=4
! expect-run-args: instrument=all
program correct_exit_in_thread_branch
  use omp_lib
  implicit none
  integer :: counts(0:63)
  counts = 0
  !$omp parallel
  block
    integer :: n
    n = omp_get_thread_num ()
    counts(n) = n + 1
    if (counts(n) /= n + 1) stop 2
    !$omp barrier
    if (n == 0 .and. sum (counts) /= omp_get_num_threads () * (omp_get_num_threads () + 1) / 2) &
      error stop 3
    !$omp barrier
  end block
  !$omp end parallel
  print *, 'sum', sum (counts)
end program correct_exit_in_thread_branch
