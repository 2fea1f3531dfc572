! Fortran passes every argument by reference: the rank comes back from a
! subroutine through a dummy argument (intent(out)) and goes into others
! through theirs.  The program's own procedures (contains) get their
! arguments from its calls only; an external subroutine may also be called
! by other files, which the link step judges.  ierr, MPI's error code, is
! MPI_SUCCESS on every process.
subroutine get_rank(r)
  use mpi
  implicit none
  integer, intent(out) :: r
  integer :: ierr
  call MPI_Comm_rank(MPI_COMM_WORLD, r, ierr)
end subroutine get_rank

subroutine sync_if_first(who)
  use mpi
  implicit none
  integer, intent(in) :: who
  integer :: ierr
  ! Other files may call it with any value, which the verdict names first;
  ! `differs' (not `link-step') says that this file's own call passes the
  ! rank.
  if (who == 0) then ! value-flow: differs
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
end subroutine sync_if_first

subroutine sync_if_many(how_many)
  use mpi
  implicit none
  integer, intent(in) :: how_many
  integer :: ierr
  if (how_many > 1) then ! value-flow: link-step
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
end subroutine sync_if_many

program dummy_argument
  use mpi
  implicit none
  integer :: rank, nprocs, ierr
  call MPI_Init(ierr)
  call get_rank(rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (ierr /= MPI_SUCCESS) then ! value-flow: uniform
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  if (rank == 1) then ! value-flow: rank
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  if (nprocs > 1) then ! value-flow: uniform
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call sync_if_first(rank)
  call sync_if_many(nprocs)
  call check_first(rank)
  call check_many(nprocs)
  call MPI_Finalize(ierr)
contains
  subroutine check_first(who)
    integer, intent(in) :: who
    if (who == 0) then ! value-flow: rank
      call MPI_Barrier(MPI_COMM_WORLD, ierr)
    end if
  end subroutine check_first

  subroutine check_many(how_many)
    integer, intent(in) :: how_many
    if (how_many > 1) then ! value-flow: uniform
      call MPI_Barrier(MPI_COMM_WORLD, ierr)
    end if
  end subroutine check_many
end program dummy_argument
