module io
  use mpi_f08
  implicit none
contains
  subroutine io_write(comm)
    type(MPI_Comm), intent(in) :: comm
    call MPI_Barrier(comm)
  end subroutine io_write
end module io
