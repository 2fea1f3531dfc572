// The compact section format of the summaries (summary_format.h): every
// record survives the round trip, a unit of another version is rejected
// with a message (never misread), and each string is stored once.
#include <catch2/catch.hpp>

#include "program_summary.h"
#include "summary_format.h"

#include <string>

using namespace parcoach;

namespace {

// A unit using every record kind, with fields that stress the encoding:
// tabs, newlines, '%', numbers as text, strings starting with digits,
// empty fields, a long shared prefix.
UnitSummary every_record() {
  UnitSummary unit;
  unit.source = "dir/3d solver.c";
  unit.functions.push_back({"_ZN3app4stepEi", "void app::step(int)\twith tab", "dir/3d solver.c",
                            {"MPI_Allreduce", "MPI_Barrier"}, {"_ZN3app2ioEv", "007"}});
  ExternalCallSite site;
  site.function = "main";
  site.location = {"dir/3d solver.c", 12, 5};
  site.callees.push_back({"_ZN3app2ioEv", "app::io()"});
  site.related.push_back({{"dir/3d solver.c", 11, 7}, "branch"});
  site.related.push_back({{"other.h", 4, 0}, "loop-exit"});
  site.as_error = true;
  site.arming_key = "pcl0123456789abcdef";
  site.depends_on = {"par:_ZN3app4stepEi:0", "par:_ZN3app4stepEi:1"};
  unit.sites.push_back(site);
  unit.results.push_back({"_Z4sizev", "size()", "b.c", false, {"_Z5otherv"}, ""});
  unit.results.push_back({"_Z4rankv", "rank()", "b.c", true, {}, "depends on MPI_Comm_rank\nat 100%"});
  VariableSummary variable;
  variable.symbol = "nsteps";
  variable.name = "nsteps";
  variable.file = "b.c";
  variable.defined_here = true;
  variable.may_differ = false;
  variable.depends_on = {"var:seed"};
  variable.writers = {"read_params"};
  unit.variables.push_back(variable);
  DeferredSite deferred;
  deferred.function = "main";
  deferred.location = {"a.c", 20, 3};
  deferred.callee = "helper";
  deferred.runs = {"MPI_Bcast"};
  deferred.related.push_back({{"a.c", 19, 3}, "branch"});
  deferred.depends_on = {"_Z4rankv"};
  deferred.names = {"rank()"};
  deferred.arming_key = "pcd1";
  unit.deferred.push_back(deferred);
  ParameterCallSite call;
  call.caller = "main";
  call.callee = "_ZN3app4stepEi";
  call.callee_name = "app::step(int)";
  call.location = {"a.c", 30, 9};
  call.arguments.resize(3);
  call.arguments[0].state = ArgumentSummary::State::Uniform;
  call.arguments[1].reason = "depends on MPI_Comm_rank at line 8";
  call.arguments[2].state = ArgumentSummary::State::DependsOn;
  call.arguments[2].depends_on = {"_Z4rankv", "par:main:0"};
  unit.calls.push_back(call);
  unit.parameters.push_back({"par:_ZN3app4stepEi:0", "parameter 'n' of 'app::step(int)'", "a.c"});
  unit.addresses_taken = {"callback"};
  unit.any_caller = "the shared library being linked exports it";
  return unit;
}

} // namespace

TEST_CASE("every record of a summary survives the compact format", "[summary_format]") {
  UnitSummary in = every_record();
  std::vector<std::string> problems;
  std::vector<UnitSummary> out = parse_summaries(serialise_summary(in), &problems);
  CHECK(problems.empty());
  REQUIRE(out.size() == 1);
  const UnitSummary &u = out[0];
  CHECK(u.source == in.source);
  REQUIRE(u.functions.size() == 1);
  CHECK(u.functions[0].symbol == "_ZN3app4stepEi");
  CHECK(u.functions[0].name == "void app::step(int)\twith tab");
  CHECK(u.functions[0].file == "dir/3d solver.c");
  CHECK(u.functions[0].collectives == in.functions[0].collectives);
  CHECK(u.functions[0].external_callees == std::vector<std::string>{"_ZN3app2ioEv", "007"});
  REQUIRE(u.sites.size() == 1);
  CHECK(u.sites[0].location.line == 12);
  CHECK(u.sites[0].location.column == 5);
  CHECK(u.sites[0].as_error);
  CHECK(u.sites[0].arming_key == "pcl0123456789abcdef");
  CHECK(u.sites[0].callees[0].name == "app::io()");
  REQUIRE(u.sites[0].related.size() == 2);
  CHECK(u.sites[0].related[1].location.file == "other.h");
  CHECK(u.sites[0].related[1].location.column == 0);
  CHECK(u.sites[0].related[1].role == "loop-exit");
  CHECK(u.sites[0].depends_on == in.sites[0].depends_on);
  REQUIRE(u.results.size() == 2);
  CHECK(!u.results[0].may_differ);
  CHECK(u.results[0].depends_on == std::vector<std::string>{"_Z5otherv"});
  CHECK(u.results[1].may_differ);
  CHECK(u.results[1].reason == "depends on MPI_Comm_rank\nat 100%");
  REQUIRE(u.variables.size() == 1);
  CHECK(u.variables[0].defined_here);
  CHECK(!u.variables[0].may_differ);
  CHECK(u.variables[0].depends_on == std::vector<std::string>{"var:seed"});
  CHECK(u.variables[0].writers == std::vector<std::string>{"read_params"});
  REQUIRE(u.deferred.size() == 1);
  CHECK(u.deferred[0].callee == "helper");
  CHECK(u.deferred[0].collective.empty());
  CHECK(u.deferred[0].runs == std::vector<std::string>{"MPI_Bcast"});
  CHECK(u.deferred[0].names == std::vector<std::string>{"rank()"});
  CHECK(u.deferred[0].related[0].location.line == 19);
  REQUIRE(u.calls.size() == 1);
  REQUIRE(u.calls[0].arguments.size() == 3);
  CHECK(u.calls[0].arguments[0].state == ArgumentSummary::State::Uniform);
  CHECK(u.calls[0].arguments[1].state == ArgumentSummary::State::Differs);
  CHECK(u.calls[0].arguments[1].reason == "depends on MPI_Comm_rank at line 8");
  CHECK(u.calls[0].arguments[2].depends_on == in.calls[0].arguments[2].depends_on);
  REQUIRE(u.parameters.size() == 1);
  CHECK(u.parameters[0].name == "parameter 'n' of 'app::step(int)'");
  CHECK(u.addresses_taken == std::vector<std::string>{"callback"});
  CHECK(u.any_caller == in.any_caller);
}

TEST_CASE("a summary of another format version is rejected, not misread",
          "[summary_format]") {
  // What PARCOACH wrote before the compact format: the same kinds, by name.
  std::string version1 = "parcoach-summary 1\nsource\told.c\nfunction\tf\tf\t%\nruns\tMPI_Barrier\n"
                         "end\n";
  std::string future = "parcoach-summary 7\nsource\tnew.c\nF\ta\tb\nend\n";
  std::string current = serialise_summary(every_record());
  std::vector<std::string> problems;
  std::vector<UnitSummary> units =
      parse_summaries(version1 + std::string(5, '\0') + current + future, &problems);
  REQUIRE(units.size() == 1); // only the unit this reader understands
  CHECK(units[0].source == "dir/3d solver.c");
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].find("old.c") != std::string::npos);
  CHECK(problems[0].find("version 1") != std::string::npos);
  CHECK(problems[0].find("rebuild") != std::string::npos);
  CHECK(problems[1].find("new.c") != std::string::npos);
  CHECK(problems[1].find("version 7") != std::string::npos);
  // A damaged unit (a reference past the table) loses that record only.
  std::string damaged = summary_header() + "\nsource\td.c\n$\t0 f\nF\tzz\ta\ta\nF\ta\ta\ta\nend\n";
  units = parse_summaries(damaged);
  REQUIRE(units.size() == 1);
  REQUIRE(units[0].functions.size() == 1);
  CHECK(units[0].functions[0].symbol == "f");
}

TEST_CASE("each string of a summary is stored once, the size grows linearly",
          "[summary_format]") {
  const std::string symbol =
      "_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_"
      "St8functionIFiRN3app6DomainEEEESt10_Select1stISF_ESt4lessIS5_ESaISF_EE8_M_eraseEPSt13";
  auto program = [&](int sites) {
    UnitSummary unit;
    unit.source = "/home/user/project/src/solver/very_long_directory_name/kernel.cpp";
    for (int i = 0; i < sites; ++i) {
      ExternalCallSite site;
      site.function = symbol;
      site.location = {unit.source, 100 + i, 7};
      site.callees.push_back({symbol, symbol});
      site.related.push_back({{unit.source, 99 + i, 3}, "branch"});
      site.depends_on = {"par:" + symbol + ":0", "par:" + symbol + ":1"};
      unit.sites.push_back(site);
    }
    return serialise_summary(unit);
  };
  std::string small = program(100), large = program(200);
  // The long strings appear once (the source file on its line, then '%'),
  // or twice (the symbol, and the keys of its parameters), whatever the
  // number of records.
  auto count = [](const std::string &text, const std::string &what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
      ++n;
    return n;
  };
  CHECK(count(large, "very_long_directory_name") == 1);
  CHECK(count(large, "8_M_eraseEPSt13") == 2);
  CHECK(count(small, "8_M_eraseEPSt13") == 2);
  // 100 more sites of five records each: a few bytes per field.
  CHECK(large.size() - small.size() < 100 * 5 * 16);
  CHECK(large.size() < 200 * 80 + 2 * symbol.size());
  CHECK(parse_summaries(large).at(0).sites.size() == 200);
  CHECK(parse_summaries(large)[0].sites[199].depends_on[1] == "par:" + symbol + ":1");
}
