! CloverLeaf-like 2-D hydrodynamics skeleton (pure MPI, free-form Fortran,
! `use mpi'): a `data_module' with the parallel state (parallel%task,
! parallel%boss, max_task), a `clover_module' with clover_init_comms,
! clover_barrier, clover_min (MPI_Allreduce MPI_MIN), clover_sum (MPI_Reduce
! to the boss) and clover_check_error (MPI_Allreduce MPI_MAX of an error
! flag); the boss alone reads the "input deck" (here defaults) and
! broadcasts it; the time step is the minimum over tiles; a field summary
! every few steps prints only on the boss; the hydro loop exits on time or
! step count.  Nothing to warn, nothing to stop.
!
! description: CloverLeaf-like Fortran: modules with parallel state, clover_min/clover_sum/clover_check_error wrappers, boss-read input broadcast, dt by Allreduce(MIN), field summary on the boss
! expect-run: 2 ok
! expect-run: 4 ok
module data_module
  implicit none
  type parallel_type
    logical :: parallel
    logical :: boss
    integer :: max_task
    integer :: task
    integer :: boss_task
  end type parallel_type
  type(parallel_type) :: parallel
  integer, parameter :: g_out = 6
end module data_module

module definitions_module
  implicit none
  integer :: step, end_step, summary_frequency
  real(kind=8) :: time, end_time, dt, dtinit, dtmax
  integer :: x_cells, x_min, x_max
  real(kind=8), allocatable :: density(:), energy(:), pressure(:), xvel(:)
end module definitions_module

module clover_module
  use data_module
  use mpi
  implicit none
contains
  subroutine clover_init_comms()
    integer :: err, rank, size
    call MPI_INIT(err)
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, err)
    call MPI_COMM_SIZE(MPI_COMM_WORLD, size, err)
    parallel%parallel = .true.
    parallel%task = rank
    parallel%boss_task = 0
    parallel%boss = (rank == 0)
    parallel%max_task = size
  end subroutine clover_init_comms

  subroutine clover_finalize()
    integer :: err
    call MPI_FINALIZE(err)
  end subroutine clover_finalize

  subroutine clover_abort()
    integer :: ierr, err
    call MPI_ABORT(MPI_COMM_WORLD, ierr, err)
  end subroutine clover_abort

  subroutine clover_barrier()
    integer :: err
    call MPI_BARRIER(MPI_COMM_WORLD, err)
  end subroutine clover_barrier

  subroutine clover_min(value)
    real(kind=8) :: value, minimum
    integer :: err
    minimum = value
    call MPI_ALLREDUCE(value, minimum, 1, MPI_DOUBLE_PRECISION, MPI_MIN, &
                       MPI_COMM_WORLD, err)
    value = minimum
  end subroutine clover_min

  subroutine clover_sum(value)
    real(kind=8) :: value, total
    integer :: err
    total = value
    call MPI_REDUCE(value, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, &
                    MPI_COMM_WORLD, err)
    value = total
  end subroutine clover_sum

  subroutine clover_check_error(error)
    integer :: error, maximum, err
    maximum = error
    call MPI_ALLREDUCE(error, maximum, 1, MPI_INTEGER, MPI_MAX, &
                       MPI_COMM_WORLD, err)
    error = maximum
  end subroutine clover_check_error
end module clover_module

subroutine read_input()
  use clover_module
  use definitions_module
  implicit none
  integer :: ibuf(3), err
  real(kind=8) :: rbuf(3)
  if (parallel%boss) then
    write(g_out, '(a)') 'Clover: reading input (defaults)'
    end_step = 40
    summary_frequency = 10
    x_cells = 64
    end_time = 0.5d0
    dtinit = 0.04d0
    dtmax = 0.04d0
    ibuf = (/ end_step, summary_frequency, x_cells /)
    rbuf = (/ end_time, dtinit, dtmax /)
  end if
  call MPI_BCAST(ibuf, 3, MPI_INTEGER, 0, MPI_COMM_WORLD, err)
  call MPI_BCAST(rbuf, 3, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, err)
  end_step = ibuf(1)
  summary_frequency = ibuf(2)
  x_cells = ibuf(3)
  end_time = rbuf(1)
  dtinit = rbuf(2)
  dtmax = rbuf(3)
end subroutine read_input

subroutine start()
  use clover_module
  use definitions_module
  implicit none
  integer :: chunk, rest, i, error
  chunk = x_cells / parallel%max_task
  rest = mod(x_cells, parallel%max_task)
  x_min = 1
  x_max = chunk
  if (parallel%task < rest) x_max = x_max + 1
  error = 0
  allocate(density(x_min-1:x_max+1), energy(x_min-1:x_max+1), &
           pressure(x_min-1:x_max+1), xvel(x_min-1:x_max+1), stat=error)
  call clover_check_error(error)
  if (error /= 0) then
    if (parallel%boss) write(g_out, *) 'allocation failed'
    call clover_abort()
  end if
  do i = x_min - 1, x_max + 1
    density(i) = 1.0d0
    energy(i) = 2.5d0
    xvel(i) = 0.0d0
  end do
  if (parallel%task == 0) energy(x_min:x_min+3) = 10.0d0
  time = 0.0d0
  step = 0
  dt = dtinit
  call clover_barrier()
end subroutine start

subroutine timestep()
  use clover_module
  use definitions_module
  implicit none
  integer :: i
  real(kind=8) :: dtl, cs
  dtl = dtmax
  do i = x_min, x_max
    pressure(i) = 0.4d0 * density(i) * energy(i)
    cs = sqrt(1.4d0 * pressure(i) / density(i))
    dtl = min(dtl, 0.7d0 / (cs + abs(xvel(i))) / dble(x_cells))
  end do
  call clover_min(dtl)
  dt = dtl
  if (time + dt > end_time) dt = end_time - time
end subroutine timestep

subroutine field_summary()
  use clover_module
  use definitions_module
  implicit none
  real(kind=8) :: mass, ie
  integer :: i
  mass = 0.0d0
  ie = 0.0d0
  do i = x_min, x_max
    mass = mass + density(i)
    ie = ie + density(i) * energy(i)
  end do
  call clover_sum(mass)
  call clover_sum(ie)
  if (parallel%boss) then
    write(g_out, '(a,i6,2es14.6)') ' summary', step, mass, ie
  end if
end subroutine field_summary

subroutine hydro()
  use clover_module
  use definitions_module
  implicit none
  integer :: i
  real(kind=8) :: timer, wall, wall_max
  integer :: err
  timer = MPI_WTIME()
  do
    step = step + 1
    call timestep()
    do i = x_min, x_max
      energy(i) = energy(i) - dt * 0.01d0 * (energy(i) - 2.5d0)
    end do
    time = time + dt
    if (mod(step, summary_frequency) == 0) call field_summary()
    if (time + 1.0d-12 >= end_time .or. step >= end_step) then
      call field_summary()
      wall = MPI_WTIME() - timer
      call MPI_REDUCE(wall, wall_max, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, &
                      MPI_COMM_WORLD, err)
      if (parallel%boss) write(g_out, '(a,i6,a)') ' Calculation complete at step', step, ''
      exit
    end if
  end do
end subroutine hydro

program clover_leaf
  use clover_module
  implicit none
  call clover_init_comms()
  if (parallel%boss) write(g_out, '(a,i4,a)') ' Clover running on', parallel%max_task, ' tasks'
  call read_input()
  call start()
  call hydro()
  call clover_finalize()
end program clover_leaf
