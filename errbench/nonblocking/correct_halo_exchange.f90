! Fortran: a 1-D halo exchange with mpi_irecv, mpi_isend and mpi_waitall
! in a loop, then an mpi_ibarrier completed by an mpi_test loop.
!
! Correct: every request is completed before mpi_finalize.  Silent at
! compile time, clean at run time.
!
! description: Fortran: halo exchange with irecv/isend/waitall in a loop, ibarrier + test loop
! expect-run: 3 ok
! expect-run: 1 ok
program correct_halo_exchange
  use mpi
  implicit none
  integer, parameter :: n = 32
  integer :: ierr, rank, nprocs, left, right, it, i, request
  integer :: halo(4)
  logical :: done
  double precision :: u(0:n+1), v(1:n)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  left = rank - 1
  right = rank + 1
  if (left < 0) left = MPI_PROC_NULL
  if (right >= nprocs) right = MPI_PROC_NULL
  u = 1.0d0
  do it = 1, 10
    call mpi_irecv(u(0), 1, MPI_DOUBLE_PRECISION, left, 0, MPI_COMM_WORLD, halo(1), ierr)
    call mpi_irecv(u(n+1), 1, MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, halo(2), ierr)
    call mpi_isend(u(1), 1, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, halo(3), ierr)
    call mpi_isend(u(n), 1, MPI_DOUBLE_PRECISION, right, 0, MPI_COMM_WORLD, halo(4), ierr)
    call mpi_waitall(4, halo, MPI_STATUSES_IGNORE, ierr)
    do i = 1, n
      v(i) = (u(i-1) + u(i) + u(i+1)) / 3.0d0
    end do
    u(1:n) = v
  end do
  call mpi_ibarrier(MPI_COMM_WORLD, request, ierr)
  done = .false.
  do while (.not. done)
    call mpi_test(request, done, MPI_STATUS_IGNORE, ierr)
  end do
  call mpi_finalize(ierr)
end program correct_halo_exchange
