/* Robustness: labels as values and computed gotos (GNU C), a threaded
 * interpreter whose opcodes call collectives. */
#include <mpi.h>

int interpreter(const unsigned char *code)
{
  static void *const dispatch[] = {&&op_halt, &&op_barrier, &&op_reduce, &&op_jump};
  int acc = 0, pc = 0;
  goto *dispatch[code[pc] & 3];
op_barrier:
  MPI_Barrier(MPI_COMM_WORLD);
  pc++;
  goto *dispatch[code[pc] & 3];
op_reduce:
  MPI_Allreduce(MPI_IN_PLACE, &acc, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  pc++;
  goto *dispatch[code[pc] & 3];
op_jump:
  pc = code[pc + 1];
  goto *dispatch[code[pc] & 3];
op_halt:
  return acc;
}

int single_target(int x)
{
  void *p = &&target;
  if (x)
    MPI_Barrier(MPI_COMM_WORLD);
  goto *p;
target:
  MPI_Barrier(MPI_COMM_WORLD);
  return x;
}

int chosen_target(int rank)
{
  void *p = rank ? &&with : &&without;
  goto *p;
with:
  MPI_Barrier(MPI_COMM_WORLD);
without:
  return rank;
}

/* Label addresses taken but never jumped to. */
void *addresses(void)
{
  MPI_Barrier(MPI_COMM_WORLD);
  return &&here;
here:
  return 0;
}
