! Value flow in Fortran, uniform: read by rank 0, broadcast, then used.
!
! Correct: rank 0 sets the number of steps and the tolerance (from a
! namelist file if there is one); mpi_bcast gives them to everybody, so
! the loop and the convergence test on the allreduced residual are the
! same on every process.  A module procedure would be callable from other
! files; these are internal procedures of the program, whose dummies get
! the values of their call sites.  No warning.
!
! description: Fortran value flow: broadcast step count, allreduced residual, internal procedures: no warning, runs
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run: 1 ok
program dataflow_bcast_correct
  use mpi
  implicit none
  integer :: ierr, rank, nsteps, step
  double precision :: tolerance, local, residual
  logical :: exists
  namelist /params/ nsteps, tolerance

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  nsteps = 0
  tolerance = 0d0
  if (rank == 0) then
    nsteps = 20
    tolerance = 1d-3
    inquire(file='parcoach_errbench_params.nml', exist=exists)
    if (exists) then
      open(unit=10, file='parcoach_errbench_params.nml', status='old', action='read')
      read(10, nml=params)
      close(10)
    end if
  end if
  call mpi_bcast(nsteps, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call mpi_bcast(tolerance, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)

  local = 1d0 + rank
  do step = 1, nsteps
    local = local * 0.5d0
    call norm(local, residual)
    if (residual < tolerance) exit
  end do
  if (rank == 0) print *, 'steps: ', step
  call mpi_finalize(ierr)

contains

  subroutine norm(x, global)
    double precision, intent(in) :: x
    double precision, intent(out) :: global
    integer :: ierr2

    call mpi_allreduce(x, global, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr2)
  end subroutine norm
end program dataflow_bcast_correct
