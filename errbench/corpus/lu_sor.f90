! LU-like solver in the old NAS Fortran style (free form): include
! 'mpif.h', common blocks, external subroutines, fixed maximum array
! sizes.  It solves the 2-D Poisson problem -lap(u) = f on the unit square
! (zero boundary) by red-black successive over-relaxation, the grid lines
! (j) distributed by blocks over the processes.
!
! Rank 0 reads the input deck lu.in when it exists (defaults otherwise),
! checks it (a square grid within the compiled maximum sizes, enough
! lines for the processes; mpi_abort otherwise) and broadcasts it.  Each
! iteration relaxes the red then the black points, each colour after a
! halo exchange (mpi_sendrecv with the north and south neighbours, or
! MPI_PROC_NULL).  As in LU, the residual norm is computed only every
! inorm iterations (mpi_allreduce) and the loop is left when it falls
! below the tolerance.  The final error against the exact solution
! sin(pi x) sin(pi y) is allreduced with MPI_MAX and the time reduced to
! rank 0.
!
! Correct program: the iteration count, inorm and the convergence test
! come from broadcast and allreduced values held in common blocks.
!
! Compiled with -fwhole-program, as the README advises for a program whose
! every unit is in one file: without it, other files could write its
! COMMON blocks, and the values that bound its loops may differ as far as
! PARCOACH knows.
!
! description: LU-like F77-style SOR: common blocks, include 'mpif.h', residual norm every inorm iterations, exit on convergence
! compile-flags: -fallow-argument-mismatch -fwhole-program
! expect-run: 2 ok
! expect-run: 3 ok
      program lu_sor
      implicit none
      include 'mpif.h'
      integer nxmax, nymax
      parameter (nxmax = 130, nymax = 130)
      integer nx, ny, jfirst, jlast, nloc
      integer rank, nprocs, north, south
      integer itmax, inorm
      double precision omega, tolrsd, h
      double precision u(0:nxmax+1, 0:nymax+1), f(nxmax, nymax)
      common /dims/ nx, ny, jfirst, jlast, nloc
      common /procs/ rank, nprocs, north, south
      common /ctrl/ itmax, inorm, omega, tolrsd, h
      common /fields/ u, f

      integer istep, ierr, niter
      double precision rsdnm, rsdnm0, errmax, t0, t, tmax

      call mpi_init(ierr)
      call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
      call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)

      call read_input
      call setup

      call l2norm(rsdnm0)
      rsdnm = rsdnm0
      niter = 0
      t0 = mpi_wtime()
      do istep = 1, itmax
         call relax(0)
         call relax(1)
         niter = istep
         if (mod(istep, inorm) .eq. 0 .or. istep .eq. itmax) then
            call l2norm(rsdnm)
            if (rank .eq. 0) write(*, 100) istep, rsdnm / rsdnm0
            if (rsdnm .lt. tolrsd * rsdnm0) exit
         end if
      end do
      t = mpi_wtime() - t0
 100  format('   iteration ', i5, '   relative residual ', es12.4)

      call error_norm(errmax)
      call mpi_reduce(t, tmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, &
          MPI_COMM_WORLD, ierr)
      if (rank .eq. 0) then
         write(*, '(a,i6)') ' iterations      ', niter
         write(*, '(a,es12.4)') ' max error       ', errmax
         write(*, '(a,f10.4)') ' time (s)        ', tmax
         if (errmax .lt. 2.0d-3 .and. rsdnm .lt. tolrsd * rsdnm0) then
            write(*, '(a)') ' Verification SUCCESSFUL'
         else
            write(*, '(a)') ' Verification FAILED'
            call mpi_abort(MPI_COMM_WORLD, 1, ierr)
         end if
      end if
      call mpi_finalize(ierr)
      end program lu_sor

!     Rank 0 reads the deck; everybody gets the values.
      subroutine read_input
      implicit none
      include 'mpif.h'
      integer nxmax, nymax
      parameter (nxmax = 130, nymax = 130)
      integer nx, ny, jfirst, jlast, nloc
      integer rank, nprocs, north, south
      integer itmax, inorm
      double precision omega, tolrsd, h
      common /dims/ nx, ny, jfirst, jlast, nloc
      common /procs/ rank, nprocs, north, south
      common /ctrl/ itmax, inorm, omega, tolrsd, h
      integer ibuf(4), ierr
      double precision rbuf(2)
      logical there

      if (rank .eq. 0) then
         nx = 32
         ny = 32
         itmax = 400
         inorm = 10
         omega = -1.0d0
         tolrsd = 1.0d-8
         inquire(file='lu.in', exist=there)
         if (there) then
            open(unit=11, file='lu.in', status='old', action='read')
            read(11, *) nx, ny
            read(11, *) itmax, inorm
            read(11, *) omega, tolrsd
            close(11)
         end if
         if (nx .gt. nxmax .or. ny .ne. nx .or. ny .lt. nprocs &
          .or. nx .lt. 3 .or. itmax .lt. 1 .or. inorm .lt. 1) then
            write(*, '(a,2i6,a,i4,a)') ' lu_sor: grid ', nx, ny, &
          ' invalid for ', nprocs, ' processes'
            call mpi_abort(MPI_COMM_WORLD, 2, ierr)
         end if
!        optimal over-relaxation for the model problem unless given
         if (omega .le. 0.0d0) omega = 2.0d0 / &
          (1.0d0 + sin(3.141592653589793d0 / (nx + 1)))
         ibuf(1) = nx
         ibuf(2) = ny
         ibuf(3) = itmax
         ibuf(4) = inorm
         rbuf(1) = omega
         rbuf(2) = tolrsd
         write(*, '(a,i4,a,i4,a,i4,a)') ' LU-like SOR, grid ', nx, ' x ', &
          ny, ', ', nprocs, ' processes'
      end if
      call mpi_bcast(ibuf, 4, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
      call mpi_bcast(rbuf, 2, MPI_DOUBLE_PRECISION, 0, &
          MPI_COMM_WORLD, ierr)
      nx = ibuf(1)
      ny = ibuf(2)
      itmax = ibuf(3)
      inorm = ibuf(4)
      omega = rbuf(1)
      tolrsd = rbuf(2)
      end subroutine read_input

      subroutine setup
      implicit none
      include 'mpif.h'
      integer nxmax, nymax
      parameter (nxmax = 130, nymax = 130)
      integer nx, ny, jfirst, jlast, nloc
      integer rank, nprocs, north, south
      integer itmax, inorm
      double precision omega, tolrsd, h
      double precision u(0:nxmax+1, 0:nymax+1), f(nxmax, nymax)
      common /dims/ nx, ny, jfirst, jlast, nloc
      common /procs/ rank, nprocs, north, south
      common /ctrl/ itmax, inorm, omega, tolrsd, h
      common /fields/ u, f
      integer i, j
      double precision pi
      parameter (pi = 3.141592653589793d0)

      nloc = ny / nprocs
      jfirst = rank * nloc + 1 + min(rank, mod(ny, nprocs))
      if (rank .lt. mod(ny, nprocs)) nloc = nloc + 1
      jlast = jfirst + nloc - 1
      north = rank + 1
      south = rank - 1
      if (north .ge. nprocs) north = MPI_PROC_NULL
      if (south .lt. 0) south = MPI_PROC_NULL
      h = 1.0d0 / (nx + 1)
      do j = 0, nymax + 1
         do i = 0, nxmax + 1
            u(i, j) = 0.0d0
         end do
      end do
!     local line l holds global line jfirst + l - 1
      do j = 1, nloc
         do i = 1, nx
            f(i, j) = 2.0d0 * pi * pi * sin(pi * i * h) &
          * sin(pi * (jfirst + j - 1) * h)
         end do
      end do
      end subroutine setup

      subroutine exchange
      implicit none
      include 'mpif.h'
      integer nxmax, nymax
      parameter (nxmax = 130, nymax = 130)
      integer nx, ny, jfirst, jlast, nloc
      integer rank, nprocs, north, south
      double precision u(0:nxmax+1, 0:nymax+1), f(nxmax, nymax)
      common /dims/ nx, ny, jfirst, jlast, nloc
      common /procs/ rank, nprocs, north, south
      common /fields/ u, f
      integer status(MPI_STATUS_SIZE), ierr

      call mpi_sendrecv(u(0, nloc), nx + 2, MPI_DOUBLE_PRECISION, &
          north, 7, u(0, 0), nx + 2, MPI_DOUBLE_PRECISION, south, 7, &
          MPI_COMM_WORLD, status, ierr)
      call mpi_sendrecv(u(0, 1), nx + 2, MPI_DOUBLE_PRECISION, &
          south, 8, u(0, nloc + 1), nx + 2, MPI_DOUBLE_PRECISION, &
          north, 8, MPI_COMM_WORLD, status, ierr)
      end subroutine exchange

!     one colour (0 red, 1 black: parity of the global i + j)
      subroutine relax(colour)
      implicit none
      integer colour
      integer nxmax, nymax
      parameter (nxmax = 130, nymax = 130)
      integer nx, ny, jfirst, jlast, nloc
      integer itmax, inorm
      double precision omega, tolrsd, h
      double precision u(0:nxmax+1, 0:nymax+1), f(nxmax, nymax)
      common /dims/ nx, ny, jfirst, jlast, nloc
      common /ctrl/ itmax, inorm, omega, tolrsd, h
      common /fields/ u, f
      integer i, j, jg
      double precision gs

      call exchange
      do j = 1, nloc
         jg = jfirst + j - 1
         do i = 1 + mod(jg + 1 + colour, 2), nx, 2
            gs = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) &
          + h * h * f(i, j))
            u(i, j) = u(i, j) + omega * (gs - u(i, j))
         end do
      end do
      end subroutine relax

      subroutine l2norm(rsdnm)
      implicit none
      include 'mpif.h'
      double precision rsdnm
      integer nxmax, nymax
      parameter (nxmax = 130, nymax = 130)
      integer nx, ny, jfirst, jlast, nloc
      integer itmax, inorm
      double precision omega, tolrsd, h
      double precision u(0:nxmax+1, 0:nymax+1), f(nxmax, nymax)
      common /dims/ nx, ny, jfirst, jlast, nloc
      common /ctrl/ itmax, inorm, omega, tolrsd, h
      common /fields/ u, f
      integer i, j, ierr
      double precision r, local

      call exchange
      local = 0.0d0
      do j = 1, nloc
         do i = 1, nx
            r = f(i, j) - (4.0d0 * u(i, j) - u(i-1, j) - u(i+1, j) &
          - u(i, j-1) - u(i, j+1)) / (h * h)
            local = local + r * r
         end do
      end do
      call mpi_allreduce(local, rsdnm, 1, MPI_DOUBLE_PRECISION, &
          MPI_SUM, MPI_COMM_WORLD, ierr)
      rsdnm = sqrt(rsdnm * h * h)
      end subroutine l2norm

      subroutine error_norm(errmax)
      implicit none
      include 'mpif.h'
      double precision errmax
      integer nxmax, nymax
      parameter (nxmax = 130, nymax = 130)
      integer nx, ny, jfirst, jlast, nloc
      double precision u(0:nxmax+1, 0:nymax+1), f(nxmax, nymax)
      double precision omega, tolrsd, h
      integer itmax, inorm
      common /dims/ nx, ny, jfirst, jlast, nloc
      common /ctrl/ itmax, inorm, omega, tolrsd, h
      common /fields/ u, f
      integer i, j, ierr
      double precision pi, local
      parameter (pi = 3.141592653589793d0)

      local = 0.0d0
      do j = 1, nloc
         do i = 1, nx
            local = max(local, abs(u(i, j) - sin(pi * i * h) &
          * sin(pi * (jfirst + j - 1) * h)))
         end do
      end do
      call mpi_allreduce(local, errmax, 1, MPI_DOUBLE_PRECISION, &
          MPI_MAX, MPI_COMM_WORLD, ierr)
      end subroutine error_norm
