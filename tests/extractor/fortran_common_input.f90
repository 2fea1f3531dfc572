! The rank kept in a COMMON block member, set in one subroutine and read in
! another; a value read from input (IOSTAT= goes through gfortran's I/O
! parameter block) differs until it is broadcast.
subroutine init_common()
  use mpi
  implicit none
  integer :: my_rank, nsteps, ierr
  common /state/ my_rank, nsteps
  call MPI_Comm_rank(MPI_COMM_WORLD, my_rank, ierr)
  nsteps = 4
end subroutine init_common

subroutine use_common()
  use mpi
  implicit none
  integer :: my_rank, nsteps, ierr
  common /state/ my_rank, nsteps
  if (my_rank == 0) then ! value-flow: differs
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
end subroutine use_common

program common_input
  use mpi
  implicit none
  integer :: n, ios, ierr
  call MPI_Init(ierr)
  call init_common()
  call use_common()
  read (*, *, iostat=ios) n
  if (ios /= 0) then ! value-flow: differs
    n = 1
  end if
  if (n > 2) then ! value-flow: differs
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call MPI_Bcast(n, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  if (n > 2) then ! value-flow: uniform
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program common_input
