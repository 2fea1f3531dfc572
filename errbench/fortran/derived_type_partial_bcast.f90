! Twin of correct/fortran_derived_type_settings.f90: the broadcast of the
! derived type covers its first component only (count 1 of MPI_INTEGER),
! so `every', set on rank 0 alone, differs between processes and the test
! of line 24 sends rank 0 alone to the MPI_Barrier of line 25.
!
! description: Fortran: a derived type broadcast with a count covering its first component only; the second, set on rank 0, guards a barrier: warned, stopped
! expect-warning: 25 collective-mismatch
! expect-conditional: 24
! expect-run: 2 stop
! expect-run: 1 ok
program partial_bcast
  use mpi
  implicit none
  type :: params_t
    integer :: nsteps, every
  end type params_t
  type(params_t) :: p
  integer :: rank, ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  p = params_t(2, 0)
  if (rank == 0) p = params_t(4, 2)
  call MPI_Bcast(p, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  if (p%every > 0) &
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, p%nsteps
  call MPI_Finalize(ierr)
end program partial_bcast
