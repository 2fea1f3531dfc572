! Correct, NAS-MZ style: MPI_COMM_SPLIT gives ranks 0 and 1 a communicator
! and the others (colour MPI_UNDEFINED) MPI_COMM_NULL; the inactive
! processes jump to the end, `if (newcomm == MPI_COMM_NULL) goto 998' and
! `active = newcomm /= MPI_COMM_NULL; if (.not. active) goto 999', so that
! only members call the collectives on newcomm.  Everybody reaches
! MPI_FINALIZE.  No warning, no check.
!
! description: Fortran NAS-MZ style: `goto 999' of the processes with MPI_COMM_NULL, collectives on the split communicator: silent, runs fine
! expect-run: 3 ok
! expect-run: 2 ok
! expect-run: 1 ok
program comm_null_goto_correct
  use mpi
  implicit none
  integer :: ierr, rank, color, newcomm, total
  logical :: active

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  color = 0
  if (rank >= 2) color = MPI_UNDEFINED
  call mpi_comm_split(MPI_COMM_WORLD, color, rank, newcomm, ierr)
  if (newcomm == MPI_COMM_NULL) goto 998
  call mpi_barrier(newcomm, ierr)
998 continue
  active = newcomm /= MPI_COMM_NULL
  if (.not. active) goto 999
  call mpi_allreduce(rank, total, 1, MPI_INTEGER, MPI_SUM, newcomm, ierr)
  print *, 'rank', rank, 'sum of ranks 0 and 1', total
  call mpi_comm_free(newcomm, ierr)
999 continue
  call mpi_finalize(ierr)
end program comm_null_goto_correct
