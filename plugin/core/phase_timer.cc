#include "phase_timer.h"

#include <sys/resource.h>

#include <cstdio>
#include <ctime>

namespace parcoach {

std::size_t PhaseTimes::slot(const char *phase) {
  for (std::size_t p = 0; p < phases_.size(); ++p)
    if (phases_[p].name == phase)
      return p;
  phases_.push_back({phase, 0, 0, 0});
  return phases_.size() - 1;
}

void PhaseTimes::add(std::size_t slot, double wall, double user) {
  PhaseTime &phase = phases_.at(slot);
  phase.wall += wall;
  phase.user += user;
  ++phase.intervals;
}

namespace {

std::string line(const std::string &name, double user, double total_user, double wall,
                 double total_wall) {
  char text[160];
  std::snprintf(text, sizeof text, " %-38s:%8.3f (%3.0f%%) usr %8.3f (%3.0f%%) wall\n",
                name.c_str(), user, total_user > 0 ? 100 * user / total_user : 0.0, wall,
                total_wall > 0 ? 100 * wall / total_wall : 0.0);
  return text;
}

} // namespace

std::string PhaseTimes::format(double total_user, double total_wall) const {
  std::string text = "\nPARCOACH phases (percentages of the whole compilation):\n";
  double user = 0, wall = 0;
  for (const PhaseTime &phase : phases_) {
    text += line(phase.name, phase.user, total_user, phase.wall, total_wall);
    // Only the outermost phases add up (an indented name is nested).
    if (phase.name.compare(0, 1, " ") != 0) {
      user += phase.user;
      wall += phase.wall;
    }
  }
  text += line("PARCOACH TOTAL", user, total_user, wall, total_wall);
  return text;
}

PhaseTimes &phase_times() {
  static PhaseTimes times;
  return times;
}

double wall_seconds() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec * 1e-9;
}

double user_seconds() {
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6;
}

PhaseTimer::PhaseTimer(const char *phase) : on_(phase_times().enabled()) {
  if (on_) {
    slot_ = phase_times().slot(phase);
    wall_ = wall_seconds();
    user_ = user_seconds();
  }
}

void PhaseTimer::stop() {
  if (on_)
    phase_times().add(slot_, wall_seconds() - wall_, user_seconds() - user_);
  on_ = false;
}

} // namespace parcoach
