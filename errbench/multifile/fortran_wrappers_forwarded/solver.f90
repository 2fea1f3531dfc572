! A solver routine of a third file: its dummy arguments n and comm are
! given on to the reductions module (by reference, as Fortran passes
! them) before the loop on n, which every process runs alike.
module solver
  use mpi
  use reductions
  implicit none
contains
  subroutine run(n, comm, rank)
    integer, intent(in) :: n, comm, rank
    double precision :: e, total
    integer :: step
    e = local_energy(n)
    do step = 1, n
      call global_sum(e + rank, total, comm)
      if (total > 1.0d6) exit
    end do
  end subroutine run
end module solver
