/* Checkpoint/restart I/O routine in the style of HPC applications (pure
 * MPI, C): a header written by rank 0 alone with MPI_File_write_at
 * (independent), the distributed field written with a subarray file view
 * and MPI_File_write_all (collective), the file closed, reopened, the
 * header read by every process with MPI_File_read_at_all, the field read
 * back with MPI_File_read_all and compared.  Every MPI_File_* error code is
 * folded into a flag agreed with MPI_Allreduce(MPI_LOR); on error every
 * process returns early together.  The file name comes from rank 0 and is
 * broadcast.  Nothing to warn, nothing to stop.
 *
 * description: collective checkpoint I/O: MPI_File_open/set_view/write_all/read_all/read_at_all, header written by rank 0 only, error codes agreed by Allreduce(LOR) before an early return, file name broadcast
 * expect-run: 2 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NX 16
#define NY 12
#define HEADER_BYTES 64

struct header {
  int magic;
  int nx, ny;
  int step;
  double time;
};

static int any_error(int rc, MPI_Comm comm)
{
  int bad = (rc != MPI_SUCCESS), anybad = 0;
  MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, comm);
  return anybad;
}

static int write_checkpoint(const char *fname, MPI_Comm comm,
                            const double *field, int rows, int row0,
                            int step, double time)
{
  MPI_File fh;
  int rank, rc;
  MPI_Comm_rank(comm, &rank);

  rc = MPI_File_open(comm, fname, MPI_MODE_CREATE | MPI_MODE_WRONLY,
                     MPI_INFO_NULL, &fh);
  if (any_error(rc, comm))
    return 1;

  rc = MPI_SUCCESS;
  if (rank == 0) {
    struct header h = {0x50434b31, NX, NY, step, time};
    char buf[HEADER_BYTES];
    memset(buf, 0, sizeof buf);
    memcpy(buf, &h, sizeof h);
    rc = MPI_File_write_at(fh, 0, buf, HEADER_BYTES, MPI_BYTE,
                           MPI_STATUS_IGNORE);
  }
  int err = any_error(rc, comm);

  if (!err) {
    int sizes[2] = {NY, NX}, subsizes[2] = {rows, NX}, starts[2] = {row0, 0};
    MPI_Datatype filetype;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C,
                             MPI_DOUBLE, &filetype);
    MPI_Type_commit(&filetype);
    rc = MPI_File_set_view(fh, HEADER_BYTES, MPI_DOUBLE, filetype, "native",
                           MPI_INFO_NULL);
    if (rc == MPI_SUCCESS)
      rc = MPI_File_write_all(fh, field, rows * NX, MPI_DOUBLE,
                              MPI_STATUS_IGNORE);
    MPI_Type_free(&filetype);
    err = any_error(rc, comm);
  }
  MPI_File_close(&fh);
  return err;
}

static int read_checkpoint(const char *fname, MPI_Comm comm, double *field,
                           int rows, int row0, int *step, double *time)
{
  MPI_File fh;
  int rc;
  char buf[HEADER_BYTES];
  struct header h;

  rc = MPI_File_open(comm, fname, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  if (any_error(rc, comm))
    return 1;

  rc = MPI_File_read_at_all(fh, 0, buf, HEADER_BYTES, MPI_BYTE,
                            MPI_STATUS_IGNORE);
  memcpy(&h, buf, sizeof h);
  if (rc == MPI_SUCCESS && (h.magic != 0x50434b31 || h.nx != NX || h.ny != NY))
    rc = MPI_ERR_OTHER;
  if (any_error(rc, comm)) {
    MPI_File_close(&fh);
    return 1;
  }
  *step = h.step;
  *time = h.time;

  int sizes[2] = {NY, NX}, subsizes[2] = {rows, NX}, starts[2] = {row0, 0};
  MPI_Datatype filetype;
  MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C,
                           MPI_DOUBLE, &filetype);
  MPI_Type_commit(&filetype);
  rc = MPI_File_set_view(fh, HEADER_BYTES, MPI_DOUBLE, filetype, "native",
                         MPI_INFO_NULL);
  if (rc == MPI_SUCCESS)
    rc = MPI_File_read_all(fh, field, rows * NX, MPI_DOUBLE,
                           MPI_STATUS_IGNORE);
  MPI_Type_free(&filetype);
  int err = any_error(rc, comm);
  MPI_File_close(&fh);
  return err;
}

int main(int argc, char **argv)
{
  int rank, nprocs;
  char fname[256];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  if (rank == 0) {
    const char *dir = getenv("TMPDIR");
    snprintf(fname, sizeof fname, "%s/app_checkpoint_%d.dat",
             dir ? dir : "/tmp", (int)getpid());
  }
  MPI_Bcast(fname, sizeof fname, MPI_CHAR, 0, MPI_COMM_WORLD);

  int rows = NY / nprocs + (rank < NY % nprocs);
  int row0 = rank * (NY / nprocs) + (rank < NY % nprocs ? rank : NY % nprocs);
  double *field = malloc(rows * NX * sizeof *field);
  double *back = malloc(rows * NX * sizeof *back);
  for (int j = 0; j < rows; j++)
    for (int i = 0; i < NX; i++)
      field[j * NX + i] = (row0 + j) * 100.0 + i;

  int status = 0;
  if (write_checkpoint(fname, MPI_COMM_WORLD, field, rows, row0, 42, 3.5)) {
    if (rank == 0)
      fprintf(stderr, "checkpoint write failed\n");
    status = 1;
    goto out;
  }

  int step = 0;
  double time = 0.0;
  if (read_checkpoint(fname, MPI_COMM_WORLD, back, rows, row0, &step,
                      &time)) {
    if (rank == 0)
      fprintf(stderr, "checkpoint read failed\n");
    status = 1;
    goto out;
  }

  int bad = (step != 42 || time != 3.5);
  for (int k = 0; k < rows * NX; k++)
    if (back[k] != field[k])
      bad = 1;
  int anybad = 0;
  MPI_Reduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("restart %s\n", anybad ? "MISMATCH" : "verified");
    status = anybad;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);

out:
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    MPI_File_delete(fname, MPI_INFO_NULL);
  free(field);
  free(back);
  MPI_Finalize();
  return status;
}
