// Run time across files (rtlib/parcoach_link.c): the functions whose calls
// to functions of other files the link step may find running collectives
// out of step start with `saved = parcoach_enter_linked_region ("KEY")'
// and call parcoach_leave_work (saved) before each return.  KEY names the
// function in the summary (program_summary.h); parcoach-link lists the
// keys of the functions it reports, which arms them at run time.
#ifndef PARCOACH_GIMPLE_LINK_ARMING_H
#define PARCOACH_GIMPLE_LINK_ARMING_H

#include <map>
#include <string>

namespace parcoach {

// `key_of_function': by DECL_UID.  Run at the unit step (GIMPLE with a
// CFG, not yet in SSA form).
void insert_link_arming(const std::map<unsigned, std::string> &key_of_function);

} // namespace parcoach

#endif
