! description: Fortran (use mpi): 2-D process grid from MPI_Dims_create, row and column communicators by MPI_Comm_split, block matrix-vector product with MPI_Allreduce on the row communicator and MPI_Bcast of the vector block down each column, MPI_Allgather on the column communicator, power iteration with a do while on the broadcast eigenvalue change
! known-failure: issue 14: the power iteration's exit (line 77) tests lambda, broadcast on the row communicator after an MPI_Allreduce on the column communicator: the value is the same on every process only by transitivity across two MPI_Comm_split communicators, while a broadcast's result is known the same only where its communicator is, and a split communicator counts as differing across the whole world (the same holds when the broadcast value was already the same everywhere: a broadcast's result does not keep the buffer's old uniformity)
! expect-run: 2 ok
! expect-run: 3 ok
module grid_mod
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: block = 6
  integer :: world_rank, world_size, dims(2)
  integer :: my_row, my_col, row_comm, col_comm, row_rank, col_rank, row_size, col_size
contains
  subroutine make_grid()
    integer :: ierr
    call MPI_Comm_rank(MPI_COMM_WORLD, world_rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, world_size, ierr)
    dims = 0
    call MPI_Dims_create(world_size, 2, dims, ierr)
    my_row = world_rank / dims(2)
    my_col = mod(world_rank, dims(2))
    call MPI_Comm_split(MPI_COMM_WORLD, my_row, my_col, row_comm, ierr)
    call MPI_Comm_split(MPI_COMM_WORLD, my_col, my_row, col_comm, ierr)
    call MPI_Comm_rank(row_comm, row_rank, ierr)
    call MPI_Comm_size(row_comm, row_size, ierr)
    call MPI_Comm_rank(col_comm, col_rank, ierr)
    call MPI_Comm_size(col_comm, col_size, ierr)
  end subroutine make_grid

  ! Global matrix entry (symmetric, diagonally dominant).
  pure function entry(gi, gj) result(a)
    integer, intent(in) :: gi, gj
    real(dp) :: a
    if (gi == gj) then
      a = 10.0_dp + real(mod(gi, 4), dp)
    else
      a = 1.0_dp / real(1 + abs(gi - gj), dp)
    end if
  end function entry

  ! y_row = A(row block, all columns) * x; x_col is this column's block of x.
  subroutine block_matvec(a_block, x_col, y_row)
    real(dp), intent(in) :: a_block(:,:), x_col(:)
    real(dp), intent(out) :: y_row(:)
    real(dp) :: partial(size(y_row))
    integer :: ierr
    partial = matmul(a_block, x_col)
    call MPI_Allreduce(partial, y_row, size(y_row), MPI_DOUBLE_PRECISION, MPI_SUM, row_comm, ierr)
  end subroutine block_matvec
end module grid_mod

program row_col_power
  use mpi
  use grid_mod
  implicit none
  real(dp) :: a_block(block, block), x_col(block), y_row(block), row_norm2, norm2_total
  real(dp) :: lambda, lambda_old, change
  real(dp), allocatable :: y_all(:)
  integer :: ierr, i, j, iter, diagonal_owner_row

  call MPI_Init(ierr)
  call make_grid()
  if (row_size /= dims(2) .or. col_size /= dims(1)) call MPI_Abort(MPI_COMM_WORLD, 1, ierr)

  ! Square blocks: block row my_row, block column my_col of a (dims(1)*block) x (dims(2)*block) matrix
  ! multiplied with a vector of dims(2)*block entries; the result is dims(1)*block long.
  do j = 1, block
    do i = 1, block
      a_block(i, j) = entry(my_row * block + i, my_col * block + j)
    end do
  end do
  x_col = 1.0_dp
  allocate (y_all(block * col_size))

  lambda = 0.0_dp
  change = 1.0_dp
  iter = 0
  do while (change > 1.0e-6_dp .and. iter < 100)
    iter = iter + 1
    call block_matvec(a_block, x_col, y_row)
    ! Norm of y: each row block once (column 0 of the grid), summed down the column.
    row_norm2 = sum(y_row ** 2)
    call MPI_Allreduce(row_norm2, norm2_total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, col_comm, ierr)
    lambda_old = lambda
    lambda = sqrt(norm2_total)
    ! Every column gathers y, then keeps the block matching its column (square-free grids
    ! wrap around), so the next x is y / |y| restricted to this column.
    call MPI_Allgather(y_row, block, MPI_DOUBLE_PRECISION, y_all, block, MPI_DOUBLE_PRECISION, col_comm, ierr)
    diagonal_owner_row = mod(my_col, col_size)
    x_col = y_all(diagonal_owner_row * block + 1:(diagonal_owner_row + 1) * block) / lambda
    ! Column 0's lambda decides for everybody: broadcast it along each row.
    call MPI_Bcast(lambda, 1, MPI_DOUBLE_PRECISION, 0, row_comm, ierr)
    change = abs(lambda - lambda_old)
  end do

  if (world_rank == 0) write (*, '(a, 2i3, a, i4, a, f14.8)') 'grid ', dims, ' iterations ', iter, ' lambda ', lambda
  if (lambda < 10.0_dp) call MPI_Abort(MPI_COMM_WORLD, 2, ierr)

  deallocate (y_all)
  call MPI_Comm_free(row_comm, ierr)
  call MPI_Comm_free(col_comm, ierr)
  call MPI_Finalize(ierr)
end program row_col_power
