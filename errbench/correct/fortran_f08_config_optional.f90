! mpi_f08 application skeleton: a derived type holds the run
! configuration (a scheme name, sizes, flags) that rank 0 fills from the
! command line and broadcasts field by field; a select case on the
! broadcast scheme name picks the kernel; a reduction helper takes an
! optional communicator and an optional root (MPI_Allreduce without the
! root, MPI_Reduce with it; every process passes the same arguments); a
! validation routine agrees on an error flag with MPI_Allreduce(MPI_LOR)
! and every process returns early together; an internal function and a
! generic interface complete the picture.  Nothing to warn, nothing to
! stop.
!
! description: mpi_f08 config type broadcast field by field, select case on a broadcast string, optional communicator/root arguments, LOR-agreed early return
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run: 1 ok
module config_mod
  use mpi_f08
  implicit none
  type :: config_t
    character(len=8) :: scheme = 'jacobi'
    integer :: n = 400
    integer :: sweeps = 25
    logical :: check = .true.
  end type config_t

  interface global_sum
    module procedure global_sum_real, global_sum_int
  end interface global_sum
contains
  subroutine load_config(cfg, comm)
    type(config_t), intent(inout) :: cfg
    type(MPI_Comm), intent(in) :: comm
    integer :: rank, nargs
    character(len=32) :: arg
    call MPI_Comm_rank(comm, rank)
    if (rank == 0) then
      nargs = command_argument_count()
      if (nargs >= 1) then
        call get_command_argument(1, arg)
        cfg%scheme = arg(1:8)
      end if
      if (nargs >= 2) then
        call get_command_argument(2, arg)
        read(arg, *) cfg%n
      end if
    end if
    call MPI_Bcast(cfg%scheme, len(cfg%scheme), MPI_CHARACTER, 0, comm)
    call MPI_Bcast(cfg%n, 1, MPI_INTEGER, 0, comm)
    call MPI_Bcast(cfg%sweeps, 1, MPI_INTEGER, 0, comm)
    call MPI_Bcast(cfg%check, 1, MPI_LOGICAL, 0, comm)
  end subroutine load_config

  function global_sum_real(x, comm, root) result(total)
    double precision, intent(in) :: x
    type(MPI_Comm), intent(in), optional :: comm
    integer, intent(in), optional :: root
    double precision :: total
    type(MPI_Comm) :: c
    c = MPI_COMM_WORLD
    if (present(comm)) c = comm
    if (present(root)) then
      total = 0.0d0
      call MPI_Reduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, root, c)
    else
      call MPI_Allreduce(x, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, c)
    end if
  end function global_sum_real

  function global_sum_int(k, comm) result(total)
    integer, intent(in) :: k
    type(MPI_Comm), intent(in), optional :: comm
    integer :: total
    if (present(comm)) then
      call MPI_Allreduce(k, total, 1, MPI_INTEGER, MPI_SUM, comm)
    else
      call MPI_Allreduce(k, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    end if
  end function global_sum_int

  subroutine validate(cfg, nlocal, ok)
    type(config_t), intent(in) :: cfg
    integer, intent(in) :: nlocal
    logical, intent(out) :: ok
    logical :: bad, any_bad
    bad = nlocal < 2 .or. cfg%sweeps < 1
    call MPI_Allreduce(bad, any_bad, 1, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD)
    ok = .not. any_bad
  end subroutine validate

  subroutine run(cfg, comm, energy)
    type(config_t), intent(in) :: cfg
    type(MPI_Comm), intent(in) :: comm
    double precision, intent(out) :: energy
    double precision, allocatable :: v(:)
    integer :: rank, nprocs, nlocal, sweep, total_points
    logical :: ok
    call MPI_Comm_rank(comm, rank)
    call MPI_Comm_size(comm, nprocs)
    nlocal = cfg%n / nprocs
    if (rank == nprocs - 1) nlocal = cfg%n - (nprocs - 1) * nlocal
    energy = -1.0d0
    call validate(cfg, nlocal, ok)
    if (.not. ok) return
    total_points = global_sum(nlocal, comm)
    allocate(v(nlocal))
    v = dble(rank + 1)
    do sweep = 1, cfg%sweeps
      select case (trim(cfg%scheme))
      case ('jacobi')
        v = 0.5d0 * v + 0.25d0
      case ('gs', 'sor')
        v(2:) = 0.5d0 * (v(2:) + v(:nlocal-1))
      case default
        v = v * 0.99d0
      end select
      if (cfg%check .and. mod(sweep, 5) == 0) energy = global_sum(local_energy())
    end do
    energy = global_sum(local_energy(), comm, 0)
    if (rank == 0) print '(a,1x,i0,1x,es12.4)', trim(cfg%scheme), total_points, energy
  contains
    double precision function local_energy()
      local_energy = sum(v * v)
    end function local_energy
  end subroutine run
end module config_mod

program f08_config_optional
  use mpi_f08
  use config_mod
  implicit none
  type(config_t) :: cfg
  double precision :: energy
  call MPI_Init()
  call load_config(cfg, MPI_COMM_WORLD)
  call run(cfg, MPI_COMM_WORLD, energy)
  call MPI_Finalize()
end program f08_config_optional
