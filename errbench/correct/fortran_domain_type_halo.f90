! description: Fortran (use mpi): a derived type domain_t holding the communicator, rank, size and neighbours passed to module procedures; allocatable fields, assumed-shape halo exchange with MPI_Irecv/MPI_Isend/MPI_Waitall, optional arguments, do while on an allreduced residual
! expect-run: 2 ok
! expect-run: 3 ok
module domain_mod
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)

  type :: domain_t
    integer :: comm = MPI_COMM_NULL
    integer :: rank = -1
    integer :: nprocs = 0
    integer :: left = MPI_PROC_NULL
    integer :: right = MPI_PROC_NULL
    integer :: n_local = 0
    integer :: offset = 0
  end type domain_t

contains

  subroutine domain_create(dom, parent, n_global)
    type(domain_t), intent(out) :: dom
    integer, intent(in) :: parent, n_global
    integer :: ierr, base, extra

    call MPI_Comm_dup(parent, dom%comm, ierr)
    call MPI_Comm_rank(dom%comm, dom%rank, ierr)
    call MPI_Comm_size(dom%comm, dom%nprocs, ierr)
    base = n_global / dom%nprocs
    extra = mod(n_global, dom%nprocs)
    dom%n_local = base
    if (dom%rank < extra) dom%n_local = base + 1
    dom%offset = dom%rank * base + min(dom%rank, extra)
    if (dom%rank > 0) dom%left = dom%rank - 1
    if (dom%rank < dom%nprocs - 1) dom%right = dom%rank + 1
  end subroutine domain_create

  subroutine domain_destroy(dom)
    type(domain_t), intent(inout) :: dom
    integer :: ierr
    call MPI_Comm_free(dom%comm, ierr)
  end subroutine domain_destroy

  subroutine exchange_halo(dom, field)
    type(domain_t), intent(in) :: dom
    real(dp), intent(inout) :: field(0:)
    integer :: requests(4), ierr, n

    n = dom%n_local
    call MPI_Irecv(field(0), 1, MPI_DOUBLE_PRECISION, dom%left, 10, dom%comm, requests(1), ierr)
    call MPI_Irecv(field(n + 1), 1, MPI_DOUBLE_PRECISION, dom%right, 11, dom%comm, requests(2), ierr)
    call MPI_Isend(field(n), 1, MPI_DOUBLE_PRECISION, dom%right, 10, dom%comm, requests(3), ierr)
    call MPI_Isend(field(1), 1, MPI_DOUBLE_PRECISION, dom%left, 11, dom%comm, requests(4), ierr)
    call MPI_Waitall(4, requests, MPI_STATUSES_IGNORE, ierr)
  end subroutine exchange_halo

  function global_dot(dom, a, b) result(total)
    type(domain_t), intent(in) :: dom
    real(dp), intent(in) :: a(:), b(:)
    real(dp) :: total, partial
    integer :: ierr
    partial = dot_product(a, b)
    call MPI_Allreduce(partial, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, dom%comm, ierr)
  end function global_dot

  subroutine jacobi_sweeps(dom, x, rhs, tol, max_sweeps, sweeps_done, final_residual)
    type(domain_t), intent(in) :: dom
    real(dp), intent(inout) :: x(0:)
    real(dp), intent(in) :: rhs(:)
    real(dp), intent(in) :: tol
    integer, intent(in), optional :: max_sweeps
    integer, intent(out) :: sweeps_done
    real(dp), intent(out), optional :: final_residual
    real(dp), allocatable :: x_new(:), r(:)
    real(dp) :: residual
    integer :: limit, n, i

    limit = 1000
    if (present(max_sweeps)) limit = max_sweeps
    n = dom%n_local
    allocate (x_new(n), r(n))
    residual = huge(1.0_dp)
    sweeps_done = 0
    do while (residual > tol .and. sweeps_done < limit)
      call exchange_halo(dom, x)
      do i = 1, n
        x_new(i) = 0.5_dp * (x(i - 1) + x(i + 1) + rhs(i))
        r(i) = x_new(i) - x(i)
      end do
      x(1:n) = x_new
      residual = sqrt(global_dot(dom, r, r))
      sweeps_done = sweeps_done + 1
    end do
    if (present(final_residual)) final_residual = residual
    deallocate (x_new, r)
  end subroutine jacobi_sweeps

end module domain_mod

program domain_halo
  use mpi
  use domain_mod
  implicit none
  integer, parameter :: n_global = 60
  type(domain_t) :: dom
  real(dp), allocatable :: x(:), rhs(:)
  real(dp) :: residual, checksum, expected
  integer :: ierr, sweeps, i, sweeps_min, sweeps_max

  call MPI_Init(ierr)
  call domain_create(dom, MPI_COMM_WORLD, n_global)

  allocate (x(0:dom%n_local + 1), rhs(dom%n_local))
  x = 0.0_dp
  do i = 1, dom%n_local
    rhs(i) = 1.0e-3_dp * real(mod(dom%offset + i, 5), dp)
  end do

  call jacobi_sweeps(dom, x, rhs, 8.0e-3_dp, sweeps_done=sweeps, final_residual=residual)
  call MPI_Allreduce(sweeps, sweeps_min, 1, MPI_INTEGER, MPI_MIN, dom%comm, ierr)
  call MPI_Allreduce(sweeps, sweeps_max, 1, MPI_INTEGER, MPI_MAX, dom%comm, ierr)
  if (sweeps_min /= sweeps_max) call MPI_Abort(MPI_COMM_WORLD, 3, ierr)

  ! A few more sweeps with the default limit replaced, no residual wanted.
  call jacobi_sweeps(dom, x, rhs, 0.0_dp, max_sweeps=5, sweeps_done=sweeps)
  if (sweeps /= 5) call MPI_Abort(MPI_COMM_WORLD, 4, ierr)

  checksum = global_dot(dom, x(1:dom%n_local), rhs)
  expected = checksum
  call MPI_Bcast(expected, 1, MPI_DOUBLE_PRECISION, 0, dom%comm, ierr)
  if (abs(checksum - expected) > 1.0e-12_dp * abs(expected)) call MPI_Abort(MPI_COMM_WORLD, 5, ierr)
  if (dom%rank == 0) write (*, '(a, i5, a, es12.4, a, es16.8)') 'sweeps ', sweeps_max, &
       ' residual ', residual, ' checksum ', checksum

  deallocate (x, rhs)
  call domain_destroy(dom)
  call MPI_Finalize(ierr)
end program domain_halo
