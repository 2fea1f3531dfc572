#include "plugin_options.h"

namespace parcoach {

const char *options_help() {
  return "-fplugin-arg-parcoach-instrument=selective|all|none\n"
         "    which functions get run-time checks: only those with a\n"
         "    warning (selective, default), every function calling an MPI\n"
         "    collective (all), or none (warnings only)\n"
         "-fplugin-arg-parcoach-report=FILE\n"
         "    append every finding of the translation unit to FILE, one line\n"
         "    of JSON per compilation (safe with make -j)\n"
         "-fplugin-arg-parcoach-omp-verbosity=0|1\n"
         "    OpenMP barriers that not every thread may reach: grouped by\n"
         "    their order in the region (0, default) or each explicit\n"
         "    barrier on its own (1)\n"
         "-fplugin-arg-parcoach-verbose\n"
         "    explain with notes why a conditional or a call was not blamed:\n"
         "    the value it tests is the same on every process, or the\n"
         "    callee runs the same collectives on every path\n"
         "-fplugin-arg-parcoach-thesis\n"
         "    analyse as the PARCOACH thesis: control flow only, one function\n"
         "    at a time (more warnings and checks; for comparison)\n"
         "-fplugin-arg-parcoach-thread-level=single|funneled|serialized|multiple\n"
         "    the MPI thread level the program requests (MPI_THREAD_SINGLE...);\n"
         "    default: the constant passed to MPI_Init_thread in the translation\n"
         "    unit, MPI_THREAD_SINGLE for MPI_Init\n"
         "-fplugin-arg-parcoach-context=sequential|parallel|single|master\n"
         "    where every function is assumed to be called: outside parallel\n"
         "    regions (sequential, default), by every thread of a team\n"
         "    (parallel), by one thread of a team in a single, section or task\n"
         "    (single), or by the master thread of a team (master)";
}

namespace {

std::string parse_instrument(const std::string &value, Options &options) {
  if (value == "selective")
    options.instrument = InstrumentMode::Selective;
  else if (value == "all")
    options.instrument = InstrumentMode::All;
  else if (value == "none")
    options.instrument = InstrumentMode::None;
  else
    return "invalid value '" + value +
           "' for -fplugin-arg-parcoach-instrument: expected selective, all or none";
  return "";
}

std::string parse_thread_level(const std::string &value, Options &options) {
  static const std::pair<const char *, ThreadLevel> names[] = {
      {"single", ThreadLevel::Single}, {"funneled", ThreadLevel::Funneled},
      {"serialized", ThreadLevel::Serialized}, {"multiple", ThreadLevel::Multiple}};
  for (const auto &name : names)
    if (value == name.first) {
      options.thread_level = name.second;
      options.thread_level_given = true;
      return "";
    }
  return "invalid value '" + value +
         "' for -fplugin-arg-parcoach-thread-level: expected single, funneled, serialized "
         "or multiple";
}

std::string parse_context(const std::string &value, Options &options) {
  static const std::pair<const char *, CallContext> names[] = {
      {"sequential", CallContext::Sequential}, {"parallel", CallContext::Parallel},
      {"single", CallContext::Single}, {"master", CallContext::Master}};
  for (const auto &name : names)
    if (value == name.first) {
      options.context = name.second;
      return "";
    }
  return "invalid value '" + value +
         "' for -fplugin-arg-parcoach-context: expected sequential, parallel, single or master";
}

} // namespace

std::string parse_options(const std::vector<std::pair<std::string, std::string>> &args,
                          Options &options) {
  for (const auto &arg : args) {
    if (arg.first == "instrument") {
      std::string error = parse_instrument(arg.second, options);
      if (!error.empty())
        return error;
    } else if (arg.first == "omp-verbosity") {
      if (arg.second != "0" && arg.second != "1")
        return "invalid value '" + arg.second +
               "' for -fplugin-arg-parcoach-omp-verbosity: expected 0 or 1";
      options.omp_verbosity = arg.second[0] - '0';
    } else if (arg.first == "verbose") {
      if (!arg.second.empty())
        return "-fplugin-arg-parcoach-verbose takes no value";
      options.verbose = true;
    } else if (arg.first == "thesis") {
      if (!arg.second.empty())
        return "-fplugin-arg-parcoach-thesis takes no value";
      options.thesis = true;
    } else if (arg.first == "thread-level" || arg.first == "context") {
      std::string error = arg.first == "context" ? parse_context(arg.second, options)
                                                 : parse_thread_level(arg.second, options);
      if (!error.empty())
        return error;
    } else if (arg.first == "report") {
      if (arg.second.empty())
        return "-fplugin-arg-parcoach-report needs a file name: "
               "-fplugin-arg-parcoach-report=FILE";
      options.report_file = arg.second;
    } else {
      return "unknown argument -fplugin-arg-parcoach-" + arg.first +
             "; valid arguments are:\n" + options_help();
    }
  }
  return "";
}

} // namespace parcoach
