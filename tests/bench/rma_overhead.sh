#!/bin/bash
# Cost of the RMA tracking of the runtime (rtlib/parcoach_rma.c) on a
# fence halo exchange (tests/bench/rma_halo.c), built twice with the same
# flags and Open MPI (MPICH here does not deliver RMA):
#   without   plain mpicc.openmpi, no PARCOACH
#   with      the same, linked with the runtime of the Open MPI build
#             (PARCOACH_OPENMPI_CONFIG, default build/openmpi/parcoach-config),
#             whose MPI_ wrappers follow every window call
# ROUNDS rounds (default 11), each running both binaries (which one goes
# first alternates), so that the load of the machine hits both alike.  It
# checks that both print the same checksum, then prints for each figure
# (whole run, median iteration) the median over the rounds, the spread
# (smallest and largest) and the ratio of the medians with/without.
# Figures to read: never fails on time.
#
# Environment: MPICC (mpicc.openmpi), MPIEXEC (mpiexec.openmpi
# --oversubscribe), PROCS (2), ROUNDS (11), BENCH_CFLAGS (-O2),
# N (cells per process, default 64) and ITERATIONS (default 20000),
# compiled in, PYTHON (python3).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
MPICC=${MPICC:-mpicc.openmpi}
MPIEXEC=${MPIEXEC:-mpiexec.openmpi --oversubscribe}
PROCS=${PROCS:-2}
ROUNDS=${ROUNDS:-11}
BENCH_CFLAGS="${BENCH_CFLAGS:--O2} -DRMA_HALO_N=${N:-64} -DRMA_HALO_ITERATIONS=${ITERATIONS:-20000}"
PYTHON=${PYTHON:-python3}
config=${PARCOACH_OPENMPI_CONFIG:-$src/build/openmpi/parcoach-config}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_osc=${OMPI_MCA_osc-^rdma}
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism-none}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
$MPICC $BENCH_CFLAGS "$here/rma_halo.c" -o "$work/without"
$MPICC $BENCH_CFLAGS "$here/rma_halo.c" $("$config" --libs) -o "$work/with"
if ! nm -D "$work/with" | grep -q ' U MPI_Put' || ! ldd "$work/with" | grep -q libparcoach-rt; then
  echo "rma_overhead: the 'with' binary does not use the runtime" >&2
  exit 1
fi

for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) -eq 1 ]; then order="without with"; else order="with without"; fi
  for build in $order; do
    echo "$build $($MPIEXEC -n "$PROCS" "$work/$build" </dev/null)"
  done
done > "$work/results"

"$PYTHON" - "$work/results" "$PROCS" "$ROUNDS" "${N:-64}" <<'PYEOF'
import statistics, sys
rows = {'without': [], 'with': []}
sums = set()
for line in open(sys.argv[1]):
    w = line.split()
    rows[w[0]].append((float(w[2]), float(w[5])))
    sums.add(w[8])
if len(sums) != 1:
    sys.exit('rma_overhead: the builds disagree on the checksum: %s' % sorted(sums))
print('fence halo exchange, %s processes, %s cells each, %s rounds (median [min, max])'
      % (sys.argv[2], sys.argv[4], sys.argv[3]))
print('%-22s %-30s %-30s %s' % ('figure', 'without', 'with', 'ratio'))
for index, (name, unit, scale) in enumerate((('whole run', 's', 1), ('iteration, median', 'us', 1))):
    cols = []
    meds = []
    for build in ('without', 'with'):
        xs = [r[index] for r in rows[build]]
        m = statistics.median(xs)
        meds.append(m)
        fmt = '%.4f' if unit == 's' else '%.2f'
        cols.append(('%s %s [%s, %s]' % (fmt % m, unit, fmt % min(xs), fmt % max(xs))))
    print('%-22s %-30s %-30s %.3f' % (name, cols[0], cols[1], meds[1] / meds[0]))
PYEOF
