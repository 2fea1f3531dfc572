! Nonblocking collectives write what their blocking forms write, by the
! time the request completes (reading the buffer before is an error the
! runtime's buffer checks stop): the result of MPI_Iallreduce and the
! buffer of MPI_Ibcast are the same on every process where their
! communicator is; the request is not.
program nonblocking_collective
  use mpi
  implicit none
  integer :: ierr, rank, it, n, request, sub
  double precision :: local, total
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  total = 1.0d0
  it = 0
  do while (total > 0.1d0 .and. it < 20) ! value-flow: uniform
    it = it + 1
    local = 1.0d0 / it
    call MPI_Iallreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, &
                        request, ierr)
    call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
  end do
  n = rank
  call MPI_Ibcast(n, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, request, ierr)
  if (request == MPI_REQUEST_NULL) then ! value-flow: differs
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
  if (n > 2) then ! value-flow: uniform
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  ! Reduced on a communicator split by the rank: the same per colour only.
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, sub, ierr)
  local = rank
  call MPI_Iallreduce(local, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, sub, request, ierr)
  call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
  if (total > 1.0d0) then ! value-flow: differs
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call MPI_Comm_free(sub, ierr)
  call MPI_Finalize(ierr)
end program nonblocking_collective
