!     A sweep loop on NITER, a convergence test on an MPI_ALLREDUCE
!     result, and a final barrier when the job has several processes:
!     correct, whatever MYID (in the same COMMON block) holds.
      PROGRAM MAIN
      INCLUDE 'mpif.h'
      INCLUDE 'params.h'
      INTEGER IERR, IT
      DOUBLE PRECISION RES
      CALL MPI_INIT(IERR)
      CALL SETUP
      DO 100 IT = 1, NITER
         CALL RELAX(RES)
         IF (RES .LT. TOL) GOTO 200
  100 CONTINUE
  200 CONTINUE
      IF (NPROCS .GT. 1) CALL MPI_BARRIER(MPI_COMM_WORLD, IERR)
      IF (MYID .EQ. 0) PRINT *, 'residual', RES
      CALL MPI_FINALIZE(IERR)
      END
