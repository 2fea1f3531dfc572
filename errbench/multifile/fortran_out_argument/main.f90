program solver
  use mpi
  use params
  implicit none
  integer :: steps, s, ierr
  double precision :: tolerance, residual, local
  call mpi_init(ierr)
  steps = 0
  call read_params(mpi_comm_world, steps, tolerance)
  residual = 1d0
  do s = 1, steps
     local = residual / (s + 1)
     call mpi_allreduce(local, residual, 1, mpi_double_precision, mpi_max, &
          mpi_comm_world, ierr)
     if (residual < tolerance) exit
  end do
  print *, 'residual', residual
  call mpi_finalize(ierr)
end program solver
