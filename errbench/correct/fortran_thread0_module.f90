! The FUNNELED thread-number idiom in Fortran, in a module with module
! variables: one parallel region over the time loop, the threads share the
! work (DO with a reduction into a module variable), then
! `if (omp_get_thread_num() == 0)' reduces across processes between two
! barriers.  Thread 0 of the initial team is the main thread, so FUNNELED
! allows it, and every process runs the same NSTEPS reductions.  Nothing
! to warn, nothing to stop.
!
! description: Fortran module, FUNNELED: if (omp_get_thread_num() == 0) call MPI_Allreduce between barriers
! compile-flags: -fopenmp
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2 repeat=2
! expect-run: 2 ok threads=4 repeat=2
! expect-run: 3 ok threads=2
! expect-run-args: instrument=all
module heat_state
  use mpi
  use omp_lib
  implicit none
  integer, parameter :: n = 2000, nsteps = 5
  double precision :: u(n)
  double precision :: local_energy, global_energy
  double precision :: history(nsteps)
contains
  subroutine advance(comm)
    integer, intent(in) :: comm
    integer :: i, step, ierr
!$omp parallel private(i, step, ierr)
    do step = 1, nsteps
!$omp do reduction(+:local_energy)
      do i = 1, n
        u(i) = 0.5d0 * u(i)
        local_energy = local_energy + u(i)
      end do
!$omp end do
!$omp barrier
      if (omp_get_thread_num() == 0) then
        call MPI_Allreduce(local_energy, global_energy, 1, MPI_DOUBLE_PRECISION, &
                           MPI_SUM, comm, ierr)
        local_energy = 0.0d0
      end if
!$omp barrier
      history(step) = global_energy
    end do
!$omp end parallel
  end subroutine advance
end module heat_state

program fortran_thread0
  use heat_state
  implicit none
  integer :: ierr, provided, rank, nprocs, step
  double precision :: expected
  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  if (provided < MPI_THREAD_FUNNELED) call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  u = dble(rank + 1)
  local_energy = 0.0d0
  call advance(MPI_COMM_WORLD)
  do step = 1, nsteps
    expected = n * 0.5d0**step * nprocs * (nprocs + 1) / 2.0d0
    if (abs(history(step) - expected) > 1.0d-9 * expected) then
      print *, 'rank', rank, 'step', step, history(step), expected
      call MPI_Abort(MPI_COMM_WORLD, 3, ierr)
    end if
  end do
  call MPI_Finalize(ierr)
end program fortran_thread0
