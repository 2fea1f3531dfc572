! Fortran: the correct twin of isendrecv_never_completed.f90: the
! mpi_isendrecv on a ring is completed by mpi_wait before the received
! value is read; it is the left neighbour's rank.  MPI 4 only: MPICH here
! has it, Open MPI 4.1 does not.
!
! description: Fortran: mpi_isendrecv on a ring completed by mpi_wait, result checked
! expect-run: 2 ok
! expect-run: 3 ok
! requires-mpi-version: 4
program correct_isendrecv
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, request, mine, got

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  mine = rank
  got = -1
  call mpi_isendrecv(mine, 1, MPI_INTEGER, mod(rank + 1, nprocs), 0, got, 1, MPI_INTEGER, &
                     mod(rank + nprocs - 1, nprocs), 0, MPI_COMM_WORLD, request, ierr)
  call mpi_wait(request, MPI_STATUS_IGNORE, ierr)
  if (got /= mod(rank + nprocs - 1, nprocs)) then
    print *, 'rank', rank, 'got', got
    call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call mpi_finalize(ierr)
end program correct_isendrecv
