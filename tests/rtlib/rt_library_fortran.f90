! Fortran collectives of code built without PARCOACH: legacy_sum stands
! for a Fortran library compiled without the plugin (a bare MPI_Allreduce
! through `use mpi'); the main program stands for a flagged function, as
! rt_library.c does in C.  Under MPICH the binding reaches the runtime's C
! MPI_Allreduce wrapper, under Open MPI its mpi_allreduce_ wrapper
! (rtlib/parcoach_pmpi_fortran.c).
! Argument "clean": 20 rounds, armed, every rank calls legacy_sum then a
! checked barrier.  "mixed": 20 rounds, rank 0 runs a checked
! MPI_Allreduce (an instrumented call: the check's token must be consumed
! by the wrapper, one check per call), the others legacy_sum.  "abort":
! rank 0 calls legacy_sum, the others a checked barrier.
subroutine legacy_sum(x, y)
  use mpi
  implicit none
  integer :: x, y, ierr
  call mpi_allreduce(x, y, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
end subroutine legacy_sum

program rt_library_fortran
  use mpi
  use iso_c_binding
  implicit none
  interface
     function parcoach_enter_checked_region() result(saved) &
          bind(C, name="parcoach_enter_checked_region")
       import :: c_int
       integer(c_int) :: saved
     end function parcoach_enter_checked_region
     subroutine parcoach_check_fortran_comm(comm, colour, when, file, line, &
          function, conditionals) bind(C, name="parcoach_check_fortran_comm")
       import :: c_int, c_char
       integer(c_int), intent(in) :: comm
       integer(c_int), value :: colour, when, line
       character(kind=c_char), dimension(*), intent(in) :: file, function, &
            conditionals
     end subroutine parcoach_check_fortran_comm
  end interface
  integer, parameter :: colour_barrier = 1, colour_allreduce = 13
  integer :: ierr, rank, i, y
  integer(c_int) :: comm, saved
  character(len=16) :: mode

  call get_command_argument(1, mode)
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  comm = MPI_COMM_WORLD
  saved = parcoach_enter_checked_region()
  if (trim(mode) == "clean") then
     do i = 1, 20
        call legacy_sum(rank, y)
        call parcoach_check_fortran_comm(comm, int(colour_barrier, c_int), &
             0_c_int, "f.f90"//c_null_char, 2_c_int, "main"//c_null_char, &
             "1"//c_null_char)
        call mpi_barrier(MPI_COMM_WORLD, ierr)
     end do
  else if (trim(mode) == "mixed") then
     do i = 1, 20
        if (rank == 0) then
           call parcoach_check_fortran_comm(comm, &
                int(colour_allreduce, c_int), 0_c_int, "f.f90"//c_null_char, &
                3_c_int, "main"//c_null_char, "1"//c_null_char)
           call mpi_allreduce(rank, y, 1, MPI_INTEGER, MPI_SUM, &
                MPI_COMM_WORLD, ierr)
        else
           call legacy_sum(rank, y)
        end if
     end do
  else
     if (rank == 0) then
        call legacy_sum(rank, y)
     else
        call parcoach_check_fortran_comm(comm, int(colour_barrier, c_int), &
             0_c_int, "f.f90"//c_null_char, 2_c_int, "main"//c_null_char, &
             "1"//c_null_char)
        call mpi_barrier(MPI_COMM_WORLD, ierr)
     end if
  end if
  call mpi_finalize(ierr)
end program rt_library_fortran
