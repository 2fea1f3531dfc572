! Erroneous twin of comm_null_goto_correct.f90: after `if (.not. active)
! goto 999', where the processes outside newcomm jump to the end, an
! MPI_BARRIER on MPI_COMM_WORLD, which they never call.  The test only
! separates non-members of newcomm: it still counts for the world barrier
! (line 27), blamed on the `if' of line 25; the collectives on newcomm are
! not.  With 3 processes rank 2 skips the barrier: the check stops the run.
!
! description: Fortran: MPI_BARRIER on MPI_COMM_WORLD after `if (.not. active) goto 999': warned, stops with 3 processes
! expect-warning: 27 collective-mismatch
! expect-conditional: 25
! expect-run: 3 stop
! expect-run: 2 ok
! expect-run: 1 ok
program comm_null_goto_twin
  use mpi
  implicit none
  integer :: ierr, rank, color, newcomm, total
  logical :: active
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  color = 0
  if (rank >= 2) color = MPI_UNDEFINED
  call mpi_comm_split(MPI_COMM_WORLD, color, rank, newcomm, ierr)
  active = newcomm /= MPI_COMM_NULL
  if (.not. active) goto 999
  call mpi_allreduce(rank, total, 1, MPI_INTEGER, MPI_SUM, newcomm, ierr)
  call mpi_barrier(MPI_COMM_WORLD, ierr)
  call mpi_comm_free(newcomm, ierr)
999 continue
  call mpi_finalize(ierr)
end program comm_null_goto_twin
