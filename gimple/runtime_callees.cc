#include "runtime_callees.h"

#include <cstring>
#include <string>

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

namespace {

// A class of namespace std (through the library's inline namespaces and
// enclosing classes).
bool std_class(tree type) {
  tree name = TYPE_NAME(TYPE_MAIN_VARIANT(type));
  if (!name || TREE_CODE(name) != TYPE_DECL)
    return false;
  tree context = DECL_CONTEXT(name);
  for (int depth = 0; context && depth < 16; ++depth) {
    if (TYPE_P(context)) {
      tree outer = TYPE_NAME(TYPE_MAIN_VARIANT(context));
      if (!outer || TREE_CODE(outer) != TYPE_DECL)
        return false;
      context = DECL_CONTEXT(outer);
    } else if (TREE_CODE(context) == NAMESPACE_DECL && DECL_NAME(context)) {
      const char *space = IDENTIFIER_POINTER(DECL_NAME(context));
      tree outer = DECL_CONTEXT(context);
      if (std::strcmp(space, "std") == 0)
        return !outer || TREE_CODE(outer) == TRANSLATION_UNIT_DECL;
      if (std::strncmp(space, "__", 2) != 0)
        return false;
      context = outer;
    } else {
      return false;
    }
  }
  return false;
}

} // namespace

bool takes_only_library_types(tree callee) {
  if (!callee || TREE_CODE(callee) != FUNCTION_DECL)
    return false;
  for (tree arg = TYPE_ARG_TYPES(TREE_TYPE(callee)); arg; arg = TREE_CHAIN(arg)) {
    tree type = TREE_VALUE(arg);
    for (int depth = 0; type && POINTER_TYPE_P(type) && depth < 8; ++depth)
      type = TREE_TYPE(type);
    if (!type)
      return false;
    switch (TREE_CODE(type)) {
    case VOID_TYPE: case INTEGER_TYPE: case REAL_TYPE: case BOOLEAN_TYPE: case ENUMERAL_TYPE:
    case COMPLEX_TYPE: case NULLPTR_TYPE:
      continue;
    case RECORD_TYPE: case UNION_TYPE:
      if (std_class(type))
        continue;
      return false;
    default:
      return false;
    }
  }
  return true;
}

// "std::basic_istream::_M_extract", "std::getline",
// "std::basic_ifstream::basic_ifstream" (a constructor),
// "std::locale::~locale": the classes and the member, without template
// arguments and without the namespaces of the library's own versioning
// (std::__cxx11), for a function declared in ::std (itself or through its
// classes); else empty.  A program may add no function to namespace std
// (C++ [namespace.std]), so these are the library's: a user's operator>>
// or getline, in the global namespace or its own, never gets such a name.
std::string std_library_name(tree callee) {
  if (!callee || TREE_CODE(callee) != FUNCTION_DECL || !DECL_NAME(callee))
    return std::string();
  std::string classes; // "basic_istream::sentry::"
  std::string last_class;
  bool in_std = false;
  tree context = DECL_CONTEXT(callee);
  for (int depth = 0; context && depth < 16; ++depth) {
    if (TREE_CODE(context) == TRANSLATION_UNIT_DECL)
      break;
    if (TYPE_P(context)) {
      tree name = TYPE_NAME(TYPE_MAIN_VARIANT(context));
      if (!name || TREE_CODE(name) != TYPE_DECL || !DECL_NAME(name))
        return std::string();
      std::string spelled = IDENTIFIER_POINTER(DECL_NAME(name));
      if (last_class.empty())
        last_class = spelled;
      classes = spelled + "::" + classes;
      context = DECL_CONTEXT(name);
    } else if (TREE_CODE(context) == NAMESPACE_DECL && DECL_NAME(context)) {
      const char *space = IDENTIFIER_POINTER(DECL_NAME(context));
      tree outer = DECL_CONTEXT(context);
      if (std::strcmp(space, "std") == 0 &&
          (!outer || TREE_CODE(outer) == TRANSLATION_UNIT_DECL)) {
        in_std = true;
        break;
      }
      // Only the library's inline namespaces (__cxx11) between std and
      // the class.
      if (std::strncmp(space, "__", 2) != 0)
        return std::string();
      context = outer;
    } else {
      return std::string(); // a local class, an anonymous namespace...
    }
  }
  if (!in_std)
    return std::string();
  std::string member = IDENTIFIER_POINTER(DECL_NAME(callee));
  if (!last_class.empty() && (DECL_CXX_CONSTRUCTOR_P(callee) || member.compare(0, 4, "__ct") == 0))
    member = last_class;
  else if (!last_class.empty() &&
           (DECL_CXX_DESTRUCTOR_P(callee) || member.compare(0, 4, "__dt") == 0))
    member = "~" + last_class;
  return "std::" + classes + member;
}

} // namespace parcoach
