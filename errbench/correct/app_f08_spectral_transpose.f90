! A pseudo-spectral 2-D solver skeleton in Fortran 2008 (`use mpi_f08'):
! slab decomposition in y, a global transpose by MPI_Alltoall of packed
! blocks between the x-pencil and y-pencil layouts (the 1-D transforms are
! naive DFTs along the local direction), a time loop whose step count is
! broadcast from rank 0, an energy spectrum reduced with MPI_Reduce on
! rank 0, the CFL number checked with MPI_Allreduce(MPI_MAX) and the loop
! left with `exit' when it is exceeded (the same test on every process),
! and `if (nprocs > 1)' skipping the transpose on one process.  The grid
! size must be divisible by the process count: otherwise rank 0 reports
! and everybody calls MPI_Abort.  Nothing to warn, nothing to stop.
!
! description: mpi_f08 pseudo-spectral slab code: Alltoall transposes, nsteps broadcast, CFL by Allreduce(MAX) with exit, spectrum reduced to rank 0, nprocs > 1 path, MPI_Abort on bad size
! expect-run: 1 ok
! expect-run: 2 ok
! expect-run: 4 ok
module spectral_mod
  use mpi_f08
  implicit none
  integer, parameter :: n = 16
  integer :: nprocs, myrank, nloc
  type(MPI_Comm) :: comm
contains
  subroutine transpose_slab(a, b)
    complex(8), intent(in) :: a(n, nloc)
    complex(8), intent(out) :: b(n, nloc)
    complex(8) :: sendbuf(nloc, nloc, nprocs), recvbuf(nloc, nloc, nprocs)
    integer :: p, i, j
    if (nprocs > 1) then
      do p = 1, nprocs
        do j = 1, nloc
          do i = 1, nloc
            sendbuf(i, j, p) = a((p - 1) * nloc + i, j)
          end do
        end do
      end do
      call MPI_Alltoall(sendbuf, nloc * nloc, MPI_DOUBLE_COMPLEX, recvbuf, &
                        nloc * nloc, MPI_DOUBLE_COMPLEX, comm)
      do p = 1, nprocs
        do j = 1, nloc
          do i = 1, nloc
            b((p - 1) * nloc + j, i) = recvbuf(i, j, p)
          end do
        end do
      end do
    else
      b = transpose(a)
    end if
  end subroutine transpose_slab

  subroutine dft_lines(a, sgn)
    complex(8), intent(inout) :: a(n, nloc)
    integer, intent(in) :: sgn
    complex(8) :: tmp(n)
    integer :: j, k, m
    real(8), parameter :: pi = 3.14159265358979d0
    do j = 1, nloc
      do k = 1, n
        tmp(k) = (0.0d0, 0.0d0)
        do m = 1, n
          tmp(k) = tmp(k) + a(m, j) * exp(cmplx(0.0d0, sgn * 2.0d0 * pi * (k - 1) * (m - 1) / n, 8))
        end do
      end do
      if (sgn > 0) tmp = tmp / n
      a(:, j) = tmp
    end do
  end subroutine dft_lines
end module spectral_mod

program spectral
  use mpi_f08
  use spectral_mod
  implicit none
  complex(8), allocatable :: u(:,:), uhat(:,:), w(:,:)
  real(8) :: spec(n), spec_glob(n), umax, umax_glob, dt, cfl
  integer :: nsteps, step, i, j, k
  real(8) :: t0, t1, tmax

  call MPI_Init()
  call MPI_Comm_dup(MPI_COMM_WORLD, comm)
  call MPI_Comm_rank(comm, myrank)
  call MPI_Comm_size(comm, nprocs)
  if (mod(n, nprocs) /= 0) then
    if (myrank == 0) print *, 'grid size must be divisible by nprocs'
    call MPI_Abort(comm, 1)
  end if
  nloc = n / nprocs
  allocate(u(n, nloc), uhat(n, nloc), w(n, nloc))

  if (myrank == 0) nsteps = 5
  call MPI_Bcast(nsteps, 1, MPI_INTEGER, 0, comm)

  do j = 1, nloc
    do i = 1, n
      u(i, j) = cmplx(sin(6.2831853d0 * (i - 1) / n) * cos(6.2831853d0 * (myrank * nloc + j - 1) / n), 0.0d0, 8)
    end do
  end do

  dt = 0.01d0
  t0 = MPI_Wtime()
  do step = 1, nsteps
    ! forward transform: x lines, transpose, y lines
    uhat = u
    call dft_lines(uhat, -1)
    call transpose_slab(uhat, w)
    call dft_lines(w, -1)
    ! damp the high modes (viscous step in spectral space)
    do j = 1, nloc
      do k = 1, n
        w(k, j) = w(k, j) * exp(-dt * 0.1d0 * ((k - 1) ** 2 + (myrank * nloc + j - 1) ** 2))
      end do
    end do
    ! inverse transform
    call dft_lines(w, 1)
    call transpose_slab(w, uhat)
    call dft_lines(uhat, 1)
    u = uhat

    umax = maxval(abs(u))
    call MPI_Allreduce(umax, umax_glob, 1, MPI_DOUBLE_PRECISION, MPI_MAX, comm)
    cfl = umax_glob * dt * n
    if (cfl > 1.0d0) then
      if (myrank == 0) print *, 'CFL exceeded at step', step
      exit
    end if
  end do
  t1 = MPI_Wtime() - t0

  spec = 0.0d0
  do j = 1, nloc
    spec = spec + abs(u(:, j)) ** 2
  end do
  call MPI_Reduce(spec, spec_glob, n, MPI_DOUBLE_PRECISION, MPI_SUM, 0, comm)
  call MPI_Reduce(t1, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, comm)
  if (myrank == 0) then
    print '(a,es12.4,a,f8.4,a)', ' energy', sum(spec_glob), ' in', tmax, ' s'
  end if

  deallocate(u, uhat, w)
  call MPI_Comm_free(comm)
  call MPI_Finalize()
end program spectral
