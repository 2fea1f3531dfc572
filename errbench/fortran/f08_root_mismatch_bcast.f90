! Fortran 2008 bindings (`use mpi_f08'): correct collectives with
! MPI_IN_PLACE, then an MPI_Bcast whose root depends on the rank.
!
! What is wrong: root = (rank + 1) / size is 1 on the last rank and 0
! elsewhere.  No control flow differs, so there is no warning.  With
! instrument=all every collective is checked, arguments included (the
! MPI_VAL of TYPE(MPI_Datatype) and TYPE(MPI_Op), converted with
! MPI_Type_f2c and MPI_Op_f2c).  The buffers of MPICH's f08ts procedures
! are array descriptors: their sizes are not compared, so the in-place
! MPI_Allreduce and MPI_Allgather (whose sendcount and sendtype are
! ignored, garbage here) and the MPI_Gather pass; the check before
! MPI_Bcast stops the program on its roots (3 processes):
!   ... processes call it with different roots: root 0 on ranks 0-1,
!   root 1 on rank 2
!
! description: Fortran 2008 bindings (use mpi_f08): in-place collectives pass, then mpi_bcast with a rank-dependent root stops
! plugin-args: instrument=all
! expect-run: 2 stop
! expect-run: 3 stop
program f08_root_mismatch_bcast
  use mpi_f08
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
end program f08_root_mismatch_bcast
