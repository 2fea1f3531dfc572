// [parcoach:request]: reads the nonblocking requests of one GIMPLE function
// into the core's record (core/request_lifecycle.h), reports what the
// analysis finds certain, and tells the runtime where each nonblocking call
// is (so that its messages name file:line).
#ifndef PARCOACH_GIMPLE_REQUEST_EVENTS_H
#define PARCOACH_GIMPLE_REQUEST_EVENTS_H

#include "gcc_compat.h"

#include "findings_report.h"
#include "mpi_knowledge.h"
#include "plugin_options.h"

#include <vector>

namespace parcoach {

// Warns about the requests of `fun' lost or left active (every path), and
// adds the findings to `findings' (the JSON report; may be null).
void check_request_lifecycles(function *fun, std::vector<Finding> *findings);

// Inserts `parcoach_request_site (file, line)' before each call whose
// runtime wrapper reports where it was made: the nonblocking calls that
// create a request, and the collectives whose counts the wrappers compare
// (wrapper_checks_counts); unless `options' instrument nothing.
void insert_call_sites(function *fun, const Options &options);

// The position of the request argument if `call' (to `name') creates a
// request the runtime tracks (the nonblocking point-to-point calls and
// collectives this reader knows), or -1.
int created_request_position(const gcall *call, const char *name, SourceLanguage language);

} // namespace parcoach

#endif
