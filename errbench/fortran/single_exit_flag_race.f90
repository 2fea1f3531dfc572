! Twin of correct/fortran_single_exit_flag_module.f90 without the barrier
! after the test: a thread leaving the test may enter the next !$omp
! single and store the flag while a slower thread still reads it, a data
! race (the single has no barrier on entry): threads, and processes, may
! leave the loop after different numbers of iterations.  Warned at the
! first collective and construct of the loop (the race seldom shows in a
! run: no run is expected).
!
! description: SERIALIZED, exit flag set in `!$omp single', tested with no barrier before the next single stores it again: a race on the flag
! compile-flags: -fopenmp
! expect-warning: 35 collective-mismatch
! expect-warning: 32 omp-collective
! expect-conditional: 39
module race_loop_state
  implicit none
  double precision :: local_sum, global_sum
  logical :: done
  integer :: step
end module race_loop_state

program single_exit_flag_race
  use mpi
  use race_loop_state
  implicit none
  integer :: ierr, provided, rank
  call MPI_Init_thread(MPI_THREAD_SERIALIZED, provided, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  step = 0
  done = .false.
!$omp parallel private(ierr)
  do
!$omp single
     local_sum = 1.0d0 + rank
     call MPI_Allreduce(local_sum, global_sum, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                        MPI_COMM_WORLD, ierr)
     step = step + 1
     done = (step >= 5)
!$omp end single
     if (done) exit
  end do
!$omp end parallel
  if (rank == 0) print *, step, global_sum
  call MPI_Finalize(ierr)
end program single_exit_flag_race
