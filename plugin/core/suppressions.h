// Findings the user silenced at one place: a line of a file, or a function.
// They come from `#pragma parcoach ignore KIND' in C and C++ (the line
// after the pragma) and from a suppression file
// (-fplugin-arg-parcoach-suppressions=FILE, for Fortran and for code one
// cannot edit).  A silenced finding is neither reported nor checked at run
// time.  No GCC headers.
#ifndef PARCOACH_CORE_SUPPRESSIONS_H
#define PARCOACH_CORE_SUPPRESSIONS_H

#include "finding_kinds.h"

#include <string>
#include <vector>

namespace parcoach {

class Suppressions {
public:
  // Reads a suppression file's text, one entry per line:
  //   FILE:LINE:KIND[,KIND...]   the findings of those kinds at that line
  //   FUNCTION:KIND[,KIND...]    the findings of those kinds in that function
  //                              (C++ names with their scopes: ns::Solver::step)
  // KIND may be `all'; blank lines and lines starting with # are ignored.
  // FILE matches the file GCC names when one ends with the other at a '/'
  // (src/io.c matches io.c and /abs/src/io.c).  Returns an empty string, or
  // "NAME:LINE: what is wrong" for the first bad line (nothing is added
  // then).
  std::string add_file(const std::string &text, const std::string &file_name);

  // `#pragma parcoach ignore KINDS' at `line' of `file': silences the
  // findings of those kinds on the next line.
  void add_pragma(const std::string &file, int line, const std::vector<FindingKind> &kinds);

  bool silences(FindingKind kind, const std::string &file, int line,
                const std::string &function) const;

  bool empty() const { return entries_.empty(); }

private:
  struct Entry {
    std::string file; // empty for a function entry
    int line = 0;
    std::string function;
    std::vector<FindingKind> kinds;
  };
  std::vector<Entry> entries_;
};

} // namespace parcoach

#endif
