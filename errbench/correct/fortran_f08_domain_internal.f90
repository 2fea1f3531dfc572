! description: Fortran mpi_f08: derived type with type(MPI_Comm), rank, size and neighbours built by MPI_Cart_create on a periodic ring, passed to module procedures; internal procedures of the main program using host variables; MPI_Sendrecv halo of an allocatable array, MPI_Allreduce on the type's communicator, do while convergence
! expect-run: 2 ok
! expect-run: 3 ok
module ring_mod
  use mpi_f08
  implicit none
  integer, parameter :: dp = kind(1.0d0)

  type :: ring_t
    type(MPI_Comm) :: comm
    integer :: rank, nprocs
    integer :: prev, next
  end type ring_t

contains

  subroutine ring_setup(ring)
    type(ring_t), intent(inout) :: ring
    integer :: dims(1)
    logical :: periods(1)

    call MPI_Comm_size(MPI_COMM_WORLD, ring%nprocs)
    dims(1) = ring%nprocs
    periods(1) = .true.
    call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., ring%comm)
    call MPI_Comm_rank(ring%comm, ring%rank)
    call MPI_Cart_shift(ring%comm, 0, 1, ring%prev, ring%next)
  end subroutine ring_setup

  subroutine ring_shift(ring, field, n)
    type(ring_t), intent(in) :: ring
    integer, intent(in) :: n
    real(dp), intent(inout) :: field(0:n + 1)

    call MPI_Sendrecv(field(n), 1, MPI_DOUBLE_PRECISION, ring%next, 7, &
                      field(0), 1, MPI_DOUBLE_PRECISION, ring%prev, 7, &
                      ring%comm, MPI_STATUS_IGNORE)
    call MPI_Sendrecv(field(1), 1, MPI_DOUBLE_PRECISION, ring%prev, 8, &
                      field(n + 1), 1, MPI_DOUBLE_PRECISION, ring%next, 8, &
                      ring%comm, MPI_STATUS_IGNORE)
  end subroutine ring_shift

  subroutine ring_max_change(ring, local, global)
    type(ring_t), intent(in) :: ring
    real(dp), intent(in) :: local
    real(dp), intent(out) :: global
    call MPI_Allreduce(local, global, 1, MPI_DOUBLE_PRECISION, MPI_MAX, ring%comm)
  end subroutine ring_max_change

end module ring_mod

program f08_ring_diffusion
  use mpi_f08
  use ring_mod
  implicit none
  integer, parameter :: n = 16
  type(ring_t) :: ring
  real(dp), allocatable :: temp(:), next_temp(:)
  real(dp) :: change, total, expected_total
  integer :: step, max_steps

  call MPI_Init()
  call ring_setup(ring)
  allocate (temp(0:n + 1), next_temp(n))
  call initial_state()
  expected_total = global_sum()

  max_steps = 100
  step = 0
  change = 1.0_dp
  do while (change > 1.0e-2_dp .and. step < max_steps)
    step = step + 1
    call diffuse(change)
  end do

  total = global_sum()
  if (abs(total - expected_total) > 1.0e-9_dp * abs(expected_total)) then
    write (*, *) 'heat not conserved on rank', ring%rank, total, expected_total
    call MPI_Abort(MPI_COMM_WORLD, 1)
  end if
  if (ring%rank == 0) write (*, '(a, i4, a, es12.4)') 'steps ', step, ' last change ', change

  call MPI_Comm_free(ring%comm)
  deallocate (temp, next_temp)
  call MPI_Finalize()

contains

  subroutine initial_state()
    integer :: i
    temp = 0.0_dp
    do i = 1, n
      temp(i) = real(mod(ring%rank * n + i, 9), dp)
    end do
  end subroutine initial_state

  subroutine diffuse(max_change)
    real(dp), intent(out) :: max_change
    real(dp) :: local_change
    integer :: i
    call ring_shift(ring, temp, n)
    do i = 1, n
      next_temp(i) = temp(i) + 0.25_dp * (temp(i - 1) - 2.0_dp * temp(i) + temp(i + 1))
    end do
    local_change = maxval(abs(next_temp - temp(1:n)))
    temp(1:n) = next_temp
    call ring_max_change(ring, local_change, max_change)
  end subroutine diffuse

  function global_sum() result(s)
    real(dp) :: s, mine
    mine = sum(temp(1:n))
    call MPI_Allreduce(mine, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, ring%comm)
  end function global_sum

end program f08_ring_diffusion
