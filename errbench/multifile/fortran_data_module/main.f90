program data_module
  use mpi
  use params
  implicit none
  integer :: ierr, it, rank
  double precision :: residual
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call setup()
  residual = 1.0d0
  do it = 1, niter
    call MPI_Allreduce(MPI_IN_PLACE, residual, 1, MPI_DOUBLE_PRECISION, MPI_MAX, &
                       MPI_COMM_WORLD, ierr)
    residual = residual * 0.1d0
    if (residual < tolerance) exit
  end do
  if (rank == 0) print *, 'residual', residual
  call MPI_Finalize(ierr)
end program data_module
