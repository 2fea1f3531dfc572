! Value flow in Fortran: the rank passed by reference to a subroutine.
!
! What is wrong: gfortran passes `rank' by reference; the contained
! subroutine tests the dummy argument and only rank 0 calls mpi_barrier,
! while everybody then calls mpi_allreduce.  The dummy `nprocs' holds the
! size from mpi_comm_size at its only call site: the test on it (line 35)
! is not blamed.
!
! description: Fortran value flow: rank through a dummy argument guards a barrier: warning, stops
! expect-warning: 37 collective-mismatch
! expect-conditional: 36
! expect-run: 2 stop
! expect-run: 1 ok
program dataflow_rank_dummy
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, one, total

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  one = 1
  call step(rank, nprocs)
  call mpi_allreduce(one, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'processes: ', total
  call mpi_finalize(ierr)

contains

  subroutine step(me, size)
    integer, intent(in) :: me, size
    integer :: ierr2

    ! the dummies are pointers to the caller's variables
    if (size > 0) then
      if (me == 0) then
        call mpi_barrier(MPI_COMM_WORLD, ierr2) ! BUG: rank 0 only
      end if
    end if
  end subroutine step
end program dataflow_rank_dummy
