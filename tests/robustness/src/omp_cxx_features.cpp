// Robustness (compiled with -fopenmp): OpenMP in C++ with exceptions,
// lambdas, templates and destructors inside parallel regions, orphaned
// barriers in templates, and thread-dependent branches around barriers.
#include <omp.h>
#include <stdexcept>
#include <string>
#include <vector>

template <typename T> void sync_and_fill(std::vector<T> &v, T value)
{
#pragma omp barrier
#pragma omp for
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = value;
}

struct Guard {
  std::string name;
  ~Guard() { name.clear(); }
};

double work(int n)
{
  std::vector<double> v(static_cast<std::size_t>(n));
  double total = 0;
#pragma omp parallel reduction(+ : total)
  {
    Guard g{"region"};
    auto step = [&](int k) { return k * 0.5; };
    if (omp_get_thread_num() % 2)
      sync_and_fill(v, step(1));
    try {
      if (n < 0)
        throw std::runtime_error("negative");
#pragma omp single
      total += step(n);
    } catch (const std::exception &) {
      total = -1;
    }
#pragma omp barrier
  }
  return total;
}
