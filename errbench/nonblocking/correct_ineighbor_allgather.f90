! Fortran: the correct twin of ineighbor_allgather_never_completed.f90:
! the mpi_ineighbor_allgather on a periodic 1-D Cartesian communicator is
! completed by mpi_wait before its receive buffer is read; each rank gets
! its left then its right neighbour's rank (MPI 4.0, section 8.6).
!
! description: Fortran: mpi_ineighbor_allgather on a cart communicator completed by mpi_wait, result checked
! expect-run: 2 ok
! expect-run: 3 ok
program correct_ineighbor_allgather
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
  call mpi_wait(request, MPI_STATUS_IGNORE, ierr)
  if (neighbours(1) /= mod(rank + nprocs - 1, nprocs) .or. neighbours(2) /= mod(rank + 1, nprocs)) then
    print *, 'rank', rank, 'neighbours', neighbours
    call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call mpi_comm_free(ring, ierr)
  call mpi_finalize(ierr)
end program correct_ineighbor_allgather
