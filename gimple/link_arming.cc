#include "link_arming.h"

#include "gcc_compat.h"
#include "runtime_entry_points.h"

#include <vector>

namespace parcoach {

namespace {

// The call graph knows every call of a function once its edges are built
// (before the unit step): ours get their edges too.
void add_edge(cgraph_node *caller, tree callee, gcall *call) {
  caller->create_edge(cgraph_node::get_create(callee), call, gimple_bb(call)->count);
}

void arm(cgraph_node *node, function *fun, const std::string &key, tree enter, tree leave) {
  basic_block entry = ENTRY_BLOCK_PTR_FOR_FN(fun);
  if (!single_succ_p(entry))
    return;
  tree saved = create_tmp_var(integer_type_node, "parcoach_linked");
  std::vector<gimple *> returns;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
      if (gimple_code(gsi_stmt(gsi)) == GIMPLE_RETURN)
        returns.push_back(gsi_stmt(gsi));
  if (returns.empty())
    return; // never returns: the extent would stay marked
  gcall *start = gimple_build_call(enter, 1, gcc_compat::string_constant(key.c_str()));
  gimple_call_set_lhs(start, saved);
  gimple_set_location(start, DECL_SOURCE_LOCATION(fun->decl));
  gsi_insert_on_edge_immediate(single_succ_edge(entry), start);
  add_edge(node, enter, start);
  for (gimple *ret : returns) {
    gcall *end = gimple_build_call(leave, 1, saved);
    gimple_set_location(end, gimple_location(ret));
    gimple_stmt_iterator gsi = gsi_for_stmt(ret);
    gsi_insert_before(&gsi, end, GSI_SAME_STMT);
    add_edge(node, leave, end);
  }
}

} // namespace

void insert_link_arming(const std::map<unsigned, std::string> &key_of_function) {
  if (key_of_function.empty())
    return;
  tree enter = runtime_entry(EntryPoint::enter_linked_region);
  tree leave = runtime_entry(EntryPoint::leave_work);
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
    function *fun = node->get_fun();
    auto key = key_of_function.find(DECL_UID(node->decl));
    if (!fun || !fun->cfg || key == key_of_function.end() || gimple_in_ssa_p(fun))
      continue;
    push_cfun(fun);
    arm(node, fun, key->second, enter, leave);
    pop_cfun();
  }
}

} // namespace parcoach
