#include "runtime_checks.h"

namespace parcoach {

namespace {

// The HandleKind values an entry serves, as a bit set, so that the .def
// can write `Comm | CommPtr'.
namespace served {
constexpr unsigned Comm = handle_kind_bit(HandleKind::Comm),
                   CommPtr = handle_kind_bit(HandleKind::CommPtr),
                   Win = handle_kind_bit(HandleKind::Win),
                   WinPtr = handle_kind_bit(HandleKind::WinPtr),
                   File = handle_kind_bit(HandleKind::File),
                   FilePtr = handle_kind_bit(HandleKind::FilePtr);
} // namespace served

// A C parameter type written in the .def ends with '*' when the handle
// comes by address.
template <std::size_t N> constexpr bool is_pointer(const char (&type)[N]) {
  return N >= 2 && type[N - 2] == '*';
}

using namespace served;
const RuntimeHandleCheck checks[] = {
#define PARCOACH_HANDLE_CHECK(name, parameter, present, handle, checked_as, args, kinds, \
                              language)                                                 \
  {"parcoach_check_" #name, is_pointer(#parameter), args != 0, SourceLanguage::language, kinds},
#include "parcoach_rt_checks.def"
#undef PARCOACH_HANDLE_CHECK
};

constexpr std::size_t check_count = sizeof checks / sizeof checks[0];
static_assert(check_count == kRuntimeHandleCheckCount, "one count of the .def");

} // namespace

const RuntimeHandleCheck *runtime_handle_checks_begin() { return checks; }
const RuntimeHandleCheck *runtime_handle_checks_end() { return checks + check_count; }

std::size_t runtime_check_index(const RuntimeHandleCheck *check) {
  return static_cast<std::size_t>(check - checks);
}

const RuntimeHandleCheck *runtime_check_for(HandleKind kind, SourceLanguage language) {
  for (const RuntimeHandleCheck &check : checks)
    if ((check.served_kinds & handle_kind_bit(kind)) && check.language == language)
      return &check;
  return nullptr; // HandleKind::World: parcoach_check_world takes no handle
}

} // namespace parcoach
