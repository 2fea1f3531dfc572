// The kinds of finding PARCOACH reports, each shown as [parcoach:NAME] at
// the end of its warning, and what the user decided for each: report it as
// a warning (default), as an error (-fplugin-arg-parcoach-error=KIND), or
// not at all (disable=KIND, a #pragma parcoach ignore, a suppression file).
// No GCC headers.
#ifndef PARCOACH_CORE_FINDING_KINDS_H
#define PARCOACH_CORE_FINDING_KINDS_H

#include <string>
#include <vector>

namespace parcoach {

enum class FindingKind {
  CollectiveMismatch,     // MPI collectives not every process may call alike
  OmpCollective,          // OpenMP barriers/worksharing not every thread reaches
  ThreadLevel,            // an MPI call the requested thread level forbids
  ConcurrentCollectives,  // collectives threads may run at the same time
  CollectiveArguments,    // a root, op, count or datatype that may differ
  Request,                // a nonblocking request lost or left active
  Rma,                    // an RMA operation or epoch certainly misused
  Internal,               // PARCOACH skipped a function (never an error)
  Report,                 // the JSON report could not be written
};

// Every kind, in the order above.
const std::vector<FindingKind> &all_finding_kinds();

// "collective-mismatch"...: the NAME of [parcoach:NAME].
const char *finding_kind_name(FindingKind kind);

// What the kind finds and why it matters, in one or two sentences.
const char *finding_kind_description(FindingKind kind);

// The kind called `name', or false.
bool finding_kind_named(const std::string &name, FindingKind &kind);

// "collective-mismatch, omp-collective, ...": for messages.
std::string finding_kind_names();

enum class Severity { Warning, Error, Silent };

// The severity of each kind, from disable= and error= (a kind both
// disabled and made an error is disabled: the last word wins).
class KindSeverities {
public:
  KindSeverities();
  Severity of(FindingKind kind) const;
  void set(FindingKind kind, Severity severity);

private:
  std::vector<Severity> by_kind_;
};

// Parses "KIND[,KIND...]" (or "all") into `kinds'; an empty string on
// success, otherwise a message naming the bad word and the valid ones.
std::string parse_kind_list(const std::string &list, std::vector<FindingKind> &kinds);

} // namespace parcoach

#endif
