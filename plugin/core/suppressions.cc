#include "suppressions.h"

#include <algorithm>
#include <cctype>

namespace parcoach {

namespace {

std::string trimmed(const std::string &text) {
  std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos)
    return "";
  std::size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

bool all_digits(const std::string &text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isdigit(c) != 0;
  });
}

// One path ends with the other at a directory boundary.
bool same_file(const std::string &a, const std::string &b) {
  const std::string &longer = a.size() >= b.size() ? a : b;
  const std::string &shorter = a.size() >= b.size() ? b : a;
  if (shorter.empty() || longer.compare(longer.size() - shorter.size(), shorter.size(), shorter))
    return false;
  return longer.size() == shorter.size() || longer[longer.size() - shorter.size() - 1] == '/';
}

// Fortran names reach GCC in lower case whatever the source says.
bool same_function(const std::string &a, const std::string &b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
           return std::tolower(x) == std::tolower(y);
         });
}

} // namespace

std::string Suppressions::add_file(const std::string &text, const std::string &file_name) {
  std::vector<Entry> read;
  std::size_t start = 0;
  for (int number = 1; start < text.size(); ++number) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    std::string line = trimmed(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line[0] == '#')
      continue;
    std::string where = file_name + ":" + std::to_string(number) + ": ";
    std::size_t colon = line.rfind(':');
    if (colon == std::string::npos || colon == 0)
      return where + "expected FILE:LINE:KIND or FUNCTION:KIND, got '" + line + "'";
    Entry entry;
    std::string error = parse_kind_list(trimmed(line.substr(colon + 1)), entry.kinds);
    if (!error.empty())
      return where + error;
    std::string place = trimmed(line.substr(0, colon));
    std::size_t line_colon = place.rfind(':');
    if (line_colon != std::string::npos && line_colon > 0 &&
        place[line_colon - 1] != ':' && all_digits(place.substr(line_colon + 1))) {
      entry.file = place.substr(0, line_colon);
      entry.line = std::stoi(place.substr(line_colon + 1));
    } else {
      entry.function = place;
    }
    read.push_back(entry);
  }
  entries_.insert(entries_.end(), read.begin(), read.end());
  return "";
}

void Suppressions::add_pragma(const std::string &file, int line,
                              const std::vector<FindingKind> &kinds) {
  Entry entry;
  entry.file = file;
  entry.line = line + 1;
  entry.kinds = kinds;
  entries_.push_back(entry);
}

bool Suppressions::silences(FindingKind kind, const std::string &file, int line,
                            const std::string &function) const {
  for (const Entry &entry : entries_) {
    if (std::find(entry.kinds.begin(), entry.kinds.end(), kind) == entry.kinds.end())
      continue;
    if (entry.file.empty() ? same_function(entry.function, function)
                           : entry.line == line && same_file(entry.file, file))
      return true;
  }
  return false;
}

} // namespace parcoach
