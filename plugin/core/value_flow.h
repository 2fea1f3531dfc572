// Rank- and thread-dependence of the values branches test (issue 5): a
// conditional can send processes (threads) different ways only if the value
// it tests may differ between them.
//
// The GIMPLE adapter (gimple/value_flow_model.h) describes each function of
// the translation unit as a ValueFlowFunction at the `cfg' pass; the whole
// unit is then solved at once, so that parameters, globals and return
// values carry what the callers and callees know.
//
// The abstract program.  A function is a control-flow graph of blocks of
// abstract statements over "slots": abstract storage locations (a local
// variable or temporary, a parameter, what a pointer parameter points to,
// a variable of static storage, the memory of an allocation site).  A
// record has a slot per field; an array, or the memory of an allocation
// site, is one slot that stores only join (weak updates).  Every
// statement reads slots and writes at most one; where a value comes from
// an outside source (MPI_Comm_rank, rand, a broadcast...) the statement
// names a fact, which also gives the phrase the reasons are made of.
//
// The solution.  A value is a pair of bits (may differ between processes,
// between threads) with, per bit, a witness fact explaining it.  Every
// value starts "uniform" and grows monotonically to a fixpoint:
//   * flow-sensitively inside a function (a strong update replaces the
//     value, so a broadcast makes a variable uniform again);
//   * control dependence: when a conditional may differ, every block
//     iteratively control-dependent on it (the blocks whose iterated
//     postdominance frontier contains it) is "tainted", and whatever it
//     assigns may differ; a branch into a block that ends the whole job
//     (MPI_Abort) sends no process elsewhere and taints nothing;
//   * across the unit: a parameter of a function other files cannot call
//     is the join of its call sites; a call's result is what the callee
//     returns, kept as a function of the callee's parameters (and of what
//     its pointer parameters point to) so that each call site puts in its
//     own arguments; what a callee leaves behind a
//     pointer parameter reaches the caller's variable, field by field, and
//     so does what it leaves behind a C++ reference member of what a
//     pointer parameter points to, which refers to what a constructor
//     bound it to; a callee storing through a pointer it cannot name may
//     change what its arguments reach through pointers stored in them; a
//     static global holds the join of what every function leaves in it
//     where control leaves the function (calls, returns), read at function
//     entry and after calls;
//   * threads: only code in an OpenMP team (or called from one) has values
//     that differ between threads; shared data the team writes differs;
//   * ranges: a value may also be known to be the rank of the process in a
//     communicator, or the size of one (ValueFlowQuantity), through copies
//     only.  A rank lies in [0, size) of its communicator, so a comparison
//     that range decides (`rank >= 0', `rank < size' of the same
//     communicator, `size > 0') comes out the same on every process and
//     every thread, however much the rank differs.  Where a test of the
//     size (`size > 1' false, `size == 1' true) is the only way in, the
//     size is at most k there and a rank below k (`if (size > 1 || rank
//     == 0)': the rank test runs only where size is 1 and rank 0); so too
//     for `t = (size > 1) | (rank == 0)' computed without a branch.
#ifndef PARCOACH_CORE_VALUE_FLOW_H
#define PARCOACH_CORE_VALUE_FLOW_H

#include <map>
#include <string>
#include <vector>

namespace parcoach {

// Where a value comes from, when that matters: a source of difference, or
// a producer of a value the same on all processes.
struct ValueFlowFact {
  bool differs_between_processes = false;
  bool differs_between_threads = false;
  // An MPI error code (a return value, Fortran's ierr): MPI_SUCCESS on
  // every process under the default handler (errors are fatal); may differ
  // if the unit installs an error handler anywhere.
  bool error_code = false;
  // The value is the calling process's rank (MPI_Comm_rank's output):
  // certainly different on every process, not merely unknown; of the
  // communicator named `rank_communicator' (ValueFlowQuantity::
  // communicator; empty: one the adapter cannot name).
  bool is_rank = false;
  std::string rank_communicator;
  // The result of a call to a function of another file, by its linker
  // name, when the link step may know more of it (cross_file_values.h;
  // what it depends on of the call's arguments, the callee's parameter
  // keys say).  Empty for every other fact.
  std::string external_result;
  // A read through the pointer a call of this function of the unit
  // (DECL_UID) returned, `x = *p' after `p = d.time ()' (a C++ accessor
  // returning a reference to a member): the memory may be any the callee
  // can return a pointer to.  When the callee returns pointers only into
  // what its pointer arguments point to (ValueFlowFunction::
  // returns_only_fields), whose slots the read already uses,
  // settle_result_stores makes the fact neutral; 0 for every other fact.
  unsigned unless_returns_only_fields_of = 0;
  // The reason as the user reads it: "depends on MPI_Comm_rank at line 8",
  // "'n' is broadcast by MPI_Bcast at line 14".
  std::string phrase;
  // Where the line the phrase names is, as an opaque token of the adapter
  // (GCC's location_t), for the event of a diagnostic path; 0: none.
  unsigned origin = 0;
};

enum class SlotScope {
  Local,           // a local variable or temporary of this function
  Parameter,       // the value of parameter `parameter'
  ParameterTarget, // what pointer parameter `parameter' points to (every
                   // Fortran dummy argument; C's `int *p'); with
                   // `through_reference', what a C++ reference member of
                   // that points to
  Global,          // a variable of static storage, `global' in the unit
};

// Who may write a global besides the stores the unit shows.
enum class GlobalVisibility {
  Unit,        // static, function-local static, or anything under
               // -fwhole-program: only the unit's stores
  Public,      // defined here, other files may write it
  External,    // defined in another file
  ReadOnly,    // a constant
  ThreadLocal, // OpenMP threadprivate / __thread: one copy per thread
};

// What a value is known to be, beyond where it comes from.
struct ValueFlowQuantity {
  enum class Kind {
    None, // nothing known
    Rank, // the calling process's rank in `communicator' (MPI_Comm_rank)
    Size, // the number of processes of `communicator' (MPI_Comm_size)
  };
  Kind kind = Kind::None;
  // A unit-wide key naming the communicator (a predefined handle such as
  // MPI_COMM_WORLD); empty: a communicator the adapter cannot name, whose
  // ranks are still >= 0 and whose size is still >= 1.
  std::string communicator;
  // `communicator' names the handle a variable holds in one activation of
  // the function (a parameter it never assigns): the name means the same
  // handle only inside that activation, so the solver forgets it where a
  // value leaves (returns, callees' arguments, globals), which recursion
  // would otherwise confuse.
  bool activation_local = false;
  // With an empty `communicator': the variable (slot) holding the handle
  // the MPI call reads, read by the call itself, or -1.  The solver names
  // the communicator by the one definition of that variable reaching the
  // call (no write in between, none in a loop): a rank and a size read
  // from the same definition are of the same communicator.
  int communicator_slot = -1;
};

// One side of a comparison a conditional makes: a slot's value, or an
// integer constant.
struct ValueFlowOperand {
  int slot = -1; // -1: the constant
  long long constant = 0;
  // With a slot: the operand is the slot's value plus this (`size - 1'
  // has offset -1), computed without overflow (the adapter keeps it small
  // and on signed types, where overflow cannot happen in a valid program).
  long long offset = 0;
  // The constant is the handle MPI_COMM_NULL (communicator_membership.h).
  bool null_communicator = false;
};

// What a two-way conditional compares, when it is an integer comparison
// the solver can decide from what it knows of its operands.
struct ValueFlowComparison {
  enum class Op { None, Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual };
  Op op = Op::None;
  ValueFlowOperand left, right;
  std::string text; // as the user wrote it, roughly: "rank < size"
};

struct ValueFlowSlot {
  std::string name;
  SlotScope scope = SlotScope::Local;
  int parameter = -1;
  unsigned global = 0; // Global: unit-wide key (DECL_UID)
  // A slot of its own for one field of a record, so that a callee's
  // `p->n' meets its caller's `s.n' (and a Fortran COMMON block's member
  // the same member in another program unit): a unit-wide key of the
  // field's place in its record, bits [field_offset, field_offset +
  // field_size) (-1: unknown, overlaps everything).  field -1: a whole
  // variable, or the part of a record no access names.
  int field = -1;
  long long field_offset = -1, field_size = -1;
  // ParameterTarget only: -1, or the field key of the C++ reference
  // member (of what parameter `parameter' points to) whose referent this
  // slot belongs to: `this->comm_' for `const Communicator &comm_'.  A
  // reference member is bound once, by a constructor, and never changes:
  // the callers know what it refers to (ValueFlowFunction::
  // reference_bindings) and give its referent's values, as for a pointer
  // parameter.
  int through_reference = -1;
  // Holds one value that a store replaces entirely (not an array, not
  // the rest of a record).
  bool scalar = false;
  // The whole slot of a record all of whose fields have slots: it holds
  // nothing of its own (whole accesses use the field slots too), and is
  // neither passed to callees nor published.
  bool covered = false;
  GlobalVisibility visibility = GlobalVisibility::Unit;
  // Public and External globals: the linker's name; a static variable of
  // the unit: a name unique in the program (unit_static_symbol).  The link
  // step judges the variable under this name (variable_judged_at_link).  Set by
  // cross_file_values.h only: whether the other files' stores (for a
  // static, the other files' calls of the unit's public functions storing
  // to it) may be taken as the same on every process: a read then gives
  // what the unit's own functions store.
  std::string symbol;
  bool other_files_store_uniform = false;
  // Written by exactly one statement that dominates its uses (GIMPLE's
  // temporaries): one value for the whole function.
  bool single_definition = false;
  // The address reaches code the analysis does not see: every read may
  // differ, for the reason given by this fact (-1: does not escape).
  int escapes = -1;
  // Memory all threads of a team share, which no thread writes while
  // another reads it (barriers keep them apart): a read in a parallel
  // region gives the same value in every thread of the team, whichever
  // thread wrote it (the master, under `omp_get_thread_num() == 0').
  bool same_in_every_thread = false;
};

// A global the link step judges by name (cross_file_values.h): one other
// files may store to, or a static variable that public functions of the
// unit store to, which other files may call on some processes only.
bool variable_judged_at_link(const ValueFlowSlot &slot);

// The name of a static variable of the unit for the link step: `file'
// (the unit's source) qualifies the assembler name, which the unit alone
// keeps apart (`count.1' for a function's `static int count').
std::string unit_static_symbol(const std::string &file, const std::string &assembler_name);

// A slot a call's argument reaches through pointers stored in what it
// points to.
struct ValueFlowReach {
  int slot = -1;
  // Functions of the unit (DECL_UIDs) whose results are on every path to
  // it: if one of them never returns an address in what its arguments
  // point to (ValueFlowFunction::returns_argument_memory), the argument
  // does not reach it.
  std::vector<unsigned> through_results_of;
};

// An argument of a call to a function of the unit.
struct ValueFlowArgument {
  std::vector<int> uses;     // the slots its value is computed from
  std::vector<int> pointees; // the slots it may point to
  bool points_elsewhere = false; // it may point to memory with no slot
  // It points to exactly one object: what the callee leaves in a scalar
  // slot of its own replaces the value of a scalar slot of `pointees'.
  bool exact = false;
  // Its value is exactly the value of this slot (a copy, maybe widened):
  // what is known of that value (ValueFlowQuantity) goes with it.
  int copy_of = -1;
  // It is an integer literal as written (`bc (b, 3)'): `literal_value'.
  bool literal = false;
  long long literal_value = 0;
  // What pointers stored there point to, transitively (`h.p = &steps;
  // f(&h)'): a callee storing through pointers it cannot name
  // (ValueFlowFunction::stores_through_unknown) may change it.
  std::vector<ValueFlowReach> reachable;
};

// A truth value computed from two others without a branch (`t = a | b',
// `t = a & b'; gfortran's `.or.' and `.and.', GCC's folding of `||' and
// `&&' of simple operands): the slots holding the two operands.
struct ValueFlowLogical {
  enum class Op { None, Or, And };
  Op op = Op::None;
  int left = -1, right = -1;
};

// An integer computed from its operands by one operation (`t = rank % 2'),
// when the adapter could describe it: communicator_membership.h matches
// a test recomputing a split's colour with it.  The operation is made in
// a type of `precision' bits, unsigned or not; each operand (a slot as
// read, converted to that type, or a constant) has offset 0.
struct ValueFlowArithmetic {
  enum class Op { None, Plus, Minus, Multiply, Divide, Modulo, BitAnd };
  Op op = Op::None;
  int precision = 0;
  bool is_unsigned = false;
  std::vector<ValueFlowOperand> operands;
};

struct ValueFlowStatement {
  enum class Kind {
    Assign, // target := join(uses, fact); strong: replaces, else joins
    Call,   // a call of `callee' (a DECL_UID): target := its result
    Return, // the function returns join(uses)
  };
  Kind kind = Kind::Assign;
  int target = -1; // slot, -1 for none
  bool strong = true;
  std::vector<int> uses;
  int fact = -1;
  unsigned callee = 0;
  std::vector<ValueFlowArgument> arguments;
  // Assign and Return: the value is exactly the value of this slot (a
  // copy, maybe widened), and so is what is known of it; otherwise
  // nothing is known of an assigned value but `quantity'.
  int copy_of = -1;
  ValueFlowQuantity quantity; // Assign: what the stored value is known to be
  // Assign: the value is the outcome of this comparison (`t = rank >= 0'):
  // the same everywhere when the ranges decide it (ValueFlowBlock::
  // comparison), whatever `uses' hold.
  ValueFlowComparison comparison;
  // Assign: the stored value is the integer constant `constant' (`colour
  // = 1'), read by communicator_membership.h.
  bool assigns_constant = false;
  long long constant = 0;
  // Assign: the stored value is a constant communicator handle, named as
  // ValueFlowCollective::communicator_name names it ("handle 1140850688",
  // "address of ompi_mpi_comm_world"), read by communicator_choice.h;
  // empty for any other value.
  std::string constant_handle;
  // Assign with a fact: the output of an MPI call whose communicator
  // argument is this constant handle (MPI_Comm_dup(MPI_COMM_SELF, &d)),
  // spelt as constant_handle is; empty for any other.
  std::string from_handle;
  // Assign: the value is the same in every thread of the team, whatever
  // its uses and the control leading here hold (a variable after its
  // `single copyprivate', which gives every thread the value of the one
  // that ran the construct): only what differs between processes stays.
  bool same_in_every_thread = false;
  // Assign: the operation computing the value from `uses', if described.
  ValueFlowArithmetic arithmetic;
  // Assign: the value is `left | right' or `left & right' of two truth
  // values (ValueFlowLogical), if described.
  ValueFlowLogical logical;
  // Assign: the store binds a C++ reference member of a local object
  // (`closure.__size = &size': a lambda's capture by reference, an
  // aggregate's reference member): from then on `target' refers to
  // `referents' (and to memory no slot stands for, with
  // refers_elsewhere), as a constructor's binding would say.
  bool binds_reference = false;
  std::vector<int> referents;
  bool refers_elsewhere = false;
  // Assign: the store goes through the pointer a call of `through_result_of'
  // (a function of the unit, DECL_UID; 0: none) returned, `*p = v' after
  // `p = x.operator[] (i)', and `target' is one of the slots of what the
  // call's arguments reach.  It writes `target' only if the callee may
  // return a pointer into it (ValueFlowFunction::returned_fields) through
  // one of `result_arguments', the arguments pointing to the start of the
  // object holding it: settle_result_stores drops it otherwise.
  unsigned through_result_of = 0;
  std::vector<int> result_arguments;
  // Assign with through_result_of: a read, `x = *p' after `p = d.time ()',
  // of slot `read_slot' (of an object one of `result_arguments' points to
  // the start of, or of the elements of a std::vector in its field
  // `read_slot'); the read happens only if the callee may return a
  // pointer into that slot: settle_result_stores drops the uses
  // otherwise.  -1: a store.
  int read_slot = -1;
};

struct ValueFlowBlock {
  std::vector<ValueFlowStatement> statements;
  // Control flow; none: the block leaves the function.
  std::vector<int> successors;
  // Where the values also flow, without deciding where processes go:
  // around an OpenMP parallel region (its private copies do not survive
  // it), into exception handlers.
  std::vector<int> data_successors;
  // With two successors or more: what the block's conditional tests, and
  // a fact mixed in (for exits nobody can predict, like setjmp's).
  std::vector<int> condition;
  int condition_fact = -1;
  // The comparison the conditional makes, if the adapter could describe
  // it: when the known ranges of its operands decide it, it is the same
  // everywhere whatever `condition' holds.
  ValueFlowComparison comparison;
  // A switch: the slot whose value it switches on, when that is a plain
  // variable (BranchVerdict::rank_communicator), or -1.
  int switch_index = -1;
  // With a comparison: the successor taken when it holds, and the one
  // taken when it does not (-1: unknown).  An edge only reached when the
  // size of a communicator is at most k bounds the ranks of that
  // communicator below k in the blocks it dominates.
  int when_true = -1, when_false = -1;
  // The verdict this conditional answers (index into the result), or -1.
  int branch = -1;
  int line = 0;                    // the conditional's line, for reasons
  // The whole job stops here (MPI_Abort, abort, ERROR STOP): no process
  // goes on from it, so a branch into it sends no process elsewhere.
  bool ends_job = false;
  bool in_parallel_region = false; // run by the threads of a team
  // The first block of a parallel region (or task) the function forks:
  // each thread has its own copy of a ThreadLocal global, not the
  // encountering thread's, unless a copyin gives it that (a statement
  // same_in_every_thread at the copy's join).
  bool starts_team = false;
};

// Where a collective reads its communicator (communicator_membership.h).
struct ValueFlowCollective {
  int block = -1;     // -1: the adapter could not place it
  int statement = 0;  // the number of statements of `block' before the call
  // The variable holding the handle the call passes (a load of it just
  // before the call, in the same block, counts as the variable), or -1.
  int communicator = -1;
  // The communicator as a unit-wide name when the call passes a constant
  // handle (ValueFlowQuantity::communicator), else empty.
  std::string communicator_name;
  // The values of the arguments the caller of extract_value_flow asked
  // about (argument_matching.h), in the order asked: the slots each is
  // computed from, read just before the call.
  std::vector<std::vector<int>> arguments;
  // A probe of a call of a public function (cross_file_parameters.h): its
  // linker name; empty for a collective.  For a probe of what a public
  // function leaves behind a pointer parameter at a return
  // (add_exit_probes, cross_file_values.h): the key of that argument.
  std::string callee_symbol;
  // The value joins the control dependence of its block: what a function
  // leaves behind a pointer differs if some processes return from it
  // where others do not (a collective's argument does not: whether all
  // processes reach the call is the order's business).
  bool with_control = false;
};

// An MPI call making a communicator (MPI_Comm_split, _split_type,
// _create, MPI_Cart_create, _sub): the communicator it stores in `made'
// is the same on all its members; for MPI_Comm_split, the processes that
// passed the same colour (communicator_membership.h).
struct ValueFlowSplit {
  int block = -1;
  // The call's statements are [first, after) of `block'.
  int first = 0;
  int after = 0;
  int colour = -1; // the slot the colour argument is read from, or -1 (none)
  int made = -1;   // the variable the new communicator is stored in, or -1
};

struct ValueFlowFunction {
  unsigned uid = 0; // DECL_UID
  std::string name;
  // Other files (or calls through pointers) may call it: its parameters
  // may differ, and it may run under conditions the unit does not show.
  bool callable_from_outside = true;
  // Functions whose address this one takes (DECL_UIDs): they too may be
  // called from anywhere.
  std::vector<unsigned> addresses_taken;
  // main: every process starts there.
  bool entry_point = false;
  // Parameters across files (cross_file_parameters.h).  Set by the
  // adapter: the linker name, and whether the link step may judge what
  // other files pass (a public function no pointer may reach); in Fortran
  // what a dummy argument points to is its value.  Set by
  // cross_file_parameters.h only: the positions whose values from other
  // files are taken as the same on every process (the link step checks
  // every call site of the program).
  std::string symbol;
  bool link_judges_parameters = false;
  // A virtual method the link step judges: the linker names of the base
  // class methods it overrides, and their names as printed.  A call
  // through the vtable naming one of them (`s.solve(n)' on a `Solver &')
  // may run this function instead.
  std::vector<std::string> overridden_symbols;
  std::vector<std::string> overridden_names;
  bool parameters_by_reference = false;
  // The pointer parameters whose targets callers of other files may pass
  // as out-arguments (cross_file_values.h, add_exit_probes).
  std::vector<int> out_parameters;
  std::vector<int> parameters_judged_at_link;
  // Set by cross_file_parameters.h only: positions a call of the unit
  // passes a value that may differ: the file shows it, warned here.
  std::vector<int> parameters_passed_differing;
  // Set by cross_file_values.h only: the link step checks that other files
  // call it on every process alike, so that it publishes into globals what
  // it stores, without the difference "other files may call it on some
  // processes only" (nor, then, as run by a team of threads).
  bool callers_judged_at_link = false;
  // Calls MPI_Comm_set_errhandler or the like: MPI error codes may differ.
  bool installs_error_handler = false;
  // Stores through a pointer the analysis cannot resolve (one loaded from
  // what a parameter points to, say): the callers' objects reachable from
  // the arguments may change.
  bool stores_through_unknown = false;
  // Points-to sets of the extraction that went past their bound
  // (points_to_bound.h) and collapsed: a count, for the verbose note.
  int collapsed_pointer_sets = 0;
  // What it returns (a pointer, or pointers stored in the object it
  // returns) may point into what its arguments point to.
  bool returns_argument_memory = true;
  // With returns_only_fields, every pointer it returns points into the
  // object one of its pointer parameters points to, in the bits [offset,
  // offset + size) of it (offset -1: anywhere in it), or into the elements
  // of a std::vector held there (`T &operator[](int i) { return data_[i];
  // }'): never to its globals, its allocations, nor what pointers stored
  // in its parameters' objects point to.  A caller storing through such a
  // pointer writes only those fields (ValueFlowStatement::
  // through_result_of).
  struct ReturnedField {
    int parameter = -1;
    long long offset = -1, size = -1;
  };
  bool returns_only_fields = false;
  std::vector<ReturnedField> returned_fields;
  // It stores through pointers calls of these functions of the unit
  // (DECL_UIDs) returned, which may point to memory it cannot name unless
  // the callee returns_only_fields: settle_result_stores then sets
  // stores_through_unknown.
  std::vector<unsigned> stores_through_results_of;
  // A constructor binding a reference member: the member whose field key
  // is `field', of what parameter `object' points to, refers to what
  // parameter `referent' points to (`this->comm_ = comm').
  struct ReferenceBinding {
    int object = -1;
    int field = -1;
    int referent = -1;
  };
  std::vector<ReferenceBinding> reference_bindings;
  std::vector<ValueFlowSlot> slots;
  std::vector<ValueFlowFact> facts;
  std::vector<ValueFlowBlock> blocks; // blocks[0] is the entry
  // One entry per branch the caller of extract_value_flow asked about.
  int branch_count = 0;
  // One entry per collective call the caller asked about.
  std::vector<ValueFlowCollective> collectives;
  std::vector<ValueFlowSplit> splits;
};

struct BranchVerdict {
  bool may_differ_between_processes = true;
  bool may_differ_between_threads = true;
  // Why: the proof that made the value uniform, or the source that makes
  // it differ (for -fplugin-arg-parcoach-verbose).
  std::string reason;
  // For a value that may differ between processes: where that source is
  // (ValueFlowFact::origin; 0: unknown).
  unsigned origin = 0;
  // The conditional tests the process's rank in a communicator the solver
  // can name (rank_chains.h): that name, empty for any other conditional.
  // A comparison with a constant (ValueFlowBlock::comparison) also gives
  // the constant, and whether the rank equals it where the comparison
  // holds (`==') rather than where it fails (`!='); a switch
  // (ValueFlowBlock::switch_index) switches on the rank itself.
  std::string rank_communicator;
  long long rank_constant = 0;
  bool rank_equal_when_holds = true;
  // With SourceTags: the tags of the sources that may reach it.
  unsigned long long sources = 0;
};

// What a collective's argument may be (ValueFlowCollective::arguments).
struct ArgumentVerdict {
  bool may_differ_between_processes = false;
  // The difference comes from the rank of the process (MPI_Comm_rank's
  // output, or a conditional testing it): the argument does differ on
  // some run, rather than being merely unknown to the analysis.
  bool depends_on_rank = false;
  // The communicator of that rank (ValueFlowFact::rank_communicator).
  std::string rank_communicator;
  std::string reason; // "depends on MPI_Comm_rank at line 8"
  // For an argument that may differ between processes: where that source
  // is (ValueFlowFact::origin; 0: unknown), for the diagnostic path.
  unsigned origin = 0;
  // With SourceTags: the tags of the sources that may reach it.
  unsigned long long sources = 0;
};

// What a function returns, in the form its callers instantiate: whether
// it may differ between processes whatever the arguments, and the
// parameters it also depends on (bit k: parameter k's value, or what it
// points to).
struct ResultVerdict {
  bool may_differ_between_processes = false;
  unsigned long long parameters = 0;
  std::string reason;
  // With SourceTags: the tags of the sources that may reach it.
  unsigned long long sources = 0;
};

// Sources of difference tagged for one solve, so that one solve tells
// which of them may reach each verdict (its `sources'), where a solve per
// source, only that one differing, would tell it exactly (issue 17: the
// link-time keys of cross_file_values.h).  Tags are bits 0..63 (several
// sources may share one).  They over-approximate: a source whose
// difference reaches a verdict in the solve where only it differs has its
// tag there, through data, control dependence, and every decision the
// solver takes on a value that differs; a tag there does not prove that
// it reaches the verdict.
struct SourceTags {
  // By function (index in the unit), by fact: the fact's tags.
  std::vector<std::vector<unsigned long long>> facts;
  // By (global, field) (ValueFlowSlot::global, field): what other files
  // store there.
  std::map<std::pair<unsigned, int>, unsigned long long> globals;
  // By function, by parameter position: what callers of other files pass.
  std::vector<std::vector<unsigned long long>> parameters;
};

// Settles what the unit's functions store through pointers the unit's
// functions return, now that every callee's returned_fields is known: drops
// each store (ValueFlowStatement::through_result_of) into a slot the callee
// returns no pointer into, and sets stores_through_unknown of a function
// storing through the result of a callee that may return a pointer to
// memory the caller cannot name (stores_through_results_of); makes neutral
// each fact of a read through such a pointer (ValueFlowFact::
// unless_returns_only_fields_of) whose callee returns only into its
// arguments' objects.  Before any solve or summary of the unit.
void settle_result_stores(std::vector<ValueFlowFunction> &unit);

// verdicts[i][j]: branch j of unit[i].
std::vector<std::vector<BranchVerdict>>
solve_value_flow(const std::vector<ValueFlowFunction> &unit);

// The same, and (*arguments)[i][c][a]: argument a asked about of
// collective c of unit[i] (uniform where the analysis does not reach it).
std::vector<std::vector<BranchVerdict>>
solve_value_flow(const std::vector<ValueFlowFunction> &unit,
                 std::vector<std::vector<std::vector<ArgumentVerdict>>> *arguments);

// The same, and (*results)[i]: what unit[i] returns; with `tags', every
// verdict's `sources'.
std::vector<std::vector<BranchVerdict>>
solve_value_flow(const std::vector<ValueFlowFunction> &unit,
                 std::vector<std::vector<std::vector<ArgumentVerdict>>> *arguments,
                 std::vector<ResultVerdict> *results, const SourceTags *tags = nullptr);

} // namespace parcoach

#endif
