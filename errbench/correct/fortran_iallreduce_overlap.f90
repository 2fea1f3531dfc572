! description: Fortran (use mpi): CG whose residual norm is an MPI_Iallreduce overlapped with the halo exchange and matrix-vector product of the next step, completed by MPI_Wait before the do while test; an MPI_Ibcast of the settings completed before use
! expect-run: 2 ok
! expect-run: 3 ok
module overlap_cg
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: rank, nprocs, left, right
contains
  ! y = A x for A = tridiag(-1, 4, -1) on the global chain.
  subroutine apply(x, y, n)
    integer, intent(in) :: n
    real(dp), intent(inout) :: x(0:n + 1)
    real(dp), intent(out) :: y(n)
    integer :: ierr, i
    call MPI_Sendrecv(x(n), 1, MPI_DOUBLE_PRECISION, right, 1, x(0), 1, MPI_DOUBLE_PRECISION, left, 1, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(x(1), 1, MPI_DOUBLE_PRECISION, left, 2, x(n + 1), 1, MPI_DOUBLE_PRECISION, right, 2, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    do i = 1, n
      y(i) = 4.0_dp * x(i) - x(i - 1) - x(i + 1)
    end do
  end subroutine apply
end module overlap_cg

program iallreduce_overlap
  use mpi
  use overlap_cg
  implicit none
  integer :: ierr, n, max_iter, iter, request, settings_request, settings(2)
  real(dp), allocatable :: x(:), r(:), p(:), q(:), b(:)
  real(dp) :: rho, rho_old, alpha, pq_local, pq, rho_local, tolerance

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  left = merge(MPI_PROC_NULL, rank - 1, rank == 0)
  right = merge(MPI_PROC_NULL, rank + 1, rank == nprocs - 1)

  if (rank == 0) settings = (/ 40, 100 /)
  call MPI_Ibcast(settings, 2, MPI_INTEGER, 0, MPI_COMM_WORLD, settings_request, ierr)
  tolerance = 1.0e-10_dp
  call MPI_Wait(settings_request, MPI_STATUS_IGNORE, ierr)
  n = settings(1)
  max_iter = settings(2)

  allocate (x(0:n + 1), r(n), p(0:n + 1), q(n), b(n))
  p = 0.0_dp
  p(1:n) = 1.0_dp
  call apply(p, b, n)          ! b = A * ones
  x = 0.0_dp
  r = b
  p(1:n) = r
  rho_local = dot_product(r, r)
  call MPI_Iallreduce(rho_local, rho, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, request, ierr)
  call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
  iter = 0
  do while (sqrt(rho) > tolerance .and. iter < max_iter)
    iter = iter + 1
    call apply(p, q, n)
    pq_local = dot_product(p(1:n), q)
    call MPI_Allreduce(pq_local, pq, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    alpha = rho / pq
    x(1:n) = x(1:n) + alpha * p(1:n)
    r = r - alpha * q
    rho_old = rho
    rho_local = dot_product(r, r)
    call MPI_Iallreduce(rho_local, rho, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, request, ierr)
    ! Overlapped with the reduction: the error of the current iterate.
    q = abs(x(1:n) - 1.0_dp)
    call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
    p(1:n) = r + (rho / rho_old) * p(1:n)
  end do

  if (maxval(q) > 1.0e-6_dp) then
    write (*, *) 'rank', rank, 'error', maxval(q)
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  if (rank == 0) write (*, '(a, i4, a, es10.2)') 'iterations ', iter, ' residual ', sqrt(rho)
  deallocate (x, r, p, q, b)
  call MPI_Finalize(ierr)
end program iallreduce_overlap
