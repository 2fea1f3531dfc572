// miniFE/HPCG-like C++ (pure MPI): a templated distributed vector and a
// CSR matrix class for a 1-D Poisson problem, the halo exchanged with
// MPI_Irecv/MPI_Isend/MPI_Waitall only to the neighbours that exist
// (`if (nprocs > 1)' and rank tests around point-to-point calls only),
// dot products with MPI_Allreduce inside a template function, a CG loop
// `for (k = 1; k <= max_iter && normr > tol; ++k)' on the reduced norm,
// a YAML-like report written by rank 0 only, timers reduced with
// MPI_Reduce(MAX) and MPI_Reduce(MIN), and an exception thrown on a bad
// problem size caught in main, where MPI_Abort is called.  Nothing to
// warn, nothing to stop.
//
// description: miniFE/HPCG-like C++: templated vector/CSR classes, Irecv/Isend/Waitall halo to existing neighbours, template dot with Allreduce, CG for-loop on reduced norm, rank-0 report, timers Reduce MAX/MIN, exception -> MPI_Abort
// expect-run: 2 ok
// expect-run: 4 ok
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

namespace miniFE {

template <typename Scalar> struct Vector {
  int first_row;
  std::vector<Scalar> coefs; // owned rows, then 2 ghosts (left, right)
  Vector(int first, int n) : first_row(first), coefs(n + 2, Scalar(0)) {}
  int local_size() const { return (int)coefs.size() - 2; }
};

template <typename Scalar> struct CSRMatrix {
  std::vector<int> row_offsets, cols; // cols: -1 left ghost, -2 right ghost
  std::vector<Scalar> vals;
  int nrows;
};

template <typename T> struct mpi_type;
template <> struct mpi_type<double> {
  static MPI_Datatype get() { return MPI_DOUBLE; }
};

template <typename Scalar>
Scalar dot(const Vector<Scalar> &x, const Vector<Scalar> &y)
{
  Scalar local = 0, global = 0;
  for (int i = 0; i < x.local_size(); ++i)
    local += x.coefs[i] * y.coefs[i];
  MPI_Allreduce(&local, &global, 1, mpi_type<Scalar>::get(), MPI_SUM,
                MPI_COMM_WORLD);
  return global;
}

template <typename Scalar>
void exchange_externals(Vector<Scalar> &x, int rank, int nprocs)
{
  if (nprocs < 2)
    return;
  int n = x.local_size();
  MPI_Request reqs[4];
  int nreq = 0;
  MPI_Datatype t = mpi_type<Scalar>::get();
  if (rank > 0) {
    MPI_Irecv(&x.coefs[n], 1, t, rank - 1, 99, MPI_COMM_WORLD, &reqs[nreq++]);
    MPI_Isend(&x.coefs[0], 1, t, rank - 1, 99, MPI_COMM_WORLD, &reqs[nreq++]);
  }
  if (rank < nprocs - 1) {
    MPI_Irecv(&x.coefs[n + 1], 1, t, rank + 1, 99, MPI_COMM_WORLD,
              &reqs[nreq++]);
    MPI_Isend(&x.coefs[n - 1], 1, t, rank + 1, 99, MPI_COMM_WORLD,
              &reqs[nreq++]);
  }
  MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE);
}

template <typename Scalar>
void matvec(const CSRMatrix<Scalar> &A, Vector<Scalar> &x, Vector<Scalar> &y,
            int rank, int nprocs)
{
  exchange_externals(x, rank, nprocs);
  int n = x.local_size();
  for (int r = 0; r < A.nrows; ++r) {
    Scalar s = 0;
    for (int k = A.row_offsets[r]; k < A.row_offsets[r + 1]; ++k) {
      int c = A.cols[k];
      Scalar xv = c >= 0 ? x.coefs[c] : (c == -1 ? x.coefs[n] : x.coefs[n + 1]);
      s += A.vals[k] * xv;
    }
    y.coefs[r] = s;
  }
}

template <typename Scalar>
CSRMatrix<Scalar> generate_matrix(int nglobal, int first, int nlocal)
{
  if (nlocal < 1)
    throw std::runtime_error("too many processes for the problem size");
  CSRMatrix<Scalar> A;
  A.nrows = nlocal;
  A.row_offsets.push_back(0);
  for (int r = 0; r < nlocal; ++r) {
    int g = first + r;
    if (g > 0) {
      A.cols.push_back(r > 0 ? r - 1 : -1);
      A.vals.push_back(-1);
    }
    A.cols.push_back(r);
    A.vals.push_back(2);
    if (g < nglobal - 1) {
      A.cols.push_back(r < nlocal - 1 ? r + 1 : -2);
      A.vals.push_back(-1);
    }
    A.row_offsets.push_back((int)A.cols.size());
  }
  return A;
}

template <typename Scalar>
int cg_solve(const CSRMatrix<Scalar> &A, const Vector<Scalar> &b,
             Vector<Scalar> &x, int max_iter, Scalar tol, Scalar &normr,
             int rank, int nprocs)
{
  int n = b.local_size();
  Vector<Scalar> r(b.first_row, n), p(b.first_row, n), Ap(b.first_row, n);
  for (int i = 0; i < n; ++i) {
    r.coefs[i] = b.coefs[i];
    p.coefs[i] = b.coefs[i];
  }
  Scalar rtrans = dot(r, r);
  normr = std::sqrt(rtrans);
  int k;
  for (k = 1; k <= max_iter && normr > tol; ++k) {
    matvec(A, p, Ap, rank, nprocs);
    Scalar alpha = rtrans / dot(p, Ap);
    for (int i = 0; i < n; ++i) {
      x.coefs[i] += alpha * p.coefs[i];
      r.coefs[i] -= alpha * Ap.coefs[i];
    }
    Scalar oldrtrans = rtrans;
    rtrans = dot(r, r);
    Scalar beta = rtrans / oldrtrans;
    for (int i = 0; i < n; ++i)
      p.coefs[i] = r.coefs[i] + beta * p.coefs[i];
    normr = std::sqrt(rtrans);
  }
  return k - 1;
}

} // namespace miniFE

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, nprocs;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  const int nglobal = 96;
  int nlocal = nglobal / nprocs + (rank < nglobal % nprocs ? 1 : 0);
  int first = rank * (nglobal / nprocs) +
              (rank < nglobal % nprocs ? rank : nglobal % nprocs);

  miniFE::CSRMatrix<double> A;
  try {
    A = miniFE::generate_matrix<double>(nglobal, first, nlocal);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  miniFE::Vector<double> b(first, nlocal), x(first, nlocal);
  for (int i = 0; i < nlocal; ++i)
    b.coefs[i] = 1.0;

  double t0 = MPI_Wtime();
  double normr = 0.0;
  int iters = miniFE::cg_solve(A, b, x, 200, 1.0e-8, normr, rank, nprocs);
  double t = MPI_Wtime() - t0, tmax = 0.0, tmin = 0.0;
  MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&t, &tmin, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);

  if (rank == 0) {
    std::printf("miniFE:\n  Global Nrows: %d\n  Number of procs: %d\n",
                nglobal, nprocs);
    std::printf("  CG solve:\n    Iterations: %d\n    Final Resid Norm: %g\n",
                iters, normr);
    std::printf("    Time max: %g\n    Time min: %g\n", tmax, tmin);
  }
  int status = normr <= 1.0e-8 ? 0 : 1;
  MPI_Finalize();
  return status;
}
