/* Stand-alone directives that GCC lowers to the codes of regions but with
 * no body and no region end (GCC's OpenMP testsuite, pr68128-2.c and
 * g++.dg/gomp/attrs-1.C): `taskwait depend' (a bodiless task), `ordered
 * depend(sink/source)' (doacross loops), `target update' and `target
 * enter/exit data'.  None of them opens a region: the barrier after a
 * critical region holding a `target update', and the worksharing loops
 * after `taskwait depend', are nested as OpenMP 5.1 allows.  `target data'
 * keeps its body in the function (nothing is outlined): its barrier is
 * one of the team's (see target_data_thread_branch.c).
 *
 * description: taskwait depend, ordered depend, target update/enter/exit data, target data
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2 repeat=2
 * expect-run: 1 ok threads=4 repeat=2
 * expect-run-args: instrument=all
 */
#include <omp.h>
#include <stdio.h>

#define N 64

static int a[N], b[N];

static void doacross(void)
{
  static int dep;
#pragma omp single
  {
#pragma omp task depend(out: dep) shared(dep)
    dep = 1;
#pragma omp taskwait depend(in: dep)
  }
#pragma omp for ordered(1)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
  }
#pragma omp for
  for (int i = 0; i < N; i++)
    b[i] = a[i] + dep;
}

int main(void)
{
  int sum = 0;
#pragma omp parallel shared(sum)
  {
    doacross();
#pragma omp critical
    {
#pragma omp target update to(a)
      sum += 1;
    }
#pragma omp barrier
#pragma omp target data map(tofrom: b)
    {
#pragma omp barrier
    }
#pragma omp single
    {
#pragma omp target enter data map(to: a)
#pragma omp target exit data map(from: a)
    }
  }
  printf("%d %d %d\n", a[N - 1], b[N - 1], sum);
  return a[N - 1] == N - 1 && b[N - 1] == N ? 0 : 1;
}
