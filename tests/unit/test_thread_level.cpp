// Parallelism words, thread-level languages and concurrent monothreaded
// regions (core/parallelism_words.h) on the thesis' figures 2.4, 4.3 and 4.5.
// Node numbers follow the figures; the region ends the figures leave
// implicit get the numbers after the last one.
#include <catch2/catch.hpp>

#include "graph_utils.h"
#include "parallelism_words.h"

#include <algorithm>
#include <set>
#include <utility>

using namespace parcoach;

namespace {

// Node 0 is the entry, nodes 1..last as in the figure, last+1 the exit.
class OmpFigure {
public:
  explicit OmpFigure(int last) {
    for (int i = 0; i <= last + 1; ++i)
      model_.add_node();
    model_.cfg.entry = 0;
    model_.cfg.exit = last + 1;
  }
  OmpFigure &path(std::initializer_list<NodeId> nodes) {
    const NodeId *previous = nullptr;
    for (const NodeId &n : nodes) {
      if (previous)
        model_.cfg.add_edge(*previous, n);
      previous = &n;
    }
    return *this;
  }
  OmpFigure &step(NodeId n, OmpStep s) { model_.steps[n] = s; return *this; }
  OmpFigure &collective(NodeId n) {
    model_.mpi_call[n] = model_.collective[n] = true;
    return *this;
  }
  OmpFigure &p2p(NodeId n) { model_.mpi_call[n] = true; return *this; }
  OmpFigure &opener(NodeId n, NodeId directive) { model_.opener[n] = directive; return *this; }
  OmpFigure &exclusion(NodeId directive, int number) {
    model_.exclusion[directive] = number;
    return *this;
  }
  OmpFigure &depend(NodeId task, std::vector<TaskDependence> clauses) {
    model_.dependences[task] = std::move(clauses);
    return *this;
  }
  OmpFigure &communicator(NodeId call, std::string name) {
    model_.communicator[call] = std::move(name);
    return *this;
  }
  const ThreadModel &model() const { return model_; }
  WordResult words(CallContext context = CallContext::Sequential) const {
    return parallelism_words(model_, context_word(context));
  }
  // The pairs of concurrent calls among the model's collectives;
  // `barrier_calls': calls to functions that pass a barrier.
  std::set<std::pair<NodeId, NodeId>> concurrent(const WordResult &w,
                                                 std::vector<NodeId> barrier_calls = {}) const {
    std::vector<NodeId> calls;
    for (NodeId n = 0; n < (NodeId)model_.cfg.size(); ++n)
      if (model_.collective[n] && is_monothreaded(w.words[n]))
        calls.push_back(n);
    std::vector<bool> passes(model_.cfg.size(), false);
    for (NodeId n : barrier_calls)
      passes[n] = true;
    std::set<std::pair<NodeId, NodeId>> pairs;
    for (const ConcurrentCalls &c : concurrent_calls(model_, w, calls, passes))
      pairs.insert({c.first, c.second});
    return pairs;
  }

private:
  ThreadModel model_;
};

// "P2S3": letters with the directive nodes.
std::string spell_with_nodes(const ParallelismWord &word) {
  std::string text;
  for (const WordLetter &l : word)
    text += static_cast<char>(l.letter) +
            (l.directive >= 0 ? std::to_string(l.directive) : std::string());
  return text;
}

// Figure 2.4(b) = figure 4.5(a), Example 4 of figure 2.1: parallel (2),
// single nowait (3) around MPI_Reduce (4), single (5) around MPI_Reduce (6).
// 7 ends the first single (nowait: no barrier), 8 the second, 9 is its
// implicit barrier, 10 ends the parallel region.
OmpFigure example4() {
  OmpFigure f(10);
  f.path({0, 1, 2, 3, 4, 7, 5, 6, 8, 9, 10, 11})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenSingle)
      .step(7, OmpStep::CloseMonothreaded)
      .step(5, OmpStep::OpenSingle)
      .step(8, OmpStep::CloseMonothreaded)
      .step(9, OmpStep::Barrier)
      .step(10, OmpStep::CloseParallel)
      .collective(4)
      .collective(6);
  return f;
}

// Figure 4.5(b), Example 5 of figure 2.1: the first single keeps its
// implicit barrier (node 5) before the second single (6) and its
// MPI_Reduce (7).  8 ends the first single, 9 the second, 10 is its
// barrier, 11 ends the parallel region.
OmpFigure example5() {
  OmpFigure f(11);
  f.path({0, 1, 2, 3, 4, 8, 5, 6, 7, 9, 10, 11, 12})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenSingle)
      .step(8, OmpStep::CloseMonothreaded)
      .step(5, OmpStep::Barrier)
      .step(6, OmpStep::OpenSingle)
      .step(9, OmpStep::CloseMonothreaded)
      .step(10, OmpStep::Barrier)
      .step(11, OmpStep::CloseParallel)
      .collective(4)
      .collective(7);
  return f;
}

// Figure 4.3(a), Code 6 of figure 4.1: parallel (2), code (3), nested
// parallel (4), code (5), single (6) around MPI_Allreduce (7).  8 ends the
// single, 9 is its barrier, 10 and 11 end the inner and outer parallel
// regions.
OmpFigure code6() {
  OmpFigure f(11);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
      .step(2, OmpStep::OpenParallel)
      .step(4, OmpStep::OpenParallel)
      .step(6, OmpStep::OpenSingle)
      .step(8, OmpStep::CloseMonothreaded)
      .step(9, OmpStep::Barrier)
      .step(10, OmpStep::CloseParallel)
      .step(11, OmpStep::CloseParallel)
      .collective(7);
  return f;
}

} // namespace

TEST_CASE("figure 2.4(b): the words of Example 4 are P2S3 and P2S5", "[thread-level]") {
  OmpFigure f = example4();
  WordResult w = f.words();
  CHECK(spell_with_nodes(w.words[4]) == "P2S3");
  CHECK(spell_with_nodes(w.words[6]) == "P2S5");
  // Regions closed: the words pop back (Algorithm 3).
  CHECK(spell_with_nodes(w.words[7]) == "P2");
  CHECK(spell_with_nodes(w.words[9]) == "P2B9");
  CHECK(w.words[10].empty());
  CHECK(w.invalid_nestings.empty());
  // Monothreaded, but single regions: MPI_THREAD_SERIALIZED at least.
  CHECK(required_level(w.words[4]) == ThreadLevel::Serialized);
  CHECK(required_level(w.words[6]) == ThreadLevel::Serialized);
}

TEST_CASE("figure 4.5(a): Example 4's reductions are concurrent (S = {4, 6})", "[thread-level]") {
  OmpFigure f = example4();
  std::set<std::pair<NodeId, NodeId>> expected = {{4, 6}};
  CHECK(f.concurrent(f.words()) == expected);
}

TEST_CASE("figure 4.5(b): a barrier between the singles orders them (S empty)",
          "[thread-level]") {
  OmpFigure f = example5();
  WordResult w = f.words();
  CHECK(spell_with_nodes(w.words[4]) == "P2S3");
  CHECK(spell_with_nodes(w.words[7]) == "P2B5S6");
  CHECK(f.concurrent(w).empty());
}

TEST_CASE("figure 4.3: Code 6's MPI_Allreduce has the word P2P4S6, multithreaded",
          "[thread-level]") {
  OmpFigure f = code6();
  WordResult w = f.words();
  CHECK(spell_with_nodes(w.words[7]) == "P2P4S6");
  // Lemma 4: PPS is not in (S|M|PB*S|PB*M)*: one thread per outer thread.
  CHECK_FALSE(is_monothreaded(w.words[7]));
  CHECK(required_level(w.words[7]) == ThreadLevel::Multiple);
  // The outer parallel region (2) is the one not followed by S or M.
  CHECK(responsible_directives(w.words[7], ThreadLevel::Multiple) == std::vector<NodeId>{2});
  // Not monothreaded: not a candidate for concurrency.
  CHECK(f.concurrent(w).empty());
}

TEST_CASE("Example 3 of figure 2.1: PS needs SERIALIZED, but PPS if f runs in parallel",
          "[thread-level]") {
  // parallel (2), single (3), MPI_Allreduce (4); 5 ends the single, 6 is its
  // barrier, 7 ends the parallel region.
  OmpFigure f(7);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenSingle)
      .step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::Barrier)
      .step(7, OmpStep::CloseParallel)
      .collective(4);
  WordResult sequential = f.words();
  CHECK(spell(sequential.words[4]) == "PS");
  CHECK(required_level(sequential.words[4]) == ThreadLevel::Serialized);
  // "Suppose function f of example 3 is called in a parallel construct":
  // the collective is then in a multithreaded context (S = {4}).
  WordResult in_parallel = f.words(CallContext::Parallel);
  CHECK(spell(in_parallel.words[4]) == "PPS");
  CHECK_FALSE(is_monothreaded(in_parallel.words[4]));
  // The context's P has no directive: node 2 is blamed.
  CHECK(responsible_directives(in_parallel.words[4], ThreadLevel::Multiple) ==
        std::vector<NodeId>{2});
  // Called from a single region of the caller's team, it would be fine.
  CHECK(is_monothreaded(f.words(CallContext::Single).words[4]));
}

TEST_CASE("Examples 1, 2 and 6 of figure 2.1: MULTIPLE, SINGLE and FUNNELED",
          "[thread-level]") {
  // Example 1: MPI_Allreduce (3) directly in the parallel region (2).
  OmpFigure one(4);
  one.path({0, 1, 2, 3, 4, 5}).step(2, OmpStep::OpenParallel).step(4, OmpStep::CloseParallel)
      .collective(3);
  WordResult w1 = one.words();
  CHECK(spell(w1.words[3]) == "P");
  CHECK(required_level(w1.words[3]) == ThreadLevel::Multiple);
  CHECK(responsible_directives(w1.words[3], ThreadLevel::Single) == std::vector<NodeId>{2});

  // Example 2: MPI_Send (4) after the parallel region (2..3).
  OmpFigure two(4);
  two.path({0, 1, 2, 3, 4, 5}).step(2, OmpStep::OpenParallel).step(3, OmpStep::CloseParallel)
      .p2p(4);
  CHECK(required_level(two.words().words[4]) == ThreadLevel::Single);

  // Example 6: if (1) -> parallel (2) -> master (3) -> MPI_Recv (4),
  // MPI_Send (5); 6 ends the master region, 7 the parallel one.
  OmpFigure six(7);
  six.path({0, 1, 2, 3, 4, 5, 6, 7, 8}).path({1, 8})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenMaster)
      .step(6, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::CloseParallel)
      .p2p(4).p2p(5);
  WordResult w6 = six.words();
  CHECK(spell(w6.words[4]) == "PM");
  CHECK(required_level(w6.words[4]) == ThreadLevel::Funneled);
  CHECK(required_level(w6.words[5]) == ThreadLevel::Funneled);
  // At SINGLE the parallel and master directives are blamed.
  CHECK(responsible_directives(w6.words[4], ThreadLevel::Single) == std::vector<NodeId>{2, 3});
}

TEST_CASE("levels of nested words follow the automaton of figure 2.5", "[thread-level]") {
  auto word = [](const std::string &letters) {
    ParallelismWord w;
    int id = 1;
    for (char c : letters)
      w.push_back({static_cast<Letter>(c), id++});
    return w;
  };
  CHECK(required_level(word("")) == ThreadLevel::Single);
  CHECK(required_level(word("PBM")) == ThreadLevel::Funneled);
  CHECK(required_level(word("PMPM")) == ThreadLevel::Funneled);  // master of master
  CHECK(required_level(word("PSPM")) == ThreadLevel::Serialized); // the single's thread
  CHECK(required_level(word("PMS")) == ThreadLevel::Serialized);  // a task in master
  CHECK(required_level(word("PSPS")) == ThreadLevel::Serialized);
  CHECK(required_level(word("PBBPS")) == ThreadLevel::Multiple);  // P B* P: nested teams
  CHECK(required_level(word("PSP")) == ThreadLevel::Multiple);
  CHECK(is_monothreaded(word("PBS")));
  CHECK_FALSE(is_monothreaded(word("PB")));
}

TEST_CASE("forbidden nestings are reported, not followed", "[thread-level]") {
  // parallel (2), single (3), barrier inside it (4), master inside it (5).
  OmpFigure f(7);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenSingle)
      .step(4, OmpStep::Barrier)
      .step(5, OmpStep::OpenMaster)
      .step(6, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::CloseParallel);
  WordResult w = f.words();
  CHECK(w.invalid_nestings == std::vector<NodeId>{4, 5});
  CHECK(spell(w.words[5]) == "PS");
  CHECK(w.words[7].empty());
  // A region end with nothing open.
  OmpFigure lone(2);
  lone.path({0, 1, 2, 3}).step(1, OmpStep::CloseParallel).step(2, OmpStep::CloseMonothreaded);
  CHECK(lone.words().invalid_nestings == std::vector<NodeId>{1, 2});
}

TEST_CASE("a single nowait in a loop is concurrent with itself", "[thread-level]") {
  // parallel (2), loop head (3), single nowait (4), MPI_Bcast (5), end (6),
  // back to 3; end of parallel (7).
  OmpFigure f(7);
  f.path({0, 1, 2, 3, 4, 5, 6, 3}).path({3, 7, 8})
      .step(2, OmpStep::OpenParallel)
      .step(4, OmpStep::OpenSingle)
      .step(6, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::CloseParallel)
      .collective(5);
  std::set<std::pair<NodeId, NodeId>> expected = {{5, 5}};
  CHECK(f.concurrent(f.words()) == expected);
  // With its implicit barrier, each round waits for the previous one.
  OmpFigure g(8);
  g.path({0, 1, 2, 3, 4, 5, 6, 8, 3}).path({3, 7, 9})
      .step(2, OmpStep::OpenParallel)
      .step(4, OmpStep::OpenSingle)
      .step(6, OmpStep::CloseMonothreaded)
      .step(8, OmpStep::Barrier)
      .step(7, OmpStep::CloseParallel)
      .collective(5);
  CHECK(g.concurrent(g.words()).empty());
}

TEST_CASE("two master regions of a team are never concurrent, master and single are",
          "[thread-level]") {
  // parallel (2), master (3) MPI_Barrier (4) end (5), master (6)
  // MPI_Bcast (7) end (8), single nowait (9) MPI_Allreduce (10) end (11),
  // end of parallel (12).
  OmpFigure f(12);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenMaster).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::OpenMaster).step(8, OmpStep::CloseMonothreaded)
      .step(9, OmpStep::OpenSingle).step(11, OmpStep::CloseMonothreaded)
      .step(12, OmpStep::CloseParallel)
      .collective(4).collective(7).collective(10);
  std::set<std::pair<NodeId, NodeId>> expected = {{4, 10}, {7, 10}};
  CHECK(f.concurrent(f.words()) == expected);
}

TEST_CASE("sibling sections are concurrent; a nested team's barrier orders nothing outside",
          "[thread-level]") {
  // parallel (2), sections (3), dispatch (4) -> section (5) MPI_Barrier (6)
  // end (7) -> continue (10) -> 4; section (8) MPI_Bcast (9) end (11) -> 10;
  // 4 -> end of sections (12), its barrier (13), end of parallel (14).
  OmpFigure f(14);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 10, 4}).path({4, 8, 9, 11, 10}).path({4, 12, 13, 14, 15})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenWorksharing)
      .step(5, OmpStep::OpenSection).step(7, OmpStep::CloseMonothreaded)
      .step(8, OmpStep::OpenSection).step(11, OmpStep::CloseMonothreaded)
      .step(13, OmpStep::Barrier)
      .step(14, OmpStep::CloseParallel)
      .collective(6).collective(9);
  std::set<std::pair<NodeId, NodeId>> sections = {{6, 9}};
  CHECK(f.concurrent(f.words()) == sections);

  // single nowait (3) MPI_Barrier (4) end (5); nested parallel (6) with a
  // barrier (7), end (8); single (9) MPI_Bcast (10) end (11); barrier (12);
  // end of parallel (13).  Only the inner team waits at 7.
  OmpFigure g(13);
  g.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenSingle).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::OpenParallel).step(7, OmpStep::Barrier).step(8, OmpStep::CloseParallel)
      .step(9, OmpStep::OpenSingle).step(11, OmpStep::CloseMonothreaded)
      .step(12, OmpStep::Barrier).step(13, OmpStep::CloseParallel)
      .collective(4).collective(10);
  std::set<std::pair<NodeId, NodeId>> across = {{4, 10}};
  CHECK(g.concurrent(g.words()) == across);
}

TEST_CASE("regions of two successive parallel regions are not concurrent", "[thread-level]") {
  // parallel (2) single nowait (3) MPI_Barrier (4) end (5) end parallel (6),
  // parallel (7) single nowait (8) MPI_Barrier (9) end (10) end parallel (11).
  OmpFigure f(11);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
      .step(2, OmpStep::OpenParallel).step(3, OmpStep::OpenSingle)
      .step(5, OmpStep::CloseMonothreaded).step(6, OmpStep::CloseParallel)
      .step(7, OmpStep::OpenParallel).step(8, OmpStep::OpenSingle)
      .step(10, OmpStep::CloseMonothreaded).step(11, OmpStep::CloseParallel)
      .collective(4).collective(9);
  CHECK(f.concurrent(f.words()).empty());
}

#include "mpi_calls.h"

TEST_CASE("MPI calls subject to the thread level, in C and Fortran spellings",
          "[thread-level]") {
  CHECK(is_thread_level_call("MPI_Send", SourceLanguage::C));
  CHECK(is_thread_level_call("MPI_Barrier", SourceLanguage::C));
  CHECK(is_thread_level_call("mpi_recv", SourceLanguage::Fortran));
  CHECK_FALSE(is_thread_level_call("MPI_Wtime", SourceLanguage::C));
  CHECK_FALSE(is_thread_level_call("mpi_query_thread", SourceLanguage::Fortran));
  CHECK_FALSE(is_thread_level_call("MPIX_Foo", SourceLanguage::C));
  CHECK_FALSE(is_thread_level_call("omp_get_thread_num", SourceLanguage::C));
  // Only the MPI_ and PMPI_ prefixes name MPI routines: a Fortran procedure
  // whose fourth character is '_' is the user's (or OpenMP's).
  CHECK_FALSE(is_thread_level_call("omp_get_thread_num", SourceLanguage::Fortran));
  CHECK_FALSE(is_thread_level_call("run_step", SourceLanguage::Fortran));
  CHECK_FALSE(is_thread_level_call("fix_up", SourceLanguage::Fortran));
  CHECK_FALSE(is_thread_level_call("mpi_", SourceLanguage::Fortran));
  CHECK_FALSE(is_thread_level_call("MPI_send", SourceLanguage::C));
  CHECK_FALSE(is_thread_level_call("my_MPI_Send", SourceLanguage::C));
  CHECK(is_thread_level_call("MPI_BARRIER", SourceLanguage::Fortran));
  CHECK(is_thread_level_call("pmpi_allreduce", SourceLanguage::Fortran));
  CHECK(is_thread_level_call("PMPI_Send", SourceLanguage::C));
  CHECK_FALSE(is_thread_level_call("PMPI_Wtime", SourceLanguage::C));
  CHECK_FALSE(is_thread_level_call("pmpi_wtime", SourceLanguage::Fortran));
  CHECK(init_kind("PMPI_Init_thread", SourceLanguage::C) == InitKind::InitThread);
  CHECK(init_kind("mpi_init_thread", SourceLanguage::Fortran) == InitKind::InitThread);
  CHECK(init_kind("omp_init_thread", SourceLanguage::Fortran) == InitKind::None);
  CHECK(init_kind("MPI_Init_thread", SourceLanguage::C) == InitKind::InitThread);
  CHECK(init_kind("mpi_init", SourceLanguage::Fortran) == InitKind::Init);
  CHECK(init_kind("MPI_Initialized", SourceLanguage::C) == InitKind::None);
  CHECK(init_thread_required_arg(SourceLanguage::C) == 2);
  CHECK(init_thread_required_arg(SourceLanguage::Fortran) == 0);
}

TEST_CASE("the end of an ignored directive does not pop the context's letters",
          "[thread-level]") {
  // Called in a single region (context PS): an orphaned single (1) is
  // forbidden there; its end (3) and implicit barrier (4) change nothing,
  // so MPI_Bcast (5) keeps the context's word PS.
  ThreadModel model;
  for (int i = 0; i < 7; ++i)
    model.add_node();
  model.cfg.entry = 0;
  model.cfg.exit = 6;
  for (NodeId n = 0; n < 6; ++n)
    model.cfg.add_edge(n, n + 1);
  model.steps[1] = OmpStep::OpenSingle;
  model.steps[3] = OmpStep::CloseMonothreaded;
  model.opener[3] = 1;
  model.steps[4] = OmpStep::Barrier;
  model.opener[4] = 1;
  model.mpi_call[5] = model.collective[5] = true;
  WordResult w = parallelism_words(model, context_word(CallContext::Single));
  CHECK(w.invalid_nestings == std::vector<NodeId>{1});
  CHECK(spell(w.words[5]) == "PS");
  CHECK(is_monothreaded(w.words[5]));
}

TEST_CASE("a region end pops down to its own directive", "[thread-level]") {
  // parallel (1), master (2), task (3) opened inside; the master's end (4)
  // names node 2: the task letter goes with it.
  ThreadModel model;
  for (int i = 0; i < 7; ++i)
    model.add_node();
  model.cfg.entry = 0;
  model.cfg.exit = 6;
  for (NodeId n = 0; n < 6; ++n)
    model.cfg.add_edge(n, n + 1);
  model.steps[1] = OmpStep::OpenParallel;
  model.steps[2] = OmpStep::OpenMaster;
  model.steps[3] = OmpStep::OpenTask;
  model.steps[4] = OmpStep::CloseMonothreaded;
  model.opener[4] = 2;
  model.steps[5] = OmpStep::CloseParallel;
  model.opener[5] = 1;
  WordResult w = parallelism_words(model, {});
  CHECK(spell(w.words[3]) == "PMS");
  CHECK(spell(w.words[4]) == "P");
  CHECK(w.words[5].empty());
  CHECK(w.invalid_nestings.empty());
}

TEST_CASE("orphaned regions in a sequential context run in the initial thread",
          "[thread-level]") {
  // single nowait (1) MPI_Barrier (2) end (3), single nowait (4)
  // MPI_Bcast (5) end (6), in a function called outside parallel regions.
  OmpFigure f(6);
  f.path({0, 1, 2, 3, 4, 5, 6, 7})
      .step(1, OmpStep::OpenSingle).step(3, OmpStep::CloseMonothreaded)
      .step(4, OmpStep::OpenSingle).step(6, OmpStep::CloseMonothreaded)
      .collective(2).collective(5);
  WordResult sequential = f.words();
  CHECK(spell(sequential.words[2]) == "S");
  CHECK(required_level(sequential.words[2]) == ThreadLevel::Single);
  CHECK(f.concurrent(sequential).empty());
  // Called by every thread of a team, the two singles are concurrent.
  WordResult in_parallel = f.words(CallContext::Parallel);
  CHECK(required_level(in_parallel.words[2]) == ThreadLevel::Serialized);
  std::set<std::pair<NodeId, NodeId>> expected = {{2, 5}};
  CHECK(f.concurrent(in_parallel) == expected);
}

TEST_CASE("a task every thread of the team creates is concurrent with itself",
          "[thread-level]") {
  // parallel (1), task (2) MPI_Barrier (3) end (4), end of parallel (5).
  OmpFigure f(5);
  f.path({0, 1, 2, 3, 4, 5, 6})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenTask).step(4, OmpStep::CloseMonothreaded)
      .step(5, OmpStep::CloseParallel)
      .collective(3);
  std::set<std::pair<NodeId, NodeId>> expected = {{3, 3}};
  CHECK(f.concurrent(f.words()) == expected);
  // Created in a single region, one task: not concurrent with itself.
  OmpFigure g(7);
  g.path({0, 1, 2, 3, 4, 5, 6, 7, 8})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::CloseParallel)
      .collective(4);
  CHECK(g.concurrent(g.words()).empty());
}

namespace {

std::set<std::string> spelled(const std::vector<ReachedMpiCall> &calls) {
  std::set<std::string> out;
  for (const ReachedMpiCall &c : calls)
    out.insert(c.letters + (c.collective ? "/c" : "/p"));
  return out;
}

} // namespace

TEST_CASE("MPI calls reached through calls carry the words of the call sites",
          "[thread-level]") {
  // main calls step inside a single (PS); step calls exchange directly
  // (""); exchange makes a point-to-point call (""); master_total runs its
  // collective in an orphaned master (M), and main calls it in parallel (P).
  const unsigned main_fn = 1, step = 2, exchange = 3, master_total = 4;
  std::map<unsigned, LevelSummaryInput> unit;
  unit[exchange].direct = {{"", false, 0}};
  unit[step].calls = {{"", exchange}};
  unit[master_total].direct = {{"M", true, 1}};
  unit[main_fn].calls = {{"PS", step}, {"P", master_total}, {"", step}};
  auto reached = reached_mpi_calls(unit);
  CHECK(spelled(reached[exchange]) == std::set<std::string>{"/p"});
  CHECK(spelled(reached[step]) == std::set<std::string>{"/p"});
  CHECK(reached[step].front().origin == 0);
  CHECK(spelled(reached[main_fn]) == std::set<std::string>{"PS/p", "PM/c", "/p"});
  CHECK(reached.count(master_total));

  // The levels a caller's word gives them (figure 2.5's automaton).
  ParallelismWord single_word{{Letter::Parallel, 10}, {Letter::Single, 11}};
  ParallelismWord through = extend_word(single_word, "");
  CHECK(required_level(through) == ThreadLevel::Serialized);
  CHECK(responsible_directives(through, ThreadLevel::Funneled) == std::vector<NodeId>{11});
  ParallelismWord parallel_word{{Letter::Parallel, 10}};
  CHECK(required_level(extend_word(parallel_word, "M")) == ThreadLevel::Funneled);
  CHECK(required_level(extend_word(parallel_word, "S")) == ThreadLevel::Serialized);
  // An orphaned single run by the initial thread alone needs nothing.
  CHECK(required_level(extend_word({}, "S")) == ThreadLevel::Single);
  // A parallel region inside the callee nested in the caller's team.
  CHECK_FALSE(is_monothreaded(extend_word(parallel_word, "PS")));
}

TEST_CASE("recursion through parallel regions ends, with the most demanding word",
          "[thread-level]") {
  // f opens a parallel region and calls itself inside a single of it; it
  // makes a point-to-point call in that single.
  std::map<unsigned, LevelSummaryInput> unit;
  unit[7].direct = {{"PS", false, 0}};
  unit[7].calls = {{"PS", 7}};
  auto reached = reached_mpi_calls(unit);
  std::set<std::string> words = spelled(reached[7]);
  CHECK(words.count("PS/p"));
  CHECK(words.count("PSPS/p"));
  CHECK(words.count("PP/p")); // cut: deeper than kMaxReachedLetters
  for (const ReachedMpiCall &c : reached[7])
    CHECK(c.letters.size() <= kMaxReachedLetters);
}

TEST_CASE("a relative word leaves out the context and the barriers", "[thread-level]") {
  ParallelismWord word{{Letter::Parallel, -1}, {Letter::Barrier, 3}, {Letter::Single, 4},
                       {Letter::Parallel, 5}, {Letter::Master, 6}};
  CHECK(relative_letters(word) == "SPM");
}

TEST_CASE("a call to a function passing a barrier orders regions like a barrier",
          "[thread-level]") {
  // parallel (2), master (3) MPI_Bcast (4) end (5), call sync_team (6),
  // masked (7) MPI_Allreduce (8) end (9), end of parallel (10).
  OmpFigure f(10);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenMaster).step(5, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::OpenMasked).step(9, OmpStep::CloseMonothreaded)
      .step(10, OmpStep::CloseParallel)
      .collective(4).collective(8);
  WordResult w = f.words();
  // masked: one thread, maybe not the main one (S), never two at once.
  CHECK(spell(w.words[8]) == "PS");
  CHECK(required_level(w.words[8]) == ThreadLevel::Serialized);
  std::set<std::pair<NodeId, NodeId>> unordered = {{4, 8}};
  CHECK(f.concurrent(w) == unordered);
  CHECK(f.concurrent(w, {6}).empty());
}

TEST_CASE("a branch one thread other than the main one takes (tid == nthreads - 1)",
          "[thread-level]") {
  // parallel (2), thread-0 test (3) MPI_Bcast (4) end (5), test of
  // `tid == nthreads - 1' (6) MPI_Allreduce (7) end (8), a second pass
  // of the same test (9) MPI_Reduce (10) end (11), end of parallel (12).
  OmpFigure f(12);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenThreadZero).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::OpenOneThread).step(8, OmpStep::CloseMonothreaded)
      .step(9, OmpStep::OpenOneThread).step(11, OmpStep::CloseMonothreaded)
      .step(12, OmpStep::CloseParallel)
      .collective(4).collective(7).collective(10);
  WordResult w = f.words();
  // One thread, maybe not the main one: SERIALIZED, like masked.
  CHECK(spell(w.words[7]) == "PS");
  CHECK(required_level(w.words[7]) == ThreadLevel::Serialized);
  CHECK(required_level(w.words[4]) == ThreadLevel::Funneled);
  // Never two threads at once in one such branch, but thread 0's branch
  // and the others may run together, and two different tests may let in
  // two different threads.
  std::set<std::pair<NodeId, NodeId>> unordered = {{4, 7}, {4, 10}, {7, 10}};
  CHECK(f.concurrent(w) == unordered);
  // Inside a single region it adds nothing (already one thread).
  OmpFigure g(7);
  g.path({0, 1, 2, 3, 4, 5, 6, 7, 8})
      .step(2, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenSingle).step(4, OmpStep::OpenOneThread)
      .step(6, OmpStep::CloseMonothreaded).step(7, OmpStep::CloseParallel)
      .collective(5);
  CHECK(spell(g.words().words[5]) == "PS");
}

TEST_CASE("functions passing a barrier on every path, through calls, recursion aside",
          "[thread-level]") {
  // Each function: entry 0, exit 1, nodes from 2.
  auto graph = [](std::initializer_list<std::pair<NodeId, NodeId>> edges, int nodes) {
    Graph g;
    for (int i = 0; i < nodes; ++i)
      g.add_node();
    g.entry = 0;
    g.exit = 1;
    for (const auto &e : edges)
      g.add_edge(e.first, e.second);
    return g;
  };
  std::map<unsigned, BarrierPaths> unit;
  // 1: a barrier on the only path.
  unit[1].cfg = graph({{0, 2}, {2, 1}}, 3);
  unit[1].barriers = {2};
  // 2: a barrier on one branch only.
  unit[2].cfg = graph({{0, 2}, {0, 3}, {2, 1}, {3, 1}}, 4);
  unit[2].barriers = {2};
  // 3: calls 1 on every path.
  unit[3].cfg = graph({{0, 2}, {2, 1}}, 3);
  unit[3].calls = {{2, 1}};
  // 4: calls 2 (not always a barrier).
  unit[4].cfg = graph({{0, 2}, {2, 1}}, 3);
  unit[4].calls = {{2, 2}};
  // 5: calls itself and nothing else: proves nothing.
  unit[5].cfg = graph({{0, 2}, {2, 1}}, 3);
  unit[5].calls = {{2, 5}};
  // 6: calls itself on one branch, 1 on the other... and 1 afterwards.
  unit[6].cfg = graph({{0, 2}, {0, 3}, {2, 4}, {3, 4}, {4, 1}}, 5);
  unit[6].calls = {{2, 6}, {4, 1}};
  CHECK(functions_passing_barrier(unit) == std::set<unsigned>{1, 3, 6});
}

TEST_CASE("a task is concurrent with what its creator runs after creating it",
          "[thread-level]") {
  // parallel (1), single (2), MPI_Barrier (3), task (4) MPI_Bcast (5)
  // end (6), MPI_Allreduce (7), end of single (8), its barrier (9), end of
  // parallel (10).
  OmpFigure f(10);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenSingle)
      .step(4, OmpStep::OpenTask).step(6, OmpStep::CloseMonothreaded)
      .step(8, OmpStep::CloseMonothreaded)
      .step(9, OmpStep::Barrier)
      .step(10, OmpStep::CloseParallel)
      .collective(3).collective(5).collective(7);
  // The barrier before the task was created is not concurrent with it.
  std::set<std::pair<NodeId, NodeId>> expected = {{5, 7}};
  CHECK(f.concurrent(f.words()) == expected);

  // A single nowait creating the task, then another single: the task may
  // still run when another thread enters the second single; the single's
  // own implicit barrier orders nothing here.
  OmpFigure g(11);
  g.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::OpenSingle).step(9, OmpStep::CloseMonothreaded)
      .step(10, OmpStep::Barrier)
      .step(11, OmpStep::CloseParallel)
      .collective(4).collective(8);
  std::set<std::pair<NodeId, NodeId>> unordered = {{4, 8}};
  CHECK(g.concurrent(g.words()) == unordered);
  // With a barrier after the first single, the task is done by then.
  OmpFigure h(12);
  h.path({0, 1, 2, 3, 4, 5, 6, 12, 7, 8, 9, 10, 11, 13})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::CloseMonothreaded)
      .step(12, OmpStep::Barrier)
      .step(7, OmpStep::OpenSingle).step(9, OmpStep::CloseMonothreaded)
      .step(10, OmpStep::Barrier)
      .step(11, OmpStep::CloseParallel)
      .collective(4).collective(8);
  CHECK(h.concurrent(h.words()).empty());
}

TEST_CASE("the creator's taskwait ends a task's concurrency", "[thread-level]") {
  // parallel (1), single (2), task (3) MPI_Bcast (4) end (5), taskwait
  // (6), MPI_Allreduce (7), task (8) MPI_Reduce (9) end (10), end of
  // single (11), its barrier (12), end of parallel (13).
  OmpFigure f(13);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::TaskWait)
      .step(8, OmpStep::OpenTask).step(10, OmpStep::CloseMonothreaded)
      .step(11, OmpStep::CloseMonothreaded)
      .step(12, OmpStep::Barrier)
      .step(13, OmpStep::CloseParallel)
      .collective(4).collective(7).collective(9);
  CHECK(f.concurrent(f.words()).empty());
  // Without the taskwait, the first task runs beside the rest of the
  // single, the second task included.
  f.step(6, OmpStep::None);
  std::set<std::pair<NodeId, NodeId>> expected = {{4, 7}, {4, 9}};
  CHECK(f.concurrent(f.words()) == expected);
}

TEST_CASE("a taskwait inside a task does not order the task with its creator",
          "[thread-level]") {
  // parallel (1), single (2), task (3) taskwait (4) MPI_Bcast (5) end (6),
  // MPI_Allreduce (7), end of single (8), barrier (9), end of parallel (10).
  OmpFigure f(10);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(4, OmpStep::TaskWait)
      .step(6, OmpStep::CloseMonothreaded)
      .step(8, OmpStep::CloseMonothreaded)
      .step(9, OmpStep::Barrier)
      .step(10, OmpStep::CloseParallel)
      .collective(5).collective(7);
  std::set<std::pair<NodeId, NodeId>> expected = {{5, 7}};
  CHECK(f.concurrent(f.words()) == expected);
}

TEST_CASE("callers of functions with a property, through the call graph",
          "[thread-level]") {
  // 1 calls 2, 2 calls 3, 4 calls 4 (recursion), 5 calls 4; 3 has it.
  std::map<unsigned, std::vector<unsigned>> calls = {{1, {2}}, {2, {3}}, {4, {4}}, {5, {4}}};
  CHECK(callers_closure({3}, calls) == std::set<unsigned>{1, 2, 3});
  // Recursion alone proves nothing; a function with it is found.
  CHECK(callers_closure({}, calls).empty());
  CHECK(callers_closure({4}, calls) == std::set<unsigned>{4, 5});
}

// ---------------------------------------------------------------------------
// What orders or separates calls besides barriers (issue 14), and OpenMP
// 5.1's nesting rules (section 2.22).
// ---------------------------------------------------------------------------

TEST_CASE("OpenMP 5.1 nesting: what may be closely nested in what", "[thread-level]") {
  using S = OmpStep;
  // A worksharing construct or a barrier: not in worksharing, task,
  // critical, ordered, masked/master regions.
  for (S inner : {S::OpenWorksharing, S::OpenSingle, S::Barrier}) {
    for (S outer : {S::OpenSingle, S::OpenSection, S::OpenTask, S::OpenCritical, S::OpenOrdered,
                    S::OpenMaster, S::OpenMasked})
      CHECK_FALSE(nesting_allowed(inner, {outer}));
    CHECK(nesting_allowed(inner, {}));
  }
  // masked/master: not in worksharing or task regions; fine in masked,
  // master, critical and ordered regions.
  for (S inner : {S::OpenMaster, S::OpenMasked}) {
    for (S outer : {S::OpenSingle, S::OpenSection, S::OpenTask})
      CHECK_FALSE(nesting_allowed(inner, {outer}));
    for (S outer : {S::OpenMasked, S::OpenMaster, S::OpenCritical, S::OpenOrdered})
      CHECK(nesting_allowed(inner, {outer}));
    // Closely nested in a task through a masked region: still forbidden.
    CHECK_FALSE(nesting_allowed(inner, {S::OpenTask, S::OpenMasked}));
  }
  // ordered: not in critical, ordered or task regions.
  for (S outer : {S::OpenCritical, S::OpenOrdered, S::OpenTask})
    CHECK_FALSE(nesting_allowed(S::OpenOrdered, {outer}));
  CHECK(nesting_allowed(S::OpenOrdered, {S::OpenMaster}));
  // Regions allowed anywhere among those modelled.
  for (S inner : {S::OpenParallel, S::OpenTask, S::OpenTarget, S::OpenCritical,
                  S::OpenTaskgroup})
    for (S outer : {S::OpenSingle, S::OpenTask, S::OpenCritical, S::OpenMaster})
      CHECK(nesting_allowed(inner, {outer}));
}

TEST_CASE("masked inside masked, target inside task: valid nestings are not reported",
          "[thread-level]") {
  // parallel (1), masked (2), masked (3) MPI_Bcast (4) end (5) end (6),
  // end of parallel (7).
  OmpFigure f(7);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenMasked).step(3, OmpStep::OpenMasked)
      .step(5, OmpStep::CloseMonothreaded).step(6, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::CloseParallel)
      .collective(4);
  WordResult w = f.words();
  CHECK(w.invalid_nestings.empty());
  CHECK(spell(w.words[4]) == "PSS");
  CHECK(w.words[7].empty());
  // parallel (1), single (2), task (3), target (4), barrier (5), for (6),
  // its barrier (7), end of target (8), end of task (9), end of single
  // (10), barrier (11), end of parallel (12).  The barrier and the loop
  // bind to the target region's own implicit parallel region.
  OmpFigure g(12);
  g.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(4, OmpStep::OpenTarget)
      .step(5, OmpStep::Barrier).step(6, OmpStep::OpenWorksharing).step(7, OmpStep::Barrier)
      .step(8, OmpStep::CloseMonothreaded).step(9, OmpStep::CloseMonothreaded)
      .step(10, OmpStep::CloseMonothreaded).step(11, OmpStep::Barrier)
      .step(12, OmpStep::CloseParallel);
  WordResult v = g.words();
  CHECK(v.invalid_nestings.empty());
  CHECK(spell(v.words[7]) == "PSST"); // no barrier of the outer team
  CHECK(spell(v.words[9]) == "PS");
  CHECK(spell(v.words[11]) == "PB");
  // Without the target, the barrier (5) in the task is forbidden.
  g.step(4, OmpStep::None).step(8, OmpStep::None);
  CHECK(g.words().invalid_nestings == std::vector<NodeId>{5, 6, 7});
}

TEST_CASE("a thread test `omp_get_thread_num () == 0' is a master region",
          "[thread-level]") {
  // parallel (1), barrier (2), thread test (3) MPI_Allreduce (4) end (5),
  // barrier (6), thread test (7) MPI_Bcast (8) end (9), end of parallel
  // (10).  FUNNELED, monothreaded, and the two never concurrent (thread 0
  // runs both), even without the barrier between them.
  OmpFigure f(10);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::Barrier)
      .step(3, OmpStep::OpenThreadZero).step(5, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::OpenThreadZero).step(9, OmpStep::CloseMonothreaded)
      .step(10, OmpStep::CloseParallel)
      .collective(4).collective(8);
  WordResult w = f.words();
  CHECK(spell(w.words[4]) == "PBM");
  CHECK(required_level(w.words[4]) == ThreadLevel::Funneled);
  CHECK(is_monothreaded(w.words[8]));
  CHECK(f.concurrent(w).empty());
  // Inside a single region it adds nothing (the single's thread may not be
  // thread 0, and the single is what orders the call): no forbidden
  // nesting, the word stays PS, and the test's end pops nothing.
  OmpFigure g(7);
  g.path({0, 1, 2, 3, 4, 5, 6, 7, 8})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenThreadZero).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::CloseMonothreaded).step(7, OmpStep::CloseParallel)
      .opener(5, 3).opener(6, 2).opener(7, 1)
      .collective(4);
  WordResult v = g.words();
  CHECK(v.invalid_nestings.empty());
  CHECK(spell(v.words[4]) == "PS");
  CHECK(spell(v.words[5]) == "PS");
  CHECK(v.words[7].empty());
  CHECK(required_level(v.words[4]) == ThreadLevel::Serialized);
}

namespace {

// parallel (1), then two monothreaded regions opened at 2 and 5 around the
// collectives 3 and 6 (ends 4 and 7), with no barrier between them; 8 ends
// the parallel region.
OmpFigure two_regions(OmpStep first, OmpStep second) {
  OmpFigure f(8);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
      .step(1, OmpStep::OpenParallel)
      .step(2, first).step(4, OmpStep::CloseMonothreaded)
      .step(5, second).step(7, OmpStep::CloseMonothreaded)
      .step(8, OmpStep::CloseParallel)
      .collective(3).collective(6);
  return f;
}

} // namespace

TEST_CASE("critical regions of one name, ordered regions of one loop exclude each other",
          "[thread-level]") {
  std::set<std::pair<NodeId, NodeId>> both = {{3, 6}};
  // Two critical regions every thread runs: one name, never at once; a
  // critical region is not concurrent with itself either.
  OmpFigure f = two_regions(OmpStep::OpenCritical, OmpStep::OpenCritical);
  f.exclusion(2, 0).exclusion(5, 0);
  WordResult w = f.words();
  CHECK(spell(w.words[3]) == "PS");
  CHECK(required_level(w.words[3]) == ThreadLevel::Serialized);
  CHECK(f.concurrent(w).empty());
  // Two names: concurrent.
  f.exclusion(5, 1);
  CHECK(f.concurrent(f.words()) == both);
  // A critical region and a single nowait: concurrent.
  OmpFigure g = two_regions(OmpStep::OpenSingle, OmpStep::OpenCritical);
  g.exclusion(5, 0);
  CHECK(g.concurrent(g.words()) == both);
  // The ordered region of a loop, met again in the next iteration (maybe
  // by another thread): with the loop's exclusion number, never at once.
  OmpFigure loop(7);
  loop.path({0, 1, 2, 3, 4, 5, 2}).path({2, 6, 7, 8})
      .step(1, OmpStep::OpenParallel)
      .step(3, OmpStep::OpenOrdered).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::Barrier).step(7, OmpStep::CloseParallel)
      .collective(4);
  CHECK(loop.words().invalid_nestings.empty());
  CHECK(loop.concurrent(loop.words()) == std::set<std::pair<NodeId, NodeId>>{{4, 4}});
  loop.exclusion(3, 7);
  CHECK(loop.concurrent(loop.words()).empty());
}

TEST_CASE("collectives on communicators that may differ are not paired", "[thread-level]") {
  OmpFigure f = two_regions(OmpStep::OpenSingle, OmpStep::OpenSingle);
  std::set<std::pair<NodeId, NodeId>> both = {{3, 6}};
  f.communicator(3, "c:world").communicator(6, "c:world");
  CHECK(f.concurrent(f.words()) == both);
  f.communicator(6, "v:right");
  CHECK(f.concurrent(f.words()).empty());
  // Unknown: silent; a call to a function of the unit (""): may be any.
  f.communicator(6, "?6");
  CHECK(f.concurrent(f.words()).empty());
  f.communicator(6, "");
  CHECK(f.concurrent(f.words()) == both);
  CHECK(may_share_communicator("v:a", "v:a"));
  CHECK_FALSE(may_share_communicator("?1", "?1"));
  CHECK_FALSE(may_share_communicator("v:a", "v:b"));
}

namespace {

// parallel (1), single (2), task (3) MPI_Bcast (4) end (5), task (6)
// MPI_Allreduce (7) end (8), end of single (9), its barrier (10), end of
// parallel (11).
OmpFigure two_tasks() {
  OmpFigure f(11);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::OpenTask).step(8, OmpStep::CloseMonothreaded)
      .step(9, OmpStep::CloseMonothreaded).step(10, OmpStep::Barrier)
      .step(11, OmpStep::CloseParallel)
      .opener(5, 3).opener(8, 6).opener(9, 2).opener(10, 2)
      .collective(4).collective(7);
  return f;
}

} // namespace

TEST_CASE("task dependences order sibling tasks", "[thread-level]") {
  using D = DependType;
  std::set<std::pair<NodeId, NodeId>> both = {{4, 7}};
  OmpFigure f = two_tasks();
  CHECK(f.concurrent(f.words()) == both);
  // depend(out: x) then depend(in: x): the second waits for the first.
  f.depend(3, {{0, D::Out}}).depend(6, {{0, D::In}});
  CHECK(f.concurrent(f.words()).empty());
  // in then inout (the later one writes what the earlier reads): ordered.
  f.depend(3, {{0, D::In}}).depend(6, {{0, D::Out}});
  CHECK(f.concurrent(f.words()).empty());
  // in and in, or two different items, or an item the adapter cannot name:
  // not ordered.
  f.depend(3, {{0, D::In}}).depend(6, {{0, D::In}});
  CHECK(f.concurrent(f.words()) == both);
  f.depend(3, {{0, D::Out}}).depend(6, {{1, D::In}});
  CHECK(f.concurrent(f.words()) == both);
  f.depend(3, {{-1, D::Out}}).depend(6, {{-1, D::In}});
  CHECK(f.concurrent(f.words()) == both);
  CHECK(dependences_order({{2, D::MutexInOutSet}}, {{2, D::MutexInOutSet}}));
  CHECK_FALSE(dependences_order({{2, D::InOutSet}}, {{2, D::InOutSet}}));
  CHECK(dependences_order({{2, D::InOutSet}}, {{2, D::In}}));
}

TEST_CASE("dependences order tasks of one creating region instance only",
          "[thread-level]") {
  using D = DependType;
  // The same two tasks created directly in the parallel region: every
  // thread creates both, and another thread's first task does not wait
  // for this thread's... so the dependence orders nothing across threads.
  OmpFigure f(9);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
      .step(1, OmpStep::OpenParallel)
      .step(2, OmpStep::OpenTask).step(4, OmpStep::CloseMonothreaded)
      .step(5, OmpStep::OpenTask).step(7, OmpStep::CloseMonothreaded)
      .step(8, OmpStep::Barrier).step(9, OmpStep::CloseParallel)
      .opener(4, 2).opener(7, 5)
      .depend(2, {{0, D::Out}}).depend(5, {{0, D::In}})
      .collective(3).collective(6);
  CHECK(f.concurrent(f.words()).count({3, 6}) == 1);
  // A single nowait in a loop creating them: the next round's single may
  // be another thread's, whose tasks are no siblings of these.
  OmpFigure g = two_tasks();
  g.depend(3, {{0, D::Out}}).depend(6, {{0, D::In}});
  g.path({9, 2}).step(10, OmpStep::None); // back to the single, no barrier
  CHECK(g.concurrent(g.words()).count({4, 7}) == 1);
}

TEST_CASE("a task nested in a task runs after what its parent ran before creating it",
          "[thread-level]") {
  // parallel (1), single (2), task A (3) MPI_Barrier (4), task B (5)
  // MPI_Allreduce (6) end (7), node 8, taskwait (9), end of A (10), end of
  // single (11), its barrier (12), end of parallel (13).  B is created
  // after A's barrier: whichever thread runs B, A's barrier is over.
  OmpFigure f(13);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::OpenTask)
      .step(7, OmpStep::CloseMonothreaded).step(9, OmpStep::TaskWait)
      .step(10, OmpStep::CloseMonothreaded).step(11, OmpStep::CloseMonothreaded)
      .step(12, OmpStep::Barrier).step(13, OmpStep::CloseParallel)
      .opener(7, 5).opener(10, 3).opener(11, 2).opener(12, 2)
      .collective(4).collective(6);
  CHECK(f.concurrent(f.words()).empty());
  // A collective of A after creating B, before the taskwait: B may run
  // meanwhile on another thread.
  f.collective(8);
  CHECK(f.concurrent(f.words()) == std::set<std::pair<NodeId, NodeId>>{{6, 8}});
  // A created in a loop of the single: another instance of A (another
  // thread) may run its barrier while this B runs.
  OmpFigure g = f;
  g.path({10, 3});
  CHECK(g.concurrent(g.words()).count({4, 6}) == 1);
}

TEST_CASE("dependences on one item order the instances of a task created in a loop",
          "[thread-level]") {
  using D = DependType;
  // parallel (1), single (2), loop head (3), task (4) MPI_Allreduce (5)
  // end (6) back to 3; end of single (7), its barrier (8), end of parallel
  // (9).
  auto loop_of_tasks = [](std::vector<TaskDependence> clauses) {
    OmpFigure f(9);
    f.path({0, 1, 2, 3, 4, 5, 6, 3, 7, 8, 9, 10})
        .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
        .step(4, OmpStep::OpenTask).step(6, OmpStep::CloseMonothreaded)
        .step(7, OmpStep::CloseMonothreaded).step(8, OmpStep::Barrier)
        .step(9, OmpStep::CloseParallel)
        .opener(6, 4).opener(7, 2).opener(8, 2)
        .depend(4, std::move(clauses))
        .collective(5);
    return f;
  };
  std::set<std::pair<NodeId, NodeId>> itself = {{5, 5}};
  OmpFigure plain = loop_of_tasks({});
  CHECK(plain.concurrent(plain.words()) == itself);
  // depend(inout: x), x a variable: each instance waits for the previous.
  OmpFigure ordered = loop_of_tasks({{0, D::Out, true}});
  CHECK(ordered.concurrent(ordered.words()).empty());
  // Not ordered: `in' only, `mutexinoutset' (any order), an item whose
  // storage may change between rounds (*p, a[i]), an unnamed item.
  for (const TaskDependence &clause : std::vector<TaskDependence>{
           {0, D::In, true}, {0, D::MutexInOutSet, true}, {0, D::InOutSet, true},
           {0, D::Out, false}, {-1, D::Out, true}}) {
    OmpFigure f = loop_of_tasks({clause});
    CHECK(f.concurrent(f.words()) == itself);
  }
  // A single nowait met again in an outer loop: the next round's single
  // may be another thread's, whose tasks do not wait for these.
  OmpFigure again = loop_of_tasks({{0, D::Out, true}});
  again.step(8, OmpStep::None).path({8, 2});
  CHECK(again.concurrent(again.words()) == itself);
  // Tasks every thread of the team creates: not siblings of each other.
  OmpFigure every(7);
  every.path({0, 1, 2, 3, 4, 5, 2, 6, 7, 8})
      .step(1, OmpStep::OpenParallel).step(3, OmpStep::OpenTask)
      .step(5, OmpStep::CloseMonothreaded).step(6, OmpStep::Barrier)
      .step(7, OmpStep::CloseParallel).opener(5, 3)
      .depend(3, {{0, D::Out, true}})
      .collective(4);
  CHECK(every.concurrent(every.words()) == std::set<std::pair<NodeId, NodeId>>{{4, 4}});
  CHECK(dependences_order_instances({{3, D::Out, true}}));
  CHECK(dependences_order_instances({{1, D::In, true}, {3, D::Out, true}}));
  CHECK_FALSE(dependences_order_instances({{3, D::Out, false}}));
  CHECK_FALSE(dependences_order_instances({{3, D::MutexInOutSet, true}}));
  CHECK_FALSE(dependences_order_instances({}));
}

TEST_CASE("the end of a taskgroup waits for the tasks created in it", "[thread-level]") {
  // parallel (1), single (2), taskgroup (3), task (4) MPI_Bcast (5) end
  // (6), end of taskgroup (7), MPI_Allreduce (8), end of single (9), its
  // barrier (10), end of parallel (11).
  OmpFigure f(11);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTaskgroup)
      .step(4, OmpStep::OpenTask).step(6, OmpStep::CloseMonothreaded)
      .step(7, OmpStep::CloseTaskgroup)
      .step(9, OmpStep::CloseMonothreaded).step(10, OmpStep::Barrier)
      .step(11, OmpStep::CloseParallel)
      .opener(6, 4).opener(7, 3).opener(9, 2).opener(10, 2)
      .collective(5).collective(8);
  CHECK(f.concurrent(f.words()).empty());
  // A task created before the taskgroup is not waited for at its end.
  OmpFigure g(12);
  g.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::OpenTaskgroup).step(7, OmpStep::CloseTaskgroup)
      .step(9, OmpStep::CloseMonothreaded).step(10, OmpStep::Barrier)
      .step(11, OmpStep::CloseParallel)
      .opener(5, 3).opener(7, 6).opener(9, 2).opener(10, 2)
      .collective(4).collective(8);
  CHECK(g.concurrent(g.words()) == std::set<std::pair<NodeId, NodeId>>{{4, 8}});
}

TEST_CASE("dependences order tasks through a chain of siblings created between them",
          "[thread-level]") {
  using D = DependType;
  // parallel (1), single (2), task (3) MPI_Bcast (4) end (5), task (6)
  // end (7), task (8) MPI_Allreduce (9) end (10), end of single (11),
  // barrier (12), end of parallel (13).  3 writes x, 6 reads x and writes
  // y, 8 reads y: 8 waits for 6, which waits for 3.
  OmpFigure f(13);
  f.path({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
      .step(1, OmpStep::OpenParallel).step(2, OmpStep::OpenSingle)
      .step(3, OmpStep::OpenTask).step(5, OmpStep::CloseMonothreaded)
      .step(6, OmpStep::OpenTask).step(7, OmpStep::CloseMonothreaded)
      .step(8, OmpStep::OpenTask).step(10, OmpStep::CloseMonothreaded)
      .step(11, OmpStep::CloseMonothreaded).step(12, OmpStep::Barrier)
      .step(13, OmpStep::CloseParallel)
      .opener(5, 3).opener(7, 6).opener(10, 8).opener(11, 2).opener(12, 2)
      .depend(3, {{0, D::Out}}).depend(6, {{0, D::In}, {1, D::Out}}).depend(8, {{1, D::In}})
      .collective(4).collective(9);
  CHECK(f.concurrent(f.words()).empty());
  // If the middle task may be skipped, the chain does not hold.
  f.path({5, 8});
  CHECK(f.concurrent(f.words()) == std::set<std::pair<NodeId, NodeId>>{{4, 9}});
}
