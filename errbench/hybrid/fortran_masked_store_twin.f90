! Twin of correct/fortran_hybrid_funneled_timeloop.f90: the same time
! loop (without the halo exchange), but the masked thread stores the process's own residual in the
! module variable (the MPI_Allreduce beside it reduces into another one),
! and the time loop leaves on it after the region: each process leaves
! after its own number of steps.  The store is made by one thread, so
! threads do not race on it, but its value differs between processes: the
! exit of the time loop is warned, and the run stops.
!
! description: twin of fortran_hybrid_funneled_timeloop: the masked thread stores a per-process residual, the time loop exits on it
! compile-flags: -fopenmp
! requires-gcc: 12
! expect-warning: 82 collective-mismatch
! expect-conditional: 59
! expect-conditional: 86
! expect-run: 2 stop threads=2
! expect-run: 3 stop threads=2
! expect-run: 2 stop threads=1
! expect-run: 1 ok threads=2
module heat1d
  use mpi
  use omp_lib
  implicit none
  integer :: rank, nprocs, left, right, nloc
  double precision, allocatable :: u(:), un(:)
  double precision :: local_res, global_res, total_heat
contains
  subroutine setup(nglobal)
    integer, intent(in) :: nglobal
    integer :: ierr
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
    nloc = nglobal / nprocs
    allocate(u(0:nloc+1), un(0:nloc+1))
    left = rank - 1
    right = rank + 1
    if (left < 0) left = MPI_PROC_NULL
    if (right >= nprocs) right = MPI_PROC_NULL
    u = 0.0d0
    un = 0.0d0
    if (rank == 0) u(1) = 100.0d0
  end subroutine setup

  subroutine halo()
    integer :: ierr
    call MPI_Sendrecv(u(nloc), 1, MPI_DOUBLE_PRECISION, right, 7, &
                      u(0), 1, MPI_DOUBLE_PRECISION, left, 7, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(u(1), 1, MPI_DOUBLE_PRECISION, left, 8, &
                      u(nloc+1), 1, MPI_DOUBLE_PRECISION, right, 8, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end subroutine halo

  subroutine run(maxsteps, tol, steps)
    integer, intent(in) :: maxsteps
    double precision, intent(in) :: tol
    integer, intent(out) :: steps
    integer :: i, step, ierr
    steps = 0
    do step = 1, maxsteps
!$omp parallel private(i, ierr)
!$omp single
      local_res = 0.0d0
!$omp end single
!$omp do reduction(max:local_res)
      do i = 1, nloc
        un(i) = u(i) + 0.25d0 * (u(i-1) - 2.0d0 * u(i) + u(i+1))
        local_res = max(local_res, abs(un(i) - u(i)))
      end do
!$omp end do
!$omp do
      do i = 1, nloc
        u(i) = un(i)
      end do
!$omp end do
!$omp masked
      ! The process's own residual, not the reduced one.
      global_res = local_res
!$omp end masked
!$omp barrier
!$omp masked
      call MPI_Allreduce(local_res, total_heat, 1, MPI_DOUBLE_PRECISION, &
                         MPI_MAX, MPI_COMM_WORLD, ierr)
!$omp end masked
!$omp end parallel
      steps = step
      if (global_res < tol) exit
    end do
  end subroutine run
end module heat1d

program fortran_masked_store_twin
  use heat1d
  implicit none
  integer :: provided, ierr, steps, i
  double precision :: local_heat
  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  if (provided < MPI_THREAD_FUNNELED) call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  call setup(120)
  call run(40, 2.0d0, steps)
  local_heat = 0.0d0
!$omp parallel do reduction(+:local_heat)
  do i = 1, nloc
    local_heat = local_heat + u(i)
  end do
!$omp end parallel do
  call MPI_Reduce(local_heat, total_heat, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                  0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,f10.4)', 'steps ', steps, ' heat ', total_heat
  deallocate(u, un)
  call MPI_Finalize(ierr)
end program fortran_masked_store_twin
