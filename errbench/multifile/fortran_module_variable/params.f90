! nsteps is set once by read_params: rank 0 sets it, MPI_Bcast gives it
! to every process.
module params
  implicit none
  integer :: nsteps = 0
contains
  subroutine read_params()
    use mpi
    integer :: rank, ierr
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    if (rank == 0) nsteps = 4
    call MPI_Bcast(nsteps, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  end subroutine
end module
