! Mini-app for the overhead of PARCOACH's run-time checks, Fortran version
! of stencil.c (.F90: preprocessed, for the sizes below): a 2-D Jacobi solver of the Poisson equation -lap(u) = 1 on
! the unit square, u = 0 on the boundary, MPI (`use mpi') + OpenMP.
!
! The N x N interior grid is split into vertical slabs of columns (columns
! are contiguous in Fortran), one per process (the first mod(N, P)
! processes get one column more).  Every iteration:
!   - halo exchange: each process swaps its first and last columns with its
!     neighbours (mpi_sendrecv, MPI_PROC_NULL at the edges);
!   - the Jacobi sweep over the slab, an OpenMP parallel loop over the
!     columns, which also sums the squared update locally (reduction);
!   - mpi_allreduce of that sum: the global residual, known to every
!     process, as a convergence test would need it.
! MPI is called by the master thread only, outside the parallel regions:
! mpi_init_thread (MPI_THREAD_FUNNELED).
!
! Usage: mpiexec -n P stencil_f
! The problem is fixed at compile time, as in the NAS Parallel Benchmarks:
! -DSTENCIL_N=N (grid, default 1024), -DSTENCIL_ITERATIONS=I (default 300).
!
! Prints one line on rank 0:
!   stencil-fortran procs P threads T n N iterations I seconds S iteration M fast F residual R checksum C
! with the same meaning as stencil.c (same grid, same figures).
#ifndef STENCIL_N
#define STENCIL_N 1024
#endif
#ifndef STENCIL_ITERATIONS
#define STENCIL_ITERATIONS 300
#endif

module stencil_mod
  use mpi
  implicit none
  private
  public :: slab, slab_init, iterate, checksum, median

  type slab
    integer :: n = 0         ! interior points per column (global N)
    integer :: cols = 0      ! interior columns of this process
    integer :: left = 0, right = 0  ! neighbour ranks (MPI_PROC_NULL at the edges)
    double precision :: h2 = 0d0    ! h**2, h = 1 / (N + 1)
    ! a(0:n+1, 0:cols+1, 2): two grids with boundary rows and halo
    ! columns, the current solution a(:,:,cur) and the next one
    double precision, allocatable :: a(:,:,:)
    integer :: cur = 1
  end type slab

contains

  subroutine slab_init(s, n, rank, nprocs)
    type(slab), intent(out) :: s
    integer, intent(in) :: n, rank, nprocs
    s%n = n
    s%cols = n / nprocs
    if (rank < mod(n, nprocs)) s%cols = s%cols + 1
    s%left = MPI_PROC_NULL
    s%right = MPI_PROC_NULL
    if (rank > 0) s%left = rank - 1
    if (rank < nprocs - 1) s%right = rank + 1
    s%h2 = 1d0 / (dble(n + 1) * dble(n + 1))
    allocate(s%a(0:n+1, 0:s%cols+1, 2))
    s%a = 0d0
    s%cur = 1
  end subroutine slab_init

  subroutine exchange_halos(s, comm)
    type(slab), intent(inout) :: s
    integer, intent(in) :: comm
    integer :: ierr, m, c
    m = s%n + 2
    c = s%cur
    ! First column left, right halo from the right; last column right,
    ! left halo from the left.
    call mpi_sendrecv(s%a(0, 1, c), m, MPI_DOUBLE_PRECISION, s%left, 0, &
                      s%a(0, s%cols + 1, c), m, MPI_DOUBLE_PRECISION, s%right, 0, &
                      comm, MPI_STATUS_IGNORE, ierr)
    call mpi_sendrecv(s%a(0, s%cols, c), m, MPI_DOUBLE_PRECISION, s%right, 1, &
                      s%a(0, 0, c), m, MPI_DOUBLE_PRECISION, s%left, 1, &
                      comm, MPI_STATUS_IGNORE, ierr)
  end subroutine exchange_halos

  ! One Jacobi sweep from the current grid c to the other one o;
  ! returns this process's sum of (new - old)**2.
  double precision function sweep(s) result(local)
    type(slab), intent(inout) :: s
    integer :: i, j, c, o
    double precision :: next, d
    c = s%cur
    o = 3 - c
    local = 0d0
    !$omp parallel do private(i, next, d) reduction(+:local) schedule(static)
    do j = 1, s%cols
      do i = 1, s%n
        next = 0.25d0 * (s%a(i - 1, j, c) + s%a(i + 1, j, c) + s%a(i, j - 1, c) &
                         + s%a(i, j + 1, c) + s%h2)
        d = next - s%a(i, j, c)
        s%a(i, j, o) = next
        local = local + d * d
      end do
    end do
    !$omp end parallel do
  end function sweep

  ! One iteration: halos, sweep, global residual.
  double precision function iterate(s, comm) result(residual)
    type(slab), intent(inout) :: s
    integer, intent(in) :: comm
    double precision :: local, global
    integer :: ierr
    call exchange_halos(s, comm)
    local = sweep(s)
    call mpi_allreduce(local, global, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
    s%cur = 3 - s%cur
    residual = sqrt(global)
  end function iterate

  double precision function checksum(s, comm) result(total)
    type(slab), intent(in) :: s
    integer, intent(in) :: comm
    double precision :: local
    integer :: i, j, ierr
    local = 0d0
    !$omp parallel do private(i) reduction(+:local) schedule(static)
    do j = 1, s%cols
      do i = 1, s%n
        local = local + s%a(i, j, s%cur)
      end do
    end do
    !$omp end parallel do
    total = 0d0
    call mpi_reduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, comm, ierr)
  end function checksum

  ! Median of v (sorted in place: insertion sort, v is short).
  double precision function median(v) result(m)
    double precision, intent(inout) :: v(:)
    integer :: i, j, n
    double precision :: x
    n = size(v)
    do i = 2, n
      x = v(i)
      j = i - 1
      do while (j >= 1)
        if (v(j) <= x) exit
        v(j + 1) = v(j)
        j = j - 1
      end do
      v(j + 1) = x
    end do
    if (mod(n, 2) == 1) then
      m = v(n / 2 + 1)
    else
      m = 0.5d0 * (v(n / 2) + v(n / 2 + 1))
    end if
  end function median

end module stencil_mod

program stencil
  use mpi
  use omp_lib
  use stencil_mod
  implicit none
  integer, parameter :: n = STENCIL_N, iterations = STENCIL_ITERATIONS
  integer :: provided, rank, nprocs, it, ierr, comm
  double precision :: residual, t0, t, elapsed, slowest, total
  double precision :: mid(2), mid_max(2)   ! median, 10th percentile
  double precision, allocatable :: times(:)
  type(slab) :: s

  comm = MPI_COMM_WORLD
  call mpi_init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  if (provided < MPI_THREAD_FUNNELED) then
    write (0, '(a)') 'stencil: MPI_THREAD_FUNNELED not provided'
    call mpi_abort(comm, 1, ierr)
  end if
  call mpi_comm_rank(comm, rank, ierr)
  call mpi_comm_size(comm, nprocs, ierr)
  if (n < nprocs .or. iterations < 1) then
    write (0, '(a, i0, a, i0, a)') 'stencil: N = ', n, &
      ' must be at least the number of processes, ITERATIONS = ', iterations, ' at least 1'
    call mpi_abort(comm, 1, ierr)
  end if

  call slab_init(s, n, rank, nprocs)
  allocate(times(iterations))
  ! Warm-up (first touch, connections), then the timed iterations.
  residual = iterate(s, comm)
  call mpi_barrier(comm, ierr)
  t0 = mpi_wtime()
  do it = 1, iterations
    t = mpi_wtime()
    residual = iterate(s, comm)
    times(it) = mpi_wtime() - t
  end do
  elapsed = mpi_wtime() - t0
  mid(1) = median(times)   ! sorts times
  mid(2) = times(iterations / 10 + 1)
  slowest = 0d0
  mid_max = 0d0
  call mpi_reduce(elapsed, slowest, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, comm, ierr)
  ! Array elements: scalars to the compiler (as every other mpi_reduce
  ! buffer of this file), the 2 values by sequence association.
  call mpi_reduce(mid(1), mid_max(1), 2, MPI_DOUBLE_PRECISION, MPI_MAX, 0, comm, ierr)
  total = checksum(s, comm)

  if (rank == 0) then
    write (*, '(a, 4(1x, a, 1x, i0), 1x, a, 1x, f0.6, 2(1x, a, 1x, f0.9), 2(1x, a, 1x, es18.12))') &
      'stencil-fortran', 'procs', nprocs, 'threads', omp_get_max_threads(), &
      'n', n, 'iterations', iterations, 'seconds', slowest, 'iteration', mid_max(1), &
      'fast', mid_max(2), &
      'residual', residual, 'checksum', total
  end if
  call mpi_finalize(ierr)
end program stencil
