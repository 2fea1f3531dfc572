#include "diagnostic_paths.h"

#include "report.h"

#include "intl.h"

namespace parcoach {

namespace {

// Whether `where' is a location this compilation made: one read from
// elsewhere (an origin in another file's summary) would crash GCC's line
// maps, and gets no event rather than an ICE.  Ad-hoc locations (a locus
// with its block or range) index the ad-hoc table.
bool made_here(location_t where) {
  if (where == UNKNOWN_LOCATION)
    return false;
  if (IS_ADHOC_LOC(where))
    return (where & MAX_LOCATION_T) < line_table->location_adhoc_data_map.curr_loc;
  return where <= line_table->highest_location;
}

} // namespace

void FindingPath::add(location_t where, const char *gmsgid, ...) {
  if (!made_here(where))
    return;
  // A printer of our own: GCC's front-end decoder (%qD, %qE) and the
  // locale's quotes, no colours (the events also go to the report).
  pretty_printer printer;
  pp_format_decoder(&printer) = pp_format_decoder(global_dc->printer);
  va_list arguments;
  va_start(arguments, gmsgid);
  rich_location nowhere(line_table, UNKNOWN_LOCATION);
  text_info text;
  text.format_spec = _(gmsgid);
  text.args_ptr = &arguments;
  text.err_no = 0;
  text.x_data = nullptr;
  text.m_richloc = &nowhere;
  pp_format(&printer, &text);
  pp_output_formatted_text(&printer);
  va_end(arguments);
  events_.push_back({where, pp_formatted_text(&printer)});
}

std::vector<PathEvent> FindingPath::report_events() const {
  std::vector<PathEvent> events;
  for (const Event &event : events_)
    events.push_back({source_location(event.where), event.text});
  return events;
}

std::string quote(const std::string &text) {
  return std::string(open_quote) + text + close_quote;
}

std::string with_gcc_quotes(const std::string &phrase) {
  std::string text;
  bool open = false;
  for (std::size_t i = 0; i < phrase.size(); ++i) {
    // An apostrophe inside a word ("process's") is not a quote.
    bool inside_word = i > 0 && i + 1 < phrase.size() && ISALPHA(phrase[i - 1]) &&
                       ISALPHA(phrase[i + 1]) && !open;
    if (phrase[i] != '\'' || inside_word) {
      text += phrase[i];
      continue;
    }
    text += open ? close_quote : open_quote;
    open = !open;
  }
  // An unpaired quote: the phrase as it was.
  return open ? phrase : text;
}

void add_to_gcc_path(const FindingPath &path, simple_diagnostic_path &gcc) {
  // No function per event: GCC's inline printer then keeps the events of
  // one finding together rather than cutting them by function.
  for (const FindingPath::Event &event : path.events())
    gcc.add_event(event.where, NULL_TREE, 0, "%s", event.text.c_str());
}

} // namespace parcoach
