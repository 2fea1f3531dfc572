#!/usr/bin/env python3
"""Checks the Spack recipe (plugin/packaging/spack/parcoach-gcc/package.py)
without Spack: runs it against a stand-in for `spack.package' that records
its directives, then compares them with configure.ac:

  - the package is named parcoach-gcc (class ParcoachGcc), not parcoach;
  - it declares configure.ac's version (AC_INIT) and a development branch;
  - every VAR= it passes to configure is a variable configure takes
    (AC_ARG_VAR in configure.ac or m4/, or a cache variable parcoach_cv_*
    that m4/ defines);
  - it depends on an MPI and GMP and requires GCC.

One PASS/FAIL line per check; exit status 1 if any failed.  Standard
library only."""

import os
import re
import sys
import types

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECIPE = os.path.join(REPO, 'plugin', 'packaging', 'spack', 'parcoach-gcc', 'package.py')

failures = 0


def check(name, ok, detail=''):
    global failures
    print(('PASS ' if ok else 'FAIL ') + name + ('' if ok else ': ' + detail))
    if not ok:
        failures += 1


class Recorder:
    """The directives of a recipe, as the stand-in saw them."""
    versions = {}
    variants = {}
    depends = []
    requires = []


def stand_in_module():
    module = types.ModuleType('spack.package')

    def version(name, **kwargs):
        Recorder.versions[name] = kwargs

    def variant(name, **kwargs):
        Recorder.variants[name] = kwargs

    def depends_on(spec, **kwargs):
        Recorder.depends.append(spec)

    def requires(*specs, **kwargs):
        Recorder.requires.extend(specs)

    class AutotoolsPackage:
        def __init__(self, spec, compiler):
            self.spec = spec
            self.compiler = compiler

    module.version = version
    module.variant = variant
    module.depends_on = depends_on
    module.requires = requires
    module.license = lambda *a, **k: None
    module.which = lambda name: None
    module.AutotoolsPackage = AutotoolsPackage
    module.__all__ = [n for n in dir(module) if not n.startswith('_')]
    return module


class FakeSpec(dict):
    """spec['mpi'].mpicc ..., and `+variant in spec'."""

    def __init__(self, variants):
        super().__init__(mpi=types.SimpleNamespace(mpicc='/mpi/bin/mpicc',
                                                   mpicxx='/mpi/bin/mpicxx',
                                                   mpifc='/mpi/bin/mpif90'))
        self.variants = variants

    def __contains__(self, item):
        if isinstance(item, str) and item.startswith('+'):
            return item[1:] in self.variants
        return dict.__contains__(self, item)


def configure_variables():
    """The variables configure takes: AC_ARG_VAR names and parcoach_cv_*."""
    names = set()
    sources = [os.path.join(REPO, 'configure.ac')]
    m4 = os.path.join(REPO, 'm4')
    sources += [os.path.join(m4, f) for f in os.listdir(m4) if f.endswith('.m4')]
    for path in sources:
        text = open(path).read()
        names.update(re.findall(r'AC_ARG_VAR\(\[([A-Za-z_0-9]+)\]', text))
        names.update(re.findall(r'\b(parcoach_cv_[a-z_0-9]+)\b', text))
        # PARCOACH_FIND_TOOL([VAR], ...) declares VAR with AC_ARG_VAR.
        names.update(re.findall(r'PARCOACH_FIND_TOOL\(\[([A-Z_0-9]+)\]', text))
    # Autoconf's own precious variables.
    names.update({'CC', 'CXX', 'CFLAGS', 'CXXFLAGS', 'LDFLAGS', 'CPPFLAGS'})
    return names


def main():
    spack = types.ModuleType('spack')
    sys.modules['spack'] = spack
    sys.modules['spack.package'] = spack.package = stand_in_module()
    namespace = {}
    try:
        namespace['__file__'] = RECIPE
        exec(compile(open(RECIPE).read(), RECIPE, 'exec'), namespace)
    except Exception as error:  # the recipe must at least run its class body
        check('spack-recipe-parses', False, repr(error))
        return 1
    check('spack-recipe-parses', True)
    check('spack-recipe-name', 'ParcoachGcc' in namespace and 'Parcoach' not in namespace,
          'expected class ParcoachGcc (package parcoach-gcc)')

    ac_init = open(os.path.join(REPO, 'configure.ac')).read()
    version = re.search(r'AC_INIT\(\[[^]]*\], *\[([^]]*)\]', ac_init).group(1)
    check('spack-recipe-version', version in Recorder.versions,
          'configure.ac says %s, the recipe %s' % (version, sorted(Recorder.versions)))
    check('spack-recipe-branch', any('branch' in v for v in Recorder.versions.values()),
          'no version built from a branch')
    check('spack-recipe-depends',
          any(d.startswith('mpi') for d in Recorder.depends) and
          any(d.startswith('gmp') for d in Recorder.depends),
          'depends on %s' % Recorder.depends)
    check('spack-recipe-requires-gcc', any('%gcc' in r for r in Recorder.requires),
          'requires %s' % Recorder.requires)

    known = configure_variables()
    package = namespace['ParcoachGcc']
    compiler = types.SimpleNamespace(cc='/gcc/bin/gcc', cxx='/gcc/bin/g++',
                                     fc='/gcc/bin/gfortran')
    for variants in ([], list(Recorder.variants)):
        args = package(FakeSpec(variants), compiler).configure_args()
        unknown = [a for a in args if a.split('=', 1)[0] not in known]
        check('spack-recipe-configure-args%s' % ''.join('+' + v for v in variants),
              not unknown and all('=' in a for a in args),
              'configure does not take %s' % unknown)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
