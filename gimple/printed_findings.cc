#include "printed_findings.h"

#include "report.h"
#include "sarif_log.h"

#include "langhooks.h"
#include "toplev.h"

#include <vector>

namespace parcoach {

namespace {

bool capturing = false;
std::string sarif_file;
std::vector<SarifResult> results;

// Set by report_finding while GCC prints one of our findings.
bool finding_pending = false;
// From sarif_finding_begins to sarif_finding_ends: the notes then are the
// events of the path (separate-events), already in pending_events.
bool inside_report = false;
FindingKind pending_kind = FindingKind::CollectiveMismatch;
std::string pending_function;
std::vector<PathEvent> pending_events;
// The result the notes GCC prints next belong to, or -1.
int open_result = -1;

diagnostic_finalizer_fn previous_finalizer = nullptr;

// Terminal escapes (colours, ESC ] 8 hyperlinks) removed.
std::string plain_text(const std::string &text) {
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\033') {
      plain += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '[') { // CSI: up to a final letter
      i += 2;
      while (i < text.size() && !(text[i] >= '@' && text[i] <= '~'))
        ++i;
    } else if (i + 1 < text.size() && text[i + 1] == ']') { // OSC: up to BEL or ESC '\'
      i += 2;
      while (i < text.size() && text[i] != '\a' &&
             !(text[i] == '\033' && i + 1 < text.size() && text[i + 1] == '\\'))
        ++i;
      if (i < text.size() && text[i] == '\033')
        ++i;
    }
  }
  return plain;
}

// The message of the diagnostic being finalized, as printed: the printer
// still holds "PREFIX MESSAGE" (C family) or the locus lines and then
// "Warning: MESSAGE" (Fortran), not yet flushed.  Read without adding to
// the buffer, which GCC prints after this.
std::string printed_message(diagnostic_context *context) {
  struct obstack *buffer = context->printer->buffer->obstack;
  std::string text(static_cast<const char *>(obstack_base(buffer)), obstack_object_size(buffer));
  text = plain_text(text);
  std::size_t last_line = text.find_last_of('\n', text.size() > 1 ? text.size() - 2 : 0);
  if (last_line != std::string::npos && last_line + 1 < text.size())
    text.erase(0, last_line + 1);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  const char *prefix = pp_get_prefix(context->printer);
  std::string plain_prefix = prefix ? plain_text(prefix) : "";
  if (!plain_prefix.empty() && text.compare(0, plain_prefix.size(), plain_prefix) == 0)
    text.erase(0, plain_prefix.size());
  return text;
}

void capture_diagnostic(diagnostic_context *context, diagnostic_info *diagnostic,
                        diagnostic_t original_kind) {
  std::string message = printed_message(context);
  previous_finalizer(context, diagnostic, original_kind);
  expanded_location where = expand_location(diagnostic_location(diagnostic));
  SourceLocation location{where.file ? where.file : "", where.line, where.column};
  bool finding = diagnostic->kind == DK_WARNING || diagnostic->kind == DK_ERROR;
  if (finding_pending && finding) {
    std::string tag = std::string(" [parcoach:") + finding_kind_name(pending_kind) + "]";
    if (message.size() >= tag.size() &&
        message.compare(message.size() - tag.size(), tag.size(), tag) == 0)
      message.erase(message.size() - tag.size());
    SarifResult result;
    result.kind = pending_kind;
    result.error = diagnostic->kind == DK_ERROR;
    result.message = message;
    result.location = location;
    result.function = pending_function;
    result.events = pending_events;
    results.push_back(result);
    open_result = static_cast<int>(results.size()) - 1;
    finding_pending = false;
  } else if (diagnostic->kind == DK_NOTE && inside_report) {
    // An event of the path, printed as a note: already in the result.
  } else if (diagnostic->kind == DK_NOTE && open_result >= 0) {
    results[open_result].notes.push_back({location, message});
  } else {
    open_result = -1;
  }
}

bool is_lto_compilation() { return lang_hooks.name && !strcmp(lang_hooks.name, "GNU GIMPLE"); }

void write_sarif_log(void *, void *) {
  const char *source = main_input_filename ? main_input_filename : "";
  if (is_lto_compilation() || is_build_system_probe(source))
    return;
  SarifTool tool{PARCOACH_VERSION, PARCOACH_DOC_URI};
  std::string problem = merge_into_sarif_log(sarif_file, tool, results, get_src_pwd());
  if (!problem.empty())
    report_finding(FindingKind::Report, UNKNOWN_LOCATION, "",
                   "PARCOACH SARIF log not written: %s [parcoach:report]", problem.c_str());
}

} // namespace

void register_printed_findings(const char *plugin_name, const Options &options) {
  sarif_file = options.sarif_file;
  capturing = !options.sarif_file.empty() || !options.report_file.empty();
  if (!sarif_file.empty())
    register_callback(plugin_name, PLUGIN_FINISH, write_sarif_log, nullptr);
}

void describe_printed_findings(std::vector<Finding> &findings) {
  for (Finding &finding : findings)
    for (const SarifResult &printed : results)
      if (printed.kind == finding.kind && printed.location.file == finding.location.file &&
          printed.location.line == finding.location.line &&
          printed.location.column == finding.location.column) {
        finding.message = printed.message;
        finding.severity = printed.error ? "error" : "warning";
        finding.path = printed.events;
        break;
      }
}

void sarif_finding_begins(FindingKind kind, const std::string &function,
                          const std::vector<PathEvent> &events) {
  if (!capturing)
    return;
  // Installed at the first finding, once the front end has set its own
  // finalizer (gfortran's prints differently from the C family's).
  if (!previous_finalizer) {
    previous_finalizer = diagnostic_finalizer(global_dc);
    diagnostic_finalizer(global_dc) = capture_diagnostic;
  }
  finding_pending = true;
  inside_report = true;
  open_result = -1;
  pending_kind = kind;
  pending_function = function;
  pending_events = events;
}

void sarif_finding_ends() { finding_pending = inside_report = false; }

} // namespace parcoach
