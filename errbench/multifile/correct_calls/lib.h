#include <mpi.h>
double exchange_all(MPI_Comm comm, int rank);
double scale(double value);
void print_summary(double value);
void checkpoint(MPI_Comm comm);
