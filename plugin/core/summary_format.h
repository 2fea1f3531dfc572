// The compact text form of one unit's summary records (issue 15: the
// summaries must stay a small part of the objects).  No GCC headers.
//
// program_summary.cc builds a unit's summary as records: a kind ("function",
// "site", "parg"...) and string fields.  This file turns them into the text
// of the section and back:
//
//   parcoach-summary 3                  the version line (summary_header)
//   app.c                               the unit's main file, escaped
//   $<TAB>MPI_Barrier<TAB>4 Bcast...    the string table: every field text,
//                                       sorted, each written as the length
//                                       of the prefix it shares with the
//                                       entry before, a space, the rest
//                                       (the text alone when it shares
//                                       nothing and starts with no digit)
//   F<TAB>b<TAB>c<TAB>%                 records: a short kind code, then
//   S<TAB>d<TAB>%<TAB>12<TAB>5...       fields: "" as is, a decimal number
//   end                                 as is, the source file as '%', a
//                                       derived field (DerivedField) as its
//                                       marker and the index of the entry
//                                       it derives from, anything else the
//                                       index of its table entry in base
//                                       52 (a-zA-Z)
//
// Fields escape '%', tab, CR, LF and NUL as %XX.  The table makes every
// mangled name, file and reason appear once per unit; front coding makes
// the keys of one function's parameters ("par:SYM:0", "par:SYM:1") a few
// bytes each.  Encoding is O(n log n) in the number of fields.
//
// Version 3 (2026-11-28): the source line loses its "source<TAB>" (up to
// version 2 it had it), table entries sharing nothing their "0 "; derived
// fields (the arming keys) and the compact parameter records of
// cross_file_parameters.cc ("param-of").
#ifndef PARCOACH_CORE_SUMMARY_FORMAT_H
#define PARCOACH_CORE_SUMMARY_FORMAT_H

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace parcoach {

// The version this build writes and reads; a reader meeting another one
// rejects the unit (summary_version_problem) instead of misreading it.
constexpr int summary_format_version = 3;

// "parcoach-summary 3": the first line of each unit's text.
std::string summary_header();

// The unit's records (each: kind, then fields) as the text after the header
// and the source line, up to and including the "end" line.  A field equal
// to `source' (the unit's main file, on the source line) is written '%'.
using SummaryRecord = std::vector<std::string>;

// A field the reader derives from the unit's source and another field's
// text (the arming keys of program_summary.h, from the function's linker
// name): written as `marker' (neither a letter, a digit nor '%') and the
// index of that text's entry, not stored.
struct DerivedField {
  char marker;
  std::string (*derive)(const std::string &source, const std::string &entry);
};

std::string encode_summary_records(const std::vector<SummaryRecord> &records,
                                   const std::string &source,
                                   const std::vector<DerivedField> &derived = {});

// Decodes the lines of one unit after its source line (up to "end",
// excluded); records whose fields do not resolve are dropped.
std::vector<SummaryRecord> decode_summary_records(const std::vector<std::string> &lines,
                                                  const std::string &source,
                                                  const std::vector<DerivedField> &derived = {});
// The same over views of the lines (the link step's text, not copied).
std::vector<SummaryRecord> decode_summary_records(const std::vector<std::string_view> &lines,
                                                  const std::string &source,
                                                  const std::vector<DerivedField> &derived = {});
// The same, each record handed to `visit' as it is decoded (which may take
// its fields): no list of every record of the unit.
void visit_summary_records(const std::vector<std::string_view> &lines, const std::string &source,
                           const std::vector<DerivedField> &derived,
                           const std::function<void(SummaryRecord &)> &visit);

// If `line' ends with a version line (sections are concatenated, maybe after
// padding): true, and its version in `version' (0 if not a number).
bool summary_version_line(std::string_view line, int &version);

// What a reader says of a unit written in another version.
std::string summary_version_problem(int version, const std::string &source);

// Field escaping shared with the source line.
std::string escape_summary_field(const std::string &field);
std::string unescape_summary_field(std::string_view field);

} // namespace parcoach

#endif
