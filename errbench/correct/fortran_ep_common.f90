! NAS EP-like hybrid kernel in old Fortran style: parameters in a COMMON
! block set by rank 0 and broadcast, the batches of each process generated
! in an `!$omp parallel do' with reductions of the sums and counts, then
! the master thread of a second parallel region reduces them across
! processes (FUNNELED: MASTER is the main thread); the main thread checks
! the result after the region.  Nothing to warn, nothing to stop.
!
! description: NAS EP-like Fortran: COMMON block parameters broadcast, parallel do reductions, MASTER allreduce
! compile-flags: -fopenmp
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2 repeat=2
! expect-run: 2 ok threads=4 repeat=2
! expect-run: 1 ok threads=2
! expect-run: 3 ok threads=2
! expect-run-args: instrument=all
subroutine setup(rank)
  implicit none
  include 'mpif.h'
  integer rank, ierr
  integer nbatch, batch_size
  common /epparams/ nbatch, batch_size
  if (rank .eq. 0) then
    nbatch = 64
    batch_size = 256
  end if
  call mpi_bcast(nbatch, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call mpi_bcast(batch_size, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
end

double precision function lcg(seed)
  implicit none
  integer*8 seed
  seed = mod(seed * 1103515245_8 + 12345_8, 2147483648_8)
  lcg = dble(seed) / 2147483648.0d0
end

program ep_common
  implicit none
  include 'mpif.h'
  integer nbatch, batch_size
  common /epparams/ nbatch, batch_size
  integer ierr, provided, rank, nprocs, b, k
  integer*8 seed
  double precision sx, gx, lcg, x, counts(2), global(2)
  external lcg

  call mpi_init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call setup(rank)
  sx = 0.0d0
  gx = 0.0d0
!$omp parallel do private(seed, k, x) reduction(+:sx, gx)
  do b = rank + 1, nbatch, nprocs
    seed = 1000 + b
    do k = 1, batch_size
      x = lcg(seed)
      sx = sx + x
      if (x .lt. 0.5d0) gx = gx + 1.0d0
    end do
  end do
!$omp end parallel do
  counts(1) = sx
  counts(2) = gx
!$omp parallel
!$omp master
  call mpi_allreduce(counts, global, 2, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
!$omp end master
!$omp end parallel
  if (global(2) .lt. 0.3d0 * nbatch * batch_size .or. &
      global(2) .gt. 0.7d0 * nbatch * batch_size) then
    call mpi_abort(MPI_COMM_WORLD, 3, ierr)
  end if
  call mpi_finalize(ierr)
end
