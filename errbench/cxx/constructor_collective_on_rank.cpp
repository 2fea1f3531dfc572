// A C++ RAII guard whose constructor and destructor run collectives,
// built on the root only.
//
// What is wrong: main builds a Sync guard inside `if (rank == 0)' (line
// 38); its constructor and destructor each call MPI_Barrier, so the root
// runs two barriers that the other ranks never call, and then every rank
// calls MPI_Allreduce.  GCC calls the complete-object constructor and
// destructor (C1, D1), which are aliases of the base-object ones (C2, D2)
// whose bodies the unit sees: PARCOACH follows the alias to the body and
// flags the construction (line 39) and the destruction (line 41, the end
// of the block): one cause, one warning at line 39 whose path names both.
// At run time the root's check before its first
// barrier meets the others' check before MPI_Allreduce: the program stops.
//
// description: C++ constructor and destructor running MPI_Barrier, object built on the root only
// expect-warning: 39 collective-mismatch
// expect-conditional: 38
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

class Sync {
public:
  explicit Sync(MPI_Comm comm) : comm_(comm) { MPI_Barrier(comm_); }
  ~Sync() { MPI_Barrier(comm_); }

private:
  MPI_Comm comm_;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int total = 0, one = 1;
  if (rank == 0) {
    Sync guard(MPI_COMM_WORLD);
    std::printf("root inside the guard\n");
  }
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("%d processes\n", total);
  MPI_Finalize();
  return 0;
}
