#include "private_copies.h"

#include <map>

namespace parcoach {

namespace {

// The unit step runs once per compilation, after every function is in the
// call graph: one look-up table for all its questions.
cgraph_node *defined_function(unsigned uid) {
  static std::map<unsigned, cgraph_node *> *by_uid = nullptr;
  if (!by_uid) {
    by_uid = new std::map<unsigned, cgraph_node *>;
    cgraph_node *node;
    FOR_EACH_DEFINED_FUNCTION(node)
      (*by_uid)[DECL_UID(node->decl)] = node;
  }
  auto found = by_uid->find(uid);
  return found == by_uid->end() ? nullptr : found->second;
}

// Other files, or code this file does not show, may call this very copy.
bool kept_public(const symtab_node *node) {
  tree decl = node->decl;
  return node->address_taken || node->forced_by_abi || node->force_output ||
         DECL_PRESERVE_P(decl) || DECL_VIRTUAL_P(decl) ||
         lookup_attribute("externally_visible", DECL_ATTRIBUTES(decl)) ||
         lookup_attribute("used", DECL_ATTRIBUTES(decl)) ||
         lookup_attribute("visibility", DECL_ATTRIBUTES(decl));
}

} // namespace

bool is_shared_inline_copy(tree decl) {
  return TREE_CODE(decl) == FUNCTION_DECL && TREE_PUBLIC(decl) && DECL_COMDAT(decl) &&
         !DECL_EXTERNAL(decl) && !DECL_VIRTUAL_P(decl) && !DECL_STATIC_CONSTRUCTOR(decl) &&
         !DECL_STATIC_DESTRUCTOR(decl);
}

bool copy_may_be_local(unsigned uid) {
  cgraph_node *node = defined_function(uid);
  if (!node || !is_shared_inline_copy(node->decl) || node->alias || node->thunk ||
      node->inlined_to || kept_public(node))
    return false;
  // The group holds the C++ constructor's or destructor's aliases: all of
  // them are this file's copies, made local together.
  if (node->same_comdat_group)
    for (symtab_node *next = node->same_comdat_group; next != node;
         next = next->same_comdat_group)
      if (kept_public(next) || next->weakref || next->transparent_alias)
        return false;
  return true;
}

bool make_copy_local(unsigned uid) {
  if (!copy_may_be_local(uid))
    return false;
  cgraph_node *node = defined_function(uid);
  if (node->same_comdat_group) {
    for (symtab_node *next = node->same_comdat_group; next != node;
         next = next->same_comdat_group) {
      next->set_comdat_group(NULL);
      next->make_decl_local();
    }
    node->dissolve_same_comdat_group_list();
  }
  node->set_comdat_group(NULL);
  node->make_decl_local();
  return true;
}

} // namespace parcoach
