program forwarded
  use mpi
  use reductions
  use solver
  implicit none
  integer :: ierr, rank
  double precision :: total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call run(3, MPI_COMM_WORLD, rank)
  call global_sum(dble(rank), total, MPI_COMM_WORLD)
  if (total > 0.5d0) call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'total', total
  call MPI_Finalize(ierr)
end program forwarded
