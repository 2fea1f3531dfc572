#include "communicator_choice.h"

#include <algorithm>
#include <set>
#include <utility>

namespace parcoach {

namespace {

// Past this many (slot, block) visits the answer is "cannot follow".
constexpr int kMaxVisits = 4096;

class CandidateSearch {
public:
  explicit CandidateSearch(const ValueFlowFunction &function) : function_(function) {
    predecessors_.resize(function.blocks.size());
    for (std::size_t b = 0; b < function.blocks.size(); ++b) {
      for (int s : function.blocks[b].successors)
        if (s >= 0 && s < (int)function.blocks.size())
          predecessors_[s].push_back((int)b);
      for (int s : function.blocks[b].data_successors)
        if (s >= 0 && s < (int)function.blocks.size())
          predecessors_[s].push_back((int)b);
    }
  }

  // Adds to `found' where `slot' read before statement `before' of
  // `block' can come from; false if one of them is not shared by all
  // processes or cannot be followed.
  bool origins(int slot, int block, int before, std::set<std::string> &found) {
    if (!followable(slot))
      return false;
    // The last write of `slot' before `before' in `block', else in each
    // predecessor (a block visited once per search of this slot).
    std::set<int> visited;
    std::vector<std::pair<int, int>> work{{block, before}};
    while (!work.empty()) {
      auto [b, end] = work.back();
      work.pop_back();
      if (++visits_ > kMaxVisits)
        return false;
      const ValueFlowBlock &bb = function_.blocks[b];
      int written = -1;
      for (int i = std::min(end, (int)bb.statements.size()) - 1; i >= 0 && written < 0; --i) {
        int effect = writes(bb.statements[i], slot);
        if (effect < 0)
          return false;
        if (effect > 0)
          written = i;
      }
      if (written >= 0) {
        if (!origin_of_write(b, written, found))
          return false;
        continue;
      }
      if (b == 0 || predecessors_[b].empty())
        return false; // reaches the entry unwritten: nothing to follow
      for (int p : predecessors_[b])
        if (visited.insert(p).second)
          work.push_back({p, (int)function_.blocks[p].statements.size()});
    }
    return true;
  }

private:
  // A local of the function that no unseen code may write.
  bool followable(int slot) const {
    if (slot < 0 || slot >= (int)function_.slots.size())
      return false;
    const ValueFlowSlot &s = function_.slots[slot];
    return s.scope == SlotScope::Local && s.escapes < 0 && !s.covered;
  }

  // 1: `statement' writes `slot'; 0: it leaves it alone; -1: it may
  // write it in a way not followed (a call writing through a pointer).
  static int writes(const ValueFlowStatement &statement, int slot) {
    if (statement.target == slot)
      return 1;
    if (statement.kind == ValueFlowStatement::Kind::Call)
      for (const ValueFlowArgument &argument : statement.arguments) {
        if (std::find(argument.pointees.begin(), argument.pointees.end(), slot) !=
            argument.pointees.end())
          return -1;
        for (const ValueFlowReach &reach : argument.reachable)
          if (reach.slot == slot)
            return -1;
      }
    return 0;
  }

  bool origin_of_write(int block, int index, std::set<std::string> &found) {
    const ValueFlowStatement &statement = function_.blocks[block].statements[index];
    if (statement.kind != ValueFlowStatement::Kind::Assign || !statement.strong)
      return false;
    if (!statement.constant_handle.empty()) {
      found.insert("constant " + statement.constant_handle);
      return true;
    }
    if (statement.fact >= 0) {
      // An MPI output: shared only if the library says so (MPI_Comm_dup)
      // and the communicator it came from is shared too.
      if (statement.fact >= (int)function_.facts.size() ||
          function_.facts[statement.fact].differs_between_processes ||
          function_.facts[statement.fact].differs_between_threads)
        return false;
      std::set<std::string> parents;
      for (int use : statement.uses)
        if (!origins(use, block, index, parents))
          return false;
      // A duplicate of MPI_COMM_SELF still holds its process alone.
      if (!statement.from_handle.empty())
        parents.insert("constant " + statement.from_handle);
      bool of_self = !parents.empty();
      for (const std::string &parent : parents)
        of_self &= is_self_candidate(parent);
      found.insert(std::string(of_self ? "self " : "") + "made at " + std::to_string(block) +
                   ":" + std::to_string(index));
      return true;
    }
    // A copy (Open MPI's pointer handles are copied without copy_of).
    int source = statement.copy_of;
    if (source < 0 && statement.uses.size() == 1 &&
        statement.comparison.op == ValueFlowComparison::Op::None && !statement.assigns_constant)
      source = statement.uses[0];
    if (source < 0)
      return false;
    return origins(source, block, index, found);
  }

  const ValueFlowFunction &function_;
  std::vector<std::vector<int>> predecessors_;
  int visits_ = 0;
};

} // namespace

std::vector<std::string> communicator_candidates(const ValueFlowFunction &function,
                                                 int collective, int argument) {
  if (collective < 0 || collective >= (int)function.collectives.size())
    return {};
  const ValueFlowCollective &call = function.collectives[collective];
  if (call.block < 0 || call.block >= (int)function.blocks.size() || argument < 0 ||
      argument >= (int)call.arguments.size() || call.arguments[argument].size() != 1 ||
      !call.communicator_name.empty())
    return {};
  std::set<std::string> found;
  CandidateSearch search(function);
  if (!search.origins(call.arguments[argument][0], call.block, call.statement, found))
    return {};
  return std::vector<std::string>(found.begin(), found.end());
}

std::string communicator_constant_name(const ValueFlowFunction &function, int collective,
                                       int argument) {
  if (collective < 0 || collective >= (int)function.collectives.size())
    return "";
  if (!function.collectives[collective].communicator_name.empty())
    return function.collectives[collective].communicator_name;
  std::vector<std::string> candidates = communicator_candidates(function, collective, argument);
  const std::string constant = "constant ";
  if (candidates.size() != 1 || candidates[0].compare(0, constant.size(), constant) != 0)
    return "";
  return candidates[0].substr(constant.size());
}

bool holds_own_process_or_null(const ValueFlowFunction &function, int slot, int block,
                               int before) {
  if (block < 0 || block >= (int)function.blocks.size())
    return false;
  std::set<std::string> found;
  CandidateSearch search(function);
  if (!search.origins(slot, block, before, found) || found.empty())
    return false;
  return std::all_of(found.begin(), found.end(), is_self_candidate);
}

bool is_self_candidate(const std::string &candidate) {
  const std::string constant = "constant ", made = "self made at ";
  if (candidate.compare(0, made.size(), made) == 0)
    return true;
  return candidate.compare(0, constant.size(), constant) == 0 &&
         (names_comm_self(candidate.substr(constant.size())) ||
          names_comm_null(candidate.substr(constant.size())));
}

bool names_comm_self(const std::string &handle) {
  return handle == "handle 1140850689" || handle == "address of ompi_mpi_comm_self" ||
         handle == "handle 1";
}

bool names_comm_world(const std::string &handle) {
  return handle == "handle 1140850688" || handle == "address of ompi_mpi_comm_world" ||
         handle == "handle 0";
}

bool names_comm_null(const std::string &handle) {
  return handle == "handle 67108864" || handle == "address of ompi_mpi_comm_null" ||
         handle == "handle 2";
}

bool communicator_differs_by_rank(const std::vector<std::string> &candidates,
                                  const ArgumentVerdict &verdict) {
  if (!verdict.may_differ_between_processes || !verdict.depends_on_rank ||
      candidates.size() < 2)
    return false;
  for (const std::string &candidate : candidates)
    if (!is_self_candidate(candidate))
      return true;
  return false; // every process alone on its own communicator
}

} // namespace parcoach
