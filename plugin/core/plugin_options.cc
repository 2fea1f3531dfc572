#include "plugin_options.h"

#include <cstddef>

namespace parcoach {

namespace {

template <typename T> struct Choice {
  const char *name;
  T value;
};

const Choice<InstrumentMode> instrument_modes[] = {
    {"selective", InstrumentMode::Selective}, {"all", InstrumentMode::All},
    {"none", InstrumentMode::None}};
const Choice<int> omp_verbosities[] = {{"0", 0}, {"1", 1}};
const Choice<ThreadLevel> thread_levels[] = {
    {"single", ThreadLevel::Single}, {"funneled", ThreadLevel::Funneled},
    {"serialized", ThreadLevel::Serialized}, {"multiple", ThreadLevel::Multiple}};
// What dump= can print (one thing so far).
const Choice<bool> dumps[] = {{"value-flow", true}};
const Choice<CallContext> contexts[] = {
    {"sequential", CallContext::Sequential}, {"parallel", CallContext::Parallel},
    {"single", CallContext::Single}, {"master", CallContext::Master}};

// "a|b|c" (help text) or "a, b or c" (error messages).
template <typename T, std::size_t N>
std::string choice_names(const Choice<T> (&choices)[N], bool in_words) {
  std::string names;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0)
      names += !in_words ? "|" : i + 1 == N ? " or " : ", ";
    names += choices[i].name;
  }
  return names;
}

// Sets `field' to the value named `value' among `choices'.
template <typename T, std::size_t N>
std::string parse_choice(const char *argument, const std::string &value,
                         const Choice<T> (&choices)[N], T &field) {
  for (const Choice<T> &choice : choices)
    if (value == choice.name) {
      field = choice.value;
      return "";
    }
  return "invalid value '" + value + "' for -fplugin-arg-parcoach-" + argument +
         ": expected " + choice_names(choices, true);
}

// Gives every kind of the list `value' the severity `severity'.
std::string parse_kinds(const char *argument, const std::string &value, Severity severity,
                        Options &options) {
  std::vector<FindingKind> kinds;
  std::string error = parse_kind_list(value, kinds);
  if (!error.empty())
    return std::string("-fplugin-arg-parcoach-") + argument + ": " + error;
  for (FindingKind kind : kinds)
    options.severities.set(kind, severity);
  return "";
}

std::string parse_flag(const char *argument, const std::string &value, bool &field) {
  if (!value.empty())
    return std::string("-fplugin-arg-parcoach-") + argument + " takes no value";
  field = true;
  return "";
}

// One plugin argument: its name, the form of its value ("" for a flag), what
// it does (one paragraph, wrapped by options_help) and how it is parsed.
struct OptionSpec {
  const char *name;
  std::string value_syntax;
  const char *description;
  std::string (*parse)(const char *name, const std::string &value, Options &options);
};

// Every argument the plugin takes, in the order the help lists them: the
// parser and the help text are both read from here.
const OptionSpec option_table[] = {
    {"instrument", choice_names(instrument_modes, false),
     "which functions get run-time checks: only those with a warning (selective, "
     "default), every function calling an MPI collective (all), or none (warnings only)",
     [](const char *name, const std::string &value, Options &options) {
       return parse_choice(name, value, instrument_modes, options.instrument);
     }},
    {"report", "FILE",
     "append every finding of the translation unit to FILE, one line of JSON per "
     "compilation (safe with make -j)",
     [](const char *name, const std::string &value, Options &options) -> std::string {
       if (value.empty())
         return std::string("-fplugin-arg-parcoach-") + name +
                " needs a file name: -fplugin-arg-parcoach-report=FILE";
       options.report_file = value;
       return "";
     }},
    {"sarif", "FILE",
     "add every finding of the translation unit to the SARIF 2.1.0 log FILE, for CI "
     "dashboards and editors (safe with make -j: one log for the whole build)",
     [](const char *name, const std::string &value, Options &options) -> std::string {
       if (value.empty())
         return std::string("-fplugin-arg-parcoach-") + name +
                " needs a file name: -fplugin-arg-parcoach-sarif=FILE";
       options.sarif_file = value;
       return "";
     }},
    {"omp-verbosity", choice_names(omp_verbosities, false),
     "OpenMP barriers that not every thread may reach: grouped by their order in the "
     "region (0, default) or each explicit barrier on its own (1)",
     [](const char *name, const std::string &value, Options &options) {
       return parse_choice(name, value, omp_verbosities, options.omp_verbosity);
     }},
    {"verbose", "",
     "explain with notes why a conditional or a call was not blamed: the value it "
     "tests is the same on every process (or on every member of the collective's "
     "communicator, or it only separates non-members), or the callee runs the same "
     "collectives on every path",
     [](const char *name, const std::string &value, Options &options) {
       return parse_flag(name, value, options.verbose);
     }},
    {"thesis", "",
     "analyse as the PARCOACH thesis: control flow only, one function at a time (more "
     "warnings and checks; for comparison)",
     [](const char *name, const std::string &value, Options &options) {
       return parse_flag(name, value, options.thesis);
     }},
    {"one-file", "",
     "judge conditionals on the results of functions of other files, on variables "
     "other files may store to and on parameters of functions other files may call in "
     "this file alone (they may differ) instead of at the link step; for programs not "
     "linked with parcoach-config --libs or the wrappers",
     [](const char *name, const std::string &value, Options &options) {
       return parse_flag(name, value, options.one_file);
     }},
    {"thread-level", choice_names(thread_levels, false),
     "the MPI thread level the program requests (MPI_THREAD_SINGLE...); default: the "
     "constant passed to MPI_Init_thread in the translation unit, MPI_THREAD_SINGLE "
     "for MPI_Init",
     [](const char *name, const std::string &value, Options &options) {
       options.thread_level_given = true;
       return parse_choice(name, value, thread_levels, options.thread_level);
     }},
    {"context", choice_names(contexts, false),
     "where every function is assumed to be called: outside parallel regions "
     "(sequential, default), by every thread of a team (parallel), by one thread of a "
     "team in a single, section or task (single), or by the master thread of a team "
     "(master)",
     [](const char *name, const std::string &value, Options &options) {
       return parse_choice(name, value, contexts, options.context);
     }},
    {"disable", "KIND[,KIND...]",
     "do not report these kinds of finding (collective-mismatch, collective-arguments, "
     "omp-collective, thread-level, concurrent-collectives, request, rma, or all), and "
     "insert no run-time check for "
     "them unless instrument=all",
     [](const char *name, const std::string &value, Options &options) {
       return parse_kinds(name, value, Severity::Silent, options);
     }},
    {"error", "KIND[,KIND...]",
     "report these kinds of finding as errors (the compilation fails), like -Werror= "
     "for one kind",
     [](const char *name, const std::string &value, Options &options) {
       return parse_kinds(name, value, Severity::Error, options);
     }},
    {"suppressions", "FILE",
     "do not report the findings FILE lists, one per line: FILE:LINE:KIND or "
     "FUNCTION:KIND (for Fortran, and code one cannot edit; in C and C++ a line "
     "'#pragma parcoach ignore KIND' silences the line after it)",
     [](const char *name, const std::string &value, Options &options) -> std::string {
       if (value.empty())
         return std::string("-fplugin-arg-parcoach-") + name + " needs a file name";
       options.suppressions_file = value;
       return "";
     }},
    {"time-report", "",
     "print on the standard error, at the end of the translation unit, the time "
     "each phase of the analysis took (wall and user seconds, share of the whole "
     "compilation), in the style of -ftime-report",
     [](const char *name, const std::string &value, Options &options) {
       return parse_flag(name, value, options.print_phase_times);
     }},
    {"dump", choice_names(dumps, false),
     "print on the standard error, at the end of the translation unit, what the "
     "analysis read of each function's values (slots, statements, conditionals, "
     "sources of difference) and the verdict on each conditional: whether processes "
     "or threads may take it differently (for debugging and tests)",
     [](const char *name, const std::string &value, Options &options) {
       return parse_choice(name, value, dumps, options.dump_value_flow);
     }},
    {"help", "",
     "print this list of arguments on the standard error, then compile as usual",
     [](const char *name, const std::string &value, Options &options) {
       return parse_flag(name, value, options.help);
     }},
};

// `text' cut into lines of at most `width' characters, each indented.
std::string wrapped(const std::string &text, std::size_t width, const std::string &indent) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos)
      end = text.size();
    std::string word = text.substr(start, end - start);
    if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  if (!line.empty())
    out += indent + line + "\n";
  return out;
}

} // namespace

const char *options_help() {
  static const std::string help = [] {
    std::string text;
    for (const OptionSpec &option : option_table) {
      text += std::string("-fplugin-arg-parcoach-") + option.name;
      if (!option.value_syntax.empty())
        text += "=" + option.value_syntax;
      text += "\n" + wrapped(option.description, 72, "    ");
    }
    text.pop_back(); // no newline after the last line
    return text;
  }();
  return help.c_str();
}

std::string parse_options(const std::vector<std::pair<std::string, std::string>> &args,
                          Options &options) {
  for (const auto &arg : args) {
    const OptionSpec *spec = nullptr;
    for (const OptionSpec &option : option_table)
      if (arg.first == option.name)
        spec = &option;
    if (!spec)
      return "unknown argument -fplugin-arg-parcoach-" + arg.first +
             "; valid arguments are:\n" + options_help();
    std::string error = spec->parse(spec->name, arg.second, options);
    if (!error.empty())
      return error;
  }
  return "";
}

} // namespace parcoach
