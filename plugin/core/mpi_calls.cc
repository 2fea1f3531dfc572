#include "mpi_calls.h"

#include <cctype>
#include <cstring>
#include <string>

namespace parcoach {

namespace {

// C spelling of a Fortran name: mpi_send -> MPI_Send.
std::string c_spelling(const char *callee, SourceLanguage language) {
  std::string name = callee;
  if (language == SourceLanguage::Fortran) {
    for (char &c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name.size() > 4) {
      name[0] = 'M';
      name[1] = 'P';
      name[2] = 'I';
      name[4] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[4])));
    }
  }
  return name;
}

} // namespace

bool is_thread_level_call(const char *callee, SourceLanguage language) {
  if (!callee)
    return false;
  std::string name = c_spelling(callee, language);
  if (name.compare(0, 4, "MPI_") != 0 || name.size() < 5 ||
      !std::isupper(static_cast<unsigned char>(name[4])))
    return false;
  // MPI-4.0 section 11.2.1: callable by any thread, before MPI_Init even.
  static const char *const any_thread[] = {
      "MPI_Initialized", "MPI_Finalized", "MPI_Query_thread", "MPI_Is_thread_main",
      "MPI_Get_version", "MPI_Get_library_version", "MPI_Wtime", "MPI_Wtick"};
  for (const char *free_call : any_thread)
    if (name == free_call)
      return false;
  return true;
}

InitKind init_kind(const char *callee, SourceLanguage language) {
  if (!callee)
    return InitKind::None;
  std::string name = c_spelling(callee, language);
  if (name == "MPI_Init_thread")
    return InitKind::InitThread;
  if (name == "MPI_Init")
    return InitKind::Init;
  return InitKind::None;
}

int init_thread_required_arg(SourceLanguage language) {
  // C: MPI_Init_thread(&argc, &argv, required, &provided);
  // Fortran: call MPI_INIT_THREAD(required, provided, ierror)
  return language == SourceLanguage::Fortran ? 0 : 2;
}

} // namespace parcoach
