#include "finding_kinds.h"

namespace parcoach {

namespace {

struct KindName {
  FindingKind kind;
  const char *name;
  // One sentence for the SARIF rule of the kind (its help text).
  const char *description;
};

const KindName kind_names[] = {
    {FindingKind::CollectiveMismatch, "collective-mismatch",
     "An MPI collective that not every process of its communicator may call, or may call "
     "in another order: the processes that do call it wait forever (deadlock)."},
    {FindingKind::OmpCollective, "omp-collective",
     "An OpenMP barrier or worksharing construct that not every thread of the team may "
     "reach, or may reach in another order: the team deadlocks."},
    {FindingKind::ThreadLevel, "thread-level",
     "An MPI call that the thread level the program requested (MPI_Init_thread) does not "
     "allow where it is made, for instance inside a parallel region under "
     "MPI_THREAD_FUNNELED."},
    {FindingKind::ConcurrentCollectives, "concurrent-collectives",
     "Two MPI collectives on one communicator that threads may run at the same time: the "
     "MPI standard requires collectives on a communicator to be ordered."},
    {FindingKind::CollectiveArguments, "collective-arguments",
     "An argument of an MPI collective that the standard requires to be the same on every "
     "process (root, operation, count and datatype) may differ between processes: the "
     "collective hangs, fails or computes garbage."},
    {FindingKind::Request, "request",
     "A nonblocking request (MPI_Isend, MPI_Irecv, MPI_Ibarrier...) that is never "
     "completed, whose handle is overwritten or lost while it is active, or whose buffer "
     "is accessed before it completes."},
    {FindingKind::Rma, "rma",
     "A one-sided (RMA) operation outside any access epoch of its window, or an epoch "
     "(lock, lock_all, start, post) still open when the window is freed or MPI_Finalize "
     "runs."},
    {FindingKind::Internal, "internal",
     "PARCOACH could not analyse a function and left it unchecked."},
    {FindingKind::Report, "report", "PARCOACH could not write its report."},
};

} // namespace

const std::vector<FindingKind> &all_finding_kinds() {
  static const std::vector<FindingKind> kinds = [] {
    std::vector<FindingKind> all;
    for (const KindName &entry : kind_names)
      all.push_back(entry.kind);
    return all;
  }();
  return kinds;
}

const char *finding_kind_name(FindingKind kind) {
  for (const KindName &entry : kind_names)
    if (entry.kind == kind)
      return entry.name;
  return "unknown";
}

const char *finding_kind_description(FindingKind kind) {
  for (const KindName &entry : kind_names)
    if (entry.kind == kind && entry.description)
      return entry.description;
  return finding_kind_name(kind);
}

bool finding_kind_named(const std::string &name, FindingKind &kind) {
  for (const KindName &entry : kind_names)
    if (name == entry.name) {
      kind = entry.kind;
      return true;
    }
  return false;
}

std::string finding_kind_names() {
  std::string names;
  for (const KindName &entry : kind_names)
    names += std::string(names.empty() ? "" : ", ") + entry.name;
  return names;
}

KindSeverities::KindSeverities() : by_kind_(all_finding_kinds().size(), Severity::Warning) {}

Severity KindSeverities::of(FindingKind kind) const {
  return by_kind_[static_cast<std::size_t>(kind)];
}

void KindSeverities::set(FindingKind kind, Severity severity) {
  by_kind_[static_cast<std::size_t>(kind)] = severity;
}

std::string parse_kind_list(const std::string &list, std::vector<FindingKind> &kinds) {
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string::npos)
      end = list.size();
    std::string word = list.substr(start, end - start);
    word.erase(0, word.find_first_not_of(" \t"));
    word.erase(word.find_last_not_of(" \t") + 1);
    FindingKind kind;
    if (word == "all")
      kinds.insert(kinds.end(), all_finding_kinds().begin(), all_finding_kinds().end());
    else if (finding_kind_named(word, kind))
      kinds.push_back(kind);
    else
      return "unknown kind '" + word + "': expected all or a comma-separated list of " +
             finding_kind_names();
    start = end + 1;
  }
  return "";
}

} // namespace parcoach
