#include "runtime_callees.h"

#include <cstring>

namespace parcoach {

namespace {

// The outermost namespace enclosing `decl' (through classes and
// functions), or NULL_TREE for the global namespace or anything unexpected.
tree outermost_namespace(tree decl) {
  tree outermost = NULL_TREE;
  tree context = DECL_CONTEXT(decl);
  for (int depth = 0; context && depth < 64; ++depth) {
    if (TREE_CODE(context) == TRANSLATION_UNIT_DECL)
      break;
    if (TYPE_P(context)) {
      context = TYPE_CONTEXT(context);
    } else if (TREE_CODE(context) == NAMESPACE_DECL) {
      outermost = context;
      context = DECL_CONTEXT(context);
    } else if (TREE_CODE(context) == FUNCTION_DECL) {
      context = DECL_CONTEXT(context);
    } else {
      return NULL_TREE; // a block or anything else: not judged
    }
  }
  return outermost;
}

} // namespace

bool is_language_runtime_function(tree callee) {
  if (!callee || TREE_CODE(callee) != FUNCTION_DECL)
    return false;
  if (DECL_IS_OPERATOR_NEW_P(callee) || DECL_IS_OPERATOR_DELETE_P(callee))
    return true;
  tree space = outermost_namespace(callee);
  if (!space || !DECL_NAME(space))
    return false;
  const char *name = IDENTIFIER_POINTER(DECL_NAME(space));
  return std::strcmp(name, "std") == 0 || std::strcmp(name, "__gnu_cxx") == 0;
}

} // namespace parcoach
