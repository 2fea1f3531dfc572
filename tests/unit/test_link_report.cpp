// Link-time findings in the JSON report and the SARIF log (link_report.h):
// read back from the text parcoach-link prints, so that the report says
// what the terminal says.
#include <catch2/catch.hpp>

#include "cross_file_values.h"
#include "link_report.h"
#include "program_summary.h"

using namespace parcoach;

namespace {

CrossFileFinding call_finding() {
  CrossFileFinding finding;
  finding.site.function = "main";
  finding.site.location = {"dir:with:colons/a.c", 10, 5};
  finding.site.related.push_back({{"dir:with:colons/a.c", 9, 6}, "branch"});
  finding.site.related.push_back({{"dir:with:colons/a.c", 7, 3}, "loop-exit"});
  finding.callee_name = "step";
  finding.via = {"step (b.c)"};
  finding.collectives = {"MPI_Barrier"};
  return finding;
}

} // namespace

TEST_CASE("a link-time call finding in the report says what was printed", "[link_report]") {
  CrossFileFinding call = call_finding();
  std::string printed = format_finding(call, false);
  Finding f = link_report_finding(printed, call.site.related, "step", true);
  CHECK(f.kind == FindingKind::CollectiveMismatch);
  CHECK(f.function == "main");
  CHECK(f.location.file == "dir:with:colons/a.c");
  CHECK(f.location.line == 10);
  CHECK(f.location.column == 5);
  CHECK(f.severity == "warning");
  CHECK(f.message.compare(0, 19, "this call to 'step'") == 0);
  CHECK(f.message.find("because of the conditionals at lines 7, 9") != std::string::npos);
  CHECK(f.message.find("[parcoach:") == std::string::npos); // the tag is the kind
  CHECK(f.collective == "step");
  CHECK(f.checked);
  CHECK(f.related.size() == 2);
  // The path: the two conditionals, then where the collectives are.
  REQUIRE(f.path.size() == 3);
  CHECK(f.path[0].location.line == 9);
  CHECK(f.path[0].message.rfind("processes may take different branches here", 0) == 0);
  CHECK(f.path[1].location.line == 7);
  CHECK(f.path[1].message.find("different numbers of iterations") != std::string::npos);
  CHECK(f.path[2].location.line == 10);
  CHECK(f.path[2].message == "step (b.c) runs MPI_Barrier");

  Finding error = link_report_finding(format_finding(call, true), call.site.related, "step", false);
  CHECK(error.severity == "error");
  CHECK(!error.checked);
  SarifResult result = link_sarif_result(error);
  CHECK(result.error);
  CHECK(result.function == "main");
  CHECK(result.events.size() == 3);
  CHECK(result.notes.empty()); // the events are the related locations
}

TEST_CASE("a deferred link-time finding in the report, and its JSON line", "[link_report]") {
  DeferredFinding deferred;
  deferred.site.function = "main";
  deferred.site.location = {"main.c", 15, 5};
  deferred.site.collective = "MPI_Barrier";
  deferred.site.related.push_back({{"main.c", 14, 6}, "branch"});
  deferred.because = "my_rank";
  deferred.because_name = "my_rank";
  deferred.known = true;
  deferred.judgement.file = "helpers.c";
  deferred.judgement.reason = "depends on MPI_Comm_rank at line 4";
  Finding f = link_report_finding(format_deferred_finding(deferred, false),
                                  deferred.site.related, "MPI_Barrier", true);
  CHECK(f.location.line == 15);
  CHECK(f.message.compare(0, 13, "'MPI_Barrier'") == 0);
  REQUIRE(f.path.size() == 2);
  CHECK(f.path[1].message.find("'my_rank' (helpers.c)") != std::string::npos);
  TranslationUnitReport report;
  report.source = "main.c";
  report.stage = "link";
  report.findings.push_back(f);
  std::string line = to_json_line(report);
  CHECK(line.find("\"source\": \"main.c\", \"stage\": \"link\", \"findings\": [{") !=
        std::string::npos);
  report.stage.clear(); // compile-time lines have no stage
  CHECK(to_json_line(report).find("stage") == std::string::npos);
  CHECK(path_in_directory("r.json", "/w/b") == "/w/b/r.json");
  CHECK(path_in_directory("/abs/r.json", "/w/b") == "/abs/r.json");
}
