! A reductions module of another file: the results are MPI_Allreduce
! outputs, the same on every process whatever the arguments hold.
module reductions
  use mpi
  implicit none
contains
  subroutine global_sum(local, total, comm)
    double precision, intent(in) :: local
    double precision, intent(out) :: total
    integer, intent(in) :: comm
    integer :: ierr
    call MPI_Allreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
  end subroutine global_sum

  double precision function local_energy(n)
    integer, intent(in) :: n
    local_energy = 0.5d0 * n
  end function local_energy
end module reductions
