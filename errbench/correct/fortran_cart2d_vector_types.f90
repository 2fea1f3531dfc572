! description: Fortran (use mpi): 2-D Cartesian decomposition (MPI_Dims_create, MPI_Cart_create, MPI_Cart_shift) held in module variables, MPI_Type_vector for the column halo, ierr checked against MPI_SUCCESS, MPI_Allreduce with MPI_IN_PLACE feeding a named do loop's exit, MPI_Scan offsets, MPI_Allgather counts then MPI_Allgatherv, associate and pointer arrays
! expect-run: 2 ok
! expect-run: 3 ok
module cart_mod
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: nx = 10, ny = 8
  integer :: cart_comm, cart_rank, cart_size, dims(2), coords(2)
  integer :: north, south, west, east, column_type
  real(dp), allocatable, target :: field(:,:), work(:,:)
contains
  subroutine check(ierr, what)
    integer, intent(in) :: ierr
    character(len=*), intent(in) :: what
    integer :: ignored
    if (ierr /= MPI_SUCCESS) then
      write (*, *) 'MPI error in ', what
      call MPI_Abort(MPI_COMM_WORLD, ierr, ignored)
    end if
  end subroutine check

  subroutine setup_cart()
    integer :: ierr, nprocs
    logical :: periods(2)
    call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
    dims = 0
    call MPI_Dims_create(nprocs, 2, dims, ierr)
    call check(ierr, 'MPI_Dims_create')
    periods = (/ .false., .true. /)
    call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, .true., cart_comm, ierr)
    call check(ierr, 'MPI_Cart_create')
    call MPI_Comm_rank(cart_comm, cart_rank, ierr)
    call MPI_Comm_size(cart_comm, cart_size, ierr)
    call MPI_Cart_coords(cart_comm, cart_rank, 2, coords, ierr)
    call MPI_Cart_shift(cart_comm, 0, 1, west, east, ierr)
    call MPI_Cart_shift(cart_comm, 1, 1, south, north, ierr)
    ! One column of the interior: ny elements nx + 2 apart.
    call MPI_Type_vector(ny, 1, nx + 2, MPI_DOUBLE_PRECISION, column_type, ierr)
    call MPI_Type_commit(column_type, ierr)
    call check(ierr, 'MPI_Type_commit')
    allocate (field(0:nx + 1, 0:ny + 1), work(nx, ny))
  end subroutine setup_cart

  subroutine halo()
    integer :: ierr
    call MPI_Sendrecv(field(nx, 1), 1, column_type, east, 1, field(0, 1), 1, column_type, west, 1, &
                      cart_comm, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(field(1, 1), 1, column_type, west, 2, field(nx + 1, 1), 1, column_type, east, 2, &
                      cart_comm, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(field(1, ny), nx, MPI_DOUBLE_PRECISION, north, 3, field(1, 0), nx, MPI_DOUBLE_PRECISION, &
                      south, 3, cart_comm, MPI_STATUS_IGNORE, ierr)
    call MPI_Sendrecv(field(1, 1), nx, MPI_DOUBLE_PRECISION, south, 4, field(1, ny + 1), nx, &
                      MPI_DOUBLE_PRECISION, north, 4, cart_comm, MPI_STATUS_IGNORE, ierr)
    call check(ierr, 'halo')
  end subroutine halo
end module cart_mod

program cart2d
  use mpi
  use cart_mod
  implicit none
  real(dp), pointer :: interior(:,:)
  real(dp) :: stats(2)
  integer :: ierr, i, j, it, sweep, my_count, offset, total_count
  integer, allocatable :: counts(:), displs(:), ids(:)
  integer :: my_ids(3)

  call MPI_Init(ierr)
  call check(ierr, 'MPI_Init')
  call setup_cart()

  field = 0.0_dp
  do j = 1, ny
    do i = 1, nx
      field(i, j) = real(mod(i * 7 + j * 3 + cart_rank * 5, 13), dp)
    end do
  end do
  interior => field(1:nx, 1:ny)

  sweeps: do sweep = 1, 50
    do it = 1, 2
      call halo()
      associate (f => field)
        do j = 1, ny
          do i = 1, nx
            work(i, j) = 0.25_dp * (f(i - 1, j) + f(i + 1, j) + f(i, j - 1) + f(i, j + 1))
          end do
        end do
      end associate
      stats(1) = maxval(abs(work - interior))
      stats(2) = sum(work)
      interior = work
    end do
    call MPI_Allreduce(MPI_IN_PLACE, stats, 2, MPI_DOUBLE_PRECISION, MPI_MAX, cart_comm, ierr)
    if (stats(1) < 0.5_dp) exit sweeps
  end do sweeps

  ! Variable-size contributions: rank r owns r mod 3 + 1 ids.
  my_count = mod(cart_rank, 3) + 1
  do i = 1, my_count
    my_ids(i) = 100 * cart_rank + i
  end do
  call MPI_Scan(my_count, offset, 1, MPI_INTEGER, MPI_SUM, cart_comm, ierr)
  offset = offset - my_count
  allocate (counts(cart_size), displs(cart_size))
  call MPI_Allgather(my_count, 1, MPI_INTEGER, counts, 1, MPI_INTEGER, cart_comm, ierr)
  displs(1) = 0
  do i = 2, cart_size
    displs(i) = displs(i - 1) + counts(i - 1)
  end do
  total_count = sum(counts)
  allocate (ids(total_count))
  call MPI_Allgatherv(my_ids, my_count, MPI_INTEGER, ids, counts, displs, MPI_INTEGER, cart_comm, ierr)
  if (displs(cart_rank + 1) /= offset .or. ids(offset + 1) /= 100 * cart_rank + 1) then
    write (*, *) 'rank', cart_rank, 'inconsistent offsets', offset, displs(cart_rank + 1)
    call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  end if
  if (cart_rank == 0) write (*, '(a, 2i3, a, i3, a, es12.4, a, i3)') 'grid ', dims, ' sweeps ', sweep, &
       ' change ', stats(1), ' ids ', total_count

  deallocate (counts, displs, ids, field, work)
  call MPI_Type_free(column_type, ierr)
  call MPI_Comm_free(cart_comm, ierr)
  call MPI_Finalize(ierr)
end program cart2d
