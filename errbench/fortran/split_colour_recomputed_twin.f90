! Fortran twin of nohang/disjoint_subcomms_correct.f90: tests the colour
! does not decide for the communicator used.
!
! What is wrong: the split is by mod(rank, 2) but line 23 tests
! mod(rank, 3) (ranks 0 and 2 share a half, rank 2 skips the broadcast);
! line 26 tests the colour before mpi_barrier on MPI_COMM_WORLD, of which
! every process is a member.
!
! description: Fortran twin of disjoint_subcomms_correct.f90: mod(rank, 3) tested against a split by mod(rank, 2), a colour test before a collective on MPI_COMM_WORLD: warned
! expect-warning: 24 collective-mismatch
! expect-warning: 27 collective-mismatch
! expect-conditional: 23
! expect-conditional: 26
! expect-run: 1 ok
program split_colour_recomputed_twin
  use mpi
  implicit none
  integer :: ierr, rank, half, buf

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)
  if (mod(rank, 3) == 0) then
    call mpi_bcast(buf, 1, MPI_INTEGER, 0, half, ierr)
  end if
  if (mod(rank, 2) == 0) then
    call mpi_barrier(MPI_COMM_WORLD, ierr)
  end if
  call mpi_comm_free(half, ierr)
  call mpi_finalize(ierr)
end program split_colour_recomputed_twin
