# Spack recipe for PARCOACH for GCC.  Named parcoach-gcc so that it does not
# collide with the original PARCOACH (LLVM), packaged as `parcoach'.
# Use it from a Spack repository of your own:
#   spack repo create myrepo && cp -r plugin/packaging/spack/parcoach-gcc myrepo/packages/
#   PARCOACH_GCC_GIT=/path/to/parcoach-gcc spack install parcoach-gcc@main %gcc@12 ^mpich
# (PARCOACH_GCC_GIT: the clone or mirror of this repository to build from;
# by default, the repository this file sits in, when it does; or build a
# checkout in place with `spack dev-build parcoach-gcc@main').
# tests/install/spack_recipe.py checks that it parses and agrees with
# configure.ac (version, configure variables).

import os

from spack.package import *


def source_repository():
    """PARCOACH_GCC_GIT, else the git checkout holding this recipe."""
    given = os.environ.get("PARCOACH_GCC_GIT")
    if given:
        return given
    here = os.path.dirname(os.path.abspath(__file__))
    checkout = os.path.normpath(os.path.join(here, "..", "..", "..", ".."))
    return "file://" + checkout


class ParcoachGcc(AutotoolsPackage):
    """A GCC plugin that finds MPI collective operations that not every
    process may call (and thread-level, OpenMP barrier and concurrent
    collective errors in MPI+OpenMP codes), warns at compile time, and
    stops the instrumented program with a clear message before it
    deadlocks.  One build per GCC release: the plugin only loads into the
    GCC it was built with."""

    homepage = source_repository()
    git = source_repository()

    license("GPL-3.0-or-later")

    version("main", branch="main")
    version("0.1", branch="main")

    variant("unit_tests", default=False,
            description="Build and run the Catch2 unit tests with `make check`")

    # The plugin is built for, and loaded by, the GCC that compiles it.
    requires("%gcc", msg="parcoach-gcc is a GCC plugin: build it with the GCC it will serve")

    depends_on("autoconf", type="build")
    depends_on("gmp")
    depends_on("mpi")
    depends_on("python@3:", type="test")
    depends_on("catch2@2", type="test", when="+unit_tests")

    def autoreconf(self, spec, prefix):
        # configure.ac includes its own macros (m4/): autoconf alone.
        autoconf = which("autoconf")
        autoconf("-I", "m4")

    def configure_args(self):
        spec = self.spec
        args = [
            "CC=" + self.compiler.cc,
            "CXX=" + self.compiler.cxx,
            "MPICC=" + spec["mpi"].mpicc,
            "MPICXX=" + spec["mpi"].mpicxx,
        ]
        if self.compiler.fc:
            args.append("FC=" + self.compiler.fc)
            args.append("MPIF90=" + spec["mpi"].mpifc)
        if "+unit_tests" not in spec:
            args.append("parcoach_cv_catch2=no")
        return args
