! A Fortran program (`use mpi') calling the runtime's Fortran entry point as
! instrumented Fortran code would: the communicator is an INTEGER passed by
! reference, the strings are NUL-terminated C strings.
! Argument "clean": all ranks agree.  "mismatch": rank 0 is about to call
! MPI_Bcast (colour 2), the others MPI_Barrier (colour 1).
program rt_fortran
  use mpi
  use iso_c_binding
  implicit none
  interface
     subroutine parcoach_check_fortran_comm(comm, colour, when, file, line, &
          function, conditionals) bind(C, name="parcoach_check_fortran_comm")
       import :: c_int, c_char
       integer(c_int), intent(in) :: comm
       integer(c_int), value :: colour, when, line
       character(kind=c_char), dimension(*), intent(in) :: file, function, &
            conditionals
     end subroutine parcoach_check_fortran_comm
  end interface
  integer :: ierr, rank, colour, line
  character(len=16) :: mode
  integer(c_int) :: comm

  call get_command_argument(1, mode)
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  comm = MPI_COMM_WORLD
  if (trim(mode) == "clean") then
     call parcoach_check_fortran_comm(comm, 1_c_int, 0_c_int, "t.f90"//c_null_char, &
          30_c_int, "rt_fortran"//c_null_char, "28"//c_null_char)
     call mpi_barrier(MPI_COMM_WORLD, ierr)
  else
     if (rank == 0) then
        colour = 2
        line = 40
     else
        colour = 1
        line = 42
     end if
     call parcoach_check_fortran_comm(comm, int(colour, c_int), 0_c_int, &
          "t.f90"//c_null_char, int(line, c_int), "rt_fortran"//c_null_char, &
          "38"//c_null_char)
     ! Without the check: rank 0 in MPI_Bcast, the others in MPI_Barrier.
     call mpi_recv(colour, 1, MPI_INTEGER, MPI_ANY_SOURCE, 4242, &
          MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end if
  call mpi_finalize(ierr)
end program rt_fortran
