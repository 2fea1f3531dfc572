! A coupled-model driver in Fortran 2008 (`use mpi_f08'): the processes are
! split by colour into an "atmosphere" (even world ranks) and an "ocean"
! (odd world ranks) component with MPI_Comm_split; each component runs its
! own time loop on its sub-communicator (different collectives, different
! step counts per component: allowed, they are different communicators),
! the component roots exchange a flux with point-to-point messages, and the
! whole model meets again on MPI_COMM_WORLD for a global diagnostic.  With
! one process there is no ocean: the atmosphere runs alone.  Nothing to
! warn, nothing to stop.
!
! description: mpi_f08 coupled driver: MPI_Comm_split by colour, per-component loops and collectives on the sub-communicator (different per colour), root-to-root flux, world Allreduce afterwards
! known-failure: issue 14: the component's communicator and step count are fields of a derived-type dummy (c%comm, c%nsteps) of public module procedures: the loops `do step = 1, c%nsteps' are blamed as depending on a parameter other files may pass with any value, and the call sites under `if (comp%colour == ATMOS)' in the main program are blamed on the rank, because the communicators of the callees' collectives (c%comm, behind the dummy) cannot be named as the split communicator the colour separates (the known limit of communicators behind pointer parameters / derived-type dummies, as in correct/fortran_f08_cart_type.f90)
! expect-run: 1 ok
! expect-run: 2 ok
! expect-run: 4 ok
module coupler_mod
  use mpi_f08
  implicit none
  integer, parameter :: ATMOS = 0, OCEAN = 1
  type component_t
    type(MPI_Comm) :: comm
    integer :: colour
    integer :: rank, size
    integer :: nsteps
    real(8) :: state
  end type component_t
contains
  subroutine atmosphere_run(c, flux_in, flux_out)
    type(component_t), intent(inout) :: c
    real(8), intent(in) :: flux_in
    real(8), intent(out) :: flux_out
    integer :: step
    real(8) :: local, total
    do step = 1, c%nsteps
      local = 0.5d0 * (c%state + 280.0d0) + flux_in / c%size
      call MPI_Allreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, c%comm)
      c%state = total / c%size
    end do
    flux_out = c%state * 0.1d0
  end subroutine atmosphere_run

  subroutine ocean_run(c, flux_in, flux_out)
    type(component_t), intent(inout) :: c
    real(8), intent(in) :: flux_in
    real(8), intent(out) :: flux_out
    integer :: step
    real(8) :: vals(2)
    do step = 1, c%nsteps
      vals(1) = c%state
      vals(2) = flux_in
      call MPI_Bcast(vals, 2, MPI_DOUBLE_PRECISION, 0, c%comm)
      c%state = 0.9d0 * vals(1) + 0.1d0 * vals(2)
      call MPI_Barrier(c%comm)
    end do
    flux_out = -c%state * 0.05d0
  end subroutine ocean_run
end module coupler_mod

program coupled
  use mpi_f08
  use coupler_mod
  implicit none
  type(component_t) :: comp
  integer :: wrank, wsize, ncouple, icouple, partner
  real(8) :: flux_recv, flux_send, diag, gdiag
  logical :: has_ocean

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, wrank)
  call MPI_Comm_size(MPI_COMM_WORLD, wsize)

  comp%colour = mod(wrank, 2)
  call MPI_Comm_split(MPI_COMM_WORLD, comp%colour, wrank, comp%comm)
  call MPI_Comm_rank(comp%comm, comp%rank)
  call MPI_Comm_size(comp%comm, comp%size)
  has_ocean = wsize > 1

  if (comp%colour == ATMOS) then
    comp%nsteps = 6
    comp%state = 280.0d0
  else
    comp%nsteps = 2
    comp%state = 275.0d0
  end if

  ncouple = 4
  flux_recv = 0.0d0
  do icouple = 1, ncouple
    if (comp%colour == ATMOS) then
      call atmosphere_run(comp, flux_recv, flux_send)
    else
      call ocean_run(comp, flux_recv, flux_send)
    end if
    ! the component roots (world ranks 0 and 1) swap their fluxes
    if (has_ocean .and. comp%rank == 0) then
      partner = 1 - wrank
      call MPI_Sendrecv(flux_send, 1, MPI_DOUBLE_PRECISION, partner, 7, &
                        flux_recv, 1, MPI_DOUBLE_PRECISION, partner, 7, &
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    end if
    call MPI_Bcast(flux_recv, 1, MPI_DOUBLE_PRECISION, 0, comp%comm)
  end do

  diag = comp%state
  call MPI_Allreduce(diag, gdiag, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
  if (wrank == 0) print '(a,f12.4)', ' mean state', gdiag / wsize

  call MPI_Comm_free(comp%comm)
  call MPI_Finalize()
end program coupled
