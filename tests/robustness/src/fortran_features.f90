! Robustness (Fortran, `use mpi'): goto, computed goto, select case with
! ranges and default, do while, exit/cycle, named loops, stop and error
! stop, internal procedures, array arguments, a collective in a function.
module robustness_fortran
  use mpi
  implicit none
contains
  subroutine gotos(rank)
    integer, intent(in) :: rank
    integer :: ierr, i
    i = 0
    if (rank == 0) goto 20
10  call mpi_barrier(MPI_COMM_WORLD, ierr)
    i = i + 1
20  continue
    if (i < 3) goto 10
    call mpi_allreduce(MPI_IN_PLACE, i, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end subroutine gotos

  subroutine computed(k)
    integer, intent(in) :: k
    integer :: ierr
    goto (100, 200, 300) k
    return
100 call mpi_barrier(MPI_COMM_WORLD, ierr)
200 call mpi_barrier(MPI_COMM_WORLD, ierr)
    return
300 stop 'three'
  end subroutine computed

  subroutine selects(rank, comm)
    integer, intent(in) :: rank, comm
    integer :: ierr, x
    x = rank
    select case (rank)
    case (0)
      call mpi_barrier(comm, ierr)
    case (1:3)
      call mpi_bcast(x, 1, MPI_INTEGER, 0, comm, ierr)
    case (4, 6, 8:)
      return
    case default
      call mpi_barrier(comm, ierr)
    end select
  end subroutine selects

  subroutine loops(n, comm)
    integer, intent(in) :: n, comm
    integer :: ierr, i, j
    double precision :: a(10)
    a = 1d0
    outer: do i = 1, n
      inner: do j = i, n
        if (j == 3) cycle outer
        if (j == 7) exit outer
        call mpi_allreduce(MPI_IN_PLACE, a, 10, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
      end do inner
    end do outer
    do while (a(1) < 100d0)
      call mpi_allreduce(MPI_IN_PLACE, a, 1, MPI_DOUBLE_PRECISION, MPI_MAX, comm, ierr)
      a(1) = a(1) * 2
    end do
    do
      call mpi_barrier(comm, ierr)
      if (a(2) > 0) exit
    end do
  end subroutine loops

  integer function reduced(x)
    integer, intent(in) :: x
    integer :: ierr
    if (x < 0) error stop 2
    call mpi_allreduce(x, reduced, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end function reduced

  subroutine with_internal(rank)
    integer, intent(in) :: rank
    call helper()
  contains
    subroutine helper()
      integer :: ierr
      if (rank > 0) call mpi_barrier(MPI_COMM_WORLD, ierr)
    end subroutine helper
  end subroutine with_internal

  subroutine abort_branch(rank)
    integer, intent(in) :: rank
    integer :: ierr
    if (rank < 0) call mpi_abort(MPI_COMM_WORLD, 1, ierr)
    call mpi_barrier(MPI_COMM_WORLD, ierr)
  end subroutine abort_branch

  subroutine subcomm(rank)
    integer, intent(in) :: rank
    integer :: ierr, sub
    call mpi_comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, sub, ierr)
    if (mod(rank, 2) == 0) call mpi_barrier(sub, ierr)
    call mpi_comm_free(sub, ierr)
  end subroutine subcomm
end module robustness_fortran

program robustness_main
  use mpi
  use robustness_fortran
  implicit none
  integer :: ierr, rank
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
  call gotos(rank)
  call selects(rank, MPI_COMM_WORLD)
  if (reduced(rank) > 100) stop
  call mpi_finalize(ierr)
end program robustness_main
