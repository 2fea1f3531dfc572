! Fortran (use mpi): one-sided communication as Fortran codes write it.
!   - mpi_win_create on an array of double precision (displacement unit 8);
!   - a fence epoch (MPI_MODE_NOPRECEDE) where each rank puts its boundary
!     values into both neighbours' ghost cells (different cells), closed
!     by a fence asserting MPI_MODE_NOSUCCEED (no fence epoch follows);
!   - a loop over targets with mpi_win_lock(MPI_LOCK_EXCLUSIVE) and
!     mpi_accumulate (MPI_SUM) into one cell of every rank;
!   - a barrier, then mpi_fetch_and_op (MPI_NO_OP) under MPI_LOCK_SHARED to
!     read a neighbour's total;
!   - the window freed after a barrier.
! Values are checked.  Silent, runs clean.
!
! description: Fortran use mpi: mpi_win_create, fence epoch (NOPRECEDE, then NOSUCCEED) with puts into both neighbours' ghost cells, exclusive lock per target with mpi_accumulate to one cell, shared-lock mpi_fetch_and_op(MPI_NO_OP) read: silent, runs clean
! mpi: openmpi
! expect-run: 2 ok
! expect-run: 3 ok
program correct_idiom_fortran_rma
  use mpi
  implicit none
  integer, parameter :: n = 8
  integer :: ierr, rank, nprocs, left, right, t, nerr, allerr, dunit
  integer :: win
  integer(kind=MPI_ADDRESS_KIND) :: winsize, disp
  double precision, asynchronous :: u(0:n+2)
  double precision :: one, total, dummy

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  left = mod(rank + nprocs - 1, nprocs)
  right = mod(rank + 1, nprocs)
  nerr = 0

  ! u(0), u(n+1): ghost cells; u(1:n): interior; u(n+2): accumulated total
  u = -1.0d0
  do t = 1, n
    u(t) = rank * 10 + t
  end do
  u(n+2) = 0.0d0
  dunit = 8
  winsize = (n + 3) * dunit
  call mpi_win_create(u, winsize, dunit, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)

  call mpi_win_fence(MPI_MODE_NOPRECEDE, win, ierr)
  ! my first cell goes to the left neighbour's right ghost u(n+1)
  disp = n + 1
  call mpi_put(u(1), 1, MPI_DOUBLE_PRECISION, left, disp, 1, MPI_DOUBLE_PRECISION, win, ierr)
  ! my last cell goes to the right neighbour's left ghost u(0)
  disp = 0
  call mpi_put(u(n), 1, MPI_DOUBLE_PRECISION, right, disp, 1, MPI_DOUBLE_PRECISION, win, ierr)
  call mpi_win_fence(MPI_MODE_NOSUCCEED, win, ierr)
  if (u(0) /= left * 10 + n) nerr = nerr + 1
  if (u(n+1) /= right * 10 + 1) nerr = nerr + 1

  one = 1.0d0
  disp = n + 2
  do t = 0, nprocs - 1
    call mpi_win_lock(MPI_LOCK_EXCLUSIVE, t, 0, win, ierr)
    call mpi_accumulate(one, 1, MPI_DOUBLE_PRECISION, t, disp, 1, MPI_DOUBLE_PRECISION, &
                        MPI_SUM, win, ierr)
    call mpi_win_unlock(t, win, ierr)
  end do
  call mpi_barrier(MPI_COMM_WORLD, ierr)

  total = -1.0d0
  dummy = 0.0d0
  call mpi_win_lock(MPI_LOCK_SHARED, right, 0, win, ierr)
  call mpi_fetch_and_op(dummy, total, MPI_DOUBLE_PRECISION, right, disp, MPI_NO_OP, win, ierr)
  call mpi_win_unlock(right, win, ierr)
  if (total /= nprocs) nerr = nerr + 1

  call mpi_barrier(MPI_COMM_WORLD, ierr)
  call mpi_win_free(win, ierr)

  call mpi_allreduce(nerr, allerr, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (allerr /= 0) then
    if (rank == 0) print *, allerr, ' errors'
    call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call mpi_finalize(ierr)
end program correct_idiom_fortran_rma
