! A correct MPI_THREAD_FUNNELED Fortran program whose own procedures and
! OpenMP calls have '_' as fourth character (run_step, fix_up,
! omp_get_thread_num): none of them is an MPI routine, so the threads may
! call them freely.  Only the master thread calls MPI (MASTER region), which
! FUNNELED allows.  Nothing to warn; every run ends cleanly.
!
! description: Fortran FUNNELED: user and OpenMP names with '_' as 4th character are not MPI
! compile-flags: -fopenmp
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2
! expect-run: 2 ok threads=4
module steps
  implicit none
contains
  subroutine run_step(x)
    double precision, intent(inout) :: x
    x = x * 0.5d0 + 1.0d0
  end subroutine run_step
  subroutine fix_up(x)
    double precision, intent(inout) :: x
    if (x > 1.0d3) x = 1.0d3
  end subroutine fix_up
end module steps

program funneled_names
  use mpi
  use omp_lib
  use steps
  implicit none
  integer :: ierr, provided, me, i
  double precision :: local(64), total
  call MPI_INIT_THREAD(MPI_THREAD_FUNNELED, provided, ierr)
  local = 1.0d0
!$omp parallel private(me)
  me = omp_get_thread_num()
!$omp do
  do i = 1, 64
    call run_step(local(i))
    call fix_up(local(i))
  end do
!$omp end do
!$omp master
  call MPI_ALLREDUCE(sum(local), total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                     MPI_COMM_WORLD, ierr)
!$omp end master
!$omp barrier
!$omp end parallel
  call MPI_FINALIZE(ierr)
end program funneled_names
