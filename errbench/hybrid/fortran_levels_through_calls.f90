! Fortran, thread levels through calls: the program requests
! MPI_THREAD_FUNNELED.  The subroutine halo makes point-to-point calls;
! the main program calls it from a MASTER region (line 44: word PM,
! FUNNELED, allowed) and from a SINGLE region (line 48: word PS, a thread
! other than the main one may make its MPI calls: SERIALIZED needed).  The
! warning is at the call of line 48, with a note at the SINGLE, and
! MPI_INIT_THREAD gets "requests FUNNELED but requires SERIALIZED".  The
! levels are a compile-time finding: nothing stops the run.
!
! description: Fortran: a subroutine's MPI calls reached from a SINGLE region need SERIALIZED
! compile-flags: -fopenmp
! expect-warning: 41 thread-level
! expect-warning: 48 thread-level
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2
module halo_mod
  use mpi
  implicit none
contains
  subroutine halo(value)
    double precision, intent(inout) :: value
    double precision :: received
    integer :: rank, nprocs, ierr
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
    call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
    call MPI_SENDRECV(value, 1, MPI_DOUBLE_PRECISION, mod(rank + 1, nprocs), 0, &
                      received, 1, MPI_DOUBLE_PRECISION, mod(rank + nprocs - 1, nprocs), 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    value = 0.5d0 * (value + received)
  end subroutine halo
end module halo_mod

program levels
  use mpi
  use halo_mod
  implicit none
  integer :: ierr, provided
  double precision :: a, b
  a = 1.0d0
  b = 2.0d0
  call MPI_INIT_THREAD(MPI_THREAD_FUNNELED, provided, ierr)
!$omp parallel shared(a, b)
!$omp master
  call halo(a)
!$omp end master
!$omp barrier
!$omp single
  call halo(b)
!$omp end single
!$omp end parallel
  print *, a, b
  call MPI_FINALIZE(ierr)
end program levels
