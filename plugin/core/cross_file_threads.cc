#include "cross_file_threads.h"

#include "parallelism_words.h"
#include "program_summary.h"

#include <cstdlib>
#include <map>
#include <sstream>

namespace parcoach {

namespace {

// The one level the program requests, or false: none is known, one is not
// a constant, or two differ.
bool program_request(const std::vector<UnitSummary> &units, LevelRequest &request) {
  bool found = false;
  for (const UnitSummary &unit : units)
    for (const LevelRequest &candidate : unit.level_requests) {
      if (candidate.level < 0 || (found && candidate.level != request.level))
        return false;
      if (!found)
        request = candidate;
      found = true;
    }
  return found;
}

// The site's word: its letters, each naming its index in `site.letters' as
// its directive (-1 for the calling context's), then the callee's letters.
ParallelismWord joined_word(const ThreadCallSite &site, const std::string &callee_letters) {
  ParallelismWord word;
  for (std::size_t i = 0; i < site.letters.size(); ++i)
    word.push_back({static_cast<Letter>(site.letters[i].letter),
                    site.letters[i].where.line > 0 ? static_cast<NodeId>(i) : -1});
  return extend_word(word, callee_letters);
}

std::vector<SiteLetter> blamed_letters(const ThreadCallSite &site, const ParallelismWord &word,
                                       ThreadLevel allowed) {
  std::vector<SiteLetter> blamed;
  for (NodeId directive : responsible_directives(word, allowed))
    if (directive >= 0 && static_cast<std::size_t>(directive) < site.letters.size())
      blamed.push_back(site.letters[directive]);
  return blamed;
}

} // namespace

std::vector<SummaryRecord> thread_level_lines(const UnitSummary &unit) {
  std::vector<SummaryRecord> lines;
  for (const LevelRequest &request : unit.level_requests)
    lines.push_back(summary_record({"level-request", request.function}, request.where,
                           {std::to_string(request.level), request.thread ? "1" : "0"}));
  for (const ThreadCallSite &site : unit.thread_sites) {
    lines.push_back(summary_record({"thread-site", site.function}, site.location,
                           {site.callee, site.callee_name, site.thread_varying ? "1" : "0"}));
    for (const SiteLetter &letter : site.letters)
      lines.push_back(summary_record({"thread-letter", std::string(1, letter.letter), letter.name},
                             letter.where));
  }
  return lines;
}

bool read_thread_level_line(SummaryRecord &f, UnitSummary &unit) {
  const std::string &kind = f[0];
  if (kind == "level-request" && f.size() >= 7) {
    unit.level_requests.push_back(
        {std::move(f[1]), take_location(f, 2), summary_number(f[5]), f[6] == "1"});
  } else if (kind == "mpi-word" && f.size() >= 7) {
    if (!unit.functions.empty())
      unit.functions.back().mpi_calls.push_back(
          {std::move(f[1]), f[2] == "1", std::move(f[3]), take_location(f, 4)});
  } else if (kind == "thread-site" && f.size() >= 8) {
    ThreadCallSite site;
    site.function = std::move(f[1]);
    site.location = take_location(f, 2);
    site.callee = std::move(f[5]);
    site.callee_name = std::move(f[6]);
    site.thread_varying = f[7] == "1";
    unit.thread_sites.push_back(std::move(site));
  } else if (kind == "thread-letter" && f.size() >= 6) {
    if (!unit.thread_sites.empty() && f[1].size() == 1)
      unit.thread_sites.back().letters.push_back({f[1][0], std::move(f[2]), take_location(f, 3)});
  } else {
    return false;
  }
  return true;
}

std::vector<ThreadSiteFinding> link_thread_levels(const std::vector<UnitSummary> &units) {
  std::map<std::string, const FunctionSummary *> defined;
  for (const UnitSummary &unit : units)
    for (const FunctionSummary &function : unit.functions)
      defined.emplace(function.symbol, &function);
  LevelRequest request;
  bool level_known = program_request(units, request);
  std::vector<ThreadSiteFinding> findings;
  for (const UnitSummary &unit : units)
    for (const ThreadCallSite &site : unit.thread_sites) {
      auto callee = defined.find(site.callee);
      if (callee == defined.end())
        continue; // no summary: a library, or code built without the plugin
      ThreadSiteFinding finding;
      finding.site = site;
      finding.callee_file = callee->second->file;
      finding.request = request;
      bool found = false;
      for (const MpiCallWord &inner : callee->second->mpi_calls) {
        ParallelismWord word = joined_word(site, inner.letters);
        // With an argument that differs between threads, they may run it
        // on a communicator each: a question of level only, as in the
        // unit step.
        if (inner.collective && !is_monothreaded(word) && !site.thread_varying) {
          finding.several_threads_collective = true;
          finding.witness = inner;
          finding.blamed = blamed_letters(site, word, ThreadLevel::Multiple);
          found = true;
          break;
        }
        // Reported only where this call's region raises the level: what
        // the callee needs anyway is its own file's question.  Not with an
        // argument that differs between threads either: it may choose the
        // one thread that calls MPI (comm_step (omp_get_thread_num ())
        // testing `tid == 0' in its own file), as the unit step assumes.
        if (site.thread_varying)
          continue;
        ThreadLevel level = required_level(word);
        if (!level_known || level <= static_cast<ThreadLevel>(request.level) ||
            level <= required_level(extend_word({}, inner.letters)))
          continue;
        if (!found || level > finding.required) {
          finding.required = level;
          finding.witness = inner;
          finding.blamed = blamed_letters(site, word, static_cast<ThreadLevel>(request.level));
          found = true;
        }
      }
      if (found)
        findings.push_back(std::move(finding));
    }
  return findings;
}

std::string format_thread_site_finding(const ThreadSiteFinding &finding, bool as_error) {
  const ThreadCallSite &site = finding.site;
  const std::string callee = "'" + site.callee_name + "'";
  const std::string inner = "'" + finding.witness.call + "' at " +
                            location_text(finding.witness.where);
  std::ostringstream out;
  if (!site.function.empty())
    out << site.location.file << ": In function '" << site.function << "':\n";
  out << location_text(site.location) << ": " << (as_error ? "error" : "warning") << ": ";
  if (finding.several_threads_collective) {
    out << "this call to " << callee << " runs an MPI collective (" << inner
        << "), and several threads of this process may make it at once: threads calling a "
           "collective concurrently on one communicator is erroneous at every thread level";
  } else {
    ThreadLevel requested = static_cast<ThreadLevel>(finding.request.level);
    const char *why = requested == ThreadLevel::Single ? "it runs inside a parallel region"
                      : finding.required == ThreadLevel::Multiple
                          ? "several threads of this process may call it at once"
                          : "a thread other than the main thread may call it";
    out << "this call to " << callee << " makes MPI calls that need '"
        << level_name(finding.required) << "' (" << inner << "), but the program requests '"
        << level_name(requested) << "': " << why;
  }
  out << " [parcoach:thread-level]\n";
  if (!finding.several_threads_collective)
    out << location_text(finding.request.where) << ": note: the program requests '"
        << level_name(static_cast<ThreadLevel>(finding.request.level)) << "' here\n";
  for (const SiteLetter &letter : finding.blamed)
    out << location_text(letter.where) << ": note: the call to " << callee << " (line "
        << site.location.line << ") runs inside this " << letter.name << " region\n";
  out << location_text(finding.witness.where) << ": note: " << callee << " ("
      << finding.callee_file << ") calls '" << finding.witness.call << "' here\n";
  return out.str();
}

} // namespace parcoach
