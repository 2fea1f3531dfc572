! Fortran: correct counterparts of the argument mismatches: roots, ops and
! counts computed, but the same on every process, and per-process counts
! where the standard allows them.
!
! What it shows (nothing to warn, nothing to stop): a root nprocs - 1, a
! root read by rank 0 then broadcast, an op chosen by a test of the size,
! a count from mpi_comm_size, mpi_gatherv with per-process sendcounts,
! MPI_IN_PLACE at the root of mpi_reduce only.
!
! description: Fortran: computed-but-uniform roots, ops, counts; per-process gatherv counts; in place at root: silent and clean
! expect-run: 1 ok
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run-args: instrument=all
program args_uniform_correct
  use mpi
  implicit none
  integer, parameter :: maxp = 16
  integer :: ierr, rank, nprocs, i, root, op, param(1)
  integer :: x(maxp), y(maxp), everything(maxp * maxp), counts(maxp), displs(maxp)

  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (nprocs > maxp) call mpi_abort(MPI_COMM_WORLD, 1, ierr)
  x = rank
  root = nprocs - 1
  call mpi_bcast(x, 2, MPI_INTEGER, root, MPI_COMM_WORLD, ierr)
  param = 0
  if (rank == 0) param(1) = mod(7, nprocs)
  call mpi_bcast(param, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call mpi_reduce(x, y, 1, MPI_INTEGER, MPI_SUM, param(1), MPI_COMM_WORLD, ierr)
  if (nprocs > 2) then
    op = MPI_MAX
  else
    op = MPI_SUM
  end if
  call mpi_allreduce(x, y, nprocs, MPI_INTEGER, op, MPI_COMM_WORLD, ierr)
  if (rank == root) then
    call mpi_reduce(MPI_IN_PLACE, x, 2, MPI_INTEGER, MPI_MAX, root, MPI_COMM_WORLD, ierr)
  else
    call mpi_reduce(x, y, 2, MPI_INTEGER, MPI_MAX, root, MPI_COMM_WORLD, ierr)
  end if
  do i = 1, nprocs
    counts(i) = i
    displs(i) = (i - 1) * maxp
  end do
  call mpi_gatherv(x, rank + 1, MPI_INTEGER, everything, counts, displs, &
                   MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'done'
  call mpi_finalize(ierr)
end program args_uniform_correct
