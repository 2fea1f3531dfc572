! Twin of correct/fortran_f08_config_optional.f90 (mpi_f08): the same
! configuration type, broadcast field by field through the mpi_f08
! bindings (gfortran passes each buffer in an array descriptor), but one
! field is left out: rank 0 alone sets `sweeps', so the loop of line 53
! runs a different number of MPI_Allreduce calls on each process.  And
! the scheme name is changed after its broadcast on the last process: the
! SELECT CASE on TRIM(cfg%scheme) (line 45) sends it to the case with
! the collective.  Both are warned; the run stops.
!
! description: twin of fortran_f08_config_optional: a config field not broadcast (mpi_f08), a select case on a per-process trim(name)
! expect-warning: 47 collective-mismatch
! expect-warning: 55 collective-mismatch
! expect-conditional: 49
! expect-conditional: 53
! expect-run: 2 stop
! expect-run: 3 stop
! expect-run: 1 ok
module config_mod
  use mpi_f08
  implicit none
  type :: config_t
    character(len=8) :: scheme = 'jacobi'
    integer :: n = 400
    integer :: sweeps = 4
  end type config_t
contains
  subroutine load_config(cfg, comm)
    type(config_t), intent(inout) :: cfg
    type(MPI_Comm), intent(in) :: comm
    integer :: rank, nprocs
    call MPI_Comm_rank(comm, rank)
    call MPI_Comm_size(comm, nprocs)
    if (rank == 0) cfg%sweeps = 6
    call MPI_Bcast(cfg%scheme, len(cfg%scheme), MPI_CHARACTER, 0, comm)
    call MPI_Bcast(cfg%n, 1, MPI_INTEGER, 0, comm)
    if (rank == nprocs - 1) cfg%scheme = 'sync'
  end subroutine load_config

  subroutine run(cfg, comm)
    type(config_t), intent(in) :: cfg
    type(MPI_Comm), intent(in) :: comm
    double precision :: local, total
    integer :: sweep
    local = 1.0d0
    select case (trim(cfg%scheme))
    case ('sync')
      call MPI_Barrier(comm)
    case default
      local = 2.0d0 * local
    end select
    ! The loop bounded by the field that was not broadcast.
    total = 0.0d0
    do sweep = 1, cfg%sweeps
      local = 0.5d0 * local
      call MPI_Allreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm)
    end do
  end subroutine run
end module config_mod

program f08_config_field_twin
  use mpi_f08
  use config_mod
  implicit none
  type(config_t) :: cfg
  call MPI_Init()
  call load_config(cfg, MPI_COMM_WORLD)
  call run(cfg, MPI_COMM_WORLD)
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Finalize()
end program f08_config_field_twin
