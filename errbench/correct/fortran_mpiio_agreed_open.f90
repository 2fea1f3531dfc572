! A checkpoint writer as Fortran codes write one: the communicator is a
! dummy argument, MPI_File_open's error code is combined over it with
! MPI_Allreduce(MPI_LOR), and every process returns together when any
! failed; then a view, a collective write of each process's block and the
! close.  MPI_File_open, MPI_File_set_view and the writes read the
! communicator, the file name and the info (passed by reference in
! Fortran) and write only the file handle and the status: the reduced
! flag is the same on every process.  Nothing to warn, nothing to stop.
!
! description: MPI_File_open on a dummy communicator, open errors agreed by MPI_Allreduce(MPI_LOR) before an early return, set_view, write_all, close (delete on close)
! expect-run: 2 ok
! expect-run: 3 ok
module checkpoint_io
  use mpi
  implicit none
contains
  subroutine write_checkpoint(comm, fname, field, ok)
    integer, intent(in) :: comm
    character(len=*), intent(in) :: fname
    double precision, intent(in) :: field(:)
    logical, intent(out) :: ok
    integer :: fh, ierr, rank, amode
    integer(kind=MPI_OFFSET_KIND) :: disp
    logical :: failed, any_failed
    call MPI_Comm_rank(comm, rank, ierr)
    amode = ior(ior(MPI_MODE_CREATE, MPI_MODE_WRONLY), MPI_MODE_DELETE_ON_CLOSE)
    call MPI_File_open(comm, fname, amode, MPI_INFO_NULL, fh, ierr)
    failed = ierr /= MPI_SUCCESS
    call MPI_Allreduce(failed, any_failed, 1, MPI_LOGICAL, MPI_LOR, comm, ierr)
    ok = .not. any_failed
    if (any_failed) then
      if (.not. failed) call MPI_File_close(fh, ierr)
      return
    end if
    disp = int(rank, MPI_OFFSET_KIND) * size(field) * 8
    call MPI_File_set_view(fh, disp, MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, 'native', &
                           MPI_INFO_NULL, ierr)
    call MPI_File_write_all(fh, field, size(field), MPI_DOUBLE_PRECISION, MPI_STATUS_IGNORE, ierr)
    call MPI_File_close(fh, ierr)
  end subroutine write_checkpoint
end module checkpoint_io

program checkpoint_driver
  use mpi
  use checkpoint_io
  implicit none
  integer :: ierr, rank, step
  double precision :: field(16)
  logical :: ok
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  field = rank
  do step = 1, 3
    field = field + 1d0
    call write_checkpoint(MPI_COMM_WORLD, 'fortran_mpiio_agreed_open.dat', field, ok)
    if (.not. ok) exit
  end do
  if (rank == 0) print '(a,l2)', 'checkpoints written:', ok
  call MPI_Finalize(ierr)
end program checkpoint_driver
