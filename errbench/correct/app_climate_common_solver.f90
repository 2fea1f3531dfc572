! A climate-model-like Fortran code (pure MPI, `use mpi'): a module holding
! the model grid and the communicator setup, an old COMMON block /ctrl/ of
! run-control parameters (read by the root, broadcast member by member),
! latitude bands distributed over processes, an elliptic (barotropic
! streamfunction) solve by Jacobi iterations in `do while (err > tol)' with
! err allreduced with MPI_MAX, halo exchange with MPI_Sendrecv between
! neighbouring bands (MPI_PROC_NULL at the poles), a diagnostics routine
! that gathers zonal means on the root with MPI_Gatherv (counts and
! displacements computed on every process) and prints there, and
! `if (nproc > 1)' around the exchange.  Nothing to warn, nothing to stop.
!
! description: climate-like Fortran: module grid + COMMON control block broadcast, Jacobi do while (err > tol) on MPI_MAX allreduce, pole-aware halo, Gatherv of zonal means on the root
! expect-run: 2 ok
! expect-run: 4 ok
module grid_mod
  use mpi
  implicit none
  integer, parameter :: nlon = 32, nlat_glob = 24
  integer :: myid, nproc, comm_model
  integer :: jbeg, jend, nlat
  integer :: north, south
  real(8), allocatable :: psi(:,:), zeta(:,:), psinew(:,:)
contains
  subroutine grid_init()
    integer :: ierr, base, extra
    call MPI_COMM_DUP(MPI_COMM_WORLD, comm_model, ierr)
    call MPI_COMM_RANK(comm_model, myid, ierr)
    call MPI_COMM_SIZE(comm_model, nproc, ierr)
    base = nlat_glob / nproc
    extra = mod(nlat_glob, nproc)
    if (myid < extra) then
      nlat = base + 1
      jbeg = myid * (base + 1) + 1
    else
      nlat = base
      jbeg = extra * (base + 1) + (myid - extra) * base + 1
    end if
    jend = jbeg + nlat - 1
    south = myid - 1
    north = myid + 1
    if (myid == 0) south = MPI_PROC_NULL
    if (myid == nproc - 1) north = MPI_PROC_NULL
    allocate(psi(nlon, 0:nlat+1), zeta(nlon, nlat), psinew(nlon, 0:nlat+1))
  end subroutine grid_init

  subroutine exchange_halo(f)
    real(8), intent(inout) :: f(nlon, 0:nlat+1)
    integer :: ierr
    if (nproc > 1) then
      call MPI_SENDRECV(f(1, nlat), nlon, MPI_DOUBLE_PRECISION, north, 11, &
                        f(1, 0), nlon, MPI_DOUBLE_PRECISION, south, 11, &
                        comm_model, MPI_STATUS_IGNORE, ierr)
      call MPI_SENDRECV(f(1, 1), nlon, MPI_DOUBLE_PRECISION, south, 12, &
                        f(1, nlat+1), nlon, MPI_DOUBLE_PRECISION, north, 12, &
                        comm_model, MPI_STATUS_IGNORE, ierr)
    end if
  end subroutine exchange_halo
end module grid_mod

subroutine read_control()
  use grid_mod
  implicit none
  integer :: maxiter, nsteps, iprint
  real(8) :: tol, dtime
  common /ctrl/ maxiter, nsteps, iprint, tol, dtime
  integer :: ierr
  if (myid == 0) then
    maxiter = 5000
    nsteps = 3
    iprint = 1
    tol = 1.0d-6
    dtime = 1800.0d0
  end if
  call MPI_BCAST(maxiter, 1, MPI_INTEGER, 0, comm_model, ierr)
  call MPI_BCAST(nsteps, 1, MPI_INTEGER, 0, comm_model, ierr)
  call MPI_BCAST(iprint, 1, MPI_INTEGER, 0, comm_model, ierr)
  call MPI_BCAST(tol, 1, MPI_DOUBLE_PRECISION, 0, comm_model, ierr)
  call MPI_BCAST(dtime, 1, MPI_DOUBLE_PRECISION, 0, comm_model, ierr)
end subroutine read_control

subroutine solve_streamfunction(niter)
  use grid_mod
  implicit none
  integer, intent(out) :: niter
  integer :: maxiter, nsteps, iprint
  real(8) :: tol, dtime
  common /ctrl/ maxiter, nsteps, iprint, tol, dtime
  integer :: i, j, ip, im, ierr
  real(8) :: err, errloc
  err = 1.0d30
  niter = 0
  do while (err > tol .and. niter < maxiter)
    call exchange_halo(psi)
    errloc = 0.0d0
    do j = 1, nlat
      do i = 1, nlon
        ip = mod(i, nlon) + 1
        im = mod(i + nlon - 2, nlon) + 1
        psinew(i, j) = 0.25d0 * (psi(ip, j) + psi(im, j) + psi(i, j+1) &
                                 + psi(i, j-1) - zeta(i, j))
        errloc = max(errloc, abs(psinew(i, j) - psi(i, j)))
      end do
    end do
    psi(:, 1:nlat) = psinew(:, 1:nlat)
    call MPI_ALLREDUCE(errloc, err, 1, MPI_DOUBLE_PRECISION, MPI_MAX, &
                       comm_model, ierr)
    niter = niter + 1
  end do
end subroutine solve_streamfunction

subroutine diagnostics(istep)
  use grid_mod
  implicit none
  integer, intent(in) :: istep
  real(8) :: zmean(nlat), zall(nlat_glob)
  integer :: counts(nproc), displs(nproc), p, ierr, base, extra
  do p = 1, nlat
    zmean(p) = sum(psi(:, p)) / nlon
  end do
  base = nlat_glob / nproc
  extra = mod(nlat_glob, nproc)
  do p = 1, nproc
    counts(p) = base
    if (p - 1 < extra) counts(p) = base + 1
  end do
  displs(1) = 0
  do p = 2, nproc
    displs(p) = displs(p - 1) + counts(p - 1)
  end do
  call MPI_GATHERV(zmean, nlat, MPI_DOUBLE_PRECISION, zall, counts, displs, &
                   MPI_DOUBLE_PRECISION, 0, comm_model, ierr)
  if (myid == 0) then
    write(*, '(a,i3,a,es12.4,a,es12.4)') ' step', istep, ' psi mean min', &
      minval(zall), ' max', maxval(zall)
  end if
end subroutine diagnostics

program climate
  use grid_mod
  implicit none
  integer :: maxiter, nsteps, iprint
  real(8) :: tol, dtime
  common /ctrl/ maxiter, nsteps, iprint, tol, dtime
  integer :: ierr, istep, niter, i, j
  real(8) :: t0, t1, tmax

  call MPI_INIT(ierr)
  call grid_init()
  call read_control()

  psi = 0.0d0
  do j = 1, nlat
    do i = 1, nlon
      zeta(i, j) = 1.0d-3 * sin(6.2831853d0 * i / nlon) * &
                   cos(3.14159265d0 * (jbeg + j - 1) / nlat_glob)
    end do
  end do

  t0 = MPI_WTIME()
  do istep = 1, nsteps
    call solve_streamfunction(niter)
    zeta = zeta * 0.99d0
    if (mod(istep, iprint) == 0) call diagnostics(istep)
    if (myid == 0) write(*, '(a,i3,a,i6,a)') ' step', istep, ': ', niter, ' iterations'
  end do
  t1 = MPI_WTIME() - t0
  call MPI_REDUCE(t1, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, comm_model, ierr)
  if (myid == 0) write(*, '(a,f8.3,a)') ' model time', tmax, ' s'

  deallocate(psi, zeta, psinew)
  call MPI_COMM_FREE(comm_model, ierr)
  call MPI_FINALIZE(ierr)
end program climate
