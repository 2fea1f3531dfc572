// MPI thread levels in MPI+OpenMP code (thesis chapter 2 and 4.1.2), on a
// GCC-free model of one function: the augmented CFG (Algorithm 1) where
// every OpenMP step (a directive opening or closing a region, a barrier)
// and every MPI call has a node of its own.
//
//  * Parallelism words (Algorithms 2-3): the OpenMP regions around a node
//    and the barriers met since they opened: P (parallel, teams),
//    S (single, section, task), M (master, masked), B (barrier).
//  * Languages (Algorithms 4-9, automata of figures 2.5 and 4.4): the
//    lowest MPI_THREAD_* level under which an MPI call with a given word
//    is allowed, and whether the word is monothreaded (Lemma 4).
//  * Concurrent monothreaded regions (Lemma 5, Algorithm 7), with what
//    else orders or separates them: critical regions and locks, ordered
//    regions, task dependences, taskwait and taskgroup, communicators.
//  * OpenMP 5.1's restrictions on the nesting of regions.
#ifndef PARCOACH_CORE_PARALLELISM_WORDS_H
#define PARCOACH_CORE_PARALLELISM_WORDS_H

#include "graph.h"
#include "plugin_options.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace parcoach {

// T (target) starts a new binding context: the constructs inside a target
// region bind to its own implicit parallel region, not to the team around
// it.  Like B, it changes no thread level: one thread, the encountering
// one, runs the target region (or a device does).
enum class Letter : char {
  Parallel = 'P', Single = 'S', Master = 'M', Barrier = 'B', Target = 'T'
};

struct WordLetter {
  Letter letter;
  // The node of the directive (or barrier) that wrote the letter; -1 for
  // the letters of the calling context.
  NodeId directive;
  bool operator==(const WordLetter &other) const {
    return letter == other.letter && directive == other.directive;
  }
};

using ParallelismWord = std::vector<WordLetter>;

// The letters only: "PBS".
std::string spell(const ParallelismWord &word);

// The prefix of every word of a function called in `context'.
ParallelismWord context_word(CallContext context);

// What a node of the augmented CFG does to the parallelism word.
enum class OmpStep {
  None,
  OpenParallel,      // parallel, teams: push P
  OpenSingle,        // single: push S
  OpenSection,       // section: push S (each runs once per sections)
  OpenTask,          // task: push S (a task may also start inside S or M)
  OpenMaster,        // master: push M
  OpenMasked,        // masked: push S (its one thread may not be the main
                     // one), but like master it is never run by two
                     // threads at once
  OpenThreadZero,    // the branch of `omp_get_thread_num () == 0': push M,
                     // like master (not a construct: no nesting rule);
                     // nothing inside a single, section, task, master...
                     // region, which already has one thread
  OpenOneThread,     // the branch of `tid == 1', `tid == nthreads - 1':
                     // push S (one thread, maybe not the main one), like
                     // a thread-0 branch otherwise
  OpenCritical,      // critical, or code holding an OpenMP lock: push S
                     // (one thread at a time, any thread)
  OpenOrdered,       // ordered of a worksharing loop: push S
  OpenTarget,        // target: push T
  OpenTaskgroup,     // taskgroup: no letter
  OpenWorksharing,   // for, sections: no letter (every thread takes part)
  Barrier,           // explicit barrier, implicit barrier of a worksharing end
  TaskWait,          // taskwait: no letter; the tasks this code created are done
  CloseTaskgroup,    // end of a taskgroup: the tasks created in it are done
  CloseParallel,     // end of a parallel region: pop up to its P
  CloseMonothreaded  // end of a single, section, task, master, critical,
                     // ordered, target, thread test: pop its letter
};

// A depend clause of a task: the item (a number the adapter gives to each
// storage location it can name, -1 for one it cannot) and its type.
// `fixed_storage': the item is a variable (or a field or constant element
// of one) named directly, so every time the directive runs in one call of
// the function the clause names the same storage (not `*p' or `a[i]',
// whose storage may change from one loop round to the next).
enum class DependType { In, Out, MutexInOutSet, InOutSet }; // Out: out and inout
struct TaskDependence {
  int item;
  DependType type;
  bool fixed_storage = false;
};

// Whether two sibling tasks with these clauses run one after the other (in
// their creation order) or at least never at the same time: they share an
// item, and not both as `in' (or both as `inoutset').
bool dependences_order(const std::vector<TaskDependence> &a, const std::vector<TaskDependence> &b);

// Whether the instances of one task directive that one thread creates one
// after the other (a task in a loop of a single region) run one after the
// other, in their creation order: a clause `out' or `inout' on an item of
// fixed storage makes each instance depend on the previous one (OpenMP
// 5.1, 2.19.11).  Not `mutexinoutset' (never at the same time, but in any
// order, which may differ between processes) nor `in' or `inoutset'.
bool dependences_order_instances(const std::vector<TaskDependence> &clauses);

struct ThreadModel {
  Graph cfg;
  std::vector<OmpStep> steps; // by node
  std::vector<bool> mpi_call; // by node: the node is an MPI call
  std::vector<bool> collective; // by node: that call is an MPI collective
  // By node, for region ends and implicit barriers: the node of the
  // directive whose region they end (-1: unknown, or not an end).  The
  // end of a directive that was itself invalid changes nothing.
  std::vector<NodeId> opener;
  // By node, for the directives of regions that exclude each other: the
  // same number (>= 0) for regions no two threads run at once (critical
  // regions of one name, ordered regions of one loop, code holding one
  // lock); -1 otherwise.
  std::vector<int> exclusion;
  // By task directive: its depend clauses.
  std::map<NodeId, std::vector<TaskDependence>> dependences;
  // By MPI call node: the communicator it uses, as the adapter names it.
  // Two names that are equal and do not start with '?' are the same
  // communicator; "" (a call to a function of the unit, whose collectives'
  // communicators are not known) may be any; a name starting with '?' is
  // unknown and taken as different from every other, itself included.
  std::vector<std::string> communicator;
  NodeId add_node(OmpStep step = OmpStep::None, NodeId opened_by = -1);
};

// Two calls may use the same communicator (see ThreadModel::communicator).
bool may_share_communicator(const std::string &a, const std::string &b);

struct WordResult {
  // By node: its word, after its own step (Algorithm 3); empty for nodes
  // the entry does not reach.
  std::vector<ParallelismWord> words;
  std::vector<bool> reached;
  // Nodes whose step OpenMP 5.1 forbids where they are (section 2.22,
  // "Nesting of Regions"; nesting_allowed), and region ends with no region
  // open: the thesis' "invalid state".  Their word is left as it was
  // before the step.
  std::vector<NodeId> invalid_nestings;
};

// OpenMP 5.1's nesting restrictions (section 2.22) on the steps modelled
// here: `step' closely nested in the regions `enclosing' (those up to the
// nearest parallel or target region, which ends close nesting; thread
// tests left out, as they are no constructs).  A worksharing construct
// (for, sections, single) and a barrier may not be closely nested inside
// a worksharing, task, critical, ordered or masked/master region; a
// masked/master region not inside a worksharing or task region; an
// ordered region not inside a critical, ordered or task region.
// Everything else is allowed among the steps modelled (loop, taskloop,
// atomic and simd regions are not; nor is a critical region inside one of
// the same name, a deadlock rather than a question of thread levels).
bool nesting_allowed(OmpStep step, const std::vector<OmpStep> &enclosing);

// Algorithms 2-3: a depth-first walk from the entry, each node taking the
// word of the predecessor that reached it first (OpenMP nests regions
// perfectly, so the regions around a node do not depend on the path).
WordResult parallelism_words(const ThreadModel &model, const ParallelismWord &context);

// Lemma 4 (automaton of figure 4.4, L = (S|M|PB*S|PB*M)*): one thread at
// most runs a node with this word: every P is followed, barriers aside, by
// an S or an M.
bool is_monothreaded(const ParallelismWord &word);

// The lowest level under which an MPI call with this word complies
// (Algorithms 5, 6, 8, 9), leaving out the S and M letters before the
// first P (orphaned regions run by the initial thread): SINGLE for the
// empty word, FUNNELED when only
// the master thread of every team can run it (every P followed by an M and
// no S: the language (PB*M)*), SERIALIZED when it is monothreaded,
// MULTIPLE otherwise.  Concurrent monothreaded regions are not seen here
// (concurrent_calls).
ThreadLevel required_level(const ParallelismWord &word);

const char *level_name(ThreadLevel level); // "MPI_THREAD_SINGLE"...

// The directives (nodes) responsible for a word being outside the language
// of `allowed': for a multithreaded word, the parallel regions not
// followed by S or M (or, for the context's, the parallel region nested in
// it); otherwise the S letters (a single thread that may not
// be the main one) when `allowed' is FUNNELED, or every P, S and M letter
// when it is SINGLE.  Context letters are left out.
std::vector<NodeId> responsible_directives(const ParallelismWord &word, ThreadLevel allowed);

// Two MPI calls in monothreaded regions of the same team, that different
// threads may run at the same time.
struct ConcurrentCalls {
  NodeId first, second; // first <= second; equal for a region in a loop
  NodeId first_region, second_region; // the S/M directives (-1: context)
};

// Lemma 5 and Algorithm 7, on the graph: two monothreaded calls are
// concurrent when their innermost S/M regions belong to the same team
// (their words agree up to that letter, barriers aside) and a thread can go
// from one region's directive to the other's, or back to the same one
// (except a section, run once per sections construct), without passing a
// barrier of that team.  Two master regions of one team are never
// concurrent: the same thread runs both.  A task that every thread of a
// team creates (directly in the parallel region) is concurrent with
// itself, and a task with what its creator runs after creating it, until
// a barrier or the creator's taskwait (which also orders sibling tasks).  Regions met before any parallel region (orphaned constructs
// in a sequential context) run in the initial thread alone.  `nodes': the
// calls to consider, each monothreaded.  `passes_barrier' (by node, may
// be empty): calls to functions that pass
// a barrier of the calling team on every path (functions_passing_barrier),
// which order regions like a barrier written in place.
// What else orders or separates two regions: regions excluding each
// other (ThreadModel::exclusion: same critical name, ordered regions of
// one loop, one lock), sibling tasks whose dependences order them (created
// in the same instance of the same region, not by every thread), and so
// the successive instances of one task (dependences_order_instances), the
// end of a taskgroup for the tasks created inside it; a task's creation
// for the calls its creator made before it (a task nested in a task is
// concurrent only with what its parent runs after creating it); and two
// MPI calls on communicators that may differ are never paired.
std::vector<ConcurrentCalls> concurrent_calls(const ThreadModel &model, const WordResult &words,
                                              const std::vector<NodeId> &nodes,
                                              const std::vector<bool> &passes_barrier = {});

// Barriers in called functions (the thesis' Algorithm 18 idea applied to
// Lemma 5): a function's graph, its orphaned barriers (explicit or
// implicit, outside parallel regions of its own: they bind to the calling
// team) and its calls to functions of the unit.
struct BarrierPaths {
  Graph cfg;
  std::vector<NodeId> barriers;
  std::vector<std::pair<NodeId, unsigned>> calls; // (node, callee)
};

// The functions every path of which, from entry to exit, passes an
// orphaned barrier or a call to such a function.  The least fixpoint:
// recursion proves nothing by itself.
std::set<unsigned> functions_passing_barrier(const std::map<unsigned, BarrierPaths> &functions);

// Thread levels through calls (thesis section 5.3's summaries applied to
// chapter 2): a call to a function of the unit makes, at its own word, the
// MPI calls of that function; their words are the call's word followed by
// theirs, relative to the callee's entry.  The letters of such a relative
// word name no directive of the caller (directive -1).
struct ReachedMpiCall {
  std::string letters; // P, S and M only: barriers change no level
  bool collective = false;
  int origin = -1; // the direct MPI call it comes from (the input's number)
};

struct LevelSummaryInput {
  std::vector<ReachedMpiCall> direct;                  // the function's own MPI calls
  std::vector<std::pair<std::string, unsigned>> calls; // (relative letters, callee)
};

// Longer relative words are cut to "PP" (the most demanding word: several
// threads), so that recursion through parallel regions ends.
constexpr std::size_t kMaxReachedLetters = 8;

// By function: every MPI call it makes, directly or through the unit's
// functions it calls, as seen from its entry (one entry per distinct
// letters and collectivity, the first origin kept).  A fixpoint: recursion
// is fine.
std::map<unsigned, std::vector<ReachedMpiCall>>
reached_mpi_calls(const std::map<unsigned, LevelSummaryInput> &functions);

// The letters of a word without barriers and without the context's leading
// letters (directive -1): the word relative to the function's entry.
std::string relative_letters(const ParallelismWord &word);

// `word' followed by the letters of a callee's relative word.
ParallelismWord extend_word(const ParallelismWord &word, const std::string &letters);

// The word's region letters: P, S and M, without the barriers.
ParallelismWord without_barriers(const ParallelismWord &word);

// The team a monothreaded word's innermost S/M region belongs to: the
// letters before it, barriers removed.
ParallelismWord team_of(const ParallelismWord &word);

// The OpenMP team whose threads may run a node with this word: the word up
// to its innermost P, barriers removed (a task inside a single region runs
// on any thread of the team of the single).
ParallelismWord openmp_team(const ParallelismWord &word);

} // namespace parcoach

#endif
