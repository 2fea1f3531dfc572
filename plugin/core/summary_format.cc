#include "summary_format.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <map>
#include <unordered_map>

namespace parcoach {

namespace {

const char *const header_prefix = "parcoach-summary ";

// Record kinds and their one-letter codes in the section ('$' is the
// string table).  A kind missing here is written under its own name.
const std::pair<const char *, const char *> kind_codes[] = {
    {"function", "F"},       {"runs", "R"},          {"calls", "C"},
    {"site", "S"},           {"callee", "E"},        {"related", "L"},
    {"result", "V"},         {"result-of", "O"},     {"variable", "G"},
    {"variable-of", "H"},    {"variable-writer", "W"}, {"deferred", "D"},
    {"deferred-runs", "X"},  {"deferred-on", "Y"},   {"deferred-related", "Z"},
    {"param", "P"},          {"pcall", "Q"},         {"parg", "A"},
    {"site-on", "N"},        {"address", "T"},       {"any-caller", "U"},
    {"report-to", "B"},      {"every-key", "K"},     {"param-of", "M"},
    {"level-request", "I"},  {"mpi-word", "J"},      {"thread-site", "i"},
    {"thread-letter", "j"},
};

const char *const table_kind = "$";
// A field naming the unit's main file (which most locations name), a text
// escape_summary_field never writes.
const char *const source_field = "%";
const char digits52[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

// Decimal numbers are written as they are (lines, columns, flags, indices).
bool literal(std::string_view field) {
  return !field.empty() && field.size() <= 9 &&
         std::all_of(field.begin(), field.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string base52(std::size_t index) {
  std::string text;
  do {
    text.insert(text.begin(), digits52[index % 52]);
    index /= 52;
  } while (index);
  return text;
}

// The value of one base-52 digit, or -1.
int digit52(char c) {
  if (c >= 'a' && c <= 'z')
    return c - 'a';
  if (c >= 'A' && c <= 'Z')
    return 26 + (c - 'A');
  return -1;
}

// The index a base-52 field names, or -1.
long from_base52(std::string_view text) {
  long index = 0;
  for (char c : text) {
    int digit = digit52(c);
    if (digit < 0 || index > (1L << 40))
      return -1;
    index = index * 52 + digit;
  }
  return text.empty() ? -1 : index;
}

// The fields of `line' (views into it), reusing `fields'.
void split_tabs(std::string_view line, std::vector<std::string_view> &fields) {
  fields.clear();
  std::size_t start = 0;
  for (;;) {
    std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos)
      return;
    start = tab + 1;
  }
}

void append_unescaped(std::string_view field, std::string &out) {
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (field[i] == '%' && i + 2 < field.size()) {
      char hex[3] = {field[i + 1], field[i + 2], 0};
      out += static_cast<char>(std::strtol(hex, nullptr, 16));
      i += 2;
    } else {
      out += field[i];
    }
  }
}

} // namespace

std::string escape_summary_field(const std::string &field) {
  std::string out;
  for (char c : field) {
    if (c == '%' || c == '\t' || c == '\n' || c == '\r' || c == '\0') {
      char buffer[4];
      std::snprintf(buffer, sizeof buffer, "%%%02X", static_cast<unsigned char>(c));
      out += buffer;
    } else {
      out += c;
    }
  }
  return out;
}

std::string unescape_summary_field(std::string_view field) {
  std::string out;
  append_unescaped(field, out);
  return out;
}

std::string summary_header() { return header_prefix + std::to_string(summary_format_version); }

std::string encode_summary_records(const std::vector<SummaryRecord> &records,
                                   const std::string &source,
                                   const std::vector<DerivedField> &derived) {
  auto inline_field = [&](const std::string &field) {
    return field.empty() || literal(field) || (!source.empty() && field == source);
  };
  std::vector<std::string> table;
  for (const SummaryRecord &record : records)
    for (std::size_t i = 1; i < record.size(); ++i)
      if (!inline_field(record[i]))
        table.push_back(record[i]);
  std::sort(table.begin(), table.end());
  table.erase(std::unique(table.begin(), table.end()), table.end());
  // The fields the reader derives from another entry (never from one that
  // is itself derived), by text: their marker and that entry.
  std::unordered_map<std::string, std::pair<char, std::string>> derivation;
  for (const DerivedField &field : derived)
    for (const std::string &entry : table)
      derivation.emplace(field.derive(source, entry), std::make_pair(field.marker, entry));
  for (auto at = derivation.begin(); at != derivation.end();)
    at = at->first == at->second.second || derivation.count(at->second.second)
             ? derivation.erase(at)
             : std::next(at);
  table.erase(std::remove_if(table.begin(), table.end(),
                             [&](const std::string &entry) { return derivation.count(entry); }),
              table.end());
  std::string out = table_kind;
  for (std::size_t i = 0; i < table.size(); ++i) {
    std::size_t shared = 0;
    if (i > 0)
      while (shared < table[i].size() && shared < table[i - 1].size() &&
             table[i][shared] == table[i - 1][shared])
        ++shared;
    std::string rest = escape_summary_field(table[i].substr(shared));
    // Nothing shared: the text alone, unless it starts like a count.
    if (shared > 0 || rest.empty() || std::isdigit(static_cast<unsigned char>(rest[0])))
      out += '\t' + std::to_string(shared) + ' ' + rest;
    else
      out += '\t' + rest;
  }
  out += '\n';
  auto index_of = [&](const std::string &entry) {
    return base52(std::lower_bound(table.begin(), table.end(), entry) - table.begin());
  };
  std::map<std::string, std::string> codes(std::begin(kind_codes), std::end(kind_codes));
  for (const SummaryRecord &record : records) {
    if (record.empty())
      continue;
    auto code = codes.find(record[0]);
    out += code != codes.end() ? code->second : escape_summary_field(record[0]);
    for (std::size_t i = 1; i < record.size(); ++i) {
      out += '\t';
      auto derived_field = derivation.find(record[i]);
      if (!source.empty() && record[i] == source)
        out += source_field;
      else if (inline_field(record[i]))
        out += record[i];
      else if (derived_field != derivation.end())
        out += derived_field->second.first + index_of(derived_field->second.second);
      else
        out += index_of(record[i]);
    }
    out += '\n';
  }
  return out + "end\n";
}

std::vector<SummaryRecord> decode_summary_records(const std::vector<std::string> &lines,
                                                  const std::string &source,
                                                  const std::vector<DerivedField> &derived) {
  return decode_summary_records(std::vector<std::string_view>(lines.begin(), lines.end()),
                                source, derived);
}

std::vector<SummaryRecord> decode_summary_records(const std::vector<std::string_view> &lines,
                                                  const std::string &source,
                                                  const std::vector<DerivedField> &derived) {
  std::vector<SummaryRecord> records;
  records.reserve(lines.size());
  visit_summary_records(lines, source, derived,
                        [&](SummaryRecord &record) { records.push_back(std::move(record)); });
  return records;
}

void visit_summary_records(const std::vector<std::string_view> &lines, const std::string &source,
                           const std::vector<DerivedField> &derived,
                           const std::function<void(SummaryRecord &)> &visit) {
  // Kind codes by their first letter (every code is one letter).
  static const std::vector<const char *> kind_of_code = [] {
    std::vector<const char *> kinds(128, nullptr);
    for (const auto &entry : kind_codes)
      kinds[static_cast<unsigned char>(entry.second[0])] = entry.first;
    return kinds;
  }();
  std::vector<std::string> table;
  SummaryRecord record; // one at a time, its room reused
  std::vector<std::string_view> fields;
  for (std::string_view line : lines) {
    split_tabs(line, fields);
    if (fields[0] == table_kind) {
      table.reserve(table.size() + fields.size() - 1);
      for (std::size_t i = 1; i < fields.size(); ++i) {
        // "COUNT REST", or the text alone when it shares nothing.
        std::string_view rest = fields[i];
        std::size_t shared = 0;
        if (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0]))) {
          std::size_t space = rest.find(' ');
          if (space == std::string_view::npos)
            return; // not our table: the rest cannot be read
          shared = std::strtoul(std::string(rest.substr(0, space)).c_str(), nullptr, 10);
          rest = rest.substr(space + 1);
        }
        std::size_t before = table.empty() ? 0 : table.back().size();
        if (shared > before)
          return;
        std::string entry = table.empty() ? std::string() : table.back().substr(0, shared);
        append_unescaped(rest, entry);
        table.push_back(std::move(entry));
      }
      continue;
    }
    record.clear();
    const char *kind = fields[0].size() == 1 && static_cast<unsigned char>(fields[0][0]) < 128
                           ? kind_of_code[static_cast<unsigned char>(fields[0][0])]
                           : nullptr;
    record.push_back(kind ? std::string(kind) : unescape_summary_field(fields[0]));
    bool resolved = true;
    for (std::size_t i = 1; i < fields.size() && resolved; ++i) {
      std::string_view field = fields[i];
      if (field.empty() || literal(field)) {
        record.emplace_back(field);
        continue;
      }
      if (field == source_field) {
        record.push_back(source);
        continue;
      }
      auto derivation = std::find_if(derived.begin(), derived.end(),
                                     [&](const DerivedField &d) { return d.marker == field[0]; });
      long index = from_base52(derivation == derived.end() ? field : field.substr(1));
      resolved = index >= 0 && static_cast<std::size_t>(index) < table.size();
      if (resolved && derivation != derived.end())
        record.push_back(derivation->derive(source, table[index]));
      else if (resolved)
        record.push_back(table[index]);
    }
    if (resolved)
      visit(record);
  }
}

bool summary_version_line(std::string_view line, int &version) {
  // Sections are concatenated, maybe after padding or bytes that are not
  // ours: the version line is the end of a line.
  std::size_t at = line.rfind(header_prefix);
  if (at == std::string_view::npos)
    return false;
  std::string_view number = line.substr(at + std::strlen(header_prefix));
  if (number.empty() || number.size() > 6 ||
      !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  version = std::atoi(std::string(number).c_str());
  return true;
}

std::string summary_version_problem(int version, const std::string &source) {
  return (source.empty() ? std::string("an object") : "the object of " + source) +
         " holds a PARCOACH summary of format version " + std::to_string(version) +
         ", which this parcoach-link does not read (it reads version " +
         std::to_string(summary_format_version) +
         "): the calls of that file are left out of the whole-program step; rebuild it with "
         "this PARCOACH";
}

} // namespace parcoach
