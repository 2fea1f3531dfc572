! Fortran: an mpi_isend whose request is never completed.
!
! What is wrong: every rank posts an mpi_isend to the next rank (line 25),
! receives from the previous one and calls mpi_finalize with the request
! still active (MPI 4.0, section 11.2.2).  The compiler warns at the
! mpi_isend; at run time (MPICH: its Fortran binding calls the C MPI_
! routines, which the runtime intercepts) every rank stops in
! mpi_finalize.  Open MPI's Fortran binding calls the PMPI_ routines
! directly: there the runtime sees nothing (README, known limits).
!
! description: Fortran: mpi_isend never completed before mpi_finalize
! expect-warning: 25 request
! expect-run: 2 stop
! runs-require-mpi: MPICH
program isend_never_completed
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, value, got, request

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  value = rank
  got = -1
  call mpi_isend(value, 1, MPI_INTEGER, mod(rank + 1, nprocs), 0, MPI_COMM_WORLD, request, ierr)
  call mpi_recv(got, 1, MPI_INTEGER, mod(rank + nprocs - 1, nprocs), 0, MPI_COMM_WORLD, &
                MPI_STATUS_IGNORE, ierr)
  call mpi_finalize(ierr)
end program isend_never_completed
