#include "runtime_entry_points.h"

#include "runtime_checks.h" // PARCOACH_RUNTIME_MARKER

#include <vector>

namespace parcoach {

namespace {

// A parameter or result of parcoach_entry_points.def, in words.
enum TypeWord { VOID, INT, TEXT, ADDRESS, ULONG, COMM, FORTRAN_COMM };

struct EntryPointType {
  const char *name;
  TypeWord result;
  std::vector<TypeWord> parameters; // (VOID) is none
};

#define PARAMETER_LIST(...) {__VA_ARGS__}
const EntryPointType entry_point_types[] = {
#define PARCOACH_ENTRY_POINT(name, result, parameters) \
  {"parcoach_" #name, result, PARAMETER_LIST parameters},
#include "parcoach_entry_points.def"
#undef PARCOACH_ENTRY_POINT
};
#undef PARAMETER_LIST
static_assert(sizeof entry_point_types / sizeof entry_point_types[0] ==
                  static_cast<size_t>(EntryPoint::Count),
              "one type per entry point");

tree entry_point_decls[static_cast<int>(EntryPoint::Count)];
const ggc_root_tab entry_point_roots[] = {
    {&entry_point_decls[0], static_cast<int>(EntryPoint::Count), sizeof(entry_point_decls[0]),
     &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node},
    LAST_GGC_ROOT_TAB};

tree type_of(TypeWord word, tree comm_type) {
  switch (word) {
  case VOID: return void_type_node;
  case INT: return integer_type_node;
  case TEXT: return const_string_type();
  // `void *', not `const void *': GCC takes an uninitialised buffer passed
  // to a pointer to const (a receive buffer a check gets) as read, and
  // -Wmaybe-uninitialized would warn where the user's code is fine.
  case ADDRESS: return ptr_type_node;
  case ULONG: return long_unsigned_type_node;
  case COMM: case FORTRAN_COMM:
    gcc_assert(comm_type);
    return comm_type;
  }
  return void_type_node;
}

// An object with run-time checks also refers to this runtime symbol, so
// that a link without the runtime says what to do in its "undefined
// reference" (the other missing names, parcoach_check..., do not).
void refer_to_runtime_marker() {
  static bool referred = false;
  if (referred)
    return;
  referred = true;
  const char text[] = "\t.pushsection .data.rel.ro.parcoach_runtime,\"aw\"\n"
                      "\t.balign 8\n"
                      "\t.dc.a " PARCOACH_RUNTIME_MARKER "\n"
                      "\t.popsection";
  symtab->finalize_toplevel_asm(build_string(sizeof text - 1, text));
}

} // namespace

tree const_string_type() {
  return build_pointer_type(build_qualified_type(char_type_node, TYPE_QUAL_CONST));
}

tree runtime_function(const char *name, tree type) {
  refer_to_runtime_marker();
  tree decl = build_fn_decl(name, type);
  TREE_NOTHROW(decl) = 1; // no exception edges to add after our calls
  return decl;
}

tree runtime_entry(EntryPoint which, tree comm_type) {
  static bool rooted = false;
  if (!rooted) {
    ggc_register_root_tab(entry_point_roots);
    rooted = true;
  }
  tree &decl = entry_point_decls[static_cast<int>(which)];
  if (decl)
    return decl;
  const EntryPointType &entry = entry_point_types[static_cast<int>(which)];
  std::vector<tree> parameters;
  for (TypeWord word : entry.parameters)
    if (word != VOID)
      parameters.push_back(type_of(word, comm_type));
  tree type = build_function_type_array(type_of(entry.result, comm_type), parameters.size(),
                                        parameters.data());
  decl = runtime_function(entry.name, type);
  return decl;
}

bool is_runtime_entry(tree decl, EntryPoint which) {
  tree known = entry_point_decls[static_cast<int>(which)];
  return known && decl == known;
}

bool calls_runtime_function(const gcall *call) {
  tree decl = gimple_call_fndecl(call);
  // build_fn_decl makes them artificial; every entry point starts so.
  return decl && DECL_ARTIFICIAL(decl) && DECL_NAME(decl) &&
         strncmp(IDENTIFIER_POINTER(DECL_NAME(decl)), "parcoach_", 9) == 0;
}

} // namespace parcoach
