#include <catch2/catch.hpp>

#include "phase_timer.h"
#include "plugin_options.h"

#include <cctype>

using namespace parcoach;

TEST_CASE("instrument defaults to selective and accepts its three values", "[options]") {
  Options options;
  CHECK(parse_options({}, options).empty());
  CHECK(options.instrument == InstrumentMode::Selective);
  CHECK(parse_options({{"instrument", "all"}}, options).empty());
  CHECK(options.instrument == InstrumentMode::All);
  CHECK(parse_options({{"instrument", "none"}}, options).empty());
  CHECK(options.instrument == InstrumentMode::None);
  CHECK(parse_options({{"instrument", "selective"}}, options).empty());
  CHECK(options.instrument == InstrumentMode::Selective);
}

TEST_CASE("bad arguments are rejected with the list of valid ones", "[options]") {
  Options options;
  std::string unknown = parse_options({{"instrumentation", "all"}}, options);
  CHECK(unknown.find("unknown argument -fplugin-arg-parcoach-instrumentation") != std::string::npos);
  CHECK(unknown.find("instrument=selective|all|none") != std::string::npos);
  std::string bad_value = parse_options({{"instrument", ""}}, options);
  CHECK(bad_value.find("expected selective, all or none") != std::string::npos);
}

TEST_CASE("omp-verbosity takes 0 or 1, report takes a file", "[options]") {
  Options options;
  CHECK(options.omp_verbosity == 0);
  CHECK(parse_options({{"omp-verbosity", "1"}}, options).empty());
  CHECK(options.omp_verbosity == 1);
  CHECK(parse_options({{"omp-verbosity", "2"}}, options).find("expected 0 or 1") !=
        std::string::npos);
  CHECK(parse_options({{"report", "out.json"}}, options).empty());
  CHECK(options.report_file == "out.json");
  CHECK(parse_options({{"report", ""}}, options).find("needs a file name") != std::string::npos);
}

TEST_CASE("verbose is a flag without value", "[options]") {
  Options options;
  CHECK_FALSE(options.verbose);
  CHECK(parse_options({{"verbose", ""}}, options).empty());
  CHECK(options.verbose);
  CHECK(parse_options({{"verbose", "1"}}, options).find("takes no value") != std::string::npos);
}

TEST_CASE("thesis is a flag without value", "[options]") {
  Options options;
  CHECK_FALSE(options.thesis);
  CHECK(parse_options({{"thesis", ""}}, options).empty());
  CHECK(options.thesis);
  CHECK(parse_options({{"thesis", "yes"}}, options).find("takes no value") != std::string::npos);
}

TEST_CASE("thread-level takes the four MPI levels and marks itself given", "[options]") {
  Options options;
  CHECK_FALSE(options.thread_level_given);
  CHECK(parse_options({{"thread-level", "serialized"}}, options).empty());
  CHECK(options.thread_level_given);
  CHECK(options.thread_level == ThreadLevel::Serialized);
  CHECK(parse_options({{"thread-level", "funneled"}}, options).empty());
  CHECK(options.thread_level == ThreadLevel::Funneled);
  CHECK(parse_options({{"thread-level", "MULTIPLE"}}, options)
            .find("expected single, funneled, serialized or multiple") != std::string::npos);
  CHECK(options.thread_level == ThreadLevel::Funneled);
}

TEST_CASE("context defaults to sequential and accepts parallel, single, master", "[options]") {
  Options options;
  CHECK(options.context == CallContext::Sequential);
  CHECK(parse_options({{"context", "parallel"}}, options).empty());
  CHECK(options.context == CallContext::Parallel);
  CHECK(parse_options({{"context", "master"}}, options).empty());
  CHECK(options.context == CallContext::Master);
  CHECK(parse_options({{"context", ""}}, options).find("expected sequential, parallel") !=
        std::string::npos);
  CHECK(std::string(options_help()).find("context=sequential|parallel|single|master") !=
        std::string::npos);
}

TEST_CASE("the help lists every argument the parser accepts, wrapped", "[options]") {
  std::string help = options_help();
  // Every name the help shows parses (flags without a value, the others
  // with the first value the help lists for them).
  std::size_t at = 0;
  int listed = 0;
  while ((at = help.find("-fplugin-arg-parcoach-", at)) != std::string::npos) {
    at += std::string("-fplugin-arg-parcoach-").size();
    std::size_t end = help.find_first_of("=\n", at);
    std::string name = help.substr(at, end - at);
    std::string value;
    if (end != std::string::npos && help[end] == '=') {
      std::size_t value_end = help.find_first_of("|\n", end + 1);
      value = help.substr(end + 1, value_end - end - 1);
      // A placeholder (FILE, KIND[,KIND...]) stands for a value.
      if (std::isupper(static_cast<unsigned char>(value[0])))
        value = value.rfind("KIND", 0) == 0 ? "all" : "file";
    }
    Options options;
    INFO(name << "=" << value);
    CHECK(parse_options({{name, value}}, options).empty());
    ++listed;
  }
  CHECK(listed == 15);
  // No line wider than a terminal.
  std::size_t line_start = 0;
  while (line_start < help.size()) {
    std::size_t line_end = help.find('\n', line_start);
    if (line_end == std::string::npos)
      line_end = help.size();
    CHECK(line_end - line_start <= 72);
    line_start = line_end + 1;
  }
}

TEST_CASE("help is a flag", "[options]") {
  Options options;
  CHECK_FALSE(options.help);
  CHECK(parse_options({{"help", ""}}, options).empty());
  CHECK(options.help);
  CHECK(parse_options({{"help", "all"}}, options).find("takes no value") != std::string::npos);
}

TEST_CASE("disable and error set the severity of kinds of finding", "[options]") {
  Options options;
  CHECK(options.severities.of(FindingKind::CollectiveMismatch) == Severity::Warning);
  CHECK(parse_options({{"disable", "thread-level,concurrent-collectives"}}, options).empty());
  CHECK(options.severities.of(FindingKind::ThreadLevel) == Severity::Silent);
  CHECK(options.severities.of(FindingKind::ConcurrentCollectives) == Severity::Silent);
  CHECK(options.severities.of(FindingKind::CollectiveMismatch) == Severity::Warning);
  CHECK(parse_options({{"error", "collective-mismatch"}}, options).empty());
  CHECK(options.severities.of(FindingKind::CollectiveMismatch) == Severity::Error);
  // The last word wins.
  CHECK(parse_options({{"disable", "all"}, {"error", "omp-collective"}}, options).empty());
  CHECK(options.severities.of(FindingKind::OmpCollective) == Severity::Error);
  CHECK(options.severities.of(FindingKind::CollectiveMismatch) == Severity::Silent);
  std::string bad = parse_options({{"disable", "collective-mismatches"}}, options);
  CHECK(bad.find("-fplugin-arg-parcoach-disable: unknown kind 'collective-mismatches'") !=
        std::string::npos);
  CHECK(bad.find("collective-mismatch, omp-collective") != std::string::npos);
  CHECK_FALSE(parse_options({{"error", ""}}, options).empty());
  CHECK(parse_options({{"suppressions", "s.txt"}}, options).empty());
  CHECK(options.suppressions_file == "s.txt");
  CHECK_FALSE(parse_options({{"suppressions", ""}}, options).empty());
}

TEST_CASE("time-report is a flag listed in the help", "[options]") {
  Options options;
  CHECK_FALSE(options.print_phase_times);
  CHECK(parse_options({{"time-report", ""}}, options).empty());
  CHECK(options.print_phase_times);
  CHECK(parse_options({{"time-report", "1"}}, options).find("takes no value") !=
        std::string::npos);
  CHECK(std::string(options_help()).find("-fplugin-arg-parcoach-time-report\n") !=
        std::string::npos);
}

TEST_CASE("the phase report lists phases in start order with their shares", "[options]") {
  PhaseTimes times;
  std::size_t unit = times.slot("unit step");
  std::size_t solve = times.slot("  value-flow solve");
  CHECK(times.slot("unit step") == unit);
  times.add(solve, 0.5, 0.25);
  times.add(unit, 1.0, 0.5);
  times.add(unit, 1.0, 0.5);
  REQUIRE(times.phases().size() == 2);
  CHECK(times.phases()[0].intervals == 2);
  CHECK(times.phases()[0].wall == Approx(2.0));
  std::string report = times.format(/*user*/ 4.0, /*wall*/ 8.0);
  std::size_t unit_line = report.find(" unit step ");
  std::size_t solve_line = report.find("   value-flow solve ");
  REQUIRE(unit_line != std::string::npos);
  REQUIRE(solve_line != std::string::npos);
  CHECK(unit_line < solve_line);
  // 1 s of 4 s user, 2 s of 8 s wall: 25 % each.
  CHECK(report.find("1.000 ( 25%) usr    2.000 ( 25%) wall") != std::string::npos);
  // The nested phase is not counted twice in the total.
  std::size_t total = report.find("PARCOACH TOTAL");
  REQUIRE(total != std::string::npos);
  CHECK(report.find("1.000 ( 25%) usr", total) != std::string::npos);
}

TEST_CASE("a phase timer reads no clock and records nothing when the report is off",
          "[options]") {
  REQUIRE_FALSE(phase_times().enabled());
  { PhaseTimer timer("never recorded"); }
  CHECK(phase_times().phases().empty());
}

TEST_CASE("dump takes value-flow, listed in the help", "[options]") {
  Options options;
  CHECK_FALSE(options.dump_value_flow);
  CHECK(parse_options({{"dump", "value-flow"}}, options).empty());
  CHECK(options.dump_value_flow);
  Options other;
  CHECK(parse_options({{"dump", ""}}, other).find("expected value-flow") != std::string::npos);
  CHECK(parse_options({{"dump", "valueflow"}}, other).find("expected value-flow") !=
        std::string::npos);
  CHECK_FALSE(other.dump_value_flow);
  CHECK(std::string(options_help()).find("-fplugin-arg-parcoach-dump=value-flow\n") !=
        std::string::npos);
}
