! The module variable nsteps (params.f90) is the same on every process
! after read_params: the loop of line 11 and the test of line 14 send
! every process the same way: silent (the link step reads in params.o's
! summary that every store is the same everywhere).
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
