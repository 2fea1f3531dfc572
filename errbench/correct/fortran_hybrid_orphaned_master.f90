! description: hybrid Fortran FUNNELED: orphaned directives in module procedures called from one parallel region per step (!$omp master halo MPI_Sendrecv then !$omp barrier, orphaned !$omp do collapse(2) with a reduction, !$omp single bookkeeping without MPI), manual thread partition by omp_get_thread_num, MPI_Allreduce after the region, residual loop exit
! compile-flags: -fopenmp
! expect-run: 2 ok threads=2
! expect-run: 3 ok threads=1
module hybrid_kernels
  use mpi
  use omp_lib
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nx = 24, ny = 6
  integer :: rank, nprocs, below, above, steps_counted
  real(dp) :: u(0:nx + 1, 0:ny + 1), unew(nx, ny)
contains
  subroutine exchange_rows()
    integer :: ierr
    !$omp master
    call MPI_Sendrecv(u(1, ny), nx, MPI_DOUBLE_PRECISION, above, 5, u(1, 0), nx, MPI_DOUBLE_PRECISION, &
                      below, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(1, 1), nx, MPI_DOUBLE_PRECISION, below, 6, u(1, ny + 1), nx, MPI_DOUBLE_PRECISION, &
                      above, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    !$omp end master
    !$omp barrier
  end subroutine exchange_rows

  subroutine relax(local_diff)
    real(dp), intent(inout) :: local_diff
    integer :: i, j
    !$omp do collapse(2) reduction(+:local_diff)
    do j = 1, ny
      do i = 1, nx
        unew(i, j) = 0.25_dp * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
        local_diff = local_diff + (unew(i, j) - u(i, j)) ** 2
      end do
    end do
    !$omp end do
  end subroutine relax

  ! Copy back by a manual partition of the columns over the team.
  subroutine copy_back()
    integer :: me, team, j, first, last, chunk
    me = omp_get_thread_num()
    team = omp_get_num_threads()
    chunk = (ny + team - 1) / team
    first = me * chunk + 1
    last = min(ny, first + chunk - 1)
    do j = first, last
      u(1:nx, j) = unew(:, j)
    end do
    !$omp barrier
    !$omp single
    steps_counted = steps_counted + 1
    !$omp end single
  end subroutine copy_back
end module hybrid_kernels

program hybrid_orphaned
  use mpi
  use omp_lib
  use hybrid_kernels
  implicit none
  integer :: provided, ierr, step, i, j
  real(dp) :: diff, global_diff

  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  if (provided < MPI_THREAD_FUNNELED) call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  below = rank - 1
  above = rank + 1
  if (below < 0) below = MPI_PROC_NULL
  if (above >= nprocs) above = MPI_PROC_NULL

  u = 0.0_dp
  do j = 1, ny
    do i = 1, nx
      u(i, j) = real(mod(i + j + rank, 4), dp)
    end do
  end do
  steps_counted = 0

  do step = 1, 30
    diff = 0.0_dp
    !$omp parallel default(shared)
    call exchange_rows()
    call relax(diff)
    call copy_back()
    !$omp end parallel
    call MPI_Allreduce(diff, global_diff, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (sqrt(global_diff) < 3.0_dp) exit
  end do

  if (steps_counted /= min(step, 30)) then
    write (*, *) 'rank', rank, 'counted', steps_counted, 'steps, expected', min(step, 30)
    call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  end if
  if (rank == 0) write (*, '(a, i3, a, es12.4)') 'steps ', steps_counted, ' diff ', sqrt(global_diff)
  call MPI_Finalize(ierr)
end program hybrid_orphaned
