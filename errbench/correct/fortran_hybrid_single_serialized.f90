! description: hybrid Fortran SERIALIZED: 2-D heat stencil, one parallel region per time step, !$omp single for the MPI_Isend/MPI_Irecv/MPI_Waitall row halo, !$omp do with a max reduction, !$omp single MPI_Allreduce into a shared variable, a critical section for per-thread counts, MPI_Query_thread, exit from the time loop on the reduced change
! compile-flags: -fopenmp
! expect-run: 2 ok threads=2
! expect-run: 3 ok threads=2
program hybrid_heat_serialized
  use mpi
  use omp_lib
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nx = 32, ny_local = 8, max_steps = 12
  real(dp), allocatable :: t(:,:), t_new(:,:)
  real(dp) :: local_change, global_change, total_heat, start_heat
  integer :: ierr, provided, level, rank, nprocs, up, down, step, i, j
  integer :: requests(4), rows_done, expected_rows, steps_taken

  call MPI_Init_thread(MPI_THREAD_SERIALIZED, provided, ierr)
  call MPI_Query_thread(level, ierr)
  if (level < MPI_THREAD_SERIALIZED) call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  up = rank + 1
  down = rank - 1
  if (up == nprocs) up = MPI_PROC_NULL
  if (down < 0) down = MPI_PROC_NULL

  allocate (t(0:nx + 1, 0:ny_local + 1), t_new(nx, ny_local))
  t = 0.0_dp
  do j = 1, ny_local
    do i = 1, nx
      t(i, j) = real(mod(i + 3 * (rank * ny_local + j), 11), dp)
    end do
  end do
  start_heat = global_heat()

  rows_done = 0
  steps_taken = 0
  do step = 1, max_steps
    !$omp parallel default(shared) private(i, j)
    !$omp single
    call MPI_Irecv(t(1, 0), nx, MPI_DOUBLE_PRECISION, down, 1, MPI_COMM_WORLD, requests(1), ierr)
    call MPI_Irecv(t(1, ny_local + 1), nx, MPI_DOUBLE_PRECISION, up, 2, MPI_COMM_WORLD, requests(2), ierr)
    call MPI_Isend(t(1, ny_local), nx, MPI_DOUBLE_PRECISION, up, 1, MPI_COMM_WORLD, requests(3), ierr)
    call MPI_Isend(t(1, 1), nx, MPI_DOUBLE_PRECISION, down, 2, MPI_COMM_WORLD, requests(4), ierr)
    call MPI_Waitall(4, requests, MPI_STATUSES_IGNORE, ierr)
    local_change = 0.0_dp
    !$omp end single

    !$omp do reduction(max:local_change)
    do j = 1, ny_local
      do i = 1, nx
        t_new(i, j) = t(i, j) + 0.2_dp * (t(i - 1, j) + t(i + 1, j) + t(i, j - 1) + t(i, j + 1) - 4.0_dp * t(i, j))
        local_change = max(local_change, abs(t_new(i, j) - t(i, j)))
      end do
      !$omp critical (count_rows)
      rows_done = rows_done + 1
      !$omp end critical (count_rows)
    end do
    !$omp end do

    !$omp do
    do j = 1, ny_local
      t(1:nx, j) = t_new(:, j)
    end do
    !$omp end do

    !$omp single
    call MPI_Allreduce(local_change, global_change, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
    !$omp end single
    !$omp end parallel

    steps_taken = step
    if (global_change < 0.2_dp) exit
  end do

  expected_rows = steps_taken * ny_local
  if (rows_done /= expected_rows) then
    write (*, *) 'rank', rank, 'counted', rows_done, 'rows, expected', expected_rows
    call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  end if
  total_heat = global_heat()
  if (rank == 0) write (*, '(a, i4, a, es12.4, a, f10.3, a, f10.3)') 'steps ', steps_taken, &
       ' change ', global_change, ' heat ', start_heat, ' -> ', total_heat
  deallocate (t, t_new)
  call MPI_Finalize(ierr)

contains

  function global_heat() result(heat)
    real(dp) :: heat, mine
    integer :: ierr2
    mine = sum(t(1:nx, 1:ny_local))
    call MPI_Allreduce(mine, heat, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr2)
  end function global_heat

end program hybrid_heat_serialized
