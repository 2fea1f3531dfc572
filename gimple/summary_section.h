// Writes the unit's summary for the link step (plugin/core/program_summary.h)
// into the object file: a section .parcoach.summary without SHF_ALLOC, so
// that it is never loaded and `ld' (and `ld -r', archives, shared
// libraries) just concatenates the sections of its inputs.  The text goes
// straight into the assembler output at the end of the compilation, which
// GCC writes for -flto objects too (their LTO sections go the same way).
#ifndef PARCOACH_GIMPLE_SUMMARY_SECTION_H
#define PARCOACH_GIMPLE_SUMMARY_SECTION_H

#include <string>

namespace parcoach {

// The text to write (replaces any earlier one).
void set_unit_summary(const std::string &text);

void register_summary_section(const char *plugin_name);

} // namespace parcoach

#endif
