! NAS-like solver setup: a module holds the problem sizes and controls;
! rank 0 reads them from a namelist (defaults when the file is missing),
! then a setup routine broadcasts them.  Allocatable arrays are sized from
! MPI_Comm_size, a select case on the broadcast method chooses the
! smoother, a convergence loop runs on MPI_Allreduce results, and an
! error flag agreed with MPI_Allreduce(MPI_LOR) makes every process return
! early together.  Nothing to warn, nothing to stop.
!
! description: NAS-like Fortran: module sizes from a namelist read on rank 0 and broadcast, select case, convergence loop, LOR error flag
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run: 1 ok
module solver_params
  use mpi
  implicit none
  integer :: nx = 64, niter = 200, method = 2
  double precision :: tol = 1.0d-6
  logical :: verbose = .false.
  character(len=16) :: title = 'default'
  integer :: rank, nprocs
  namelist /inputs/ nx, niter, method, tol, verbose, title
contains
  subroutine read_and_bcast()
    integer :: ierr, unit, ios
    if (rank == 0) then
      open(newunit=unit, file='solver_inputs.nml', status='old', &
           action='read', iostat=ios)
      if (ios == 0) then
        read(unit, nml=inputs, iostat=ios)
        close(unit)
      end if
    end if
    call MPI_Bcast(nx, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    call MPI_Bcast(niter, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    call MPI_Bcast(method, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    call MPI_Bcast(tol, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    call MPI_Bcast(verbose, 1, MPI_LOGICAL, 0, MPI_COMM_WORLD, ierr)
    call MPI_Bcast(title, len(title), MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  end subroutine read_and_bcast
end module solver_params

module solver_work
  use solver_params
  implicit none
  double precision, allocatable :: u(:), unew(:), f(:)
  integer :: nlocal
contains
  subroutine allocate_fields(failed)
    logical, intent(out) :: failed
    integer :: stat, ierr
    logical :: local_bad
    nlocal = nx / nprocs
    if (rank < mod(nx, nprocs)) nlocal = nlocal + 1
    allocate(u(0:nlocal+1), unew(0:nlocal+1), f(nlocal), stat=stat)
    local_bad = stat /= 0
    call MPI_Allreduce(local_bad, failed, 1, MPI_LOGICAL, MPI_LOR, &
                       MPI_COMM_WORLD, ierr)
  end subroutine allocate_fields

  subroutine smooth(resid)
    double precision, intent(out) :: resid
    double precision :: local
    integer :: i, ierr
    u(0) = 0.0d0
    u(nlocal+1) = 0.0d0
    select case (method)
    case (1)
      do i = 1, nlocal
        unew(i) = 0.5d0 * (u(i-1) + u(i+1)) + f(i)
      end do
    case (2)
      do i = 1, nlocal
        unew(i) = 0.25d0 * (u(i-1) + 2.0d0 * u(i) + u(i+1)) + 0.5d0 * f(i)
      end do
    case default
      unew(1:nlocal) = u(1:nlocal)
    end select
    local = sum(abs(unew(1:nlocal) - u(1:nlocal)))
    u(1:nlocal) = unew(1:nlocal)
    call MPI_Allreduce(local, resid, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                       MPI_COMM_WORLD, ierr)
  end subroutine smooth
end module solver_work

subroutine solve(status)
  use solver_work
  implicit none
  integer, intent(out) :: status
  logical :: failed
  double precision :: resid, total
  integer :: it, ierr
  status = 1
  call allocate_fields(failed)
  if (failed) return
  u = 0.0d0
  f = 1.0d0 / dble(nx)
  resid = 1.0d0
  it = 0
  do while (resid > tol .and. it < niter)
    call smooth(resid)
    it = it + 1
  end do
  call MPI_Reduce(sum(u(1:nlocal)), total, 1, MPI_DOUBLE_PRECISION, &
                  MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0 .and. verbose) print '(a,1x,i0,1x,es12.4)', trim(title), it, total
  deallocate(u, unew, f)
  status = 0
end subroutine solve

program nas_module_namelist
  use solver_params
  implicit none
  integer :: ierr, status
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call read_and_bcast()
  call solve(status)
  if (status /= 0) then
    if (rank == 0) print *, 'allocation failed'
    call MPI_Finalize(ierr)
    stop 1
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program nas_module_namelist
