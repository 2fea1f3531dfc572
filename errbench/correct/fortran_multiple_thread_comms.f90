! MPI_THREAD_MULTIPLE in Fortran: one duplicate of MPI_COMM_WORLD per
! thread, made before the parallel region (the processes agree on the team
! size first); inside the region each thread reduces on its own
! communicator, concurrently with the others, which MPI allows for
! different communicators.  If MPI does not provide MULTIPLE the program
! stops with a message on every process alike.  Nothing to warn, nothing
! to stop.
!
! description: Fortran MULTIPLE: MPI_Comm_dup per thread, concurrent MPI_Allreduce on per-thread communicators
! compile-flags: -fopenmp
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2 repeat=2
! expect-run: 2 ok threads=4 repeat=2
! expect-run: 3 ok threads=2
! expect-run-args: instrument=all
program multiple_thread_comms
  use mpi
  use omp_lib
  implicit none
  integer :: ierr, provided, rank, nprocs, wanted, nthreads, t, it
  integer, allocatable :: comms(:)
  double precision, allocatable :: sums(:)
  double precision :: mine, got, expected

  call MPI_Init_thread(MPI_THREAD_MULTIPLE, provided, ierr)
  if (provided /= MPI_THREAD_MULTIPLE) then
    print *, 'MPI_THREAD_MULTIPLE not provided'
    call MPI_Finalize(ierr)
    stop
  end if
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  wanted = omp_get_max_threads()
  call MPI_Allreduce(wanted, nthreads, 1, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  allocate(comms(0:nthreads-1), sums(0:nthreads-1))
  do t = 0, nthreads - 1
    call MPI_Comm_dup(MPI_COMM_WORLD, comms(t), ierr)
  end do
  call omp_set_dynamic(.false.)

!$omp parallel num_threads(nthreads) private(t, it, mine, got, ierr)
  t = omp_get_thread_num()
  sums(t) = 0.0d0
  do it = 1, 10
    mine = dble(rank + t + it)
    call MPI_Allreduce(mine, got, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comms(t), ierr)
    sums(t) = sums(t) + got
  end do
!$omp end parallel

  do t = 0, nthreads - 1
    expected = 0.0d0
    do it = 1, 10
      expected = expected + dble(nprocs) * (t + it) + dble(nprocs * (nprocs - 1)) / 2.0d0
    end do
    if (sums(t) /= expected) then
      print *, 'rank', rank, 'thread', t, sums(t), expected
      call MPI_Abort(MPI_COMM_WORLD, 3, ierr)
    end if
    call MPI_Comm_free(comms(t), ierr)
  end do
  call MPI_Finalize(ierr)
end program multiple_thread_comms
