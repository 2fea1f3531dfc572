// Whole programs: the summaries written into objects and the link step that
// combines them (program_summary.h), and reading them back out of ELF
// objects and archives (elf_summaries.h).
#include <catch2/catch.hpp>

#include "cross_file_parameters.h"
#include "cross_file_values.h"
#include "elf_summaries.h"
#include "program_summary.h"

#include <cstdint>
#include <string>

using namespace parcoach;

namespace {

FunctionSummary function(const std::string &symbol, const std::string &file,
                         std::vector<std::string> collectives,
                         std::vector<std::string> callees = {}) {
  return {symbol, symbol, file, collectives, callees};
}

ExternalCallSite site(const std::string &caller, const std::string &callee, int line,
                      int conditional_line) {
  ExternalCallSite s;
  s.function = caller;
  s.location = {"a.c", line, 5};
  s.callees.push_back({callee, callee});
  s.related.push_back({{"a.c", conditional_line, 6}, "branch"});
  return s;
}

UnitSummary unit(const std::string &source, std::vector<FunctionSummary> functions,
                 std::vector<ExternalCallSite> sites = {}) {
  return {source, functions, sites};
}

} // namespace

TEST_CASE("summaries survive their text form, concatenated and padded", "[program_summary]") {
  UnitSummary a = unit("dir with space/a.c", {function("main", "a.c", {"MPI_Finalize"}, {"step"})},
                       {site("main", "step", 10, 9)});
  a.sites[0].as_error = true;
  a.sites[0].related.push_back({{"a.c", 8, 3}, "loop-exit"});
  UnitSummary b = unit("b.c", {function("_ZN6Solver4syncEv", "b.c", {"MPI_Barrier"})});
  b.functions[0].name = "void Solver::sync()\twith\ttabs%";
  // ld pads sections to their alignment with NULs.
  std::string text = serialise_summary(a) + std::string(3, '\0') + serialise_summary(b);
  std::vector<UnitSummary> back = parse_summaries(text);
  REQUIRE(back.size() == 2);
  CHECK(back[0].source == "dir with space/a.c");
  REQUIRE(back[0].functions.size() == 1);
  CHECK(back[0].functions[0].collectives == std::vector<std::string>{"MPI_Finalize"});
  CHECK(back[0].functions[0].external_callees == std::vector<std::string>{"step"});
  REQUIRE(back[0].sites.size() == 1);
  const ExternalCallSite &s = back[0].sites[0];
  CHECK(s.function == "main");
  CHECK(s.location.line == 10);
  CHECK(s.location.column == 5);
  CHECK(s.as_error);
  REQUIRE(s.related.size() == 2);
  CHECK(s.related[1].role == "loop-exit");
  CHECK(s.related[1].location.line == 8);
  CHECK(back[1].functions[0].name == "void Solver::sync()\twith\ttabs%");
  CHECK(parse_summaries("garbage\nend\n").empty());
}

TEST_CASE("a call under a rank-dependent conditional to another file's collective",
          "[program_summary]") {
  std::vector<UnitSummary> program = {
      unit("a.c", {function("main", "a.c", {"MPI_Finalize"}, {"step"})},
           {site("main", "step", 10, 9)}),
      unit("b.c", {function("step", "b.c", {"MPI_Barrier"})})};
  std::vector<CrossFileFinding> findings = link_program(program);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].site.location.line == 10);
  CHECK(findings[0].collectives == std::vector<std::string>{"MPI_Barrier"});
  CHECK(findings[0].via == std::vector<std::string>{"step (b.c)"});
  std::string text = format_finding(findings[0], false);
  CHECK(text.find("a.c: In function 'main':\n") == 0);
  CHECK(text.find("a.c:10:5: warning: this call to 'step' may run MPI collectives "
                  "(MPI_Barrier)") != std::string::npos);
  CHECK(text.find("[parcoach:collective-mismatch]\n") != std::string::npos);
  CHECK(text.find("a.c:9:6: note: processes may take different branches here") !=
        std::string::npos);
  CHECK(format_finding(findings[0], true).find("a.c:10:5: error: ") != std::string::npos);
}

TEST_CASE("collectives two files down, and cycles between files", "[program_summary]") {
  std::vector<UnitSummary> program = {
      unit("a.c", {}, {site("main", "middle", 10, 9)}),
      unit("c.c", {function("middle", "c.c", {}, {"inner", "other"})}),
      unit("e.c", {function("other", "e.c", {}, {"middle"})}), // a cycle, no collective
      unit("d.c", {function("inner", "d.c", {"MPI_Allreduce"}, {"middle"})})};
  std::vector<CrossFileFinding> findings = link_program(program);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].via == std::vector<std::string>{"middle (c.c)", "inner (d.c)"});
  CHECK(findings[0].collectives == std::vector<std::string>{"MPI_Allreduce"});
}

TEST_CASE("calls to functions that run no collective, or are unknown, stay silent",
          "[program_summary]") {
  std::vector<UnitSummary> program = {
      unit("a.c", {}, {site("main", "print_results", 10, 9), site("main", "printf", 11, 9),
                       site("main", "loop_a", 12, 9)}),
      // Functions of other files calling each other, none running a
      // collective: a cycle that must not make the fixed point claim any.
      unit("b.c", {function("loop_a", "b.c", {}, {"loop_b"})}),
      unit("c.c", {function("loop_b", "c.c", {}, {"loop_a", "print_results"})})};
  CHECK(link_program(program).empty());
}

TEST_CASE("a function defined in several units (C++ inline) unites its summaries",
          "[program_summary]") {
  std::vector<UnitSummary> program = {
      unit("a.cpp", {function("_ZN1S1fEv", "s.h", {})}, {site("main", "_ZN1S1fEv", 10, 9)}),
      unit("b.cpp", {function("_ZN1S1fEv", "s.h", {"MPI_Bcast"})})};
  std::vector<CrossFileFinding> findings = link_program(program);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].collectives == std::vector<std::string>{"MPI_Bcast"});
}

namespace {

void put(std::string &bytes, std::size_t at, std::uint64_t value, unsigned size) {
  if (bytes.size() < at + size)
    bytes.resize(at + size, '\0');
  for (unsigned i = 0; i < size; ++i)
    bytes[at + i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

// A minimal little-endian ELF64 relocatable object: sections null,
// .shstrtab and one named `name' holding `contents'.
std::string elf_object(const std::string &name, const std::string &contents) {
  std::string strings = std::string("\0.shstrtab\0", 11) + name + std::string(1, '\0');
  std::string bytes(64, '\0');
  bytes.replace(0, 4, "\177ELF");
  bytes[4] = 2; // 64 bits
  bytes[5] = 1; // little endian
  bytes[6] = 1;
  std::size_t strings_at = bytes.size();
  bytes += strings;
  std::size_t contents_at = bytes.size();
  bytes += contents;
  std::size_t headers_at = bytes.size();
  bytes.resize(headers_at + 3 * 64, '\0');
  put(bytes, 0x28, headers_at, 8); // e_shoff
  put(bytes, 0x3A, 64, 2);         // e_shentsize
  put(bytes, 0x3C, 3, 2);          // e_shnum
  put(bytes, 0x3E, 1, 2);          // e_shstrndx
  std::size_t h = headers_at + 64;
  put(bytes, h, 1, 4);
  put(bytes, h + 4, 3, 4); // SHT_STRTAB
  put(bytes, h + 0x18, strings_at, 8);
  put(bytes, h + 0x20, strings.size(), 8);
  h += 64;
  put(bytes, h, 11, 4);
  put(bytes, h + 4, 1, 4); // SHT_PROGBITS
  put(bytes, h + 0x18, contents_at, 8);
  put(bytes, h + 0x20, contents.size(), 8);
  return bytes;
}

std::string archive_member(const std::string &name, const std::string &data) {
  char header[61];
  std::snprintf(header, sizeof header, "%-16s%-12s%-6s%-6s%-8s%-10zu`\n", name.c_str(), "0", "0",
                "0", "644", data.size());
  return std::string(header, 60) + data + (data.size() % 2 ? "\n" : "");
}

} // namespace

TEST_CASE("summaries are read out of ELF objects and archives", "[elf_summaries]") {
  std::string a = serialise_summary(unit("a.c", {function("f", "a.c", {"MPI_Barrier"})}));
  std::string b = serialise_summary(unit("b.c", {function("g", "b.c", {}, {"f"})}));
  CHECK(summary_text_of_file(elf_object(".parcoach.summary", a)) == a);
  CHECK(summary_text_of_file(elf_object(".text", a)).empty());
  CHECK(summary_text_of_file("INPUT(libc.so.6)\n").empty()); // a linker script
  std::string archive = "!<arch>\n" + archive_member("/", "symbols") +
                        archive_member("a.o/", elf_object(".parcoach.summary", a + "x")) +
                        archive_member("b.o/", elf_object(".parcoach.summary", b));
  std::vector<UnitSummary> units = parse_summaries(summary_text_of_file(archive));
  REQUIRE(units.size() == 2);
  CHECK(units[1].functions[0].external_callees == std::vector<std::string>{"f"});
  // Truncated files hold nothing, and never make the reader fail.
  std::string object = elf_object(".parcoach.summary", a);
  for (std::size_t size : {std::size_t(10), std::size_t(70), object.size() - 1})
    CHECK_NOTHROW(summary_text_of_file(object.substr(0, size)));
  CHECK(summary_text_of_file(archive.substr(0, archive.size() - 5)).find("a.c") !=
        std::string::npos);
}

TEST_CASE("the callers reported are armed by their keys, each once", "[program_summary]") {
  std::string key = arming_key_for("a.c", "main");
  CHECK(key.size() == 19);
  CHECK(key.compare(0, 3, "pcl") == 0);
  CHECK(key.find_first_of("\n\t \"\\") == std::string::npos); // safe in the list and in .ascii
  CHECK(arming_key_for("a.c", "main") == key);
  CHECK(arming_key_for("b.c", "main") != key); // static functions of two files
  CHECK(arming_key_for("a.c", "mainx") != key);
  std::vector<UnitSummary> program = {
      unit("a.c", {}, {site("main", "step", 10, 9), site("main", "step", 12, 11),
                       site("main", "print", 14, 13), site("other", "step", 20, 19)}),
      unit("b.c", {function("step", "b.c", {"MPI_Barrier"})})};
  program[0].sites[0].arming_key = program[0].sites[1].arming_key = key;
  program[0].sites[2].arming_key = key;
  program[0].sites[3].arming_key = ""; // compiled with instrument=none
  std::vector<CrossFileFinding> findings = link_program(program);
  CHECK(findings.size() == 3);
  CHECK(arming_keys(findings) == std::vector<std::string>{key});
  // The key survives the text form.
  CHECK(parse_summaries(serialise_summary(program[0]))[0].sites[0].arming_key == key);
  // No finding, nothing armed: print() runs no collective.
  program[0].sites.erase(program[0].sites.begin(), program[0].sites.begin() + 2);
  program[0].sites.pop_back();
  CHECK(arming_keys(link_program(program)).empty());
}

TEST_CASE("a call of an alias finds the summary of its target (C++ C1 and C2)",
          "[program_summary]") {
  // comm.cpp defines the base-object constructor C2 (the body) and C1 as
  // its alias; main.cpp calls C1 under a rank-dependent conditional, and
  // tests what C1 leaves in the object's field at offset 32.
  UnitSummary comm = unit("comm.cpp", {function("_ZN4CommC2Ev", "comm.cpp", {"MPI_Comm_dup"})});
  comm.aliases.push_back({"_ZN4CommC1Ev", "_ZN4CommC2Ev"});
  comm.results.push_back({out_argument_key("_ZN4CommC2Ev", 0), "Comm::Comm()", "comm.cpp",
                          false, {}, ""});
  UnitSummary main_unit = unit("main.cpp", {}, {site("main", "_ZN4CommC1Ev", 12, 11)});
  DeferredSite deferred;
  deferred.function = "main";
  deferred.location = {"main.cpp", 15, 5};
  deferred.collective = "MPI_Barrier";
  deferred.related.push_back({{"main.cpp", 14, 6}, "branch"});
  deferred.depends_on = {field_key(out_argument_key("_ZN4CommC1Ev", 0), 32, 32)};
  deferred.names = {"what 'Comm::Comm()' leaves behind argument 1"};
  main_unit.deferred.push_back(deferred);
  ParameterCallSite call;
  call.caller = "main";
  call.callee = "_ZN4CommC1Ev";
  call.callee_name = "Comm::Comm()";
  main_unit.calls.push_back(call);

  // The alias travels in the summary's text.
  std::vector<UnitSummary> program = parse_summaries(serialise_summary(main_unit) +
                                                     serialise_summary(comm));
  REQUIRE(program.size() == 2);
  REQUIRE(program[1].aliases.size() == 1);
  CHECK(program[1].aliases[0].alias == "_ZN4CommC1Ev");
  CHECK(program[1].aliases[0].target == "_ZN4CommC2Ev");

  // Unresolved: the link step knows nothing of C1.
  CHECK(link_program(program).empty());
  CHECK(judge_deferred_sites(program).size() == 1);

  resolve_aliases(program);
  CHECK(program[0].calls[0].callee == "_ZN4CommC2Ev");
  CHECK(program[0].deferred[0].depends_on ==
        std::vector<std::string>{field_key(out_argument_key("_ZN4CommC2Ev", 0), 32, 32)});
  std::vector<CrossFileFinding> findings = link_program(program);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].collectives == std::vector<std::string>{"MPI_Comm_dup"});
  // What C2 leaves behind `this' is the same everywhere: the test of the
  // field is not reported.
  CHECK(judge_deferred_sites(program).empty());

  // Parameter keys and plain result keys name the target too; a symbol
  // that is no alias is left alone.
  std::vector<UnitSummary> keys(2);
  keys[0].aliases.push_back({"_ZN4CommD1Ev", "_ZN4CommD2Ev"});
  keys[1].every_key = {parameter_key("_ZN4CommD1Ev", 1), "_ZN4CommD1Ev",
                       variable_key("_ZN4CommD1Ev"), "_ZN4CommD0Ev"};
  resolve_aliases(keys);
  CHECK(keys[1].every_key == std::vector<std::string>{parameter_key("_ZN4CommD2Ev", 1),
                                                      "_ZN4CommD2Ev",
                                                      variable_key("_ZN4CommD2Ev"),
                                                      "_ZN4CommD0Ev"});
}
