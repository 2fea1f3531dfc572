! `if (nprocs > 1 .or. rank == 0)': gfortran computes .or. without a
! branch at -O0 (`t = (nprocs > 1) | (rank == 0)') and with one at -O2;
! either way the rank test matters only where nprocs is 1, where the only
! rank is 0 (a bound of 2 stays blamed: tests/extractor/size_guard.c and
! errbench).  `rank < size' of a communicator variable both calls read is
! decided; with the size of another communicator it is not.
program size_guard
  use mpi
  implicit none
  integer :: rank, nprocs, half_size, size, ierr, x, y
  integer :: comm, half
  call MPI_Init(ierr)
  comm = MPI_COMM_WORLD
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  x = 1
  if (nprocs > 1 .or. rank == 0) then ! value-flow: uniform
    call MPI_Allreduce(x, y, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end if
  if (nprocs == 1 .and. rank == 0) then ! value-flow: uniform
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)
  call MPI_Comm_size(half, half_size, ierr)
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Comm_size(comm, size, ierr)
  if (rank < size) then ! value-flow: uniform
    call MPI_Barrier(comm, ierr)
  end if
  if (rank < half_size) then ! value-flow: rank
    call MPI_Barrier(comm, ierr)
  end if
  call MPI_Comm_free(half, ierr)
  call MPI_Finalize(ierr)
end program size_guard
