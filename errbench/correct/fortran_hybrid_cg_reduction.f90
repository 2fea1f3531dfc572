! description: hybrid Fortran FUNNELED (MPI_Init_thread): conjugate gradient whose dot products are !$omp parallel do reduction(+:s) followed by MPI_Allreduce outside the region, halo exchange in !$omp master between barriers inside a region, provided level checked, do while on the residual
! compile-flags: -fopenmp
! expect-run: 2 ok threads=2
! expect-run: 3 ok threads=3
module cg_data
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: comm, rank, nprocs, left, right, n
  real(dp), allocatable :: x(:), r(:), p(:), q(:), b(:)
contains
  function parallel_dot(a, c) result(total)
    real(dp), intent(in) :: a(:), c(:)
    real(dp) :: total, s
    integer :: i, ierr
    s = 0.0_dp
    !$omp parallel do reduction(+:s)
    do i = 1, size(a)
      s = s + a(i) * c(i)
    end do
    !$omp end parallel do
    call MPI_Allreduce(s, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
  end function parallel_dot

  ! q = A p for the 1-D Laplacian plus a shift (A = tridiag(-1, 3, -1)).
  subroutine matvec()
    integer :: i, ierr
    real(dp) :: ghost_left, ghost_right
    ghost_left = 0.0_dp
    ghost_right = 0.0_dp
    !$omp parallel default(shared) private(i)
    !$omp master
    call MPI_Sendrecv(p(n), 1, MPI_DOUBLE_PRECISION, right, 3, ghost_left, 1, MPI_DOUBLE_PRECISION, &
                      left, 3, comm, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(p(1), 1, MPI_DOUBLE_PRECISION, left, 4, ghost_right, 1, MPI_DOUBLE_PRECISION, &
                      right, 4, comm, MPI_STATUS_IGNORE, ierr)
    !$omp end master
    !$omp barrier
    !$omp do
    do i = 1, n
      if (i == 1) then
        q(i) = 3.0_dp * p(i) - ghost_left - p(min(i + 1, n))
        if (n == 1) q(i) = 3.0_dp * p(i) - ghost_left - ghost_right
      else if (i == n) then
        q(i) = 3.0_dp * p(i) - p(i - 1) - ghost_right
      else
        q(i) = 3.0_dp * p(i) - p(i - 1) - p(i + 1)
      end if
    end do
    !$omp end do
    !$omp end parallel
  end subroutine matvec
end module cg_data

program hybrid_cg
  use mpi
  use omp_lib
  use cg_data
  implicit none
  integer :: provided, ierr, iter, i, max_iter
  real(dp) :: rho, rho_old, alpha, residual, tolerance, error_local, error_max

  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  if (provided < MPI_THREAD_FUNNELED) then
    write (*, *) 'MPI_THREAD_FUNNELED not available'
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call MPI_Comm_dup(MPI_COMM_WORLD, comm, ierr)
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, nprocs, ierr)
  left = merge(MPI_PROC_NULL, rank - 1, rank == 0)
  right = merge(MPI_PROC_NULL, rank + 1, rank == nprocs - 1)

  n = 50
  max_iter = 500
  tolerance = 1.0e-10_dp
  allocate (x(n), r(n), p(n), q(n), b(n))

  ! b = A * ones, so that the solution is all ones.
  p = 1.0_dp
  call matvec()
  b = q

  x = 0.0_dp
  r = b
  p = r
  rho = parallel_dot(r, r)
  residual = sqrt(rho)
  iter = 0
  do while (residual > tolerance .and. iter < max_iter)
    call matvec()
    alpha = rho / parallel_dot(p, q)
    !$omp parallel do
    do i = 1, n
      x(i) = x(i) + alpha * p(i)
      r(i) = r(i) - alpha * q(i)
    end do
    !$omp end parallel do
    rho_old = rho
    rho = parallel_dot(r, r)
    residual = sqrt(rho)
    !$omp parallel do
    do i = 1, n
      p(i) = r(i) + (rho / rho_old) * p(i)
    end do
    !$omp end parallel do
    iter = iter + 1
  end do

  error_local = maxval(abs(x - 1.0_dp))
  call MPI_Reduce(error_local, error_max, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, comm, ierr)
  if (rank == 0) then
    write (*, '(a, i4, a, es10.2, a, es10.2, a, i2)') 'iterations ', iter, ' residual ', residual, &
         ' error ', error_max, ' threads ', omp_get_max_threads()
    if (error_max > 1.0e-8_dp) call MPI_Abort(comm, 2, ierr)
  end if

  deallocate (x, r, p, q, b)
  call MPI_Comm_free(comm, ierr)
  call MPI_Finalize(ierr)
end program hybrid_cg
