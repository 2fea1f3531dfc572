! Every process leaves together when setup failed anywhere; otherwise the
! time loop runs its reductions.
program solver
  use mpi
  implicit none
  integer :: ierr, cells, status, step
  real(8) :: local, total
  call MPI_Init(ierr)
  call setup(cells, status)
  if (status /= 0) then
    call MPI_Finalize(ierr)
    stop 1
  end if
  do step = 1, 3
    local = dble(cells) / step
    call MPI_Allreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program solver
