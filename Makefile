# Makefile -- PARCOACH for GCC: a GCC plugin (build/parcoach.so) finding MPI
# collective mismatches, and its C runtime library (build/libparcoach-rt.*).
#
# Hand-written.  On a fresh clone just run `make': when config.mk is missing
# it checks the Debian packages (tests/install-deps.sh), generates configure
# (autoconf) if needed, runs ./configure, then builds.
#
#   make / make all   build/parcoach.so (+ parcoach-pass.so), build/libparcoach-rt.{so,a},
#                     build/parcoach-config, build/parcoach-{cc,cxx,fc} (compiler
#                     wrappers), build/parcoach.pc, build/parcoach.1, build/modulefiles/
#   make deps         check/install the Debian packages (tests/install-deps.sh)
#   make demo         compile errbench/demo_mismatch.c with the plugin and run it
#   make unit         build and run the Catch2 unit tests (build/unit-tests)
#   make bench        analysis benchmark, compile-time overhead of the plugin,
#                     run-time check cost, mini-app (stencil) overhead,
#                     warnings and checks before/after the precision work,
#                     the link step on a generated 1,000-file program
#   make bench-stencil  the mini-app overhead alone (tests/bench/stencil_overhead.sh)
#   make check        deps + build + the test suites (what CI runs; ~18 min)
#   make check-full   make check + the whole errbench against Open MPI, the
#                     other GCC's build and an unprivileged build (~30 min)
#   make check-plugin plugin + errbench suites only (used for the GCC 11 build)
#   make check-openmpi the Open MPI suites with the whole errbench (make check
#                     runs every 40th program and those needing it)
#   make check-random random correct hybrid programs and their erroneous twins
#                     (tests/gen_hybrid; SEEDS=N seeds, default 200, FIRST=)
#   make check-mbi-style  generated MBI-style programs, correct and erroneous
#                     (tests/mbi_style; make check runs a sample)
#   make check-gomp   GCC's own OpenMP testsuite compiled and run with the
#                     plugin (tests/gomp_testsuite.py; EVERY=N: every Nth file)
#   make install      install under prefix (DESTDIR honoured); make uninstall
#   make install-gcc-plugin   also put the plugin into GCC's own plugin
#                     directory (-fplugin=parcoach); make uninstall-gcc-plugin
#   make dist         parcoach-VERSION.tar.gz (git-tracked files + configure)
#   make clean        remove build/
#   make distclean    also remove everything configure generated
#
# Variables: CONFIGURE_FLAGS=... (passed to ./configure, e.g. MPICC=...);
# on the first build, `make MPICC=...' (or CC=, CXX=, MPIEXEC=...) reaches
# configure through the environment.  PARCOACH_SKIP_DEPS=1 skips the
# package check.  V=1 shows the full compiler command lines.
# BUILD=DIR builds in DIR with its own configuration (an out-of-tree
# configure run in DIR, e.g. for another GCC):
#   make BUILD=build-gcc11 CONFIGURE_FLAGS='CC=gcc-11 CXX=g++-11 FC=gfortran-11'
# Installation: ./configure --prefix=DIR (default /usr/local), or
# `make install prefix=DIR'; DESTDIR=/stage for staged installs.

SHELL := /bin/bash
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SUFFIXES:

# ---------------------------------------------------------------------------
# Configuration (config.mk, written by ./configure)
# ---------------------------------------------------------------------------

# Build directory.  The default, build/, is configured in the source tree
# (./configure writes ./config.mk); any other BUILD=DIR holds its own
# config.mk, config.status and parcoach-config, written by an out-of-tree
# configure that the rules below run in DIR the first time (with
# CONFIGURE_FLAGS), or that was run by hand (cd DIR && /path/to/configure).
BUILD ?= build
ifeq ($(patsubst ./%,%,$(BUILD:%/=%)),build)
CONFDIR := .
else
CONFDIR := $(BUILD:%/=%)
endif

# Goals that must work without (and must not trigger) configure.
NOCONFIG_GOALS := clean distclean deps help dist
ifneq ($(MAKECMDGOALS),)
ifeq ($(filter-out $(NOCONFIG_GOALS),$(MAKECMDGOALS)),)
SKIP_CONFIG := 1
endif
endif

ifndef SKIP_CONFIG
# GNU make remakes config.mk (rules below) and restarts before building.
include $(CONFDIR)/config.mk
endif

# Check/install the Debian packages; a fast no-op when all are there.  Once
# configured, the script is told which GCC (hence gcc-N-plugin-dev) we use.
# Building and installing only check the build dependencies (and install
# nothing); the goals that run tests install what they need (as root).
TEST_GOALS := deps demo check check-full check-plugin unit bench bench-stencil
DEPS_MODE = $(if $(filter $(TEST_GOALS),$(MAKECMDGOALS)),test,build)
RUN_DEPS = $(if $(GCC_PLUGIN_DIR),CC='$(CC)') $(SHELL) tests/install-deps.sh $(DEPS_MODE)

# configure: generated from configure.ac and our macros (m4/*.m4, included
# by configure.ac; no aclocal/automake needed).
configure: configure.ac $(wildcard m4/*.m4)
	@command -v autoconf >/dev/null || $(RUN_DEPS)
	@command -v autoconf >/dev/null || { \
	  echo "error: autoconf not found: run 'make deps' (Debian package autoconf)" >&2; exit 1; }
	autoconf -f -I m4
	@touch $@

# config.status: first run of configure (./configure in the source tree,
# /abs/path/configure in another BUILD directory), or rerun with the same
# arguments (--recheck) when configure changed.
CONFIGURE_CMD := $(if $(filter .,$(CONFDIR)),./configure,$(CURDIR)/configure)

$(CONFDIR)/config.status: configure
	@mkdir -p $(CONFDIR)
	@if test -f $@; then \
	  echo "configure changed: $@ --recheck"; \
	  cd $(CONFDIR) && ./config.status --recheck; \
	else \
	  $(RUN_DEPS) && cd $(CONFDIR) && echo "$(CONFIGURE_CMD) $(CONFIGURE_FLAGS)" && \
	  $(CONFIGURE_CMD) $(CONFIGURE_FLAGS); \
	fi

$(CONFDIR)/config.mk: config.mk.in $(CONFDIR)/config.status
	cd $(CONFDIR) && ./config.status config.mk

$(CONFDIR)/parcoach-config: parcoach-config.in $(CONFDIR)/config.status
	cd $(CONFDIR) && ./config.status parcoach-config

# ---------------------------------------------------------------------------
# Layout and flags
# ---------------------------------------------------------------------------

B              := $(if $(filter .,$(CONFDIR)),build,$(CONFDIR))
BUILD_DIR      := $(abspath $(B))
OBJ            := $(B)/obj

PLUGIN         := $(B)/parcoach.so
PASS           := $(B)/parcoach-pass.so
# The runtime's ABI version: bumped when an entry point the plugin calls
# changes incompatibly, so that programs instrumented by an older plugin
# keep the runtime they were linked with.
RT_ABI         := 0
RT_SONAME      := libparcoach-rt.so.$(RT_ABI)
RT_SHARED      := $(B)/$(RT_SONAME)
RT_DEVLINK     := $(B)/libparcoach-rt.so
RT_STATIC      := $(B)/libparcoach-rt.a
CONFIG_SCRIPT  := $(B)/parcoach-config
UNIT_TESTS     := $(B)/unit-tests
BENCH          := $(B)/bench-analysis
LINK_TOOL      := $(B)/parcoach-link

# Sources: wildcards, other engineers add files.
CORE_SRCS      := $(wildcard plugin/core/*.cc)
LOADER_SRCS    := $(wildcard plugin/*.cc)
PASS_SRCS      := $(wildcard gimple/*.cc)
RT_SRCS        := $(wildcard rtlib/*.c)
UNIT_SRCS      := $(wildcard tests/unit/*.cpp)
BENCH_SRCS     := $(wildcard tests/bench/bench_analysis.cc)
LINK_TOOL_SRCS := $(wildcard plugin/link/*.cc)

# The core (GCC-free C++17) is compiled once, position-independent: the
# plugin, the link step, the unit tests and the bench link the same objects
# (one compilation of it less in every build, `make check' makes four).
CORE_PIC_OBJS  := $(CORE_SRCS:%.cc=$(OBJ)/pic/%.o)
LOADER_OBJS    := $(LOADER_SRCS:%.cc=$(OBJ)/pic/%.o)
PASS_OBJS      := $(PASS_SRCS:%.cc=$(OBJ)/pic/%.o)
RT_OBJS        := $(RT_SRCS:%.c=$(OBJ)/rt/%.o)
UNIT_OBJS      := $(UNIT_SRCS:%.cpp=$(OBJ)/host/%.o)
BENCH_OBJS     := $(BENCH_SRCS:%.cc=$(OBJ)/host/%.o)
LINK_TOOL_OBJS := $(LINK_TOOL_SRCS:%.cc=$(OBJ)/host/%.o)

# Header dependencies (-MMD -MP writes a .d next to every object).
DEPFLAGS       := -MMD -MP

# GCC plugin: GCC's own headers (GCC_PLUGIN_DIR from configure), C++ without
# RTTI like GCC itself.  Our include directories come first: GCC's plugin
# include directory has headers with the same names as ours (graph.h...).
PLUGIN_CPPFLAGS  = -Iplugin/core -Irtlib -Igimple -Iplugin -I$(GCC_PLUGIN_DIR)/include \
                   -DPARCOACH_VERSION='"$(PACKAGE_VERSION)"' \
                   -DPARCOACH_DOC_URI='"file://$(docdir)/README"' 
PLUGIN_CXXFLAGS := -std=gnu++17 -fPIC -fno-rtti -Wall $(CXXFLAGS)
CORE_PIC_FLAGS  := -std=gnu++17 -fPIC -Wall $(CXXFLAGS)

# Runtime library: C99, built with the MPI wrapper.
RT_CFLAGS      := -std=c99 -fPIC -O2 -Wall -Iplugin/core -Irtlib

# Unit tests and bench: plain g++ (the configured CXX).  The unit tests'
# own files at -O0: Catch2's macros take three times longer to compile at
# -O2, and the code under test (the core's objects) keeps $(CXXFLAGS).
TEST_CXXFLAGS  := -std=c++17 -O2 -Wall -Iplugin/core -Irtlib $(CATCH2_CPPFLAGS)
UNIT_CXXFLAGS  := $(TEST_CXXFLAGS) -O0

# Environment of the test scripts (absolute paths, configured tools).  Not
# exported globally: configure must not mistake them for user settings.
TEST_ENV = BUILD_DIR='$(BUILD_DIR)' PARCOACH_CONFIG='$(BUILD_DIR)/parcoach-config' \
           MPICC='$(MPICC)' MPICXX='$(MPICXX)' MPIF90='$(MPIF90)' \
           MPIEXEC='$(MPIEXEC)' PYTHON='$(PYTHON)' \
           PARCOACH_BUILD='$(BUILD)' PARCOACH_SRCDIR='$(CURDIR)' GCC_MAJOR='$(GCC_MAJOR)' \
           PACKAGE_VERSION='$(PACKAGE_VERSION)'
# Harmless for MPICH; lets an Open MPI MPIEXEC run as root in CI containers.
export OMPI_ALLOW_RUN_AS_ROOT := 1
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM := 1

# Quiet build lines unless V=1.
ifeq ($(V),1)
Q :=
msg = @true
else
Q := @
msg = @printf '  %-8s %s\n' $(1) $(2)
endif

# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------

.PHONY: all
all: $(PLUGIN) $(PASS) $(RT_SHARED) $(RT_DEVLINK) $(RT_STATIC) $(CONFIG_SCRIPT) $(LINK_TOOL) packaging

# Fail with a readable message when a source directory is still empty.
need = $(if $(1),,$(error no $(2) sources yet: nothing to build $(3)))

# The plugin is two shared objects:
#  - parcoach.so (plugin/*.cc), the file named in -fplugin=: a loader that
#    refers to no GCC symbol, checks that it runs in the GCC it was built
#    for, then dlopens the pass next to it;
#  - parcoach-pass.so (plugin/core/*.cc + gimple/*.cc): the analysis and
#    instrumentation pass, entry point parcoach_pass_init.
# GCC's symbols are resolved when cc1 loads the pass, so -Wl,-z,defs is not
# possible; the checks after linking catch what it would have caught.

# check_undefined,FILE: no undefined symbol of ours (a source missing?).
define check_undefined
@undef=$$(nm -DC --undefined-only $(1) | grep 'parcoach'); \
if test -n "$$undef"; then \
  echo "error: $(1) uses undefined PARCOACH symbols (source missing?):" >&2; \
  echo "$$undef" >&2; rm -f $(1); exit 1; fi
endef
# check_defines,FILE,SYMBOL: FILE exports SYMBOL.
define check_defines
@nm -D --defined-only $(1) | grep -qw $(2) || { \
  echo "error: $(1) does not define $(2)" >&2; rm -f $(1); exit 1; }
endef

$(PLUGIN): $(LOADER_OBJS)
	$(call need,$(LOADER_OBJS),plugin/*.cc,$@)
	$(call msg,LINK,$@)
	$(Q)$(CXX) -shared -fPIC $(LDFLAGS) -o $@ $^ -ldl
	$(call check_undefined,$@)
	$(call check_defines,$@,plugin_init)
	@# Every undefined symbol of the loader must come from a versioned system
	@# library (libc, libstdc++...): an unversioned one is a GCC internal.
	@gccsyms=$$(nm -D --undefined-only $@ | awk '$$1 == "U" && $$2 !~ /@/ {print $$2}'); \
	if test -n "$$gccsyms"; then \
	  echo "error: the loader $@ refers to GCC symbols (they belong in gimple/):" >&2; \
	  echo "$$gccsyms" | c++filt | sed 's/^/  /' >&2; rm -f $@; exit 1; fi

$(PASS): $(CORE_PIC_OBJS) $(PASS_OBJS)
	$(call need,$(PASS_OBJS),gimple/*.cc,$@)
	$(call msg,LINK,$@)
	$(Q)$(CXX) -shared -fPIC $(LDFLAGS) -o $@ $^
	$(call check_undefined,$@)
	$(call check_defines,$@,parcoach_pass_init)

$(OBJ)/pic/%.o: %.cc $(CONFDIR)/config.mk
	$(call msg,CXX,$<)
	@mkdir -p $(@D)
	$(Q)$(CXX) $(PLUGIN_CPPFLAGS) $(if $(filter plugin/core/%,$<),$(CORE_PIC_FLAGS),$(PLUGIN_CXXFLAGS)) \
	  $(DEPFLAGS) -c $< -o $@

$(RT_SHARED): $(RT_OBJS)
	$(call need,$(RT_OBJS),rtlib/*.c,$@)
	$(call msg,LINK,$@)
	$(Q)$(MPICC) -shared -Wl,-soname,$(RT_SONAME) $(LDFLAGS) -o $@ $^

# -lparcoach-rt finds libparcoach-rt.so, a link to the versioned library.
$(RT_DEVLINK): $(RT_SHARED)
	$(Q)ln -sf $(RT_SONAME) $@

$(RT_STATIC): $(RT_OBJS)
	$(call need,$(RT_OBJS),rtlib/*.c,$@)
	$(call msg,AR,$@)
	@rm -f $@
	$(Q)ar rcs $@ $^

$(OBJ)/rt/%.o: %.c $(CONFDIR)/config.mk
	$(call msg,MPICC,$<)
	@mkdir -p $(@D)
	$(Q)$(MPICC) $(RT_CFLAGS) $(DEPFLAGS) -c $< -o $@

# parcoach-config is written by configure at the top level; build/ gets a
# copy so that `make clean' does not need configure again.  (In another
# BUILD directory configure writes it there directly.)
ifeq ($(CONFDIR),.)
$(CONFIG_SCRIPT): parcoach-config
	@mkdir -p $(@D)
	cp parcoach-config $@
	@chmod +x $@
endif

# Unit tests and benchmark (not part of `all').
$(UNIT_TESTS): $(UNIT_OBJS) $(CORE_PIC_OBJS)
	$(call need,$(UNIT_OBJS),tests/unit/*.cpp,$@)
	$(call msg,LINK,$@)
	$(Q)$(CXX) $(LDFLAGS) -o $@ $^

# The whole-program step the specs file runs instead of collect2
# (plugin/link/parcoach_link.cc): the GCC-free core, no plugin.
$(LINK_TOOL): $(LINK_TOOL_OBJS) $(CORE_PIC_OBJS)
	$(call msg,LINK,$@)
	$(Q)$(CXX) $(LDFLAGS) -o $@ $^

$(BENCH): $(BENCH_OBJS) $(CORE_PIC_OBJS)
	$(call need,$(BENCH_OBJS),tests/bench/bench_analysis.cc,$@)
	$(call msg,LINK,$@)
	$(Q)$(CXX) $(LDFLAGS) -o $@ $^

$(OBJ)/host/%.o: %.cc $(CONFDIR)/config.mk
	$(call msg,CXX,$<)
	@mkdir -p $(@D)
	$(Q)$(CXX) $(TEST_CXXFLAGS) $(DEPFLAGS) -c $< -o $@

$(OBJ)/host/%.o: %.cpp $(CONFDIR)/config.mk
	$(call msg,CXX,$<)
	@mkdir -p $(@D)
	$(Q)$(CXX) $(UNIT_CXXFLAGS) $(DEPFLAGS) -c $< -o $@

-include $(patsubst %.o,%.d,$(CORE_PIC_OBJS) $(LOADER_OBJS) $(PASS_OBJS) $(RT_OBJS) $(UNIT_OBJS) $(BENCH_OBJS) $(LINK_TOOL_OBJS))

# ---------------------------------------------------------------------------
# Dependencies, demo, tests, benchmarks
# ---------------------------------------------------------------------------

.PHONY: deps
deps:
	@$(RUN_DEPS)

# The demo: the plugin warns at compile time, then the runtime check stops
# the mismatching run.  Success = the run stopped (non-zero exit, no
# timeout) with a "PARCOACH:" message.
DEMO_SRC := errbench/demo_mismatch.c
DEMO_BIN := $(B)/demo_mismatch
DEMO_LOG := $(B)/demo_mismatch.log

.PHONY: demo
demo: deps all
	@test -f $(DEMO_SRC) || { echo "error: $(DEMO_SRC) does not exist yet" >&2; exit 1; }
	@echo "=== Compiling $(DEMO_SRC) with PARCOACH (compile-time warnings below)"
	$(MPICC) $$($(CONFIG_SCRIPT) --cflags) -g $(DEMO_SRC) -o $(DEMO_BIN) $$($(CONFIG_SCRIPT) --libs)
	@echo "=== Running: timeout 60 $(MPIEXEC) -n 2 $(DEMO_BIN)"
	@set -o pipefail; \
	timeout 60 $(MPIEXEC) -n 2 $(DEMO_BIN) 2>&1 | tee $(DEMO_LOG); \
	rc=$${PIPESTATUS[0]}; \
	echo "=== exit status: $$rc"; \
	if test $$rc -eq 124; then \
	  echo "demo FAILED: timed out after 60 s (deadlock not caught)"; exit 1; \
	elif test $$rc -eq 0; then \
	  echo "demo FAILED: the program ran to completion, PARCOACH did not stop it"; exit 1; \
	elif ! grep -q 'PARCOACH:' $(DEMO_LOG); then \
	  echo "demo FAILED: the program failed without a PARCOACH message"; exit 1; \
	else \
	  echo "demo OK: PARCOACH stopped the mismatching collectives (non-zero exit expected)"; \
	fi

# Run one test suite: run_suite,NAME,FILE,COMMAND runs COMMAND with the
# test environment when FILE exists, then prints its wall time (to keep
# `make check' within its budget); while FILE does not exist yet (sources
# are still being written) the suite is skipped with a loud message.
define run_suite
{ if test -f $(2); then \
    echo "=== $(1)"; suite_start=$$(date +%s); \
    ( export $(TEST_ENV) && $(3) ); suite_status=$$?; \
    echo "--- $(1): $$(( $$(date +%s) - suite_start )) s"; \
    test $$suite_status = 0; \
  else \
    echo "!!! SKIPPED $(1): $(2) does not exist yet"; \
  fi; }
endef

# The test goals run their suites one after the other (they start MPI
# jobs), but what they compile first need not wait: a sub-make with one job
# per core, unless make was given -j already (its jobserver then decides).
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
PARALLEL  = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))

# Run a test script with the right interpreter (.py: python3, else bash).
script_cmd = $(if $(filter %.py,$(1)),$(PYTHON),$(SHELL)) $(1)

# Unit tests (Catch2; main in tests/unit/main.cpp).  Built by the suite
# itself, so that a unit test that does not compile fails the unit suite
# and `make check' still runs the other suites.
UNIT_MAIN := tests/unit/main.cpp
UNIT_RUN   = $(MAKE) -s --no-print-directory $(PARALLEL) $(UNIT_TESTS) && $(UNIT_TESTS)
# Without Catch2 at configure time the unit tests are skipped, loudly,
# unless it has been installed since (make check installs it as root).
CATCH2_NOW = echo '\#include <catch2/catch.hpp>' | \
  $(CXX) $(CATCH2_CPPFLAGS) -std=c++17 -fsyntax-only -x c++ - 2>/dev/null
UNIT_CMD   = $(UNIT_RUN)
ifeq ($(HAVE_CATCH2),no)
UNIT_CMD   = if $(CATCH2_NOW); then $(UNIT_RUN); else \
  echo "!!! SKIPPED unit tests: Catch2 2.x (catch2/catch.hpp) not found" \
       "(Debian: catch2; RHEL/Fedora: catch2-devel; or CATCH2_CPPFLAGS=-I...)"; fi
endif

.PHONY: unit
unit: all
	@$(call run_suite,unit tests,$(UNIT_MAIN),$(UNIT_CMD))

# Benchmarks (figures to read, not pass/fail on time): analysis time of the
# core on synthetic graphs, compile time with/without the plugin, cost of a
# run-time check against the collective it guards, overhead of the checks
# on a mini-app (MPI+OpenMP Jacobi stencil, C and Fortran, instrument=all).
BENCH_CMD    := $(MAKE) -s --no-print-directory $(BENCH) && $(BENCH)
COMPILE_TIME := $(firstword $(wildcard tests/bench/compile_time.sh tests/bench/compile_time.py) \
                            tests/bench/compile_time.sh)

.PHONY: bench
bench: all
	@$(call run_suite,analysis benchmark,tests/bench/bench_analysis.cc,$(BENCH_CMD))
	@$(call run_suite,compile-time benchmark,$(COMPILE_TIME),$(call script_cmd,$(COMPILE_TIME)))
	@$(call run_suite,compile-time ratios per unit,tests/bench/compile_ratio.py,$(call script_cmd,tests/bench/compile_ratio.py))
	@$(call run_suite,check overhead benchmark,tests/bench/check_overhead.sh,$(call script_cmd,tests/bench/check_overhead.sh))
	@$(call run_suite,stencil overhead benchmark,tests/bench/stencil_overhead.sh,$(call script_cmd,tests/bench/stencil_overhead.sh))
	@$(call run_suite,precision benchmark,tests/bench/precision.py,$(call script_cmd,tests/bench/precision.py))
	@$(call run_suite,link-step benchmark,tests/bench/link_step.py,$(call script_cmd,tests/bench/link_step.py))

# The mini-app alone (PROCS=, N=, ITERATIONS=, REPEAT= in the environment;
# with BUILD=DIR, against that build's MPI, e.g. BUILD=build/openmpi).
.PHONY: bench-stencil
bench-stencil: all
	@$(call run_suite,stencil overhead benchmark,tests/bench/stencil_overhead.sh,$(call script_cmd,tests/bench/stencil_overhead.sh))

# make check: every suite, one after the other (they start MPI jobs); goes
# on after a failing suite, prints a summary, fails if any suite failed.
# tests/openmpi/run.sh: a second build in $(B)/openmpi against Open MPI (when
# installed), then the runtime, plugin and errbench suites against it (the
# errbench sampled: every 40th program and those needing Open MPI).
# make check-full adds what takes longest: the whole errbench against Open
# MPI, a build and the plugin suites with the other GCC (tests/install/
# gcc11.sh) and a build as an ordinary user (tests/install/user_build.sh).
CHECK_SCRIPTS := tests/rtlib/run.sh tests/plugin/run.sh tests/run_errbench.py tests/multifile/run.py \
                 tests/extractor/run.py \
                 tests/gen_hybrid/run.py tests/mbi_style/run.py tests/sarif/run.py \
                 tests/robustness/run.sh tests/install/run.sh tests/openmpi/run.sh
FULL_CHECK_SCRIPTS := $(CHECK_SCRIPTS) tests/install/gcc11.sh tests/install/user_build.sh

# run_suites,GOAL,SCRIPTS: the unit tests, then each script; a summary.
define run_suites
@failed=; \
$(call run_suite,unit tests,$(UNIT_MAIN),$(UNIT_CMD)) || failed="$$failed unit"; \
$(foreach s,$(2), \
  $(call run_suite,$(s),$(s),$(call script_cmd,$(s))) || failed="$$failed $(s)";) \
echo "======================================================================"; \
if test -n "$$failed"; then \
  echo "make $(1): FAILED:$$failed"; exit 1; \
else \
  echo "make $(1): all test suites passed"; \
fi
endef

.PHONY: check check-full
check: deps
	@$(MAKE) --no-print-directory $(PARALLEL) all
	$(call run_suites,check,$(CHECK_SCRIPTS))
check: export OPENMPI_ERRBENCH_EVERY = 40

check-full: deps
	@$(MAKE) --no-print-directory $(PARALLEL) all
	$(call run_suites,check-full,$(FULL_CHECK_SCRIPTS))
check-full: export OPENMPI_ERRBENCH_EVERY = 1

# make check-plugin: the plugin-level suites only (plugin tests, errbench),
# for the build of another GCC (tests/install/gcc11.sh runs it with
# BUILD=build/gcc11); same reporting as `make check'.
CHECK_PLUGIN_SCRIPTS := tests/plugin/run.sh tests/run_errbench.py

.PHONY: check-plugin
check-plugin: all
	@failed=; \
	$(foreach s,$(CHECK_PLUGIN_SCRIPTS), \
	  $(call run_suite,$(s),$(s),$(call script_cmd,$(s))) || failed="$$failed $(s)";) \
	if test -n "$$failed"; then \
	  echo "make check-plugin (GCC $(GCC_FULL_VERSION)): FAILED:$$failed"; exit 1; \
	else \
	  echo "make check-plugin (GCC $(GCC_FULL_VERSION)): all passed"; \
	fi

# make check-openmpi: the Open MPI suites with the whole errbench (`make
# check' runs every 40th program and every one needing Open MPI; about 7
# minutes on 2 cores).
.PHONY: check-openmpi
check-openmpi: all
	@$(call run_suite,Open MPI suites,tests/openmpi/run.sh,OPENMPI_ERRBENCH_EVERY=1 $(call script_cmd,tests/openmpi/run.sh))

# make check-random: more seeds of the random hybrid programs than the fixed
# ones `make check' runs (about 1.5 s a seed on 2 cores).
SEEDS ?= 200
FIRST ?= 1

.PHONY: check-random
check-random: all
	@$(call run_suite,random hybrid programs,tests/gen_hybrid/run.py,$(PYTHON) tests/gen_hybrid/run.py --seeds $(SEEDS) --first $(FIRST))

# make check-mbi-style: every generated MBI-style program (tests/mbi_style;
# `make check' runs a sample of 26).
.PHONY: check-mbi-style
check-mbi-style: all
	@$(call run_suite,MBI-style programs,tests/mbi_style/run.py,$(PYTHON) tests/mbi_style/run.py --all -j 2)

# make check-gomp: GCC's OpenMP testsuite as a robustness corpus (about 30
# minutes on 2 cores; EVERY=20 for a sample of one file in 20).
EVERY ?= 1

.PHONY: check-gomp
check-gomp: all
	@$(call run_suite,GCC OpenMP testsuite,tests/gomp_testsuite.py,$(PYTHON) tests/gomp_testsuite.py --every $(EVERY))

include plugin/packaging/packaging.mk

# ---------------------------------------------------------------------------
# Cleaning
# ---------------------------------------------------------------------------

.PHONY: clean distclean help
# In another BUILD directory, keep what configure wrote there.
clean:
ifeq ($(CONFDIR),.)
	rm -rf $(B)
else
	rm -rf $(filter-out $(addprefix $(B)/,config.mk config.status config.log parcoach-config),$(wildcard $(B)/*))
endif

distclean: clean
	rm -rf config.mk config.log config.status configure configure~ autom4te.cache parcoach-config

help:
	@sed -n '/^#   make \/ make all/,/^#   make distclean/p' $(firstword $(MAKEFILE_LIST)) | sed 's/^#  //'
