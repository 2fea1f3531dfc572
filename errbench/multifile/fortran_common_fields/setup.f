!     Reads the parameters on process 0 and gives them to all: NITER and
!     TOL by MPI_BCAST, MYID and NPROCS from the communicator.
      SUBROUTINE SETUP
      INCLUDE 'mpif.h'
      INCLUDE 'params.h'
      INTEGER IERR
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, MYID, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NPROCS, IERR)
      IF (MYID .EQ. 0) THEN
         NITER = 4
         TOL = 1.0D-6
      END IF
      CALL MPI_BCAST(NITER, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, IERR)
      CALL MPI_BCAST(TOL, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD,
     &               IERR)
      END
