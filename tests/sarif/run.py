#!/usr/bin/env python3
"""The SARIF log of -fplugin-arg-parcoach-sarif=FILE.

Compiles C, C++ and Fortran files at the same time (as make -j does) into
one log, then checks by hand-written expectations:
  - one result per warning, at the line of the collective, with the
    conditional of the rank test as a related location, and the warning's
    path (MPI_Comm_rank, the rank test, the barrier) as the code flow,
    whatever -fdiagnostics-path-format says; error=KIND gives level
    "error"; a correct file adds nothing;
  - CMake's compiler-identification sources add nothing;
  - a file that is not a log the plugin wrote is left untouched, with a
    warning;
  - the log passes the SARIF Multitool's `validate` with no error and no
    warning (npm package @microsoft/sarif-multitool, installed into the
    build directory on first use; skipped, loudly, without npm).

environment: PARCOACH_CONFIG, MPICC, MPICXX, MPIF90, BUILD_DIR.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.environ.get("PARCOACH_CONFIG", os.path.join(REPO, "build", "parcoach-config"))
BUILD_DIR = os.environ.get("BUILD_DIR", os.path.join(REPO, "build"))
MPICC = os.environ.get("MPICC", "mpicc.mpich")
MPICXX = os.environ.get("MPICXX", "mpicxx.mpich")
MPIF90 = os.environ.get("MPIF90", "mpif90.mpich")
MULTITOOL_VERSION = "5.7.0"

# A rank test around a barrier: the barrier is line 7, the test line 6.
RANK_TEST_C = """#include <mpi.h>
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
"""
RANK_TEST_F90 = """program rank_test
  use mpi
  integer :: rank, ierr
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program
"""
CORRECT_CXX = """#include <mpi.h>
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
}
"""

failures = []


def check(condition, what):
    if condition:
        print("ok:", what)
    else:
        print("FAIL:", what)
        failures.append(what)


def plugin_flags():
    return subprocess.run([CONFIG, "--cflags"], check=True, capture_output=True,
                          text=True).stdout.split()


def compile_all(work, jobs, log):
    """Starts every compilation at once; returns {name: CompletedProcess-like}."""
    flags = plugin_flags()
    running = {}
    for name, (compiler, source, extra) in jobs.items():
        cmd = [compiler] + flags + ["-fplugin-arg-parcoach-sarif=" + log] + extra + \
              ["-c", source, "-o", os.devnull]
        running[name] = subprocess.Popen(cmd, cwd=work, stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT, text=True)
    return {name: (p.wait(), p.stdout.read()) for name, p in running.items()}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def multitool():
    """The sarif-multitool command, installed into BUILD_DIR once; None without npm."""
    home = os.path.join(BUILD_DIR, "sarif-multitool")
    tool = os.path.join(home, "node_modules", "@microsoft", "sarif-multitool-linux",
                        "Sarif.Multitool")
    if not os.path.exists(tool):
        if not shutil.which("npm"):
            return None
        os.makedirs(home, exist_ok=True)
        installed = subprocess.run(["npm", "install", "--prefix", home, "--no-audit",
                                    "--no-fund",
                                    "@microsoft/sarif-multitool@" + MULTITOOL_VERSION])
        check(installed.returncode == 0 and os.path.exists(tool),
              "npm installs @microsoft/sarif-multitool@%s into %s (needs the npm registry)"
              % (MULTITOOL_VERSION, home))
        if not os.path.exists(tool):
            return None
    os.chmod(tool, 0o755)  # npm may skip the package's chmod script
    return tool


def main():
    work = tempfile.mkdtemp(prefix="parcoach-sarif.")
    try:
        log = os.path.join(work, "build.sarif")
        jobs = {}
        for i in range(1, 6):
            write(os.path.join(work, "rank%d.c" % i), RANK_TEST_C)
            jobs["rank%d.c" % i] = (MPICC, "rank%d.c" % i, [])
        # The path is in the log whatever GCC prints of it.
        write(os.path.join(work, "rank6.c"), RANK_TEST_C)
        jobs["rank6.c"] = (MPICC, "rank6.c", ["-fdiagnostics-path-format=none"])
        write(os.path.join(work, "rank7.c"), RANK_TEST_C)
        jobs["rank7.c"] = (MPICC, "rank7.c", ["-fdiagnostics-path-format=separate-events"])
        write(os.path.join(work, "strict.c"), RANK_TEST_C)
        jobs["strict.c"] = (MPICC, "strict.c", ["-fplugin-arg-parcoach-error=collective-mismatch"])
        write(os.path.join(work, "rank.f90"), RANK_TEST_F90)
        jobs["rank.f90"] = (MPIF90, "rank.f90", [])
        write(os.path.join(work, "correct.cpp"), CORRECT_CXX)
        jobs["correct.cpp"] = (MPICXX, "correct.cpp", [])
        probe = "CMakeFiles/3.25.1/CompilerIdC/CMakeCCompilerId.c"
        write(os.path.join(work, probe), RANK_TEST_C)
        jobs["probe"] = (MPICC, probe, [])

        outcome = compile_all(work, jobs, log)
        for name, (status, output) in outcome.items():
            expected = 1 if name == "strict.c" else 0
            check(status == expected and "internal compiler error" not in output,
                  "%s compiles with exit status %d" % (name, expected))
            if status != expected:
                print(output)

        with open(log) as f:
            sarif = json.load(f)
        check(sarif.get("version") == "2.1.0", "the log says SARIF 2.1.0")
        run = sarif["runs"][0]
        driver = run["tool"]["driver"]
        check(driver["name"] == "PARCOACH for GCC" and driver.get("version"),
              "the tool is named and versioned")
        rule_ids = [rule["id"] for rule in driver["rules"]]
        check({"collective-mismatch", "omp-collective", "thread-level",
               "concurrent-collectives"} <= set(rule_ids), "one rule per kind: %s" % rule_ids)
        results = run["results"]
        by_file = {}
        for result in results:
            uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            by_file.setdefault(os.path.basename(uri), []).append(result)
        check(sorted(by_file) == ["rank.f90", "rank1.c", "rank2.c", "rank3.c", "rank4.c",
                                  "rank5.c", "rank6.c", "rank7.c", "strict.c"],
              "one result for each erroneous file, none for correct.cpp or the CMake "
              "probe: %s" % sorted(by_file))
        for name, found in sorted(by_file.items()):
            check(len(found) == 1, "%s: one result" % name)
            result = found[0]
            region = result["locations"][0]["physicalLocation"]["region"]
            check(result["ruleId"] == "collective-mismatch" and region["startLine"] == 7,
                  "%s: collective-mismatch at line 7 (the barrier)" % name)
            check(result["level"] == ("error" if name == "strict.c" else "warning"),
                  "%s: level %s" % (name, result["level"]))
            check("barrier" in result["message"]["text"].lower() and
                  "[parcoach:" not in result["message"]["text"],
                  "%s: the message names the barrier, without the kind tag" % name)
            check(result["locations"][0].get("logicalLocations", [{}])[0]
                  .get("fullyQualifiedName", "").lower() in ("main", "rank_test"),
                  "%s: the function is named" % name)
            related_lines = [r["physicalLocation"]["region"]["startLine"]
                             for r in result.get("relatedLocations", [])]
            check(6 in related_lines, "%s: the rank test (line 6) is a related location" % name)
            # The path's events once each, however GCC printed them
            # (separate-events prints them as notes "(N) ...").
            related = [(r["physicalLocation"]["region"]["startLine"], r["message"]["text"])
                       for r in result.get("relatedLocations", [])]
            check(len(related) == len(set(related)) and
                  not any(text.startswith("(") for _, text in related),
                  "%s: each related location once, no event twice: %s" % (name, related))
            # The code flow is the warning's path: MPI_Comm_rank (line 5),
            # where the rank comes from, the rank test, the barrier.
            flow = result["codeFlows"][0]["threadFlows"][0]["locations"]
            flow_lines = [step["location"]["physicalLocation"]["region"]["startLine"]
                          for step in flow]
            check(flow_lines == [5, 6, 7],
                  "%s: the code flow goes from MPI_Comm_rank to the rank test to the "
                  "barrier: %s" % (name, flow_lines))
            check("processes may take different branches" in
                  flow[1]["location"]["message"]["text"],
                  "%s: the code flow's step at the rank test says why" % name)

        # A file the plugin did not write is left alone.
        foreign = os.path.join(work, "foreign.sarif")
        write(foreign, '{"version": "2.1.0", "runs": []}\n')
        status, output = compile_all(work, {"rank1.c": (MPICC, "rank1.c", [])}, foreign)["rank1.c"]
        with open(foreign) as f:
            check(f.read() == '{"version": "2.1.0", "runs": []}\n',
                  "a foreign file is left untouched")
        check(status == 0 and "SARIF log not written" in output and "not a SARIF log" in output,
              "and the compilation says why it did not write it")
        status, output = compile_all(
            work, {"rank1.c": (MPICC, "rank1.c", ["-fplugin-arg-parcoach-disable=report"])},
            foreign)["rank1.c"]
        check(status == 0 and "SARIF log not written" not in output,
              "disable=report silences that warning")

        tool = multitool()
        if tool is None and not failures:
            print("!!! SKIPPED SARIF Multitool validation: npm not found "
                  "(Debian: npm; RHEL/Fedora: nodejs-npm)")
        elif tool is not None:
            validated = subprocess.run([tool, "validate", log], capture_output=True, text=True)
            text = validated.stdout + validated.stderr
            problems = [line for line in text.splitlines()
                        if ": error " in line or ": warning " in line]
            check(validated.returncode == 0 and not problems and
                  "Analysis completed successfully" in text,
                  "SARIF Multitool validate: no error, no warning")
            if problems or validated.returncode:
                print(text)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("sarif: %d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
