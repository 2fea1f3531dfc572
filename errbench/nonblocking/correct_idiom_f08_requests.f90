! Fortran 2008 (use mpi_f08): nonblocking exchanges with type(MPI_Request)
! handles, as modern Fortran codes write them.
!   - A derived type per neighbour holds its buffers and its requests; a
!     module procedure posts them, another one completes the whole set
!     with mpi_waitall on an array of type(MPI_Request) gathered from the
!     neighbours.
!   - A request array initialised to MPI_REQUEST_NULL, filled for the
!     actual messages, polled round-robin with mpi_test, the buffer of
!     each completed receive read at once.  (Not mpi_testany: MPICH 4.0's mpi_f08
!     binding returns the indices of mpi_waitany, mpi_testany and
!     mpi_waitsome 0-based here, checked without PARCOACH.)
!   - mpi_ibarrier completed by an mpi_test loop.
! Values are checked.  Silent at compile time, clean at run time.
!
! description: Fortran mpi_f08: type(MPI_Request) in a derived type per neighbour posted and completed by module procedures, MPI_REQUEST_NULL array polled round-robin with mpi_test, mpi_ibarrier + mpi_test loop: silent, runs clean
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run: 1 ok
module exchange_mod
  use mpi_f08
  implicit none
  integer, parameter :: n = 12
  type :: neighbour
    integer :: rank
    double precision :: sendbuf(n), recvbuf(n)
    type(MPI_Request) :: rreq, sreq
  end type neighbour
contains
  subroutine post(nb, me, tag)
    type(neighbour), intent(inout), asynchronous :: nb
    integer, intent(in) :: me, tag
    integer :: i
    do i = 1, n
      nb%sendbuf(i) = me * 100 + i
    end do
    call mpi_irecv(nb%recvbuf, n, MPI_DOUBLE_PRECISION, nb%rank, tag, MPI_COMM_WORLD, nb%rreq)
    call mpi_isend(nb%sendbuf, n, MPI_DOUBLE_PRECISION, nb%rank, tag, MPI_COMM_WORLD, nb%sreq)
  end subroutine post

  subroutine complete(nbs)
    type(neighbour), intent(inout), asynchronous :: nbs(:)
    type(MPI_Request) :: reqs(2 * size(nbs))
    integer :: k
    do k = 1, size(nbs)
      reqs(2 * k - 1) = nbs(k)%rreq
      reqs(2 * k) = nbs(k)%sreq
    end do
    call mpi_waitall(2 * size(nbs), reqs, MPI_STATUSES_IGNORE)
    do k = 1, size(nbs)
      nbs(k)%rreq = MPI_REQUEST_NULL
      nbs(k)%sreq = MPI_REQUEST_NULL
    end do
  end subroutine complete
end module exchange_mod

program correct_idiom_f08_requests
  use mpi_f08
  use exchange_mod
  implicit none
  integer :: rank, nprocs, left, right, i, k, nerr, allerr, done_count
  type(neighbour), asynchronous :: nbs(2)
  type(MPI_Request) :: reqs(8), bar
  integer, asynchronous :: inbox(4), outbox(4)
  logical :: flag, done(8)

  call mpi_init()
  call mpi_comm_rank(MPI_COMM_WORLD, rank)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs)
  left = mod(rank + nprocs - 1, nprocs)
  right = mod(rank + 1, nprocs)
  nerr = 0

  ! both neighbours send the same values with one tag: the order of
  ! matching does not matter (with 2 processes they are the same rank)
  nbs(1)%rank = left
  nbs(2)%rank = right
  call post(nbs(1), rank, 0)
  call post(nbs(2), rank, 0)
  call complete(nbs)
  do k = 1, 2
    do i = 1, n
      if (nbs(k)%recvbuf(i) /= nbs(k)%rank * 100 + i) nerr = nerr + 1
    end do
  end do

  reqs = MPI_REQUEST_NULL
  do k = 1, 2
    outbox(k) = rank * 10 + k
    call mpi_irecv(inbox(k), 1, MPI_INTEGER, left, 10 + k, MPI_COMM_WORLD, reqs(k))
    call mpi_isend(outbox(k), 1, MPI_INTEGER, right, 10 + k, MPI_COMM_WORLD, reqs(4 + k))
  end do
  ! round-robin polling with mpi_test on each entry (a completed one is
  ! MPI_REQUEST_NULL afterwards, and testing it again just says true)
  done_count = 0
  done = .false.
  do while (done_count < 8)
    do k = 1, 8
      if (done(k)) cycle
      call mpi_test(reqs(k), flag, MPI_STATUS_IGNORE)
      if (flag) then
        done(k) = .true.
        done_count = done_count + 1
        if (k <= 2) then
          if (inbox(k) /= left * 10 + k) nerr = nerr + 1
        end if
      end if
    end do
  end do

  call mpi_ibarrier(MPI_COMM_WORLD, bar)
  flag = .false.
  do while (.not. flag)
    call mpi_test(bar, flag, MPI_STATUS_IGNORE)
  end do

  call mpi_allreduce(nerr, allerr, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  if (allerr /= 0) then
    if (rank == 0) print *, allerr, ' errors'
    call mpi_abort(MPI_COMM_WORLD, 1)
  end if
  call mpi_finalize()
end program correct_idiom_f08_requests
