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

template <typename T> struct Choice {
  const char *name;
  T value;
};

// Sets `field' to the value named `value' among `choices' (listed in order
// in the message when none matches).
template <typename T, std::size_t N>
std::string parse_choice(const std::string &argument, const std::string &value,
                         const Choice<T> (&choices)[N], T &field) {
  std::string expected;
  for (std::size_t i = 0; i < N; ++i) {
    if (value == choices[i].name) {
      field = choices[i].value;
      return "";
    }
    expected += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + choices[i].name;
  }
  return "invalid value '" + value + "' for -fplugin-arg-parcoach-" + argument +
         ": expected " + expected;
}

std::string parse_flag(const std::string &argument, const std::string &value, bool &field) {
  if (!value.empty())
    return "-fplugin-arg-parcoach-" + argument + " takes no value";
  field = true;
  return "";
}

const Choice<InstrumentMode> instrument_modes[] = {
    {"selective", InstrumentMode::Selective}, {"all", InstrumentMode::All},
    {"none", InstrumentMode::None}};
const Choice<int> omp_verbosities[] = {{"0", 0}, {"1", 1}};
const Choice<ThreadLevel> thread_levels[] = {
    {"single", ThreadLevel::Single}, {"funneled", ThreadLevel::Funneled},
    {"serialized", ThreadLevel::Serialized}, {"multiple", ThreadLevel::Multiple}};
const Choice<CallContext> contexts[] = {
    {"sequential", CallContext::Sequential}, {"parallel", CallContext::Parallel},
    {"single", CallContext::Single}, {"master", CallContext::Master}};

std::string parse_one(const std::string &argument, const std::string &value, Options &options) {
  if (argument == "instrument")
    return parse_choice(argument, value, instrument_modes, options.instrument);
  if (argument == "omp-verbosity")
    return parse_choice(argument, value, omp_verbosities, options.omp_verbosity);
  if (argument == "thread-level") {
    options.thread_level_given = true;
    return parse_choice(argument, value, thread_levels, options.thread_level);
  }
  if (argument == "context")
    return parse_choice(argument, value, contexts, options.context);
  if (argument == "verbose")
    return parse_flag(argument, value, options.verbose);
  if (argument == "thesis")
    return parse_flag(argument, value, options.thesis);
  if (argument == "report") {
    if (value.empty())
      return "-fplugin-arg-parcoach-report needs a file name: -fplugin-arg-parcoach-report=FILE";
    options.report_file = value;
    return "";
  }
  return "unknown argument -fplugin-arg-parcoach-" + argument + "; valid arguments are:\n" +
         options_help();
}

} // namespace

std::string parse_options(const std::vector<std::pair<std::string, std::string>> &args,
                          Options &options) {
  for (const auto &arg : args) {
    std::string error = parse_one(arg.first, arg.second, options);
    if (!error.empty())
      return error;
  }
  return "";
}

} // namespace parcoach
