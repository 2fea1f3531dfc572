#include "request_events.h"

#include "function_model.h"
#include "report.h"
#include "runtime_entry_points.h"
#include "value_flow_model.h"

#include "mpi_knowledge.h"
// The core analysis of the same name (this directory's header comes first
// on the include path).
#include "request_lifecycle.h"

#include <cstring>
#include <map>
#include <set>
#include <string>

namespace parcoach {

namespace {

// The nonblocking point-to-point calls that create a request, and where
// their request argument is (C position; gfortran adds ierr after it).  The
// nonblocking collectives come from the MPI table: their request follows
// the communicator.
struct PointToPoint {
  const char *c_name;
  const char *fortran_name;
};
const PointToPoint point_to_point[] = {
    {"MPI_Isend", "mpi_isend"},   {"MPI_Ibsend", "mpi_ibsend"}, {"MPI_Issend", "mpi_issend"},
    {"MPI_Irsend", "mpi_irsend"}, {"MPI_Irecv", "mpi_irecv"},
};
constexpr int point_to_point_request = 6;

// MPI 4.0's nonblocking sendrecv calls, whose request ends the C list.
struct Sendrecv {
  const char *c_name;
  const char *fortran_name;
  int request;
};
const Sendrecv sendrecv[] = {{"MPI_Isendrecv", "mpi_isendrecv", 11},
                             {"MPI_Isendrecv_replace", "mpi_isendrecv_replace", 8}};

// The neighbourhood collectives of the MPI table that create a request
// (MPI_Ineighbor_*, not the blocking or the persistent _init ones).
bool nonblocking_neighborhood(const MpiCollective &collective, const char *name) {
  return collective.family == CollectiveFamily::Neighborhood &&
         (std::strncmp(name, "MPI_Ineighbor_", 14) == 0 ||
          std::strncmp(name, "mpi_ineighbor_", 14) == 0);
}

// The position of the request argument if `call' creates a request, or -1.
int created_request_argument(const gcall *call, const char *name, SourceLanguage language) {
  bool fortran = language == SourceLanguage::Fortran;
  int position = -1;
  for (const PointToPoint &p : point_to_point)
    if (std::strcmp(name, fortran ? p.fortran_name : p.c_name) == 0)
      position = point_to_point_request;
  for (const Sendrecv &s : sendrecv)
    if (std::strcmp(name, fortran ? s.fortran_name : s.c_name) == 0)
      position = s.request;
  if (const MpiCollective *collective = find_collective(name, language))
    if (collective->family == CollectiveFamily::Nonblocking ||
        nonblocking_neighborhood(*collective, name))
      position = collective->handle_arg + 1;
  // The call must have the arity of the prototype (plus ierr in Fortran);
  // anything else is not the routine we know.
  int expected = position + 1 + (fortran ? 1 : 0);
  return position >= 0 && (int)gimple_call_num_args(call) == expected ? position : -1;
}

// A buffer the analysis follows for a creating call: a variable of this
// function given by address, with a constant count of at least 1 (C and
// C++ only: gfortran passes the count by reference), and the bytes of it
// the operation certainly uses.  Either a scalar given whole (its accesses
// are whole: `first'/`end' stay 0/-1), or a local array from a constant
// element on, with a predefined datatype of known size (its accesses are
// element accesses: `array').
struct FollowedBuffer {
  tree var;
  bool receives;
  bool array;
  long long first;
  long long end;
};

bool own_plain_variable(tree var, function *fun) {
  return TREE_CODE(var) == VAR_DECL && DECL_CONTEXT(var) == fun->decl && !DECL_EXTERNAL(var) &&
         !TREE_PUBLIC(var) && !TREE_THIS_VOLATILE(var);
}

std::vector<FollowedBuffer> followed_buffers(const gcall *call, const char *name,
                                             SourceLanguage language, function *fun) {
  std::vector<FollowedBuffer> followed;
  if (language != SourceLanguage::C ||
      (int)gimple_call_num_args(call) != nonblocking_request_position(name) + 1)
    return followed;
  for (const NonblockingBuffer &known : nonblocking_buffers(name)) {
    tree buffer = gimple_call_arg(call, known.buffer), count = gimple_call_arg(call, known.count);
    if (TREE_CODE(buffer) != ADDR_EXPR || TREE_CODE(count) != INTEGER_CST ||
        tree_int_cst_sgn(count) <= 0 || !tree_fits_shwi_p(count))
      continue;
    tree var = TREE_OPERAND(buffer, 0);
    if (own_plain_variable(var, fun) && !AGGREGATE_TYPE_P(TREE_TYPE(var))) {
      followed.push_back({var, known.receives, false, 0, -1});
      continue;
    }
    // &array, &array[K]: the base and the constant offset of the first
    // byte; count elements of the datatype from there.
    poly_int64 offset;
    tree base = get_addr_base_and_unit_offset(var, &offset);
    HOST_WIDE_INT first = 0;
    unsigned long element = predefined_datatype_size(gimple_call_arg(call, known.datatype));
    if (!base || !own_plain_variable(base, fun) ||
        TREE_CODE(TREE_TYPE(base)) != ARRAY_TYPE || !offset.is_constant(&first) || first < 0 ||
        element == 0)
      continue;
    long long bytes = (long long)tree_to_shwi(count) * (long long)element;
    followed.push_back({base, known.receives, true, first, first + bytes});
  }
  return followed;
}

// The extent of a memory reference into a followed array: its bytes
// [first, end), exact or only where the access may fall.  False when the
// reference is not into `array' or its extent is unknown.
bool element_extent(tree ref, tree array, RequestEvent &event) {
  if (!ref || !(handled_component_p(ref) || DECL_P(ref)) || TREE_CODE(ref) == SSA_NAME)
    return false;
  poly_int64 bit_offset, bit_size, bit_max;
  bool reverse = false;
  tree base = get_ref_base_and_extent(ref, &bit_offset, &bit_size, &bit_max, &reverse);
  HOST_WIDE_INT offset, size, max;
  if (base != array || !bit_offset.is_constant(&offset) || !bit_size.is_constant(&size) ||
      !bit_max.is_constant(&max) || max <= 0 || size <= 0 || offset < 0 ||
      offset % BITS_PER_UNIT || max % BITS_PER_UNIT || size % BITS_PER_UNIT)
    return false;
  event.first = offset / BITS_PER_UNIT;
  event.end = (offset + max) / BITS_PER_UNIT;
  event.exact = size == max;
  return true;
}

bool is_mpi_routine(const char *name) {
  return std::strncmp(name, "MPI_", 4) == 0 || std::strncmp(name, "PMPI_", 5) == 0 ||
         std::strncmp(name, "mpi_", 4) == 0 || std::strncmp(name, "pmpi_", 5) == 0;
}

bool is_finalize(const char *name, SourceLanguage language) {
  const MpiCollective *collective = find_collective(name, language);
  return collective && collective->family == CollectiveFamily::Finalize;
}

// A variable that may hold a request the analysis can follow: a scalar of
// this function (an MPI_Request is an int in MPICH, a pointer in Open MPI,
// an INTEGER in Fortran), not volatile.
bool may_be_handle(tree var, function *fun) {
  return var && own_plain_variable(var, fun) &&
         (INTEGRAL_TYPE_P(TREE_TYPE(var)) || POINTER_TYPE_P(TREE_TYPE(var)));
}

// The candidate handles an operand mentions, anywhere inside it.
struct MentionSearch {
  const std::map<tree, int> *handles;
  std::set<int> found;
};

tree note_mention(tree *tp, int *walk_subtrees, void *data) {
  MentionSearch *search = static_cast<MentionSearch *>(data);
  auto handle = search->handles->find(*tp);
  if (handle != search->handles->end())
    search->found.insert(handle->second);
  if (TYPE_P(*tp) || DECL_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

std::set<int> mentions(tree operand, const std::map<tree, int> &handles) {
  MentionSearch search{&handles, {}};
  if (operand)
    walk_tree(&operand, note_mention, &search, nullptr);
  return search.found;
}

// The same, leaving out the mentions under an address (`&x' reads nothing).
tree note_value_use(tree *tp, int *walk_subtrees, void *data) {
  if (TREE_CODE(*tp) == ADDR_EXPR) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  return note_mention(tp, walk_subtrees, data);
}

std::set<int> value_uses(tree operand, const std::map<tree, int> &buffers) {
  MentionSearch search{&buffers, {}};
  if (operand)
    walk_tree(&operand, note_value_use, &search, nullptr);
  return search.found;
}

struct Site {
  location_t where;
  std::string call;
};

// What the reader gathers: the record, and what its ids stand for.
struct RequestRecord {
  RequestFunction function;
  std::vector<tree> handles; // by handle index
  std::vector<tree> buffers; // by buffer index
  std::vector<Site> sites;   // by site index
  bool usable = false;
};

RequestRecord read_requests(function *fun, SourceLanguage language) {
  RequestRecord record;
  if (!fun->cfg)
    return record;
  basic_block bb;

  // The candidates: variables whose address is the request argument of a
  // creating call.  OpenMP regions are not followed (threads' copies).
  // buffers: scalars given whole; arrays: arrays followed by element.
  std::map<tree, int> handles, buffers, arrays, buffer_index;
  std::set<tree> mixed;
  // What each creating call passes, read once for both walks.
  std::map<const gcall *, std::vector<FollowedBuffer>> followed_at;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_omp(stmt))
        return record;
      gcall *call = dyn_cast<gcall *>(stmt);
      const char *name = call && !gimple_call_internal_p(call) ? callee_name(call) : nullptr;
      int position = name ? created_request_argument(call, name, language) : -1;
      if (position < 0)
        continue;
      const std::vector<FollowedBuffer> &followed_here = followed_at[call] =
          followed_buffers(call, name, language, fun);
      for (const FollowedBuffer &followed : followed_here) {
        std::map<tree, int> &kind = followed.array ? arrays : buffers;
        if (buffer_index.count(followed.var)) {
          if (!kind.count(followed.var))
            mixed.insert(followed.var); // whole and by element: not followed
          continue;
        }
        int index = (int)record.buffers.size();
        buffer_index[followed.var] = index;
        kind[followed.var] = index;
        record.buffers.push_back(followed.var);
      }
      tree arg = gimple_call_arg(call, position);
      if (TREE_CODE(arg) == ADDR_EXPR && may_be_handle(TREE_OPERAND(arg, 0), fun) &&
          !handles.count(TREE_OPERAND(arg, 0))) {
        int index = (int)record.handles.size();
        handles[TREE_OPERAND(arg, 0)] = index;
        record.handles.push_back(TREE_OPERAND(arg, 0));
      }
    }
  if (handles.empty())
    return record;
  for (tree var : mixed) {
    buffers.erase(var);
    arrays.erase(var);
  }

  // The events, and the handles used in any other way (escaped: dropped).
  std::vector<bool> escaped(record.handles.size(), false);
  auto escape = [&](const std::set<int> &found) {
    for (int handle : found)
      escaped[handle] = true;
  };
  auto add_site = [&](location_t where, const std::string &call) {
    record.sites.push_back({where, call});
    return (int)record.sites.size() - 1;
  };
  record.function.blocks.resize(last_basic_block_for_fn(fun));
  record.function.entry = ENTRY_BLOCK;
  FOR_ALL_BB_FN(bb, fun) {
    RequestBlock &block = record.function.blocks[bb->index];
    for (basic_block succ : model_successors(bb))
      block.successors.push_back(succ->index);
    if (bb == ENTRY_BLOCK_PTR_FOR_FN(fun) || bb == EXIT_BLOCK_PTR_FOR_FN(fun))
      continue;
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      // Debug statements are not the program; a clobber ends a variable's
      // scope (gfortran also clobbers intent(out) arguments before calls).
      if (is_gimple_debug(stmt) || gimple_clobber_p(stmt))
        continue;
      // Direct accesses to the followed buffers: reads first (x = x + 1).
      tree lhs = gimple_get_lhs(stmt);
      std::set<int> read;
      for (unsigned i = 0; i < gimple_num_ops(stmt); ++i)
        if (gimple_op(stmt, i) != lhs || !lhs)
          for (int buffer : value_uses(gimple_op(stmt, i), buffers))
            read.insert(buffer);
      if (lhs && TREE_CODE(lhs) != VAR_DECL)
        for (int buffer : value_uses(lhs, buffers))
          read.insert(buffer); // an index or address computed from it
      for (int buffer : read) {
        RequestEvent event{RequestEvent::Kind::Read, -1, add_site(gimple_location(stmt), "")};
        event.buffer = buffer;
        block.events.push_back(event);
      }
      if (lhs && buffers.count(lhs)) {
        RequestEvent event{RequestEvent::Kind::Write, -1, add_site(gimple_location(stmt), "")};
        event.buffer = buffers[lhs];
        block.events.push_back(event);
      }
      // Element accesses of the followed arrays (a load, then a store).
      if (!arrays.empty() && is_gimple_assign(stmt) && !gimple_has_volatile_ops(stmt)) {
        for (int side = 0; side < 2; ++side) {
          tree ref = side == 0 ? (gimple_assign_single_p(stmt) ? gimple_assign_rhs1(stmt)
                                                                : NULL_TREE)
                               : gimple_assign_lhs(stmt);
          tree base = ref ? get_base_address(ref) : NULL_TREE;
          auto array = base ? arrays.find(base) : arrays.end();
          RequestEvent event{side == 0 ? RequestEvent::Kind::Read : RequestEvent::Kind::Write,
                             -1, -1};
          if (array == arrays.end() || !element_extent(ref, base, event))
            continue;
          event.site = add_site(gimple_location(stmt), "");
          event.buffer = array->second;
          block.events.push_back(event);
        }
      }
      if (gimple_code(stmt) == GIMPLE_RETURN) {
        location_t where = gimple_location(stmt);
        escape(mentions(gimple_return_retval(as_a<greturn *>(stmt)), handles));
        block.events.push_back({RequestEvent::Kind::Return, -1,
                                add_site(where != UNKNOWN_LOCATION ? where
                                                                   : fun->function_end_locus,
                                         "")});
        continue;
      }
      unsigned first_arg = 0;
      gcall *call = dyn_cast<gcall *>(stmt);
      if (call) {
        const char *name = gimple_call_internal_p(call) ? nullptr : callee_name(call);
        bool mpi = name && is_mpi_routine(name);
        int created = mpi ? created_request_argument(call, name, language) : -1;
        for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
          tree arg = gimple_call_arg(call, i);
          auto handle = TREE_CODE(arg) == ADDR_EXPR ? handles.find(TREE_OPERAND(arg, 0))
                                                    : handles.end();
          if (handle == handles.end()) {
            escape(mentions(arg, handles));
          } else if (!mpi) {
            escaped[handle->second] = true;
          } else {
            bool creates = (int)i == created;
            RequestEvent event{creates ? RequestEvent::Kind::Create : RequestEvent::Kind::Touch,
                               handle->second, add_site(gimple_location(stmt), name)};
            std::vector<RequestEvent> more;
            if (creates)
              for (const FollowedBuffer &followed : followed_at[call]) {
                auto index = (followed.array ? arrays : buffers).find(followed.var);
                if (index == (followed.array ? arrays : buffers).end())
                  continue;
                RequestEvent use = event;
                use.buffer = index->second;
                use.receives = followed.receives;
                use.first = followed.first;
                use.end = followed.end;
                if (event.buffer < 0) {
                  event = use;
                } else {
                  use.kind = RequestEvent::Kind::Buffer;
                  use.handle = -1;
                  more.push_back(use);
                }
              }
            block.events.push_back(event);
            block.events.insert(block.events.end(), more.begin(), more.end());
          }
        }
        escape(mentions(gimple_call_lhs(call), handles));
        escape(mentions(gimple_call_fn(call), handles));
        escape(mentions(gimple_call_chain(call), handles));
        if (name && is_finalize(name, language))
          block.events.push_back(
              {RequestEvent::Kind::Finalize, -1, add_site(gimple_location(stmt), name)});
        // MPI_Abort, abort...: nothing after it runs, whatever the CFG
        // says (an MPI may not declare MPI_Abort noreturn).
        if (name && terminates_job(name)) {
          block.successors.clear();
          break;
        }
        continue;
      }
      // `handle = value' (MPI_REQUEST_NULL...): the handle no longer holds
      // a request we know of.  Any other mention: escaped.
      if (is_gimple_assign(stmt) && handles.count(gimple_assign_lhs(stmt))) {
        block.events.push_back({RequestEvent::Kind::Touch, handles[gimple_assign_lhs(stmt)],
                                add_site(gimple_location(stmt), "")});
        first_arg = 1;
      }
      for (unsigned i = first_arg; i < gimple_num_ops(stmt); ++i)
        escape(mentions(gimple_op(stmt, i), handles));
    }
  }

  // Escaped handles leave the record: their events are dropped and the
  // others renumbered.
  std::vector<int> renumbered(record.handles.size(), -1);
  std::vector<tree> kept;
  for (std::size_t h = 0; h < record.handles.size(); ++h)
    if (!escaped[h]) {
      renumbered[h] = (int)kept.size();
      kept.push_back(record.handles[h]);
      record.function.dies_at_return.push_back(!TREE_STATIC(record.handles[h]));
    }
  if (kept.empty())
    return record;
  for (RequestBlock &block : record.function.blocks) {
    std::vector<RequestEvent> events;
    for (RequestEvent event : block.events) {
      if (event.handle >= 0) {
        event.handle = renumbered[event.handle];
        if (event.handle < 0)
          continue;
      }
      events.push_back(event);
    }
    block.events.swap(events);
  }
  record.handles.swap(kept);
  record.usable = true;
  return record;
}

} // namespace

void check_request_lifecycles(function *fun, std::vector<Finding> *findings) {
  SourceLanguage language =
      gcc_compat::compiling_fortran() ? SourceLanguage::Fortran : SourceLanguage::C;
  RequestRecord record = read_requests(fun, language);
  if (!record.usable)
    return;
  std::string function_name = printable_function_name(fun->decl);
  for (const RequestFinding &found : find_request_errors(record.function)) {
    const Site &created = record.sites[found.created];
    const Site &at = record.sites[found.at];
    tree handle = record.handles[found.handle];
    bool at_later_site = found.kind == RequestFinding::Kind::Overwritten ||
                         found.kind == RequestFinding::Kind::BufferAccessed;
    location_t where = at_later_site ? at.where : created.where;
    // The path: where the request is created, then where it is lost,
    // overwritten or its buffer touched.  These findings hold on every
    // path, so no conditional explains them.
    FindingPath path;
    auto_diagnostic_group group;
    bool shown = false;
    switch (found.kind) {
    case RequestFinding::Kind::ActiveAtFinalize:
      path.add(created.where, "%qs creates a request here, held in %qD", created.call.c_str(),
               handle);
      path.add(at.where, "%qs is called here with the request still active", at.call.c_str());
      shown = report_finding(FindingKind::Request, where, function_name, path,
                             "the request of %qs is never completed before %qs: %qD still "
                             "holds it, active, on every path to that call [parcoach:request]",
                             created.call.c_str(), at.call.c_str(), handle);
      break;
    case RequestFinding::Kind::Overwritten:
      path.add(created.where, "%qs creates a request here, held in %qD", created.call.c_str(),
               handle);
      path.add(at.where, "%qs overwrites %qD here while that request is still active",
               at.call.c_str(), handle);
      shown = report_finding(FindingKind::Request, where, function_name, path,
                             "%qs overwrites %qD, which still holds the active request of %qs "
                             "on every path: that request can no longer be completed "
                             "[parcoach:request]",
                             at.call.c_str(), handle, created.call.c_str());
      break;
    case RequestFinding::Kind::BufferAccessed: {
      tree buffer = NULL_TREE;
      for (const RequestBlock &block : record.function.blocks)
        for (const RequestEvent &event : block.events)
          if (event.site == found.at && event.buffer >= 0)
            buffer = record.buffers[event.buffer];
      if (!buffer)
        break;
      path.add(created.where, "%qs starts here on %qD; complete it (%<MPI_Wait%>, "
                              "%<MPI_Test%>) before touching its buffer",
               created.call.c_str(), buffer);
      path.add(at.where, "%qD is accessed here while the request is pending", buffer);
      shown = report_finding(FindingKind::Request, where, function_name, path,
                             "%qD, the buffer of the pending %qs, is accessed before the request "
                             "completes, on every path [parcoach:request]",
                             buffer, created.call.c_str());
      break;
    }
    case RequestFinding::Kind::ActiveAtReturn:
      path.add(created.where, "%qs creates a request here, held in %qD", created.call.c_str(),
               handle);
      path.add(at.where, "the function returns here with the request still active, and %qD "
                         "goes out of scope",
               handle);
      shown = report_finding(FindingKind::Request, where, function_name, path,
                             "the request of %qs is never completed: %qD, which holds it, "
                             "goes out of scope when the function returns [parcoach:request]",
                             created.call.c_str(), handle);
      break;
    }
    if (shown && findings) {
      Finding finding;
      finding.kind = FindingKind::Request;
      finding.function = function_name;
      finding.location = source_location(where);
      finding.collective =
          found.kind == RequestFinding::Kind::Overwritten ? at.call : created.call;
      finding.path = path.report_events();
      findings->push_back(finding);
    }
  }
}

int created_request_position(const gcall *call, const char *name, SourceLanguage language) {
  return created_request_argument(call, name, language);
}

namespace {

// MPI_Bcast_init and the other persistent collectives (MPI 4.0): their
// request is made inactive, so the lifecycle analysis leaves them out, but
// the runtime's messages about their buffers name the call's line.
bool initialises_persistent_collective(const gcall *call, const MpiCollective *collective,
                                       SourceLanguage language) {
  if (!collective || collective->family != CollectiveFamily::Persistent)
    return false;
  // comm, info, request (plus ierr in Fortran): the routine we know.
  int expected = collective->handle_arg + 3 + (language == SourceLanguage::Fortran ? 1 : 0);
  return (int)gimple_call_num_args(call) == expected;
}

} // namespace

void insert_call_sites(function *fun, const Options &options) {
  if (options.instrument == InstrumentMode::None || !fun->cfg)
    return;
  SourceLanguage language =
      gcc_compat::compiling_fortran() ? SourceLanguage::Fortran : SourceLanguage::C;
  tree decl = NULL_TREE;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
      const char *name = call && !gimple_call_internal_p(call) ? callee_name(call) : nullptr;
      if (!name)
        continue;
      const MpiCollective *collective = find_collective(name, language);
      if (created_request_argument(call, name, language) < 0 &&
          !initialises_persistent_collective(call, collective, language) &&
          !(collective && wrapper_checks_counts(*collective)))
        continue;
      location_t where = gimple_location(call);
      const char *file = LOCATION_FILE(where);
      if (!file)
        continue;
      if (!decl)
        decl = runtime_entry(EntryPoint::request_site);
      gcall *site = gimple_build_call(decl, 2, gcc_compat::string_constant(file),
                                      build_int_cst(integer_type_node, LOCATION_LINE(where)));
      gimple_set_location(site, where);
      gsi_insert_before(&gsi, site, GSI_SAME_STMT);
    }
}

} // namespace parcoach
