! Fortran (`use mpi'): correct collectives with MPI_IN_PLACE, then an
! mpi_bcast whose root depends on the rank.
!
! What is wrong: root = (rank + 1) / size is 1 on the last rank and 0
! elsewhere.  No control flow differs, but the root depends on the rank:
! a collective-arguments warning at mpi_bcast (line 38).  With
! instrument=all every collective is checked, arguments included
! (INTEGER handles converted with MPI_Type_f2c and MPI_Op_f2c): the
! in-place mpi_allreduce and mpi_allgather (whose sendcount and sendtype
! are ignored, garbage here) and the mpi_gather whose receive side only
! matters at the root pass; the check before mpi_bcast stops the program:
!   ... processes call it with different roots: root 0 on rank 0, root 1
!   on rank 1
!
! description: Fortran: in-place collectives pass, then mpi_bcast with a rank-dependent root stops
! plugin-args: instrument=all
! expect-warning: 38 collective-arguments
! expect-run: 2 stop
! expect-run: 3 stop
! expect-stop-message: different roots: root 0 on rank
program root_mismatch_bcast
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, root, x, recvcount
  integer :: y(64)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  x = rank
  call mpi_allreduce(MPI_IN_PLACE, x, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  y(rank + 1) = x
  call mpi_allgather(MPI_IN_PLACE, 7, MPI_INTEGER, y, 1, MPI_INTEGER, &
                     MPI_COMM_WORLD, ierr)
  recvcount = 1 + 4 * rank          ! only significant at the root, rank 0
  call mpi_gather(x, 1, MPI_INTEGER, y, recvcount, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  root = (rank + 1) / nprocs        ! BUG: 1 on the last rank, 0 elsewhere
  call mpi_bcast(x, 1, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
  print *, 'rank', rank, 'got', x
  call mpi_finalize(ierr)
end program root_mismatch_bcast
