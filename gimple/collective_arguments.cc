#include "collective_arguments.h"

#include "mpi_f08.h"

#include <strings.h>

namespace parcoach {

namespace {

tree null_operand() { return build_int_cst(collective_argument_type(), 0); }

// The call's argument at `position', or NULL_TREE if it has none there.
tree argument_at(const gcall *call, int position) {
  if (position < 0 || (unsigned)position >= gimple_call_num_args(call))
    return NULL_TREE;
  return gimple_call_arg(call, position);
}

// The type the MPI prototype gives the argument at `position' (MPI_Op is an
// int in MPICH, a pointer in Open MPI), or the argument's own type.
tree declared_type(const gcall *call, int position, tree value) {
  tree fntype = gimple_call_fntype(call);
  tree args = fntype ? TYPE_ARG_TYPES(fntype) : NULL_TREE;
  for (int i = 0; args && i < position; ++i)
    args = TREE_CHAIN(args);
  if (args && TREE_VALUE(args) != void_type_node)
    return TREE_VALUE(args);
  return TREE_TYPE(value);
}

bool names_in_place(tree decl) {
  return decl && DECL_P(decl) && DECL_NAME(decl) &&
         strcasecmp(IDENTIFIER_POINTER(DECL_NAME(decl)), "mpi_in_place") == 0;
}

// Fortran's MPI_IN_PLACE is a variable (in a common block, MPICH and Open
// MPI alike) whose address C cannot name: recognise it by name here.
bool is_fortran_in_place(tree arg) {
  if (TREE_CODE(arg) != ADDR_EXPR)
    return false;
  for (tree ref = TREE_OPERAND(arg, 0);; ref = TREE_OPERAND(ref, 0)) {
    if (names_in_place(ref) ||
        (TREE_CODE(ref) == COMPONENT_REF && names_in_place(TREE_OPERAND(ref, 1))))
      return true;
    if (!handled_component_p(ref))
      return false;
  }
}

// An mpi_f08 `ts' procedure: its buffers are array descriptors, whose data
// may be MPI_IN_PLACE; the buffers count as in place (sizes not compared).
bool passes_descriptors(const gcall *call) {
  tree callee = gimple_call_fndecl(call);
  return callee && DECL_NAME(callee) &&
         f08_passes_descriptors(IDENTIFIER_POINTER(DECL_NAME(callee)));
}

// `value' converted to const void *, as a GIMPLE operand before `gsi'.
tree as_operand(gimple_stmt_iterator *gsi, tree value) {
  tree converted = fold_convert(collective_argument_type(), unshare_expr(value));
  return force_gimple_operand_gsi(gsi, converted, true, NULL_TREE, true, GSI_SAME_STMT);
}

class ArgumentBuilder {
public:
  ArgumentBuilder(gimple_stmt_iterator *gsi, const gcall *call, SourceLanguage language,
                  CheckArguments &out)
      : gsi_(gsi), call_(call), fortran_(language == SourceLanguage::Fortran), out_(out) {}

  // A buffer: the pointer itself (the runtime compares it with
  // MPI_IN_PLACE), or from Fortran null for MPI_IN_PLACE.
  void buffer(int position) {
    tree value = argument_at(call_, position);
    if (!value || !POINTER_TYPE_P(TREE_TYPE(value)) ||
        (fortran_ && (is_fortran_in_place(value) || passes_descriptors(call_))))
      push(null_operand());
    else
      push(as_operand(gsi_, value));
  }

  // A root or a count (`by_address': an array of counts, passed as is).
  void integer(int position, bool by_address = false) {
    tree value = argument_at(call_, position);
    if (!value)
      push(null_operand());
    else if (fortran_ || by_address)
      push(POINTER_TYPE_P(TREE_TYPE(value)) ? as_operand(gsi_, value) : null_operand());
    else if (INTEGRAL_TYPE_P(TREE_TYPE(value)))
      push(address_of_copy(fold_convert(integer_type_node, value), integer_type_node));
    else
      push(null_operand());
  }

  // An MPI_Op or an MPI_Datatype: a handle by value in C, of whatever type
  // the MPI library declares.
  void handle(int position) {
    tree value = argument_at(call_, position);
    if (!value)
      push(null_operand());
    else if (fortran_)
      push(POINTER_TYPE_P(TREE_TYPE(value)) ? as_operand(gsi_, value) : null_operand());
    else {
      tree type = declared_type(call_, position, value);
      if (INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type))
        push(address_of_copy(fold_convert(type, value), type));
      else
        push(null_operand());
    }
  }

private:
  void push(tree operand) { out_.operands.push_back(operand); }

  // `&tmp' after `tmp = value' before the check.  Outside SSA only (the
  // `cfg' pass): a new memory store in SSA form would need its virtual
  // operands renamed, and a null pointer is always a safe answer.
  tree address_of_copy(tree value, tree type) {
    if (gimple_in_ssa_p(cfun))
      return null_operand();
    tree temporary = create_tmp_var(type, "parcoach_arg");
    TREE_ADDRESSABLE(temporary) = 1;
    value = force_gimple_operand_gsi(gsi_, value, true, NULL_TREE, true, GSI_SAME_STMT);
    gimple *copy = gimple_build_assign(temporary, value);
    gimple_set_location(copy, gimple_location(call_));
    gsi_insert_before(gsi_, copy, GSI_SAME_STMT);
    out_.temporaries.push_back(temporary);
    return as_operand(gsi_, build_fold_addr_expr(temporary));
  }

  gimple_stmt_iterator *gsi_;
  const gcall *call_;
  bool fortran_;
  CheckArguments &out_;
};

// Whether `value' may be MPI_IN_PLACE (in_place_buffers); `seen': the
// local variables being followed (a cycle adds no value of its own).
bool may_be_in_place(function *fun, tree value, std::vector<tree> &seen, int depth) {
  if (!value || depth > 8)
    return true;
  STRIP_NOPS(value);
  switch (TREE_CODE(value)) {
  case INTEGER_CST:
    // MPICH's (void *) -1, Open MPI's (void *) 1; a null pointer is not.
    return !integer_zerop(value);
  case ADDR_EXPR:
    return is_fortran_in_place(value);
  case POINTER_PLUS_EXPR:
    return may_be_in_place(fun, TREE_OPERAND(value, 0), seen, depth + 1);
  case SSA_NAME: {
    if (SSA_NAME_IS_DEFAULT_DEF(value))
      return true; // a parameter, or uninitialised
    gimple *def = SSA_NAME_DEF_STMT(value);
    if (gphi *phi = dyn_cast<gphi *>(def)) {
      for (unsigned i = 0; i < gimple_phi_num_args(phi); ++i)
        if (may_be_in_place(fun, gimple_phi_arg_def(phi, i), seen, depth + 1))
          return true;
      return false;
    }
    break;
  }
  case VAR_DECL:
    // A local pointer whose address is never taken: its assignments are
    // all its values.
    if (TREE_STATIC(value) || DECL_EXTERNAL(value) || TREE_ADDRESSABLE(value) ||
        DECL_CONTEXT(value) != fun->decl)
      return true;
    break;
  default:
    return true;
  }
  for (tree followed : seen)
    if (followed == value)
      return false;
  seen.push_back(value);
  auto definition = [&](gimple *stmt) {
    if (const gcall *call = dyn_cast<const gcall *>(stmt)) {
      tree callee = gimple_call_fndecl(call);
      return !((gimple_call_flags(call) & ECF_MALLOC) ||
               gimple_call_builtin_p(call, BUILT_IN_REALLOC) ||
               (callee && DECL_IS_OPERATOR_NEW_P(callee)));
    }
    if (!is_gimple_assign(stmt))
      return true;
    switch (gimple_assign_rhs_class(stmt)) {
    case GIMPLE_SINGLE_RHS:
    case GIMPLE_UNARY_RHS: // conversions
      return CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(stmt)) ||
                     gimple_assign_rhs_class(stmt) == GIMPLE_SINGLE_RHS
                 ? may_be_in_place(fun, gimple_assign_rhs1(stmt), seen, depth + 1)
                 : true;
    case GIMPLE_BINARY_RHS:
      return gimple_assign_rhs_code(stmt) == POINTER_PLUS_EXPR
                 ? may_be_in_place(fun, gimple_assign_rhs1(stmt), seen, depth + 1)
                 : true;
    default:
      return true;
    }
  };
  if (TREE_CODE(value) == SSA_NAME)
    return definition(SSA_NAME_DEF_STMT(value));
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_debug(stmt))
        continue;
      if (gimple_code(stmt) == GIMPLE_ASM)
        return true; // may write anything
      tree lhs = gimple_get_lhs(stmt);
      if (lhs && lhs == value && definition(stmt))
        return true;
    }
  }
  return false;
}

} // namespace

InPlaceBuffers in_place_buffers(function *fun, const gcall *call,
                                const MpiCollective &collective) {
  InPlaceBuffers result;
  const CollectiveArguments &shape = *collective.arguments;
  // An mpi_f08 procedure passes descriptors: unknown.
  if (!fun || !call || passes_descriptors(call))
    return result;
  auto side = [&](int position) {
    tree value = argument_at(call, position);
    if (!value || !POINTER_TYPE_P(TREE_TYPE(value)))
      return true;
    std::vector<tree> seen;
    return may_be_in_place(fun, value, seen, 0);
  };
  result.send_may_be_in_place = shape.send.buffer < 0 || side(shape.send.buffer);
  result.recv_may_be_in_place = shape.recv.buffer < 0 || side(shape.recv.buffer);
  return result;
}

// `void *' (runtime_entry_points.cc, ADDRESS, says why not const).
tree collective_argument_type() { return ptr_type_node; }

CheckArguments collective_arguments(gimple_stmt_iterator *gsi, const gcall *call,
                                    const MpiCollective *collective,
                                    SourceLanguage language) {
  CheckArguments result;
  if (!call || !collective || !collective->arguments->compares_anything()) {
    result.operands.assign(collective_argument_count, null_operand());
    return result;
  }
  const CollectiveArguments &shape = *collective->arguments;
  ArgumentBuilder build(gsi, call, language, result);
  build.integer(shape.root);
  build.handle(shape.op);
  for (const DataArguments *side : {&shape.send, &shape.recv}) {
    bool compared = side->compared != SizeCompared::Nowhere;
    // A side that is never compared gets null pointers: no code at all.
    build.buffer(compared ? side->buffer : -1);
    build.integer(compared ? side->count : -1, side->compared == SizeCompared::Total ||
                                                   side->compared == SizeCompared::Peers);
    build.handle(compared ? side->datatype : -1);
  }
  return result;
}

void release_collective_arguments(gimple_stmt_iterator *gsi, const CheckArguments &arguments) {
  for (tree temporary : arguments.temporaries)
    gsi_insert_before(gsi, gimple_build_assign(temporary, build_clobber(TREE_TYPE(temporary))),
                      GSI_SAME_STMT);
}

} // namespace parcoach
