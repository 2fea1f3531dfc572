! Fortran 2008 bindings (use mpi_f08) with MPICH: a fence epoch around one
! MPI_Put to the next rank, then the window freed.  MPICH's mpi_f08 module
! passes MPI_Win_create and MPI_Put through the MPI_ entry points the
! runtime wraps, but MPI_Win_fence straight to PMPI_Win_fence: the runtime
! never sees the epoch open and must not follow the window (it stopped
! this program with "no access epoch of this window is open").  The value
! received is not checked (MPICH here does not deliver one-sided
! operations between processes).  Silent, runs clean.
!
! description: mpi_f08 under MPICH: MPI_Win_create, fence, MPI_Put, fence; the fences bypass the runtime's wrappers, so the window is not followed: silent, runs clean
! runs-require-mpi: MPICH
! expect-run: 2 ok
! expect-run: 3 ok
program rma_f08_fence_put_mpich
  use mpi_f08
  implicit none
  type(MPI_Win) :: win
  real(8), target :: ghost(1)
  real(8) :: mine(1)
  integer :: rank, nprocs
  integer(kind=MPI_ADDRESS_KIND) :: bytes, disp
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  ghost = -1.0d0
  mine = dble(rank)
  bytes = 8
  disp = 0
  call MPI_Win_create(ghost, bytes, 8, MPI_INFO_NULL, MPI_COMM_WORLD, win)
  call MPI_Win_fence(0, win)
  call MPI_Put(mine, 1, MPI_DOUBLE_PRECISION, mod(rank + 1, nprocs), disp, 1, &
               MPI_DOUBLE_PRECISION, win)
  call MPI_Win_fence(0, win)
  call MPI_Win_lock_all(0, win)
  call MPI_Put(mine, 1, MPI_DOUBLE_PRECISION, mod(rank + 1, nprocs), disp, 1, &
               MPI_DOUBLE_PRECISION, win)
  call MPI_Win_unlock_all(win)
  call MPI_Win_free(win)
  if (rank == 0) print *, 'done'
  call MPI_Finalize()
end program rma_f08_fence_put_mpich
