#include "blocking_calls.h"

#include "mpi_calls.h"

#include <string>

namespace parcoach {

const char *blocking_point_to_point(const char *callee, SourceLanguage language) {
  if (!callee)
    return nullptr;
  // MPI-4.0 chapter 3 (blocking sends, receives, probes, MPI_Wait*) and
  // 3.8.2 (matched probe and receive).  MPI_Bsend may block too, when
  // the attached buffer is full.
  static const char *const blocking[] = {
      "MPI_Send",  "MPI_Ssend", "MPI_Bsend",   "MPI_Rsend",   "MPI_Recv",
      "MPI_Sendrecv", "MPI_Sendrecv_replace",  "MPI_Probe",   "MPI_Mprobe",
      "MPI_Mrecv", "MPI_Wait",  "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome"};
  std::string name = mpi_routine_spelling(callee, language);
  for (const char *routine : blocking)
    if (name == routine)
      return routine;
  return nullptr;
}

} // namespace parcoach
