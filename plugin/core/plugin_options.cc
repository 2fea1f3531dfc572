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
         "    at a time (more warnings and checks; for comparison)";
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
