! Rank 0 calls legacy_sum of liblegacy.a (Fortran, built without
! PARCOACH, MPI_Allreduce); the others call MPI_Barrier: warning at line
! 14, note at the `if' of line 13.  At run time rank 0 reaches a wrapper
! of the runtime, armed (MPICH's binding calls MPI_Allreduce, Open MPI's
! mpi_allreduce_ is wrapped itself), and the run stops instead of hanging.
program main
  use mpi
  integer :: rank, ierr
  double precision :: x(2), y(2)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = 1.0d0
  if (rank /= 0) then
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  else
    call legacy_sum(MPI_COMM_WORLD, x, y) ! BUG: rank 0 only
  end if
  call MPI_Finalize(ierr)
end program main
