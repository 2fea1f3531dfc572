! The rank kept in a module variable, set by one module procedure and read
! by others.  gfortran gives module variables linker names (private ones
! too), so other files may store to them: a test of one that this file
! only fills with constants is left to the link step, one that holds the
! rank differs here already.
module state
  implicit none
  integer, private :: my_rank = -1
  integer, private :: steps = 3
  public :: init_state, step, is_first
contains
  subroutine init_state()
    use mpi
    integer :: ierr
    call MPI_Comm_rank(MPI_COMM_WORLD, my_rank, ierr)
  end subroutine init_state

  subroutine step()
    use mpi
    integer :: ierr
    if (my_rank == 0) then ! value-flow: differs
      call MPI_Barrier(MPI_COMM_WORLD, ierr)
    end if
    if (steps > 2) then ! value-flow: link-step
      call MPI_Barrier(MPI_COMM_WORLD, ierr)
    end if
  end subroutine step

  logical function is_first()
    is_first = my_rank == 0
  end function is_first
end module state

program module_variable
  use mpi
  use state
  implicit none
  integer :: ierr
  call MPI_Init(ierr)
  call init_state()
  call step()
  if (is_first()) then ! value-flow: differs
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program module_variable
