! Twin of correct/fortran_nas_module_namelist.f90: module variables read
! by the solver's loops, but not made the same everywhere.  The last
! process tightens the tolerance through a setter of the module that it
! alone calls, and rank 0 alone doubles the iteration limit; neither is
! broadcast.  The unit's own stores differ (a call under a rank test, a
! store under a rank test): the loops of solve() are warned, and at run
! time the processes leave them after different numbers of iterations.
!
! description: twin of fortran_nas_module_namelist: module tol/niter set by a setter under a rank test and by rank 0 alone, not broadcast
! expect-warning: 62 collective-mismatch
! expect-conditional: 62
! expect-run: 2 stop
! expect-run: 3 stop
! expect-run: 1 ok
module solver_params
  use mpi
  implicit none
  integer :: niter = 50
  double precision :: tol = 1.0d-2
  integer :: rank, nprocs
contains
  subroutine tighten(factor)
    double precision, intent(in) :: factor
    tol = tol * factor
  end subroutine tighten

  subroutine read_params()
    integer :: ierr
    if (rank == 0) niter = 2 * niter
    call MPI_Bcast(tol, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    if (rank == nprocs - 1) call tighten(1.0d-6)
  end subroutine read_params
end module solver_params

module solver_work
  use solver_params
  implicit none
  double precision, allocatable :: u(:)
contains
  subroutine smooth(resid)
    double precision, intent(out) :: resid
    double precision :: local
    integer :: ierr
    u = 0.5d0 * u
    local = sum(abs(u))
    call MPI_Allreduce(local, resid, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                       MPI_COMM_WORLD, ierr)
  end subroutine smooth
end module solver_work

subroutine solve()
  use solver_work
  implicit none
  double precision :: resid
  integer :: it, ierr
  allocate(u(100))
  u = 1.0d0
  resid = 1.0d0
  it = 0
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  ! Each process leaves when its own tol or niter says so.
  do while (resid > tol .and. it < niter)
    call smooth(resid)
    it = it + 1
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  deallocate(u)
end subroutine solve

program module_setter_divergent_twin
  use solver_params
  implicit none
  integer :: ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call read_params()
  call solve()
  call MPI_Finalize(ierr)
end program module_setter_divergent_twin
