// The event paths of findings, as -fanalyzer gives its warnings: the
// events that explain one warning (where the value that differs comes
// from, the conditional, the collectives on each side; the two regions of
// a concurrency warning), attached to the warning as a GCC diagnostic
// path.  GCC prints them as -fdiagnostics-path-format says (inline-events,
// the default; separate-events: one note "(N) ..." each; none), and puts
// them in its JSON output; the report and the SARIF log get them too.
#ifndef PARCOACH_GIMPLE_DIAGNOSTIC_PATHS_H
#define PARCOACH_GIMPLE_DIAGNOSTIC_PATHS_H

#include "gcc_compat.h"

#include "diagnostic-path.h"

#include "findings_report.h"

#include <string>
#include <vector>

namespace parcoach {

class FindingPath {
public:
  struct Event {
    location_t where;
    std::string text;
  };

  // Adds an event at `where', its text formatted as GCC formats its
  // diagnostics (%qs, %<...%>, %qD, the locale's quotes), without colours.
  // An event at UNKNOWN_LOCATION (or at a location this compilation did
  // not make) is not added.
  void add(location_t where, const char *gmsgid, ...) ATTRIBUTE_GCC_DIAG(3, 4);

  bool empty() const { return events_.empty(); }
  const std::vector<Event> &events() const { return events_; }

  // The events for the report and the SARIF log.
  std::vector<PathEvent> report_events() const;

private:
  std::vector<Event> events_;
};

// `text' between the quotes GCC's %< %> and %qs print (the locale's), for
// a name inside a phrase built before formatting and printed with %s.
std::string quote(const std::string &text);

// `phrase' (a reason of the value flow: "depends on parameter 'n' of 'f'")
// with each pair of ASCII quotes replaced by GCC's.
std::string with_gcc_quotes(const std::string &phrase);

// Adds the events of `path' to `gcc' (GCC's path, given to the warning's
// rich_location::set_path).
void add_to_gcc_path(const FindingPath &path, simple_diagnostic_path &gcc);

} // namespace parcoach

#endif
