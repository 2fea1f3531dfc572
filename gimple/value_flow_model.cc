#include "value_flow_model.h"

#include "runtime_callees.h"

#include "mpi_calls.h"

#include "function_model.h"
#include "instrument.h"
#include "omp_regions.h"
#include "omp_team_exits.h"
#include "points_to_bound.h"
#include "team_phases.h"
#include "cross_file_values.h"
#include "value_flow_library.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <unordered_set>
#include <utility>

namespace parcoach {

namespace {

// ------------------------------------------------------------ names

std::string decl_name(tree decl) {
  if (TREE_CODE(decl) == SSA_NAME) {
    tree var = SSA_NAME_VAR(decl);
    return var && DECL_NAME(var) && !DECL_ARTIFICIAL(var)
               ? IDENTIFIER_POINTER(DECL_NAME(var))
               : "a temporary";
  }
  if (DECL_P(decl) && DECL_NAME(decl))
    return IDENTIFIER_POINTER(DECL_NAME(decl));
  return "a temporary";
}

// " at line N", naming the file when it is not the one compiled (a header).
std::string at_line(location_t where) {
  int line = where == UNKNOWN_LOCATION ? 0 : LOCATION_LINE(where);
  if (line <= 0)
    return std::string();
  const char *file = LOCATION_FILE(where);
  if (file && main_input_filename && strcmp(file, main_input_filename) != 0) {
    const char *slash = strrchr(file, '/');
    return " at " + std::string(slash ? slash + 1 : file) + ":" + std::to_string(line);
  }
  return " at line " + std::to_string(line);
}

// main, or the Fortran main program (called by the main gfortran
// generates); C++ mangles any other function named main.
bool is_entry_point(tree decl) {
  const char *name = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
  return strcmp(name, "main") == 0 || strcmp(name, "MAIN__") == 0;
}

// A function whose address a global initializer holds (a table of
// callbacks): computed once per unit, when the first function is lowered,
// by which time every file-scope definition has been parsed.  Not the
// C++ vtables: calls through them name a virtual method, which the link
// step follows (virtual_method_overrides).
bool in_global_initializer(tree decl) {
  static std::set<tree> *referenced = nullptr;
  if (!referenced) {
    referenced = new std::set<tree>;
    varpool_node *variable;
    FOR_EACH_VARIABLE(variable) {
      if (DECL_VIRTUAL_P(variable->decl))
        continue;
      tree init = DECL_INITIAL(variable->decl);
      if (init && init != error_mark_node)
        walk_tree_without_duplicates(
            &init,
            [](tree *t, int *, void *data) -> tree {
              if (TREE_CODE(*t) == FUNCTION_DECL)
                static_cast<std::set<tree> *>(data)->insert(*t);
              return NULL_TREE;
            },
            referenced);
    }
  }
  return referenced->count(decl) != 0;
}

// Other files may call it (or, through a pointer, anything).  Calls in C
// mark every callee TREE_ADDRESSABLE, and the call graph's address_taken
// is only complete after every function is lowered: the addresses taken
// in function bodies are reported to the solver instead
// (ValueFlowFunction::addresses_taken).
bool callable_from_outside(tree decl) {
  if (DECL_VIRTUAL_P(decl) || in_global_initializer(decl))
    return true;
  if (flag_whole_program)
    return is_entry_point(decl);
  return TREE_PUBLIC(decl) || DECL_EXTERNAL(decl);
}

// ------------------------------------------------------------ virtual methods

// The virtual method of `type' (or of the primary bases sharing its
// vtable) at vtable index `index', or NULL_TREE.
tree method_at_vtable_index(tree type, HOST_WIDE_INT index, int depth) {
  if (!type || !RECORD_OR_UNION_TYPE_P(type) || depth > 16)
    return NULL_TREE;
  type = TYPE_MAIN_VARIANT(type);
  for (tree member = TYPE_FIELDS(type); member; member = DECL_CHAIN(member))
    if (TREE_CODE(member) == FUNCTION_DECL && DECL_VIRTUAL_P(member) && DECL_VINDEX(member) &&
        TREE_CODE(DECL_VINDEX(member)) == INTEGER_CST && tree_fits_shwi_p(DECL_VINDEX(member)) &&
        tree_to_shwi(DECL_VINDEX(member)) == index)
      return member;
  // A primary base is the non-virtual polymorphic base at offset 0.
  tree binfo = TYPE_BINFO(type);
  tree base;
  for (unsigned i = 0; binfo && BINFO_BASE_ITERATE(binfo, i, base); ++i)
    if (!BINFO_VIRTUAL_P(base) && integer_zerop(BINFO_OFFSET(base)))
      if (tree found = method_at_vtable_index(BINFO_TYPE(base), index, depth + 1))
        return found;
  return NULL_TREE;
}

// Same name, same parameter types after `this': `derived' overrides
// `base' when both are virtual methods of a class and its base.
bool same_signature(tree derived, tree base) {
  if (DECL_NAME(derived) != DECL_NAME(base))
    return false;
  tree a = TYPE_ARG_TYPES(TREE_TYPE(derived)), b = TYPE_ARG_TYPES(TREE_TYPE(base));
  if (!a || !b)
    return false;
  for (a = TREE_CHAIN(a), b = TREE_CHAIN(b); a && b; a = TREE_CHAIN(a), b = TREE_CHAIN(b))
    if (TYPE_MAIN_VARIANT(TREE_VALUE(a)) != TYPE_MAIN_VARIANT(TREE_VALUE(b)))
      return false;
  return !a && !b;
}

// Adds to `out' the virtual methods of the bases of `type' (all of them,
// however far) that `method' overrides.
void add_overridden_methods(tree method, tree type, std::vector<tree> &out, int depth) {
  tree binfo = TYPE_BINFO(TYPE_MAIN_VARIANT(type));
  tree base;
  for (unsigned i = 0; binfo && depth < 16 && BINFO_BASE_ITERATE(binfo, i, base); ++i) {
    for (tree member = TYPE_FIELDS(BINFO_TYPE(base)); member; member = DECL_CHAIN(member))
      if (TREE_CODE(member) == FUNCTION_DECL && DECL_VIRTUAL_P(member) &&
          same_signature(method, member) &&
          std::find(out.begin(), out.end(), member) == out.end())
        out.push_back(member);
    add_overridden_methods(method, BINFO_TYPE(base), out, depth + 1);
  }
}

// The base class methods a virtual method overrides; false when the link
// step cannot see every call that may run it: a destructor (`delete p'
// names no method the way a call does), or one overriding a method of a
// system header or of the C++ library (the library calls it through its
// own vtables).
bool virtual_method_overrides(tree decl, std::vector<tree> &overridden) {
  tree type = DECL_CONTEXT(decl);
  if (DECL_CXX_DESTRUCTOR_P(decl) || !type || !RECORD_OR_UNION_TYPE_P(type))
    return false;
  add_overridden_methods(decl, type, overridden, 0);
  for (tree base : overridden)
    if (DECL_IN_SYSTEM_HEADER(base) || is_language_runtime_function(base))
      return false;
  return true;
}

// Parameters across files (cross_file_parameters.h): the link step sees
// every call of a public function that no pointer may reach (not in a
// global initializer, not variadic; whether the unit takes its address is
// known at the unit step, unit_analysis.cc) from the program's files, and
// of a virtual method every call naming it or a method it overrides
// (virtual_call_method): its own file's too, as its class may be
// anonymous.  Not the functions of system headers and of the C++ library
// (runtime_callees.h): their library calls them too, and their keys made
// most of a C++ unit's summary.
bool link_judges_parameters(tree decl) {
  std::vector<tree> overridden;
  return (TREE_PUBLIC(decl) || DECL_VIRTUAL_P(decl)) && !flag_whole_program &&
         !in_global_initializer(decl) && !stdarg_p(TREE_TYPE(decl)) &&
         (!DECL_VIRTUAL_P(decl) || virtual_method_overrides(decl, overridden)) &&
         !DECL_IN_SYSTEM_HEADER(decl) && !is_language_runtime_function(decl);
}

// The functions whose address a statement takes, other than to call them.
void note_function_addresses(gimple *stmt, std::vector<unsigned> &taken) {
  for (unsigned i = 0; i < gimple_num_ops(stmt); ++i) {
    if (is_gimple_call(stmt) && i == 1)
      continue; // the callee of a direct call
    tree op = gimple_op(stmt, i);
    if (!op)
      continue;
    walk_tree_without_duplicates(
        &op,
        [](tree *t, int *, void *data) -> tree {
          if (TREE_CODE(*t) == FUNCTION_DECL)
            static_cast<std::vector<unsigned> *>(data)->push_back(DECL_UID(*t));
          return NULL_TREE;
        },
        &taken);
  }
}

// ------------------------------------------------------------ std::vector

// The class template std::vector of the C++ standard library (any element
// type and allocator): its members are known by their meaning, not by the
// bodies libstdc++ gives them (see Extractor::emit_vector_call).
bool is_std_vector(tree type) {
  if (!type || TREE_CODE(type) != RECORD_TYPE)
    return false;
  tree name = TYPE_NAME(TYPE_MAIN_VARIANT(type));
  if (!name || TREE_CODE(name) != TYPE_DECL || !DECL_NAME(name) ||
      strcmp(IDENTIFIER_POINTER(DECL_NAME(name)), "vector") != 0)
    return false;
  tree space = DECL_CONTEXT(name);
  if (!space || TREE_CODE(space) != NAMESPACE_DECL || !DECL_NAME(space) ||
      strcmp(IDENTIFIER_POINTER(DECL_NAME(space)), "std") != 0)
    return false;
  tree outer = DECL_CONTEXT(space); // ::std, not some other `std'
  return !outer || TREE_CODE(outer) == TRANSLATION_UNIT_DECL;
}

// The element type of a std::vector (its member typedef value_type), or
// NULL_TREE.
tree vector_element_type(tree type) {
  for (tree member = TYPE_FIELDS(TYPE_MAIN_VARIANT(type)); member; member = DECL_CHAIN(member))
    if (TREE_CODE(member) == TYPE_DECL && DECL_NAME(member) &&
        strcmp(IDENTIFIER_POINTER(DECL_NAME(member)), "value_type") == 0)
      return TREE_TYPE(member);
  return NULL_TREE;
}

// A slot of this type holds one value that a store of the whole replaces:
// a scalar, or a std::vector (one value for its elements and its size).
bool holds_one_value(tree type) {
  return type && (!AGGREGATE_TYPE_P(type) || is_std_vector(type));
}

// Some part of a value of this type (itself, a std::vector's or an
// array's elements, a record's fields) is a pointer for which
// `pointer_case' holds.
bool some_pointer_part(tree type, int depth, bool (*pointer_case)(tree, int)) {
  if (!type || depth > 8)
    return true;
  if (POINTER_TYPE_P(type))
    return pointer_case(type, depth);
  if (is_std_vector(type))
    return some_pointer_part(vector_element_type(type), depth + 1, pointer_case);
  if (TREE_CODE(type) == ARRAY_TYPE)
    return some_pointer_part(TREE_TYPE(type), depth + 1, pointer_case);
  if (RECORD_OR_UNION_TYPE_P(type)) {
    for (tree field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field))
      if (TREE_CODE(field) == FIELD_DECL &&
          some_pointer_part(TREE_TYPE(field), depth + 1, pointer_case))
        return true;
    return false;
  }
  return false;
}

// A value of this type may hold an address.  A std::vector stands for
// its elements: it holds the addresses its elements hold.
bool may_hold_pointers(tree type, int depth = 0) {
  return some_pointer_part(type, depth, [](tree, int) { return true; });
}

// Out-arguments across files (cross_file_values.h, out_argument_key): the
// address of a local variable holding no address (`&steps', `&s.n', a
// Fortran actual argument that is a local) passed to a function of
// another file.  What that function leaves there is a value the link step
// judges rather than an escape: holding no address, the variable cannot
// tell the callee where else to write.  NULL_TREE for any other argument.
tree out_argument_variable(tree arg) {
  if (TREE_CODE(arg) != ADDR_EXPR)
    return NULL_TREE;
  tree base = get_base_address(TREE_OPERAND(arg, 0));
  if (!base || TREE_CODE(base) != VAR_DECL || is_global_var(base) ||
      may_hold_pointers(TREE_TYPE(base)))
    return NULL_TREE;
  return base;
}

// A function of the program's other files (not a library's, whose
// declaration is in a system header), called by name.
bool other_file_function(tree decl) { return decl && !DECL_IN_SYSTEM_HEADER(decl); }

// The positions of the pointer parameters of `decl' through which a
// caller of another file may find an out-argument (out_argument_variable):
// pointers to data holding no address, of a function only this file
// defines (an inline one is in its callers' files too).
std::vector<int> out_parameters(tree decl) {
  std::vector<int> positions;
  if (!TREE_PUBLIC(decl) || DECL_COMDAT(decl) || DECL_DECLARED_INLINE_P(decl) ||
      DECL_IN_SYSTEM_HEADER(decl) || flag_whole_program)
    return positions;
  int position = 0;
  for (tree parm = DECL_ARGUMENTS(decl); parm; parm = DECL_CHAIN(parm), ++position) {
    tree type = TREE_TYPE(parm);
    if (POINTER_TYPE_P(type) && !may_hold_pointers(TREE_TYPE(type)))
      positions.push_back(position);
  }
  return positions;
}

// `char **' and its qualified forms: an array of strings (argv).
bool points_to_strings(tree type) {
  if (!type || !POINTER_TYPE_P(type) || !POINTER_TYPE_P(TREE_TYPE(type)))
    return false;
  tree element = TREE_TYPE(TREE_TYPE(type));
  return TREE_CODE(element) == INTEGER_TYPE &&
         TYPE_PRECISION(element) == TYPE_PRECISION(char_type_node);
}

// What the addresses a value of this type holds point to may hold
// addresses in turn (an initializer_list<int *>, not an
// initializer_list<int>).
bool pointees_may_hold_pointers(tree type, int depth = 0) {
  return some_pointer_part(type, depth, [](tree pointer, int at) {
    return may_hold_pointers(TREE_TYPE(pointer), at + 1);
  });
}

// What a call of a member function of std::vector does to the vector its
// `this' argument points to.
enum class VectorMember {
  None,          // not a member of std::vector (or not one with `this')
  ElementAccess, // returns a pointer or an iterator into the elements
  Observer,      // returns a value computed from the vector: size()...
  Modifier,      // anything else: constructors, assign, push_back, swap...
};

VectorMember vector_member(tree callee) {
  if (!callee || TREE_CODE(callee) != FUNCTION_DECL ||
      TREE_CODE(TREE_TYPE(callee)) != METHOD_TYPE || !is_std_vector(DECL_CONTEXT(callee)) ||
      !DECL_NAME(callee))
    return VectorMember::None;
  static const char *const element_access[] = {
      "data", "operator[]", "at", "front", "back", "begin", "end", "cbegin", "cend",
      "rbegin", "rend", "crbegin", "crend"};
  static const char *const observers[] = {"size", "capacity", "empty", "max_size"};
  const char *name = IDENTIFIER_POINTER(DECL_NAME(callee));
  for (const char *known : element_access)
    if (strcmp(name, known) == 0)
      return VectorMember::ElementAccess;
  for (const char *known : observers)
    if (strcmp(name, known) == 0)
      return VectorMember::Observer;
  return VectorMember::Modifier;
}

// The size in bytes of the elements of an MPI datatype given as a
// predefined constant (mpi_knowledge.h: how MPICH and Open MPI spell
// them), or 0.
unsigned long datatype_size(tree datatype) {
  if (!datatype)
    return 0;
  STRIP_NOPS(datatype);
  if (TREE_CODE(datatype) == INTEGER_CST) {
    if (!tree_fits_uhwi_p(datatype))
      return 0;
    unsigned long long handle = tree_to_uhwi(datatype);
    // Small integers are Open MPI's Fortran handles: MPICH's are 0x4c...
    if (std::size_t size = mpich_predefined_datatype_size(handle))
      return size;
    return gcc_compat::compiling_fortran() ? open_mpi_fortran_datatype_size(handle) : 0;
  }
  if (TREE_CODE(datatype) != ADDR_EXPR || !VAR_P(TREE_OPERAND(datatype, 0)) ||
      !DECL_NAME(TREE_OPERAND(datatype, 0)))
    return 0;
  const char *name = IDENTIFIER_POINTER(DECL_NAME(TREE_OPERAND(datatype, 0)));
  if (strcmp(name, "ompi_mpi_byte") == 0)
    return 1; // MPI_BYTE: no C type, one byte
  tree type = NULL_TREE;
  switch (open_mpi_predefined_datatype(name)) {
  case PredefinedCType::None: return 0;
  case PredefinedCType::Char: type = char_type_node; break;
  case PredefinedCType::SignedChar: type = signed_char_type_node; break;
  case PredefinedCType::UnsignedChar: type = unsigned_char_type_node; break;
  case PredefinedCType::Short: type = short_integer_type_node; break;
  case PredefinedCType::UnsignedShort: type = short_unsigned_type_node; break;
  case PredefinedCType::Int: type = integer_type_node; break;
  case PredefinedCType::Unsigned: type = unsigned_type_node; break;
  case PredefinedCType::Long: type = long_integer_type_node; break;
  case PredefinedCType::UnsignedLong: type = long_unsigned_type_node; break;
  case PredefinedCType::LongLong: type = long_long_integer_type_node; break;
  case PredefinedCType::UnsignedLongLong: type = long_long_unsigned_type_node; break;
  case PredefinedCType::Float: type = float_type_node; break;
  case PredefinedCType::Double: type = double_type_node; break;
  case PredefinedCType::LongDouble: type = long_double_type_node; break;
  }
  tree size = type ? TYPE_SIZE_UNIT(type) : NULL_TREE;
  return size && tree_fits_uhwi_p(size) ? (unsigned long)tree_to_uhwi(size) : 0;
}

// `a' for `a[0]' (a buffer given as its first element), else `ref'.
tree strip_array_start(tree ref) {
  if (TREE_CODE(ref) == ARRAY_REF && integer_zerop(TREE_OPERAND(ref, 1)))
    return TREE_OPERAND(ref, 0);
  return ref;
}

// ------------------------------------------------------------ the extractor

struct Targets {
  std::vector<int> objects;
  bool unknown = false;
};

// Storage the analysis names: a variable or temporary, what a pointer
// parameter points to, the memory of one allocation site.  A record
// variable has a slot per field accessed by name, plus its `whole' slot
// for the rest.
struct Object {
  int whole = -1;
  std::map<tree, int> fields; // FIELD_DECL -> slot
  bool scalar = false;        // one value: strong updates are exact
  bool summary = false;       // stands for many objects: weak updates only
  // The blocks one allocation site returns (`new Domain'): reached only
  // through pointers, yet named by field like a variable.
  bool heap = false;
  bool global = false;
  bool parameter_target = false;
  // What the pointers stored in it may point to.
  std::vector<int> contents;
  bool contents_unknown = false;
  // Its contents went past kCollapseTargets: it points anywhere
  // (contents_unknown, contents empty) and whatever it could point to
  // escapes (Extractor::collapse).
  bool collapsed = false;
  // A local record every store into which so far named one of its fields
  // (`.omp_data_o.n = n', `d->flux = flux'): what each field's pointers
  // may point to, so that a load of one field gets its own (a pointer
  // field does not get what an integer field holds).  Lost (for good) at
  // the first store of a whole, or when a call gets its address.
  bool by_field = false;
  std::map<int, Targets> field_contents; // field slot -> targets
  // Why its address reaches code the analysis does not see, or empty.
  std::string escape;
  // Its type, when it is one variable or what a parameter points to: a
  // pointer to that type points to its start.
  tree type = NULL_TREE;
};

// Where a memory reference (or an address) leads.
struct Access {
  std::vector<int> objects;
  std::vector<int> slots;
  std::vector<int> index_uses; // the address depends on these slots
  bool unknown = false;        // may reach memory no object stands for
  bool strong = false;         // exactly one scalar slot, entirely
  bool through_pointer = false;
  // Through the pointer a call of this function of the unit returned
  // (DECL_UID; 0: none), whose pointer arguments reach only objects this
  // function names: `unknown' stands only for what the callee may return
  // besides what they point to (ValueFlowFact::
  // unless_returns_only_fields_of).
  unsigned through_result_of = 0;
  // A write of all of one object: every slot of `slots' entirely (the
  // fields of a record broadcast whole), so each gets a strong update.
  bool every_slot = false;
};

// What a stored value is known to be: a copy of a slot's value, or a
// quantity (ValueFlowStatement::copy_of, quantity).
struct Known {
  int copy_of = -1;
  ValueFlowQuantity quantity;
  ValueFlowComparison comparison; // the value is its outcome
  bool constant_known = false;     // the value is `constant'
  long long constant = 0;
  std::string constant_handle;     // ValueFlowStatement::constant_handle
  std::string from_handle;         // ValueFlowStatement::from_handle
  ValueFlowArithmetic arithmetic;  // ValueFlowStatement::arithmetic
  ValueFlowLogical logical;        // ValueFlowStatement::logical
  bool binds_reference = false;    // ValueFlowStatement::binds_reference
  std::vector<int> referents;      // ValueFlowStatement::referents
  bool refers_elsewhere = false;   // ValueFlowStatement::refers_elsewhere
  bool same_in_every_thread = false; // ValueFlowStatement::same_in_every_thread
};

template <typename T> void add_unique(std::vector<T> &set, T value) {
  if (std::find(set.begin(), set.end(), value) == set.end())
    set.push_back(value);
}

class Extractor {
public:
  Extractor(function *fun, const std::vector<gimple *> &branches,
            const std::vector<std::pair<gimple *, int>> &collectives,
            const std::vector<std::vector<int>> &arguments)
      : fun_(fun), branches_(branches), arguments_(arguments),
        fortran_(gcc_compat::compiling_fortran()) {
    for (std::size_t k = 0; k < collectives.size(); ++k)
      collective_index_[collectives[k].first] = {(int)k, collectives[k].second};
    out_.collectives.resize(collectives.size());
  }

  ValueFlowFunction run() {
    tree decl = fun_->decl;
    out_.uid = DECL_UID(decl);
    out_.name = printable_function_name(decl);
    out_.entry_point = is_entry_point(decl);
    out_.callable_from_outside = callable_from_outside(decl);
    out_.symbol = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
    out_.link_judges_parameters = link_judges_parameters(decl);
    std::vector<tree> overridden;
    if (out_.link_judges_parameters && DECL_VIRTUAL_P(decl) &&
        virtual_method_overrides(decl, overridden))
      for (tree base : overridden) {
        out_.overridden_symbols.push_back(IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(base)));
        out_.overridden_names.push_back(printable_function_name(base));
      }
    out_.parameters_by_reference = fortran_;
    out_.out_parameters = out_parameters(decl);
    out_.branch_count = (int)branches_.size();
    regions_ = find_omp_regions(fun_);
    number_blocks();
    declare_parameters();
    compute_points_to();
    find_escapes();
    out_.returns_argument_memory = returns_argument_memory();
    describe_returned_fields();
    find_racy_slots();
    find_phase_isolated_slots();
    find_team_writes();
    for (basic_block bb : order_)
      emit_block(bb);
    std::size_t entry_statements = out_.blocks.empty() ? 0 : out_.blocks[0].statements.size();
    emit_team_entry_copies();
    // Those copies go before the entry block's statements.
    for (ValueFlowCollective &collective : out_.collectives)
      if (collective.block == 0)
        collective.statement += (int)(out_.blocks[0].statements.size() - entry_statements);
    for (std::size_t j = 0; j < branches_.size(); ++j) {
      basic_block bb = branches_[j] ? gimple_bb(branches_[j]) : nullptr;
      if (bb && bb->index < (int)block_of_.size() && block_of_[bb->index] >= 0) {
        ValueFlowBlock &block = out_.blocks[block_of_[bb->index]];
        block.branch = (int)j;
        location_t where = conditional_location(branches_[j]);
        block.line = where == UNKNOWN_LOCATION ? 0 : LOCATION_LINE(where);
      }
    }
    return std::move(out_);
  }

private:
  // ---------------------------------------------------------- blocks

  void number_blocks() {
    block_of_.assign(last_basic_block_for_fn(fun_), -1);
    basic_block first = single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(fun_))
                            ? single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun_))
                            : nullptr;
    if (first && first != EXIT_BLOCK_PTR_FOR_FN(fun_))
      order_.push_back(first);
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      if (bb != first)
        order_.push_back(bb);
    for (std::size_t i = 0; i < order_.size(); ++i)
      block_of_[order_[i]->index] = (int)i;
    out_.blocks.resize(order_.size());
  }

  int block_index(basic_block bb) const {
    if (!bb || bb->index < 0 || bb->index >= (int)block_of_.size())
      return -1;
    return block_of_[bb->index];
  }

  // ---------------------------------------------------------- slots and objects

  int new_slot(const std::string &name, SlotScope scope) {
    ValueFlowSlot slot;
    slot.name = name;
    slot.scope = scope;
    out_.slots.push_back(slot);
    return (int)out_.slots.size() - 1;
  }

  int new_object(const std::string &name, SlotScope scope, bool scalar) {
    Object object;
    object.whole = new_slot(name, scope);
    object.scalar = scalar;
    out_.slots[object.whole].scalar = scalar;
    objects_.push_back(object);
    return (int)objects_.size() - 1;
  }

  // The object of a variable, parameter or temporary.
  int object_of(tree decl) {
    auto found = object_of_decl_.find(decl);
    if (found != object_of_decl_.end())
      return found->second;
    tree type = TREE_TYPE(decl);
    bool scalar = type && !AGGREGATE_TYPE_P(type);
    int object;
    if (TREE_CODE(decl) == SSA_NAME) {
      object = new_object(decl_name(decl), SlotScope::Local, scalar);
      out_.slots[objects_[object].whole].single_definition = true;
    } else if (TREE_CODE(decl) == PARM_DECL || decl == fun_->static_chain_decl) {
      object = new_object(decl_name(decl), SlotScope::Parameter, scalar);
      out_.slots[objects_[object].whole].parameter = parameter_index(decl);
    } else if (VAR_P(decl) && is_global_var(decl)) {
      object = new_object(decl_name(decl), SlotScope::Global, scalar);
      ValueFlowSlot &slot = out_.slots[objects_[object].whole];
      slot.global = DECL_UID(decl);
      slot.visibility = visibility(decl);
      // The linker's name lets the link step meet the other files' stores
      // (cross_file_values.h); not for volatile variables, nor a library's
      // (declared in a system header: std::cout, environ...) or the
      // compiler's own (vtables, guards).
      // A static too, whose public writers other files may call (not
      // under -fwhole-program, where the unit is the program).
      if ((slot.visibility == GlobalVisibility::Public ||
           slot.visibility == GlobalVisibility::External ||
           (slot.visibility == GlobalVisibility::Unit && !flag_whole_program)) &&
          TREE_CODE(decl) == VAR_DECL && !TREE_THIS_VOLATILE(decl) &&
          !DECL_IN_SYSTEM_HEADER(decl) && !DECL_ARTIFICIAL(decl)) {
        slot.symbol = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
        if (slot.visibility == GlobalVisibility::Unit)
          slot.symbol =
              unit_static_symbol(main_input_filename ? main_input_filename : "", slot.symbol);
      }
      objects_[object].global = true;
      // Any function may store there; but a C++ vtable holds only the
      // addresses of functions and of constant type information.
      objects_[object].contents_unknown = !(DECL_VIRTUAL_P(decl) && TREE_READONLY(decl));
    } else {
      object = new_object(decl_name(decl), SlotScope::Local, scalar);
      objects_[object].by_field = TREE_CODE(decl) == VAR_DECL && type &&
                                  TREE_CODE(type) == RECORD_TYPE && !is_std_vector(type);
    }
    if (TREE_THIS_VOLATILE(decl))
      objects_[object].escape = "'" + decl_name(decl) + "' is volatile";
    objects_[object].type = type;
    object_of_decl_[decl] = object;
    if (TREE_CODE(decl) != SSA_NAME)
      add_fields(object, type);
    note_vector(object, type);
    return object;
  }

  GlobalVisibility visibility(tree decl) const {
    if (DECL_THREAD_LOCAL_P(decl))
      return GlobalVisibility::ThreadLocal;
    if (TREE_READONLY(decl) && !TREE_THIS_VOLATILE(decl))
      return GlobalVisibility::ReadOnly;
    if (TREE_THIS_VOLATILE(decl))
      return GlobalVisibility::External;
    if (DECL_EXTERNAL(decl))
      return GlobalVisibility::External;
    if (TREE_PUBLIC(decl) && !flag_whole_program)
      return GlobalVisibility::Public;
    return GlobalVisibility::Unit;
  }

  // One walk of the parameters for all (a function may have 100,000).
  int parameter_index(tree decl) {
    if (parameter_count_ < 0) {
      parameter_count_ = 0;
      for (tree arg = DECL_ARGUMENTS(fun_->decl); arg; arg = DECL_CHAIN(arg))
        parameter_index_[arg] = parameter_count_++;
    }
    auto found = parameter_index_.find(decl);
    // The static chain comes after the declared parameters.
    return found != parameter_index_.end() ? found->second : parameter_count_;
  }

  // Pointer parameters point to what the callers pass: an object of its
  // own, whose value on entry the solver joins over the call sites.
  void declare_parameters() {
    // A value returned in memory (C++ objects): <retval> points to it, and
    // the function returns what it holds.
    tree result = DECL_RESULT(fun_->decl);
    if (result && DECL_BY_REFERENCE(result) && POINTER_TYPE_P(TREE_TYPE(result))) {
      int pointer = object_of(result);
      returned_object_ = new_object("the returned value", SlotScope::Local, false);
      add_fields(returned_object_, TREE_TYPE(TREE_TYPE(result)));
      objects_[pointer].contents.push_back(returned_object_);
    }
    std::vector<tree> parameters;
    for (tree arg = DECL_ARGUMENTS(fun_->decl); arg; arg = DECL_CHAIN(arg))
      parameters.push_back(arg);
    if (fun_->static_chain_decl)
      parameters.push_back(fun_->static_chain_decl);
    for (tree parameter : parameters) {
      int object = object_of(parameter);
      tree type = TREE_TYPE(parameter);
      if (!POINTER_TYPE_P(type)) {
        objects_[object].contents_unknown = true; // an integer may hold an address
        continue;
      }
      tree pointee = TREE_TYPE(type);
      std::string name = fortran_ ? decl_name(parameter) : "*" + decl_name(parameter);
      int target = new_object(name, SlotScope::ParameterTarget,
                              pointee && !AGGREGATE_TYPE_P(pointee) &&
                                  TREE_CODE(pointee) != VOID_TYPE);
      out_.slots[objects_[target].whole].parameter = parameter_index(parameter);
      objects_[target].parameter_target = true;
      objects_[target].type = pointee;
      parameter_of_target_[target] = parameter_index(parameter);
      add_fields(target, pointee);
      note_vector(target, pointee);
      objects_[target].contents_unknown = true; // the callers' pointers
      objects_[object].contents.push_back(target);
      if (!fortran_ && (out_.entry_point ? parameter_index(parameter) == 1
                                         : points_to_strings(type)))
        declare_argument_strings(target, pointee, decl_name(parameter),
                                 parameter_index(parameter));
    }
  }

  // main's argv[i] point to the program's argument strings, the same on
  // every process of an SPMD launch (MPI 4.0, section 11.5), as argc and
  // argv[i] are (the solver's parameter_fact): an object of their own,
  // a target of parameter 1, instead of memory no object stands for.
  // Stores into them are weak updates of that object (it is no scalar),
  // and a pointer the program stores into argv[i] joins its contents.
  // Another function's `char **' parameter (argv passed to an option
  // parser) gets the same object: what the callers' strings hold comes
  // with what their pointers do (string_arguments adds them at each call).
  void declare_argument_strings(int vector, tree element, const std::string &name,
                                int parameter) {
    if (!element || !POINTER_TYPE_P(element))
      return;
    int strings = new_object("**" + name, SlotScope::ParameterTarget, false);
    out_.slots[objects_[strings].whole].parameter = parameter;
    objects_[strings].parameter_target = true;
    objects_[strings].contents_unknown = true; // no pointers, but casts
    objects_[vector].contents.push_back(strings);
    objects_[vector].contents_unknown = false;
  }

  // For a `char **' parameter `i' of `call': adds to `slots' the strings
  // its pointers point to (the callee's declare_argument_strings object
  // stands for them).  Returns whether some of them are memory no object
  // stands for.
  bool string_arguments(gcall *call, unsigned i, std::vector<int> &slots) {
    if (fortran_ || !points_to_strings(parameter_type(call, i)))
      return false;
    bool unknown = false;
    for (int object : argument_objects(gimple_call_arg(call, i))) {
      for (int strings : objects_[object].contents)
        add_group(strings, slots);
      unknown |= objects_[object].contents_unknown;
    }
    return unknown;
  }

  // A slot per field of a record, so that callers and callees that name
  // different fields still meet field by field.
  void add_fields(int object, tree type) {
    if (!type || TREE_CODE(type) != RECORD_TYPE || is_std_vector(type))
      return; // a std::vector is one value (its fields are libstdc++'s)
    int count = 0;
    tree field = TYPE_FIELDS(type);
    for (; field && count < kMaxFields; field = DECL_CHAIN(field))
      if (TREE_CODE(field) == FIELD_DECL) {
        field_slot(object, field);
        ++count;
      }
    out_.slots[objects_[object].whole].covered = !field && count > 0;
  }

  // A std::vector object is one slot, which a whole store (a broadcast of
  // all its elements) replaces; the object itself is not `scalar': a store
  // through a pointer to it writes one element.
  void note_vector(int object, tree type) {
    if (is_std_vector(type))
      out_.slots[objects_[object].whole].scalar = true;
  }

  // All the slots of an object.
  void add_group(int object, std::vector<int> &slots) const {
    add_unique(slots, objects_[object].whole);
    for (const auto &field : objects_[object].fields)
      add_unique(slots, field.second);
  }

  // The unit-wide key of a field: its place (bit offset, size) in its
  // record, so that Fortran's per-unit copies of a COMMON block's layout
  // and C's casts meet.
  static void field_key(tree field, ValueFlowSlot &slot) {
    static std::map<std::pair<long long, long long>, int> keys;
    static std::map<unsigned, int> unplaced; // variable offset or size
    static int next = 0;
    tree offset = DECL_FIELD_OFFSET(field), bit = DECL_FIELD_BIT_OFFSET(field),
         size = DECL_SIZE(field);
    if (offset && bit && size && tree_fits_shwi_p(offset) && tree_fits_shwi_p(bit) &&
        tree_fits_shwi_p(size)) {
      slot.field_offset = tree_to_shwi(offset) * BITS_PER_UNIT + tree_to_shwi(bit);
      slot.field_size = tree_to_shwi(size);
      auto inserted = keys.insert({{slot.field_offset, slot.field_size}, next});
      next += inserted.second;
      slot.field = inserted.first->second;
      return;
    }
    auto inserted = unplaced.insert({DECL_UID(field), next});
    next += inserted.second;
    slot.field = inserted.first->second;
  }

  int field_slot(int object, tree field) {
    Object &o = objects_[object];
    auto found = o.fields.find(field);
    if (found != o.fields.end())
      return found->second;
    const ValueFlowSlot whole = out_.slots[o.whole]; // new_slot may move it
    int slot = new_slot(whole.name + "." + decl_name(field), whole.scope);
    out_.slots[slot].parameter = whole.parameter;
    out_.slots[slot].through_reference = whole.through_reference;
    field_key(field, out_.slots[slot]);
    out_.slots[slot].global = whole.global;
    out_.slots[slot].visibility = whole.visibility;
    out_.slots[slot].symbol = whole.symbol;
    out_.slots[slot].scalar = holds_one_value(TREE_TYPE(field));
    objects_[object].fields[field] = slot;
    return slot;
  }

  // ---------------------------------------------------------- accesses

  // Where `pointer' (a value) may point.
  Targets targets(tree expr) {
    Targets result;
    if (!expr || points_to_opaque_type(TREE_TYPE(expr)) || holds_no_address(TREE_TYPE(expr)))
      return result;
    switch (TREE_CODE(expr)) {
    case INTEGER_CST: case REAL_CST: case STRING_CST: case COMPLEX_CST: case VECTOR_CST:
      return result;
    case ADDR_EXPR: {
      Access a = access(TREE_OPERAND(expr, 0), false);
      result.objects = a.objects;
      result.unknown = a.unknown;
      return result;
    }
    case SSA_NAME: case VAR_DECL: case PARM_DECL: case RESULT_DECL: {
      const Object &o = objects_[object_of(expr)];
      result.objects = o.contents;
      result.unknown = o.contents_unknown;
      return result;
    }
    case CONSTRUCTOR: {
      unsigned i;
      tree value;
      FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(expr), i, value)
        merge(result, targets(value));
      return result;
    }
    default:
      break;
    }
    if (is_memory_reference(expr)) { // a pointer loaded from memory
      int referent = referent_object(expr);
      if (referent >= 0) {
        result.objects.push_back(referent);
        return result;
      }
      Access a = access(expr, false);
      result.unknown = a.unknown;
      if (int field = one_field(a); field >= 0) {
        auto found = objects_[a.objects[0]].field_contents.find(field);
        if (found != objects_[a.objects[0]].field_contents.end())
          merge(result, found->second);
        return result;
      }
      for (int object : a.objects) {
        append_unique(result.objects, objects_[object].contents);
        result.unknown |= objects_[object].contents_unknown;
      }
      return result;
    }
    if (EXPR_P(expr))
      for (int i = 0; i < TREE_OPERAND_LENGTH(expr); ++i)
        merge(result, targets(TREE_OPERAND(expr, i)));
    return result;
  }

  // The slot of a C++ reference member of what a pointer parameter points
  // to (`this->comm_' for `const Communicator &comm_'), or -1.
  int reference_member_slot(tree ref) {
    if (TREE_CODE(ref) != COMPONENT_REF ||
        TREE_CODE(TREE_TYPE(TREE_OPERAND(ref, 1))) != REFERENCE_TYPE)
      return -1;
    Access a = access(ref, false);
    if (a.unknown || a.objects.size() != 1 || a.slots.size() != 1)
      return -1;
    const ValueFlowSlot &slot = out_.slots[a.slots[0]];
    bool of_parameter = objects_[a.objects[0]].parameter_target &&
                        slot.scope == SlotScope::ParameterTarget &&
                        slot.through_reference < 0 && slot.field >= 0;
    return of_parameter ? a.slots[0] : -1;
  }

  // What such a member refers to: an object of its own, which the solver
  // fills from the callers' objects the member is bound to (not followed
  // further: a reference member of that object is unknown).
  int referent_object(tree ref) {
    int member = reference_member_slot(ref);
    if (member < 0)
      return -1;
    auto found = referent_of_member_.find(member);
    if (found != referent_of_member_.end())
      return found->second;
    const ValueFlowSlot slot = out_.slots[member];
    tree type = TREE_TYPE(TREE_TYPE(TREE_OPERAND(ref, 1)));
    int object = new_object("*" + slot.name, SlotScope::ParameterTarget,
                            holds_one_value(type) && TREE_CODE(type) != VOID_TYPE);
    out_.slots[objects_[object].whole].parameter = slot.parameter;
    out_.slots[objects_[object].whole].through_reference = slot.field;
    objects_[object].parameter_target = true;
    objects_[object].contents_unknown = true;
    objects_[object].type = type;
    add_fields(object, type);
    referent_of_member_[member] = object;
    return object;
  }

  // `this->comm_ = comm;': a constructor binds a reference member of what
  // a parameter points to to what another parameter points to.  The
  // callers see the binding (ValueFlowFunction::reference_bindings): it is
  // not an escape.
  bool binds_reference(gassign *assign) {
    tree rhs = gimple_assign_rhs1(assign);
    if (gimple_assign_rhs_code(assign) != PARM_DECL || TREE_CODE(rhs) != PARM_DECL ||
        !POINTER_TYPE_P(TREE_TYPE(rhs)))
      return false;
    int member = reference_member_slot(gimple_assign_lhs(assign));
    if (member < 0)
      return false;
    ValueFlowFunction::ReferenceBinding binding;
    binding.object = out_.slots[member].parameter;
    binding.field = out_.slots[member].field;
    binding.referent = parameter_index(rhs);
    for (const auto &known : out_.reference_bindings)
      if (known.object == binding.object && known.field == binding.field &&
          known.referent == binding.referent)
        return true;
    out_.reference_bindings.push_back(binding);
    return true;
  }

  // `closure.__size = &size;': a function binds a C++ reference member of
  // one of its own objects itself (a lambda's capture by reference, an
  // aggregate's reference member), with no constructor of ours: the
  // solver learns what the member refers to (ValueFlowStatement::
  // binds_reference), as from a constructor's binding.
  void local_reference_binding(gassign *assign, Known &known) {
    tree lhs = gimple_assign_lhs(assign);
    if (!gimple_assign_single_p(assign) || TREE_CODE(lhs) != COMPONENT_REF ||
        TREE_CODE(TREE_TYPE(TREE_OPERAND(lhs, 1))) != REFERENCE_TYPE)
      return;
    Access a = access(lhs, false);
    if (a.unknown || a.objects.size() != 1 || a.slots.size() != 1)
      return;
    const Object &o = objects_[a.objects[0]];
    const ValueFlowSlot &slot = out_.slots[a.slots[0]];
    if (o.global || o.parameter_target || o.summary || slot.scope != SlotScope::Local ||
        slot.field < 0)
      return;
    Targets t = targets(gimple_assign_rhs1(assign));
    known.binds_reference = true;
    for (int object : t.objects)
      add_group(object, known.referents);
    known.refers_elsewhere = t.unknown;
  }

  static void merge(Targets &into, const Targets &from) {
    append_unique(into.objects, from.objects);
    into.unknown |= from.unknown;
  }

  static bool is_memory_reference(tree expr) {
    switch (TREE_CODE(expr)) {
    case COMPONENT_REF: case ARRAY_REF: case ARRAY_RANGE_REF: case BIT_FIELD_REF:
    case REALPART_EXPR: case IMAGPART_EXPR: case VIEW_CONVERT_EXPR: case MEM_REF:
    case TARGET_MEM_REF: case INDIRECT_REF:
      return true;
    default:
      return false;
    }
  }

  // The storage a reference reads or writes; with `values', the slots the
  // address depends on too.
  Access access(tree ref, bool values = true) {
    Access result;
    switch (TREE_CODE(ref)) {
    case SSA_NAME: case VAR_DECL: case PARM_DECL: case RESULT_DECL: {
      int object = object_of(ref);
      result.objects.push_back(object);
      add_group(object, result.slots);
      result.strong = objects_[object].scalar && !objects_[object].summary &&
                      objects_[object].fields.empty();
      return result;
    }
    case COMPONENT_REF: {
      tree base = TREE_OPERAND(ref, 0);
      tree field = TREE_OPERAND(ref, 1);
      Access inner = access(base, values);
      // A field by name of a record reached directly: its own slot.
      bool direct = TREE_CODE(TREE_TYPE(base)) == RECORD_TYPE && !inner.unknown &&
                    (TREE_CODE(base) == VAR_DECL || TREE_CODE(base) == PARM_DECL ||
                     TREE_CODE(base) == RESULT_DECL || TREE_CODE(base) == MEM_REF);
      if (!direct)
        return weak(inner);
      result = inner;
      result.slots.clear();
      for (int object : inner.objects) {
        const Object &o = objects_[object];
        bool own = o.fields.count(field) || !inner.through_pointer || o.parameter_target ||
                   o.heap;
        if (own)
          add_unique(result.slots, field_slot(object, field));
        else
          add_group(object, result.slots);
      }
      result.strong = inner.objects.size() == 1 && result.slots.size() == 1 &&
                      !objects_[inner.objects[0]].summary &&
                      !AGGREGATE_TYPE_P(TREE_TYPE(ref));
      return result;
    }
    case ARRAY_REF: case ARRAY_RANGE_REF:
      result = weak(access(TREE_OPERAND(ref, 0), values));
      if (values)
        for (int i = 1; i < 4 && i < TREE_OPERAND_LENGTH(ref); ++i)
          read_into(TREE_OPERAND(ref, i), result.index_uses);
      return result;
    case BIT_FIELD_REF: case REALPART_EXPR: case IMAGPART_EXPR: case VIEW_CONVERT_EXPR:
      return weak(access(TREE_OPERAND(ref, 0), values));
    case MEM_REF: case TARGET_MEM_REF: case INDIRECT_REF: {
      tree pointer = TREE_OPERAND(ref, 0);
      bool at_zero = TREE_CODE(ref) == INDIRECT_REF ||
                     (TREE_CODE(ref) == MEM_REF && integer_zerop(TREE_OPERAND(ref, 1)));
      // A temporary (or scalar_field_pointer) holding one address of a
      // scalar all along: that scalar, as if written `*&s.h'.  (Not an
      // aggregate: a field of it reached through the pointer would not
      // meet the same field named directly.)
      tree held = address_of(pointer);
      if (TREE_CODE(pointer) != ADDR_EXPR && TREE_CODE(held) == ADDR_EXPR &&
          !AGGREGATE_TYPE_P(TREE_TYPE(TREE_OPERAND(held, 0))))
        pointer = held;
      if (TREE_CODE(pointer) == ADDR_EXPR) {
        result = access(TREE_OPERAND(pointer, 0), values);
        result.strong &= at_zero && !AGGREGATE_TYPE_P(TREE_TYPE(ref));
      } else {
        result = pointed_access(pointer, values);
        result.strong &= at_zero && !AGGREGATE_TYPE_P(TREE_TYPE(ref));
        if (result.unknown)
          result.through_result_of = precise_result_of(pointer);
      }
      if (TREE_CODE(ref) == TARGET_MEM_REF) {
        result.strong = false;
        if (values)
          for (int i = 1; i < TREE_OPERAND_LENGTH(ref); ++i)
            read_into(TREE_OPERAND(ref, i), result.index_uses);
      }
      return result;
    }
    case CONST_DECL: case STRING_CST: case FUNCTION_DECL: case LABEL_DECL:
      return result; // constant storage: nobody writes it
    default:
      result.unknown = true; // nothing we can name
      return result;
    }
  }

  // Every slot of what `pointer' may point to; strong when that is one
  // scalar object.
  Access pointed_access(tree pointer, bool values) {
    Access a;
    Targets t = targets(pointer);
    a.objects = t.objects;
    a.unknown = t.unknown;
    a.through_pointer = true;
    for (int object : t.objects)
      add_group(object, a.slots);
    a.strong = !t.unknown && t.objects.size() == 1 && objects_[t.objects[0]].scalar &&
               !objects_[t.objects[0]].summary && objects_[t.objects[0]].fields.empty();
    // Which memory a pointer parameter passed on unchanged names is its
    // callers' business (each call site's object): its value, an address
    // of the caller's, is no difference of what is read or stored there
    // (a Fortran dummy argument `code = g' would otherwise depend on the
    // parameter's link-time key, which judges what the callers pass).
    bool callers_object = invariant_parameter(pointer) && !t.unknown && t.objects.size() == 1;
    if (values && !callers_object)
      read_into(pointer, a.index_uses);
    return a;
  }

  static Access weak(Access a) {
    a.strong = false;
    return a;
  }

  // ---------------------------------------------------------- reading values

  // Adds to `uses' the slots the value of `expr' depends on.
  void read_into(tree expr, std::vector<int> &uses) {
    if (!expr)
      return;
    switch (TREE_CODE(expr)) {
    case SSA_NAME: case VAR_DECL: case PARM_DECL: case RESULT_DECL: {
      int object = object_of(expr);
      add_group(object, uses);
      return;
    }
    case ADDR_EXPR: { // an address depends only on its indexes
      Access a = access(TREE_OPERAND(expr, 0), true);
      for (int s : a.index_uses)
        add_unique(uses, s);
      return;
    }
    case CONSTRUCTOR: {
      unsigned i;
      tree value;
      FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(expr), i, value)
        read_into(value, uses);
      return;
    }
    case FUNCTION_DECL: case LABEL_DECL: case CONST_DECL: case FIELD_DECL:
      return;
    default:
      break;
    }
    if (CONSTANT_CLASS_P(expr))
      return;
    if (is_memory_reference(expr)) {
      Access a = access(expr, true);
      if (a.through_result_of && emitting_) {
        read_through_result(expr, a, uses);
        return;
      }
      for (int s : a.slots)
        add_unique(uses, emitting_ ? slot_for_team_read(s, expr, current_team_) : s);
      for (int s : a.index_uses)
        add_unique(uses, s);
      if (a.unknown && emitting_)
        add_unique(uses, fact_slot(a.through_result_of ? result_memory_fact(a.through_result_of)
                                                       : unknown_memory_fact()));
      if (TREE_THIS_VOLATILE(expr) && emitting_)
        add_unique(uses, fact_slot(volatile_fact()));
      return;
    }
    if (EXPR_P(expr))
      for (int i = 0; i < TREE_OPERAND_LENGTH(expr); ++i)
        read_into(TREE_OPERAND(expr, i), uses);
  }

  // `x = *p' (or a field of *p), p the result of a call of a function of
  // the unit (Access::through_result_of): each slot read goes through a
  // temporary of its own, whose statement settle_result_stores empties
  // when the callee returns no pointer into that slot (an accessor
  // `double &time() { return time_; }' reads only time_ of the object).
  // Slots of objects no argument points to the start of, and of no
  // std::vector in a field of one, are read as they are.
  void read_through_result(tree expr, const Access &a, std::vector<int> &uses) {
    const unsigned callee = a.through_result_of;
    gcall *call = result_call(TREE_OPERAND(base_of_reference(expr), 0));
    const std::vector<PointerArgument> pointers =
        call ? pointer_arguments(call) : std::vector<PointerArgument>();
    // The argument objects the slots lie in, directly or as a vector's
    // elements in one of their fields: slot -> (holder slot, arguments).
    std::map<int, std::pair<int, std::vector<int>>> filtered;
    for (int object : a.objects) {
      std::vector<int> group;
      add_group(object, group);
      for (int slot : group) {
        bool always = false;
        Access one;
        one.objects = {object};
        std::vector<int> arguments = result_arguments(pointers, one, slot, always);
        if (!always && !arguments.empty())
          filtered[slot] = {slot, arguments};
      }
    }
    for (const auto &holder : elements_of_slot_) {
      auto found = filtered.find(holder.first);
      if (found == filtered.end() || found->second.first != holder.first)
        continue;
      std::vector<int> group;
      add_group(holder.second, group);
      for (int slot : group)
        if (!filtered.count(slot))
          filtered[slot] = {holder.first, found->second.second};
    }
    for (int s : a.slots) {
      int read = slot_for_team_read(s, expr, current_team_);
      auto found = filtered.find(s);
      if (found == filtered.end() || read != s) {
        add_unique(uses, read);
        continue;
      }
      int temporary = new_slot("a read through the result of a call", SlotScope::Local);
      out_.slots[temporary].single_definition = true;
      ValueFlowStatement statement;
      statement.target = temporary;
      statement.uses = {s};
      statement.through_result_of = callee;
      statement.result_arguments = found->second.second;
      statement.read_slot = found->second.first;
      current_->statements.push_back(statement);
      add_unique(uses, temporary);
    }
    for (int s : a.index_uses)
      add_unique(uses, s);
    if (a.unknown)
      add_unique(uses, fact_slot(result_memory_fact(callee)));
    if (TREE_THIS_VOLATILE(expr))
      add_unique(uses, fact_slot(volatile_fact()));
  }

  // The MEM_REF a reference's fields and indexes apply to.
  static tree base_of_reference(tree ref) {
    while (TREE_CODE(ref) == COMPONENT_REF || TREE_CODE(ref) == ARRAY_REF ||
           TREE_CODE(ref) == ARRAY_RANGE_REF || TREE_CODE(ref) == BIT_FIELD_REF ||
           TREE_CODE(ref) == REALPART_EXPR || TREE_CODE(ref) == IMAGPART_EXPR ||
           TREE_CODE(ref) == VIEW_CONVERT_EXPR)
      ref = TREE_OPERAND(ref, 0);
    return ref;
  }

  // The value a call argument passes: in Fortran, what it points to.
  void read_argument(tree arg, std::vector<int> &uses) {
    if (!fortran_ || !POINTER_TYPE_P(TREE_TYPE(arg))) {
      read_into(arg, uses);
      return;
    }
    read_pointee(arg, uses);
  }

  void read_pointee(tree pointer, std::vector<int> &uses) {
    pointer = address_of(pointer);
    if (TREE_CODE(pointer) == ADDR_EXPR) {
      read_into(TREE_OPERAND(pointer, 0), uses);
      return;
    }
    Targets t = targets(pointer);
    read_into(pointer, uses);
    for (int object : t.objects)
      add_group(object, uses);
    if (t.unknown && emitting_)
      add_unique(uses, fact_slot(unknown_memory_fact()));
  }

  // ---------------------------------------------------------- facts

  int add_fact(bool processes, bool threads, const std::string &phrase, bool error = false) {
    auto found = fact_by_phrase_.find(phrase);
    if (found != fact_by_phrase_.end())
      return found->second;
    ValueFlowFact fact;
    fact.differs_between_processes = processes;
    fact.differs_between_threads = threads;
    fact.error_code = error;
    fact.phrase = phrase;
    // The statement being read, when the phrase names its line.
    std::string line = at_line(where_);
    if (!line.empty() && phrase.find(line) != std::string::npos)
      fact.origin = where_;
    out_.facts.push_back(fact);
    fact_by_phrase_[phrase] = (int)out_.facts.size() - 1;
    return (int)out_.facts.size() - 1;
  }

  int differs(const std::string &phrase) { return add_fact(true, true, phrase); }

  int unknown_memory_fact() {
    return differs("depends on memory reached through a pointer" + at_line(where_));
  }

  // Memory read through the pointer a call of function `callee' of the
  // unit returned: unknown unless the callee returns pointers only into
  // what its arguments point to (settle_result_stores decides).
  int result_memory_fact(unsigned callee) {
    tree decl = nullptr;
    for (tree d : result_callee_decls_)
      if (DECL_UID(d) == callee)
        decl = d;
    std::string name = decl ? printable_function_name(decl) : "a function";
    int fact = differs("depends on memory reached through the pointer ‘" + name +
                       "’ returns" + at_line(where_));
    out_.facts[fact].unless_returns_only_fields_of = callee;
    return fact;
  }

  // The callee of the call of a function of the unit that defined
  // `pointer', when every pointer argument of that call reaches only
  // objects this function names (what the callee may return besides is
  // then only its own memory); 0 otherwise.
  unsigned precise_result_of(tree pointer) {
    gcall *call = result_call(pointer);
    if (!call)
      return 0;
    for (const PointerArgument &argument : pointer_arguments(call))
      if (argument.targets.unknown)
        return 0;
    tree decl = gimple_call_fndecl(call);
    result_callee_decls_.insert(decl);
    return DECL_UID(decl);
  }
  int volatile_fact() { return differs("depends on a volatile access" + at_line(where_)); }

  // A single-definition slot holding `fact', assigned in the current block.
  int fact_slot(int fact) {
    int slot = new_slot("a source", SlotScope::Local);
    out_.slots[slot].single_definition = true;
    ValueFlowStatement statement;
    statement.target = slot;
    statement.fact = fact;
    current_->statements.push_back(statement);
    return slot;
  }

  // ---------------------------------------------------------- writing

  // Stores a value computed from `uses' (and `fact') into `lhs'.
  void store(tree lhs, std::vector<int> uses, int fact, bool force_weak = false,
             const Known &known = Known()) {
    if (!lhs)
      return;
    Access a = access(lhs, true);
    for (int s : a.index_uses)
      add_unique(uses, s);
    store_to(a, uses, fact, force_weak, known, result_stored_through(lhs));
  }

  // `*p = v', p the result of a call of a function of the unit (`p =
  // x.operator[] (i)', at offset 0): the call, whose callee's
  // returned_fields tell which of the slots p may point to it writes
  // (ValueFlowStatement::through_result_of); null for any other store.
  gcall *result_stored_through(tree lhs) {
    if (TREE_CODE(lhs) != MEM_REF || !integer_zerop(TREE_OPERAND(lhs, 1)))
      return nullptr;
    return result_call(TREE_OPERAND(lhs, 0));
  }

  // The call of a function of the unit whose result `pointer' holds, or
  // null.
  gcall *result_call(tree pointer) {
    // An SSA name's definition, or the only statement writing a
    // temporary of the compiler holding the reference (`D.1 =
    // x.operator[] (i); *D.1 = *D.1 + v' for `x[i] += v').
    gcall *call = safe_dyn_cast<gcall *>(defining_statement(pointer));
    return call && classify(call).unit_callee ? call : nullptr;
  }

  // A pointer argument of such a call (one the callee may return a
  // pointer into): its position (-1: the static chain), value and targets.
  struct PointerArgument {
    int position;
    tree value;
    Targets targets;
  };
  std::vector<PointerArgument> pointer_arguments(gcall *call) {
    std::vector<PointerArgument> result;
    tree parameter = DECL_ARGUMENTS(gimple_call_fndecl(call));
    for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
      tree arg = gimple_call_arg(call, i);
      if (POINTER_TYPE_P(TREE_TYPE(arg)) || (parameter && POINTER_TYPE_P(TREE_TYPE(parameter))))
        result.push_back({(int)i, arg, targets(arg)});
      if (parameter)
        parameter = DECL_CHAIN(parameter);
    }
    if (tree chain = gimple_call_chain(call))
      result.push_back({-1, chain, targets(chain)});
    return result;
  }

  // Which arguments of `call' point to the start of an object holding
  // `slot' among `a.objects' (a pointer of the object's own type); sets
  // `always' if one points into such an object some other way (to one of
  // its fields, into an array of them), where the callee's fields do not
  // tell which of its slots it returns.
  std::vector<int> result_arguments(const std::vector<PointerArgument> &pointers, const Access &a,
                                    int slot, bool &always) {
    std::vector<int> arguments;
    for (int object : a.objects) {
      std::vector<int> group;
      add_group(object, group);
      if (std::find(group.begin(), group.end(), slot) == group.end())
        continue;
      const Object &o = objects_[object];
      for (const PointerArgument &argument : pointers) {
        const std::vector<int> &reached = argument.targets.objects;
        if (std::find(reached.begin(), reached.end(), object) == reached.end())
          continue;
        tree type = TREE_TYPE(argument.value);
        // A heap block of records (heap) is named by field like one.
        bool at_start = argument.position >= 0 && POINTER_TYPE_P(type) && o.type &&
                        (!o.summary || o.heap) &&
                        TYPE_MAIN_VARIANT(TREE_TYPE(type)) == TYPE_MAIN_VARIANT(o.type);
        if (at_start)
          add_unique(arguments, argument.position);
        else
          always = true;
      }
    }
    return arguments;
  }

  // With `through', a store through the pointer that call returned
  // (result_stored_through).
  void store_to(const Access &a, const std::vector<int> &uses, int fact, bool force_weak,
                const Known &known = Known(), gcall *through = nullptr) {
    const unsigned callee = through ? DECL_UID(gimple_call_fndecl(through)) : 0;
    const std::vector<PointerArgument> pointers =
        through ? pointer_arguments(through) : std::vector<PointerArgument>();
    // Where the call's pointer arguments may point to memory no object
    // stands for, so may its result, whatever the callee; otherwise the
    // callee's own memory (its globals and allocations) only if its
    // returned_fields may not tell (settle_result_stores).
    bool arguments_point_elsewhere = false;
    for (const PointerArgument &argument : pointers)
      arguments_point_elsewhere |= argument.targets.unknown;
    if (a.unknown && through && !arguments_point_elsewhere)
      add_unique(out_.stores_through_results_of, callee);
    else
      out_.stores_through_unknown |= a.unknown;
    bool strong = a.strong && (a.slots.size() == 1 || a.every_slot) && !force_weak;
    for (int slot : a.slots) {
      ValueFlowStatement statement;
      if (through) {
        bool always = false;
        statement.result_arguments = result_arguments(pointers, a, slot, always);
        statement.through_result_of = always ? 0 : callee;
        if (always)
          statement.result_arguments.clear();
      }
      statement.target = slot;
      statement.strong = strong;
      statement.uses = uses;
      statement.fact = fact;
      statement.copy_of = known.copy_of;
      statement.quantity = known.quantity;
      statement.comparison = known.comparison;
      statement.assigns_constant = known.constant_known;
      statement.constant = known.constant;
      statement.constant_handle = known.constant_handle;
      statement.from_handle = known.from_handle;
      statement.arithmetic = known.arithmetic;
      statement.logical = known.logical;
      statement.binds_reference = known.binds_reference;
      statement.referents = known.referents;
      statement.refers_elsewhere = known.refers_elsewhere;
      statement.same_in_every_thread = known.same_in_every_thread;
      current_->statements.push_back(statement);
      if (current_team_ >= 0 && racy_[current_team_].count(slot))
        mark_racy(slot);
    }
  }

  // What threads of the team write, others may read at any time.
  void mark_racy(int slot) {
    if (phase_isolated_.count(slot))
      return; // no thread reads it while another writes it

    ValueFlowStatement statement;
    statement.target = slot;
    statement.strong = false;
    statement.fact = differs("depends on '" + out_.slots[slot].name +
                             "', which threads of an OpenMP team write concurrently" +
                             at_line(where_));
    current_->statements.push_back(statement);
  }

  // `pointer' itself, or the address a temporary was set to (`_1 = &p->x'),
  // which names the field.
  tree address_of(tree pointer) const {
    if (TREE_CODE(pointer) == SSA_NAME || TREE_CODE(pointer) == VAR_DECL) {
      auto found = address_def_.find(pointer);
      if (found != address_def_.end())
        return found->second;
    }
    return pointer;
  }

  // Writes through the pointer `arg' (a call's output argument); with
  // `whole', the call writes all of the array `arg' points to.
  void store_through(tree arg, const std::vector<int> &uses, int fact, bool allow_strong,
                     bool whole = false, const Known &known = Known()) {
    Access a;
    bool own_slots; // `whole' writes every slot of the one object reached
    arg = address_of(arg);
    if (TREE_CODE(arg) == ADDR_EXPR) {
      a = access(TREE_OPERAND(arg, 0), true);
      // A variable's slots are all its own; a field must have its own slot
      // (not the whole group of an object reached through a pointer).
      own_slots = a.slots.size() == 1 || VAR_P(strip_array_start(TREE_OPERAND(arg, 0)));
    } else {
      a = pointed_access(arg, false);
      // What a pointer parameter points to (`MPI_Bcast (p, sizeof *p,
      // MPI_BYTE, ...)' in a setup routine).
      own_slots = invariant_parameter(arg) && a.objects.size() == 1 &&
                  objects_[a.objects[0]].parameter_target;
    }
    if (whole && own_slots && a.objects.size() == 1 && !a.unknown &&
        !objects_[a.objects[0]].summary) {
      a.strong = true;
      a.every_slot = true;
    }
    store_to(a, uses, fact, !allow_strong, known);
  }

  // ---------------------------------------------------------- copies and comparisons

  // The value of `expr' is exactly what one slot holds (maybe widened, or
  // made unsigned: ranks and sizes are never negative), an integer at
  // least as wide as an int (what MPI writes ranks and sizes as) or an
  // opaque handle: that slot, or -1.
  int copied_slot(tree expr) {
    if (!expr)
      return -1;
    // An int-sized integer, or an opaque handle (Open MPI's MPI_Comm, which
    // MPICH spells as an int).
    tree type = TREE_TYPE(expr);
    if (!(INTEGRAL_TYPE_P(type) && TYPE_PRECISION(type) >= TYPE_PRECISION(integer_type_node)) &&
        !points_to_opaque_type(type))
      return -1;
    switch (TREE_CODE(expr)) {
    case SSA_NAME: case VAR_DECL: case PARM_DECL: case RESULT_DECL: {
      const Object &o = objects_[object_of(expr)];
      return o.fields.empty() && !o.summary ? o.whole : -1;
    }
    case COMPONENT_REF: case ARRAY_REF: case MEM_REF: {
      if (TREE_THIS_VOLATILE(expr))
        return -1;
      Access a = access(expr, false);
      if (a.unknown || a.slots.size() != 1)
        return -1;
      return emitting_ ? slot_for_team_read(a.slots[0], expr, current_team_) : a.slots[0];
    }
    default:
      return -1;
    }
  }

  // An assignment's right-hand side that copies a slot: `x = y', or a
  // conversion that keeps every non-negative value of y.
  int copied_by(gassign *assign) {
    tree rhs = gimple_assign_rhs1(assign);
    if (gimple_assign_single_p(assign))
      return copied_slot(rhs);
    if (!CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(assign)))
      return -1;
    tree to = TREE_TYPE(gimple_assign_lhs(assign)), from = TREE_TYPE(rhs);
    if (!INTEGRAL_TYPE_P(to) || !INTEGRAL_TYPE_P(from) ||
        TYPE_PRECISION(to) < TYPE_PRECISION(from))
      return -1;
    // The outcome of a test widened to an int (`MPI_Comm_split (comm, rank
    // == 0, ...)'): 0 or 1 either way.
    if (TREE_CODE(from) == BOOLEAN_TYPE && TREE_CODE(rhs) == SSA_NAME &&
        TYPE_PRECISION(to) >= TYPE_PRECISION(integer_type_node)) {
      const Object &o = objects_[object_of(rhs)];
      return o.fields.empty() && !o.summary ? o.whole : -1;
    }
    return copied_slot(rhs);
  }

  // `t = a OP b' on integers, for the operations ValueFlowArithmetic
  // names, with each operand a copied slot or a constant; else Op::None.
  ValueFlowArithmetic arithmetic(gassign *assign) {
    using Op = ValueFlowArithmetic::Op;
    ValueFlowArithmetic result;
    Op op;
    switch (gimple_assign_rhs_code(assign)) {
    case PLUS_EXPR: op = Op::Plus; break;
    case MINUS_EXPR: op = Op::Minus; break;
    case MULT_EXPR: op = Op::Multiply; break;
    case TRUNC_DIV_EXPR: op = Op::Divide; break;
    case TRUNC_MOD_EXPR: op = Op::Modulo; break;
    case BIT_AND_EXPR: op = Op::BitAnd; break;
    default: return result;
    }
    tree type = TREE_TYPE(gimple_assign_lhs(assign));
    if (gimple_num_ops(assign) != 3 || !INTEGRAL_TYPE_P(type) ||
        TREE_CODE(type) == BOOLEAN_TYPE)
      return result;
    for (tree operand : {gimple_assign_rhs1(assign), gimple_assign_rhs2(assign)}) {
      ValueFlowOperand out;
      if (TREE_CODE(operand) == INTEGER_CST) {
        if (!tree_fits_shwi_p(operand))
          return result;
        out.constant = tree_to_shwi(operand);
      } else if ((out.slot = copied_slot(operand)) < 0) {
        return result;
      }
      result.operands.push_back(out);
    }
    result.op = op;
    result.precision = (int)TYPE_PRECISION(type);
    result.is_unsigned = TYPE_UNSIGNED(type);
    return result;
  }

  // `t = a | b' or `t = a & b' of two temporaries (truth values when
  // they hold comparisons' outcomes: the core checks), else Op::None.
  ValueFlowLogical logical(gassign *assign) {
    ValueFlowLogical result;
    ValueFlowLogical::Op op;
    switch (gimple_assign_rhs_code(assign)) {
    case BIT_IOR_EXPR: case TRUTH_OR_EXPR: op = ValueFlowLogical::Op::Or; break;
    case BIT_AND_EXPR: case TRUTH_AND_EXPR: op = ValueFlowLogical::Op::And; break;
    default: return result;
    }
    if (gimple_num_ops(assign) != 3 || !INTEGRAL_TYPE_P(TREE_TYPE(gimple_assign_lhs(assign))))
      return result;
    int slots[2];
    for (int k = 0; k < 2; ++k) {
      tree operand = k ? gimple_assign_rhs2(assign) : gimple_assign_rhs1(assign);
      if (TREE_CODE(operand) != SSA_NAME)
        return result;
      const Object &o = objects_[object_of(operand)];
      if (!o.fields.empty() || o.summary)
        return result;
      slots[k] = o.whole;
    }
    result.op = op;
    result.left = slots[0];
    result.right = slots[1];
    return result;
  }

  // The scalar variable whose handle MPI call `call' reads as `comm', read
  // by the call itself (C: the variable, or a load of it by the statement
  // right before the call; Fortran: its address), or -1
  // (ValueFlowQuantity::communicator_slot).
  int communicator_read_by(gcall *call, tree comm) {
    if (!comm)
      return -1;
    if (TREE_CODE(comm) == ADDR_EXPR)
      return fortran_ && VAR_P(TREE_OPERAND(comm, 0)) ? argument_variable(comm, true) : -1;
    if (TREE_CODE(comm) == SSA_NAME) {
      gassign *load = dyn_cast<gassign *>(definition(comm));
      if (!load || !gimple_assign_single_p(load))
        return -1;
      gimple_stmt_iterator next = gsi_for_stmt(load);
      gsi_next_nondebug(&next);
      if (gsi_end_p(next) || gsi_stmt(next) != call)
        return -1;
      comm = gimple_assign_rhs1(load);
    }
    if (!VAR_P(comm) && TREE_CODE(comm) != PARM_DECL)
      return -1;
    auto object = object_of_decl_.find(comm);
    if (object == object_of_decl_.end())
      return -1;
    const Object &o = objects_[object->second];
    return o.fields.empty() && !o.summary && o.scalar ? o.whole : -1;
  }

  // One side of a comparison: a slot's value, or an integer constant.
  bool comparison_operand(tree operand, ValueFlowOperand &out) {
    if (TREE_CODE(operand) == INTEGER_CST) {
      if (!tree_fits_shwi_p(operand))
        return false;
      out.constant = tree_to_shwi(operand);
      out.null_communicator = is_null_communicator(operand);
      return true;
    }
    if (is_null_communicator(operand)) {
      out.null_communicator = true;
      return true;
    }
    // `size - 1': a temporary computed from a copied slot and a constant.
    if (offset_operand(operand, out))
      return true;
    out.slot = copied_slot(operand);
    // A boolean variable (the outcome of a test stored in it).
    if (out.slot < 0 && TREE_CODE(TREE_TYPE(operand)) == BOOLEAN_TYPE &&
        (TREE_CODE(operand) == SSA_NAME || VAR_P(operand))) {
      const Object &o = objects_[object_of(operand)];
      out.slot = o.fields.empty() && !o.summary ? o.whole : -1;
    }
    // Open MPI's pointer handle, loaded from its variable by the statement
    // right before the comparison: the variable; or a local whose address
    // is never taken, compared itself.
    if (out.slot < 0 && POINTER_TYPE_P(TREE_TYPE(operand)))
      if (tree variable = VAR_P(operand) && !is_global_var(operand)
                              ? operand
                              : handle_loaded_just_before_use(operand)) {
        auto object = object_of_decl_.find(variable);
        if (object != object_of_decl_.end()) {
          const Object &o = objects_[object->second];
          out.slot = o.fields.empty() && !o.summary && o.scalar ? o.whole : -1;
        }
      }
    return out.slot >= 0;
  }

  // A temporary set to `x + c' or `x - c', x a copied slot of a signed
  // type (whose overflow no valid program reaches), c a small constant:
  // the slot of x with offset ±c (ValueFlowOperand::offset).
  bool offset_operand(tree operand, ValueFlowOperand &out) {
    if (TREE_CODE(operand) != SSA_NAME)
      return false;
    gassign *def = dyn_cast<gassign *>(definition(operand));
    if (!def || (gimple_assign_rhs_code(def) != PLUS_EXPR &&
                 gimple_assign_rhs_code(def) != MINUS_EXPR))
      return false;
    tree type = TREE_TYPE(gimple_assign_lhs(def));
    tree constant = gimple_assign_rhs2(def);
    if (!INTEGRAL_TYPE_P(type) || !TYPE_OVERFLOW_UNDEFINED(type) ||
        TREE_CODE(constant) != INTEGER_CST || !tree_fits_shwi_p(constant))
      return false;
    long long c = tree_to_shwi(constant);
    const long long kSmall = 1LL << 30;
    if (c > kSmall || c < -kSmall)
      return false;
    // x must hold at the comparison what it held at `def': a temporary
    // (one definition), or a variable read by the statement right before
    // the comparison (nothing writes it in between).
    tree x = gimple_assign_rhs1(def);
    if (TREE_CODE(x) != SSA_NAME) {
      gimple_stmt_iterator next = gsi_for_stmt(def);
      gsi_next(&next);
      if (gsi_end_p(next) || !uses_operand(gsi_stmt(next), operand))
        return false;
    }
    int slot = copied_slot(x);
    if (slot < 0)
      return false;
    out.slot = slot;
    out.offset = gimple_assign_rhs_code(def) == PLUS_EXPR ? c : -c;
    return true;
  }

  // `stmt' is a comparison (a conditional, or an assignment of one)
  // reading `name'.
  static bool uses_operand(gimple *stmt, tree name) {
    if (gcond *cond = dyn_cast<gcond *>(stmt))
      return gimple_cond_lhs(cond) == name || gimple_cond_rhs(cond) == name;
    return is_gimple_assign(stmt) &&
           TREE_CODE_CLASS(gimple_assign_rhs_code(stmt)) == tcc_comparison &&
           (gimple_assign_rhs1(stmt) == name || gimple_assign_rhs2(stmt) == name);
  }

  // The variable `name' was loaded from, if the statement after that load
  // compares `name' (nothing can write the variable in between).
  tree handle_loaded_just_before_use(tree name) {
    if (TREE_CODE(name) != SSA_NAME)
      return NULL_TREE;
    gassign *load = dyn_cast<gassign *>(definition(name));
    if (!load || !gimple_assign_single_p(load) || !VAR_P(gimple_assign_rhs1(load)))
      return NULL_TREE;
    gimple_stmt_iterator next = gsi_for_stmt(load);
    gsi_next(&next);
    if (gsi_end_p(next))
      return NULL_TREE;
    return uses_operand(gsi_stmt(next), name) ? gimple_assign_rhs1(load) : NULL_TREE;
  }

  // How the source spells an operand: a constant, or the variable a
  // temporary was loaded from.
  std::string operand_text(tree operand, int depth = 0) {
    if (TREE_CODE(operand) == INTEGER_CST && tree_fits_shwi_p(operand))
      return std::to_string(tree_to_shwi(operand));
    if (TREE_CODE(operand) == SSA_NAME && depth < 4) {
      gassign *copy = dyn_cast<gassign *>(definition(operand));
      if (copy && (gimple_assign_single_p(copy) ||
                   CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(copy))))
        return operand_text(gimple_assign_rhs1(copy), depth + 1);
    }
    std::string name = reference_name(operand);
    return name.empty() ? "a temporary" : name;
  }

  // What `left code right' compares (a GIMPLE_COND, or the right-hand
  // side of an assignment), if it is an integer comparison of slots and
  // constants (ValueFlowBlock::comparison).
  ValueFlowComparison comparison(tree_code code, tree left, tree right) {
    ValueFlowComparison result;
    using Op = ValueFlowComparison::Op;
    Op op;
    const char *spelled;
    switch (code) {
    case LT_EXPR: op = Op::Less; spelled = " < "; break;
    case LE_EXPR: op = Op::LessEqual; spelled = " <= "; break;
    case GT_EXPR: op = Op::Greater; spelled = " > "; break;
    case GE_EXPR: op = Op::GreaterEqual; spelled = " >= "; break;
    case EQ_EXPR: op = Op::Equal; spelled = " == "; break;
    case NE_EXPR: op = Op::NotEqual; spelled = " != "; break;
    default: return result;
    }
    if (!left || !right)
      return result;
    // `~b != 0' on a boolean (gfortran's `.not. b'): `b == 0'.
    if (tree negated = negated_boolean(left))
      if ((op == Op::Equal || op == Op::NotEqual) && integer_zerop(right)) {
        left = negated;
        op = op == Op::Equal ? Op::NotEqual : Op::Equal;
        spelled = op == Op::Equal ? " == " : " != ";
      }
    // Open MPI's handles are pointers: only their tests against
    // MPI_COMM_NULL are described.
    bool handle_test = (op == Op::Equal || op == Op::NotEqual) &&
                       (is_null_communicator(left) || is_null_communicator(right));
    if ((!handle_test &&
         (!INTEGRAL_TYPE_P(TREE_TYPE(left)) || !INTEGRAL_TYPE_P(TREE_TYPE(right)))) ||
        !comparison_operand(left, result.left) || !comparison_operand(right, result.right))
      return result;
    result.op = op;
    result.text = operand_text(left) + spelled + operand_text(right);
    return result;
  }

  // The operand of `~b' for a boolean b, or null.
  tree negated_boolean(tree operand) {
    if (TREE_CODE(operand) != SSA_NAME)
      return NULL_TREE;
    gassign *def = dyn_cast<gassign *>(definition(operand));
    if (!def || gimple_assign_rhs_code(def) != BIT_NOT_EXPR ||
        TREE_CODE(TREE_TYPE(gimple_assign_rhs1(def))) != BOOLEAN_TYPE ||
        TYPE_PRECISION(TREE_TYPE(gimple_assign_rhs1(def))) != 1)
      return NULL_TREE;
    return gimple_assign_rhs1(def);
  }

  // A floating-point value (or a complex, or a vector of them) carries no
  // address: loaded from memory that holds pointers (a vector's elements
  // where the points-to does not tell the vector's fields from its
  // elements), it does not make that memory reachable where it is stored.
  static bool holds_no_address(tree type) {
    if (!type)
      return false;
    if (TREE_CODE(type) == COMPLEX_TYPE || TREE_CODE(type) == VECTOR_TYPE)
      type = TREE_TYPE(type);
    return SCALAR_FLOAT_TYPE_P(type);
  }

  // A pointer to a structure this unit never completes: an opaque handle
  // (Open MPI's MPI_Comm is a `struct ompi_communicator_t *', MPI_COMM_WORLD
  // the address of a global of that library).  This unit cannot read or
  // write what it points to, so passing or storing one carries the handle's
  // value only, never the library's state behind it.
  static bool points_to_opaque_type(tree type) {
    return type && POINTER_TYPE_P(type) && RECORD_OR_UNION_TYPE_P(TREE_TYPE(type)) &&
           !COMPLETE_TYPE_P(TREE_TYPE(type));
  }

  // MPI_COMM_NULL as the source gives it: MPICH's handle 0x04000000 (C and
  // Fortran), Open MPI's &ompi_mpi_comm_null (C) or 2 (Fortran).  Another
  // constant equal to one of these is no valid communicator handle of the
  // other library, so a comparison of a handle with it is the same on
  // every process anyway (communicator_membership.h only looks at the
  // variables a collective passes as its communicator).
  bool is_null_communicator(tree operand) {
    STRIP_NOPS(operand);
    if (TREE_CODE(operand) == INTEGER_CST)
      return tree_fits_shwi_p(operand) &&
             (tree_to_shwi(operand) == 0x04000000 || (fortran_ && tree_to_shwi(operand) == 2));
    if (TREE_CODE(operand) != ADDR_EXPR)
      return false;
    tree object = TREE_OPERAND(operand, 0);
    return VAR_P(object) && DECL_NAME(object) &&
           strcmp(IDENTIFIER_POINTER(DECL_NAME(object)), "ompi_mpi_comm_null") == 0;
  }

  // Where collective `call' reads its communicator
  // (ValueFlowFunction::collectives).
  void describe_collective(gcall *call) {
    auto found = collective_index_.find(call);
    if (found == collective_index_.end())
      return;
    ValueFlowCollective &out = out_.collectives[found->second.first];
    out.block = current_index_;
    out.statement = (int)current_->statements.size();
    // A call of a function of the program (a probe of the link step,
    // cross_file_parameters.h) is judged on what each argument gives the
    // callee: in C and C++ too, what a pointer argument points to.
    bool program_callee = !fortran_ && !classify(call).library;
    if ((std::size_t)found->second.first < arguments_.size())
      for (int asked : arguments_[found->second.first]) {
        out.arguments.emplace_back();
        if (asked < 0 || asked >= (int)gimple_call_num_args(call))
          continue;
        tree argument = gimple_call_arg(call, asked);
        if (program_callee && POINTER_TYPE_P(TREE_TYPE(argument))) {
          read_pointee(argument, out.arguments.back());
          if (string_arguments(call, asked, out.arguments.back()) && emitting_)
            add_unique(out.arguments.back(), fact_slot(unknown_memory_fact()));
        } else {
          read_argument(argument, out.arguments.back());
        }
      }
    int position = found->second.second;
    if (position < 0 || position >= (int)gimple_call_num_args(call))
      return;
    tree comm = gimple_call_arg(call, position);
    out.communicator_name = communicator_name(comm);
    // Fortran passes the variable's address.
    if (TREE_CODE(comm) == ADDR_EXPR && VAR_P(TREE_OPERAND(comm, 0))) {
      comm = TREE_OPERAND(comm, 0);
    } else if (TREE_CODE(comm) == ADDR_EXPR) {
      // A COMMON block's member, a field.
      out.communicator = argument_variable(comm, true);
      return;
    } else if (TREE_CODE(comm) == SSA_NAME) {
      // C: a load of the variable just before the call.
      gassign *load = dyn_cast<gassign *>(definition(comm));
      if (!load || !gimple_assign_single_p(load) || gimple_bb(load) != gimple_bb(call))
        return;
      tree loaded = gimple_assign_rhs1(load);
      if (TREE_CODE(loaded) == ADDR_EXPR) {
        // The address of a field, taken just before (`_1 = &ctx->leaders;
        // MPI_Comm_free (_1)').
        out.communicator = argument_variable(loaded, true);
        return;
      }
      if (TREE_CODE(loaded) == COMPONENT_REF) {
        // A field of a record (`d.cart'): its slot, if it holds one value.
        Access a = access(loaded, false);
        if (!a.unknown && a.strong && a.slots.size() == 1)
          out.communicator = a.slots[0];
        return;
      }
      if (!VAR_P(loaded) && TREE_CODE(loaded) != PARM_DECL)
        return;
      comm = loaded;
    } else if (!VAR_P(comm) && TREE_CODE(comm) != PARM_DECL) {
      // else C's local whose address is never taken, or a parameter
      // (`work (MPI_Comm comm)'), passed itself
      return;
    }
    auto object = object_of_decl_.find(comm);
    if (object == object_of_decl_.end())
      return;
    const Object &o = objects_[object->second];
    if (o.fields.empty() && !o.summary && o.scalar)
      out.communicator = o.whole;
  }

  // The one scalar slot a handle or colour argument names: C's variable
  // (or the temporary loaded from it), Fortran's variable or COMMON
  // member passed by reference; -1 if none.
  int argument_variable(tree arg, bool by_reference) {
    if (!arg)
      return -1;
    if (by_reference) {
      if (TREE_CODE(arg) != ADDR_EXPR)
        return -1;
      Access a = access(TREE_OPERAND(arg, 0), false);
      return !a.unknown && a.strong && a.slots.size() == 1 ? a.slots[0] : -1;
    }
    return copied_slot(arg);
  }

  // The one statement defining `value': an SSA name's definition, or the
  // only statement writing a temporary of the compiler no pointer
  // reaches; null otherwise.
  gimple *defining_statement(tree value) const {
    if (TREE_CODE(value) == SSA_NAME)
      return definition(value);
    if (!VAR_P(value) || !DECL_ARTIFICIAL(value) || TREE_ADDRESSABLE(value) ||
        is_global_var(value))
      return nullptr;
    auto found = only_writer_.find(value);
    return found != only_writer_.end() ? found->second : nullptr;
  }

  // The communicator handle argument `comm' is read through a pointer:
  // memory a parameter points to (`dom->comm', `this->comm_', `*pcomm', a
  // component of a Fortran derived-type dummy `g%comm', reached through
  // the frame of a function with internal procedures too), not a variable
  // of the function or a global (a whole Fortran dummy is the callers'
  // variable, judged by their values).
  bool communicator_behind_pointer(tree comm) {
    // Through the temporaries holding the handle or its address (`_1 =
    // dom->comm', `_2 = &g->comm').
    for (int hops = 0; hops < 3; ++hops) {
      STRIP_NOPS(comm);
      if (TREE_CODE(comm) != SSA_NAME && !(VAR_P(comm) && DECL_ARTIFICIAL(comm)))
        break;
      gimple *definition_of = defining_statement(comm);
      // `comm = dom.comm ()': an accessor reading the handle through
      // `this' is the same read, one call away.
      if (gcall *call = safe_dyn_cast<gcall *>(definition_of))
        return reads_only_through_first_parameter(gimple_call_fndecl(call));
      if (!definition_of || !gimple_assign_single_p(definition_of))
        return false;
      comm = gimple_assign_rhs1(definition_of);
    }
    if (TREE_CODE(comm) == ADDR_EXPR)
      comm = TREE_OPERAND(comm, 0);
    tree base = comm;
    while (handled_component_p(base))
      base = TREE_OPERAND(base, 0);
    // MEM_REF[&x] is x itself.
    return (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == INDIRECT_REF) &&
           TREE_CODE(TREE_OPERAND(base, 0)) != ADDR_EXPR;
  }

  // The same for a body not gimplified yet (a function the call graph
  // has not reached): GENERIC with no call, no decision, no store to
  // memory, and loads through `self' only.
  static bool generic_reads_only_through(tree body, tree self) {
    return body && !walk_tree_without_duplicates(&body, generic_node_leaves_accessor, self);
  }

  // walk_tree's callback for generic_reads_only_through: `*node' if it
  // makes the body more than an accessor (`data' is the pointer
  // parameter).
  static tree generic_node_leaves_accessor(tree *node, int *, void *data) {
    tree t = *node;
    switch (TREE_CODE(t)) {
    case CALL_EXPR:
    case COND_EXPR:
    case LOOP_EXPR:
    case SWITCH_EXPR:
    case GOTO_EXPR:
    case ASM_EXPR:
    case TARGET_EXPR:
      return t;
    case MODIFY_EXPR:
    case INIT_EXPR: {
      tree lhs = TREE_OPERAND(t, 0);
      bool register_like = TREE_CODE(lhs) == RESULT_DECL || (VAR_P(lhs) && !is_global_var(lhs));
      return register_like ? NULL_TREE : t;
    }
    case INDIRECT_REF:
    case MEM_REF: {
      tree pointer = TREE_OPERAND(t, 0);
      STRIP_NOPS(pointer);
      return pointer == (tree)data ? NULL_TREE : t;
    }
    case VAR_DECL:
      return is_global_var(t) ? t : NULL_TREE;
    default:
      return NULL_TREE;
    }
  }

  // `fndecl' is an accessor of this unit (`MPI_Comm comm () const {
  // return comm_; }'): its body makes no call, takes no decision and
  // reads memory only through its first parameter, a pointer.
  static bool reads_only_through_first_parameter(tree fndecl) {
    if (!fndecl || TREE_CODE(fndecl) != FUNCTION_DECL || !DECL_ARGUMENTS(fndecl) ||
        !POINTER_TYPE_P(TREE_TYPE(DECL_ARGUMENTS(fndecl))))
      return false;
    tree self = DECL_ARGUMENTS(fndecl);
    auto through_self = [self](tree operand) {
      if (operand && VAR_P(operand) && is_global_var(operand))
        return false;
      if (!operand || !(handled_component_p(operand) || TREE_CODE(operand) == MEM_REF))
        return true; // no memory read: a constant, a local, a temporary
      tree base = get_base_address(operand);
      if (!base || TREE_CODE(base) != MEM_REF)
        return false;
      tree pointer = TREE_OPERAND(base, 0);
      if (TREE_CODE(pointer) == SSA_NAME)
        pointer = SSA_NAME_VAR(pointer);
      return pointer == self;
    };
    auto acceptable = [&](gimple *stmt) {
      switch (gimple_code(stmt)) {
      case GIMPLE_DEBUG:
      case GIMPLE_LABEL:
      case GIMPLE_NOP:
      case GIMPLE_PREDICT:
        return true;
      case GIMPLE_RETURN:
        return through_self(gimple_return_retval(as_a<greturn *>(stmt)));
      case GIMPLE_ASSIGN:
        if (gimple_clobber_p(stmt))
          return true;
        for (unsigned i = 1; i < gimple_num_ops(stmt); ++i)
          if (!through_self(gimple_op(stmt, i)))
            return false;
        return !gimple_vdef(stmt) && (TREE_CODE(gimple_assign_lhs(stmt)) == SSA_NAME ||
                                      (VAR_P(gimple_assign_lhs(stmt)) &&
                                       !is_global_var(gimple_assign_lhs(stmt))) ||
                                      TREE_CODE(gimple_assign_lhs(stmt)) == RESULT_DECL);
      default:
        return false;
      }
    };
    function *body = DECL_STRUCT_FUNCTION(fndecl);
    if (body && body->cfg) {
      basic_block bb;
      FOR_EACH_BB_FN(bb, body)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
        if (!acceptable(gsi_stmt(gsi)))
          return false;
      return true;
    }
    if (!gimple_has_body_p(fndecl))
      return generic_reads_only_through(DECL_SAVED_TREE(fndecl), self);
    // Not lowered yet: the gimplified body, binds opened.
    bool ok = true;
    std::vector<gimple_seq> work{gimple_body(fndecl)};
    while (ok && !work.empty()) {
      gimple_seq seq = work.back();
      work.pop_back();
      for (gimple_stmt_iterator gsi = gsi_start(seq); ok && !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        if (gbind *bind = dyn_cast<gbind *>(stmt))
          work.push_back(gimple_bind_body(bind));
        else
          ok = acceptable(stmt);
      }
    }
    return ok;
  }

  // The local variable the handle `comm' was loaded from (in the same
  // block, right before its use), if the function sets that variable
  // only through its address given to one call (MPI_Comm_dup,
  // MPI_Comm_split...) that no loop runs again, besides MPI_Comm_free,
  // and never assigns it nor lets its address go elsewhere.
  tree communicator_held_once(tree comm) {
    if (TREE_CODE(comm) != SSA_NAME)
      return NULL_TREE;
    gassign *load = dyn_cast<gassign *>(definition(comm));
    if (!load || !gimple_assign_single_p(load))
      return NULL_TREE;
    tree variable = gimple_assign_rhs1(load);
    if (!VAR_P(variable) || is_global_var(variable))
      return NULL_TREE;
    // Its address goes nowhere else (the scan below sees every use).
    gcall *maker = nullptr;
    for (basic_block bb : order_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        if (is_gimple_debug(stmt) || gimple_clobber_p(stmt))
          continue;
        if (gimple_get_lhs(stmt) == variable)
          return NULL_TREE; // assigned
        for (unsigned i = 0; i < gimple_num_ops(stmt); ++i) {
          tree op = gimple_op(stmt, i);
          if (!op)
            continue;
          bool direct = TREE_CODE(op) == ADDR_EXPR && TREE_OPERAND(op, 0) == variable;
          if (!direct) {
            // Its address inside a bigger expression (`MEM[&dup] = ...').
            if (walk_tree(&op,
                          [](tree *t, int *, void *data) {
                            return TREE_CODE(*t) == ADDR_EXPR && TREE_OPERAND(*t, 0) == (tree)data
                                       ? *t
                                       : NULL_TREE;
                          },
                          variable, nullptr))
              return NULL_TREE;
            continue;
          }
          gcall *call = dyn_cast<gcall *>(stmt);
          const char *name = call ? callee_name(call) : nullptr;
          if (!call || !name)
            return NULL_TREE;
          if (strcasecmp(name, "MPI_Comm_free") == 0 || strcasecmp(name, "PMPI_Comm_free") == 0)
            continue;
          if (maker && maker != call)
            return NULL_TREE;
          maker = call;
        }
      }
    if (!maker || in_cycle(gimple_bb(maker)))
      return NULL_TREE;
    return variable;
  }

  // Some path leads from `bb' back to it.
  static bool in_cycle(basic_block bb) {
    std::set<int> seen;
    std::vector<basic_block> work;
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs)
      work.push_back(e->dest);
    while (!work.empty()) {
      basic_block next = work.back();
      work.pop_back();
      if (next == bb)
        return true;
      if (!seen.insert(next->index).second)
        continue;
      FOR_EACH_EDGE(e, ei, next->succs)
        work.push_back(e->dest);
    }
    return false;
  }

  // Records a call making a communicator (ValueFlowFunction::splits), once
  // its statements are read: called before them, it notes the place.
  void describe_split(gcall *call, const LibraryFunction &library) {
    const int nargs = (int)gimple_call_num_args(call);
    if (library.new_communicator >= nargs || library.split_colour >= nargs)
      return;
    ValueFlowSplit split;
    split.block = current_index_;
    split.first = (int)current_->statements.size();
    if (library.split_colour >= 0)
      split.colour = argument_variable(gimple_call_arg(call, library.split_colour), fortran_);
    split.made = argument_variable(gimple_call_arg(call, library.new_communicator), true);
    pending_split_ = split;
    pending_split_call_ = call;
  }

  // A unit-wide name for a communicator handle the source gives as a
  // constant (MPI_COMM_WORLD: an integer in MPICH, the address of a
  // global in Open MPI; in Fortran, a named constant passed by
  // reference), or "" for any other.
  std::string communicator_name(tree comm) {
    if (!comm)
      return "";
    STRIP_NOPS(comm);
    if (fortran_ && TREE_CODE(comm) == ADDR_EXPR) {
      tree constant = TREE_OPERAND(comm, 0);
      bool named_constant = TREE_CODE(constant) == CONST_DECL ||
                            (VAR_P(constant) && TREE_STATIC(constant) && TREE_READONLY(constant));
      comm = named_constant ? DECL_INITIAL(constant) : NULL_TREE;
      if (!comm)
        return "";
    }
    if (TREE_CODE(comm) == INTEGER_CST)
      return tree_fits_shwi_p(comm) ? "handle " + std::to_string(tree_to_shwi(comm)) : "";
    if (TREE_CODE(comm) == ADDR_EXPR && VAR_P(TREE_OPERAND(comm, 0)) &&
        is_global_var(TREE_OPERAND(comm, 0)))
      return std::string("address of ") +
             IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(TREE_OPERAND(comm, 0)));
    return "";
  }

  // ---------------------------------------------------------- points-to

  void compute_points_to() {
    for (basic_block bb : order_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        tree lhs = gimple_get_lhs(stmt);
        if (lhs && TREE_CODE(lhs) == SSA_NAME)
          definition_[lhs] = stmt;
        else if (lhs && DECL_P(lhs)) {
          assigned_.insert(lhs);
          auto first = only_writer_.insert({lhs, stmt});
          if (!first.second)
            first.first->second = nullptr; // written twice
        }
        if (gasm *asm_stmt = dyn_cast<gasm *>(stmt))
          for (unsigned i = 0; i < gimple_asm_noutputs(asm_stmt); ++i)
            if (DECL_P(TREE_VALUE(gimple_asm_output_op(asm_stmt, i))))
              only_writer_[TREE_VALUE(gimple_asm_output_op(asm_stmt, i))] = nullptr;
        if (gassign *assign = dyn_cast<gassign *>(stmt))
          if (TREE_CODE(gimple_assign_lhs(assign)) == SSA_NAME &&
              gimple_assign_rhs_code(assign) == ADDR_EXPR)
            address_def_[gimple_assign_lhs(assign)] = gimple_assign_rhs1(assign);
      }
    note_address_temporaries();
    // What each function of the unit whose result holds pointers brings:
    // the same analysis once without it (reachable_through).
    std::vector<std::vector<int>> initial;
    for (const Object &object : objects_)
      initial.push_back(object.contents);
    bool changed = settle_points_to();
    // After a collapse the reruns are skipped: without contents_without_,
    // every reach counts whatever the callees return (conservative).
    if (!changed && out_.collapsed_pointer_sets == 0 &&
        result_callees_.size() <= kMaxResultCallees) {
      std::vector<std::vector<int>> full;
      for (const Object &object : objects_)
        full.push_back(object.contents);
      std::vector<bool> full_unknown;
      for (const Object &object : objects_)
        full_unknown.push_back(object.contents_unknown);
      for (unsigned callee : std::set<unsigned>(result_callees_)) {
        for (std::size_t i = 0; i < objects_.size(); ++i)
          objects_[i].contents = i < initial.size() ? initial[i] : std::vector<int>();
        left_out_callee_ = callee;
        if (!settle_points_to())
          for (std::size_t i = 0; i < objects_.size(); ++i)
            contents_without_[callee].push_back(objects_[i].contents);
        left_out_callee_ = 0;
        for (std::size_t i = 0; i < objects_.size(); ++i) {
          objects_[i].contents = i < full.size() ? full[i] : std::vector<int>();
          objects_[i].contents_unknown = i < full_unknown.size() && full_unknown[i];
        }
      }
    }
    if (changed) { // did not settle: give up on every pointer
      for (Object &object : objects_)
        object.contents_unknown = true;
      // The targets found so far may be incomplete: every object escapes.
      std::vector<int> all(objects_.size());
      for (std::size_t object = 0; object < all.size(); ++object)
        all[object] = (int)object;
      escape_beyond_bound(all, "the points-to analysis of the function did not settle");
    }
    // What objects escaped by a collapse came to point to after it
    // escapes too.
    for (std::size_t object = 0; object < beyond_bound_.size(); ++object)
      if (beyond_bound_[object])
        escape_beyond_bound(contents_and_elements((int)object));
  }

  // Runs the points-to steps to a fixpoint; true if it did not settle.
  bool settle_points_to() {
    bool changed = true;
    for (int round = 0; changed && round < 100; ++round) {
      changed = false;
      for (basic_block bb : order_)
        for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
          changed |= points_to_step(gsi_stmt(gsi));
    }
    return changed;
  }

  // The field slot an access names, if it is exactly one field of one
  // record whose pointers are known field by field (Object::by_field), or
  // -1.
  int one_field(const Access &a) const {
    if (a.unknown || a.objects.size() != 1 || a.slots.size() != 1)
      return -1;
    const Object &o = objects_[a.objects[0]];
    if (!o.by_field || !o.escape.empty())
      return -1;
    for (const auto &field : o.fields)
      if (field.second == a.slots[0])
        return field.second;
    return -1;
  }

  // A store of pointers to `t' through the access `a': field by field
  // where the record keeps them so, and into the objects' contents.
  bool flow_stored_targets(const Access &a, const Targets &t) {
    bool changed = false;
    int field = one_field(a);
    if (field >= 0) {
      Targets &kept = objects_[a.objects[0]].field_contents[field];
      std::size_t before = kept.objects.size();
      bool unknown_before = kept.unknown;
      merge(kept, t);
      changed = kept.objects.size() != before || kept.unknown != unknown_before;
      // Past the bound the record's pointers are no longer followed field
      // by field: its contents (bounded) hold them all.
      if (beyond_target_bound(kept.objects.size()))
        changed |= lose_field_contents({a.objects[0]});
    } else {
      changed = lose_field_contents(a.objects);
    }
    return flow_targets(a.objects, t) || changed;
  }

  // The objects' pointers are no longer known field by field.
  bool lose_field_contents(const std::vector<int> &objects) {
    bool changed = false;
    for (int object : objects)
      if (objects_[object].by_field) {
        objects_[object].by_field = false;
        changed = true;
      }
    return changed;
  }

  // The objects may now hold pointers to `t' (a store through an unknown
  // pointer has no object to record it in: find_escapes makes `t' escape).
  bool flow_targets(const std::vector<int> &objects, const Targets &t) {
    bool changed = false;
    for (int object : objects) {
      Object &o = objects_[object];
      if (t.unknown && !o.contents_unknown) {
        o.contents_unknown = true;
        changed = true;
      }
      if (o.collapsed) { // points anywhere: what it gets escapes
        changed |= escape_beyond_bound(t.objects);
        continue;
      }
      std::size_t before = o.contents.size();
      append_unique(o.contents, t.objects);
      changed |= o.contents.size() != before;
      if (beyond_target_bound(o.contents.size()))
        changed |= collapse(object);
    }
    return changed;
  }

  // An object whose stored pointers may point to more than
  // kCollapseTargets objects (generated code: gfortran's temporaries of
  // allocatable components) points anywhere from now on: every object it
  // could point to, and what those reach, escapes (reads of them may
  // differ), so a store through it that no longer names them is still
  // accounted for.  Keeps each fixpoint round linear in the statements.
  bool collapse(int object) {
    escape_beyond_bound(objects_[object].contents);
    Object &o = objects_[object];
    std::vector<int>().swap(o.contents);
    o.contents_unknown = true;
    o.collapsed = true;
    o.by_field = false; // its field contents are no longer kept
    o.field_contents.clear();
    ++out_.collapsed_pointer_sets;
    return true;
  }

  std::vector<int> contents_and_elements(int object) const {
    std::vector<int> inner = objects_[object].contents;
    add_element_objects(object, inner);
    return inner;
  }

  // Escapes `roots' and what they reach (see collapse; `why': the reason
  // if not a collapse); true if an object escaped that had not.
  bool escape_beyond_bound(const std::vector<int> &roots, const std::string &why = "") {
    bool changed = false;
    std::vector<int> newly = mark_reachable(
        roots, [this](int object) { return contents_and_elements(object); }, beyond_bound_);
    for (int object : newly)
      if (objects_[object].escape.empty()) {
        objects_[object].escape = !why.empty()
                                      ? why
                                      : "a pointer may point to it among more than " +
                                            std::to_string(kCollapseTargets) +
                                            " objects, beyond what the analysis follows";
        changed = true;
      }
    return changed;
  }

  bool points_to_step(gimple *stmt) {
    if (gassign *assign = dyn_cast<gassign *>(stmt)) {
      if (gimple_clobber_p(stmt))
        return false;
      Targets t;
      for (unsigned i = 1; i < gimple_num_ops(assign); ++i)
        merge(t, targets(gimple_op(assign, i)));
      Access a = access(gimple_assign_lhs(assign), false);
      if (t.objects.empty() && !t.unknown)
        // No pointer stored; a whole record copied may bring some.
        return one_field(a) < 0 && AGGREGATE_TYPE_P(TREE_TYPE(gimple_assign_lhs(assign))) &&
               lose_field_contents(a.objects);
      return flow_stored_targets(a, t);
    }
    gcall *call = dyn_cast<gcall *>(stmt);
    if (!call)
      return lose_field_contents_of_operands(stmt);
    // A callee given a record's address may store pointers anywhere in it.
    bool lost = false;
    for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
      type_heap_objects(call, i);
      lost |= lose_field_contents(with_pointees(targets(gimple_call_arg(call, i)).objects));
    }
    CallClass kind = classify(call);
    if (kind.vector != VectorMember::None)
      return vector_points_to_step(call, kind.vector) || lost;
    if (std_library_call(kind))
      return std_library_points_to_step(call, *kind.library) || lost;
    if (!gimple_call_lhs(call))
      return lost;
    Access a = access(gimple_call_lhs(call), false);
    Targets t;
    if (kind.library && kind.library->kind == LibraryKind::Allocation)
      t.objects.push_back(heap_object(call));
    else if (kind.library && kind.library->kind == LibraryKind::Memory)
      return false;
    else if (kind.unit_callee && may_hold_pointers(TREE_TYPE(gimple_call_lhs(call)))) {
      result_callees_.insert(DECL_UID(kind.unit_callee));
      if (DECL_UID(kind.unit_callee) != left_out_callee_)
        t = reachable_from_arguments(call);
      else
        t.unknown = true;
    }
    else
      t.unknown = true;
    return flow_stored_targets(a, t) || lost;
  }

  // The memory the arguments of such a call reach: what they point to,
  // then what the pointers stored there point to (a stream's buffer, a
  // string's characters), as far as this function knows them; `unknown'
  // when an argument itself may point to memory no object stands for.
  Targets std_library_memory(gcall *call) {
    Targets t;
    for (unsigned i = 0; i < gimple_call_num_args(call); ++i)
      merge(t, targets(gimple_call_arg(call, i)));
    t.objects = with_pointees(t.objects);
    return t;
  }

  // It may store, in that memory, pointers into it (the get area of a
  // string buffer into its string, a new buffer of a string), and what it
  // returns points into it (`in >> v' returns the stream, c_str() the
  // characters, operator[] an element; a new buffer or string it makes
  // holds values from there, which its reads and writes stand for).
  bool std_library_points_to_step(gcall *call, const LibraryFunction &library) {
    // What the pointer arguments lead to that may hold pointers, or whose
    // type it returns a pointer to (std::max returns a reference to one of
    // two ints; `in >> v' the stream, not v); what it writes, through
    // those that are not const.
    tree lhs = gimple_call_lhs(call);
    tree returned = lhs && POINTER_TYPE_P(TREE_TYPE(lhs))
                        ? TYPE_MAIN_VARIANT(TREE_TYPE(TREE_TYPE(lhs)))
                        : NULL_TREE;
    Targets all, written;
    for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
      tree arg = gimple_call_arg(call, i);
      tree type = TREE_TYPE(arg);
      if (!POINTER_TYPE_P(type))
        continue;
      Targets t = targets(arg);
      if (pointees_may_hold_pointers(type) || TYPE_MAIN_VARIANT(TREE_TYPE(type)) == returned)
        merge(all, t);
      if (!TYPE_READONLY(TREE_TYPE(type)) && pointees_may_hold_pointers(type))
        merge(written, t);
    }
    all.objects = with_pointees(all.objects);
    bool changed = false;
    // The red-black tree's rebalancing links the nodes it is given into
    // the tree.  The others store only pointers into what one argument
    // already reaches (a string's new buffer, a stream's get area in its
    // string): memory the objects it reaches stand for, which their
    // writes (emit_std_library_call) and the reads through the pointers
    // already known both reach.
    if (library.links_arguments) {
      written.objects = with_pointees(written.objects);
      changed |= flow_targets(written.objects, written);
    }
    if (lhs && may_hold_pointers(TREE_TYPE(lhs)))
      changed |= flow_stored_targets(access(lhs, false), all);
    return changed;
  }

  // Inline asm (and any statement but assignments and calls) may store
  // anything in the records its operands reach.
  bool lose_field_contents_of_operands(gimple *stmt) {
    if (gimple_code(stmt) != GIMPLE_ASM && gimple_code(stmt) != GIMPLE_OMP_ATOMIC_LOAD)
      return false;
    bool lost = false;
    for (unsigned i = 0; i < gimple_num_ops(stmt); ++i)
      if (tree op = gimple_op(stmt, i)) {
        if (TREE_CODE(op) == TREE_LIST)
          op = TREE_VALUE(op);
        lost |= lose_field_contents(with_pointees(targets(op).objects));
        if (is_memory_reference(op) || DECL_P(op))
          lost |= lose_field_contents(access(op, false).objects);
      }
    return lost;
  }

  // The compiler's temporaries that are not SSA names (OpenMP lowering's,
  // at any -O: `.omp_data_i = &.omp_data_o', `D.1 = &.omp_data_i->sum'
  // before the atomic update of a reduction) holding one address for the
  // whole function: assigned once, never through a pointer, the address
  // (maybe converted) of storage no statement moves (invariant_storage).
  // Such a temporary is an invariant pointer (invariant_temporaries_);
  // one holding an unconverted address names the field as an SSA name
  // would (address_def_), where an access through its points-to set would
  // reach, and a store weakly write, every field of the record.
  void note_address_temporaries() {
    std::map<tree, int> writes;
    std::map<tree, gassign *> address;
    std::vector<tree> copied_in;
    std::map<tree, int> address_writes;
    std::set<tree> differing;
    std::map<tree, tree> copies;
    auto written = [&](tree decl) {
      if (decl && (TREE_CODE(decl) == VAR_DECL || TREE_CODE(decl) == PARM_DECL))
        ++writes[decl];
    };
    // A temporary of the compiler, or the receiver of an OpenMP child
    // function (`.omp_data_i', a parameter of none of this function's
    // declared ones, which the region's lowering sets): nothing but the
    // statements seen writes it.
    auto compilers = [this](tree decl) {
      bool receiver = TREE_CODE(decl) == PARM_DECL && DECL_ARTIFICIAL(decl) &&
                      decl != fun_->static_chain_decl &&
                      parameter_index(decl) == parameter_count_; // not declared
      return (receiver || (TREE_CODE(decl) == VAR_DECL && DECL_ARTIFICIAL(decl))) &&
             !TREE_ADDRESSABLE(decl) && !is_global_var(decl);
    };
    for (basic_block bb : order_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        written(gimple_get_lhs(stmt));
        if (gasm *asm_stmt = dyn_cast<gasm *>(stmt))
          for (unsigned i = 0; i < gimple_asm_noutputs(asm_stmt); ++i)
            written(TREE_VALUE(gimple_asm_output_op(asm_stmt, i)));
        else if (gomp_atomic_load *load = dyn_cast<gomp_atomic_load *>(stmt))
          written(gimple_omp_atomic_load_lhs(load));
        else if (gimple_code(stmt) == GIMPLE_OMP_FOR)
          for (std::size_t i = 0; i < gimple_omp_for_collapse(stmt); ++i)
            written(gimple_omp_for_index(stmt, i));
        gassign *assign = dyn_cast<gassign *>(stmt);
        tree lhs = assign ? gimple_assign_lhs(assign) : NULL_TREE;
        if (lhs && DECL_P(lhs) && (compilers(lhs) || scalar_field_pointer(lhs, assign)) &&
            TREE_CODE(gimple_assign_rhs1(assign)) == ADDR_EXPR &&
            (gimple_assign_rhs_code(assign) == ADDR_EXPR ||
             CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(assign)))) {
          // At -O1 and above gimplification may load one address into
          // one temporary at each use (`D.1 = &this->u_' twice): the same
          // value every time.
          auto seen = address.find(lhs);
          if (seen == address.end())
            address[lhs] = assign;
          else if (gimple_assign_rhs_code(seen->second) != gimple_assign_rhs_code(assign) ||
                   !operand_equal_p(gimple_assign_rhs1(seen->second), gimple_assign_rhs1(assign), 0))
            differing.insert(lhs);
          ++address_writes[lhs];
        }
        // A pointer the region copies in from its record (`this =
        // .omp_data_i->this', a firstprivate `this' or pointer): one
        // value for the whole child, like the record's own receiver.
        if (lhs && TREE_CODE(lhs) == VAR_DECL && compilers(lhs) && POINTER_TYPE_P(TREE_TYPE(lhs)) &&
            gimple_assign_single_p(assign) &&
            TREE_CODE(gimple_assign_rhs1(assign)) == COMPONENT_REF) {
          tree base = TREE_OPERAND(gimple_assign_rhs1(assign), 0);
          if (TREE_CODE(base) == MEM_REF && integer_zerop(TREE_OPERAND(base, 1)) &&
              TREE_CODE(TREE_OPERAND(base, 0)) == PARM_DECL && compilers(TREE_OPERAND(base, 0)))
            copied_in.push_back(lhs);
        }
        // `D.2 = D.1' of such temporaries (collapsed loops at -O0).
        if (lhs && TREE_CODE(lhs) == VAR_DECL && compilers(lhs) && gimple_assign_single_p(assign) &&
            TREE_CODE(gimple_assign_rhs1(assign)) == VAR_DECL && compilers(gimple_assign_rhs1(assign)))
          copies[lhs] = gimple_assign_rhs1(assign);
      }
    // Assigned once (the region's copy-in) and only there.
    for (tree decl : copied_in)
      if (writes[decl] == 1)
        invariant_temporaries_.insert(decl);
    // Temporaries whose address reads other such temporaries: until
    // nothing changes (a chain is short).
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto &entry : address) {
        tree decl = entry.first, value = gimple_assign_rhs1(entry.second);
        if (writes[decl] != address_writes[decl] || differing.count(decl) ||
            invariant_temporaries_.count(decl) || !invariant_storage(TREE_OPERAND(value, 0)))
          continue;
        invariant_temporaries_.insert(decl);
        if (gimple_assign_rhs_code(entry.second) == ADDR_EXPR)
          address_def_[decl] = value;
        changed = true;
      }
      for (const auto &entry : copies) {
        tree decl = entry.first, source = entry.second;
        auto held = address_def_.find(source);
        if (writes[decl] != 1 || invariant_temporaries_.count(decl) ||
            held == address_def_.end() || !invariant_temporaries_.count(source))
          continue;
        invariant_temporaries_.insert(decl);
        address_def_[decl] = held->second;
        changed = true;
      }
    }
  }

  // A pointer variable of the program's own (`double *hp = &s.h'), of
  // this function, whose address is never taken, assigned the address of
  // a scalar: note_address_temporaries treats it as a temporary of the
  // compiler, so that `*hp' names the field only.
  bool scalar_field_pointer(tree decl, gassign *assign) const {
    if (TREE_CODE(decl) != VAR_DECL || DECL_ARTIFICIAL(decl) || TREE_ADDRESSABLE(decl) ||
        is_global_var(decl) || DECL_HAS_VALUE_EXPR_P(decl) ||
        DECL_CONTEXT(decl) != fun_->decl || !POINTER_TYPE_P(TREE_TYPE(decl)) ||
        gimple_assign_rhs_code(assign) != ADDR_EXPR)
      return false;
    tree target = TREE_OPERAND(gimple_assign_rhs1(assign), 0);
    return !AGGREGATE_TYPE_P(TREE_TYPE(target));
  }

  // What pointers stored in what `arg' points to may point to,
  // transitively, other than what `arg' points to itself; with the
  // functions of the unit whose results lead there on every path.
  // The objects the pointer argument `arg' points to: those it takes the
  // address of, or its targets.
  std::vector<int> argument_objects(tree arg) {
    tree address = address_of(arg);
    return TREE_CODE(address) == ADDR_EXPR ? access(TREE_OPERAND(address, 0), false).objects
                                           : targets(arg).objects;
  }

  std::vector<ValueFlowReach> reachable_through(tree arg) {
    std::vector<int> direct = argument_objects(arg);
    auto closure = [&](const std::vector<std::vector<int>> *contents) {
      std::vector<int> objects = with_pointees(direct, contents);
      return std::set<int>(objects.begin(), objects.end());
    };
    std::map<unsigned, std::set<int>> without;
    for (const auto &entry : contents_without_)
      without[entry.first] = closure(&entry.second);
    std::vector<ValueFlowReach> result;
    for (int object : closure(nullptr)) {
      if (std::find(direct.begin(), direct.end(), object) != direct.end())
        continue;
      std::vector<unsigned> through;
      for (const auto &entry : without)
        if (!entry.second.count(object))
          through.push_back(entry.first);
      std::vector<int> slots;
      add_group(object, slots);
      for (int slot : slots)
        result.push_back({slot, through});
    }
    return result;
  }

  // The values the function's return statements give.
  std::vector<tree> returned_values() const {
    std::vector<tree> values;
    for (basic_block bb : order_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
        if (greturn *ret = dyn_cast<greturn *>(gsi_stmt(gsi)))
          if (tree value = gimple_return_retval(ret))
            values.push_back(value);
    return values;
  }

  // ValueFlowFunction::returns_argument_memory: what the returns give
  // (pointers, and the pointers stored in a returned object) may lead to
  // what the parameters point to, or to memory no object stands for.
  bool returns_argument_memory() {
    std::vector<int> objects;
    if (returned_object_ >= 0)
      objects.push_back(returned_object_);
    for (tree value : returned_values()) {
      Targets t = targets(value);
      if (t.unknown)
        return true;
      for (int object : t.objects)
        add_unique(objects, object);
    }
    for (int object : with_pointees(objects))
      if (objects_[object].parameter_target || objects_[object].contents_unknown)
        return true;
    return false;
  }

  // ValueFlowFunction::returned_fields: where the pointers the returns
  // give point, if each is into what a pointer parameter points to (the
  // object itself, or the elements of a std::vector in one of its fields).
  void describe_returned_fields() {
    tree result = DECL_RESULT(fun_->decl);
    if (!result || !POINTER_TYPE_P(TREE_TYPE(result)) || returned_object_ >= 0)
      return;
    std::vector<ValueFlowFunction::ReturnedField> fields;
    for (tree value : returned_values()) {
      ValueFlowFunction::ReturnedField member;
      if (member_of_parameter(value, member)) {
        fields.push_back(member);
        continue;
      }
      Targets t = targets(value);
      if (t.unknown)
        return;
      for (int object : t.objects) {
        ValueFlowFunction::ReturnedField field;
        if (!field_of_parameter_target(object, field))
          return;
        fields.push_back(field);
      }
    }
    out_.returns_only_fields = true;
    out_.returned_fields = fields;
  }

  // `return &this->time_' (`_2 = &this_1(D)->time_; return _2;'): the
  // address of a member at a constant place in what a pointer parameter
  // points to, of that parameter's pointee type: the member's bits.
  bool member_of_parameter(tree value, ValueFlowFunction::ReturnedField &field) {
    if (TREE_CODE(value) == SSA_NAME || (VAR_P(value) && DECL_ARTIFICIAL(value) &&
                                         !TREE_ADDRESSABLE(value) && !is_global_var(value))) {
      gassign *assign = safe_dyn_cast<gassign *>(defining_statement(value));
      if (!assign || gimple_assign_rhs_code(assign) != ADDR_EXPR)
        return false;
      value = gimple_assign_rhs1(assign);
    }
    if (TREE_CODE(value) != ADDR_EXPR || TREE_CODE(TREE_OPERAND(value, 0)) != COMPONENT_REF)
      return false;
    tree ref = TREE_OPERAND(value, 0);
    poly_int64 bitsize, bitpos;
    tree offset;
    machine_mode mode;
    int unsignedp, reversep, volatilep = 0;
    tree base = get_inner_reference(ref, &bitsize, &bitpos, &offset, &mode, &unsignedp,
                                    &reversep, &volatilep);
    HOST_WIDE_INT position, size;
    if (offset || !bitpos.is_constant(&position) || !bitsize.is_constant(&size) || size <= 0 ||
        TREE_CODE(base) != MEM_REF || !integer_zerop(TREE_OPERAND(base, 1)))
      return false;
    tree pointer = TREE_OPERAND(base, 0);
    tree parameter = TREE_CODE(pointer) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF(pointer)
                         ? SSA_NAME_VAR(pointer)
                         : pointer;
    if (!parameter || TREE_CODE(parameter) != PARM_DECL || !POINTER_TYPE_P(TREE_TYPE(parameter)) ||
        TYPE_MAIN_VARIANT(TREE_TYPE(TREE_TYPE(parameter))) !=
            TYPE_MAIN_VARIANT(TREE_TYPE(base)))
      return false;
    field.parameter = parameter_index(parameter);
    field.offset = position;
    field.size = size;
    return true;
  }

  // Where `object' lies in what a pointer parameter points to: that
  // object itself (anywhere in it), or the elements of the vector in its
  // whole slot or one of its fields.  False for anything else.
  bool field_of_parameter_target(int object, ValueFlowFunction::ReturnedField &field) const {
    auto direct = parameter_of_target_.find(object);
    if (direct != parameter_of_target_.end()) {
      field.parameter = direct->second;
      return true;
    }
    int slot = objects_[object].whole;
    auto elements = elements_of_slot_.find(slot);
    if (elements == elements_of_slot_.end() || elements->second != object)
      return false;
    for (const auto &target : parameter_of_target_) {
      std::vector<int> group;
      add_group(target.first, group);
      if (std::find(group.begin(), group.end(), slot) == group.end())
        continue;
      field.parameter = target.second;
      if (slot == objects_[target.first].whole)
        return true;
      // A field of the parameter's own type, placed from the object's start.
      tree type = objects_[target.first].type;
      for (const auto &named : objects_[target.first].fields)
        if (named.second == slot && type &&
            DECL_CONTEXT(named.first) == TYPE_MAIN_VARIANT(type)) {
          field.offset = out_.slots[slot].field_offset;
          field.size = out_.slots[slot].field_size;
          return true;
        }
      return false;
    }
    return false;
  }

  // What a pointer a function of the unit returns may point to: into what
  // its arguments point to, or to what pointers stored there point to (a
  // reference to a parameter, `return *this', an iterator), or to memory
  // no object stands for (its globals and allocations, which escape in
  // the callee).
  Targets reachable_from_arguments(gcall *call) {
    Targets result;
    result.unknown = true;
    for (unsigned i = 0; i < gimple_call_num_args(call); ++i)
      merge(result, targets(gimple_call_arg(call, i)));
    result.objects = with_pointees(result.objects);
    return result;
  }

  // `objects', then what the pointers stored in them point to,
  // transitively: in the points-to found so far, or in `contents' (one
  // saved by compute_points_to).
  std::vector<int> with_pointees(std::vector<int> objects,
                                 const std::vector<std::vector<int>> *contents = nullptr) const {
    std::unordered_set<int> seen(objects.begin(), objects.end());
    for (std::size_t i = 0; i < objects.size(); ++i) { // grows
      int object = objects[i];
      const std::vector<int> *inner = !contents ? &objects_[object].contents
                                      : (std::size_t)object < contents->size()
                                          ? &(*contents)[object]
                                          : nullptr;
      if (inner)
        for (int target : *inner)
          if (seen.insert(target).second)
            objects.push_back(target);
    }
    return objects;
  }

  // A heap block passed where the callee takes a pointer to a record (the
  // constructor `new Domain' calls, a function taking `Domain *') gets a
  // slot per field of that record, as a variable of that type has: what a
  // callee leaves in one field stays there.
  void type_heap_objects(gcall *call, unsigned i) {
    tree type = parameter_type(call, i);
    if (!type || !POINTER_TYPE_P(type) || TREE_CODE(TREE_TYPE(type)) != RECORD_TYPE)
      return;
    for (int object : targets(gimple_call_arg(call, i)).objects)
      if (objects_[object].heap && objects_[object].fields.empty()) {
        objects_[object].type = TREE_TYPE(type);
        add_fields(object, TREE_TYPE(type));
      }
  }

  int heap_object(gimple *call) {
    auto found = heap_.find(call);
    if (found != heap_.end())
      return found->second;
    int object = new_object("memory allocated" + at_line(gimple_location(call)),
                            SlotScope::Local, false);
    objects_[object].summary = true;
    objects_[object].heap = true;
    out_.slots[objects_[object].whole].scalar = false;
    heap_[call] = object;
    return object;
  }

  // ---------------------------------------------------------- escapes

  void escape(const Targets &t, const std::string &why) {
    std::vector<int> work = t.objects;
    while (!work.empty()) {
      int object = work.back();
      work.pop_back();
      Object &o = objects_[object];
      if (!o.escape.empty())
        continue;
      // A constant (a C++ vtable, whose address every polymorphic object
      // holds): whoever gets its address cannot change it.
      if (o.global && out_.slots[o.whole].visibility == GlobalVisibility::ReadOnly)
        continue;
      o.escape = why;
      for (int inner : o.contents)
        work.push_back(inner);
      add_element_objects(object, work); // what a vector's elements point to
    }
  }

  // Storage other code can reach: what it finds stored there escapes.
  bool visible(const Access &a) const {
    bool result = a.unknown;
    for (int object : a.objects)
      result |= objects_[object].global || objects_[object].parameter_target ||
                !objects_[object].escape.empty();
    return result;
  }

  void find_escapes() {
    for (basic_block bb : order_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        location_t where = gimple_location(stmt);
        if (gcall *call = dyn_cast<gcall *>(stmt)) {
          CallClass kind = classify(call);
          if (kind.vector == VectorMember::Modifier) {
            // Addresses stored into a vector other code can reach.
            Access v = vector_access(gimple_call_arg(call, 0), false);
            if (visible(v))
              for (unsigned i = 1; i < gimple_call_num_args(call); ++i)
                escape(reachable_from(gimple_call_arg(call, i), true),
                       "its address is stored where other code can reach it" + at_line(where));
            continue;
          }
          // PARCOACH's own bookkeeping (emit_call) takes only its integers.
          if (kind.unit_callee || kind.library || kind.deterministic ||
              kind.vector != VectorMember::None || calls_runtime_function(call))
            continue;
          std::string who = kind.name ? "'" + std::string(kind.name) + "'" : "a call through a pointer";
          const bool other_file = kind.name && other_file_function(gimple_call_fndecl(call));
          for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
            if (other_file && (out_argument(gimple_call_arg(call, i)) ||
                               out_argument_block(call, i) >= 0))
              continue; // emit_call stores the callee's out-argument there
            // The callee only reads it: another file's function (the link
            // step judges the value) or a system library's (`unlink (path)').
            if (kind.name && read_only_argument(call, i))
              continue;
            Targets t = targets(gimple_call_arg(call, i));
            escape(t, "its address is passed to " + who + at_line(where));
            // It may store through a pointer this function cannot name.
            out_.stores_through_unknown |= t.unknown;
          }
          if (gimple_call_chain(call))
            escape(targets(gimple_call_chain(call)),
                   "its address is passed to " + who + at_line(where));
        } else if (gasm *asm_stmt = dyn_cast<gasm *>(stmt)) {
          for (unsigned i = 0; i < gimple_asm_ninputs(asm_stmt); ++i)
            escape(targets(TREE_VALUE(gimple_asm_input_op(asm_stmt, i))),
                   "its address is passed to inline asm" + at_line(where));
        } else if (greturn *ret = dyn_cast<greturn *>(stmt)) {
          // An address into what a pointer parameter points to goes back
          // to the caller, whose points-to counts it (reachable_from_arguments).
          // So does the address of the object a value returned in memory
          // is built in (a C++ class returned by value: `return <retval>'),
          // the caller's own: only what it holds leaves.
          if (gimple_return_retval(ret)) {
            Targets t = targets(gimple_return_retval(ret));
            if (returned_object_ >= 0 &&
                std::find(t.objects.begin(), t.objects.end(), returned_object_) !=
                    t.objects.end())
              append_unique(t.objects, objects_[returned_object_].contents);
            t.objects.erase(std::remove_if(t.objects.begin(), t.objects.end(),
                                           [this](int object) {
                                             return objects_[object].parameter_target ||
                                                    object == returned_object_;
                                           }),
                            t.objects.end());
            escape(t, "its address is returned" + at_line(where));
          }
        } else if (gassign *assign = dyn_cast<gassign *>(stmt)) {
          if (gimple_clobber_p(stmt))
            continue;
          if (!visible(access(gimple_assign_lhs(assign), false)) || binds_reference(assign))
            continue;
          Targets t;
          for (unsigned i = 1; i < gimple_num_ops(assign); ++i)
            merge(t, targets(gimple_op(assign, i)));
          escape(t, "its address is stored where other code can reach it" + at_line(where));
        }
      }
    // Escapes found late (stored into an object that escaped after the
    // store was visited): one more round settles the common cases; the
    // contents of escaped objects escape with them anyway.
    for (std::size_t object = 0; object < objects_.size(); ++object) {
      const Object &o = objects_[object];
      if (o.escape.empty())
        continue;
      int fact = differs("depends on '" + out_.slots[o.whole].name + "': " + o.escape);
      out_.slots[o.whole].escapes = fact;
      // A communicator handle among the fields (`ctx.comm' of a context
      // given to a kernel through a function pointer) keeps what the
      // function knows of it: code that may write the record does not
      // replace its communicator (the price: a split there is missed).
      for (const auto &field : o.fields)
        if (!communicator_handle_type(TREE_TYPE(field.first)))
          out_.slots[field.second].escapes = fact;
    }
  }

  // ---------------------------------------------------------- types

  // Valid C, C++ and Fortran programs read an object only through lvalues
  // of types compatible with what was stored there (C11 6.5p7; C++
  // [basic.lval]; Fortran's storage association rules): a store through a
  // `double' lvalue cannot change what an `int' lvalue reads.  GCC's alias
  // sets (alias.h) encode exactly these rules, character types and
  // may_alias included.  They apply to valid programs whatever the
  // optimisation level, so they are used at -O0 too (where GCC leaves
  // -fstrict-aliasing off only because it does not optimise), unless the
  // user asked for -fno-strict-aliasing: that says the code relies on type
  // punning.
  static bool language_aliasing_rules() {
    return flag_strict_aliasing || !global_options_set.x_flag_strict_aliasing;
  }

  // The alias set of a reference, as -fstrict-aliasing computes it (GCC
  // answers 0, "aliases everything", for references when the flag is
  // off).  Only computes: types get the alias set GCC would give them.
  static alias_set_type strict_alias_set(tree ref) {
    int saved = flag_strict_aliasing;
    flag_strict_aliasing = 1;
    alias_set_type set = get_alias_set(ref);
    flag_strict_aliasing = saved;
    return set;
  }

  static bool alias_sets_may_conflict(alias_set_type a, alias_set_type b) {
    int saved = flag_strict_aliasing;
    flag_strict_aliasing = 1;
    bool conflict = alias_sets_conflict_p(a, b);
    flag_strict_aliasing = saved;
    return conflict;
  }

  // What the threads of the teams this function forks store (in any of
  // its parallel regions, nested ones included): by slot, the alias sets
  // of the lvalues stored through; the slots written some other way (a
  // call given their address, an atomic construct, inline asm); whether
  // such a write may reach memory the analysis cannot name.
  void find_team_writes() {
    if (!language_aliasing_rules())
      return;
    auto untyped = [this](tree value) {
      if (!value)
        return;
      Targets t = targets(value);
      team_writes_unknown_ |= t.unknown;
      for (int object : with_pointees(t.objects)) {
        team_writes_unknown_ |= objects_[object].contents_unknown &&
                                !objects_[object].parameter_target && !objects_[object].global;
        add_group(object, team_untyped_writes_);
      }
    };
    for (basic_block bb : order_) {
      if (team_of(bb) < 0)
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        if (gimple_clobber_p(stmt) || is_gimple_debug(stmt))
          continue;
        if (gcall *call = dyn_cast<gcall *>(stmt)) {
          for (unsigned i = 0; i < gimple_call_num_args(call); ++i)
            untyped(gimple_call_arg(call, i));
          untyped(gimple_call_chain(call));
        } else if (gomp_atomic_load *load = dyn_cast<gomp_atomic_load *>(stmt)) {
          untyped(gimple_omp_atomic_load_rhs(load));
        } else if (gasm *asm_stmt = dyn_cast<gasm *>(stmt)) {
          for (unsigned i = 0; i < gimple_asm_noutputs(asm_stmt); ++i)
            untyped(build_fold_addr_expr(TREE_VALUE(gimple_asm_output_op(asm_stmt, i))));
          for (unsigned i = 0; i < gimple_asm_ninputs(asm_stmt); ++i)
            untyped(TREE_VALUE(gimple_asm_input_op(asm_stmt, i)));
        }
        tree lhs = gimple_get_lhs(stmt);
        if (!lhs || TREE_CODE(lhs) == SSA_NAME)
          continue;
        // What it stores in memory no object stands for, reads of the
        // objects cannot see: only escaped objects may be there, and
        // their reads say so.
        Access a = access(lhs, false);
        alias_set_type set = strict_alias_set(lhs);
        for (int slot : a.slots)
          team_store_sets_[slot].insert(set);
      }
    }
    std::sort(team_untyped_writes_.begin(), team_untyped_writes_.end());
  }

  // A read through the reference `ref', in team `team', of `slot': when no
  // store of any team of the function may change what it reads (the types
  // keep them apart), the slot as the team found it at its start: the
  // same in every thread of the team.  Otherwise `slot'.
  int slot_for_team_read(int slot, tree ref, int team) {
    if (!language_aliasing_rules() || team_writes_unknown_ || team < 0 ||
        TREE_THIS_VOLATILE(ref))
      return slot;
    const ValueFlowSlot &s = out_.slots[slot];
    if ((s.scope != SlotScope::Local && s.scope != SlotScope::ParameterTarget) ||
        s.escapes >= 0 || s.single_definition ||
        std::binary_search(team_untyped_writes_.begin(), team_untyped_writes_.end(), slot))
      return slot;
    auto stores = team_store_sets_.find(slot);
    if (stores == team_store_sets_.end())
      return slot; // the team does not write it: the solver knows
    alias_set_type read = strict_alias_set(ref);
    for (alias_set_type stored : stores->second)
      if (alias_sets_may_conflict(stored, read))
        return slot;
    return team_entry_copy(slot, team);
  }

  // A slot holding what `slot' held where team `team' starts, assigned by
  // the block of its directive (outside the team): emitted after the other
  // statements of that block, once every block is emitted.
  int team_entry_copy(int slot, int team) {
    auto found = team_entry_copies_.find({team, slot});
    if (found != team_entry_copies_.end())
      return found->second;
    const ValueFlowSlot original = out_.slots[slot]; // new_slot may move it
    int copy = new_slot(original.name, SlotScope::Local);
    out_.slots[copy].single_definition = true;
    out_.slots[copy].scalar = original.scalar;
    team_entry_copies_[{team, slot}] = copy;
    return copy;
  }

  void emit_team_entry_copies() {
    for (const auto &entry : team_entry_copies_) {
      int team = entry.first.first, slot = entry.first.second, copy = entry.second;
      gimple *directive = regions_.regions[team].directive;
      int b = directive ? block_index(gimple_bb(directive)) : -1;
      ValueFlowStatement statement;
      statement.target = copy;
      statement.uses = {slot};
      statement.copy_of = slot;
      if (b >= 0) {
        out_.blocks[b].statements.push_back(statement);
      } else { // no directive block (cannot happen): the copy knows nothing
        statement.uses.clear();
        statement.copy_of = -1;
        statement.fact = differs("depends on '" + out_.slots[slot].name + "'");
        out_.blocks[0].statements.insert(out_.blocks[0].statements.begin(), statement);
      }
    }
  }

  // ---------------------------------------------------------- OpenMP

  int team_of(basic_block bb) const {
    if (bb->index < 0 || bb->index >= (int)regions_.region_at_block.size())
      return -1;
    return regions_.team_of_block(bb->index);
  }

  // The slots the threads of each team write in shared storage: globals
  // and whatever is reached through a pointer (at this point lowering has
  // rewritten shared variables into accesses through `.omp_data_i').
  void find_racy_slots() {
    for (basic_block bb : order_) {
      int team = team_of(bb);
      if (team < 0)
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *stmt = gsi_stmt(gsi);
        if (gomp_atomic_load *load = dyn_cast<gomp_atomic_load *>(stmt)) {
          // `D = &x; atomic_load (D)' (a reduction's merge): x alone.
          tree address = atomic_address(stmt, gimple_omp_atomic_load_rhs(load));
          Access a;
          if (address)
            a = access(TREE_OPERAND(address, 0), false);
          if (address && !a.unknown)
            racy_list_ = a.slots;
          else
            for (int object : targets(gimple_omp_atomic_load_rhs(load)).objects)
              add_group(object, racy_list_);
          for (int slot : racy_list_)
            racy_[team].insert(slot);
          racy_list_.clear();
          continue;
        }
        if (gcall *call = dyn_cast<gcall *>(stmt)) {
          // A function of the program (of the unit or not) may touch any
          // global: the team's own statements do not show its accesses.
          if (!calls_runtime_function(call)) {
            CallClass kind = classify(call);
            team_runs_program_code_[team] |=
                kind.unit_callee || (!kind.library && !kind.deterministic);
          }
          // What a call may write through the addresses it gets (the
          // receive buffer of an MPI_Allreduce in a master region):
          // candidates for find_phase_isolated_slots, not racy by this.
          for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
            tree arg = gimple_call_arg(call, i);
            if (TREE_CODE(arg) != ADDR_EXPR && !(TREE_TYPE(arg) && POINTER_TYPE_P(TREE_TYPE(arg))))
              continue;
            std::vector<int> reached;
            for (int object : with_pointees(targets(arg).objects))
              add_group(object, reached);
            call_written_[team].insert(reached.begin(), reached.end());
          }
        }
        tree lhs = gimple_get_lhs(stmt);
        if (!lhs || gimple_clobber_p(stmt))
          continue;
        Access a = access(lhs, false);
        if (!a.through_pointer) {
          // Private copies, or a global: the solver knows those are
          // written; which a phase isolates is find_phase_isolated_slots'.
          for (int slot : a.slots)
            if (out_.slots[slot].scope == SlotScope::Global)
              global_written_[team].insert(slot);
          continue;
        }
        for (int slot : a.slots)
          racy_[team].insert(slot);
      }
    }
  }

  // Shared scalar variables of a parallel region that no thread writes in
  // a barrier phase where another thread touches them (team_phases.h):
  // every read in the team gives what every thread reads there, and no
  // read sees a racing write.  Only variables the region's `shared'
  // clauses name (one object for all threads), and scalar globals (not
  // threadprivate, no address taken) of a team that calls no function of
  // the program, in every team that writes them.
  void find_phase_isolated_slots() {
    if (team_writes_unknown_)
      return;
    std::set<int> isolated, refused;
    // What the teams write: by their stores, and by the calls they make.
    std::map<int, std::set<int>> written = racy_;
    for (const auto &entry : call_written_)
      written[entry.first].insert(entry.second.begin(), entry.second.end());
    for (const auto &entry : global_written_)
      written[entry.first].insert(entry.second.begin(), entry.second.end());
    for (const auto &entry : written) {
      int team = entry.first;
      if (team < 0 || team >= (int)regions_.regions.size())
        continue;
      gimple *directive = regions_.regions[team].directive;
      // Lowering gave the region one record (`.omp_data_o') whose fields
      // are its shared scalars, or pointers to the shared variables:
      // one object for every thread of the team.
      std::set<int> shared, named_only;
      tree data = directive && gimple_code(directive) == GIMPLE_OMP_PARALLEL
                      ? gimple_omp_parallel_data_arg(as_a<gomp_parallel *>(directive))
                      : NULL_TREE;
      auto record = data ? object_of_decl_.find(data) : object_of_decl_.end();
      if (record != object_of_decl_.end()) {
        const Object &rec = objects_[record->second];
        for (const auto &field : rec.fields) {
          if (entry.second.count(field.second) && out_.slots[field.second].scalar)
            shared.insert(field.second);
          // A shared variable whose address the code takes (`&rr' given
          // to MPI_Allreduce in a master region) is passed by address:
          // the field holds the address of that one variable of the
          // encountering function, the same object for every thread.
          if (!rec.by_field)
            continue;
          auto held = rec.field_contents.find(field.second);
          if (held == rec.field_contents.end() || held->second.unknown ||
              held->second.objects.size() != 1)
            continue;
          const Object &variable = objects_[held->second.objects[0]];
          if (variable.global || variable.summary || variable.parameter_target ||
              !variable.scalar || !variable.escape.empty() || variable.whole < 0 ||
              !variable.fields.empty())
            continue;
          if (entry.second.count(variable.whole) && out_.slots[variable.whole].scalar) {
            shared.insert(variable.whole);
            // A local whose address reaches no code the analysis does
            // not see: a pointer it cannot name never points to it.
            named_only.insert(variable.whole);
          }
        }
      }
      if (!runs_program_code(team))
        for (int slot : global_written_[team]) {
          const ValueFlowSlot &global = out_.slots[slot];
          auto object = std::find_if(objects_.begin(), objects_.end(),
                                     [slot](const Object &o) { return o.whole == slot; });
          if (global.scalar && global.escapes < 0 &&
              global.visibility != GlobalVisibility::ThreadLocal && object != objects_.end() &&
              object->global && object->escape.empty() && object->fields.empty())
            shared.insert(slot);
        }
      TeamPhases phases;
      if (!shared.empty())
        phases = find_team_phases(fun_, regions_, team);
      for (int slot : entry.second) {
        if (!shared.count(slot) || !phases.usable || out_.slots[slot].escapes >= 0) {
          refused.insert(slot);
          continue;
        }
        std::vector<const gimple *> touches, writes;
        for (basic_block bb : order_) {
          if (!runs_in_team(regions_, bb->index, team)) // the team's tasks too
            continue;
          for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
            note_touch(gsi_stmt(gsi), slot, touches, writes, named_only.count(slot) > 0);
        }
        // Atomic updates (a reduction's merges, `#pragma omp atomic x +=
        // v') may share a phase: no thread reads the value between them,
        // and after the phase's barrier every thread reads the one result.
        auto atomic_update = [this](const gimple *g) {
          if (gimple_code(g) == GIMPLE_OMP_ATOMIC_STORE)
            return true;
          const gomp_atomic_load *load = dyn_cast<const gomp_atomic_load *>(g);
          return load && only_feeds_atomic_store(load);
        };
        bool overlap = false;
        for (const gimple *w : writes)
          for (const gimple *t : touches)
            overlap |= !(atomic_update(w) && atomic_update(t)) && phases.may_overlap(w, t);
        (overlap ? refused : isolated).insert(slot);
      }
    }
    for (int slot : isolated)
      if (!refused.count(slot)) {
        phase_isolated_.insert(slot);
        out_.slots[slot].same_in_every_thread = true;
      }
  }

  // The threads of team `team', or the tasks it creates, call functions
  // of the program, which may touch any global.
  bool runs_program_code(int team) {
    for (basic_block bb : order_) {
      int own = team_of(bb);
      if (own >= 0 && team_runs_program_code_[own] && runs_in_team(regions_, bb->index, team))
        return true;
    }
    return false;
  }

  // Whether `stmt' reads or writes `slot': its stores, the memory it
  // reads, and what the pointers it passes to calls or atomics (or takes
  // the address of) reach, which it may write.
  // `named_only': only accesses whose objects name `slot' reach it (a
  // local whose address no unseen code holds), not those that may reach
  // memory no object stands for.
  void note_touch(const gimple *stmt, int slot, std::vector<const gimple *> &touches,
                  std::vector<const gimple *> &writes, bool named_only = false) {
    if (gimple_clobber_p(stmt) || is_gimple_debug(stmt))
      return;
    bool touched = false, written = false;
    tree lhs = gimple_get_lhs(stmt);
    if (lhs && TREE_CODE(lhs) != SSA_NAME) {
      Access a = access(lhs, false);
      if ((a.unknown && !named_only) || std::find(a.slots.begin(), a.slots.end(), slot) != a.slots.end())
        touched = written = true;
    }
    auto precise = [&](tree ref) {
      Access a = access(ref, false);
      return (a.unknown && !named_only) || std::find(a.slots.begin(), a.slots.end(), slot) != a.slots.end();
    };
    if (const gomp_atomic_load *load = dyn_cast<const gomp_atomic_load *>(stmt)) {
      // `D = &x; #pragma omp atomic_load (D)': x, not every field of its record.
      tree address = atomic_address(stmt, gimple_omp_atomic_load_rhs(load));
      bool reaches = true;
      if (address) {
        reaches = precise(TREE_OPERAND(address, 0));
      } else {
        // `D = .omp_data_i->need; atomic_load (D)': what D may point to.
        Targets t = targets(gimple_omp_atomic_load_rhs(load));
        std::vector<int> reached;
        for (int object : t.objects)
          add_group(object, reached);
        reaches = (t.unknown && !named_only) ||
                  std::find(reached.begin(), reached.end(), slot) != reached.end();
      }
      if (reaches) {
        // An update whose loaded value only feeds its store (a
        // reduction's merge) observes nothing: a write, not a read.
        if (!address || !only_feeds_atomic_store(load))
          touches.push_back(stmt);
        writes.push_back(stmt);
      }
      return;
    }
    bool is_call = is_gimple_call(stmt) || gimple_code(stmt) == GIMPLE_ASM;
    for (unsigned i = 0; i < gimple_num_ops(stmt); ++i) {
      tree op = gimple_op(stmt, i);
      if (!op || op == lhs)
        continue;
      if (TREE_CODE(op) == ADDR_EXPR && !is_call) {
        // Taking an address reads and writes nothing: the accesses
        // through it do (access() follows the pointer to them).
        continue;
      } else if (TREE_CODE(op) == ADDR_EXPR ||
                 (is_call && TREE_TYPE(op) && POINTER_TYPE_P(TREE_TYPE(op)))) {
        Targets t = targets(op);
        std::vector<int> reached;
        for (int object : with_pointees(t.objects))
          add_group(object, reached);
        if ((t.unknown && !named_only) || std::find(reached.begin(), reached.end(), slot) != reached.end())
          touched = written = true;
      } else if (TREE_CODE(op) == COMPONENT_REF || TREE_CODE(op) == MEM_REF ||
                 TREE_CODE(op) == ARRAY_REF || VAR_P(op)) {
        Access a = access(op, false);
        if ((a.unknown && !named_only) || std::find(a.slots.begin(), a.slots.end(), slot) != a.slots.end())
          touched = true;
      }
    }
    if (gimple_code(stmt) == GIMPLE_ASM && gimple_asm_noutputs(as_a<const gasm *>(stmt)) > 0)
      touched = written = true;
    if (touched)
      touches.push_back(stmt);
    if (written)
      writes.push_back(stmt);
  }

  // The value `load' reads is used by one assignment only, whose result
  // is used only by the atomic store that ends the update.
  bool only_feeds_atomic_store(const gomp_atomic_load *load) {
    tree loaded = gimple_omp_atomic_load_lhs(load);
    auto users = [&](tree name, const gimple *definition) {
      std::vector<gimple *> found;
      basic_block bb;
      FOR_EACH_BB_FN(bb, fun_)
        for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
          gimple *stmt = gsi_stmt(gsi);
          if (is_gimple_debug(stmt) || stmt == definition)
            continue;
          if (const gomp_atomic_store *store = dyn_cast<const gomp_atomic_store *>(stmt)) {
            if (gimple_omp_atomic_store_val(store) == name)
              found.push_back(stmt);
            continue;
          }
          for (unsigned i = 0; i < gimple_num_ops(stmt); ++i)
            if (gimple_op(stmt, i) && walk_tree(gimple_op_ptr(stmt, i),
                                                [](tree *t, int *, void *data) {
                                                  return *t == (tree)data ? *t : NULL_TREE;
                                                },
                                                name, nullptr)) {
              found.push_back(stmt);
              break;
            }
        }
      return found;
    };
    std::vector<gimple *> first = users(loaded, load);
    if (first.size() != 1 || !is_gimple_assign(first[0]))
      return false;
    tree combined = gimple_assign_lhs(first[0]);
    if (!combined || combined == loaded)
      return false;
    std::vector<gimple *> second = users(combined, first[0]);
    return second.size() == 1 && gimple_code(second[0]) == GIMPLE_OMP_ATOMIC_STORE;
  }

  // The address an atomic operation at `stmt' works on: `pointer' itself,
  // or what the statement before it in its block set `pointer' to.
  tree atomic_address(const gimple *stmt, tree pointer) {
    if (TREE_CODE(pointer) == ADDR_EXPR)
      return pointer;
    gimple_stmt_iterator gsi = gsi_for_stmt(const_cast<gimple *>(stmt));
    gsi_prev(&gsi);
    if (gsi_end_p(gsi))
      return NULL_TREE;
    gassign *set = dyn_cast<gassign *>(gsi_stmt(gsi));
    if (!set || gimple_assign_lhs(set) != pointer || !gimple_assign_single_p(set) ||
        TREE_CODE(gimple_assign_rhs1(set)) != ADDR_EXPR)
      return NULL_TREE;
    return gimple_assign_rhs1(set);
  }

  // ---------------------------------------------------------- statements

  void emit_block(basic_block bb) {
    int index = block_index(bb);
    current_index_ = index;
    current_ = &out_.blocks[index];
    current_team_ = team_of(bb);
    current_->in_parallel_region = current_team_ >= 0;
    emitting_ = true;
    // Entering a team's region: what its threads write may already have
    // been written by the others.
    if (single_pred_p(bb)) {
      gimple *directive = last_stmt(single_pred(bb));
      if (directive && is_outlined_directive(directive) && current_team_ >= 0) {
        current_->starts_team = true;
        where_ = gimple_location(directive);
        for (int slot : racy_[current_team_])
          mark_racy(slot);
      }
    }
    emit_same_in_every_thread_joins(bb);
    receiving_copies_ = copyprivate_receiver(bb);
    copying_in_ = copyin_block(bb);
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      where_ = gimple_location(stmt);
      emit_statement(stmt);
      note_function_addresses(stmt, out_.addresses_taken);
    }
    receiving_copies_ = false;
    copying_in_ = false;
    emit_edges(bb, index);
  }

  // `#pragma omp single copyprivate (x)' is lowered to
  //   p = GOMP_single_copy_start (); if (p == 0) { body; send x }
  //   else { x = p->x; }   (the receiving block)
  // and at the join every thread holds the value the body computed in the
  // one thread that ran it.  Block `bb' is a receiving block.
  bool copyprivate_receiver(basic_block bb) const {
    gcall *call = entered_when_call_nonzero(bb);
    const char *name = call ? callee_name(call) : nullptr;
    return name && library_name(name) == "gomp_single_copy_start";
  }

  // The call whose result, compared with 0 at the end of the single
  // predecessor of `bb', sends control to `bb' when it is not 0, `bb'
  // having a single successor (`if (p == 0) ... else { bb }'); or null.
  gcall *entered_when_call_nonzero(basic_block bb) const {
    if (!single_pred_p(bb) || !single_succ_p(bb))
      return nullptr;
    basic_block test = single_pred(bb);
    gcond *cond = safe_dyn_cast<gcond *>(last_stmt(test));
    if (!cond || !integer_zerop(gimple_cond_rhs(cond)) ||
        (gimple_cond_code(cond) != EQ_EXPR && gimple_cond_code(cond) != NE_EXPR))
      return nullptr;
    gimple *def = definition_in_block(gimple_cond_lhs(cond), cond);
    gcall *call = def ? dyn_cast<gcall *>(def) : nullptr;
    if (!call)
      return nullptr;
    edge true_edge, false_edge;
    extract_true_false_edges_from_block(test, &true_edge, &false_edge);
    edge nonzero = gimple_cond_code(cond) == NE_EXPR ? true_edge : false_edge;
    return nonzero->dest == bb ? call : nullptr;
  }

  // At the join after a block that gives every thread the one value of
  // another (a copyprivate receiving block, as the receiving side's
  // copies contributed nothing; a copyin block, whose threadprivate
  // variables get the encountering thread's): each variable it copies
  // into holds that value in every thread.
  void emit_same_in_every_thread_joins(basic_block bb) {
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->preds) {
      const bool copyprivate = copyprivate_receiver(e->src);
      if (!copyprivate && !copyin_block(e->src))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb(e->src); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gimple *copy = gsi_stmt(gsi);
        tree variable = gimple_get_lhs(copy);
        if (!variable || gimple_clobber_p(copy) ||
            (copyprivate ? !is_a<gassign *>(copy) : !stores_threadprivate(variable)))
          continue;
        Access a = access(variable, true);
        Known known;
        known.same_in_every_thread = true;
        store(variable, a.slots, -1, false, known);
      }
    }
  }

  // `#pragma omp parallel copyin (x)' (x threadprivate) is lowered to
  //   <region's first block> if (__builtin_omp_get_thread_num () != 0)
  //     { x = .omp_data_i->x; }   (the copying block)
  // where the field holds the encountering thread's x: at the join every
  // thread's copy holds that one value (OpenMP 5.2, 5.7.1).  A program's
  // own test calls omp_get_thread_num, never the builtin.  Block `bb' is
  // a copying block.
  bool copyin_block(basic_block bb) const {
    gcall *call = entered_when_call_nonzero(bb);
    tree callee = call ? gimple_call_fndecl(call) : NULL_TREE;
    if (!callee || !fndecl_built_in_p(callee, BUILT_IN_OMP_GET_THREAD_NUM))
      return false;
    basic_block test = single_pred(bb);
    if (!single_pred_p(test))
      return false;
    gimple *directive = last_stmt(single_pred(test));
    return directive && gimple_code(directive) == GIMPLE_OMP_PARALLEL;
  }

  // `lhs' is (part of) a threadprivate variable, named directly.
  bool stores_threadprivate(tree lhs) {
    Access a = access(lhs, true);
    bool threadprivate = !a.slots.empty() && !a.unknown && !a.through_pointer;
    for (int slot : a.slots)
      threadprivate &= out_.slots[slot].scope == SlotScope::Global &&
                       out_.slots[slot].visibility == GlobalVisibility::ThreadLocal;
    return threadprivate;
  }

  void emit_statement(gimple *stmt) {
    switch (gimple_code(stmt)) {
    case GIMPLE_ASSIGN: {
      if (gimple_clobber_p(stmt))
        return;
      if (receiving_copies_) { // what it copies arrives at the join
        store(gimple_assign_lhs(stmt), {}, -1);
        return;
      }
      std::vector<int> uses;
      for (unsigned i = 1; i < gimple_num_ops(stmt); ++i)
        read_into(gimple_op(stmt, i), uses);
      gassign *assign = as_a<gassign *>(stmt);
      Known known;
      known.copy_of = copied_by(assign);
      if (gimple_assign_single_p(assign) &&
          TREE_CODE(gimple_assign_rhs1(assign)) == INTEGER_CST &&
          tree_fits_shwi_p(gimple_assign_rhs1(assign))) {
        known.constant_known = true;
        known.constant = tree_to_shwi(gimple_assign_rhs1(assign));
      }
      if (gimple_assign_single_p(assign))
        known.constant_handle = communicator_name(gimple_assign_rhs1(assign));
      if (TREE_CODE_CLASS(gimple_assign_rhs_code(assign)) == tcc_comparison)
        known.comparison = comparison(gimple_assign_rhs_code(assign), gimple_assign_rhs1(assign),
                                      gimple_assign_rhs2(assign));
      known.arithmetic = arithmetic(assign);
      known.logical = logical(assign);
      // The master's value, which the master's own copy holds too: no
      // thread-dependent store, though only the other threads make it.
      known.same_in_every_thread = copying_in_ && stores_threadprivate(gimple_assign_lhs(stmt));
      local_reference_binding(assign, known);
      store(gimple_assign_lhs(stmt), uses, -1, false, known);
      return;
    }
    case GIMPLE_CALL:
      if (terminates_job(callee_name(as_a<gcall *>(stmt))))
        current_->ends_job = true;
      emit_call(as_a<gcall *>(stmt));
      if (pending_split_call_ == stmt) {
        pending_split_.after = (int)current_->statements.size();
        out_.splits.push_back(pending_split_);
        pending_split_call_ = nullptr;
      }
      return;
    case GIMPLE_RETURN: {
      ValueFlowStatement statement;
      statement.kind = ValueFlowStatement::Kind::Return;
      if (tree value = gimple_return_retval(as_a<greturn *>(stmt))) {
        read_into(value, statement.uses);
        statement.copy_of = copied_slot(value);
      }
      if (returned_object_ >= 0)
        add_group(returned_object_, statement.uses);
      current_->statements.push_back(statement);
      return;
    }
    case GIMPLE_ASM: {
      gasm *asm_stmt = as_a<gasm *>(stmt);
      int fact = differs("depends on inline asm" + at_line(where_));
      for (unsigned i = 0; i < gimple_asm_noutputs(asm_stmt); ++i)
        store(TREE_VALUE(gimple_asm_output_op(asm_stmt, i)), {}, fact, true);
      return;
    }
    case GIMPLE_OMP_ATOMIC_LOAD: {
      // `#pragma omp atomic': lhs = *address, then the store of the
      // GIMPLE_OMP_ATOMIC_STORE that follows goes back to *address.
      gomp_atomic_load *load = as_a<gomp_atomic_load *>(stmt);
      atomic_address_ = gimple_omp_atomic_load_rhs(load);
      std::vector<int> uses;
      read_pointee(atomic_address_, uses);
      store(gimple_omp_atomic_load_lhs(load), uses, -1);
      return;
    }
    case GIMPLE_OMP_ATOMIC_STORE: {
      std::vector<int> uses;
      read_into(gimple_omp_atomic_store_val(as_a<gomp_atomic_store *>(stmt)), uses);
      if (atomic_address_)
        store_through(atomic_address_, uses, -1, false);
      return;
    }
    case GIMPLE_OMP_FOR:
      // Each thread runs some of the iterations.
      for (std::size_t i = 0; i < gimple_omp_for_collapse(stmt); ++i)
        store(gimple_omp_for_index(stmt, i), loop_bounds(stmt),
              differs("depends on the iteration a thread runs in the worksharing loop" +
                      at_line(where_)),
              true);
      return;
    default:
      return; // labels, nops, debug statements, OpenMP markers...
    }
  }

  void emit_edges(basic_block bb, int index) {
    ValueFlowBlock &block = out_.blocks[index];
    std::vector<basic_block> control = model_successors(bb);
    // A cancelled region sends every thread to its end (omp_team_exits.h):
    // what the test separates is no thread's business for long; values
    // still flow along the edge.
    if (basic_block cancelled = cancellation_exit(bb))
      control.erase(std::remove(control.begin(), control.end(), cancelled), control.end());
    for (basic_block succ : control) {
      int s = block_index(succ);
      if (s >= 0 && succ != EXIT_BLOCK_PTR_FOR_FN(fun_))
        add_unique(block.successors, s);
    }
    // Values also reach exception handlers the model leaves out.
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE(e, ei, bb->succs) {
      int s = block_index(e->dest);
      if (s >= 0 && e->dest != EXIT_BLOCK_PTR_FOR_FN(fun_) &&
          std::find(block.successors.begin(), block.successors.end(), s) ==
              block.successors.end())
        add_unique(block.data_successors, s);
    }
    gimple *last = last_stmt(bb);
    // Around an outlined region: its private copies do not survive it.
    if (last && gimple_code(last) == GIMPLE_OMP_RETURN) {
      int region = regions_.region_closed_by(last);
      if (region >= 0 && is_outlined_directive(regions_.regions[region].directive)) {
        int from = block_index(gimple_bb(regions_.regions[region].directive));
        for (basic_block succ : control) {
          int s = block_index(succ);
          if (from >= 0 && s >= 0)
            add_unique(out_.blocks[from].data_successors, s);
        }
      }
    }
    if (block.successors.size() < 2 || !last)
      return;
    where_ = gimple_location(last);
    current_ = &block;
    switch (gimple_code(last)) {
    case GIMPLE_COND:
      read_into(gimple_cond_lhs(last), block.condition);
      read_into(gimple_cond_rhs(last), block.condition);
      block.comparison = comparison(gimple_cond_code(last), gimple_cond_lhs(last),
                                    gimple_cond_rhs(last));
      if (block.comparison.op != ValueFlowComparison::Op::None) {
        edge e;
        edge_iterator ei;
        FOR_EACH_EDGE(e, ei, bb->succs) {
          int s = block_index(e->dest);
          if (s < 0 || std::find(block.successors.begin(), block.successors.end(), s) ==
                           block.successors.end())
            continue;
          if (e->flags & EDGE_TRUE_VALUE)
            block.when_true = s;
          else if (e->flags & EDGE_FALSE_VALUE)
            block.when_false = s;
        }
      }
      // The thread tests OpenMP lowering emits read the result of a call
      // the library table knows (GOMP_single_start...): nothing special.
      return;
    case GIMPLE_SWITCH: {
      tree index = gimple_switch_index(as_a<gswitch *>(last));
      read_into(index, block.condition);
      ValueFlowOperand operand;
      if (INTEGRAL_TYPE_P(TREE_TYPE(index)) && comparison_operand(index, operand) &&
          operand.slot >= 0 && operand.offset == 0)
        block.switch_index = operand.slot;
      return;
    }
    case GIMPLE_GOTO:
      read_into(gimple_goto_dest(last), block.condition);
      return;
    case GIMPLE_OMP_FOR: case GIMPLE_OMP_CONTINUE: {
      // Whether a thread runs one more iteration: the bounds decide for
      // the team, the schedule for each thread.
      gimple *loop = last;
      if (gimple_code(last) == GIMPLE_OMP_CONTINUE) {
        int region = regions_.region_at_block[bb->index];
        loop = region >= 0 ? regions_.regions[region].directive : nullptr;
      }
      if (loop && gimple_code(loop) == GIMPLE_OMP_FOR)
        block.condition = loop_bounds(loop);
      else
        block.condition.push_back(fact_slot(differs("depends on an OpenMP loop" + at_line(where_))));
      block.condition_fact =
          add_fact(false, true, "depends on the iterations a thread gets from the "
                                "worksharing loop" + at_line(where_));
      return;
    }
    default:
      if (strncmp(gimple_code_name[gimple_code(last)], "gimple_omp", 10) == 0)
        block.condition_fact =
            add_fact(false, true, "depends on which thread runs the OpenMP construct" +
                                      at_line(where_));
      else // abnormal edges (setjmp), exception dispatch...
        block.condition_fact =
            differs("depends on how the statement" + at_line(where_) + " exits");
      return;
    }
  }

  std::vector<int> loop_bounds(gimple *loop) {
    std::vector<int> uses;
    for (std::size_t i = 0; i < gimple_omp_for_collapse(loop); ++i) {
      read_into(gimple_omp_for_initial(loop, i), uses);
      read_into(gimple_omp_for_final(loop, i), uses);
      read_into(gimple_omp_for_incr(loop, i), uses);
    }
    return uses;
  }

  // ---------------------------------------------------------- calls

  struct CallClass {
    const char *name = nullptr;
    std::string std_name; // "std::basic_ifstream::basic_ifstream": std_library_name
    tree unit_callee = NULL_TREE;
    const LibraryFunction *library = nullptr;
    bool deterministic = false; // a result computed from the arguments only
    VectorMember vector = VectorMember::None; // a member of std::vector
  };

  // A function of the C++ library the table knows as deterministic
  // (std::basic_istream::_M_extract, std::getline, the members of
  // std::string...): Extractor::emit_std_library_call.
  static bool std_library_call(const CallClass &kind) {
    return kind.deterministic && kind.library && !kind.std_name.empty();
  }

  CallClass classify(gcall *call) {
    CallClass result;
    if (gimple_call_internal_p(call)) {
      // va_arg reads what the callers passed beyond the named parameters:
      // nothing the analysis follows.
      result.deterministic = gimple_call_internal_fn(call) != IFN_VA_ARG;
      return result;
    }
    result.name = callee_name(call);
    // Known by its meaning before its body (libstdc++'s templates are in
    // the unit): the `this' argument is the vector.
    if (gimple_call_num_args(call) > 0 && POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(call, 0))) &&
        (result.vector = vector_member(gimple_call_fndecl(call))) != VectorMember::None)
      return result;
    // The C++ library's functions by their qualified name (std::...,
    // which no function of the program has): over their bodies those the
    // table says (std::stoi, the stream classes, std::ifstream's
    // constructor) and those that run none of the program's code (below);
    // the others where the unit has no body.
    tree fndecl = gimple_call_fndecl(call);
    static std::unordered_map<tree, std::string> std_names; // declarations live on
    if (result.name) {
      auto known = std_names.find(fndecl);
      if (known == std_names.end())
        known = std_names.emplace(fndecl, std_library_name(fndecl)).first;
      result.std_name = known->second;
    }
    const std::string &std_name = result.std_name;
    const LibraryFunction *library =
        !std_name.empty() ? find_library_function(std_name.c_str()) : nullptr;
    // DECL_EXTERNAL: an instantiation libstdc++ compiles in its own
    // objects (`extern template', for char and wchar_t), whose body the
    // unit may hold for inlining only; it runs none of the program's code,
    // nor does one whose parameters are all the library's types.
    if (library && (library->over_body || DECL_EXTERNAL(fndecl) ||
                    takes_only_library_types(fndecl))) {
      result.library = library;
      result.deterministic = library->kind == LibraryKind::Deterministic;
      return result;
    }
    // The C library's conversions, by their meaning too: glibc's headers
    // give atoi & co. an inline body at -O2 (gnu_inline), which is no
    // function of this unit other files could call.
    if (!library && result.name)
      library = find_library_function(library_name(result.name).c_str());
    if (library && library->kind == LibraryKind::Deterministic && std_name.empty()) {
      result.library = library;
      result.deterministic = true;
      return result;
    }
    if ((result.unit_callee = unit_callee(call)))
      return result;
    if (!result.name)
      return result;
    result.library = library;
    if (library && library->kind == LibraryKind::Deterministic) {
      result.deterministic = true;
      return result;
    }
    if (result.library)
      return result;
    tree decl = gimple_call_fndecl(call);
    if (decl && (fndecl_built_in_p(decl, BUILT_IN_NORMAL) ||
                 (gimple_call_flags(call) & ECF_CONST)))
      result.deterministic = true;
    return result;
  }

  // The slots a call's result may be computed from: its arguments, and
  // what those that are pointers point to.
  std::vector<int> argument_uses(gcall *call) {
    std::vector<int> uses;
    for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
      tree arg = gimple_call_arg(call, i);
      read_into(arg, uses);
      if (POINTER_TYPE_P(TREE_TYPE(arg)))
        read_pointee(arg, uses);
    }
    return uses;
  }

  void emit_call(gcall *call) {
    if (calls_runtime_function(call)) {
      // PARCOACH's own bookkeeping (work_arming.h): nothing of the program.
      store(gimple_call_lhs(call), {}, -1);
      return;
    }
    describe_collective(call);
    CallClass kind = classify(call);
    tree lhs = gimple_call_lhs(call);
    const unsigned nargs = gimple_call_num_args(call);
    if (kind.vector != VectorMember::None) {
      emit_vector_call(call, kind.vector);
      return;
    }
    if (kind.unit_callee) {
      emit_unit_call(call, kind.unit_callee);
      return;
    }
    if (std_library_call(kind)) {
      emit_std_library_call(call, *kind.library);
      return;
    }
    if (kind.deterministic) {
      // Builtins are the C library's deterministic functions: the result,
      // and whatever they write through pointers (frexp, memcpy...), comes
      // from the arguments and what they point to.
      // (The library's table may name the only arguments written.)
      std::vector<int> uses = argument_uses(call);
      const LibraryFunction *library = kind.library;
      for (unsigned i = 0; i < nargs; ++i) {
        tree arg = gimple_call_arg(call, i);
        bool written = !library || library->deterministic_outputs[0] < 0
                           ? !(library && library->inputs_only)
                           : (int)i == library->deterministic_outputs[0] ||
                                 (int)i == library->deterministic_outputs[1];
        if (written && POINTER_TYPE_P(TREE_TYPE(arg)) && !gimple_call_internal_p(call))
          store_through(arg, uses, -1, false);
      }
      store(lhs, uses, -1);
      return;
    }
    if (kind.library) {
      emit_library_call(call, *kind.library,
                        kind.std_name.empty() ? kind.name : kind.std_name.c_str());
      return;
    }
    // Unknown: its result may differ, its pointer arguments escaped (see
    // find_escapes); it may write any global (a Call to no function of
    // the unit tells the solver so).
    std::string who = kind.name ? "the result of '" + std::string(kind.name) +
                                      "', which this file does not define"
                      : gimple_call_internal_p(call)
                          ? std::string("a variadic argument")
                          : std::string("the result of a call through a pointer");
    tree decl = gimple_call_fndecl(call);
    const bool other_file = kind.name && other_file_function(decl);
    // What another file's function returns or leaves behind a pointer is
    // keyed for the link step (cross_file_values.h), without the
    // arguments: there, a result or out-argument that depends on them
    // depends on the function's parameter keys, judged at every call site
    // of the program, this one included (cross_file_parameters.h).  A
    // function returning an MPI_Allreduce result (`dot (x, y, n)') is the
    // same everywhere whatever its arguments.
    ValueFlowStatement statement;
    statement.kind = ValueFlowStatement::Kind::Call;
    statement.callee = 0;
    current_->statements.push_back(statement);
    for (unsigned i = 0; other_file && i < nargs; ++i) {
      tree arg = gimple_call_arg(call, i);
      tree variable = out_argument(arg);
      int block = variable ? -1 : out_argument_block(call, i);
      if ((!variable && block < 0) || read_only_argument(call, i))
        continue;
      // What the callee leaves there, as the link step finds it
      // (find_escapes let it be).  A strong update: where the callee may
      // leave it as it was, its summary says so through its parameter's
      // key, which the link step judges with what this call passes (a
      // Fortran setup routine's dummy argument, filled by an agreement
      // routine of another file after a rank test, is the agreed value).
      const std::string key =
          out_argument_key(IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl)), (int)i);
      const std::string place = variable ? "'" + decl_name(variable) + "'"
                                         : "the " + out_.slots[objects_[block].whole].name;
      int left = differs("depends on what '" + std::string(kind.name) + "' leaves in " + place +
                         at_line(where_));
      out_.facts[left].external_result = key;
      store_through(arg, {}, left, true);
      store_fields_left(arg, key, kind.name);
    }
    if (!lhs)
      return;
    int fact = differs("depends on " + who + at_line(where_));
    if (!other_file) {
      store(lhs, {}, fact);
      return;
    }
    // A function of the program's other files (not a library's, declared
    // in a system header): the link step may know its result the same on
    // every process, as a function of the arguments (cross_file_values.h).
    out_.facts[fact].external_result = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
    store(lhs, {}, fact);
  }

  // `init (&ctx)' of another file: each field of the record variable ctx
  // with a slot of its own gets what the callee leaves in that field
  // (field_key: its bits, as the callee's summary names them), so that
  // the rank it stores in one field leaves the size in another the same.
  // The variable's whole key (store_through before) stays for the rest.
  void store_fields_left(tree arg, const std::string &key, const char *callee) {
    arg = address_of(arg);
    if (TREE_CODE(arg) != ADDR_EXPR || !VAR_P(TREE_OPERAND(arg, 0)))
      return;
    const Object &object = objects_[object_of(TREE_OPERAND(arg, 0))];
    for (const auto &field : object.fields) {
      const ValueFlowSlot &slot = out_.slots[field.second];
      // All of the field, whatever it holds (an array, a handle's
      // record): the callee's summary says what the field holds at its
      // returns, what it found there included.
      if (slot.field_offset < 0 || slot.field_size <= 0)
        continue;
      int left = differs("depends on what '" + std::string(callee) + "' leaves in '" +
                         slot.name + "'" + at_line(where_));
      out_.facts[left].external_result =
          parcoach::field_key(key, slot.field_offset, slot.field_size);
      Access a;
      a.slots = {field.second};
      a.strong = true;
      store_to(a, {}, left, false);
    }
  }

  // A deterministic function of the C++ library: what it returns, and
  // what it writes in the memory its arguments reach (the stream's state
  // and buffer, the variable extracted into, a string's characters), is
  // computed from the arguments and that memory: a weak update of each
  // of its objects.  Memory reached through a pointer parameter's
  // pointers counts as what the parameter points to (no object stands
  // for the callers' buffers here).
  void emit_std_library_call(gcall *call, const LibraryFunction &library) {
    std::vector<int> uses = argument_uses(call);
    Targets t = std_library_memory(call);
    for (int object : t.objects)
      add_group(object, uses);
    if (t.unknown && emitting_)
      add_unique(uses, fact_slot(unknown_memory_fact()));
    // Written: what the arguments that are not pointers to const reach
    // (nothing for std::move and the like), as the callee declares them
    // (`this' of a const member, `s.c_str ()', though `&s' is no
    // pointer to const).
    Targets w;
    for (unsigned i = 0; i < gimple_call_num_args(call) && !library.inputs_only; ++i) {
      tree type = TREE_TYPE(gimple_call_arg(call, i));
      tree declared = parameter_type(call, i);
      if (declared && POINTER_TYPE_P(declared))
        type = declared;
      if (POINTER_TYPE_P(type) && !TYPE_READONLY(TREE_TYPE(type)))
        merge(w, targets(gimple_call_arg(call, i)));
    }
    Access written;
    written.objects = with_pointees(w.objects);
    for (int object : written.objects)
      add_group(object, written.slots);
    written.unknown = w.unknown;
    store_to(written, uses, -1, true);
    store(gimple_call_lhs(call), uses, -1);
  }

  void emit_unit_call(gcall *call, tree callee) {
    ValueFlowStatement statement;
    statement.kind = ValueFlowStatement::Kind::Call;
    statement.callee = DECL_UID(callee);
    const unsigned nargs = gimple_call_num_args(call);
    auto argument = [&](tree arg, unsigned position) {
      ValueFlowArgument a;
      read_into(arg, a.uses);
      a.copy_of = copied_slot(arg);
      if (TREE_CODE(arg) == INTEGER_CST && tree_fits_shwi_p(arg)) {
        a.literal = true;
        a.literal_value = tree_to_shwi(arg);
      }
      if (points_to_opaque_type(TREE_TYPE(arg)))
        return a;
      tree address = address_of(arg);
      if (TREE_CODE(address) == ADDR_EXPR) {
        Access target = access(TREE_OPERAND(address, 0), true);
        a.pointees = target.slots;
        a.points_elsewhere = target.unknown;
        a.exact = !target.unknown && target.objects.size() == 1 &&
                  !objects_[target.objects[0]].summary;
      } else if (POINTER_TYPE_P(TREE_TYPE(arg))) {
        Targets t = targets(arg);
        for (int object : t.objects)
          add_group(object, a.pointees);
        a.points_elsewhere = t.unknown;
        a.exact = !t.unknown && t.objects.size() == 1 && !objects_[t.objects[0]].summary;
      }
      std::size_t named = a.pointees.size();
      if (position < nargs && string_arguments(call, position, a.pointees))
        a.points_elsewhere = true;
      if (a.pointees.size() != named)
        a.exact = false;
      return a;
    };
    for (unsigned i = 0; i < nargs; ++i) {
      statement.arguments.push_back(argument(gimple_call_arg(call, i), i));
      statement.arguments.back().reachable = reachable_through(gimple_call_arg(call, i));
    }
    if (tree chain = gimple_call_chain(call)) {
      int declared = 0;
      for (tree arg = DECL_ARGUMENTS(callee); arg; arg = DECL_CHAIN(arg))
        ++declared;
      statement.arguments.resize(declared);
      statement.arguments.push_back(argument(chain, nargs));
    }
    tree lhs = gimple_call_lhs(call);
    if (lhs) {
      statement.target = new_slot("the result of '" + printable_function_name(callee) + "'",
                                  SlotScope::Local);
      out_.slots[statement.target].single_definition = true;
    }
    current_->statements.push_back(statement);
    if (lhs) {
      Known known;
      tree returned = TREE_TYPE(TREE_TYPE(callee));
      if (INTEGRAL_TYPE_P(TREE_TYPE(lhs)) && INTEGRAL_TYPE_P(returned) &&
          TYPE_PRECISION(TREE_TYPE(lhs)) >= TYPE_PRECISION(returned))
        known.copy_of = statement.target;
      store(lhs, {statement.target}, -1, false, known);
    }
    // The pointee writes came from the callee: with OpenMP, they race.
    if (current_team_ >= 0)
      for (const ValueFlowArgument &a : statement.arguments)
        for (int slot : a.pointees)
          if (racy_[current_team_].count(slot))
            mark_racy(slot);
  }

  // A choice buffer the mpi_f08 bindings take (TYPE(*), DIMENSION(..)):
  // gfortran passes the address of an array descriptor it fills just
  // before the call (`desc.1.data = &n; mpi_bcast_f08ts (&desc.1, ...)'),
  // so the data written is what the descriptor's `data' field points to,
  // not the descriptor.  `arg' itself for any other argument.
  tree through_array_descriptor(gcall *call, tree arg) {
    if (!fortran_ || !arg || TREE_CODE(arg) != ADDR_EXPR)
      return arg;
    tree object = TREE_OPERAND(arg, 0);
    tree type = TREE_TYPE(object);
    if (!VAR_P(object) || !type || TREE_CODE(type) != RECORD_TYPE)
      return arg;
    tree data = NULL_TREE;
    bool dtype = false;
    for (tree field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field)) {
      if (TREE_CODE(field) != FIELD_DECL || !DECL_NAME(field))
        continue;
      const char *field_name = IDENTIFIER_POINTER(DECL_NAME(field));
      if (!data && strcmp(field_name, "data") == 0 && POINTER_TYPE_P(TREE_TYPE(field)))
        data = field;
      dtype |= strcmp(field_name, "dtype") == 0;
    }
    if (!data || !dtype || TYPE_FIELDS(type) != data)
      return arg;
    // The address stored there last, in the call's block (`&n',
    // `&cfg->n': the field itself, which a strong update can replace),
    // else whatever the field holds.
    for (gimple_stmt_iterator gsi = gsi_for_stmt(call); !gsi_end_p(gsi); gsi_prev(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (!is_gimple_assign(stmt) || !gimple_assign_single_p(stmt))
        continue;
      tree lhs = gimple_assign_lhs(stmt);
      if (TREE_CODE(lhs) == COMPONENT_REF && TREE_OPERAND(lhs, 0) == object &&
          TREE_OPERAND(lhs, 1) == data) {
        tree stored = gimple_assign_rhs1(stmt);
        if (TREE_CODE(stored) == ADDR_EXPR || TREE_CODE(stored) == SSA_NAME)
          return stored;
        break;
      }
    }
    return build3(COMPONENT_REF, TREE_TYPE(data), object, data, NULL_TREE);
  }

  // The arguments of a library call, C positions (Fortran adds ierr).
  void emit_library_call(gcall *call, const LibraryFunction &library, const char *spelled) {
    const unsigned nargs = gimple_call_num_args(call);
    tree lhs = gimple_call_lhs(call);
    // Reasons spell MPI routines as every message does, the standard's
    // name in Fortran too (MPI_Comm_rank, not gfortran's mpi_comm_rank).
    std::string name = spelled ? spelled : library.name;
    std::string standard =
        fortran_ ? mpi_routine_spelling(name.c_str(), SourceLanguage::Fortran) : "";
    if (!standard.empty())
      name = standard;
    std::string line = at_line(where_);
    auto arg = [&](int i) { return i >= 0 && i < (int)nargs ? gimple_call_arg(call, i) : NULL_TREE; };
    auto is_pointer = [&](tree a) { return a && POINTER_TYPE_P(TREE_TYPE(a)); };

    if (library.installs_error_handler)
      out_.installs_error_handler = true;
    // MPI error codes: the return value in C, the argument after the
    // others in Fortran.
    int error = -1;
    // Fortran's ierr: after the C arguments, or last for the MPI functions
    // the table does not list.
    int ierr = library.arguments >= 0 ? library.arguments
                                      : (library.result_differs ? -1 : (int)nargs - 1);
    if (library.kind == LibraryKind::Mpi) {
      error = add_fact(false, false,
                       "it is an MPI error code, MPI_SUCCESS on every process since errors "
                       "are fatal by default",
                       true);
      if (fortran_ && (int)nargs > ierr && is_pointer(arg(ierr)))
        store_through(arg(ierr), {}, error, true);
    }

    if (library.new_communicator >= 0)
      describe_split(call, library);
    switch (library.kind) {
    case LibraryKind::Mpi: {
      // A rank or a size, of a communicator named if it is a constant.
      Known quantity;
      if (library.quantity_output >= 0 &&
          library.quantity != ValueFlowQuantity::Kind::None) {
        quantity.quantity.kind = library.quantity;
        tree comm = arg(library.communicator);
        quantity.quantity.communicator = communicator_name(comm);
        // A C parameter the function never assigns holds one handle in each
        // activation: its rank and size are of the same communicator.
        if (quantity.quantity.communicator.empty() && comm && !fortran_ &&
            invariant_parameter(comm)) {
          quantity.quantity.communicator = "parameter " + std::to_string(DECL_UID(comm));
          quantity.quantity.activation_local = true;
        }
        // A local variable one MPI call (in no loop) sets, read just
        // before the call: one communicator per activation too.
        if (quantity.quantity.communicator.empty() && comm && !fortran_)
          if (tree variable = communicator_held_once(comm)) {
            quantity.quantity.communicator = "variable " + std::to_string(DECL_UID(variable));
            quantity.quantity.activation_local = true;
          }
        // Else the variable: the core names the handle by the definition
        // reaching the call.
        if (quantity.quantity.communicator.empty())
          quantity.quantity.communicator_slot = communicator_read_by(call, comm);
      }
      auto known_of = [&](int i) { return i == library.quantity_output ? quantity : Known(); };
      if (library.uniform_output >= 0 && is_pointer(arg(library.uniform_output))) {
        // The same on every process of the communicator: uniform where
        // the communicator is.  A collective's data on one read through
        // a pointer (`dom->comm', `this->comm_') counts as the same
        // everywhere: the function cannot tell its callers' communicators
        // apart (plugin/core/DESIGN: "A collective whose communicator is
        // read through a pointer").
        std::vector<int> uses;
        if (tree comm = arg(library.communicator))
          if (library.count < 0 || !communicator_behind_pointer(comm))
            read_argument(comm, uses);
        tree out = through_array_descriptor(call, arg(library.uniform_output));
        tree vector = filled_vector(call, out, arg(library.count), arg(library.datatype));
        std::string variable = output_name(vector ? vector : out);
        int fact = add_fact(false, false, variable + " " + library.uniform_phrase + " " +
                                              name + line);
        if (vector) { // all of it: a strong update
          Access v = vector_access(vector, true);
          for (int s : v.index_uses)
            add_unique(uses, s);
          v.strong = true;
          store_to(v, uses, fact, false);
        } else {
          Known known = known_of(library.uniform_output);
          known.from_handle = communicator_name(arg(library.communicator));
          bool whole = fills_array(out, arg(library.count)) ||
                       fills_record(out, arg(library.count), arg(library.datatype));
          store_through(out, uses, fact, true, whole, known);
        }
      }
      if (library.derived_output >= 0 && is_pointer(arg(library.derived_output))) {
        std::vector<int> uses;
        for (unsigned i = 0; i < nargs; ++i)
          if ((int)i != ierr || !fortran_)
            read_argument(arg(i), uses);
        if (!fortran_)
          read_pointee(arg(library.derived_output), uses);
        store_through(arg(library.derived_output), uses, -1, true);
      }
      bool any_listed = library.differing_outputs[0] >= 0 || library.inputs_only;
      for (unsigned i = 0; i < nargs; ++i) {
        if ((int)i == library.uniform_output || (fortran_ && (int)i == ierr))
          continue;
        bool listed = false;
        for (int out : library.differing_outputs)
          listed |= out == (int)i;
        if (any_listed ? !listed : !is_pointer(arg(i)))
          continue;
        if (!is_pointer(arg(i)))
          continue;
        int fact = add_fact(library.process_source, library.thread_source,
                            source_phrase(library, name) + line);
        if ((int)i == library.quantity_output &&
            library.quantity == ValueFlowQuantity::Kind::Rank) {
          out_.facts[fact].is_rank = true;
          if (!quantity.quantity.activation_local)
            out_.facts[fact].rank_communicator = quantity.quantity.communicator;
        }
        store_through(arg(i), {}, fact, true, false, known_of((int)i));
        // The data an mpi_f08 descriptor points to, too (a received
        // buffer), when the analysis can name it: a section of an array
        // reached through a pointer is left out, as before the
        // descriptors were followed (every object a store through an
        // unknown pointer may reach would differ).
        tree data = through_array_descriptor(call, arg(i));
        if (data != arg(i) && !targets(data).unknown)
          store_through(data, {}, fact, true, false, known_of((int)i));
      }
      if (lhs)
        store(lhs, {}, library.result_differs ? differs("depends on " + name + line) : error);
      return;
    }
    case LibraryKind::Source: {
      int fact = add_fact(library.process_source, library.thread_source,
                          source_phrase(library, name) + line);
      bool listed_outputs = library.differing_outputs[0] >= 0;
      if (!library.inputs_only)
        for (unsigned i = library.first_output; i < nargs; ++i) {
          if (!is_pointer(arg(i)))
            continue;
          if (listed_outputs &&
              std::find(std::begin(library.differing_outputs), std::end(library.differing_outputs),
                        (int)i) == std::end(library.differing_outputs))
            continue;
          store_through(arg(i), {}, fact, true);
          if (library.deep)
            for (int object : targets(arg(i)).objects) {
              Access inner;
              for (int pointee : objects_[object].contents)
                add_group(pointee, inner.slots);
              store_to(inner, {}, fact, true);
            }
        }
      store(lhs, {}, fact);
      return;
    }
    case LibraryKind::Memory: {
      // dst (argument 0) gets the source's contents.
      std::vector<int> uses;
      for (unsigned i = 1; i < nargs; ++i) {
        read_into(arg(i), uses);
        if (is_pointer(arg(i)))
          read_pointee(arg(i), uses);
      }
      if (is_pointer(arg(0)))
        store_through(arg(0), uses, -1, false);
      store(lhs, {}, -1); // a pointer: its targets are known
      return;
    }
    case LibraryKind::Allocation:
      store(lhs, {}, -1);
      return;
    case LibraryKind::InputsOnly:
      if (lhs)
        store(lhs, {}, differs("depends on the result of " + name + line));
      return;
    case LibraryKind::Deterministic: // emit_call's: computed from the arguments
      return;
    }
  }

  // ---------------------------------------------------------- std::vector

  // The vector v a member call works on, what its `this' argument points
  // to: all of v's slots (one, see note_vector, unless v is reached in a
  // way that names more).
  Access vector_access(tree self, bool values) {
    tree address = address_of(self);
    if (TREE_CODE(address) == ADDR_EXPR)
      return access(TREE_OPERAND(address, 0), values);
    return weak(pointed_access(self, values));
  }

  // What pointers into the elements of the vector in `slot' point to: an
  // object sharing the vector's slot, so that reads and writes through
  // them read and write the vector, but a summary of all the elements
  // (weak updates only, never exact): &v[1] is not all of v.
  int elements_object(int owner, int slot) {
    auto found = elements_of_slot_.find(slot);
    if (found != elements_of_slot_.end())
      return found->second;
    Object elements;
    elements.whole = slot;
    elements.summary = true;
    elements.global = objects_[owner].global;
    elements.parameter_target = objects_[owner].parameter_target;
    elements.contents_unknown = objects_[owner].contents_unknown;
    objects_.push_back(elements);
    elements_of_slot_[slot] = (int)objects_.size() - 1;
    return (int)objects_.size() - 1;
  }

  Targets element_targets(const Access &v) {
    Targets t;
    t.unknown = v.unknown;
    for (int object : v.objects) {
      std::vector<int> group;
      add_group(object, group);
      for (int slot : group)
        if (std::find(v.slots.begin(), v.slots.end(), slot) != v.slots.end())
          add_unique(t.objects, elements_object(object, slot));
    }
    return t;
  }

  // The element objects of the slots of `object' (what a vector's
  // elements point to is recorded there).
  void add_element_objects(int object, std::vector<int> &objects) const {
    std::vector<int> group;
    add_group(object, group);
    for (int slot : group) {
      auto found = elements_of_slot_.find(slot);
      if (found != elements_of_slot_.end() && found->second != object)
        objects.push_back(found->second);
    }
  }

  // The objects a call argument gives access to: what it points to and,
  // where the types allow addresses there, what those point to in turn.
  // With `stored_only', only the latter: what a vector may store of an
  // argument, whose elements come by reference, by iterator or in an
  // initializer_list, is what the memory they designate holds.
  Targets reachable_from(tree arg, bool stored_only = false) {
    Targets result;
    tree type = TREE_TYPE(arg);
    if (!may_hold_pointers(type))
      return result;
    Targets first = targets(arg);
    result.unknown = first.unknown;
    bool deeper = pointees_may_hold_pointers(type);
    std::vector<int> work = first.objects, seen;
    const std::set<int> first_level(first.objects.begin(), first.objects.end());
    while (!work.empty()) {
      int object = work.back();
      work.pop_back();
      if (std::find(seen.begin(), seen.end(), object) != seen.end())
        continue;
      seen.push_back(object);
      if (!stored_only || !first_level.count(object))
        result.objects.push_back(object);
      if (!deeper)
        continue;
      const Object &o = objects_[object];
      result.unknown |= o.contents_unknown;
      work.insert(work.end(), o.contents.begin(), o.contents.end());
      add_element_objects(object, work);
    }
    return result;
  }

  // Adds to `uses' what an argument carries and what it gives access to.
  void read_reachable(tree arg, std::vector<int> &uses) {
    read_into(arg, uses);
    Targets t = reachable_from(arg);
    for (int object : t.objects)
      add_group(object, uses);
    if (t.unknown && emitting_)
      add_unique(uses, fact_slot(unknown_memory_fact()));
  }

  // A member of std::vector writes its argument i (besides `this'): the
  // other vector of swap, what an rvalue reference moves from, and, for
  // elements of a class type, what their constructors may modify.
  static bool vector_call_writes(gcall *call, unsigned i) {
    tree callee = gimple_call_fndecl(call);
    tree parameter = TYPE_ARG_TYPES(TREE_TYPE(callee));
    for (unsigned k = 0; k < i && parameter; ++k)
      parameter = TREE_CHAIN(parameter);
    tree type = parameter ? TREE_VALUE(parameter) : NULL_TREE;
    if (!type || type == void_type_node)
      return true; // not declared: assume the worst
    if (TREE_CODE(type) != REFERENCE_TYPE || TYPE_READONLY(TREE_TYPE(type)))
      return false;
    tree element = vector_element_type(DECL_CONTEXT(callee));
    return TYPE_REF_IS_RVALUE(type) || strcmp(IDENTIFIER_POINTER(DECL_NAME(callee)), "swap") == 0 ||
           !element || RECORD_OR_UNION_TYPE_P(element);
  }

  // Element accesses return pointers (iterators) into the vector's
  // elements; modifiers store in the elements the addresses their
  // arguments carry, and return the vector or an iterator into it.
  bool vector_points_to_step(gcall *call, VectorMember member) {
    tree self = gimple_call_arg(call, 0);
    Access v = vector_access(self, false);
    Targets elements = element_targets(v);
    bool changed = false;
    Targets returned = elements;
    if (member == VectorMember::Modifier) {
      if (may_hold_pointers(TREE_TYPE(TREE_TYPE(self)))) {
        Targets stored;
        for (unsigned i = 0; i < gimple_call_num_args(call); ++i)
          merge(stored, reachable_from(gimple_call_arg(call, i), true));
        changed |= flow_targets(elements.objects, stored);
        for (unsigned i = 1; i < gimple_call_num_args(call); ++i)
          if (vector_call_writes(call, i))
            changed |= flow_targets(
                element_targets(vector_access(gimple_call_arg(call, i), false)).objects, stored);
      }
      for (int object : v.objects)
        add_unique(returned.objects, object);
    }
    tree lhs = gimple_call_lhs(call);
    if (lhs && member != VectorMember::Observer)
      changed |= flow_stored_targets(access(lhs, false), returned);
    return changed;
  }

  // A size, an element's address or an iterator is computed from the
  // vector (and the index); any other member leaves in the vector (and in
  // what it writes besides) the join of the vector and of everything the
  // arguments carry and point to.  The bodies libstdc++ gives them are not
  // followed: their pointers would be unknown to the caller.
  void emit_vector_call(gcall *call, VectorMember member) {
    tree self = gimple_call_arg(call, 0);
    const unsigned nargs = gimple_call_num_args(call);
    Access v = vector_access(self, true);
    std::vector<int> uses = v.slots;
    for (int s : v.index_uses)
      add_unique(uses, s);
    if (v.unknown)
      add_unique(uses, fact_slot(unknown_memory_fact()));
    if (member != VectorMember::Modifier) {
      for (unsigned i = 1; i < nargs; ++i)
        read_into(gimple_call_arg(call, i), uses);
      store(gimple_call_lhs(call), uses, -1);
      return;
    }
    for (unsigned i = 1; i < nargs; ++i)
      read_reachable(gimple_call_arg(call, i), uses);
    store_to(v, uses, -1, true);
    for (unsigned i = 1; i < nargs; ++i)
      if (vector_call_writes(call, i) && POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(call, i))))
        store_through(gimple_call_arg(call, i), uses, -1, false);
    store(gimple_call_lhs(call), uses, -1);
  }

  // The statement defining an SSA name in this function, or null.
  gimple *definition(tree name) const {
    auto found = definition_.find(name);
    return found == definition_.end() ? nullptr : found->second;
  }

  // The call of a member of std::vector that defined `name', or null.
  gcall *vector_call_defining(tree name) {
    if (!name || TREE_CODE(name) != SSA_NAME)
      return nullptr;
    gcall *call = dyn_cast<gcall *>(definition(name));
    return call && classify(call).vector != VectorMember::None ? call : nullptr;
  }

  static bool named(gcall *call, const char *name) {
    tree callee = gimple_call_fndecl(call);
    return callee && DECL_NAME(callee) && strcmp(IDENTIFIER_POINTER(DECL_NAME(callee)), name) == 0;
  }

  // A parameter the function never assigns nor lets anything else assign
  // (C++'s `this' and references): the same pointer all along.
  bool invariant_parameter(tree decl) const {
    return TREE_CODE(decl) == PARM_DECL && !TREE_ADDRESSABLE(decl) && !assigned_.count(decl);
  }

  // Argument `i' of `call' goes to a parameter declared as a pointer to
  // const data holding no address (`const char *name', `const double *x',
  // a const struct of settings): the callee only reads what it points to.
  // The block of one allocation site (`int *tab = malloc (...)'), reached
  // through a local pointer, passed to a function of another file as a
  // pointer to data holding no address: like a local array (out_argument),
  // what the callee leaves there is a value the link step judges.  The
  // block holding no address either, the callee cannot learn another from
  // it.  Its object, or -1.  Stores to it stay weak (one object stands for
  // every block of the site).
  int out_argument_block(gcall *call, unsigned i) {
    tree arg = gimple_call_arg(call, i);
    tree type = parameter_type(call, i);
    bool local_pointer = TREE_CODE(arg) == SSA_NAME || (VAR_P(arg) && !is_global_var(arg));
    if (!local_pointer || !type || !POINTER_TYPE_P(type) ||
        VOID_TYPE_P(TREE_TYPE(type)) || may_hold_pointers(TREE_TYPE(type)))
      return -1;
    Targets t = targets(arg);
    if (t.unknown || t.objects.size() != 1)
      return -1;
    const Object &block = objects_[t.objects[0]];
    return block.heap && block.contents.empty() && !block.contents_unknown ? t.objects[0] : -1;
  }

  static bool read_only_argument(gcall *call, unsigned i) {
    tree type = parameter_type(call, i);
    return type && POINTER_TYPE_P(type) && TYPE_READONLY(TREE_TYPE(type)) &&
           !may_hold_pointers(TREE_TYPE(type));
  }

  // An out-argument across files (out_argument_variable), or a pointer
  // parameter passed on as it came, whose target holds no address (a
  // Fortran dummy argument given to another file's routine, `scale (x)'
  // in C): the same for what its callers gave, as the callee's summary
  // says what it leaves there.  NULL_TREE for any other argument.
  tree out_argument(tree arg) const {
    if (tree variable = out_argument_variable(arg))
      return variable;
    if (TREE_CODE(arg) == PARM_DECL && POINTER_TYPE_P(TREE_TYPE(arg)) &&
        invariant_parameter(arg) && !may_hold_pointers(TREE_TYPE(TREE_TYPE(arg))))
      return arg;
    return NULL_TREE;
  }

  // A canonical expression for a pointer whose value stays the same in
  // the function: an SSA name (one definition), or a copy of an invariant
  // parameter, or the address of storage named through such pointers.
  tree invariant_pointer(tree pointer) {
    if (TREE_CODE(pointer) == SSA_NAME) {
      tree address = address_of(pointer);
      if (address != pointer)
        return invariant_pointer(address);
      gassign *copy = dyn_cast<gassign *>(definition(pointer));
      if (copy && gimple_assign_single_p(copy) && invariant_parameter(gimple_assign_rhs1(copy)))
        return gimple_assign_rhs1(copy);
      return pointer;
    }
    if (TREE_CODE(pointer) == ADDR_EXPR)
      return invariant_storage(TREE_OPERAND(pointer, 0)) ? pointer : NULL_TREE;
    return invariant_parameter(pointer) || invariant_temporaries_.count(pointer) ? pointer
                                                                                : NULL_TREE;
  }

  bool invariant_storage(tree ref) {
    switch (TREE_CODE(ref)) {
    case VAR_DECL: case PARM_DECL: case RESULT_DECL:
      return true;
    case COMPONENT_REF:
      return invariant_storage(TREE_OPERAND(ref, 0));
    case ARRAY_REF:
      return TREE_CODE(TREE_OPERAND(ref, 1)) == INTEGER_CST &&
             invariant_storage(TREE_OPERAND(ref, 0));
    case MEM_REF: {
      tree pointer = invariant_pointer(TREE_OPERAND(ref, 0));
      return pointer && pointer == TREE_OPERAND(ref, 0); // compared as written
    }
    default:
      return false;
    }
  }

  // Nothing between the statements `from' and `to' of one block may change
  // a vector: only computations into temporaries and other calls of
  // members that only look at vectors.
  bool nothing_changes_vectors_between(gimple *from, gimple *to) {
    if (gimple_bb(from) != gimple_bb(to))
      return false;
    for (gimple_stmt_iterator gsi = gsi_for_stmt(from); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (stmt == to)
        return true;
      if (is_gimple_debug(stmt) || gimple_code(stmt) == GIMPLE_NOP)
        continue;
      if (gassign *assign = dyn_cast<gassign *>(stmt))
        if (TREE_CODE(gimple_assign_lhs(assign)) == SSA_NAME)
          continue;
      if (gcall *call = dyn_cast<gcall *>(stmt)) {
        VectorMember member = classify(call).vector;
        if (member == VectorMember::ElementAccess || member == VectorMember::Observer)
          continue;
      }
      return false;
    }
    return false;
  }

  // The MPI call writes all of a vector v: its buffer is v.data() (or
  // &v[0], &v.front()), its count v.size() (maybe converted, as MPI counts
  // are int), both of the same v and computed in the MPI call's block with
  // nothing in between that could change v, the elements are scalars the
  // size of the predefined datatype's, and v is one slot of one object.
  // Returns the `this' argument naming v, or NULL_TREE.  (If processes
  // disagreed on v.size(), the call would be erroneous: MPI requires the
  // same data size everywhere, which instrument=all checks at run time.)
  tree filled_vector(gcall *mpi_call, tree pointer, tree count, tree datatype) {
    gcall *data = vector_call_defining(pointer);
    if (!data || !count ||
        !(named(data, "data") || named(data, "front") ||
          (named(data, "operator[]") && gimple_call_num_args(data) == 2 &&
           integer_zerop(gimple_call_arg(data, 1)))))
      return NULL_TREE;
    for (int hops = 0; hops < 4 && TREE_CODE(count) == SSA_NAME; ++hops) {
      gassign *conversion = dyn_cast<gassign *>(definition(count));
      if (!conversion || !CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(conversion)) ||
          !INTEGRAL_TYPE_P(TREE_TYPE(gimple_assign_rhs1(conversion))))
        break;
      count = gimple_assign_rhs1(conversion);
    }
    gcall *size = vector_call_defining(count);
    if (!size || !named(size, "size"))
      return NULL_TREE;
    tree self = gimple_call_arg(data, 0);
    tree same = invariant_pointer(self), other = invariant_pointer(gimple_call_arg(size, 0));
    if (!same || !other || !operand_equal_p(same, other, 0))
      return NULL_TREE;
    if (!nothing_changes_vectors_between(data, mpi_call) ||
        !nothing_changes_vectors_between(size, mpi_call))
      return NULL_TREE;
    tree element = TREE_TYPE(TREE_TYPE(pointer));
    if (!(INTEGRAL_TYPE_P(element) || SCALAR_FLOAT_TYPE_P(element) ||
          TREE_CODE(element) == COMPLEX_TYPE) ||
        !TYPE_SIZE_UNIT(element) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(element)) ||
        tree_to_uhwi(TYPE_SIZE_UNIT(element)) != datatype_size(datatype))
      return NULL_TREE;
    Access v = vector_access(self, false);
    bool one_vector = v.objects.size() == 1 && v.slots.size() == 1 && !v.unknown &&
                      !objects_[v.objects[0]].summary && out_.slots[v.slots[0]].scalar;
    return one_vector ? self : NULL_TREE;
  }

  // The output buffer is a whole local array (or its first element) and
  // the count its number of elements.
  // Fortran passes a constant by reference: the value behind `&constant'
  // (NULL_TREE for a variable); other operands as they are.
  tree by_value(tree operand) const {
    if (!fortran_ || !operand || TREE_CODE(operand) != ADDR_EXPR)
      return operand;
    tree constant = TREE_OPERAND(operand, 0);
    return TREE_CODE(constant) == CONST_DECL ||
                   (VAR_P(constant) && TREE_STATIC(constant) && TREE_READONLY(constant))
               ? DECL_INITIAL(constant)
               : NULL_TREE;
  }

  bool fills_array(tree pointer, tree count) {
    pointer = address_of(pointer);
    if (!count || TREE_CODE(pointer) != ADDR_EXPR)
      return false;
    count = by_value(count);
    if (!count || TREE_CODE(count) != INTEGER_CST)
      return false;
    tree array = strip_array_start(TREE_OPERAND(pointer, 0));
    tree type = TREE_TYPE(array);
    // A variable, or an array field of a record (Fortran: `cfg%name', a
    // CHARACTER component broadcast with LEN(cfg%name) elements).
    if (!(VAR_P(array) || TREE_CODE(array) == COMPONENT_REF) || TREE_CODE(type) != ARRAY_TYPE ||
        !TYPE_SIZE_UNIT(type) ||
        !TYPE_SIZE_UNIT(TREE_TYPE(type)) ||
        TREE_CODE(TYPE_SIZE_UNIT(type)) != INTEGER_CST ||
        TREE_CODE(TYPE_SIZE_UNIT(TREE_TYPE(type))) != INTEGER_CST ||
        integer_zerop(TYPE_SIZE_UNIT(TREE_TYPE(type))) || AGGREGATE_TYPE_P(TREE_TYPE(type)))
      return false;
    unsigned HOST_WIDE_INT elements = tree_to_uhwi(TYPE_SIZE_UNIT(type)) /
                                      tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(type)));
    return tree_fits_uhwi_p(count) && tree_to_uhwi(count) == elements;
  }

  // The output buffer is a whole record, a variable or a field (`&params',
  // `&deck->header'; Fortran: a derived-type variable), and the count of
  // elements of a predefined datatype covers its bytes exactly:
  // `MPI_Bcast(&params, sizeof params, MPI_BYTE, ...)', `call
  // MPI_Bcast(p, 2, MPI_INTEGER, ...)' of two integer components.  As for a
  // vector, the proof assumes correct MPI: the root sends as many bytes.
  bool fills_record(tree pointer, tree count, tree datatype) {
    pointer = address_of(pointer);
    count = by_value(count);
    datatype = by_value(datatype);
    if (!count || !datatype)
      return false;
    STRIP_NOPS(count);
    tree type;
    if (TREE_CODE(pointer) == ADDR_EXPR) {
      tree record = TREE_OPERAND(pointer, 0);
      if (!(VAR_P(record) || TREE_CODE(record) == COMPONENT_REF))
        return false;
      type = TREE_TYPE(record);
    } else if (invariant_parameter(pointer) && POINTER_TYPE_P(TREE_TYPE(pointer))) {
      type = TREE_TYPE(TREE_TYPE(pointer)); // what a pointer parameter points to
    } else {
      return false;
    }
    if (!RECORD_OR_UNION_TYPE_P(type) ||
        !TYPE_SIZE_UNIT(type) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)) ||
        TREE_CODE(count) != INTEGER_CST || !tree_fits_uhwi_p(count))
      return false;
    unsigned long element = datatype_size(datatype);
    return element != 0 && tree_to_uhwi(count) * element == tree_to_uhwi(TYPE_SIZE_UNIT(type));
  }

  // How the source names what `pointer' points to, for the reasons:
  // 'n', 's.n', 'p->n', '*p' (Fortran: the dummy argument's name).
  std::string output_name(tree pointer) {
    pointer = address_of(pointer);
    std::string name = TREE_CODE(pointer) == ADDR_EXPR ? reference_name(TREE_OPERAND(pointer, 0))
                                                        : pointee_name(pointer);
    return name.empty() ? "the buffer" : "'" + name + "'";
  }

  std::string pointee_name(tree pointer) {
    if (TREE_CODE(pointer) != SSA_NAME && !DECL_P(pointer))
      return "";
    std::string name = decl_name(pointer);
    if (name == "a temporary")
      return "";
    return fortran_ ? name : "*" + name;
  }

  std::string reference_name(tree ref) {
    switch (TREE_CODE(ref)) {
    case VAR_DECL: case PARM_DECL: case RESULT_DECL: case SSA_NAME: {
      std::string name = decl_name(ref);
      if (name.compare(0, 9, "__result_") == 0) // a Fortran function's result
        name.erase(0, 9);
      return name == "a temporary" ? "" : name;
    }
    case ARRAY_REF: case ARRAY_RANGE_REF: case REALPART_EXPR: case IMAGPART_EXPR:
    case VIEW_CONVERT_EXPR:
      return reference_name(TREE_OPERAND(ref, 0));
    case MEM_REF:
      return pointee_name(TREE_OPERAND(ref, 0));
    case COMPONENT_REF: {
      tree base = TREE_OPERAND(ref, 0);
      std::string field = decl_name(TREE_OPERAND(ref, 1));
      // Fortran's host association: FRAME.n.rank, CHAIN.n->rank
      if ((DECL_P(base) && DECL_ARTIFICIAL(base)) ||
          (TREE_CODE(base) == MEM_REF && DECL_P(TREE_OPERAND(base, 0)) &&
           DECL_ARTIFICIAL(TREE_OPERAND(base, 0))))
        return field;
      if (TREE_CODE(base) == MEM_REF && integer_zerop(TREE_OPERAND(base, 1)) && !fortran_) {
        std::string pointer = reference_name(TREE_OPERAND(base, 0));
        return pointer.empty() ? "" : pointer + "->" + field;
      }
      std::string outer = reference_name(base);
      return outer.empty() ? field : outer + "." + field;
    }
    default:
      return "";
    }
  }

  std::string source_phrase(const LibraryFunction &library, const std::string &name) {
    std::string phrase = library.phrase ? library.phrase : "";
    return "depends on " + (phrase.empty() ? name : phrase + " " + name);
  }

  static constexpr int kMaxFields = 64;

  function *fun_;
  const std::vector<gimple *> &branches_;
  // By collective: the positions of the arguments whose values to describe.
  const std::vector<std::vector<int>> &arguments_;
  // Collective calls to describe: (index, communicator argument).
  std::map<gimple *, std::pair<int, int>> collective_index_;
  int current_index_ = -1;
  bool fortran_;
  ValueFlowFunction out_;
  OmpRegions regions_;
  std::vector<basic_block> order_;
  std::vector<int> block_of_;
  std::vector<Object> objects_;
  std::map<tree, int> object_of_decl_;
  std::map<gimple *, int> heap_;
  std::map<int, int> referent_of_member_; // reference member slot -> its referent
  std::map<int, int> parameter_of_target_; // what a pointer parameter points to -> its position
  std::map<tree, int> parameter_index_;   // PARM_DECL -> its position
  int parameter_count_ = -1;              // -1: not numbered yet
  std::vector<bool> beyond_bound_;        // escaped by a collapse (or reached)
  // The unit's functions whose results hold pointers, and the points-to
  // found without each (compute_points_to).
  static constexpr std::size_t kMaxResultCallees = 16;
  std::set<unsigned> result_callees_;
  std::set<tree> result_callee_decls_; // precise_result_of's callees
  unsigned left_out_callee_ = 0;
  std::map<unsigned, std::vector<std::vector<int>>> contents_without_;
  std::map<tree, tree> address_def_; // SSA name (or temporary) -> the ADDR_EXPR it holds
  std::set<tree> invariant_temporaries_; // note_address_temporaries
  std::map<tree, gimple *> definition_; // SSA name -> its statement
  std::set<tree> assigned_;             // declarations some statement assigns
  std::map<tree, gimple *> only_writer_; // such a declaration -> its one writer, or null
  ValueFlowSplit pending_split_;        // describe_split, until its call is read
  gcall *pending_split_call_ = nullptr;
  std::map<int, int> elements_of_slot_; // vector slot -> its elements' object
  std::map<int, std::set<int>> racy_;
  std::map<int, std::set<int>> call_written_; // find_racy_slots
  std::map<int, std::set<int>> global_written_;  // find_racy_slots: by name
  std::map<int, bool> team_runs_program_code_;   // find_racy_slots
  bool receiving_copies_ = false; // emitting a copyprivate receiving block
  bool copying_in_ = false;        // emitting a copyin's copying block
  std::set<int> phase_isolated_; // find_phase_isolated_slots
  // find_team_writes, and the copies slot_for_team_read makes, by (team,
  // slot).
  std::map<int, std::set<alias_set_type>> team_store_sets_;
  std::vector<int> team_untyped_writes_;
  bool team_writes_unknown_ = false;
  std::map<std::pair<int, int>, int> team_entry_copies_;
  std::vector<int> racy_list_; // scratch
  std::map<std::string, int> fact_by_phrase_;
  ValueFlowBlock *current_ = nullptr;
  int returned_object_ = -1;
  tree atomic_address_ = NULL_TREE; // of the last GIMPLE_OMP_ATOMIC_LOAD
  int current_team_ = -1;
  bool emitting_ = false;
  location_t where_ = UNKNOWN_LOCATION;
};

} // namespace

ValueFlowFunction extract_value_flow(function *fun, const std::vector<gimple *> &branches,
                                     const std::vector<std::pair<gimple *, int>> &collectives,
                                     const std::vector<std::vector<int>> &arguments) {
  return Extractor(fun, branches, collectives, arguments).run();
}

unsigned long predefined_datatype_size(tree datatype) { return datatype_size(datatype); }

tree virtual_call_method(const gcall *call) {
  tree fn = gimple_call_fn(call);
  if (!fn || TREE_CODE(fn) != OBJ_TYPE_REF || !tree_fits_shwi_p(OBJ_TYPE_REF_TOKEN(fn)))
    return NULL_TREE;
  return method_at_vtable_index(obj_type_ref_class(fn), tree_to_shwi(OBJ_TYPE_REF_TOKEN(fn)), 0);
}

} // namespace parcoach
