// Pure MPI C++: a 2-D Cartesian decomposition in a class, as in
// structured-grid mini-apps.  The constructor builds the grid communicator
// (MPI_Dims_create, MPI_Cart_create), finds the neighbours (MPI_Cart_shift:
// MPI_PROC_NULL at the edges) and the row communicator (MPI_Cart_sub); the
// halo exchange runs MPI_Sendrecv on every process (MPI_PROC_NULL makes
// edge transfers no-ops, no rank test needed); norms are reduced on the
// grid and on the rows; exceptions thrown on every process alike.  1 to 4
// processes.  Nothing to warn, nothing to stop.
//
// description: pure MPI C++: Cartesian grid class, MPI_Cart_sub rows, Sendrecv halos with MPI_PROC_NULL, row and grid reductions
// expect-run: 1 ok
// expect-run: 2 ok repeat=2
// expect-run: 3 ok
// expect-run: 4 ok
// expect-run-args: instrument=all
#include <mpi.h>
#include <cstdio>
#include <stdexcept>
#include <vector>

class Grid {
public:
  explicit Grid(int n) : n_(n), field_((n + 2) * (n + 2), 0.0)
  {
    int size, dims[2] = {0, 0}, periods[2] = {0, 0}, keep[2] = {0, 1};
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart_);
    MPI_Comm_rank(cart_, &rank_);
    MPI_Cart_shift(cart_, 0, 1, &north_, &south_);
    MPI_Cart_shift(cart_, 1, 1, &west_, &east_);
    MPI_Cart_sub(cart_, keep, &row_);
    MPI_Type_vector(n_, 1, n_ + 2, MPI_DOUBLE, &column_);
    MPI_Type_commit(&column_);
    for (int i = 1; i <= n_; i++)
      for (int j = 1; j <= n_; j++)
        at(i, j) = rank_ + 1;
  }
  ~Grid()
  {
    MPI_Type_free(&column_);
    MPI_Comm_free(&row_);
    MPI_Comm_free(&cart_);
  }
  Grid(const Grid &) = delete;
  Grid &operator=(const Grid &) = delete;

  void exchange()
  {
    MPI_Sendrecv(&at(1, 1), n_, MPI_DOUBLE, north_, 0, &at(n_ + 1, 1), n_, MPI_DOUBLE, south_, 0,
                 cart_, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&at(n_, 1), n_, MPI_DOUBLE, south_, 1, &at(0, 1), n_, MPI_DOUBLE, north_, 1,
                 cart_, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&at(1, 1), 1, column_, west_, 2, &at(1, n_ + 1), 1, column_, east_, 2, cart_,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&at(1, n_), 1, column_, east_, 3, &at(1, 0), 1, column_, west_, 3, cart_,
                 MPI_STATUS_IGNORE);
  }

  double sum(bool row_only) const
  {
    double local = 0.0, global = 0.0;
    for (int i = 1; i <= n_; i++)
      for (int j = 1; j <= n_; j++)
        local += field_[i * (n_ + 2) + j];
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, row_only ? row_ : cart_);
    return global;
  }

  void check_positive() const
  {
    double total = sum(false);
    if (total <= 0.0)     // the same total on every process: all throw or none
      throw std::runtime_error("empty grid");
  }

  int rank() const { return rank_; }

private:
  double &at(int i, int j) { return field_[i * (n_ + 2) + j]; }

  int n_, rank_ = 0, north_, south_, west_, east_;
  MPI_Comm cart_, row_;
  MPI_Datatype column_;
  std::vector<double> field_;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int size, status = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  try {
    Grid grid(16);
    for (int step = 0; step < 3; step++)
      grid.exchange();
    grid.check_positive();
    double total = grid.sum(false), row = grid.sum(true);
    if (total != 256.0 * size * (size + 1) / 2 || row <= 0.0 || row > total)
      status = 3;
  } catch (const std::exception &error) {
    std::fprintf(stderr, "%s\n", error.what());
    status = 4;
  }
  if (status)
    MPI_Abort(MPI_COMM_WORLD, status);
  MPI_Finalize();
  return 0;
}
