#include "summary_section.h"

#include "gcc_compat.h"
#include "output.h"

#include "program_summary.h"


namespace parcoach {

namespace {

std::string pending_summary;

// One .ascii directive per line of the text, every byte that is not
// plain printable ASCII (or is a quote or a backslash) in octal.
void write_ascii(FILE *out, const std::string &text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string::npos ? text.size() : end + 1;
    fputs("\t.ascii \"", out);
    for (std::size_t i = start; i < end; ++i) {
      unsigned char c = static_cast<unsigned char>(text[i]);
      if (c < 32 || c >= 127 || c == '"' || c == '\\')
        fprintf(out, "\\%03o", c);
      else
        fputc(c, out);
    }
    fputs("\"\n", out);
    start = end;
  }
}

void write_summary(void *, void *) {
  if (pending_summary.empty() || !asm_out_file)
    return;
  fprintf(asm_out_file, "\t.pushsection %s,\"\",@progbits\n", summary_section_name);
  write_ascii(asm_out_file, pending_summary);
  fputs("\t.popsection\n", asm_out_file);
  pending_summary.clear();
}

} // namespace

void set_unit_summary(const std::string &text) { pending_summary = text; }

void register_summary_section(const char *plugin_name) {
  register_callback(plugin_name, PLUGIN_FINISH_UNIT, write_summary, nullptr);
}

} // namespace parcoach
