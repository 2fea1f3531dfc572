#include "mpi_calls.h"

#include <cctype>
#include <cstring>
#include <string>

namespace parcoach {

// The C spelling of the MPI routine `callee' names (MPI_Send for MPI_Send,
// PMPI_Send, mpi_send, MPI_SEND or pmpi_send), or "" when it names none.
// The standard reserves the MPI_ and PMPI_ prefixes (MPI-4.0 section 2.6.2):
// nothing else is an MPI routine, whatever its fourth character.
std::string mpi_routine_spelling(const char *callee, SourceLanguage language) {
  std::string name = callee;
  if (language == SourceLanguage::Fortran)
    for (char &c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const char *prefixes[] = {"mpi_", "pmpi_", "MPI_", "PMPI_"};
  const bool fortran = language == SourceLanguage::Fortran;
  for (int i = fortran ? 0 : 2; i < (fortran ? 2 : 4); ++i) {
    std::size_t length = std::strlen(prefixes[i]);
    if (name.compare(0, length, prefixes[i]) != 0 || name.size() <= length)
      continue;
    char first = name[length];
    if (!std::isalpha(static_cast<unsigned char>(first)) ||
        (!fortran && !std::isupper(static_cast<unsigned char>(first))))
      return "";
    return "MPI_" + std::string(1, static_cast<char>(std::toupper(
                        static_cast<unsigned char>(first)))) +
           name.substr(length + 1);
  }
  return "";
}

bool is_thread_level_call(const char *callee, SourceLanguage language) {
  if (!callee)
    return false;
  std::string name = mpi_routine_spelling(callee, language);
  if (name.empty())
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
  std::string name = mpi_routine_spelling(callee, language);
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
