// A store through the reference a member operator[] returns into the
// elements of the object's std::vector writes those elements only, not the
// communicator the object holds beside them, also from a lambda capturing
// the object by reference (settle_result_stores); a member returning a
// reference to the communicator itself still writes it.  Field<1> and
// Field<2> hold the communicators that differ, so that the sum() of
// Field<0> (one function for all its objects) sees only those that do not,
// and that of Field<2> only the lambda's store.  What MPI_Allreduce gives
// on a communicator read through `this' counts as the same everywhere,
// whichever communicator the object holds (a member made by
// MPI_Comm_split is the usual case: the same on its members): the sums of
// h, k and box are not blamed on `mine'; the calls on differing
// communicators are the communicator checks' business (errbench
// comm_choice/).
#include <mpi.h>
#include <vector>

template <int Tag> class Field {
public:
  Field(MPI_Comm comm, int n) : comm_(comm), data_(n, 0.0) {}
  double &operator[](int i) { return data_[i]; }
  MPI_Comm &comm() { return comm_; }
  double sum() const
  {
    double local = data_[0], global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return global;
  }

private:
  MPI_Comm comm_;
  std::vector<double> data_;
};

// A communicator stored by name in a lambda the helper runs.
struct Box {
  MPI_Comm comm;
  double sum() const
  {
    double local = 1.0, global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
    return global;
  }
};

template <typename F> static void for_each_index(int n, F &&body)
{
  for (int i = 0; i < n; i++) // value-flow: uniform
    body(i);
}

int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Field<0> f(MPI_COMM_WORLD, 4);
  for (int i = 0; i < 4; i++) // value-flow: uniform
    f[i] = rank;
  if (f.sum() > 1.0) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  if (f[0] > 0.5) // value-flow: differs
    MPI_Barrier(MPI_COMM_WORLD);
  Field<0> g(MPI_COMM_WORLD, 4);
  for_each_index(4, [&](int i) { g[i] = rank + i; });
  if (g.sum() > 1.0) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  // A communicator that differs, stored through a returned reference.
  MPI_Comm mine = MPI_COMM_WORLD;
  if (rank == 0) // value-flow: rank
    mine = MPI_COMM_SELF;
  Field<1> h(MPI_COMM_WORLD, 4);
  h.comm() = mine;
  if (h.sum() > 1.0) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  Field<2> k(MPI_COMM_WORLD, 4);
  for_each_index(1, [&](int) { k.comm() = mine; });
  if (k.sum() > 1.0) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  Box box{MPI_COMM_WORLD};
  for_each_index(1, [&](int) { box.comm = mine; });
  if (box.sum() > 1.0) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
