// -fplugin-arg-parcoach-time-report: where the plugin spends its time.
//
// A registry of named phases, each accumulating wall and user time over
// every interval it was timed (one per function for the per-function
// phases), printed at the end of the unit like GCC's -ftime-report.  When
// the report is off, a PhaseTimer reads no clock: its cost is one test.
#ifndef PARCOACH_CORE_PHASE_TIMER_H
#define PARCOACH_CORE_PHASE_TIMER_H

#include <cstddef>
#include <string>
#include <vector>

namespace parcoach {

struct PhaseTime {
  std::string name;
  double wall = 0;  // seconds
  double user = 0;  // seconds
  long intervals = 0;
};

class PhaseTimes {
public:
  void enable() { enabled_ = true; }
  bool enabled() const { return enabled_; }
  // The index of `phase', created (in the order phases start) when new.
  std::size_t slot(const char *phase);
  // Adds one timed interval to the phase at `slot'.
  void add(std::size_t slot, double wall, double user);
  const std::vector<PhaseTime> &phases() const { return phases_; }
  // The report: one line per phase (name, user and wall seconds, each with
  // its share of `total_wall'/`total_user', the whole compilation's), then
  // the phases' sum.
  std::string format(double total_user, double total_wall) const;

private:
  bool enabled_ = false;
  std::vector<PhaseTime> phases_;
};

// The plugin's registry.
PhaseTimes &phase_times();

// Seconds since an arbitrary start: monotonic wall clock, and this
// process's user CPU time.
double wall_seconds();
double user_seconds();

// Times its own lifetime as one interval of `phase' when the registry is
// enabled.  Phases may nest: a nested phase's name starts with spaces, and
// its time counts in the enclosing phase too (not twice in the total).
class PhaseTimer {
public:
  explicit PhaseTimer(const char *phase);
  ~PhaseTimer() { stop(); }
  // Ends the interval before the end of the scope (later calls do nothing).
  void stop();
  PhaseTimer(const PhaseTimer &) = delete;
  PhaseTimer &operator=(const PhaseTimer &) = delete;

private:
  bool on_;
  std::size_t slot_ = 0;
  double wall_ = 0, user_ = 0;
};

} // namespace parcoach

#endif
