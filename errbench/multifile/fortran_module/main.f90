! io_write (module io, io.f90) runs MPI_BARRIER; only rank 0 calls it.  The
! link step matches the module procedure __io_MOD_io_write and warns at
! line 13, note at the `if' of line 13 (a one-line IF).  The mpi_f08
! bindings in io.f90 are recognised as well.
program main
  use mpi_f08
  use io
  implicit none
  integer :: rank

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  if (rank == 0) call io_write(MPI_COMM_WORLD) ! BUG: rank 0 only
  call MPI_Finalize()
end program main
