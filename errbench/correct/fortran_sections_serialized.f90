! SERIALIZED in Fortran, sections and single: the first section
! broadcasts the parameters of the next step while the second section
! computes the local part; only the first section calls MPI, so no two
! threads ever do at once.  Then a SINGLE reduces the local sums (its
! implicit barrier ends the step).  Module procedures, module variables.
! Nothing to warn, nothing to stop.
!
! description: Fortran SERIALIZED: MPI in one of two concurrent sections, SINGLE allreduce after them
! compile-flags: -fopenmp
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2 repeat=2
! expect-run: 2 ok threads=4 repeat=2
! expect-run: 3 ok threads=2
! expect-run-args: instrument=all
module pipeline
  use mpi
  implicit none
  integer, parameter :: nsteps = 6, n = 500
  double precision :: params(2), local_sum, global_sum, totals(nsteps)
contains
  subroutine run_steps(rank)
    integer, intent(in) :: rank
    integer :: step, i, ierr
!$omp parallel private(step, i, ierr)
    do step = 1, nsteps
!$omp sections
!$omp section
      if (rank == 0) params = (/ dble(step), 2.0d0 /)
      call MPI_Bcast(params, 2, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
!$omp section
      local_sum = 0.0d0
      do i = 1, n
        local_sum = local_sum + dble(rank + 1)
      end do
!$omp end sections
!$omp single
      call MPI_Allreduce(local_sum * params(2), global_sum, 1, MPI_DOUBLE_PRECISION, &
                         MPI_SUM, MPI_COMM_WORLD, ierr)
      totals(step) = global_sum + params(1)
!$omp end single
    end do
!$omp end parallel
  end subroutine run_steps
end module pipeline

program sections_serialized
  use pipeline
  implicit none
  integer :: ierr, provided, rank, nprocs, step
  double precision :: expected
  call MPI_Init_thread(MPI_THREAD_SERIALIZED, provided, ierr)
  if (provided < MPI_THREAD_SERIALIZED) call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call run_steps(rank)
  do step = 1, nsteps
    expected = 2.0d0 * n * nprocs * (nprocs + 1) / 2.0d0 + step
    if (totals(step) /= expected) then
      print *, 'rank', rank, 'step', step, totals(step), expected
      call MPI_Abort(MPI_COMM_WORLD, 3, ierr)
    end if
  end do
  call MPI_Finalize(ierr)
end program sections_serialized
