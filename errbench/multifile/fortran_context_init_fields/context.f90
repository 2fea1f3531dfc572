! The component's context: its communicator, this process's rank and the
! size, and the settings rank 0 reads and broadcasts.
module context_mod
  use mpi_f08
  implicit none
  type :: context_t
    type(MPI_Comm) :: comm
    integer :: rank, nprocs, nsteps
    double precision :: tol
  end type context_t
contains
  subroutine context_init(ctx)
    type(context_t), intent(out) :: ctx
    call MPI_Comm_dup(MPI_COMM_WORLD, ctx%comm)
    call MPI_Comm_rank(ctx%comm, ctx%rank)
    call MPI_Comm_size(ctx%comm, ctx%nprocs)
    if (ctx%rank == 0) then
      ctx%nsteps = 4
      ctx%tol = 1.0d-8
    end if
    call MPI_Bcast(ctx%nsteps, 1, MPI_INTEGER, 0, ctx%comm)
    call MPI_Bcast(ctx%tol, 1, MPI_DOUBLE_PRECISION, 0, ctx%comm)
  end subroutine context_init
end module context_mod
