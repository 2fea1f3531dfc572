! MG-like multigrid solver: V-cycles for the 1-D Poisson problem
! -u'' = f on (0,1), u(0) = u(1) = 0, the points of every level distributed
! by blocks over the processes (the last point of the last process is the
! boundary x = 1, so that every level's grid ends on the boundary).
!
! The solver lives in a module, as in most Fortran codes: the public
! driver mg_solve takes the communicator; the smoother, the residual,
! the transfers and the halo exchange are private module procedures.
! Rank 0 reads the number of levels, the cycle limit and the tolerance
! (command line or defaults) and broadcasts them; too many processes for
! the coarsest level ends the job with mpi_abort.  Each level halves the
! number of points on every process (the fine grid of a process is
! 2**levels points), so restriction and prolongation are local; damped
! Jacobi smoothing and the residual need one halo value from each
! neighbour (mpi_sendrecv, MPI_PROC_NULL at the ends).  The V-cycles stop
! on the allreduced residual norm or the broadcast cycle limit, then the
! error against the discrete solution is allreduced.
!
! Correct program: every loop bound and test around a collective is a
! broadcast or allreduced value or the level number.
!
! Compiled with -fwhole-program, as the README advises for a program whose
! every unit is in one file: without it, other files could call its public
! module procedure mg_solve with other arguments, and the values that bound
! its loops may differ as far as PARCOACH knows.
!
! compile-flags: -fwhole-program
! description: MG-like Fortran V-cycles in a module: private helpers, broadcast parameters, convergence on an allreduced residual norm
! expect-run: 2 ok
! expect-run: 3 ok
module multigrid
  use mpi
  implicit none
  private
  public :: mg_solve

  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nu1 = 2, nu2 = 2
  real(dp), parameter :: omega = 2.0_dp / 3.0_dp

contains

  ! one value from each neighbour into v(0) and v(m+1)
  subroutine exchange(v, m, left, right, comm)
    integer, intent(in) :: m, left, right, comm
    real(dp), intent(inout) :: v(0:m+1)
    integer :: status(MPI_STATUS_SIZE), ierr
    call mpi_sendrecv(v(m), 1, MPI_DOUBLE_PRECISION, right, 1, &
                      v(0), 1, MPI_DOUBLE_PRECISION, left, 1, comm, status, ierr)
    call mpi_sendrecv(v(1), 1, MPI_DOUBLE_PRECISION, left, 2, &
                      v(m + 1), 1, MPI_DOUBLE_PRECISION, right, 2, comm, status, ierr)
  end subroutine exchange

  subroutine smooth(v, f, m, h, sweeps, left, right, comm)
    integer, intent(in) :: m, sweeps, left, right, comm
    real(dp), intent(inout) :: v(0:m+1)
    real(dp), intent(in) :: f(m), h
    real(dp) :: w(m)
    integer :: s, i
    do s = 1, sweeps
      call exchange(v, m, left, right, comm)
      do i = 1, m
        w(i) = 0.5_dp * (v(i - 1) + v(i + 1) + h * h * f(i))
      end do
      v(1:m) = (1.0_dp - omega) * v(1:m) + omega * w
      if (right == MPI_PROC_NULL) v(m) = 0.0_dp   ! the boundary x = 1
    end do
  end subroutine smooth

  subroutine residual(v, f, r, m, h, left, right, comm)
    integer, intent(in) :: m, left, right, comm
    real(dp), intent(inout) :: v(0:m+1)
    real(dp), intent(in) :: f(m), h
    real(dp), intent(out) :: r(m)
    integer :: i
    call exchange(v, m, left, right, comm)
    do i = 1, m
      r(i) = f(i) - (2.0_dp * v(i) - v(i - 1) - v(i + 1)) / (h * h)
    end do
    if (right == MPI_PROC_NULL) r(m) = 0.0_dp
  end subroutine residual

  ! full weighting to the coarse points 2, 4, ..., m of this process
  subroutine restrict(r, rc, m, left, right, comm)
    integer, intent(in) :: m, left, right, comm
    real(dp), intent(in) :: r(m)
    real(dp), intent(out) :: rc(m / 2)
    real(dp) :: rr(0:m+1)
    integer :: i
    rr(1:m) = r
    rr(0) = 0.0_dp
    rr(m + 1) = 0.0_dp
    call exchange(rr, m, left, right, comm)
    do i = 1, m / 2
      rc(i) = 0.25_dp * (rr(2 * i - 1) + 2.0_dp * rr(2 * i) + rr(2 * i + 1))
    end do
    if (right == MPI_PROC_NULL) rc(m / 2) = 0.0_dp
  end subroutine restrict

  ! linear interpolation of the coarse correction, added to v
  subroutine prolong(ec, v, m, left, right, comm)
    integer, intent(in) :: m, left, right, comm
    real(dp), intent(inout) :: ec(0:m/2+1)
    real(dp), intent(inout) :: v(0:m+1)
    integer :: i
    call exchange(ec, m / 2, left, right, comm)
    do i = 1, m / 2
      v(2 * i) = v(2 * i) + ec(i)
      v(2 * i - 1) = v(2 * i - 1) + 0.5_dp * (ec(i - 1) + ec(i))
    end do
  end subroutine prolong

  recursive subroutine vcycle(v, f, m, h, level, left, right, comm)
    integer, intent(in) :: m, level, left, right, comm
    real(dp), intent(inout) :: v(0:m+1)
    real(dp), intent(in) :: f(m), h
    real(dp) :: r(m), rc(m / 2), ec(0:m/2+1)
    if (level == 1) then
      ! coarsest level: many sweeps stand in for an exact solve
      call smooth(v, f, m, h, 50, left, right, comm)
      return
    end if
    call smooth(v, f, m, h, nu1, left, right, comm)
    call residual(v, f, r, m, h, left, right, comm)
    call restrict(r, rc, m, left, right, comm)
    ec = 0.0_dp
    call vcycle(ec, rc, m / 2, 2.0_dp * h, level - 1, left, right, comm)
    call prolong(ec, v, m, left, right, comm)
    call smooth(v, f, m, h, nu2, left, right, comm)
  end subroutine vcycle

  real(dp) function norm2_global(r, m, h, comm)
    integer, intent(in) :: m, comm
    real(dp), intent(in) :: r(m), h
    real(dp) :: local
    integer :: ierr
    local = sum(r * r) * h
    call mpi_allreduce(local, norm2_global, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
    norm2_global = sqrt(norm2_global)
  end function norm2_global

  subroutine mg_solve(comm, levels, max_cycles, tol, cycles, error)
    integer, intent(in) :: comm, levels, max_cycles
    real(dp), intent(in) :: tol
    integer, intent(out) :: cycles
    real(dp), intent(out) :: error
    integer :: rank, nprocs, m, first, left, right, i, ierr
    real(dp) :: h, x, rnorm, rnorm0, local
    real(dp), allocatable :: v(:), f(:), r(:)

    call mpi_comm_rank(comm, rank, ierr)
    call mpi_comm_size(comm, nprocs, ierr)
    m = 2**levels
    first = rank * m
    h = 1.0_dp / (nprocs * m)
    left = rank - 1
    right = rank + 1
    if (rank == 0) left = MPI_PROC_NULL
    if (rank == nprocs - 1) right = MPI_PROC_NULL
    allocate(v(0:m+1), f(m), r(m))
    do i = 1, m
      x = (first + i) * h
      f(i) = (3.14159265358979_dp**2) * sin(3.14159265358979_dp * x)
    end do
    v = 0.0_dp

    call residual(v, f, r, m, h, left, right, comm)
    rnorm0 = norm2_global(r, m, h, comm)
    rnorm = rnorm0
    cycles = 0
    do while (cycles < max_cycles .and. rnorm > tol * rnorm0)
      call vcycle(v, f, m, h, levels, left, right, comm)
      call residual(v, f, r, m, h, left, right, comm)
      rnorm = norm2_global(r, m, h, comm)
      cycles = cycles + 1
      if (rank == 0) write(*, '(a,i3,a,es12.4)') '  cycle ', cycles, '  residual ', rnorm / rnorm0
    end do

    ! the residual of the discrete problem measures the error here
    local = 0.0_dp
    do i = 1, m
      local = max(local, abs(r(i)))
    end do
    call mpi_allreduce(local, error, 1, MPI_DOUBLE_PRECISION, MPI_MAX, comm, ierr)
    error = error / rnorm0
    deallocate(v, f, r)
  end subroutine mg_solve

end module multigrid

program mg_vcycle
  use mpi
  use multigrid
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: rank, nprocs, ierr, iparams(2), cycles
  real(dp) :: tol, error
  character(len=32) :: arg

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)

  if (rank == 0) then
    iparams = (/ 7, 30 /)
    tol = 1.0e-9_dp
    if (command_argument_count() >= 1) then
      call get_command_argument(1, arg)
      read(arg, *) iparams(1)
    end if
    if (iparams(1) < 2 .or. iparams(1) > 20) then
      write(*, '(a,i0)') ' mg_vcycle: levels must be in 2..20, got ', iparams(1)
      call mpi_abort(MPI_COMM_WORLD, 2, ierr)
    end if
    write(*, '(a,i0,a,i0,a)') ' MG-like: ', nprocs * 2**iparams(1), ' points, ', nprocs, ' processes'
  end if
  call mpi_bcast(iparams, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call mpi_bcast(tol, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)

  call mg_solve(MPI_COMM_WORLD, iparams(1), iparams(2), tol, cycles, error)

  if (rank == 0) then
    write(*, '(a,i0,a,es12.4)') ' cycles ', cycles, ', max residual / initial ', error
    if (error > 1.0e-8_dp) then
      write(*, '(a)') ' Verification FAILED'
      call mpi_abort(MPI_COMM_WORLD, 1, ierr)
    end if
    write(*, '(a)') ' Verification SUCCESSFUL'
  end if
  call mpi_finalize(ierr)
end program mg_vcycle
