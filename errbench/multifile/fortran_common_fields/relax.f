!     One relaxation sweep: a local residual, summed over the processes.
      SUBROUTINE RELAX(RES)
      INCLUDE 'mpif.h'
      INCLUDE 'params.h'
      DOUBLE PRECISION RES, LOCAL
      INTEGER IERR
      LOCAL = 1.0D0 / DBLE(MYID + 2)
      CALL MPI_ALLREDUCE(LOCAL, RES, 1, MPI_DOUBLE_PRECISION, MPI_SUM,
     &                   MPI_COMM_WORLD, IERR)
      END
