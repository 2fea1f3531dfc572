! description: NAS LU-like Fortran: SSOR wavefront pipelined by blocking MPI_Recv/MPI_Send under neighbour tests (north/south = -1 at the edges), inputs set on rank 0 and broadcast by an internal procedure, internal procedures reading host variables, l2 norm by MPI_Allreduce, exit from the iteration loop on it, timers reduced to rank 0
! expect-run: 2 ok
! expect-run: 3 ok
program lu_wavefront
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: ierr, id, num, north, south, nx, ny_local, itmax, inorm, istep
  real(dp) :: omega, tolrsd, rsdnm, rsdnm_first, t_start, t_elapsed, t_max
  real(dp), allocatable :: v(:,:), rsd(:,:)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, id, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, num, ierr)
  north = -1
  south = -1
  if (id > 0) north = id - 1
  if (id < num - 1) south = id + 1

  call read_input()
  allocate (v(0:nx + 1, 0:ny_local + 1), rsd(nx, ny_local))
  call set_initial()
  call l2norm(rsdnm_first)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t_start = MPI_Wtime()
  do istep = 1, itmax
    call lower_sweep()
    call upper_sweep()
    if (mod(istep, inorm) == 0 .or. istep == itmax) then
      call l2norm(rsdnm)
      if (id == 0) write (*, '(a, i4, es14.6)') ' step ', istep, rsdnm
      if (rsdnm < tolrsd * rsdnm_first) exit
    end if
  end do
  t_elapsed = MPI_Wtime() - t_start
  call MPI_Reduce(t_elapsed, t_max, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)

  call l2norm(rsdnm)
  if (.not. (rsdnm < rsdnm_first)) then
    if (id == 0) write (*, *) 'no convergence', rsdnm, rsdnm_first
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  if (id == 0) write (*, '(a, es12.4, a, l1)') ' final norm ', rsdnm, ' timed ', t_max >= 0.0_dp

  deallocate (v, rsd)
  call MPI_Finalize(ierr)

contains

  subroutine read_input()
    integer :: ipar(4)
    real(dp) :: rpar(2)
    if (id == 0) then
      ! Stands for reading inputlu.data.
      ipar = (/ 24, 6, 40, 5 /)
      rpar = (/ 1.2_dp, 1.0e-6_dp /)
    end if
    call MPI_Bcast(ipar, 4, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
    call MPI_Bcast(rpar, 2, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
    nx = ipar(1)
    ny_local = ipar(2)
    itmax = ipar(3)
    inorm = ipar(4)
    omega = rpar(1)
    tolrsd = rpar(2)
  end subroutine read_input

  subroutine set_initial()
    integer :: i, j
    v = 0.0_dp
    do j = 1, ny_local
      do i = 1, nx
        v(i, j) = sin(0.3_dp * real(i, dp)) * cos(0.2_dp * real(id * ny_local + j, dp))
      end do
    end do
  end subroutine set_initial

  subroutine receive_row(from, row)
    integer, intent(in) :: from, row
    if (from /= -1) call MPI_Recv(v(1, row), nx, MPI_DOUBLE_PRECISION, from, 21, MPI_COMM_WORLD, &
                                  MPI_STATUS_IGNORE, ierr)
  end subroutine receive_row

  subroutine send_row(to, row)
    integer, intent(in) :: to, row
    if (to /= -1) call MPI_Send(v(1, row), nx, MPI_DOUBLE_PRECISION, to, 21, MPI_COMM_WORLD, ierr)
  end subroutine send_row

  ! Gauss-Seidel in increasing j: the row above comes from north first.
  subroutine lower_sweep()
    integer :: i, j
    call receive_row(north, 0)
    do j = 1, ny_local
      do i = 1, nx
        v(i, j) = (1.0_dp - omega) * v(i, j) + omega * 0.25_dp * (v(i - 1, j) + v(i + 1, j) + v(i, j - 1) + v(i, j + 1))
      end do
    end do
    call send_row(south, ny_local)
  end subroutine lower_sweep

  ! Then in decreasing j: the row below comes from south.
  subroutine upper_sweep()
    integer :: i, j
    call receive_row(south, ny_local + 1)
    do j = ny_local, 1, -1
      do i = nx, 1, -1
        v(i, j) = (1.0_dp - omega) * v(i, j) + omega * 0.25_dp * (v(i - 1, j) + v(i + 1, j) + v(i, j - 1) + v(i, j + 1))
      end do
    end do
    call send_row(north, 1)
  end subroutine upper_sweep

  subroutine l2norm(norm)
    real(dp), intent(out) :: norm
    real(dp) :: local
    integer :: i, j
    do j = 1, ny_local
      do i = 1, nx
        rsd(i, j) = v(i, j)
      end do
    end do
    local = sum(rsd ** 2)
    call MPI_Allreduce(local, norm, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    norm = sqrt(norm / real(nx * ny_local * num, dp))
  end subroutine l2norm

end program lu_wavefront
