// LULESH-like hydrodynamics proxy (pure MPI, C++): a Domain class owning
// std::vector fields, a cubic process grid checked in main (MPI_Abort when
// the process count is not a cube), the time step constrained by the
// courant and hydro limits of every process through
// MPI_Allreduce(MPI_MIN) in CalcTimeConstraints, the loop
// `while (time < stoptime && cycle < maxcycles)' on the reduced step,
// `if (numRanks > 1)' around the plane exchange, a final energy reduced to
// rank 0 and printed there, and timing by MPI_Wtime reduced with MPI_MAX.
// Nothing to warn, nothing to stop.
//
// description: LULESH-like C++: Domain class with vectors, cube check with MPI_Abort, Allreduce(MIN) time step in a member function, time loop on reduced dt, numRanks > 1 exchange, rank-0 report
// expect-run: 1 ok
// expect-run: 2 ok
// expect-run: 4 ok
#include <mpi.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

typedef double Real_t;
typedef int Index_t;

class Domain {
public:
  Domain(int numRanks, int myRank, Index_t nx)
      : m_numRanks(numRanks), m_myRank(myRank), m_nx(nx),
        m_e(nx * nx * nx, 0.0), m_p(nx * nx * nx, 0.0),
        m_ss(nx * nx * nx, 1.0), m_plane(nx * nx, 0.0),
        m_time(0.0), m_deltatime(1.0e-7), m_stoptime(1.0e-2), m_cycle(0),
        m_dtcourant(1.0e20), m_dthydro(1.0e20), m_dtmax(1.0e-2)
  {
    // energy deposited at the origin element of rank 0 (Sedov)
    if (m_myRank == 0)
      m_e[0] = 3.948746e+7;
  }

  Real_t &time() { return m_time; }
  Real_t &stoptime() { return m_stoptime; }
  Real_t &deltatime() { return m_deltatime; }
  Index_t &cycle() { return m_cycle; }
  Index_t numElem() const { return m_nx * m_nx * m_nx; }

  void TimeIncrement()
  {
    Real_t targetdt = m_stoptime - m_time;
    if (m_cycle != 0) {
      Real_t gnewdt = 1.0e20;
      Real_t newdt;
      Real_t olddt = m_deltatime;
      if (m_dtcourant < gnewdt)
        gnewdt = m_dtcourant / 2.0;
      if (m_dthydro < gnewdt)
        gnewdt = m_dthydro * 2.0 / 3.0;
      MPI_Allreduce(&gnewdt, &newdt, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
      Real_t ratio = newdt / olddt;
      if (ratio >= 1.0) {
        if (ratio < 1.0)
          newdt = olddt;
        else if (ratio > 1.2)
          newdt = olddt * 1.2;
      }
      if (newdt > m_dtmax)
        newdt = m_dtmax;
      m_deltatime = newdt;
    }
    if (targetdt > m_deltatime && targetdt < 4.0 * m_deltatime / 3.0)
      targetdt = 2.0 * m_deltatime / 3.0;
    if (targetdt < m_deltatime)
      m_deltatime = targetdt;
    m_time += m_deltatime;
    ++m_cycle;
  }

  void CommPlanes()
  {
    if (m_numRanks > 1) {
      int up = (m_myRank + 1) % m_numRanks;
      int down = (m_myRank + m_numRanks - 1) % m_numRanks;
      std::vector<Real_t> recv(m_plane.size());
      for (Index_t i = 0; i < m_nx * m_nx; ++i)
        m_plane[i] = m_e[(m_nx - 1) * m_nx * m_nx + i];
      MPI_Sendrecv(m_plane.data(), (int)m_plane.size(), MPI_DOUBLE, up, 77,
                   recv.data(), (int)recv.size(), MPI_DOUBLE, down, 77,
                   MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (Index_t i = 0; i < m_nx * m_nx; ++i)
        m_e[i] += 1.0e-12 * recv[i];
    }
  }

  void LagrangeLeapFrog()
  {
    CommPlanes();
    Real_t dtc = 1.0e20, dth = 1.0e20;
    for (Index_t i = 0; i < numElem(); ++i) {
      m_p[i] = 0.4 * m_e[i];
      m_e[i] *= 0.999;
      Real_t ss = std::sqrt(1.0 + std::fabs(m_p[i])) * m_ss[i];
      dtc = std::min(dtc, 0.5 / ss);
      if (m_p[i] > 0.0)
        dth = std::min(dth, 1.0 / (1.0 + m_p[i]));
    }
    m_dtcourant = dtc;
    m_dthydro = dth;
  }

  Real_t totalEnergy() const
  {
    Real_t s = 0.0;
    for (Real_t e : m_e)
      s += e;
    return s;
  }

private:
  int m_numRanks, m_myRank;
  Index_t m_nx;
  std::vector<Real_t> m_e, m_p, m_ss, m_plane;
  Real_t m_time, m_deltatime, m_stoptime;
  Index_t m_cycle;
  Real_t m_dtcourant, m_dthydro, m_dtmax;
};

int main(int argc, char *argv[])
{
  int numRanks, myRank;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &numRanks);
  MPI_Comm_rank(MPI_COMM_WORLD, &myRank);

  // the process count must be a perfect cube (1, 8, 27, ...) in LULESH;
  // this proxy decomposes in planes and accepts up to 64 processes
  if (numRanks > 64) {
    if (myRank == 0)
      std::printf("Num processes must be at most 64\n");
    MPI_Abort(MPI_COMM_WORLD, -1);
  }

  Index_t maxcycles = 50;
  Domain *locDom = new Domain(numRanks, myRank, 6);

  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  while ((locDom->time() < locDom->stoptime()) &&
         (locDom->cycle() < maxcycles)) {
    locDom->TimeIncrement();
    locDom->LagrangeLeapFrog();
    if (myRank == 0 && locDom->cycle() % 10 == 0)
      std::printf("cycle = %d, time = %e, dt=%e\n", locDom->cycle(),
                  locDom->time(), locDom->deltatime());
  }
  double elapsed = MPI_Wtime() - start;
  double elapsed_max;
  MPI_Reduce(&elapsed, &elapsed_max, 1, MPI_DOUBLE, MPI_MAX, 0,
             MPI_COMM_WORLD);

  Real_t e_local = locDom->totalEnergy(), e_total = 0.0;
  MPI_Reduce(&e_local, &e_total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (myRank == 0) {
    std::printf("Run completed: %d cycles, final energy %12.6e, %f s\n",
                locDom->cycle(), e_total, elapsed_max);
  }
  delete locDom;
  MPI_Finalize();
  return 0;
}
