! Fortran: MPI_COMM_SELF against MPI_COMM_WORLD.  Rank 0 calls
! mpi_allreduce on MPI_COMM_SELF, the others on MPI_COMM_WORLD.
!
! What is wrong: rank 0's allreduce completes alone and rank 0 goes on to
! mpi_finalize, while the others wait in an allreduce on MPI_COMM_WORLD
! that rank 0 never joins (MPI 4.0 section 6.1).  Both branches call
! mpi_allreduce (no mismatch of order, no warning); with instrument=all
! rank 0's check before mpi_finalize (on MPI_COMM_WORLD) meets the others'
! check before mpi_allreduce: the run stops at once, the others naming
! MPI_Finalize and their line 29, rank 0 naming MPI_Allreduce at line 27 on
! MPI_COMM_SELF.
!
! description: Fortran: mpi_allreduce on MPI_COMM_SELF on rank 0, on MPI_COMM_WORLD elsewhere: stopped naming both
! plugin-args: instrument=all
! expect-run: 2 stop
! expect-run: 3 stop
! expect-run: 1 ok
! expect-stop-message: comm_self_vs_world.f90:27 in function comm_self_vs_world on MPI_COMM_SELF
program comm_self_vs_world
  use mpi
  implicit none
  integer :: ierr, rank, x, y
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = rank + 1
  if (rank == 0) then
    call mpi_allreduce(x, y, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_SELF, ierr)
  else
    call mpi_allreduce(x, y, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end if
  call mpi_finalize(ierr)
end program comm_self_vs_world
