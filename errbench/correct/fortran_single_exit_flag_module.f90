! A SERIALIZED time loop inside one parallel region, as Fortran hybrid
! codes write it: one thread (!$omp single) reduces the local value over
! the processes with MPI_Allreduce, counts the step and sets the exit
! flag, all module variables; after the single's barrier every thread
! tests the flag, and an explicit barrier keeps the next single's stores
! away from those reads.  The flag is the same in every thread and every
! process (it comes from the step count).  Nothing to warn, nothing to
! stop.
!
! description: SERIALIZED, exit flag and step count (module variables) set in `!$omp single' next to an MPI_Allreduce, tested by every thread between barriers: silent, runs clean
! compile-flags: -fopenmp
! expect-run: 2 ok threads=3
! expect-run: 3 ok threads=2
module time_loop_state
  implicit none
  double precision :: local_sum, global_sum
  logical :: done
  integer :: step
end module time_loop_state

program fortran_single_exit_flag_module
  use mpi
  use time_loop_state
  implicit none
  integer :: ierr, provided, rank
  call MPI_Init_thread(MPI_THREAD_SERIALIZED, provided, ierr)
  if (provided < MPI_THREAD_SERIALIZED) call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
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
!$omp barrier
  end do
!$omp end parallel
  if (rank == 0) print *, step, global_sum
  call MPI_Finalize(ierr)
end program fortran_single_exit_flag_module
