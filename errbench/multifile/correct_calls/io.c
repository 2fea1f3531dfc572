#include "lib.h"
#include <stdio.h>
void print_summary(double value) { printf("value %g\n", value); }
void checkpoint(MPI_Comm comm) { MPI_Barrier(comm); }
