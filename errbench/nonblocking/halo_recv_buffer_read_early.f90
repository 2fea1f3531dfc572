! Fortran: the ghost cells of a halo exchange read before mpi_waitall.
!
! What is wrong: each rank posts mpi_irecv into the ghost cells u(0) and
! u(n+1) (lines 32, 34), sends its edge cells, and updates the array from
! its neighbours (line 40) before mpi_waitall (line 42): the reads of
! u(0) and u(n+1) touch receive buffers still pending (MPI 4.0, 3.7.2).
! The array is allocatable (reached through its descriptor): no
! compile-time warning; the run-time buffer check at the read stops the
! run (MPICH: its Fortran binding calls the C MPI_ routines, which the
! runtime intercepts; under Open MPI the runtime sees no request, README
! known limits).
!
! description: Fortran: ghost cells of a halo exchange read before mpi_waitall
! expect-run: 2 stop
! expect-stop-message: halo_recv_buffer_read_early.f90:40: this read touches the receive buffer of the MPI_Irecv at
! runs-require-mpi: MPICH
program halo_recv_buffer_read_early
  use mpi
  implicit none
  integer, parameter :: n = 32
  integer :: rank, nprocs, left, right, i, ierr
  integer :: requests(4)
  double precision, allocatable :: u(:), v(:)

  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  call mpi_comm_size(mpi_comm_world, nprocs, ierr)
  left = mod(rank + nprocs - 1, nprocs)
  right = mod(rank + 1, nprocs)
  allocate(u(0:n + 1), v(0:n + 1))
  u = rank
  call mpi_irecv(u(0), 1, mpi_double_precision, left, 0, mpi_comm_world, &
                 requests(1), ierr)
  call mpi_irecv(u(n + 1), 1, mpi_double_precision, right, 1, &
                 mpi_comm_world, requests(2), ierr)
  call mpi_isend(u(1), 1, mpi_double_precision, left, 1, mpi_comm_world, requests(3), ierr)
  call mpi_isend(u(n), 1, mpi_double_precision, right, 0, mpi_comm_world, requests(4), ierr)
  do i = 1, n
     ! error: u(0) and u(n + 1) are still being received
     v(i) = (u(i - 1) + u(i + 1)) / 2
  end do
  call mpi_waitall(4, requests, mpi_statuses_ignore, ierr)
  deallocate(u, v)
  call mpi_finalize(ierr)
end program halo_recv_buffer_read_early
