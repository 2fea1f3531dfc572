#include <mpi.h>
void env_init(int *argc, char ***argv);
int env_rank(void);
int env_size(void);
int env_steps(void);
MPI_Comm env_comm(void);
void env_finalize(void);
