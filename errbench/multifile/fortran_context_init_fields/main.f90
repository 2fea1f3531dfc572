! Loops and tests on the context's fields that are the same everywhere
! (the step count, the tolerance, the size), beside the rank.
program component
  use mpi_f08
  use context_mod
  implicit none
  type(context_t) :: ctx
  integer :: step
  double precision :: local, residual
  call MPI_Init()
  call context_init(ctx)
  residual = 1.0d0
  do step = 1, ctx%nsteps
    local = 1.0d0 / (step + ctx%rank)
    call MPI_Allreduce(local, residual, 1, MPI_DOUBLE_PRECISION, MPI_MAX, ctx%comm)
    if (residual < ctx%tol) exit
  end do
  if (ctx%nprocs > 1) call MPI_Barrier(ctx%comm)
  if (ctx%rank == 0) print '(a,es10.3)', 'residual', residual
  call MPI_Comm_free(ctx%comm)
  call MPI_Finalize()
end program component
