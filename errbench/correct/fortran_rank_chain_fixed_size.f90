! A coupled run written for two processes, as in many Fortran drivers:
! rank 0 advances the ocean, rank 1 the atmosphere, each branch of the
! if .. else if chain ends with the same MPI_Allreduce of the flux both
! models exchange, then the same MPI_Bcast of the time step from rank 0.
! The final report is a select case on the rank, each case ending with
! the same MPI_Reduce.  With 1 or 2 processes every process calls the
! same collectives, in the same order: nothing to warn.  A third process would leave the chain without them:
! the calls stay checked, and a 3-process run is stopped.
!
! description: Fortran if (rank == 0) then .. else if (rank == 1) then, and select case (rank), each branch ending in the same collectives; 1-2 processes correct, 3 stopped
! expect-run: 2 ok
! expect-run: 1 ok
! expect-run: 3 stop
! expect-run-args: instrument=all
program coupled_models
  use mpi
  implicit none
  integer :: rank, ierr, step
  double precision :: flux, total_flux, dt, energy, total_energy

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  dt = 0.5d0
  total_flux = 0.0d0
  do step = 1, 3
    if (rank == 0) then
      flux = 1.0d0 * step
      call MPI_Allreduce(flux, total_flux, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
      dt = dt * 0.9d0
      call MPI_Bcast(dt, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    else if (rank == 1) then
      flux = -0.5d0 * step
      call MPI_Allreduce(flux, total_flux, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
      call MPI_Bcast(dt, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    end if
  end do
  select case (rank)
  case (0)
    energy = total_flux * dt
    call MPI_Reduce(energy, total_energy, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    print '(a, f8.3, a, f8.5, a, f8.3)', 'flux', total_flux, ' dt', dt, ' energy', total_energy
  case (1)
    energy = -total_flux * dt
    call MPI_Reduce(energy, total_energy, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  end select
  call MPI_Finalize(ierr)
end program coupled_models
