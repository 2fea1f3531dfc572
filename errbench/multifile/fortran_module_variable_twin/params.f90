! BUG: only rank 0 sets nsteps (no broadcast): it differs between
! processes.
module params
  implicit none
  integer :: nsteps = 0
contains
  subroutine read_params()
    use mpi
    integer :: rank, ierr
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    if (rank == 0) nsteps = 4
  end subroutine
end module
