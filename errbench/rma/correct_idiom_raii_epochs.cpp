// C++: one-sided communication behind RAII classes, as C++ codes wrap MPI.
//   - A Window class owns a std::vector<double> exposed with
//     MPI_Win_create in its constructor and freed with MPI_Win_free in its
//     destructor.
//   - A LockGuard opens MPI_Win_lock (exclusive) on one target in its
//     constructor and MPI_Win_unlock in its destructor; the code inside
//     may throw (the guard's destructor closes the epoch during unwinding).
//   - An EpochAll guard wraps MPI_Win_lock_all/unlock_all, with a flush
//     method called after each MPI_Get.
// Each rank puts rank + 1 into its right neighbour's window, then after a
// barrier gets every rank's slot written by that rank's left neighbour.
// Values are checked.  Silent, runs clean.
//
// description: C++ RAII: window owned by a class (MPI_Win_create/MPI_Win_free in constructor/destructor), lock guard around code that may throw, lock_all guard with a flush method: silent, runs clean
// mpi: openmpi
// expect-run: 2 ok
// expect-run: 3 ok
// expect-run: 3 ok PARCOACH_NASTY=1
#include <mpi.h>
#include <cstdio>
#include <stdexcept>
#include <vector>

class Window {
public:
  Window(MPI_Comm comm, std::size_t n) : data_(n, 0.0) {
    MPI_Win_create(data_.data(), n * sizeof(double), sizeof(double), MPI_INFO_NULL, comm, &win_);
  }
  ~Window() { MPI_Win_free(&win_); }
  MPI_Win handle() const { return win_; }
  std::vector<double> &data() { return data_; }
private:
  std::vector<double> data_;
  MPI_Win win_;
};

class LockGuard {
public:
  LockGuard(MPI_Win w, int target, int type) : w_(w), t_(target) { MPI_Win_lock(type, target, 0, w_); }
  ~LockGuard() { MPI_Win_unlock(t_, w_); }
private:
  MPI_Win w_;
  int t_;
};

class EpochAll {
public:
  explicit EpochAll(MPI_Win w) : w_(w) { MPI_Win_lock_all(0, w_); }
  ~EpochAll() { MPI_Win_unlock_all(w_); }
  void flush(int t) { MPI_Win_flush(t, w_); }
private:
  MPI_Win w_;
};

static double checked(double v) {
  if (v < 0) throw std::runtime_error("negative");
  return v;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int errors = 0;
  {
    Window w(MPI_COMM_WORLD, 4 * size);
    int right = (rank + 1) % size;
    try {
      LockGuard g(w.handle(), right, MPI_LOCK_EXCLUSIVE);
      double v = checked(rank + 1.0);
      MPI_Put(&v, 1, MPI_DOUBLE, right, rank, 1, MPI_DOUBLE, w.handle());
    } catch (const std::exception &e) {
      ++errors;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    std::vector<double> got(size);
    {
      EpochAll epoch(w.handle());
      for (int t = 0; t < size; ++t) {
        MPI_Get(&got[t], 1, MPI_DOUBLE, t, (t + size - 1) % size, 1, MPI_DOUBLE, w.handle());
        epoch.flush(t);
      }
    }
    for (int t = 0; t < size; ++t)
      if (got[t] != (t + size - 1) % size + 1.0) ++errors;
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (errors) std::printf("%d errors on %d\n", errors, rank);
  MPI_Finalize();
  return errors != 0;
}
