! FUNNELED: the usual Fortran way to get the thread number in code that
! also builds without OpenMP: `tid = 0', then `!$ tid =
! omp_get_thread_num()' (the conditional-compilation sentinel), in a
! parallel do's region with a reduction; thread 0 alone then reduces
! across processes each step.  Only the main thread calls MPI: correct,
! no warning, no stop.
!
! description: FUNNELED: tid = 0 then !$ tid = omp_get_thread_num(), thread 0 alone reduces
! compile-flags: -fopenmp
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=3
! expect-run: 3 ok threads=2
program sentinel_tid
  use mpi
  !$ use omp_lib
  implicit none
  integer, parameter :: n = 4000
  integer :: provided, ierr, rank, tid, i, step
  double precision :: a(n), local, total
  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  do i = 1, n
    a(i) = dble(mod(i + rank, 13))
  end do
  total = 0
  do step = 1, 3
    local = 0
    !$omp parallel private(tid) shared(local, total)
    tid = 0
    !$ tid = omp_get_thread_num()
    !$omp do reduction(+:local)
    do i = 1, n
      local = local + a(i) * step
    end do
    !$omp end do
    if (tid == 0) then
      call MPI_Allreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                         MPI_COMM_WORLD, ierr)
    end if
    !$omp end parallel
  end do
  if (rank == 0) print '(a, f12.1)', 'total', total
  call MPI_Finalize(ierr)
end program sentinel_tid
