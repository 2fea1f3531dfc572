// An opaque handle: a pointer to a structure only the library completes
// (Open MPI's MPI_Comm is a `struct ompi_communicator_t *', MPI_COMM_WORLD
// the address of a library global), kept in a RAII guard and handed from
// one function to another.  This file cannot read what the handle points
// to, so neither the library's global behind it nor the guard's own memory
// (what get() may return) is taken as the handle's value.
#include <mpi.h>

struct lib_comm; // defined only inside the library
extern lib_comm lib_world, lib_null;

class Guard {
public:
  explicit Guard(lib_comm *parent) : comm_(parent) {}
  ~Guard()
  {
    if (comm_ != &lib_null) // value-flow: uniform
      MPI_Barrier(MPI_COMM_WORLD);
  }
  lib_comm *get() const { return comm_; }

private:
  lib_comm *comm_ = &lib_null;
};

static int run(lib_comm *world)
{
  Guard guard(world);
  return 1;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int runs = run(&lib_world);
  {
    Guard again(&lib_world);
    runs += run(again.get());
  }
  MPI_Finalize();
  return runs == 2 ? 0 : 1;
}
