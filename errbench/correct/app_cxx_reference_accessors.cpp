// C++ time-stepping driver with LULESH-style accessors returning references
// to members (`Real_t &time() { return m_time; }'), on an object held by
// value in main: the process's rank and a rank-dependent field live in the
// same object beside the time and step count, which are advanced by the
// reduced time step only.  The loop `while (sim.time() < sim.stoptime())'
// and the `if (cycle() > 0)' in the step read the members through the
// references the accessors return (the step writes the members directly).
// Nothing to warn, nothing to stop.
//
// description: C++ accessors returning references to members (time(), cycle(), stoptime()) drive the time loop and a reduction test; rank and rank-dependent data in the same object
// expect-run: 1 ok
// expect-run: 2 ok
// expect-run: 4 ok
#include <mpi.h>
#include <cstddef>
#include <cstdio>
#include <vector>

typedef double Real_t;

class Simulation {
public:
  Simulation(int rank, int size, int n)
      : m_rank(rank), m_size(size), m_u(n, 1.0 + rank), m_time(0.0),
        m_stoptime(1.0), m_dt(0.05), m_cycle(0)
  {
  }
  Real_t &time() { return m_time; }
  Real_t &stoptime() { return m_stoptime; }
  Real_t &dt() { return m_dt; }
  int &cycle() { return m_cycle; }
  int &rank() { return m_rank; }

  void step()
  {
    Real_t local_dt = 0.1;
    for (Real_t v : m_u)
      if (0.2 / v < local_dt)
        local_dt = 0.2 / v;
    if (cycle() > 0) {
      Real_t global_dt;
      MPI_Allreduce(&local_dt, &global_dt, 1, MPI_DOUBLE, MPI_MIN,
                    MPI_COMM_WORLD);
      m_dt = global_dt;
    }
    for (std::size_t i = 0; i < m_u.size(); ++i)
      m_u[i] *= 0.99;
    m_time += dt();
    ++m_cycle;
  }

  Real_t sum() const
  {
    Real_t s = 0.0;
    for (Real_t v : m_u)
      s += v;
    return s;
  }

private:
  int m_rank, m_size;
  std::vector<Real_t> m_u;
  Real_t m_time, m_stoptime, m_dt;
  int m_cycle;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  Simulation sim(rank, size, 8);
  while (sim.time() < sim.stoptime())
    sim.step();

  Real_t local = sim.sum(), total = 0.0;
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (sim.rank() == 0)
    std::printf("%d cycles, t = %.3f, sum = %.4f\n", sim.cycle(), sim.time(),
                total);
  MPI_Finalize();
  return 0;
}
