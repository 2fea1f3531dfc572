!     The run's parameters, in one COMMON block shared by every file:
!     MYID is the rank, NPROCS the size, NITER and TOL the same everywhere.
      INTEGER MYID, NPROCS, NITER
      DOUBLE PRECISION TOL
      COMMON /PARAMS/ MYID, NPROCS, NITER, TOL
