// The window record of one function for the core's RMA epoch analysis.
//
// A window is followed only when the reader understands every use of it:
// an automatic local variable (not static, not a parameter, not a global)
// whose address goes to a window creation (MPI_Win_create...), and which
// is otherwise only loaded into compiler temporaries or passed by value to
// MPI_ routines (its address also to MPI_Win_free).  Any other use (passed
// to a function of the program, copied to another variable, stored, its
// address taken elsewhere) is an escape: from there on the core knows
// nothing of it.  Fortran passes the window by reference to routines whose
// names the table does not hold (mpi_win_create_): nothing is followed;
// nor in functions with OpenMP constructs.
#include "gcc_compat.h"

#include "window_events.h"

#include "rma_epochs.h"

#include "function_model.h"
#include "report.h"

#include <map>
#include <string>
#include <vector>

namespace parcoach {

namespace {

struct CallSite {
  location_t where;
  const char *routine;
};

// Whether `t' is an automatic local variable of `fun'.
bool local_variable(tree t, function *fun) {
  return t && TREE_CODE(t) == VAR_DECL && !TREE_STATIC(t) && !DECL_EXTERNAL(t) &&
         DECL_CONTEXT(t) == fun->decl;
}

// The windows: local variables whose address is passed to a creation.
std::map<tree, int> find_windows(function *fun) {
  std::map<tree, int> windows;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi));
      RmaEventKind kind;
      if (!call || !rma_event_of_routine(callee_name(call), kind) ||
          kind != RmaEventKind::Create)
        continue;
      for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
        tree arg = gimple_call_arg(call, i);
        if (TREE_CODE(arg) == ADDR_EXPR && local_variable(TREE_OPERAND(arg, 0), fun))
          windows.emplace(TREE_OPERAND(arg, 0), static_cast<int>(windows.size()));
      }
    }
  return windows;
}

struct Finder {
  const std::map<tree, int> *names;
  int found;
};

tree find_name(tree *tp, int *walk_subtrees, void *data) {
  Finder *finder = static_cast<Finder *>(data);
  auto it = finder->names->find(*tp);
  if (it != finder->names->end()) {
    finder->found = it->second;
    return *tp;
  }
  if (TYPE_P(*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

// The window `t' names (the variable or a temporary loaded from it), or -1.
int window_named(tree t, const std::map<tree, int> &names) {
  auto it = names.find(t);
  return it == names.end() ? -1 : it->second;
}

// Every window an operand of `stmt' mentions.
std::vector<int> windows_mentioned(gimple *stmt, const std::map<tree, int> &names) {
  std::vector<int> found;
  for (unsigned i = 0; i < gimple_num_ops(stmt); ++i) {
    tree op = gimple_op(stmt, i);
    if (!op)
      continue;
    Finder finder{&names, -1};
    walk_tree_without_duplicates(&op, find_name, &finder);
    if (finder.found >= 0)
      found.push_back(finder.found);
  }
  return found;
}

class Reader {
public:
  explicit Reader(function *fun) : fun_(fun) {}

  bool read() {
    windows_ = find_windows(fun_);
    if (windows_.empty())
      return false;
    names_ = windows_;
    collect_temporaries();
    record_.windows = static_cast<int>(windows_.size());
    record_.blocks.resize(last_basic_block_for_fn(fun_));
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_) {
      RmaBlock &block = record_.blocks[bb->index];
      for (basic_block s : model_successors(bb))
        if (s != EXIT_BLOCK_PTR_FOR_FN(fun_))
          block.successors.push_back(s->index);
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
        read_statement(gsi_stmt(gsi), block);
    }
    basic_block entry = ENTRY_BLOCK_PTR_FOR_FN(fun_);
    if (!single_succ_p(entry))
      return false;
    record_.entry = single_succ(entry)->index;
    return true;
  }

  const RmaFunction &record() const { return record_; }
  const CallSite &site(int id) const { return sites_[id]; }
  tree window(int index) const {
    for (const auto &entry : windows_)
      if (entry.second == index)
        return entry.first;
    return NULL_TREE;
  }

private:
  // Compiler temporaries that hold a window's value (t = win): the value
  // flows through them into the calls.  A temporary assigned anything
  // else too is not one (and any use of it is then an escape).
  void collect_temporaries() {
    std::map<tree, int> loaded, other;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun_)
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
        gassign *assign = dyn_cast<gassign *>(gsi_stmt(gsi));
        if (!assign)
          continue;
        tree lhs = gimple_assign_lhs(assign);
        // The gimplifier's temporaries: SSA names (one definition each),
        // or artificial variables.
        if (TREE_CODE(lhs) != SSA_NAME && (TREE_CODE(lhs) != VAR_DECL || !DECL_ARTIFICIAL(lhs)))
          continue;
        int w = gimple_assign_single_p(assign)
                    ? window_named(gimple_assign_rhs1(assign), windows_)
                    : -1;
        (w >= 0 ? loaded : other)[lhs] = w;
      }
    for (const auto &entry : loaded)
      if (!other.count(entry.first))
        names_[entry.first] = entry.second;
  }

  int add_site(gimple *stmt, const char *routine) {
    sites_.push_back({gimple_location(stmt), routine});
    return static_cast<int>(sites_.size()) - 1;
  }

  void escape(std::vector<int> windows, RmaBlock &block, gimple *stmt) {
    for (int w : windows)
      block.events.push_back({RmaEventKind::Escape, w, add_site(stmt, "")});
  }

  void read_statement(gimple *stmt, RmaBlock &block) {
    if (is_gimple_debug(stmt) || gimple_clobber_p(stmt))
      return;
    if (gassign *assign = dyn_cast<gassign *>(stmt)) {
      // t = win, into a temporary that only ever holds it: not a use.
      tree lhs = gimple_assign_lhs(assign);
      if (gimple_assign_single_p(assign) && window_named(lhs, names_) >= 0 &&
          window_named(gimple_assign_rhs1(assign), windows_) >= 0)
        return;
    }
    gcall *call = dyn_cast<gcall *>(stmt);
    if (!call) {
      escape(windows_mentioned(stmt, names_), block, stmt);
      return;
    }
    const char *name = callee_name(call);
    RmaEventKind kind;
    bool known = rma_event_of_routine(name, kind);
    bool mpi = name && (std::strncmp(name, "MPI_", 4) == 0 || std::strncmp(name, "PMPI_", 5) == 0);
    if (known && kind == RmaEventKind::Finalize) {
      block.events.push_back({kind, -1, add_site(stmt, name)});
      return;
    }
    // The call's result, if it is stored in a window, is an escape.
    if (tree lhs = gimple_call_lhs(call)) {
      Finder finder{&names_, -1};
      walk_tree_without_duplicates(&lhs, find_name, &finder);
      if (finder.found >= 0)
        escape({finder.found}, block, stmt);
    }
    for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
      tree arg = gimple_call_arg(call, i);
      int by_value = window_named(arg, names_);
      int by_address = TREE_CODE(arg) == ADDR_EXPR
                           ? window_named(TREE_OPERAND(arg, 0), windows_)
                           : -1;
      if (by_address >= 0 && known &&
          (kind == RmaEventKind::Create || kind == RmaEventKind::Free)) {
        block.events.push_back({kind, by_address, add_site(stmt, name)});
      } else if (by_value >= 0 && mpi) {
        // Another MPI_ routine taking the window by value (flush, sync,
        // get_group...) leaves its epochs alone.
        if (known && kind != RmaEventKind::Create && kind != RmaEventKind::Free)
          block.events.push_back({kind, by_value, add_site(stmt, name)});
      } else {
        Finder finder{&names_, -1};
        walk_tree_without_duplicates(&arg, find_name, &finder);
        if (finder.found >= 0)
          escape({finder.found}, block, stmt);
      }
    }
  }

  function *fun_;
  std::map<tree, int> windows_; // the window variables
  std::map<tree, int> names_;   // those and the temporaries holding them
  RmaFunction record_;
  std::vector<CallSite> sites_;
};

// One scan: does the function create a window, outside any OpenMP
// construct?  Functions with OpenMP constructs are left to the runtime:
// their CFG holds paths that threads run at the same time, which the
// analysis would take as alternatives.
bool creates_window(function *fun) {
  bool creates = false;
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
      gimple *stmt = gsi_stmt(gsi);
      if (is_gimple_omp(stmt))
        return false;
      gcall *call = dyn_cast<gcall *>(stmt);
      RmaEventKind kind;
      if (call && rma_event_of_routine(callee_name(call), kind) && kind == RmaEventKind::Create)
        creates = true;
    }
  return creates;
}

} // namespace

void check_rma_epochs_of(function *fun, std::vector<Finding> *findings) {
  if (!fun || !fun->cfg || !creates_window(fun))
    return;
  Reader reader(fun);
  if (!reader.read())
    return;
  const std::string function_name = printable_function_name(fun->decl);
  for (const RmaFinding &finding : check_rma_epochs(reader.record())) {
    const CallSite &at = reader.site(finding.site);
    const CallSite &opened = reader.site(finding.opened_site);
    tree window = reader.window(finding.window);
    if (!window)
      continue;
    // The path: the window's creation or the opening of the epoch, then
    // the call.  These findings hold on every path: no conditional.
    FindingPath path;
    bool shown = false;
    auto_diagnostic_group group;
    switch (finding.kind) {
    case RmaFindingKind::OperationOutsideEpoch:
      path.add(opened.where, "window %qD is created here by %qs, with no access epoch open",
               window, opened.routine);
      path.add(at.where, "%qs is called here on %qD, still with no access epoch open",
               at.routine, window);
      shown = report_finding(FindingKind::Rma, at.where, function_name, path,
                             "%qs on window %qD with no access epoch open: no "
                             "%<MPI_Win_fence%>, %<MPI_Win_lock%>, %<MPI_Win_lock_all%> or "
                             "%<MPI_Win_start%> on it since its creation [parcoach:rma]",
                             at.routine, window);
      break;
    case RmaFindingKind::EpochOpenAtFree:
    case RmaFindingKind::EpochOpenAtFinalize:
      path.add(opened.where, "%qs opens an epoch on window %qD here", opened.routine, window);
      path.add(at.where, "%qs is called here with that epoch still open on every path",
               at.routine);
      shown = report_finding(FindingKind::Rma, at.where, function_name, path,
                             "%qs while the epoch that %qs opened on window %qD is still open "
                             "on every path here [parcoach:rma]",
                             at.routine, rma_opener_name(finding.opened_by), window);
      break;
    }
    if (shown && findings) {
      Finding reported;
      reported.kind = FindingKind::Rma;
      reported.function = function_name;
      reported.location = source_location(at.where);
      reported.collective = at.routine;
      reported.path = path.report_events();
      findings->push_back(reported);
    }
  }
}

} // namespace parcoach
