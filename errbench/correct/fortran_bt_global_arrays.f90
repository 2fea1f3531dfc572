! description: NAS BT/SP-like Fortran: module of parameters and allocatable global arrays, rank 0 sets the inputs (internal defaults) and broadcasts them, timers, ADI-like sweeps with halo Sendrecv, verification by MPI_Reduce and a broadcast verdict
! expect-run: 2 ok
! expect-run: 3 ok
module bt_globals
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: t_total = 1, t_rhs = 2, t_solve = 3, t_last = 3
  integer :: nx, ny, nz_global, nz, niter
  real(dp) :: dt, epsilon_verify
  real(dp), allocatable :: u(:,:,:), rhs(:,:,:), forcing(:,:,:)
  real(dp) :: timer_start(t_last), timer_elapsed(t_last)
  integer :: comm_solve, node, no_nodes, up_neighbour, down_neighbour
  logical :: timers_enabled
end module bt_globals

module bt_timers
  use mpi
  use bt_globals
  implicit none
contains
  subroutine timer_clear(n)
    integer, intent(in) :: n
    timer_elapsed(n) = 0.0_dp
  end subroutine timer_clear

  subroutine timer_start_n(n)
    integer, intent(in) :: n
    timer_start(n) = MPI_Wtime()
  end subroutine timer_start_n

  subroutine timer_stop(n)
    integer, intent(in) :: n
    timer_elapsed(n) = timer_elapsed(n) + (MPI_Wtime() - timer_start(n))
  end subroutine timer_stop
end module bt_timers

module bt_setup
  use mpi
  use bt_globals
  use bt_timers
  implicit none
contains
  subroutine read_input()
    integer :: ierr, int_params(4)
    real(dp) :: real_params(2)

    if (node == 0) then
      ! A real code reads inputbt.data here; the defaults stand for it.
      int_params = (/ 12, 10, 24, 8 /)
      real_params = (/ 0.0008_dp, 1.0e-8_dp /)
      write (*, '(a, 3i4, a, i3)') ' Size: ', int_params(1:3), '  iterations: ', int_params(4)
    end if
    call MPI_Bcast(int_params, 4, MPI_INTEGER, 0, comm_solve, ierr)
    call MPI_Bcast(real_params, 2, MPI_DOUBLE_PRECISION, 0, comm_solve, ierr)
    nx = int_params(1)
    ny = int_params(2)
    nz_global = int_params(3)
    niter = int_params(4)
    dt = real_params(1)
    epsilon_verify = real_params(2)
    timers_enabled = niter > 4
  end subroutine read_input

  subroutine setup_decomposition()
    integer :: ierr

    if (mod(nz_global, no_nodes) /= 0) then
      if (node == 0) write (*, *) 'nz must be a multiple of the process count'
      call MPI_Abort(comm_solve, 1, ierr)
    end if
    nz = nz_global / no_nodes
    up_neighbour = node + 1
    down_neighbour = node - 1
    if (up_neighbour >= no_nodes) up_neighbour = MPI_PROC_NULL
    if (down_neighbour < 0) down_neighbour = MPI_PROC_NULL
    allocate (u(nx, ny, 0:nz+1), rhs(nx, ny, nz), forcing(nx, ny, nz))
  end subroutine setup_decomposition

  subroutine initialize()
    integer :: i, j, k, kg
    do k = 1, nz
      kg = node * nz + k
      do j = 1, ny
        do i = 1, nx
          u(i, j, k) = 1.0_dp + 0.01_dp * real(i + 2 * j + 3 * kg, dp)
          forcing(i, j, k) = 0.001_dp * real(mod(i * j + kg, 7), dp)
        end do
      end do
    end do
    u(:, :, 0) = 0.0_dp
    u(:, :, nz + 1) = 0.0_dp
  end subroutine initialize
end module bt_setup

module bt_solver
  use mpi
  use bt_globals
  use bt_timers
  implicit none
contains
  subroutine exchange_faces()
    integer :: ierr, count
    integer :: status(MPI_STATUS_SIZE)
    count = nx * ny
    call MPI_Sendrecv(u(1, 1, nz), count, MPI_DOUBLE_PRECISION, up_neighbour, 1, &
                      u(1, 1, 0), count, MPI_DOUBLE_PRECISION, down_neighbour, 1, &
                      comm_solve, status, ierr)
    call MPI_Sendrecv(u(1, 1, 1), count, MPI_DOUBLE_PRECISION, down_neighbour, 2, &
                      u(1, 1, nz + 1), count, MPI_DOUBLE_PRECISION, up_neighbour, 2, &
                      comm_solve, status, ierr)
  end subroutine exchange_faces

  subroutine compute_rhs()
    integer :: i, j, k
    if (timers_enabled) call timer_start_n(t_rhs)
    call exchange_faces()
    do k = 1, nz
      do j = 1, ny
        do i = 1, nx
          rhs(i, j, k) = forcing(i, j, k) + 0.1_dp * (u(i, j, k - 1) + u(i, j, k + 1) - 2.0_dp * u(i, j, k))
        end do
      end do
    end do
    if (timers_enabled) call timer_stop(t_rhs)
  end subroutine compute_rhs

  subroutine x_solve()
    integer :: i, j, k
    do k = 1, nz
      do j = 1, ny
        do i = 2, nx
          rhs(i, j, k) = rhs(i, j, k) + 0.25_dp * rhs(i - 1, j, k)
        end do
      end do
    end do
  end subroutine x_solve

  subroutine y_solve()
    integer :: i, j, k
    do k = 1, nz
      do j = 2, ny
        do i = 1, nx
          rhs(i, j, k) = rhs(i, j, k) + 0.25_dp * rhs(i, j - 1, k)
        end do
      end do
    end do
  end subroutine y_solve

  subroutine adi()
    call compute_rhs()
    if (timers_enabled) call timer_start_n(t_solve)
    call x_solve()
    call y_solve()
    u(:, :, 1:nz) = u(:, :, 1:nz) + dt * rhs
    if (timers_enabled) call timer_stop(t_solve)
  end subroutine adi

  subroutine error_norm(rms)
    real(dp), intent(out) :: rms(2)
    real(dp) :: local(2)
    integer :: ierr
    local(1) = sum(u(:, :, 1:nz) ** 2)
    local(2) = sum(rhs ** 2)
    call MPI_Reduce(local, rms, 2, MPI_DOUBLE_PRECISION, MPI_SUM, 0, comm_solve, ierr)
    if (node == 0) rms = sqrt(rms / real(nx * ny * nz_global, dp))
  end subroutine error_norm

  subroutine verify(rms, verified)
    real(dp), intent(in) :: rms(2)
    logical, intent(out) :: verified
    real(dp) :: reference(2)
    integer :: ierr
    if (node == 0) then
      reference(1) = rms(1)
      reference(2) = rms(2)
      verified = all(abs(rms - reference) <= epsilon_verify * max(1.0_dp, abs(reference)))
      verified = verified .and. rms(1) > 0.0_dp
      write (*, '(a, 2es14.6)') ' RMS norms: ', rms
    end if
    call MPI_Bcast(verified, 1, MPI_LOGICAL, 0, comm_solve, ierr)
  end subroutine verify
end module bt_solver

program bt_like
  use mpi
  use bt_globals
  use bt_timers
  use bt_setup
  use bt_solver
  implicit none
  integer :: ierr, step, i
  real(dp) :: rms(2), tmax
  logical :: verified

  call MPI_Init(ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, comm_solve, ierr)
  call MPI_Comm_rank(comm_solve, node, ierr)
  call MPI_Comm_size(comm_solve, no_nodes, ierr)

  call read_input()
  call setup_decomposition()
  do i = 1, t_last
    call timer_clear(i)
  end do
  call initialize()
  call adi()                       ! one untimed step, as BT does
  call initialize()
  call MPI_Barrier(comm_solve, ierr)

  call timer_start_n(t_total)
  do step = 1, niter
    if (node == 0 .and. (step == 1 .or. mod(step, 4) == 0)) write (*, '(a, i4)') ' Time step ', step
    call adi()
  end do
  call timer_stop(t_total)

  call MPI_Reduce(timer_elapsed(t_total), tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, comm_solve, ierr)
  call error_norm(rms)
  call verify(rms, verified)
  if (.not. verified) then
    if (node == 0) write (*, *) 'Verification FAILED'
    call MPI_Abort(comm_solve, 2, ierr)
  end if
  if (node == 0) then
    write (*, '(a)') ' Verification SUCCESSFUL'
    if (timers_enabled) write (*, '(a, f8.4)') ' time (s, max over ranks): ', max(tmax, 0.0_dp)
  end if

  deallocate (u, rhs, forcing)
  call MPI_Comm_free(comm_solve, ierr)
  call MPI_Finalize(ierr)
end program bt_like
