! Fortran: an mpi_ineighbor_allgather on a Cartesian communicator whose
! request is never completed.
!
! What is wrong: every rank starts an mpi_ineighbor_allgather on a
! periodic 1-D Cartesian communicator (line 29) and calls mpi_finalize
! without completing the request (MPI 4.0, sections 3.7.3 and 11.2.2).
! The compiler warns at the call; at run time (MPICH: its Fortran binding
! calls the C MPI_ routines, which the runtime intercepts) every rank
! stops in mpi_finalize.
!
! description: Fortran: mpi_ineighbor_allgather on a cart communicator never completed
! expect-warning: 29 request
! expect-run: 2 stop
! runs-require-mpi: MPICH
program ineighbor_allgather_never_completed
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, ring, request, mine, neighbours(2)
  integer :: dims(1)
  logical :: periods(1)

  call mpi_init(ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  dims(1) = nprocs
  periods(1) = .true.
  call mpi_cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., ring, ierr)
  call mpi_comm_rank(ring, rank, ierr)
  mine = rank
  call mpi_ineighbor_allgather(mine, 1, MPI_INTEGER, neighbours, 1, MPI_INTEGER, ring, request, ierr)
  call mpi_finalize(ierr)
end program ineighbor_allgather_never_completed
