! Fortran: an mpi_isendrecv (MPI 4.0) whose request is never completed.
!
! What is wrong: every rank exchanges a value with its ring neighbours
! through mpi_isendrecv (line 25) and calls mpi_finalize without
! completing the request (MPI 4.0, sections 3.10.1 and 11.2.2).  The
! compiler warns at the call; at run time (MPICH: its Fortran binding
! calls the C MPI_Isendrecv, which the runtime intercepts) every rank
! stops in mpi_finalize.  MPI 4 only: MPICH here has it, Open MPI 4.1
! does not.
!
! description: Fortran: mpi_isendrecv never completed before mpi_finalize
! expect-warning: 25 request
! expect-run: 2 stop
! requires-mpi-version: 4
program isendrecv_never_completed
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, request, mine, got, left

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  mine = rank
  left = mod(rank + nprocs - 1, nprocs)
  call mpi_isendrecv(mine, 1, MPI_INTEGER, mod(rank + 1, nprocs), 0, got, 1, MPI_INTEGER, left, 0, MPI_COMM_WORLD, request, ierr)
  call mpi_finalize(ierr)
end program isendrecv_never_completed
