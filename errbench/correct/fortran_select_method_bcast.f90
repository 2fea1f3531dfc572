! description: Fortran (use mpi): solver method and parameters chosen on rank 0 (internal defaults standing for an input file) and broadcast, SELECT CASE on the method with collectives in each case, optional arguments tested with present(), do while on a residual after MPI_Allreduce, MPI_Gather of per-rank counts to rank 0
! expect-run: 2 ok
! expect-run: 3 ok
module solver_params
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: method_jacobi = 1, method_gauss_seidel = 2, method_cg = 3
  integer :: method, n_local, max_iter, report_every
  real(dp) :: tolerance
  character(len=16) :: method_name
end module solver_params

module solver_io
  use mpi
  use solver_params
  implicit none
contains
  subroutine read_parameters(comm, override_method)
    integer, intent(in) :: comm
    integer, intent(in), optional :: override_method
    integer :: rank, ierr, ibuf(4)
    real(dp) :: rbuf(1)

    call MPI_Comm_rank(comm, rank, ierr)
    if (rank == 0) then
      method_name = 'cg'
      ibuf = (/ method_cg, 40, 200, 10 /)
      rbuf(1) = 1.0e-10_dp
      if (present(override_method)) ibuf(1) = override_method
      select case (ibuf(1))
      case (method_jacobi)
        method_name = 'jacobi'
      case (method_gauss_seidel)
        method_name = 'gauss-seidel'
      case default
        method_name = 'cg'
      end select
    end if
    call MPI_Bcast(ibuf, 4, MPI_INTEGER, 0, comm, ierr)
    call MPI_Bcast(rbuf, 1, MPI_DOUBLE_PRECISION, 0, comm, ierr)
    call MPI_Bcast(method_name, len(method_name), MPI_CHARACTER, 0, comm, ierr)
    method = ibuf(1)
    n_local = ibuf(2)
    max_iter = ibuf(3)
    report_every = ibuf(4)
    tolerance = rbuf(1)
  end subroutine read_parameters
end module solver_io

module solvers
  use mpi
  use solver_params
  implicit none
contains
  ! Diagonally dominant system: 4 x_i - x_{i-1} - x_{i+1} = b_i on a
  ! global chain of n_local * nprocs unknowns (halo by MPI_Sendrecv).
  subroutine apply_matrix(comm, x, y)
    integer, intent(in) :: comm
    real(dp), intent(inout) :: x(0:)
    real(dp), intent(out) :: y(:)
    integer :: rank, nprocs, left, right, ierr, i, n
    n = size(y)
    call MPI_Comm_rank(comm, rank, ierr)
    call MPI_Comm_size(comm, nprocs, ierr)
    left = rank - 1
    right = rank + 1
    if (left < 0) left = MPI_PROC_NULL
    if (right >= nprocs) right = MPI_PROC_NULL
    x(0) = 0.0_dp
    x(n + 1) = 0.0_dp
    call MPI_Sendrecv(x(n), 1, MPI_DOUBLE_PRECISION, right, 1, x(0), 1, MPI_DOUBLE_PRECISION, left, 1, &
                      comm, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(x(1), 1, MPI_DOUBLE_PRECISION, left, 2, x(n + 1), 1, MPI_DOUBLE_PRECISION, right, 2, &
                      comm, MPI_STATUS_IGNORE, ierr)
    do i = 1, n
      y(i) = 4.0_dp * x(i) - x(i - 1) - x(i + 1)
    end do
  end subroutine apply_matrix

  function norm2_global(comm, v) result(nrm)
    integer, intent(in) :: comm
    real(dp), intent(in) :: v(:)
    real(dp) :: nrm, local
    integer :: ierr
    local = sum(v * v)
    call MPI_Allreduce(local, nrm, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
    nrm = sqrt(nrm)
  end function norm2_global

  subroutine solve(comm, b, x, iterations, residual, verbose)
    integer, intent(in) :: comm
    real(dp), intent(in) :: b(:)
    real(dp), intent(inout) :: x(0:)
    integer, intent(out) :: iterations
    real(dp), intent(out) :: residual
    logical, intent(in), optional :: verbose
    real(dp), allocatable :: r(:), p(:), ap(:)
    real(dp) :: rho, rho_old, alpha, pap, local
    integer :: n, rank, ierr
    logical :: talk

    n = size(b)
    talk = .false.
    if (present(verbose)) talk = verbose
    call MPI_Comm_rank(comm, rank, ierr)
    allocate (r(n), p(0:n + 1), ap(n))
    call apply_matrix(comm, x, ap)
    r = b - ap
    residual = norm2_global(comm, r)
    iterations = 0

    select case (method)
    case (method_jacobi, method_gauss_seidel)
      do while (residual > tolerance .and. iterations < max_iter)
        x(1:n) = x(1:n) + r / 4.0_dp
        call apply_matrix(comm, x, ap)
        r = b - ap
        residual = norm2_global(comm, r)
        iterations = iterations + 1
      end do
    case (method_cg)
      p(1:n) = r
      rho = residual ** 2
      do while (residual > tolerance .and. iterations < max_iter)
        call apply_matrix(comm, p, ap)
        local = dot_product(p(1:n), ap)
        call MPI_Allreduce(local, pap, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
        alpha = rho / pap
        x(1:n) = x(1:n) + alpha * p(1:n)
        r = r - alpha * ap
        rho_old = rho
        residual = norm2_global(comm, r)
        rho = residual ** 2
        p(1:n) = r + (rho / rho_old) * p(1:n)
        iterations = iterations + 1
        if (talk .and. mod(iterations, report_every) == 0) then
          if (rank == 0) write (*, '(a, i4, es12.4)') '  cg ', iterations, residual
        end if
      end do
    case default
      call MPI_Abort(comm, 9, ierr)
    end select
    deallocate (r, p, ap)
  end subroutine solve
end module solvers

program select_method
  use mpi
  use solver_params
  use solver_io
  use solvers
  implicit none
  real(dp), allocatable :: b(:), x(:)
  real(dp) :: residual
  integer :: ierr, rank, nprocs, iterations, pass, i
  integer, allocatable :: all_iterations(:)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  allocate (all_iterations(nprocs))

  do pass = 1, 2
    if (pass == 1) then
      call read_parameters(MPI_COMM_WORLD)
    else
      call read_parameters(MPI_COMM_WORLD, override_method=method_jacobi)
    end if
    allocate (b(n_local), x(0:n_local + 1))
    do i = 1, n_local
      b(i) = 1.0_dp + real(mod(rank * n_local + i, 3), dp)
    end do
    x = 0.0_dp
    call solve(MPI_COMM_WORLD, b, x, iterations, residual, verbose=(pass == 1))
    call MPI_Gather(iterations, 1, MPI_INTEGER, all_iterations, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    if (rank == 0) then
      if (any(all_iterations /= all_iterations(1))) call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
      write (*, '(a, a, i5, es12.4)') trim(method_name), ': ', iterations, residual
    end if
    if (residual > tolerance) call MPI_Abort(MPI_COMM_WORLD, 3, ierr)
    deallocate (b, x)
  end do

  deallocate (all_iterations)
  call MPI_Finalize(ierr)
end program select_method
