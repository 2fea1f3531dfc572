! Old-style (mpif.h) application: the run parameters live in COMMON blocks
! that rank 0 fills once and MPI_Bcast then copies everywhere (an integer
! control array broadcast whole, the reals one by one); the main loop's
! trip count, the output interval and a switch come from those blocks,
! read through named aliases of the array's elements.  Statement functions, a pure function
! and an elemental one do the arithmetic; a computed convergence test on
! an MPI_Allreduce result leaves the loop with a GOTO.  Nothing to warn,
! nothing to stop.
! (-fallow-argument-mismatch: Open MPI's mpif.h declares MPI_Bcast once, and
! gfortran 10 and later reject its calls with an INTEGER and a REAL buffer.)
!
! description: mpif.h Fortran: COMMON blocks filled on rank 0 then broadcast (whole control array), GOTO out of a convergence loop, pure/elemental helpers
! handle-spelling: Open MPI's mpif.h needs -fallow-argument-mismatch for buffers of two types
! compile-flags: -ffixed-form -fallow-argument-mismatch
! expect-run: 2 ok
! expect-run: 3 ok
! expect-run: 1 ok
      block data params_init
      integer iparm(4)
      common /iparams/ iparm
      double precision eps, dt
      common /rparams/ eps, dt
      data iparm /4*0/
      data eps, dt /0.0d0, 0.0d0/
      end

      subroutine init_params(myid)
      implicit none
      include 'mpif.h'
      integer myid, ierr
      integer iparm(4)
      common /iparams/ iparm
      double precision eps, dt
      common /rparams/ eps, dt
      if (myid .eq. 0) then
         iparm(1) = 40
         iparm(2) = 10
         iparm(3) = 1000
         iparm(4) = 1
         eps = 1.0d-8
         dt = 0.1d0
      endif
      call mpi_bcast(iparm, 4, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
      call mpi_bcast(eps, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD,
     &               ierr)
      call mpi_bcast(dt, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD,
     &               ierr)
      end

      module kernels
      implicit none
      contains
      pure double precision function decay(x, dt)
      double precision, intent(in) :: x, dt
      decay = x * exp(-dt)
      end function decay
      elemental double precision function clip(x)
      double precision, intent(in) :: x
      clip = max(-1.0d3, min(1.0d3, x))
      end function clip
      end module kernels

      subroutine advance(myid, nprocs, x, n)
      use kernels
      implicit none
      include 'mpif.h'
      integer myid, nprocs, n, i, ierr, istep
      double precision x(n), xsum, gsum, prev
      integer iparm(4), nsteps, nout, iflag
      common /iparams/ iparm
      double precision eps, dt
      common /rparams/ eps, dt
      double precision half, s
      half(s) = 0.5d0 * s
      nsteps = iparm(1)
      nout = iparm(2)
      iflag = iparm(4)
      prev = 0.0d0
      do 100 istep = 1, nsteps
         do 10 i = 1, n
            x(i) = decay(x(i), dt) + half(dble(myid + 1) / dble(nprocs))
   10    continue
         x = clip(x)
         xsum = sum(x)
         call mpi_allreduce(xsum, gsum, 1, MPI_DOUBLE_PRECISION,
     &                      MPI_SUM, MPI_COMM_WORLD, ierr)
         if (iflag .eq. 1 .and. mod(istep, nout) .eq. 0) then
            call mpi_reduce(xsum, s, 1, MPI_DOUBLE_PRECISION, MPI_MAX,
     &                      0, MPI_COMM_WORLD, ierr)
            if (myid .eq. 0) write(*, '(i5, 2es14.6)') istep, gsum, s
         endif
         if (abs(gsum - prev) .lt. eps * abs(gsum)) goto 200
         prev = gsum
  100 continue
  200 continue
      call mpi_barrier(MPI_COMM_WORLD, ierr)
      end

      program f77_common_bcast
      implicit none
      include 'mpif.h'
      integer myid, nprocs, ierr, nlen
      integer iparm(4)
      common /iparams/ iparm
      double precision, allocatable :: x(:)
      call mpi_init(ierr)
      call mpi_comm_rank(MPI_COMM_WORLD, myid, ierr)
      call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
      call init_params(myid)
      nlen = iparm(3)
      allocate(x(nlen / nprocs))
      x = 0.0d0
      call advance(myid, nprocs, x, nlen / nprocs)
      deallocate(x)
      call mpi_finalize(ierr)
      end
