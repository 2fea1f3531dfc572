! Fortran under Open MPI, whose `use mpi' bindings call PMPI_ directly: the
! v-variants' counts are compared by the runtime's wrappers of the Fortran
! names (rtlib/parcoach_pmpi_fortran.c).  A correct mpi_allgatherv and
! mpi_alltoallv with shares that differ by process, and mpi_scatterv in
! place at the root, run first; then an mpi_gatherv whose root expects
! the old share of every process while rank 1 sends one value more.
!
! What is wrong: the type signature process i sends must equal the one
! the root's recvcounts(i + 1) and recvtype give (MPI 4.0 section 6.5).
! Not warned (counts of a v-variant may differ by process); stopped by the
! wrapper of mpi_gatherv, the root naming rank 1's block.  On one process
! it is correct.
!
! description: Fortran under Open MPI: correct Allgatherv, Alltoallv, Scatterv in place; then Gatherv whose rank 1 sends one value more than the root expects: stopped by the Fortran wrappers
! mpi: openmpi
! expect-run: 1 ok
! expect-run: 2 stop
! expect-run: 3 stop
! expect-stop-message: rank 1 sends 3 x 4-byte integer (12 bytes), but the root's recvcounts[1] and recvtype expect 2 x 4-byte integer (8 bytes)
program openmpi_v_counts
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, i, n, total
  integer, allocatable :: counts(:), displs(:), scounts(:), sdispls(:), &
       rcounts(:), rdispls(:), values(:), all(:), outgoing(:), incoming(:)

  call mpi_init(ierr)
  call mpi_comm_rank(mpi_comm_world, rank, ierr)
  call mpi_comm_size(mpi_comm_world, nprocs, ierr)
  allocate(counts(nprocs), displs(nprocs), scounts(nprocs), sdispls(nprocs), &
       rcounts(nprocs), rdispls(nprocs))

  ! Correct: process i owns i + 1 values.
  total = 0
  do i = 1, nprocs
     counts(i) = i
     displs(i) = total
     total = total + counts(i)
  end do
  n = rank + 1
  allocate(values(n + 1), all(total))
  values = rank
  call mpi_allgatherv(values, n, mpi_integer, all, counts, displs, &
       mpi_integer, mpi_comm_world, ierr)
  if (rank == 0) then
     call mpi_scatterv(all, counts, displs, mpi_integer, mpi_in_place, n, &
          mpi_integer, 0, mpi_comm_world, ierr)
  else
     call mpi_scatterv(all, counts, displs, mpi_integer, values, n, &
          mpi_integer, 0, mpi_comm_world, ierr)
  end if

  ! Correct: process i sends j (0-based) i + j + 1 values.
  do i = 1, nprocs
     scounts(i) = rank + i
     rcounts(i) = i + rank
  end do
  sdispls(1) = 0
  rdispls(1) = 0
  do i = 2, nprocs
     sdispls(i) = sdispls(i - 1) + scounts(i - 1)
     rdispls(i) = rdispls(i - 1) + rcounts(i - 1)
  end do
  allocate(outgoing(sum(scounts)), incoming(sum(rcounts)))
  outgoing = rank
  call mpi_alltoallv(outgoing, scounts, sdispls, mpi_integer, incoming, &
       rcounts, rdispls, mpi_integer, mpi_comm_world, ierr)

  ! Wrong: rank 1 sends n + 1 = 3 values, the root expects counts(2) = 2.
  if (rank == 1) n = n + 1
  call mpi_gatherv(values, n, mpi_integer, all, counts, displs, &
       mpi_integer, 0, mpi_comm_world, ierr)
  if (rank == 0) print *, 'gathered', all(1)

  call mpi_finalize(ierr)
end program openmpi_v_counts
