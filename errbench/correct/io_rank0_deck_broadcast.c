/* An input routine as in many MPI codes (pure MPI, C): rank 0 alone
 * opens and parses an input deck (here a temporary file it writes first:
 * a title line, a header of sizes, a command list, a table of values),
 * then the status of that read is broadcast and every process leaves
 * together if it failed; the header struct goes by MPI_BYTE, then the
 * title (length first), then the arrays whose sizes the header gave, which
 * the other processes allocate after the size broadcast.  The commands
 * (the same everywhere now) drive a switch of collectives; the table rows
 * are scattered with MPI_Scatterv.  Nothing to warn, nothing to stop.
 *
 * description: rank 0 reads an input deck (fgets/sscanf/fscanf), broadcasts read status then a header struct as MPI_BYTE, title, sizes then data; commands drive a switch of collectives; Scatterv of table rows
 * known-failure: load_deck's early `return status' (all processes or none take it: status is broadcast) is joined at the function's exit with the broadcast path, so the header rank 0 read stays `may differ' in main (the loop on deck.header.ncommands); and deck.commands may point to either of two heap blocks, so the MPI_Bcast into it is a weak update and the switch on deck.commands[c] is blamed
 * expect-run: 2 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum command { CMD_SUM = 1, CMD_MAX = 2, CMD_SCALE = 3, CMD_REPORT = 4 };

typedef struct {
  int rows, columns, ncommands;
  double scale;
} header_t;

typedef struct {
  header_t header;
  char title[128];
  int *commands;
  double *table;   /* rows x columns, on every process after the broadcast */
} deck_t;

static void write_default_deck(FILE *fp)
{
  fprintf(fp, "Demo input deck\n");
  fprintf(fp, "rows 7 columns 3 commands 5 scale 0.5\n");
  fprintf(fp, "%d %d %d %d %d\n", CMD_SUM, CMD_SCALE, CMD_MAX, CMD_SUM, CMD_REPORT);
  for (int r = 0; r < 7; r++)
    fprintf(fp, "%d.0 %d.5 %d.25\n", r, r + 1, 2 * r);
}

/* Rank 0 only: 0 on success, a negative line number on a parse error. */
static int read_deck(FILE *fp, deck_t *deck)
{
  char line[256];
  if (!fgets(deck->title, sizeof deck->title, fp))
    return -1;
  deck->title[strcspn(deck->title, "\n")] = '\0';
  header_t *h = &deck->header;
  if (!fgets(line, sizeof line, fp) ||
      sscanf(line, "rows %d columns %d commands %d scale %lf", &h->rows, &h->columns,
             &h->ncommands, &h->scale) != 4)
    return -2;
  if (h->rows < 1 || h->columns < 1 || h->ncommands < 0)
    return -2;
  deck->commands = malloc((h->ncommands + 1) * sizeof(int));
  for (int i = 0; i < h->ncommands; i++)
    if (fscanf(fp, "%d", &deck->commands[i]) != 1)
      return -3;
  deck->table = malloc((size_t)h->rows * h->columns * sizeof(double));
  for (int i = 0; i < h->rows * h->columns; i++)
    if (fscanf(fp, "%lf", &deck->table[i]) != 1)
      return -4;
  return 0;
}

static int load_deck(deck_t *deck, MPI_Comm comm)
{
  int rank, status = 0;
  MPI_Comm_rank(comm, &rank);
  memset(deck, 0, sizeof *deck);
  if (rank == 0) {
    FILE *fp = tmpfile();
    if (fp == NULL) {
      status = -10;
    } else {
      write_default_deck(fp);
      rewind(fp);
      status = read_deck(fp, deck);
      fclose(fp);
    }
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, comm);
  if (status != 0)
    return status;

  MPI_Bcast(&deck->header, (int)sizeof deck->header, MPI_BYTE, 0, comm);
  int title_length = (int)strlen(deck->title);
  MPI_Bcast(&title_length, 1, MPI_INT, 0, comm);
  MPI_Bcast(deck->title, title_length + 1, MPI_CHAR, 0, comm);
  if (rank != 0) {
    deck->commands = malloc((deck->header.ncommands + 1) * sizeof(int));
    deck->table = malloc((size_t)deck->header.rows * deck->header.columns * sizeof(double));
  }
  MPI_Bcast(deck->commands, deck->header.ncommands, MPI_INT, 0, comm);
  MPI_Bcast(deck->table, deck->header.rows * deck->header.columns, MPI_DOUBLE, 0, comm);
  return 0;
}

int main(int argc, char **argv)
{
  int rank, size;
  deck_t deck;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int status = load_deck(&deck, MPI_COMM_WORLD);
  if (status != 0) {
    if (rank == 0)
      fprintf(stderr, "cannot read the input deck (status %d)\n", status);
    MPI_Finalize();
    return 1;
  }
  const int rows = deck.header.rows, columns = deck.header.columns;

  /* Rows dealt out as evenly as possible: uneven counts, same on every process. */
  int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int));
  for (int r = 0, offset = 0; r < size; r++) {
    counts[r] = (rows / size + (r < rows % size)) * columns;
    displs[r] = offset;
    offset += counts[r];
  }
  double *mine = malloc((counts[rank] + 1) * sizeof(double));
  MPI_Scatterv(deck.table, counts, displs, MPI_DOUBLE, mine, counts[rank], MPI_DOUBLE, 0,
               MPI_COMM_WORLD);

  double value = 0.0, result = 0.0;
  for (int i = 0; i < counts[rank]; i++)
    value += mine[i];
  for (int c = 0; c < deck.header.ncommands; c++) {
    switch (deck.commands[c]) {
    case CMD_SUM:
      MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      break;
    case CMD_MAX:
      MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      break;
    case CMD_SCALE:
      value *= deck.header.scale;
      break;
    case CMD_REPORT:
      if (rank == 0)
        printf("%s: result %.4f\n", deck.title, result);
      break;
    default:
      if (rank == 0)
        fprintf(stderr, "unknown command %d\n", deck.commands[c]);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
  }

  /* Every process checks the broadcast table against its own total. */
  double expected = 0.0;
  for (int i = 0; i < rows * columns; i++)
    expected += deck.table[i];
  if (result != expected * deck.header.scale) {
    fprintf(stderr, "rank %d: %f != %f\n", rank, result, expected * deck.header.scale);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  free(mine);
  free(counts);
  free(displs);
  free(deck.commands);
  free(deck.table);
  MPI_Finalize();
  return 0;
}
