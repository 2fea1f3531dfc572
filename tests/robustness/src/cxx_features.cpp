// Robustness (C++17): exceptions, templates, lambdas, destructors, virtual
// methods, RAII guards, std::function, range-for, constexpr if, noexcept,
// function-try-blocks, all calling MPI collectives.
#include <mpi.h>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

struct BarrierGuard {
  MPI_Comm comm;
  explicit BarrierGuard(MPI_Comm c) : comm(c) { MPI_Barrier(comm); }
  ~BarrierGuard() { MPI_Barrier(comm); }
};

int guarded(MPI_Comm comm, int rank) {
  BarrierGuard g(comm);
  if (rank == 1)
    return 1;                       // destructor on this path
  if (rank == 2)
    throw std::runtime_error("two"); // destructor on the exception path
  std::vector<BarrierGuard> many;
  many.reserve(3);
  for (int i = 0; i < rank; ++i)
    many.emplace_back(comm);
  return 0;
}

template <typename T> struct MpiType;
template <> struct MpiType<int> { static MPI_Datatype get() { return MPI_INT; } };
template <> struct MpiType<double> { static MPI_Datatype get() { return MPI_DOUBLE; } };

template <typename T> T sum(T x, MPI_Comm comm) {
  T s{};
  if constexpr (sizeof(T) > 4) {
    MPI_Allreduce(&x, &s, 1, MpiType<T>::get(), MPI_SUM, comm);
  } else {
    if (x > T(0))
      MPI_Allreduce(&x, &s, 1, MpiType<T>::get(), MPI_SUM, comm);
  }
  return s;
}

template <int N> int unrolled(MPI_Comm comm) {
  if constexpr (N > 0) {
    MPI_Barrier(comm);
    return unrolled<N - 1>(comm) + 1;
  }
  return 0;
}

double templates(MPI_Comm comm) {
  return sum(1, comm) + sum(2.0, comm) + unrolled<5>(comm);
}

int lambdas(MPI_Comm comm, int rank) {
  auto barrier = [comm]() { return MPI_Barrier(comm); };
  auto maybe = [&](int x) {
    if (x == rank)
      barrier();
    return x;
  };
  std::function<int(int)> f = maybe;
  int s = 0;
  for (int i : {0, 1, 2})
    s += f(i);
  auto recursive = [&](auto &&self, int n) -> int {
    if (n <= 0)
      return 0;
    MPI_Barrier(comm);
    return self(self, n - 1);
  };
  return s + recursive(recursive, rank) + [&] { return barrier(); }();
}

struct Stage {
  virtual ~Stage() { MPI_Barrier(MPI_COMM_WORLD); }
  virtual void run(MPI_Comm comm, int rank) = 0;
};
struct Reduce : Stage {
  void run(MPI_Comm comm, int rank) override {
    if (rank)
      MPI_Allreduce(MPI_IN_PLACE, &rank, 1, MPI_INT, MPI_SUM, comm);
  }
};

void virtuals(MPI_Comm comm, int rank) {
  std::unique_ptr<Stage> s = std::make_unique<Reduce>();
  s->run(comm, rank);
}

int exceptions(MPI_Comm comm, int rank) {
  int result = 0;
  try {
    try {
      MPI_Barrier(comm);
      if (rank == 3)
        throw std::string("three");
      result = guarded(comm, rank);
    } catch (const std::runtime_error &) {
      MPI_Barrier(comm);
      throw;                           // rethrow
    } catch (...) {
      result = -1;
    }
  } catch (const std::exception &e) {
    MPI_Bcast(&result, 1, MPI_INT, 0, comm);
  }
  for (int i = 0; i < 3; ++i) {
    try {
      if (i == rank)
        throw i;
      MPI_Barrier(comm);
    } catch (int j) {
      result += j;
      continue;
    }
  }
  return result;
}

void function_try_block(MPI_Comm comm) try {
  MPI_Barrier(comm);
  throw 1;
} catch (int) {
  MPI_Barrier(comm);
}

int nothrow(MPI_Comm comm, int rank) noexcept {
  if (rank)
    MPI_Barrier(comm);
  return rank;
}

struct Member {
  MPI_Comm comm_;
  int rank_;
  int step() {
    if (rank_ % 2)
      MPI_Barrier(comm_);
    MPI_Allreduce(MPI_IN_PLACE, &rank_, 1, MPI_INT, MPI_SUM, comm_);
    return rank_;
  }
};

int members(Member &m) { return m.step(); }
