// A C++ method that returns early on the root, before a barrier on a
// communicator held in a data member.
//
// What is wrong: Stage::sync returns on rank 0 (the `if' of line 24)
// and the other ranks call MPI_Barrier on comm_ (line 26): rank 0 goes on
// to MPI_Finalize while the others wait in the barrier.  The barrier is
// flagged.  The communicator is read from *this, so the check placed where
// rank 0 leaves sync cannot use it; the program must stop anyway, before
// the deadlock.
//
// description: C++ method: early return on the root before MPI_Barrier on a member communicator
// expect-warning: 26 collective-mismatch
// expect-conditional: 24
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>

class Stage {
public:
  explicit Stage(MPI_Comm comm) : comm_(comm), rank_(0) {
    MPI_Comm_rank(comm_, &rank_);
  }
  void sync() {
    if (rank_ == 0)
      return;       // BUG: the root skips the barrier
    MPI_Barrier(comm_);
  }

private:
  MPI_Comm comm_;
  int rank_;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  {
    Stage stage(MPI_COMM_WORLD);
    stage.sync();
  }
  MPI_Finalize();
  return 0;
}
