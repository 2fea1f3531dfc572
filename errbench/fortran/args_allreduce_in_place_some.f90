! Fortran: mpi_allreduce with MPI_IN_PLACE on rank 0 only.
!
! What is wrong: the "in place" option of MPI_Allreduce is given by passing
! MPI_IN_PLACE as sendbuf on all processes (MPI 4.0 section 6.9.6); here
! rank 0 reduces in place and the others from a buffer.  Both branches
! call mpi_allreduce (no mismatch of order, no warning); with
! instrument=all the check before each call sees MPI_IN_PLACE passed
! directly on rank 0 and stops the run naming the ranks.
!
! description: Fortran: mpi_allreduce with MPI_IN_PLACE on rank 0 only: stopped with instrument=all
! plugin-args: instrument=all
! expect-run: 2 stop
! expect-run: 1 ok
! expect-stop-message: MPI_IN_PLACE as sendbuf on some processes only (MPI requires it on all or none): a buffer on rank 1, MPI_IN_PLACE on rank 0
program args_allreduce_in_place_some
  use mpi
  implicit none
  integer :: ierr, rank, mine, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  mine = rank + 1
  total = mine
  ! BUG: in place on rank 0 only
  if (rank == 0) then
    call mpi_allreduce(MPI_IN_PLACE, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  else
    call mpi_allreduce(mine, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end if
  print *, 'rank', rank, total
  call mpi_finalize(ierr)
end program args_allreduce_in_place_some
