! description: Fortran (use mpi): hierarchical reduction, node communicator by MPI_Comm_split_type(MPI_COMM_TYPE_SHARED), leaders communicator by MPI_Comm_split with MPI_UNDEFINED for the others, leaders-only MPI_Allreduce under a test of the leaders communicator against MPI_COMM_NULL, node-level MPI_Reduce and MPI_Bcast, result checked against a flat MPI_Allreduce; error agreement by a logical MPI_LOR allreduce
! expect-run: 2 ok
! expect-run: 3 ok
module hierarchy
  use mpi
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: world_rank, world_size, node_comm, node_rank, node_size, leaders_comm
contains
  subroutine build_hierarchy()
    integer :: ierr, colour
    call MPI_Comm_rank(MPI_COMM_WORLD, world_rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, world_size, ierr)
    call MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL, node_comm, ierr)
    call MPI_Comm_rank(node_comm, node_rank, ierr)
    call MPI_Comm_size(node_comm, node_size, ierr)
    colour = MPI_UNDEFINED
    if (node_rank == 0) colour = 0
    call MPI_Comm_split(MPI_COMM_WORLD, colour, world_rank, leaders_comm, ierr)
  end subroutine build_hierarchy

  ! Sum over all processes: to the node leader, across leaders, back to the node.
  function hierarchical_sum(x) result(total)
    real(dp), intent(in) :: x
    real(dp) :: total, node_total
    integer :: ierr
    node_total = 0.0_dp
    call MPI_Reduce(x, node_total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, node_comm, ierr)
    if (leaders_comm /= MPI_COMM_NULL) then
      call MPI_Allreduce(node_total, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, leaders_comm, ierr)
    end if
    call MPI_Bcast(total, 1, MPI_DOUBLE_PRECISION, 0, node_comm, ierr)
  end function hierarchical_sum

  subroutine free_hierarchy()
    integer :: ierr
    if (leaders_comm /= MPI_COMM_NULL) call MPI_Comm_free(leaders_comm, ierr)
    call MPI_Comm_free(node_comm, ierr)
  end subroutine free_hierarchy
end module hierarchy

program node_leaders
  use mpi
  use hierarchy
  implicit none
  real(dp) :: mine, flat, tiered
  integer :: ierr, round
  logical :: bad, any_bad

  call MPI_Init(ierr)
  call build_hierarchy()

  do round = 1, 4
    mine = real(world_rank + 1, dp) * real(round, dp)
    tiered = hierarchical_sum(mine)
    call MPI_Allreduce(mine, flat, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    bad = abs(tiered - flat) > 1.0e-12_dp * abs(flat)
    call MPI_Allreduce(bad, any_bad, 1, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD, ierr)
    if (any_bad) then
      if (world_rank == 0) write (*, *) 'hierarchical sum differs in round', round
      call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
    end if
  end do
  if (world_rank == 0) write (*, '(a, i3, a, f8.1)') 'node size ', node_size, ' last sum ', tiered

  call free_hierarchy()
  call MPI_Finalize(ierr)
end program node_leaders
