! BT/SP-like ADI solver: the heat equation u_t = u_xx + u_yy on the unit
! square, zero Dirichlet boundary, advanced with the Peaceman-Rachford
! alternating-direction implicit scheme on an n x n grid whose grid lines
! (y) are distributed by blocks over the processes.
!
! Rank 0 reads the parameters from the namelist file adi.in when it exists
! (defaults otherwise), checks them and broadcasts them (mpi_bcast of an
! integer and a real array); a bad size ends the job with mpi_abort.  Each
! time step does an x-sweep (tridiagonal solves local to a process, after a
! halo exchange of one grid line with each neighbour by mpi_sendrecv) and a
! y-sweep (a tridiagonal system across the processes, solved with the
! pipelined Thomas algorithm: forward elimination passed down the ranks,
! back substitution passed up, point-to-point only).  Every check_every
! steps the allreduced L2 norm of the solution is printed by rank 0.  The
! initial condition is the lowest eigenmode, so the discrete solution is
! known exactly: the final allreduced error norm must be at round-off level.
!
! Correct program: the step loop is bounded by broadcast values, the
! rank-dependent tests only select point-to-point partners and printing.
!
! description: BT/SP-like Fortran ADI solver: broadcast namelist parameters, MPI_Sendrecv halos, pipelined sweeps, allreduced error norm
! expect-run: 2 ok
! expect-run: 3 ok
program adi_heat
  use mpi
  implicit none

  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: pi = 3.141592653589793238_dp
  integer :: n, nsteps, check_every
  real(dp) :: dt, tolerance
  integer :: iparams(3)
  real(dp) :: rparams(2)
  integer :: rank, nprocs, ierr, jfirst, jlast, nlocal, up, down
  integer :: step, i, j
  real(dp) :: h, r, growth, norm, err
  real(dp), allocatable :: u(:,:), v(:,:), rhs(:,:)
  real(dp) :: t0, elapsed, slowest
  logical :: exists

  namelist /adi_input/ n, nsteps, check_every, dt, tolerance

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)

  if (rank == 0) then
    n = 64
    nsteps = 60
    check_every = 20
    dt = 2.0e-3_dp
    tolerance = 1.0e-10_dp
    inquire(file='adi.in', exist=exists)
    if (exists) then
      open(unit=10, file='adi.in', status='old', action='read')
      read(10, nml=adi_input)
      close(10)
    end if
    if (n < nprocs .or. n < 3 .or. nsteps < 1 .or. check_every < 1 .or. dt <= 0.0_dp) then
      write(*, '(a,i0,a,i0,a)') ' adi_heat: grid of ', n, ' lines for ', nprocs, &
        ' processes, or bad step parameters'
      call mpi_abort(MPI_COMM_WORLD, 2, ierr)
    end if
    iparams = (/ n, nsteps, check_every /)
    rparams = (/ dt, tolerance /)
  end if
  call mpi_bcast(iparams, 3, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call mpi_bcast(rparams, 2, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  n = iparams(1)
  nsteps = iparams(2)
  check_every = iparams(3)
  dt = rparams(1)
  tolerance = rparams(2)

  ! block distribution of the grid lines 1..n
  nlocal = n / nprocs
  jfirst = rank * nlocal + 1 + min(rank, mod(n, nprocs))
  if (rank < mod(n, nprocs)) nlocal = nlocal + 1
  jlast = jfirst + nlocal - 1
  up = rank - 1
  down = rank + 1
  if (rank == 0) up = MPI_PROC_NULL
  if (rank == nprocs - 1) down = MPI_PROC_NULL

  allocate(u(0:n+1, jfirst-1:jlast+1), v(0:n+1, jfirst-1:jlast+1), rhs(n, jfirst:jlast))
  h = 1.0_dp / (n + 1)
  r = dt / (h * h)
  u = 0.0_dp
  v = 0.0_dp
  do j = jfirst, jlast
    do i = 1, n
      u(i, j) = sin(pi * i * h) * sin(pi * j * h)
    end do
  end do

  if (rank == 0) then
    write(*, '(a)') ' ADI heat solver'
    write(*, '(a,i0,a,i0,a,i0)') ' grid ', n, ' x ', n, ', processes ', nprocs
    write(*, '(a,i0,a,es10.3)') ' steps ', nsteps, ', dt ', dt
  end if

  t0 = mpi_wtime()
  do step = 1, nsteps
    call x_sweep()
    call y_sweep()
    if (mod(step, check_every) == 0) then
      norm = global_norm()
      if (rank == 0) write(*, '(a,i5,a,es14.6)') '  step ', step, '  |u| = ', norm
    end if
  end do
  elapsed = mpi_wtime() - t0

  ! the initial mode is multiplied by the same factor at every step
  growth = ((1.0_dp - 2.0_dp * r * sin(0.5_dp * pi * h)**2) / &
            (1.0_dp + 2.0_dp * r * sin(0.5_dp * pi * h)**2))**2
  err = error_norm(growth**nsteps)
  call mpi_reduce(elapsed, slowest, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)

  if (rank == 0) then
    write(*, '(a,es14.6)') ' error vs. discrete solution ', err
    write(*, '(a,f8.4,a)') ' time ', slowest, ' s'
    if (err < tolerance) then
      write(*, '(a)') ' Verification SUCCESSFUL'
    else
      write(*, '(a)') ' Verification FAILED'
      call mpi_abort(MPI_COMM_WORLD, 1, ierr)
    end if
  end if

  deallocate(u, v, rhs)
  call mpi_finalize(ierr)

contains

  ! grid lines jfirst-1 and jlast+1 of a from the neighbours
  subroutine exchange_halo(a)
    real(dp), intent(inout) :: a(0:n+1, jfirst-1:jlast+1)
    integer :: status(MPI_STATUS_SIZE)
    call mpi_sendrecv(a(0, jfirst), n + 2, MPI_DOUBLE_PRECISION, up, 31, &
                      a(0, jlast + 1), n + 2, MPI_DOUBLE_PRECISION, down, 31, &
                      MPI_COMM_WORLD, status, ierr)
    call mpi_sendrecv(a(0, jlast), n + 2, MPI_DOUBLE_PRECISION, down, 32, &
                      a(0, jfirst - 1), n + 2, MPI_DOUBLE_PRECISION, up, 32, &
                      MPI_COMM_WORLD, status, ierr)
  end subroutine exchange_halo

  ! Constant-coefficient tridiagonal solve along x: (1+r) x_i - r/2 (x_{i-1} + x_{i+1}) = d_i
  subroutine thomas(d, x)
    real(dp), intent(in) :: d(n)
    real(dp), intent(out) :: x(n)
    real(dp) :: cp(n), dp_(n), denom
    integer :: k
    cp(1) = -0.5_dp * r / (1.0_dp + r)
    dp_(1) = d(1) / (1.0_dp + r)
    do k = 2, n
      denom = (1.0_dp + r) + 0.5_dp * r * cp(k - 1)
      cp(k) = -0.5_dp * r / denom
      dp_(k) = (d(k) + 0.5_dp * r * dp_(k - 1)) / denom
    end do
    x(n) = dp_(n)
    do k = n - 1, 1, -1
      x(k) = dp_(k) - cp(k) * x(k + 1)
    end do
  end subroutine thomas

  ! half step implicit in x, explicit in y: u -> v
  subroutine x_sweep()
    integer :: jj, ii
    call exchange_halo(u)
    do jj = jfirst, jlast
      do ii = 1, n
        rhs(ii, jj) = u(ii, jj) + 0.5_dp * r * (u(ii, jj - 1) - 2.0_dp * u(ii, jj) + u(ii, jj + 1))
      end do
      call thomas(rhs(:, jj), v(1:n, jj))
    end do
  end subroutine x_sweep

  ! half step implicit in y, explicit in x: v -> u, pipelined over the ranks
  subroutine y_sweep()
    real(dp) :: cp(n, jfirst-1:jlast), dp_(n, jfirst-1:jlast), denom
    real(dp) :: edge(2 * n)
    integer :: jj, ii, status(MPI_STATUS_SIZE)
    do jj = jfirst, jlast
      do ii = 1, n
        rhs(ii, jj) = v(ii, jj) + 0.5_dp * r * (v(ii - 1, jj) - 2.0_dp * v(ii, jj) + v(ii + 1, jj))
      end do
    end do
    ! forward elimination: the coefficients of line jfirst-1 come from above
    if (rank > 0) then
      call mpi_recv(edge, 2 * n, MPI_DOUBLE_PRECISION, up, 41, MPI_COMM_WORLD, status, ierr)
      cp(:, jfirst - 1) = edge(1:n)
      dp_(:, jfirst - 1) = edge(n + 1:2 * n)
    else
      cp(:, jfirst - 1) = 0.0_dp
      dp_(:, jfirst - 1) = 0.0_dp
    end if
    do jj = jfirst, jlast
      do ii = 1, n
        denom = (1.0_dp + r) + 0.5_dp * r * cp(ii, jj - 1)
        cp(ii, jj) = -0.5_dp * r / denom
        dp_(ii, jj) = (rhs(ii, jj) + 0.5_dp * r * dp_(ii, jj - 1)) / denom
      end do
    end do
    if (rank < nprocs - 1) then
      edge(1:n) = cp(:, jlast)
      edge(n + 1:2 * n) = dp_(:, jlast)
      call mpi_send(edge, 2 * n, MPI_DOUBLE_PRECISION, down, 41, MPI_COMM_WORLD, ierr)
    end if
    ! back substitution: line jlast+1 of the solution comes from below
    if (rank < nprocs - 1) then
      call mpi_recv(u(1, jlast + 1), n, MPI_DOUBLE_PRECISION, down, 42, MPI_COMM_WORLD, status, ierr)
    else
      u(:, jlast + 1) = 0.0_dp
    end if
    do jj = jlast, jfirst, -1
      do ii = 1, n
        u(ii, jj) = dp_(ii, jj) - cp(ii, jj) * u(ii, jj + 1)
      end do
    end do
    if (rank > 0) then
      call mpi_send(u(1, jfirst), n, MPI_DOUBLE_PRECISION, up, 42, MPI_COMM_WORLD, ierr)
    end if
  end subroutine y_sweep

  real(dp) function global_norm()
    real(dp) :: local
    local = sum(u(1:n, jfirst:jlast)**2)
    call mpi_allreduce(local, global_norm, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    global_norm = sqrt(global_norm * h * h)
  end function global_norm

  ! L2 distance to factor * sin(pi x) sin(pi y)
  real(dp) function error_norm(factor)
    real(dp), intent(in) :: factor
    real(dp) :: local
    integer :: ii, jj
    local = 0.0_dp
    do jj = jfirst, jlast
      do ii = 1, n
        local = local + (u(ii, jj) - factor * sin(pi * ii * h) * sin(pi * jj * h))**2
      end do
    end do
    call mpi_allreduce(local, error_norm, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    error_norm = sqrt(error_norm * h * h)
  end function error_norm

end program adi_heat
