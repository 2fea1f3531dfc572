// parcoach-link: the whole-program step of PARCOACH, run at link time.
//
// The specs file (parcoach-config --libs and --specs) makes GCC run this
// program instead of collect2 (`*linker:'), with collect2's arguments.  It
// reads the PARCOACH summaries of every object, archive member and shared
// library on the link line (program_summary.h), reports the calls that cross
// files as GCC-style diagnostics at the callers' sites, then runs the real
// collect2 with the same arguments, unless -Werror (or error=collective-
// mismatch at the caller's compilation) turns a finding into an error: the
// link then fails.  Whatever goes wrong in reading the inputs, the link
// itself goes on unchanged.
//
//   parcoach-link --check [-Werror] [-w] FILE...   only the analysis
//
// Environment: PARCOACH_LINK=0 skips the analysis (the link still runs).
#include "cross_file_parameters.h"
#include "cross_file_values.h"
#include "elf_summaries.h"
#include "link_report.h"
#include "program_summary.h"

#include <malloc.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace parcoach;

namespace {

bool regular_file(const std::string &path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

std::string read_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The arguments of a response file (@FILE, what the driver passes for long
// command lines, as CMake's object lists): whitespace-separated, with
// quotes and backslashes as libiberty's buildargv reads them.
std::vector<std::string> response_file_arguments(const std::string &path, int depth) {
  std::vector<std::string> args;
  std::string text = read_file(path), current;
  bool in_argument = false;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      current += text[++i];
      in_argument = true;
    } else if (quote) {
      if (c == quote)
        quote = 0;
      else
        current += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_argument = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (in_argument)
        args.push_back(current);
      current.clear();
      in_argument = false;
    } else {
      current += c;
      in_argument = true;
    }
  }
  if (in_argument)
    args.push_back(current);
  std::vector<std::string> expanded;
  for (const std::string &arg : args)
    if (arg.size() > 1 && arg[0] == '@' && depth < 8 && regular_file(arg.substr(1))) {
      std::vector<std::string> inner = response_file_arguments(arg.substr(1), depth + 1);
      expanded.insert(expanded.end(), inner.begin(), inner.end());
    } else {
      expanded.push_back(arg);
    }
  return expanded;
}

// The files the linker reads, in order: plain inputs and -l libraries
// found in the -L directories (shared first unless -Bstatic/-static).
std::vector<std::string> link_inputs(const std::vector<std::string> &command_line) {
  std::vector<std::string> args;
  for (const std::string &arg : command_line)
    if (arg.size() > 1 && arg[0] == '@' && regular_file(arg.substr(1))) {
      std::vector<std::string> inner = response_file_arguments(arg.substr(1), 0);
      args.insert(args.end(), inner.begin(), inner.end());
    } else {
      args.push_back(arg);
    }
  // ld options whose value is the next argument.
  static const char *const with_value[] = {
      "-o", "-m", "-plugin", "-dynamic-linker", "-rpath", "-rpath-link", "-soname", "-h",
      "-T", "-z", "-e", "-u", "-y", "-Y", "-a", "-A", "-F", "-f", "-G", "-R", "--sysroot",
      "--version-script", "--dynamic-list", "-Map", "--hash-style", "-plugin-opt"};
  std::vector<std::string> dirs, inputs;
  std::vector<std::pair<std::string, bool>> libraries; // (name, static)
  bool static_only = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "-L" && i + 1 < args.size()) {
      dirs.push_back(args[++i]);
    } else if (arg.compare(0, 2, "-L") == 0) {
      dirs.push_back(arg.substr(2));
    } else if (arg == "-l" && i + 1 < args.size()) {
      libraries.push_back({args[++i], static_only});
      inputs.push_back("\1" + std::to_string(libraries.size() - 1));
    } else if (arg.compare(0, 2, "-l") == 0) {
      libraries.push_back({arg.substr(2), static_only});
      inputs.push_back("\1" + std::to_string(libraries.size() - 1));
    } else if (arg == "-Bstatic" || arg == "-static" || arg == "-dn" || arg == "-non_shared") {
      static_only = true;
    } else if (arg == "-Bdynamic" || arg == "-dy" || arg == "-call_shared") {
      static_only = false;
    } else if (!arg.empty() && arg[0] == '-') {
      for (const char *option : with_value)
        if (arg == option) {
          ++i;
          break;
        }
    } else if (regular_file(arg)) {
      inputs.push_back(arg);
    }
  }
  std::vector<std::string> files;
  for (const std::string &input : inputs) {
    if (input[0] != '\1') {
      files.push_back(input);
      continue;
    }
    const auto &library = libraries[std::stoul(input.substr(1))];
    std::vector<std::string> names;
    if (library.first[0] == ':')
      names.push_back(library.first.substr(1));
    else {
      if (!library.second)
        names.push_back("lib" + library.first + ".so");
      names.push_back("lib" + library.first + ".a");
    }
    bool found = false;
    for (const std::string &dir : dirs) {
      for (const std::string &name : names)
        if (regular_file(dir + "/" + name)) {
          files.push_back(dir + "/" + name);
          found = true;
          break;
        }
      if (found)
        break;
    }
  }
  return files;
}

// The findings at the sites of units compiled with report= or sarif=, for
// their JSON report and SARIF log (link_report.h).
class LinkReports {
public:
  explicit LinkReports(const std::vector<UnitSummary> &units) {
    for (const UnitSummary &unit : units) {
      if (unit.report_file.empty() && unit.sarif_file.empty())
        continue;
      std::size_t index = targets_.size();
      targets_.push_back({{unit.source, unit.directory, unit.report_file, unit.sarif_file,
                           unit.tool_version, unit.information_uri},
                          {}});
      for (const ExternalCallSite &site : unit.sites)
        unit_of_site_.emplace(site_key(site.function, site.location), index);
      for (const DeferredSite &site : unit.deferred)
        unit_of_site_.emplace(site_key(site.function, site.location), index);
    }
  }

  void add(const std::string &function, const SourceLocation &location, const std::string &text,
           const std::vector<RelatedLocation> &related, const std::string &collective,
           bool checked) {
    auto found = unit_of_site_.find(site_key(function, location));
    if (found != unit_of_site_.end())
      targets_[found->second].second.push_back(
          link_report_finding(text, related, collective, checked));
  }

  std::vector<std::string> write() const { return write_link_reports(targets_); }

private:
  static std::string site_key(const std::string &function, const SourceLocation &location) {
    return function + "\n" + location.file + "\n" + std::to_string(location.line) + ":" +
           std::to_string(location.column);
  }

  std::vector<std::pair<LinkReportTarget, std::vector<Finding>>> targets_;
  std::map<std::string, std::size_t> unit_of_site_;
};

// Prints the findings; true if one of them is an error.  `keys': the
// arming keys of the calling functions (program_summary.h); `judged': the
// program has sites whose verdict was left to this step
// (cross_file_values.h), so that the run time must know it ran.
// Set when the link builds a shared library (-shared).
bool building_shared_library = false;

bool analyse(const std::vector<std::string> &files, bool werror, bool quiet,
             std::vector<std::string> *keys = nullptr, bool *judged = nullptr) {
  std::string text;
  for (const std::string &file : files)
    text += summary_text_of_file(read_file(file));
  if (text.empty())
    return false;
  bool error = false;
  std::vector<std::string> problems;
  std::vector<UnitSummary> units = parse_summaries(text, &problems);
  resolve_aliases(units);
  std::sort(problems.begin(), problems.end());
  problems.erase(std::unique(problems.begin(), problems.end()), problems.end());
  if (!quiet)
    for (const std::string &problem : problems)
      std::cerr << "parcoach-link: warning: " << problem << "\n";
  // A shared library being built exports its functions: anyone may call
  // them with any value (cross_file_parameters.h).
  if (building_shared_library) {
    units.emplace_back();
    units.back().any_caller = "the shared library being linked exports it: any program may "
                              "call it with any value";
  }
  std::vector<CrossFileFinding> findings = link_program(units);
  // Calls whose conditionals the units deferred: only if a key may differ.
  std::map<std::string, ResultJudgement> judgements = judge_results(units);
  std::map<std::string, std::string> deferred_notes;
  findings.erase(std::remove_if(findings.begin(), findings.end(),
                                [&](const CrossFileFinding &finding) {
                                  std::string note;
                                  if (!keep_deferred_call_site(finding.site, judgements, {},
                                                               &note))
                                    return true;
                                  deferred_notes[finding.site.location.file + ":" +
                                                 std::to_string(finding.site.location.line)] =
                                      note;
                                  return false;
                                }),
                 findings.end());
  if (keys)
    *keys = arming_keys(findings);
  LinkReports reports(units);
  for (const CrossFileFinding &finding : findings) {
    bool as_error = werror || finding.site.as_error;
    if (quiet && !as_error)
      continue;
    std::string text = format_finding(finding, as_error);
    auto note = deferred_notes.find(finding.site.location.file + ":" +
                                    std::to_string(finding.site.location.line));
    if (note != deferred_notes.end())
      text += note->second;
    std::cerr << text;
    reports.add(finding.site.function, finding.site.location, text, finding.site.related,
                finding.callee_name, !finding.site.arming_key.empty());
    error |= as_error;
  }
  for (const DeferredFinding &finding : judge_deferred_sites(units, judgements, judged)) {
    if (keys && !finding.site.arming_key.empty() &&
        std::find(keys->begin(), keys->end(), finding.site.arming_key) == keys->end())
      keys->push_back(finding.site.arming_key);
    bool as_error = werror || finding.site.as_error;
    if (quiet && !as_error)
      continue;
    std::string text = format_deferred_finding(finding, as_error);
    std::cerr << text;
    const DeferredSite &site = finding.site;
    reports.add(site.function, site.location, text, site.related,
                site.collective.empty() ? site.callee : site.collective,
                !site.arming_key.empty());
    error |= as_error;
  }
  for (const ThreadSiteFinding &finding : link_thread_levels(units)) {
    if (quiet && !werror)
      continue;
    std::string text = format_thread_site_finding(finding, werror);
    std::cerr << text;
    std::vector<RelatedLocation> directives;
    for (const SiteLetter &letter : finding.blamed)
      directives.push_back({letter.where, "directive"});
    reports.add(finding.site.function, finding.site.location, text, directives,
                finding.site.callee_name, false);
    error |= werror;
  }
  for (const std::string &problem : reports.write())
    std::cerr << "parcoach-link: warning: " << problem << "\n";
  return error;
}

// The options of the gcc driver that runs us, as COLLECT_GCC_OPTIONS
// quotes them ('-Werror' '-o' 'prog').
bool driver_has_option(const char *option) {
  const char *options = std::getenv("COLLECT_GCC_OPTIONS");
  return options && std::strstr(options, (std::string("'") + option + "'").c_str());
}

// An object defining parcoach_linked_keys ("\nKEY\n...", read by
// rtlib/parcoach_link.c), assembled by the driver that runs us; "" if that
// fails (the program then runs unarmed, as before).
std::string arming_object(const std::vector<std::string> &keys, std::string &directory) {
  char pattern[] = "/tmp/parcoach-link-XXXXXX";
  if (!mkdtemp(pattern))
    return "";
  directory = pattern;
  std::string source = directory + "/keys.s", object = directory + "/keys.o";
  {
    std::ofstream out(source);
    out << "\t.section .rodata\n\t.globl parcoach_linked_keys\n"
           "\t.type parcoach_linked_keys, @object\nparcoach_linked_keys:\n\t.ascii \"\\n\"\n";
    for (const std::string &key : keys)
      out << "\t.ascii \"" << key << "\\n\"\n";
    out << "\t.byte 0\n\t.section .note.GNU-stack,\"\",@progbits\n";
  }
  const char *gcc = std::getenv("COLLECT_GCC");
  std::string command = std::string(gcc ? gcc : "gcc") + " -c -o '" + object + "' '" + source +
                        "' </dev/null";
  return std::system(command.c_str()) == 0 ? object : "";
}

void remove_directory(const std::string &directory) {
  if (directory.empty())
    return;
  for (const char *name : {"/keys.s", "/keys.o"})
    unlink((directory + name).c_str());
  rmdir(directory.c_str());
}

std::string real_collect2(const char *self) {
  std::string own = self;
  char resolved[4096];
  ssize_t n = readlink("/proc/self/exe", resolved, sizeof resolved - 1);
  if (n > 0)
    own.assign(resolved, n);
  if (const char *path = std::getenv("COMPILER_PATH")) {
    std::stringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
      std::string candidate = dir + (dir.empty() || dir.back() == '/' ? "" : "/") + "collect2";
      if (!dir.empty() && candidate != own && access(candidate.c_str(), X_OK) == 0)
        return candidate;
    }
  }
  const char *gcc = std::getenv("COLLECT_GCC");
  std::string command = std::string(gcc ? gcc : "gcc") + " -print-prog-name=collect2";
  std::string found;
  if (FILE *pipe = popen(command.c_str(), "r")) {
    char line[4096];
    if (std::fgets(line, sizeof line, pipe))
      found = line;
    pclose(pipe);
  }
  while (!found.empty() && (found.back() == '\n' || found.back() == '\r'))
    found.pop_back();
  return found.empty() ? "collect2" : found;
}

} // namespace

int main(int argc, char **argv) {
#ifdef M_MXFAST
  // The summaries are hundreds of thousands of small strings, built then
  // freed at once: glibc's fast bins made every larger allocation sweep
  // them back together (about 15 % of the link step of link_step.py).
  mallopt(M_MXFAST, 0);
#endif
  std::vector<std::string> args(argv + 1, argv + argc);
  const char *switch_off = std::getenv("PARCOACH_LINK");
  bool enabled = !(switch_off && std::strcmp(switch_off, "0") == 0);
  if (!args.empty() && args[0] == "--check") {
    bool werror = false, quiet = false;
    std::vector<std::string> files;
    for (std::size_t i = 1; i < args.size(); ++i)
      if (args[i] == "-Werror")
        werror = true;
      else if (args[i] == "-w")
        quiet = true;
      else
        files.push_back(args[i]);
    return analyse(files, werror, quiet) ? 1 : 0;
  }
  bool failed = false, judged = false;
  std::vector<std::string> keys;
  if (enabled) {
    try {
      building_shared_library =
          std::find(args.begin(), args.end(), "-shared") != args.end() || driver_has_option("-shared");
      failed = analyse(link_inputs(args), driver_has_option("-Werror"), driver_has_option("-w"),
                       &keys, &judged);
    } catch (const std::exception &) {
      failed = false; // never break a link for our own trouble
      keys.clear();
      judged = false;
    }
  }
  if (failed) {
    std::cerr << "parcoach-link: the link stops: PARCOACH findings are errors (-Werror)\n";
    return 1;
  }
  std::string linker = real_collect2(argv[0]);
  std::vector<char *> command;
  command.push_back(const_cast<char *>(linker.c_str()));
  for (int i = 1; i < argc; ++i)
    command.push_back(argv[i]);
  std::string directory, object;
  if (!keys.empty() || judged)
    object = arming_object(keys, directory);
  if (!object.empty()) {
    // The run-time checks of the reported callers: run the linker as a
    // child, to remove the object afterwards.
    command.push_back(const_cast<char *>(object.c_str()));
    command.push_back(nullptr);
    pid_t child = fork();
    if (child == 0) {
      execvp(linker.c_str(), command.data());
      _exit(127);
    }
    int status = 1;
    if (child < 0 || waitpid(child, &status, 0) < 0)
      status = 1 << 8;
    remove_directory(directory);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  remove_directory(directory);
  command.push_back(nullptr);
  execvp(linker.c_str(), command.data());
  std::cerr << "parcoach-link: cannot run " << linker << ": " << std::strerror(errno) << "\n";
  return 1;
}
