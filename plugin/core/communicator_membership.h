// Uniformity relative to a collective's communicator (issue 14): a test
// `c == MPI_COMM_NULL' separates the processes that are members of the
// communicator `c' holds from those that are not (MPI_Comm_split with
// MPI_UNDEFINED, MPI_Comm_create with a group leaving them out give the
// latter MPI_COMM_NULL).  For a collective on that same communicator, the
// test sends no member elsewhere: it may be left out of the conditionals
// that collective is blamed on (thesis Algorithm 12, PDF+ of its set).
// For every other collective it still counts.
//
// The test is recognised on the value flow of the function
// (value_flow.h): a conditional comparing the handle variable with
// MPI_COMM_NULL, directly or through temporaries copying it, or testing a
// boolean variable every assignment of which is such a comparison of the
// same handle variable (`active = newcomm /= MPI_COMM_NULL; if (.not.
// active)').  The collective must pass that same variable, and no
// statement may write it on any path from where the test reads it to the
// collective.  The variable must be a local or a global only the unit
// writes, whose address no unseen code holds; outside parallel regions,
// also a global other files may write (a Fortran module variable, a
// COMMON block's member): only calls can change it there, and every call
// counts as writing it.
//
// Trusted: a process holds MPI_COMM_NULL in the variable only if it is not
// a member (the program does not assign MPI_COMM_NULL itself on some
// processes of a communicator).  Where a store of MPI_COMM_NULL by the
// program (in it, or in a variable copied into it) reaches the
// collective, the test counts only if every other value it can hold is a
// communicator of the process alone (`c = rank == 0 ? MPI_COMM_SELF :
// MPI_COMM_NULL'; communicator_choice.h's candidates).  No GCC headers.
#ifndef PARCOACH_CORE_COMMUNICATOR_MEMBERSHIP_H
#define PARCOACH_CORE_COMMUNICATOR_MEMBERSHIP_H

#include "value_flow.h"

#include <set>
#include <vector>

namespace parcoach {

// Collective number `collective' of `function' runs on a communicator of
// the calling process alone: MPI_COMM_SELF passed as a constant, or a
// variable holding only such communicators (or MPI_COMM_NULL, an error of
// its own) where the call reads it.  No condition can leave another
// member out: rank 0 opening a file on MPI_COMM_SELF is correct.
bool holds_calling_process_alone(const ValueFlowFunction &function, int collective);

// The conditional answering verdict `branch' of `function' only separates
// processes that are not members of the communicator collective number
// `collective' (ValueFlowFunction::collectives) is called on.
bool separates_only_nonmembers(const ValueFlowFunction &function, int branch, int collective);

// The same holds when the branch tests only values the colour of the
// MPI_Comm_split that made the collective's communicator decides (every
// member passed the same colour): `if (colour == 0)' on the colour the
// split read, or `if (.not. active)' where `active' chose between two
// colours (NAS-MZ: `if (active) colour = 1; else colour = MPI_UNDEFINED').
// The split must run on every path to the test and to the collective, the
// communicator variable and the tested variables stay unwritten since,
// and the split does not run again between the test and the collective.

// The same holds when a helper of the unit made the communicator
// (communicator_membership.h's rule across functions): the split ran in a
// helper that left, beside the new communicator, what decided its colour
// (the colour itself, or the variable it chose the colour by:
// `is_leader ? 0 : MPI_UNDEFINED'), and the branch tests that (the same
// comparison, in the second case).  Either both are locals whose
// addresses the function passed to the helper (`model_split (&colour,
// &local)'), the call made on every path to the test and to the
// collective; or both are globals of the unit no unseen code reaches
// (`static int is_leader; static MPI_Comm leader_comm' set by io_init,
// read by io_write), which only that helper stores into, with no call
// between its stores and the split (nothing sees them half set), and
// MPI_Comm_free elsewhere.  Neither variable may change between the test
// and the collective.  `unit[function]' holds the branch and collective.
bool separated_by_split_in_helper(const std::vector<ValueFlowFunction> &unit, int function,
                                  int branch, int collective);

// Restricted to the members of a communicator, the branches that separate
// only non-members of it go the same way on every process; so do the
// values computed under them, and what a collective on that communicator
// gives (`MPI_Bcast(&steps, ..., sub)': the same on every member, though
// the handle MPI_Comm_split stored in `sub' is no value every process
// shares; `MPI_Comm_size(sub, &n)' likewise).  The unit solved again with
// `branches' of unit[function] (verdict indices) taken as the same
// everywhere, and the MPI_Comm_split that made the communicator of its
// collective number `collective' giving a shared value when that split
// runs once (in no loop) and nothing else writing the variable reaches
// the collective, and what the function's collectives on that same
// variable give (members_share_results) taken as shared: the verdicts of
// unit[function]'s branches among the members of that communicator.
std::vector<BranchVerdict> verdicts_among_members(const std::vector<ValueFlowFunction> &unit,
                                                  int function, const std::set<int> &branches,
                                                  int collective);

// The communicator of collective `collective' of `function' was made by
// an MPI_Comm_split of the function that verdicts_among_members can take
// as shared.
bool made_by_split_once(const ValueFlowFunction &function, int collective);

// verdicts_among_members has something to go on for collective
// `collective' of unit[function]: a split made its communicator once
// (made_by_split_once), or the function stores what a collective on that
// same communicator gave (an MPI_Allreduce on `d.cart', a module
// variable, a field of a dummy argument, before an MPI_Allreduce on
// it), the handle variable unwritten on every path from that collective
// to this one: that value is the same on every member, though the handle
// (made in another function) is not known to be.
bool members_share_results(const std::vector<ValueFlowFunction> &unit, int function,
                           int collective);

} // namespace parcoach

#endif
