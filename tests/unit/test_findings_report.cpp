// The JSON report: well-formed lines, escaping, appends.
#include <catch2/catch.hpp>

#include "findings_report.h"

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace parcoach;

namespace {

TranslationUnitReport sample() {
  TranslationUnitReport report;
  report.tool_version = "0.1";
  report.source = "dir/app \"1\".c";
  Finding finding;
  finding.kind = FindingKind::CollectiveMismatch;
  finding.function = "f";
  finding.location = {"app.c", 12, 5};
  finding.collective = "MPI_Barrier";
  finding.related.push_back({{"app.c", 9, 6}, "branch"});
  finding.checked = true;
  finding.message = "'MPI_Barrier' may not be called";
  finding.severity = "error";
  report.findings.push_back(finding);
  report.instrumented.push_back({"f", "flagged", 2, 1});
  return report;
}

} // namespace

TEST_CASE("a report is one line of JSON with every field", "[report]") {
  std::string line = to_json_line(sample());
  CHECK(line.find('\n') == std::string::npos);
  CHECK(line == "{\"version\": 3, \"tool\": {\"name\": \"PARCOACH for GCC\", \"version\": "
                "\"0.1\"}, \"source\": \"dir/app \\\"1\\\".c\", \"findings\": "
                "[{\"kind\": \"collective-mismatch\", \"severity\": \"error\", \"message\": "
                "\"'MPI_Barrier' may not be called\", \"function\": \"f\", \"location\": "
                "{\"file\": \"app.c\", \"line\": 12, \"column\": 5}, \"collective\": "
                "\"MPI_Barrier\", \"related\": [{\"file\": \"app.c\", \"line\": 9, "
                "\"column\": 6, \"role\": \"branch\"}], \"path\": [], \"checked\": true}], "
                "\"instrumented\": [{\"function\": \"f\", \"mode\": \"flagged\", "
                "\"collective_checks\": 2, \"exit_checks\": 1}]}");
}

TEST_CASE("the path and the fields of one kind are written when present", "[report]") {
  Finding finding;
  finding.kind = FindingKind::ConcurrentCollectives;
  finding.location = {"b.c", 20, 7};
  finding.path.push_back({{"b.c", 10, 3}, "one thread may run this 'single' region"});
  finding.other_call = "MPI_Bcast";
  finding.other_location = {"b.c", 14, 5};
  finding.requested_level = "MPI_THREAD_FUNNELED";
  finding.required_level = "MPI_THREAD_MULTIPLE";
  TranslationUnitReport report;
  report.findings.push_back(finding);
  std::string line = to_json_line(report);
  CHECK(line.find("\"path\": [{\"file\": \"b.c\", \"line\": 10, \"column\": 3, "
                  "\"message\": \"one thread may run this 'single' region\"}]") !=
        std::string::npos);
  CHECK(line.find("\"other\": {\"call\": \"MPI_Bcast\", \"file\": \"b.c\", \"line\": 14, "
                  "\"column\": 5}") != std::string::npos);
  CHECK(line.find("\"levels\": {\"requested\": \"MPI_THREAD_FUNNELED\", "
                  "\"required\": \"MPI_THREAD_MULTIPLE\"}") != std::string::npos);
  // Without them, neither key appears.
  report.findings[0] = Finding();
  line = to_json_line(report);
  CHECK(line.find("\"other\"") == std::string::npos);
  CHECK(line.find("\"levels\"") == std::string::npos);
}

TEST_CASE("control characters and backslashes are escaped", "[report]") {
  TranslationUnitReport report;
  report.source = std::string("a\\b\tc\nd\x01");
  CHECK(to_json_line(report) ==
        "{\"version\": 3, \"tool\": {\"name\": \"PARCOACH for GCC\", \"version\": \"\"}, "
        "\"source\": \"a\\\\b\\tc\\nd\\u0001\", \"findings\": [], "
        "\"instrumented\": []}");
}

TEST_CASE("reports are appended, one line each", "[report]") {
  char path[] = "/tmp/parcoach-report-XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  CHECK(append_report(path, sample()).empty());
  CHECK(append_report(path, TranslationUnitReport{}).empty());
  std::ifstream in(path);
  std::string first, second, third;
  CHECK(std::getline(in, first));
  CHECK(std::getline(in, second));
  CHECK_FALSE(std::getline(in, third));
  CHECK(first == to_json_line(sample()));
  CHECK(second == to_json_line(TranslationUnitReport{}));
  std::remove(path);
}

TEST_CASE("an unwritable report names the file", "[report]") {
  std::string problem = append_report("/nonexistent-dir/report.json", sample());
  CHECK(problem.find("cannot open /nonexistent-dir/report.json") == 0);
}
