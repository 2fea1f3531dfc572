! NAS LU-like SSOR driver (pure MPI, free-form Fortran, `use mpi'): the
! parameters (itmax, inorm, dt, omega, tolrsd) are read by the root and
! broadcast as in LU's read_input, a 1-D pipeline sweep (blts) receives
! from the lower neighbour and sends to the upper one (rank tests around
! point-to-point only), the residual norms are computed with
! MPI_Allreduce in l2norm every `inorm' steps and at the last step
! (`if (mod(istep, inorm) == 0 .or. istep == itmax)'), the loop is left
! with `goto 900' when every norm is below tolrsd (the reduced norms are
! the same everywhere), the verification happens on the root after a
! MPI_Reduce, and the timer maximum is reduced to the root which prints.
! Nothing to warn, nothing to stop.
!
! description: NAS LU-like Fortran: read_input broadcast, pipelined blts Send/Recv by rank, l2norm Allreduce every inorm steps and at itmax, goto 900 out of the SSOR loop on reduced norms, root verification
! expect-run: 2 ok
! expect-run: 4 ok
module lu_data
  implicit none
  integer, parameter :: nz = 12, isiz = 8
  integer :: id, num, north, south
  integer :: itmax, inorm, ipr
  double precision :: dt, omega, tolrsd(5), rsdnm(5), errnm(5)
  double precision :: u(5, isiz, 0:nz+1), rsd(5, isiz, 0:nz+1)
  integer :: nzl, kst
end module lu_data

subroutine read_input()
  use lu_data
  use mpi
  implicit none
  integer :: ierr
  if (id == 0) then
    write(*, '(a)') ' Reading from input file inputlu.data (defaults)'
    ipr = 1
    inorm = 5
    itmax = 40
    dt = 0.5d0
    omega = 1.2d0
    tolrsd = 1.0d-8
  end if
  call MPI_BCAST(ipr, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_BCAST(inorm, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_BCAST(itmax, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_BCAST(dt, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call MPI_BCAST(omega, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call MPI_BCAST(tolrsd, 5, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
end subroutine read_input

subroutine l2norm(v, sum)
  use lu_data
  use mpi
  implicit none
  double precision, intent(in) :: v(5, isiz, 0:nz+1)
  double precision, intent(out) :: sum(5)
  double precision :: dummy(5)
  integer :: i, k, m, ierr
  dummy = 0.0d0
  do k = 1, nzl
    do i = 1, isiz
      do m = 1, 5
        dummy(m) = dummy(m) + v(m, i, k) * v(m, i, k)
      end do
    end do
  end do
  call MPI_ALLREDUCE(dummy, sum, 5, MPI_DOUBLE_PRECISION, MPI_SUM, &
                     MPI_COMM_WORLD, ierr)
  do m = 1, 5
    sum(m) = sqrt(sum(m) / (isiz * nz))
  end do
end subroutine l2norm

subroutine blts()
  ! lower-triangular sweep: wait for the plane below, relax, pass it up
  use lu_data
  use mpi
  implicit none
  integer :: ierr, k
  integer :: status(MPI_STATUS_SIZE)
  if (south /= -1) then
    call MPI_RECV(rsd(1, 1, 0), 5 * isiz, MPI_DOUBLE_PRECISION, south, 1, &
                  MPI_COMM_WORLD, status, ierr)
  else
    rsd(:, :, 0) = 0.0d0
  end if
  do k = 1, nzl
    rsd(:, :, k) = (rsd(:, :, k) + omega * 0.1d0 * rsd(:, :, k-1)) / (1.0d0 + dt)
  end do
  if (north /= -1) then
    call MPI_SEND(rsd(1, 1, nzl), 5 * isiz, MPI_DOUBLE_PRECISION, north, 1, &
                  MPI_COMM_WORLD, ierr)
  end if
end subroutine blts

subroutine ssor(niter)
  use lu_data
  use mpi
  implicit none
  integer, intent(in) :: niter
  integer :: istep, m
  do istep = 1, niter
    if (id == 0 .and. (mod(istep, 20) == 0 .or. istep == 1)) then
      write(*, '(a,i4)') ' Time step ', istep
    end if
    rsd(:, :, 1:nzl) = 0.5d0 * u(:, :, 1:nzl)
    call blts()
    u(:, :, 1:nzl) = u(:, :, 1:nzl) - omega * rsd(:, :, 1:nzl)
    if (mod(istep, inorm) == 0 .or. istep == itmax) then
      call l2norm(rsd, rsdnm)
      if (ipr == 1 .and. id == 0) then
        write(*, '(a,i4,5es11.3)') ' norms', istep, (rsdnm(m), m = 1, 5)
      end if
      if (rsdnm(1) < tolrsd(1) .and. rsdnm(2) < tolrsd(2) .and. &
          rsdnm(3) < tolrsd(3) .and. rsdnm(4) < tolrsd(4) .and. &
          rsdnm(5) < tolrsd(5)) then
        if (id == 0) write(*, '(a,i4)') ' convergence was achieved after', istep
        goto 900
      end if
    end if
  end do
900 continue
end subroutine ssor

program lu
  use lu_data
  use mpi
  implicit none
  integer :: ierr, k
  double precision :: t0, t, tmax, errloc, errglob
  logical :: verified

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, id, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, num, ierr)
  if (num > nz) then
    if (id == 0) write(*, *) 'too many processes'
    call MPI_ABORT(MPI_COMM_WORLD, 1, ierr)
  end if
  south = id - 1
  north = id + 1
  if (id == num - 1) north = -1
  nzl = nz / num
  if (id < mod(nz, num)) nzl = nzl + 1
  kst = 1

  call read_input()
  do k = 1, nzl
    u(:, :, k) = 1.0d0 + 0.01d0 * k + 0.1d0 * id
  end do

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  t0 = MPI_WTIME()
  call ssor(itmax)
  t = MPI_WTIME() - t0

  call l2norm(u, errnm)
  errloc = maxval(abs(u(:, :, 1:nzl)))
  call MPI_REDUCE(errloc, errglob, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, &
                  MPI_COMM_WORLD, ierr)
  call MPI_REDUCE(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, &
                  MPI_COMM_WORLD, ierr)
  if (id == 0) then
    verified = errglob < 2.0d0
    if (verified) then
      write(*, '(a)') ' Verification Successful'
    else
      write(*, '(a)') ' Verification failed'
    end if
    write(*, '(a,f10.4)') ' Time in seconds =', tmax
  end if
  call MPI_FINALIZE(ierr)
end program lu
