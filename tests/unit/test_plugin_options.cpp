#include <catch2/catch.hpp>

#include "plugin_options.h"

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
