// The compact section format of the summaries (summary_format.h): every
// record survives the round trip, a unit of another version is rejected
// with a message (never misread), a cut or damaged one read without a
// crash, each string is stored once, and what the reader can recompute
// is not stored.
#include <catch2/catch.hpp>

#include "cross_file_values.h"
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

TEST_CASE("version 3 recomputes the arming keys and the parameters' keys and names",
          "[summary_format]") {
  UnitSummary unit;
  unit.source = "src/solver.c";
  unit.functions.push_back({"step", "step", unit.source, {"MPI_Barrier"}, {}});
  ExternalCallSite site;
  site.function = "step";
  site.location = {unit.source, 12, 5};
  site.callees.push_back({"io", "io"});
  site.arming_key = arming_key_for(unit.source, "step");
  unit.sites.push_back(site);
  DeferredSite deferred;
  deferred.function = "step";
  deferred.location = {unit.source, 20, 3};
  deferred.collective = "MPI_Barrier";
  deferred.depends_on = {"par:step:1"};
  deferred.names = {"parameter 'n' of 'step'"};
  deferred.arming_key = deferred_arming_key(unit.source, "step");
  unit.deferred.push_back(deferred);
  // A key and a name of the usual form, and one of another form.
  unit.parameters.push_back({"par:step:1", "parameter 'n' of 'step'", unit.source});
  unit.parameters.push_back({"par:step:2", "parameter 3 of 'step'", unit.source});
  std::string text = serialise_summary(unit);
  CHECK(text.compare(0, 19, "parcoach-summary 3\n") == 0);
  CHECK(text.find("source\t") == std::string::npos); // the source line is the file alone
  CHECK(text.find(site.arming_key) == std::string::npos);
  CHECK(text.find(deferred.arming_key) == std::string::npos);
  std::vector<UnitSummary> back = parse_summaries(text);
  REQUIRE(back.size() == 1);
  CHECK(back[0].source == unit.source);
  REQUIRE(back[0].sites.size() == 1);
  CHECK(back[0].sites[0].arming_key == site.arming_key);
  REQUIRE(back[0].deferred.size() == 1);
  CHECK(back[0].deferred[0].arming_key == deferred.arming_key);
  REQUIRE(back[0].parameters.size() == 2);
  CHECK(back[0].parameters[0].key == "par:step:1");
  CHECK(back[0].parameters[0].name == "parameter 'n' of 'step'");
  CHECK(back[0].parameters[0].file == unit.source);
  CHECK(back[0].parameters[1].key == "par:step:2");
  CHECK(back[0].parameters[1].name == "parameter 3 of 'step'");
  // An arming key the reader cannot recompute (no entry it derives from)
  // is stored as it is.
  unit.sites[0].arming_key = arming_key_for(unit.source, "not_named_elsewhere");
  CHECK(parse_summaries(serialise_summary(unit)).at(0).sites.at(0).arming_key ==
        unit.sites[0].arming_key);
}

TEST_CASE("a section of format 2 gets the message, a cut or damaged one never a crash",
          "[summary_format]") {
  std::string version2 = "parcoach-summary 2\nsource\told.c\n$\t0 f\nF\ta\ta\t%\nend\n";
  std::vector<std::string> problems;
  CHECK(parse_summaries(version2, &problems).empty());
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].find("old.c") != std::string::npos);
  CHECK(problems[0].find("version 2") != std::string::npos);
  CHECK(problems[0].find("reads version 3") != std::string::npos);
  // Every prefix of a unit, and the unit with any one byte changed, reads
  // to at most one unit, without throwing.
  std::string text = serialise_summary(every_record());
  for (std::size_t cut = 0; cut <= text.size(); ++cut)
    CHECK(parse_summaries(text.substr(0, cut)).size() <= 1);
  for (std::size_t at = 0; at < text.size(); ++at)
    for (char c : {'\0', '\t', '\n', '#', '!', '9', 'Z', '%'}) {
      std::string damaged = text;
      damaged[at] = c;
      CHECK(parse_summaries(damaged).size() <= 1);
    }
}
