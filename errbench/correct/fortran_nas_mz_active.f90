! NAS multi-zone style (BT-MZ, SP-MZ): the number of processes used for the
! zones may be smaller than the number started; the others are inactive.
! Every process calls MPI_Comm_split, the inactive ones with MPI_UNDEFINED
! (they get MPI_COMM_NULL), and they jump to the end: `if (.not. active)
! goto 999'.  The collectives between run on comm_setup, of which the
! inactive processes are not members, so skipping them is correct.  The
! zones are solved with OpenMP (parallel do with a reduction; FUNNELED:
! MPI outside parallel regions only).  Setup values live in a COMMON
! block, as in the NAS sources.  At 999 every process meets again for the
! final MPI_Barrier on MPI_COMM_WORLD.  Nothing to warn, nothing to stop.
!
! description: NAS-MZ style Fortran: inactive processes (MPI_UNDEFINED colour) goto 999 past the collectives of comm_setup
! compile-flags: -fopenmp
! expect-run: 1 ok threads=2
! expect-run: 2 ok threads=1
! expect-run: 2 ok threads=2 repeat=2
! expect-run: 2 ok threads=4
! expect-run: 3 ok threads=2 repeat=2
! expect-run: 4 ok threads=1
! expect-run-args: instrument=all
program nas_mz_active
  use mpi
  implicit none
  integer :: num_zones, max_active, nzone_procs, comm_setup, node, no_nodes, root
  logical :: active
  common /mpistuff/ comm_setup, node, no_nodes, root, active
  common /zones/ num_zones, max_active
  integer :: ierr, provided, color, zone, i, iter
  double precision :: zone_sum, local_sum, total, expected
  double precision :: field(500)

  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, node, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, no_nodes, ierr)
  root = 0
  num_zones = 6
  max_active = 2
  nzone_procs = min(no_nodes, max_active)
  active = node < nzone_procs
  if (active) then
    color = 1
  else
    color = MPI_UNDEFINED
  end if
  call MPI_Comm_split(MPI_COMM_WORLD, color, node, comm_setup, ierr)
  if (.not. active) goto 999

  call MPI_Comm_size(comm_setup, nzone_procs, ierr)
  call MPI_Bcast(num_zones, 1, MPI_INTEGER, root, comm_setup, ierr)
  local_sum = 0.0d0
  do iter = 1, 3
    do zone = node + 1, num_zones, nzone_procs
      field = dble(zone)
      zone_sum = 0.0d0
!$omp parallel do reduction(+:zone_sum)
      do i = 1, size(field)
        zone_sum = zone_sum + field(i) * iter
      end do
!$omp end parallel do
      local_sum = local_sum + zone_sum
    end do
    call MPI_Allreduce(local_sum, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm_setup, ierr)
  end do
  ! zones 1..6 each summed 500 * zone * iter, accumulated over the iterations
  expected = 500.0d0 * 21.0d0 * 6.0d0
  if (abs(total - expected) > 1.0d-9 * expected) then
    print *, 'node', node, total, expected
    call MPI_Abort(MPI_COMM_WORLD, 3, ierr)
  end if
  call MPI_Comm_free(comm_setup, ierr)

999 continue
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program nas_mz_active
