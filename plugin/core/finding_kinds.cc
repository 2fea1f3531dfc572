#include "finding_kinds.h"

namespace parcoach {

namespace {

struct KindName {
  FindingKind kind;
  const char *name;
};

const KindName kind_names[] = {
    {FindingKind::CollectiveMismatch, "collective-mismatch"},
    {FindingKind::OmpCollective, "omp-collective"},
    {FindingKind::ThreadLevel, "thread-level"},
    {FindingKind::ConcurrentCollectives, "concurrent-collectives"},
    {FindingKind::Rma, "rma"},
    {FindingKind::Internal, "internal"},
    {FindingKind::Report, "report"},
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
