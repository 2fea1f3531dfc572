! Settings in derived types, as climate and CFD codes keep them: rank 0
! fills a type of integer controls and a type of real parameters (from a
! file when there is one), and each is broadcast whole in one call: the
! integer one as its components' count of MPI_INTEGER, the real one as
! MPI_BYTE of its storage size.  The time loop, the output test and the
! solver's choice then read the components.  Nothing to warn, nothing to
! stop.
!
! description: Fortran: derived types of settings filled on rank 0 and broadcast whole (count of MPI_INTEGER, MPI_BYTE of storage_size), their components bound loops and guard collectives
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run: 1 ok
module settings_mod
  use mpi
  implicit none
  type :: controls_t
    integer :: nsteps, output_every, solver
  end type controls_t
  type :: physics_t
    double precision :: dt, viscosity
  end type physics_t
contains
  subroutine read_settings(controls, physics, rank)
    type(controls_t), intent(out) :: controls
    type(physics_t), intent(out) :: physics
    integer, intent(in) :: rank
    integer :: ierr, unit, status
    if (rank == 0) then
      controls = controls_t(6, 2, 1)
      physics = physics_t(0.01d0, 1.0d-3)
      open(newunit=unit, file='settings.txt', status='old', action='read', iostat=status)
      if (status == 0) then
        read(unit, *, iostat=status) controls%nsteps, controls%output_every
        close(unit)
      end if
    end if
    call MPI_Bcast(controls, 3, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    call MPI_Bcast(physics, storage_size(physics) / 8, MPI_BYTE, 0, MPI_COMM_WORLD, ierr)
  end subroutine read_settings
end module settings_mod

program derived_settings
  use mpi
  use settings_mod
  implicit none
  type(controls_t) :: controls
  type(physics_t) :: physics
  integer :: rank, ierr, step
  double precision :: energy, total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call read_settings(controls, physics, rank)
  energy = 0.0d0
  do step = 1, controls%nsteps
    energy = energy + physics%dt * (rank + 1)
    if (mod(step, controls%output_every) == 0) then
      call MPI_Reduce(energy, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
      if (rank == 0) print '(a,i3,es12.4)', 'step', step, total
    end if
  end do
  if (physics%viscosity > 0.0d0 .and. controls%solver == 1) then
    call MPI_Allreduce(energy, total, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program derived_settings
