! Fortran (use mpi): a ring exchange with request arrays, as Fortran
! applications write it.  The request array is initialised to
! MPI_REQUEST_NULL; receives and sends from and to both neighbours go into
! it; the code polls with mpi_testall while it does local work between
! the polls.  A second exchange puts several messages in flight into a
! larger array and processes them in arrival order with one mpi_waitany
! per request (not a loop to MPI_UNDEFINED: MPICH's Fortran binding here
! returns MPI_UNDEFINED + 1 for it).  A persistent pair is then started in a loop
! and freed with mpi_request_free once inactive.  Values are checked.
! Silent at compile time, clean at run time.
!
! description: Fortran use mpi: request arrays set to MPI_REQUEST_NULL, isend/irecv polled by mpi_testall with work between polls, mpi_waitany once per request, persistent requests freed when inactive: silent, runs clean
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run: 1 ok
program correct_idiom_test_polling
  use mpi
  implicit none
  integer, parameter :: n = 16, nmsg = 3
  integer :: ierr, rank, nprocs, left, right, i, k, idx, nerr, allerr, step
  integer :: reqs(4), many(2*nmsg), pers(2)
  integer :: status(MPI_STATUS_SIZE)
  logical :: done
  double precision, asynchronous :: sendl(n), sendr(n), recvl(n), recvr(n)
  double precision, asynchronous :: outm(n, nmsg), inm(n, nmsg), tok_in, tok_out
  double precision :: work

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  left = mod(rank + nprocs - 1, nprocs)
  right = mod(rank + 1, nprocs)
  nerr = 0

  reqs = MPI_REQUEST_NULL
  do i = 1, n
    sendl(i) = rank * 100 + i
    sendr(i) = rank * 100 - i
  end do
  call mpi_irecv(recvl, n, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, reqs(1), ierr)
  call mpi_irecv(recvr, n, MPI_DOUBLE_PRECISION, right, 2, MPI_COMM_WORLD, reqs(2), ierr)
  call mpi_isend(sendr, n, MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, reqs(3), ierr)
  call mpi_isend(sendl, n, MPI_DOUBLE_PRECISION, left, 2, MPI_COMM_WORLD, reqs(4), ierr)
  work = 0.0d0
  done = .false.
  do while (.not. done)
    call mpi_testall(4, reqs, done, MPI_STATUSES_IGNORE, ierr)
    do i = 1, 1000
      work = work + 1.0d-6 * i
    end do
  end do
  do i = 1, n
    if (recvl(i) /= left * 100 - i) nerr = nerr + 1
    if (recvr(i) /= right * 100 + i) nerr = nerr + 1
  end do

  many = MPI_REQUEST_NULL
  do k = 1, nmsg
    do i = 1, n
      outm(i, k) = rank + 10 * k + 0.5d0 * i
    end do
    call mpi_irecv(inm(1, k), n, MPI_DOUBLE_PRECISION, left, 10 + k, MPI_COMM_WORLD, many(k), ierr)
  end do
  do k = 1, nmsg
    call mpi_isend(outm(1, k), n, MPI_DOUBLE_PRECISION, right, 10 + k, MPI_COMM_WORLD, &
                   many(nmsg + k), ierr)
  end do
  do k = 1, 2 * nmsg
    call mpi_waitany(2 * nmsg, many, idx, status, ierr)
    if (idx <= nmsg) then
      do i = 1, n
        if (inm(i, idx) /= left + 10 * idx + 0.5d0 * i) nerr = nerr + 1
      end do
    end if
  end do

  call mpi_recv_init(tok_in, 1, MPI_DOUBLE_PRECISION, left, 30, MPI_COMM_WORLD, pers(1), ierr)
  call mpi_send_init(tok_out, 1, MPI_DOUBLE_PRECISION, right, 30, MPI_COMM_WORLD, pers(2), ierr)
  do step = 1, 4
    tok_out = rank + step
    call mpi_startall(2, pers, ierr)
    call mpi_waitall(2, pers, MPI_STATUSES_IGNORE, ierr)
    if (tok_in /= left + step) nerr = nerr + 1
  end do
  call mpi_request_free(pers(1), ierr)
  call mpi_request_free(pers(2), ierr)

  if (work < 0.0d0) nerr = nerr + 1
  call mpi_allreduce(nerr, allerr, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (allerr /= 0) then
    if (rank == 0) print *, allerr, ' errors'
    call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call mpi_finalize(ierr)
end program correct_idiom_test_polling
