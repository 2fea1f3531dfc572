! Twin of fortran_module_variable: only rank 0 sets nsteps, so the loop
! of line 11 runs MPI_Barrier a different number of times (warned at 12,
! loop exit at 11) and the test of line 14 differs (warned at 14); both
! at link time, and the run stops.
program main
  use mpi
  use params
  integer :: ierr, i
  call MPI_Init(ierr)
  call read_params()
  do i = 1, nsteps
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do
  if (nsteps > 2) call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program
