// Reading the summaries (program_summary.h) out of what the linker reads:
// ELF relocatable objects, shared libraries and executables, and `ar'
// archives of objects.  Works on the bytes of a file; anything else (a
// linker script, a thin archive, a truncated or foreign file) holds no
// summary.  No GCC headers.
#ifndef PARCOACH_CORE_ELF_SUMMARIES_H
#define PARCOACH_CORE_ELF_SUMMARIES_H

#include <string>

namespace parcoach {

// The contents of the section named `section' in the ELF image `bytes'
// (32 or 64 bits, little or big endian), or "".
std::string elf_section(const std::string &bytes, const char *section);

// The summary text of a file: its section, or for an archive the sections
// of all its members, concatenated.
std::string summary_text_of_file(const std::string &bytes);

} // namespace parcoach

#endif
