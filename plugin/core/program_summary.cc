#include "program_summary.h"

#include "cross_file_parameters.h"
#include "cross_file_values.h"
#include "summary_format.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

namespace parcoach {

const char *const summary_section_name = ".parcoach.summary";

namespace {

// One unit's records, in the order the reader expects them (a record such
// as "runs" belongs to the "function" before it).
std::vector<SummaryRecord> unit_records(const UnitSummary &unit) {
  std::vector<SummaryRecord> records;
  auto line = [&](std::initializer_list<std::string> fields) { records.emplace_back(fields); };
  for (const FunctionSummary &f : unit.functions) {
    line({"function", f.symbol, f.name, f.file});
    for (const std::string &collective : f.collectives)
      line({"runs", collective});
    for (const std::string &callee : f.external_callees)
      line({"calls", callee});
    for (const MpiCallWord &call : f.mpi_calls)
      records.push_back(
          summary_record({"mpi-word", call.letters, call.collective ? "1" : "0", call.call},
                         call.where));
  }
  for (const ExternalCallSite &site : unit.sites) {
    records.push_back(summary_record({"site", site.function}, site.location,
                                     {site.as_error ? "1" : "0", site.arming_key}));
    for (const ExternalCallee &callee : site.callees)
      line({"callee", callee.symbol, callee.name});
    for (const RelatedLocation &related : site.related)
      records.push_back(summary_record({"related", related.role}, related.location));
  }
  for (const ResultSummary &result : unit.results) {
    line({"result", result.symbol, result.name, result.file, result.may_differ ? "1" : "0",
          result.reason});
    for (const std::string &symbol : result.depends_on)
      line({"result-of", symbol});
  }
  for (const VariableSummary &variable : unit.variables) {
    records.push_back({"variable", variable.symbol, variable.name, variable.file,
                       variable.defined_here ? "1" : "0", variable.may_differ ? "1" : "0"});
    if (!variable.field_of.empty())
      records.back().push_back(variable.field_of);
    for (const std::string &key : variable.depends_on)
      line({"variable-of", key});
    for (const std::string &writer : variable.writers)
      line({"variable-writer", writer});
  }
  for (const DeferredSite &site : unit.deferred) {
    records.push_back(
        summary_record({"deferred", site.function}, site.location,
                       {site.as_error ? "1" : "0", site.arming_key, site.collective, site.callee}));
    for (const std::string &collective : site.runs)
      line({"deferred-runs", collective});
    for (std::size_t i = 0; i < site.depends_on.size(); ++i)
      line({"deferred-on", site.depends_on[i],
            i < site.names.size() ? site.names[i] : site.depends_on[i]});
    for (const RelatedLocation &related : site.related)
      records.push_back(summary_record({"deferred-related", related.role}, related.location));
  }
  for (const std::vector<std::string> &fields : parameter_lines(unit))
    records.push_back(fields);
  for (SummaryRecord &fields : thread_level_lines(unit))
    records.push_back(std::move(fields));
  for (const SymbolAlias &alias : unit.aliases)
    line({"alias", alias.alias, alias.target});
  if (!unit.every_key.empty()) {
    records.push_back({"every-key"});
    records.back().insert(records.back().end(), unit.every_key.begin(), unit.every_key.end());
  }
  if (!unit.report_file.empty() || !unit.sarif_file.empty())
    line({"report-to", unit.report_file, unit.sarif_file, unit.directory, unit.tool_version,
          unit.information_uri});
  return records;
}

// Adds one record to `unit' (records of unknown kinds are ignored), taking
// its fields.
void read_record(SummaryRecord &f, UnitSummary &unit) {
  const std::string_view kind = f[0]; // compared by length first
  if (kind == "function" && f.size() >= 4) {
    unit.functions.push_back({std::move(f[1]), std::move(f[2]), std::move(f[3]), {}, {}, {}});
  } else if (kind == "runs" && f.size() >= 2 && !unit.functions.empty()) {
    unit.functions.back().collectives.push_back(std::move(f[1]));
  } else if (kind == "calls" && f.size() >= 2 && !unit.functions.empty()) {
    unit.functions.back().external_callees.push_back(std::move(f[1]));
  } else if (kind == "site" && f.size() >= 6) {
    ExternalCallSite site;
    site.function = std::move(f[1]);
    site.location = take_location(f, 2);
    site.as_error = f[5] == "1";
    if (f.size() >= 7)
      site.arming_key = std::move(f[6]);
    unit.sites.push_back(std::move(site));
  } else if (kind == "callee" && f.size() >= 3 && !unit.sites.empty()) {
    unit.sites.back().callees.push_back({std::move(f[1]), std::move(f[2])});
  } else if (kind == "related" && f.size() >= 5 && !unit.sites.empty()) {
    unit.sites.back().related.push_back(
        {take_location(f, 2), std::move(f[1])});
  } else if (kind == "result" && f.size() >= 6) {
    unit.results.push_back(
        {std::move(f[1]), std::move(f[2]), std::move(f[3]), f[4] == "1", {}, std::move(f[5])});
  } else if (kind == "result-of" && f.size() >= 2 && !unit.results.empty()) {
    unit.results.back().depends_on.push_back(std::move(f[1]));
  } else if (kind == "report-to" && f.size() >= 6) {
    unit.report_file = std::move(f[1]);
    unit.sarif_file = std::move(f[2]);
    unit.directory = std::move(f[3]);
    unit.tool_version = std::move(f[4]);
    unit.information_uri = std::move(f[5]);
  } else if (read_parameter_line(f, unit) || read_thread_level_line(f, unit)) {
  } else if (kind == "variable" && f.size() >= 6) {
    VariableSummary variable;
    variable.symbol = std::move(f[1]);
    variable.name = std::move(f[2]);
    variable.file = std::move(f[3]);
    variable.defined_here = f[4] == "1";
    variable.may_differ = f[5] == "1";
    if (f.size() >= 7)
      variable.field_of = std::move(f[6]);
    unit.variables.push_back(std::move(variable));
  } else if (kind == "variable-of" && f.size() >= 2 && !unit.variables.empty()) {
    unit.variables.back().depends_on.push_back(std::move(f[1]));
  } else if (kind == "variable-writer" && f.size() >= 2 && !unit.variables.empty()) {
    unit.variables.back().writers.push_back(std::move(f[1]));
  } else if (kind == "deferred" && f.size() >= 9) {
    DeferredSite site;
    site.function = std::move(f[1]);
    site.location = take_location(f, 2);
    site.as_error = f[5] == "1";
    site.arming_key = std::move(f[6]);
    site.collective = std::move(f[7]);
    site.callee = std::move(f[8]);
    unit.deferred.push_back(std::move(site));
  } else if (kind == "deferred-runs" && f.size() >= 2 && !unit.deferred.empty()) {
    unit.deferred.back().runs.push_back(std::move(f[1]));
  } else if (kind == "deferred-on" && f.size() >= 3 && !unit.deferred.empty()) {
    unit.deferred.back().depends_on.push_back(std::move(f[1]));
    unit.deferred.back().names.push_back(std::move(f[2]));
  } else if (kind == "alias" && f.size() >= 3) {
    unit.aliases.push_back({std::move(f[1]), std::move(f[2])});
  } else if (kind == "every-key") {
    unit.every_key.assign(f.begin() + 1, f.end());
  } else if (kind == "deferred-related" && f.size() >= 5 && !unit.deferred.empty()) {
    unit.deferred.back().related.push_back(
        {take_location(f, 2), std::move(f[1])});
  }
}

} // namespace

namespace {

// The arming keys (arming_key_for, deferred_arming_key) hash the source
// and a linker name the unit names anyway: the reader recomputes them.
const std::vector<DerivedField> &arming_key_fields() {
  static const std::vector<DerivedField> fields = {{'#', arming_key_for},
                                                   {'!', deferred_arming_key}};
  return fields;
}

} // namespace

std::string serialise_summary(const UnitSummary &unit) {
  return summary_header() + "\n" + escape_summary_field(unit.source) + "\n" +
         encode_summary_records(unit_records(unit), unit.source, arming_key_fields());
}

std::vector<UnitSummary> parse_summaries(const std::string &text,
                                         std::vector<std::string> *problems) {
  std::vector<UnitSummary> units;
  // The unit being read: its version, source and record lines (views
  // into `text').
  bool reading = false, have_source = false;
  int version = 0;
  std::string source;
  std::vector<std::string_view> lines;
  auto finish = [&]() {
    if (!reading)
      return;
    reading = false;
    if (version != summary_format_version) {
      if (problems)
        problems->push_back(summary_version_problem(version, source));
      return;
    }
    UnitSummary unit;
    unit.source = source;
    visit_summary_records(lines, source, arming_key_fields(),
                          [&](SummaryRecord &record) { read_record(record, unit); });
    qualify_every_key(unit);
    units.push_back(std::move(unit));
  };
  const std::string_view all(text);
  for (std::size_t start = 0; start < all.size();) {
    std::size_t newline = all.find('\n', start);
    std::size_t end = newline == std::string_view::npos ? all.size() : newline;
    std::string_view line = all.substr(start, end - start);
    start = end + 1;
    int line_version = 0;
    if (summary_version_line(line, line_version)) {
      finish(); // a unit cut short (no "end") is still read
      reading = true;
      have_source = false;
      version = line_version;
      source.clear();
      lines.clear();
    } else if (!reading) {
      continue;
    } else if (line == "end") {
      finish();
    } else if (!have_source && lines.empty() &&
               (line.compare(0, 7, "source\t") == 0 || version >= 3)) {
      // The line after the version line: "source<TAB>FILE" up to version
      // 2, FILE alone since (an escaped file has no tab).
      have_source = true;
      source = unescape_summary_field(line.compare(0, 7, "source\t") == 0 ? line.substr(7) : line);
    } else {
      lines.push_back(line);
    }
  }
  finish();
  return units;
}

namespace {

// What the program knows of one symbol: the union of its summaries (a C++
// inline function is defined, alike, in several units), and how it
// reaches collectives (link_program).
struct Definition {
  std::string name;
  std::string file;
  std::set<std::string> collectives;
  std::set<std::string> callees;
  bool runs = false;
  // The next symbol on the way to the collectives (null when it runs them
  // in its own file).
  const std::string *next = nullptr;
};

} // namespace

namespace {

// `key' with the symbol it names (the key itself, or the part after a
// "par:", "out:" or "var:" prefix up to the position or field) replaced
// by its alias target.
void resolve_key(std::string &key, const std::map<std::string, std::string> &target_of) {
  bool prefixed = is_parameter_key(key) || is_out_argument_key(key) ||
                  key.compare(0, 4, variable_key("")) == 0;
  std::size_t start = prefixed ? 4 : 0;
  std::size_t end = prefixed ? key.find_first_of(":@", start) : std::string::npos;
  if (end == std::string::npos)
    end = key.size();
  auto target = target_of.find(key.substr(start, end - start));
  if (target != target_of.end())
    key.replace(start, end - start, target->second);
}

} // namespace

void resolve_aliases(std::vector<UnitSummary> &units) {
  std::map<std::string, std::string> target_of;
  for (const UnitSummary &unit : units)
    for (const SymbolAlias &alias : unit.aliases)
      target_of.emplace(alias.alias, alias.target);
  if (target_of.empty())
    return;
  auto resolve = [&](std::string &key) { resolve_key(key, target_of); };
  auto resolve_all = [&](std::vector<std::string> &keys) {
    for (std::string &key : keys)
      resolve(key);
  };
  for (UnitSummary &unit : units) {
    for (FunctionSummary &function : unit.functions) {
      resolve(function.symbol);
      resolve_all(function.external_callees);
    }
    for (ExternalCallSite &site : unit.sites) {
      for (ExternalCallee &callee : site.callees)
        resolve(callee.symbol);
      resolve_all(site.depends_on);
    }
    for (ResultSummary &result : unit.results) {
      resolve(result.symbol);
      resolve_all(result.depends_on);
    }
    for (VariableSummary &variable : unit.variables) {
      resolve_all(variable.depends_on);
      resolve_all(variable.writers);
    }
    for (DeferredSite &site : unit.deferred) {
      resolve(site.callee);
      resolve_all(site.depends_on);
    }
    for (ParameterCallSite &call : unit.calls) {
      resolve(call.callee);
      for (ArgumentSummary &argument : call.arguments)
        resolve_all(argument.depends_on);
    }
    for (ParameterSummary &parameter : unit.parameters)
      resolve(parameter.key);
    resolve_all(unit.addresses_taken);
    resolve_all(unit.every_key);
    for (ThreadCallSite &site : unit.thread_sites)
      resolve(site.callee);
  }
}

std::vector<CrossFileFinding> link_program(const std::vector<UnitSummary> &units) {
  std::map<std::string, Definition> program;
  for (const UnitSummary &unit : units)
    for (const FunctionSummary &f : unit.functions) {
      Definition &d = program[f.symbol];
      if (d.name.empty()) {
        d.name = f.name;
        d.file = f.file;
      }
      d.collectives.insert(f.collectives.begin(), f.collectives.end());
      d.callees.insert(f.external_callees.begin(), f.external_callees.end());
    }
  // Bottom-up to a fixed point: a symbol runs collectives if its own file
  // says so, or if it may call one that does.  The symbols in order, each
  // with its callees of the program found once (the passes look at them in
  // the order the maps of symbols did).
  struct Node {
    Definition *definition;
    std::vector<std::pair<const std::string *, const Definition *>> callees;
  };
  std::vector<Node> nodes;
  nodes.reserve(program.size());
  for (auto &entry : program) {
    Definition &d = entry.second;
    d.runs = !d.collectives.empty();
    Node node{&d, {}};
    for (const std::string &callee : d.callees) {
      auto found = program.find(callee);
      if (found != program.end() && callee != entry.first)
        node.callees.push_back({&found->first, &found->second});
    }
    nodes.push_back(std::move(node));
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (Node &node : nodes) {
      if (node.definition->runs)
        continue;
      for (const auto &callee : node.callees)
        if (callee.second->runs) {
          node.definition->runs = true;
          node.definition->next = callee.first;
          changed = true;
          break;
        }
    }
  }
  auto describe = [&](const Definition &d) { return d.name + " (" + d.file + ")"; };
  std::vector<CrossFileFinding> findings;
  for (const UnitSummary &unit : units)
    for (const ExternalCallSite &site : unit.sites)
      for (const ExternalCallee &callee : site.callees) {
        auto found = program.find(callee.symbol);
        if (found == program.end() || !found->second.runs)
          continue;
        CrossFileFinding finding;
        finding.site = site;
        finding.callee_name = callee.name;
        // Follow the chain to the function that runs the collectives (each
        // symbol at most once: the chain of a fixed point has no cycle).
        const Definition *step = &found->second;
        std::set<const Definition *> seen;
        while (seen.insert(step).second) {
          finding.via.push_back(describe(*step));
          if (!step->next)
            break;
          step = &program.at(*step->next);
        }
        finding.collectives.assign(step->collectives.begin(), step->collectives.end());
        findings.push_back(finding);
        break; // one finding per site
      }
  return findings;
}

std::vector<std::string> arming_keys(const std::vector<CrossFileFinding> &findings) {
  std::vector<std::string> keys;
  std::set<std::string> seen;
  for (const CrossFileFinding &finding : findings)
    if (!finding.site.arming_key.empty() && seen.insert(finding.site.arming_key).second)
      keys.push_back(finding.site.arming_key);
  return keys;
}

std::string arming_key_for(const std::string &source, const std::string &function) {
  // FNV-1a over "source\nfunction": a C identifier-like key, no separator
  // the runtime's list could confuse.
  std::uint64_t hash = 14695981039346656037ull;
  for (char c : source + "\n" + function) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  char text[40];
  std::snprintf(text, sizeof text, "pcl%016llx", static_cast<unsigned long long>(hash));
  return text;
}

namespace {

std::string joined(const std::vector<std::string> &items, const char *separator) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += (i ? separator : "") + items[i];
  return text;
}

} // namespace

SummaryRecord summary_record(std::initializer_list<std::string> head, const SourceLocation &where,
                             std::initializer_list<std::string> tail) {
  SummaryRecord fields(head);
  fields.push_back(where.file);
  fields.push_back(std::to_string(where.line));
  fields.push_back(std::to_string(where.column));
  fields.insert(fields.end(), tail);
  return fields;
}

SourceLocation take_location(SummaryRecord &fields, std::size_t first) {
  return {std::move(fields[first]), summary_number(fields[first + 1]),
          summary_number(fields[first + 2])};
}

int summary_number(const std::string &field) { return std::atoi(field.c_str()); }

std::string location_text(const SourceLocation &location) {
  std::string text = location.file + ":" + std::to_string(location.line);
  if (location.column > 0)
    text += ":" + std::to_string(location.column);
  return text;
}

bool names_several_lines(const std::vector<RelatedLocation> &related) {
  std::set<int> lines;
  for (const RelatedLocation &conditional : related)
    lines.insert(conditional.location.line);
  return lines.size() > 1;
}

std::string format_link_warning(const std::string &function, const SourceLocation &location,
                                const std::vector<RelatedLocation> &related,
                                const std::string &message, const std::string &act,
                                bool as_error) {
  std::set<int> lines;
  for (const RelatedLocation &conditional : related)
    lines.insert(conditional.location.line);
  std::vector<std::string> line_texts;
  for (int l : lines)
    line_texts.push_back(std::to_string(l));
  std::ostringstream out;
  if (!function.empty())
    out << location.file << ": In function '" << function << "':\n";
  out << location_text(location) << ": " << (as_error ? "error" : "warning") << ": " << message
      << ", because of the " << (lines.size() > 1 ? "conditionals at lines " : "conditional at line ")
      << joined(line_texts, ", ") << " [parcoach:collective-mismatch]\n";
  for (const RelatedLocation &conditional : related) {
    out << location_text(conditional.location) << ": note: ";
    if (conditional.role == "loop-exit")
      out << "processes may leave this loop after different numbers of iterations, and so "
          << act << " (line " << location.line << ") a different number of times\n";
    else
      out << "processes may take different branches here, and then not all of them " << act
          << " (line " << location.line << ") at the same point\n";
  }
  return out.str();
}

std::string format_finding(const CrossFileFinding &finding, bool as_error) {
  const ExternalCallSite &site = finding.site;
  std::string collectives = joined(finding.collectives, ", ");
  std::ostringstream out;
  out << format_link_warning(site.function, site.location, site.related,
                             "this call to '" + finding.callee_name + "' may run MPI collectives (" +
                                 collectives +
                                 ") that not all processes may run, or not in the same order",
                             "make the call to '" + finding.callee_name + "'", as_error);
  out << location_text(site.location) << ": note: ";
  if (finding.via.size() == 1)
    out << finding.via[0] << " runs " << collectives << "\n";
  else
    out << "through " << joined(finding.via, " -> ") << ", which runs " << collectives << "\n";
  return out.str();
}

} // namespace parcoach
