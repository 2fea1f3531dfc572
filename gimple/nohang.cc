#include "nohang.h"

#include "blocking_calls.h"
#include "function_model.h"
#include "runtime_entry_points.h"

#include <string>

namespace parcoach {

namespace {

tree blocking_decl(bool enter) {
  return runtime_entry(enter ? EntryPoint::blocking_enter : EntryPoint::blocking_leave);
}

// The edge on which the code after `call' goes on, or null when there is
// none or more than one (the bracket is then left out).
edge normal_successor(gimple *call) {
  basic_block bb = gimple_bb(call);
  edge found = nullptr, e;
  edge_iterator ei;
  FOR_EACH_EDGE(e, ei, bb->succs) {
    if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
      continue;
    if (found)
      return nullptr;
    found = e;
  }
  return found;
}

} // namespace

void bracket_blocking_calls(function *fun) {
  if (!fun || !fun->cfg)
    return;
  SourceLanguage language =
      gcc_compat::compiling_fortran() ? SourceLanguage::Fortran : SourceLanguage::C;
  std::string function_name = printable_function_name(fun->decl);
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
      const char *routine = call ? blocking_point_to_point(callee_name(call), language) : nullptr;
      if (!routine)
        continue;
      edge after = nullptr;
      bool ends_block = stmt_ends_bb_p(call);
      if (ends_block && !(after = normal_successor(call)))
        continue;
      location_t where = gimple_location(call);
      const char *file = LOCATION_FILE(where);
      gcall *enter = gimple_build_call(
          blocking_decl(true), 4, gcc_compat::string_constant(routine),
          gcc_compat::string_constant(file ? file : "?"),
          build_int_cst(integer_type_node, LOCATION_LINE(where)),
          gcc_compat::string_constant(function_name.c_str()));
      gimple_set_location(enter, where);
      gsi_insert_before(&gsi, enter, GSI_SAME_STMT);
      gcall *leave = gimple_build_call(blocking_decl(false), 0);
      gimple_set_location(leave, where);
      if (ends_block) {
        gsi_insert_on_edge_immediate(after, leave);
        break; // the call ended the block
      }
      gsi_insert_after(&gsi, leave, GSI_NEW_STMT);
    }
  }
}

} // namespace parcoach
