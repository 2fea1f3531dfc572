// The SARIF log: file URIs, the fixed end results are inserted before,
// merges of several compilations, and files it must not touch.
#include <catch2/catch.hpp>

#include "sarif_log.h"

#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace parcoach;

namespace {

SarifResult barrier_result(int line) {
  SarifResult result;
  result.kind = FindingKind::CollectiveMismatch;
  result.message = "'MPI_Barrier' may not be called by all processes";
  result.location = {"src/app.c", line, 5};
  result.function = "solve";
  result.notes.push_back({{"src/app.c", line - 1, 6}, "processes may take different branches"});
  return result;
}

std::string read_file(const std::string &path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t count(const std::string &text, const std::string &word) {
  std::size_t n = 0;
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
    ++n;
  return n;
}

struct TemporaryFile {
  std::string path;
  TemporaryFile() {
    char name[] = "/tmp/parcoach-sarif-XXXXXX";
    int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    path = name;
  }
  ~TemporaryFile() { unlink(path.c_str()); }
};

const SarifTool tool{"0.1", "file:///usr/share/doc/parcoach/README"};

} // namespace

TEST_CASE("file URIs are absolute and percent-encoded", "[sarif]") {
  CHECK(file_uri("src/app.c", "/home/u/proj") == "file:///home/u/proj/src/app.c");
  CHECK(file_uri("app.c", "/home/u/proj/") == "file:///home/u/proj/app.c");
  CHECK(file_uri("/abs/x.f90", "/elsewhere") == "file:///abs/x.f90");
  CHECK(file_uri("my file#1%.c", "/d") == "file:///d/my%20file%231%25.c");
}

TEST_CASE("a log with no result is complete, with one rule per kind", "[sarif]") {
  std::string log = sarif_log(tool, {}, "/p");
  CHECK(log.find("\"version\": \"2.1.0\"") != std::string::npos);
  CHECK(log.find("\"results\": [\n      ]") != std::string::npos);
  for (FindingKind kind : all_finding_kinds())
    CHECK(log.find(std::string("{\"id\": \"") + finding_kind_name(kind) + "\"") !=
          std::string::npos);
}

TEST_CASE("a result carries its level, location, function and notes", "[sarif]") {
  SarifResult result = barrier_result(12);
  result.error = true;
  std::string log = sarif_log(tool, {result}, "/p");
  CHECK(log.find("{\"ruleId\": \"collective-mismatch\", \"level\": \"error\"") !=
        std::string::npos);
  CHECK(log.find("\"uri\": \"file:///p/src/app.c\"}, \"region\": {\"startLine\": 12, "
                 "\"startColumn\": 5}") != std::string::npos);
  CHECK(log.find("\"fullyQualifiedName\": \"solve\", \"kind\": \"function\"") !=
        std::string::npos);
  // The note is a related location and the first step of the code flow;
  // the warning's own location is the last.
  CHECK(log.find("\"relatedLocations\": [{\"id\": 1, \"message\": {\"text\": \"processes may "
                 "take different branches\"}") != std::string::npos);
  std::size_t flow = log.find("\"codeFlows\"");
  REQUIRE(flow != std::string::npos);
  std::size_t note_step = log.find("\"startLine\": 11", flow);
  std::size_t call_step = log.find("\"startLine\": 12", flow);
  CHECK(note_step < call_step);
  CHECK(call_step != std::string::npos);
}

TEST_CASE("a result with a path has the path as its code flow", "[sarif]") {
  SarifResult result = barrier_result(12);
  result.notes = {{{"src/app.c", 12, 5}, "run-time check inserted"}};
  result.events = {{{"src/app.c", 8, 3}, "the condition at line 11 may differ"},
                   {{"src/app.c", 11, 6}, "processes may take different branches here"},
                   {{"src/app.c", 12, 5}, "'MPI_Barrier' is called here"}};
  std::string log = sarif_log(tool, {result}, "/p");
  std::size_t flow = log.find("\"codeFlows\"");
  REQUIRE(flow != std::string::npos);
  // The three events in order, and nothing else: not the note, not the
  // warning's message.
  std::size_t first = log.find("the condition at line 11 may differ", flow);
  std::size_t second = log.find("processes may take different branches here", flow);
  std::size_t third = log.find("'MPI_Barrier' is called here", flow);
  CHECK(first < second);
  CHECK(second < third);
  CHECK(third != std::string::npos);
  CHECK(log.find("run-time check inserted", flow) == std::string::npos);
  CHECK(log.find("may not be called by all processes", flow) == std::string::npos);
  // Related locations: the events, then the notes, numbered from 1.
  CHECK(log.find("\"relatedLocations\": [{\"id\": 1, \"message\": {\"text\": \"the condition "
                 "at line 11 may differ\"}") != std::string::npos);
  CHECK(log.find("{\"id\": 4, \"message\": {\"text\": \"run-time check inserted\"}") !=
        std::string::npos);
}

TEST_CASE("merges add results to one log, which stays one document", "[sarif]") {
  TemporaryFile file;
  REQUIRE(merge_into_sarif_log(file.path, tool, {barrier_result(7)}, "/p").empty());
  REQUIRE(merge_into_sarif_log(file.path, tool, {}, "/p").empty());
  REQUIRE(merge_into_sarif_log(file.path, tool, {barrier_result(9), barrier_result(20)}, "/q")
              .empty());
  std::string log = read_file(file.path);
  CHECK(count(log, "{\"ruleId\"") == 3);
  CHECK(count(log, "\"$schema\"") == 1);
  CHECK(count(log, "file:///q/src/app.c") >= 2);
  // Results are separated by commas, the last one is followed by the end.
  CHECK(count(log, "}]}]}]},\n        {\"ruleId\"") == 2);
  const std::string end = "\n      ]\n    }\n  ]\n}\n";
  CHECK(log.substr(log.size() - end.size()) == end);
}

TEST_CASE("a file the plugin did not write is left untouched", "[sarif]") {
  TemporaryFile file;
  { std::ofstream(file.path) << "{\"version\": \"2.1.0\", \"runs\": []}\n"; }
  std::string problem = merge_into_sarif_log(file.path, tool, {barrier_result(7)}, "/p");
  CHECK(problem.find("is not a SARIF log written by PARCOACH for GCC") != std::string::npos);
  CHECK(read_file(file.path) == "{\"version\": \"2.1.0\", \"runs\": []}\n");
}

TEST_CASE("build-system probes are recognised", "[sarif][report]") {
  CHECK(is_build_system_probe("CMakeFiles/3.25.1/CompilerIdC/CMakeCCompilerId.c"));
  CHECK(is_build_system_probe("/b/CMakeFiles/CMakeScratch/TryCompile-x/src.c"));
  CHECK(is_build_system_probe("conftest.c"));
  CHECK(is_build_system_probe("/tmp/x/conftest.f90"));
  CHECK_FALSE(is_build_system_probe("src/solver.c"));
  CHECK_FALSE(is_build_system_probe("conftest_helpers.c"));
  CHECK_FALSE(is_build_system_probe("CMakeLists_gen.c"));
}
