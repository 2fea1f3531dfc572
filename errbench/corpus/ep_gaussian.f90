! EP-like embarrassingly parallel kernel: Gaussian deviates by the
! Marsaglia polar method, counted in square annuli, with a final reduction.
!
! Rank 0 takes the problem class from the command line (S by default),
! checks it (an unknown class ends the job with mpi_abort) and broadcasts
! it.  The 2**m pairs of uniform numbers are cut into batches; each process
! runs a contiguous block of batches, jumping its Park-Miller generator to
! the first number of each batch by modular exponentiation, so the result
! does not depend on the number of processes.  The sums and the annulus
! counts are combined with mpi_allreduce, the time with mpi_reduce, and
! rank 0 compares with the reference values of the class (counts exactly,
! sums to a relative 1e-8) and calls mpi_abort on failure.
!
! Correct program: no collective is under a condition or in a loop.
!
! description: EP-like Fortran kernel: broadcast class from rank 0, independent batches, final mpi_allreduce of sums and counts
! expect-run: 2 ok
! expect-run: 3 ok
program ep_gaussian
  use mpi
  implicit none

  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: i8 = selected_int_kind(18)
  integer(i8), parameter :: lcg_a = 16807_i8, lcg_m = 2147483647_i8
  integer(i8), parameter :: seed = 271828183_i8
  integer, parameter :: nq = 10, batch_log2 = 14

  character(len=1) :: class
  character(len=16) :: arg
  integer :: m, nbatches, first_batch, last_batch, batch
  integer :: rank, nprocs, ierr, l
  real(dp) :: q(0:nq-1), gq(0:nq-1), sums(2), gsums(2)
  real(dp) :: ref_sx, ref_sy, ref_q(0:nq-1)
  real(dp) :: t0, elapsed, slowest
  logical :: ok

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)

  if (rank == 0) then
    class = 'S'
    if (command_argument_count() >= 1) then
      call get_command_argument(1, arg)
      class = arg(1:1)
    end if
    if (class /= 'S' .and. class /= 'W') then
      write(*, '(3a)') ' ep_gaussian: unknown class ', class, ' (S or W)'
      call mpi_abort(MPI_COMM_WORLD, 2, ierr)
    end if
  end if
  call mpi_bcast(class, 1, MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  call set_class(class)

  nbatches = 2**(m - batch_log2)
  first_batch = (rank * nbatches) / nprocs
  last_batch = ((rank + 1) * nbatches) / nprocs - 1

  if (rank == 0) then
    write(*, '(a)') ' EP-like benchmark'
    write(*, '(a,a,a,i0,a)') ' class ', class, ': 2**', m, ' pairs'
    write(*, '(a,i0)') ' processes ', nprocs
  end if

  t0 = mpi_wtime()
  q = 0.0_dp
  sums = 0.0_dp
  do batch = first_batch, last_batch
    call run_batch(batch)
  end do
  elapsed = mpi_wtime() - t0

  call mpi_allreduce(q, gq, nq, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call mpi_allreduce(sums, gsums, 2, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call mpi_reduce(elapsed, slowest, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)

  if (rank == 0) then
    write(*, '(a,es24.15)') ' sum x = ', gsums(1)
    write(*, '(a,es24.15)') ' sum y = ', gsums(2)
    do l = 0, nq - 1
      write(*, '(i4,f14.0)') l, gq(l)
    end do
    write(*, '(a,f14.0)') ' pairs accepted ', sum(gq)
    write(*, '(a,f8.4,a)') ' time ', slowest, ' s'
    ok = abs(gsums(1) - ref_sx) <= 1.0e-8_dp * abs(ref_sx) .and. &
         abs(gsums(2) - ref_sy) <= 1.0e-8_dp * abs(ref_sy) .and. &
         all(gq == ref_q)
    if (ok) then
      write(*, '(a)') ' Verification SUCCESSFUL'
    else
      write(*, '(a)') ' Verification FAILED'
      call mpi_abort(MPI_COMM_WORLD, 1, ierr)
    end if
  end if

  call mpi_finalize(ierr)

contains

  subroutine set_class(c)
    character(len=1), intent(in) :: c
    select case (c)
    case ('W')
      m = 22
      ref_sx = -2.606869622490929E+03_dp
      ref_sy = -2.476655956376568E+03_dp
      ref_q = (/ 1534942.0_dp, 1466201.0_dp, 274229.0_dp, 17082.0_dp, 405.0_dp, &
                 5.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp /)
    case default
      m = 20
      ref_sx = -1.615989073354896E+03_dp
      ref_sy = -2.114898671227558E+02_dp
      ref_q = (/ 383614.0_dp, 366170.0_dp, 68914.0_dp, 4197.0_dp, 114.0_dp, &
                 1.0_dp, 0.0_dp, 0.0_dp, 0.0_dp, 0.0_dp /)
    end select
  end subroutine set_class

  ! a**e mod lcg_m by repeated squaring (products stay below 2**62)
  integer(i8) function power_mod(a, e)
    integer(i8), intent(in) :: a, e
    integer(i8) :: base, k
    power_mod = 1_i8
    base = mod(a, lcg_m)
    k = e
    do while (k > 0_i8)
      if (mod(k, 2_i8) == 1_i8) power_mod = mod(power_mod * base, lcg_m)
      base = mod(base * base, lcg_m)
      k = k / 2_i8
    end do
  end function power_mod

  subroutine run_batch(b)
    integer, intent(in) :: b
    integer(i8) :: x, pairs, k
    real(dp) :: u1, u2, t, f, gx, gy
    integer :: bin
    pairs = 2_i8**batch_log2
    x = mod(seed * power_mod(lcg_a, 2_i8 * pairs * b), lcg_m)
    do k = 1, pairs
      x = mod(lcg_a * x, lcg_m)
      u1 = 2.0_dp * real(x, dp) / real(lcg_m, dp) - 1.0_dp
      x = mod(lcg_a * x, lcg_m)
      u2 = 2.0_dp * real(x, dp) / real(lcg_m, dp) - 1.0_dp
      t = u1 * u1 + u2 * u2
      if (t > 0.0_dp .and. t <= 1.0_dp) then
        f = sqrt(-2.0_dp * log(t) / t)
        gx = u1 * f
        gy = u2 * f
        bin = int(max(abs(gx), abs(gy)))
        if (bin < nq) q(bin) = q(bin) + 1.0_dp
        sums(1) = sums(1) + gx
        sums(2) = sums(2) + gy
      end if
    end do
  end subroutine run_batch

end program ep_gaussian
