#include <catch2/catch.hpp>

#include "runtime_checks.h"

#include <set>
#include <string>

using namespace parcoach;

namespace {

const HandleKind handle_kinds[] = {HandleKind::Comm, HandleKind::CommPtr, HandleKind::Win,
                                   HandleKind::WinPtr, HandleKind::File, HandleKind::FilePtr};
const SourceLanguage languages[] = {SourceLanguage::C, SourceLanguage::Fortran};

} // namespace

TEST_CASE("every handle kind, in C and Fortran, has exactly one runtime check",
          "[runtime-checks]") {
  for (HandleKind kind : handle_kinds)
    for (SourceLanguage language : languages) {
      int serving = 0;
      for (auto *c = runtime_handle_checks_begin(); c != runtime_handle_checks_end(); ++c)
        serving += (c->served_kinds & handle_kind_bit(kind)) && c->language == language;
      INFO("kind " << static_cast<int>(kind) << ", Fortran " << (language == SourceLanguage::Fortran));
      CHECK(serving == 1);
      REQUIRE(runtime_check_for(kind, language) != nullptr);
      CHECK(runtime_check_for(kind, language)->language == language);
    }
  CHECK(runtime_check_for(HandleKind::World, SourceLanguage::C) == nullptr);
  CHECK(runtime_check_for(HandleKind::World, SourceLanguage::Fortran) == nullptr);
}

TEST_CASE("runtime check names are unique entry points of the runtime", "[runtime-checks]") {
  std::set<std::string> names;
  for (auto *c = runtime_handle_checks_begin(); c != runtime_handle_checks_end(); ++c) {
    CHECK(std::string(c->function).rfind("parcoach_check_", 0) == 0);
    CHECK(names.insert(c->function).second);
    CHECK(runtime_check_index(c) < kRuntimeHandleCheckCount);
  }
  CHECK(names.size() == kRuntimeHandleCheckCount);
}

TEST_CASE("how each handle reaches the runtime", "[runtime-checks]") {
  // C: communicators by value compare the collective's arguments;
  // MPI_Comm_free & co. pass the handle's address.
  const RuntimeHandleCheck *comm = runtime_check_for(HandleKind::Comm, SourceLanguage::C);
  CHECK(std::string(comm->function) == "parcoach_check_comm");
  CHECK_FALSE(comm->by_address);
  CHECK(comm->compares_arguments);
  const RuntimeHandleCheck *comm_ptr = runtime_check_for(HandleKind::CommPtr, SourceLanguage::C);
  CHECK(std::string(comm_ptr->function) == "parcoach_check_comm_ptr");
  CHECK(comm_ptr->by_address);
  CHECK_FALSE(comm_ptr->compares_arguments);
  // Windows and files compare no argument.
  CHECK_FALSE(runtime_check_for(HandleKind::Win, SourceLanguage::C)->compares_arguments);
  CHECK_FALSE(runtime_check_for(HandleKind::File, SourceLanguage::C)->compares_arguments);
  // Fortran: every handle is an INTEGER passed by reference, whatever the
  // C binding does with it.
  for (HandleKind kind : handle_kinds)
    CHECK(runtime_check_for(kind, SourceLanguage::Fortran)->by_address);
  CHECK(runtime_check_for(HandleKind::Comm, SourceLanguage::Fortran) ==
        runtime_check_for(HandleKind::CommPtr, SourceLanguage::Fortran));
  CHECK(runtime_check_for(HandleKind::Comm, SourceLanguage::Fortran)->compares_arguments);
}
