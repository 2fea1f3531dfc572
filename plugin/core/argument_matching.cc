#include "argument_matching.h"

#include <cstring>

namespace parcoach {

namespace {

// What MPI ties across processes on one side: PARCOACH_MATCHED in
// mpi_collectives.def.
enum class MatchedData { None, Signature, SignatureUnlessInPlace, Type, TypeUnlessInPlace };

struct MatchedShape {
  const char *shape;
  bool root, op;
  MatchedData send, recv;
};

#define data_NONE MatchedData::None
#define data_SIGNATURE MatchedData::Signature
#define data_SIGNATURE_UNLESS_IN_PLACE MatchedData::SignatureUnlessInPlace
#define data_TYPE MatchedData::Type
#define data_TYPE_UNLESS_IN_PLACE MatchedData::TypeUnlessInPlace
const MatchedShape matched_shapes[] = {
#define PARCOACH_MATCHED(shape, root, op, send, recv)                                           \
  {#shape, root != 0, op != 0, data_##send, data_##recv},
#include "mpi_collectives.def"
#undef PARCOACH_MATCHED
};
#undef data_NONE
#undef data_SIGNATURE
#undef data_SIGNATURE_UNLESS_IN_PLACE
#undef data_TYPE
#undef data_TYPE_UNLESS_IN_PLACE

const MatchedShape *matched_shape(const CollectiveArguments &arguments) {
  for (const MatchedShape &shape : matched_shapes)
    if (std::strcmp(shape.shape, arguments.shape) == 0)
      return &shape;
  return nullptr;
}

bool starts_with(const char *s, const char *prefix) {
  return std::strncmp(s, prefix, std::strlen(prefix)) == 0;
}

// "mpi_type_contiguous", "pmpi_type_vector_", "MPI_Type_create_struct":
// the name as the table of library functions spells it.
std::string plain_name(const char *callee) {
  std::string name;
  for (const char *c = callee; *c; ++c)
    name += (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
  if (name.compare(0, 1, "p") == 0 && name.compare(1, 4, "mpi_") == 0)
    name.erase(0, 1);
  while (!name.empty() && name.back() == '_')
    name.pop_back();
  return name;
}

const MatchedArgument *find_role(const std::vector<MatchedArgument> &arguments,
                                 MatchedRole role, MatchedSide side, std::size_t *index) {
  for (std::size_t i = 0; i < arguments.size(); ++i)
    if (arguments[i].role == role && arguments[i].side == side) {
      *index = i;
      return &arguments[i];
    }
  return nullptr;
}

// The count and datatype of one side, as `data' ties them.
void add_side(std::vector<MatchedArgument> &result, MatchedData data, const DataArguments &side,
              MatchedSide which, bool two_sides) {
  if (data == MatchedData::None || side.datatype < 0)
    return;
  bool unless_in_place =
      data == MatchedData::SignatureUnlessInPlace || data == MatchedData::TypeUnlessInPlace;
  bool type_alone = data == MatchedData::Type || data == MatchedData::TypeUnlessInPlace;
  // MPI's names: "count" and "datatype" where there is one side,
  // "sendcount"/"sendtype" and "recvcount"/"recvtype" for two.
  bool send = which == MatchedSide::Send;
  if (!type_alone) {
    if (side.count < 0)
      return;
    result.push_back({MatchedRole::Count, side.count,
                      two_sides ? (send ? "sendcount" : "recvcount") : "count", which,
                      unless_in_place, false});
  }
  result.push_back({MatchedRole::Datatype, side.datatype,
                    two_sides ? (send ? "sendtype" : "recvtype") : "datatype", which,
                    unless_in_place, type_alone});
}

} // namespace

std::vector<MatchedArgument> arguments_to_match(const MpiCollective &collective) {
  std::vector<MatchedArgument> result;
  const CollectiveArguments &arguments = *collective.arguments;
  const MatchedShape *shape = matched_shape(arguments);
  if (!shape)
    return result;
  if (shape->root && arguments.root >= 0)
    result.push_back({MatchedRole::Root, arguments.root, "root"});
  if (shape->op && arguments.op >= 0)
    result.push_back({MatchedRole::Op, arguments.op, "op"});
  bool two_sides = arguments.send.datatype >= 0 && arguments.recv.datatype >= 0;
  add_side(result, shape->send, arguments.send, MatchedSide::Send, two_sides);
  add_side(result, shape->recv, arguments.recv, MatchedSide::Recv, two_sides);
  return result;
}

void MatchingContext::saw_call(const char *callee) {
  if (!callee)
    return;
  std::string name = plain_name(callee);
  const char *n = name.c_str();
  // Every datatype constructor (contiguous, vector, indexed, create_*,
  // dup, match_size...) but the queries and the bookkeeping.
  static const char *const not_constructors[] = {
      "mpi_type_commit", "mpi_type_free", "mpi_type_size", "mpi_type_extent",
      "mpi_type_lb", "mpi_type_ub", "mpi_type_get_", "mpi_type_set_", "mpi_type_delete_attr",
      "mpi_type_create_keyval", "mpi_type_free_keyval"};
  if (starts_with(n, "mpi_type_")) {
    bool constructor = true;
    for (const char *other : not_constructors)
      constructor &= !starts_with(n, other);
    builds_datatypes |= constructor;
  }
  builds_datatypes |= starts_with(n, "mpi_pack") || starts_with(n, "mpi_unpack");
  static const char *const intercommunicators[] = {
      "mpi_intercomm_create", "mpi_comm_spawn", "mpi_comm_accept", "mpi_comm_connect",
      "mpi_comm_get_parent", "mpi_comm_join"};
  for (const char *maker : intercommunicators)
    makes_intercommunicators |= starts_with(n, maker);
}

void MatchingContext::saw_datatype(unsigned long long handle, const char *symbol) {
  names_composite_datatypes |=
      mpich_composite_datatype(handle) || open_mpi_composite_datatype(symbol);
}

std::vector<ArgumentMismatch> mismatched_arguments(const MpiCollective &collective,
                                                   const std::string &communicator,
                                                   const std::vector<ArgumentVerdict> &verdicts,
                                                   const MatchingContext &context,
                                                   const InPlaceBuffers &in_place) {
  std::vector<ArgumentMismatch> result;
  if (context.makes_intercommunicators || communicator.empty())
    return result;
  std::vector<MatchedArgument> arguments = arguments_to_match(collective);
  auto verdict_of = [&](std::size_t i) {
    return i < verdicts.size() ? verdicts[i] : ArgumentVerdict();
  };
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const MatchedArgument &argument = arguments[i];
    ArgumentVerdict verdict = verdict_of(i);
    if (!verdict.may_differ_between_processes || !verdict.depends_on_rank ||
        verdict.rank_communicator != communicator)
      continue;
    if (argument.role == MatchedRole::Count || argument.role == MatchedRole::Datatype) {
      // A side MPI ignores where its buffer is MPI_IN_PLACE (the root's
      // send side of MPI_Gather): a difference there may be no error.
      bool may_be_in_place = argument.side == MatchedSide::Recv ? in_place.recv_may_be_in_place
                                                                : in_place.send_may_be_in_place;
      if (context.builds_datatypes || (argument.unless_in_place && may_be_in_place))
        continue;
      if (argument.type_alone) {
        // The v-variants: with basic datatypes only, n elements of one
        // type never match m of another (but for n = m = 0).
        if (context.names_composite_datatypes)
          continue;
      } else {
        // The signature surely differs only if the other half of it is
        // the same everywhere and no datatype of the unit may stand for
        // several basic values.
        MatchedRole other =
            argument.role == MatchedRole::Count ? MatchedRole::Datatype : MatchedRole::Count;
        std::size_t j = 0;
        if (!find_role(arguments, other, argument.side, &j) ||
            verdict_of(j).may_differ_between_processes)
          continue;
      }
    }
    result.push_back({argument, verdict.reason, verdict.origin});
  }
  return result;
}

} // namespace parcoach
