// Entry point of parcoach-pass.so, called by parcoach.so once it has
// checked the GCC version: reads the plugin arguments and registers the
// PARCOACH pass right after CFG construction (before OpenMP expansion), so
// that cc1, cc1plus and f951 run it on every function.
#include "gcc_compat.h"

#include "buffer_checks.h"
#include "collective_pass.h"
#include "instrument.h"
#include "nohang.h"
#include "unit_analysis.h"
#include "plugin_options.h"
#include "report.h"
#include "printed_findings.h"
#include "time_report.h"
#include "work_arming.h"

#include <string>
#include <utility>
#include <vector>

namespace {

const std::string plugin_version = std::string(parcoach::tool_name) + " " + PARCOACH_VERSION;

std::string plugin_help() {
  return std::string("Finds MPI collectives that not every process may call "
                     "and inserts run-time checks.  Arguments:\n") +
         parcoach::options_help();
}

} // namespace

extern "C" int parcoach_pass_init(plugin_name_args *info, plugin_gcc_version *) {
  static std::string help = plugin_help();
  static plugin_info about = {plugin_version.c_str(), help.c_str()};
  register_callback(info->base_name, PLUGIN_INFO, nullptr, &about);

  std::vector<std::pair<std::string, std::string>> args;
  for (int i = 0; i < info->argc; ++i)
    args.emplace_back(info->argv[i].key, info->argv[i].value ? info->argv[i].value : "");
  parcoach::Options options;
  std::string problem = parcoach::parse_options(args, options);
  if (!problem.empty()) {
    error("%s", problem.c_str());
    return 1;
  }
  problem = parcoach::configure_finding_reports(info->base_name, options);
  if (!problem.empty()) {
    error("%s", problem.c_str());
    return 1;
  }
  if (options.help)
    fprintf(stderr, "%s: %s\n", plugin_version.c_str(), help.c_str());

  parcoach::register_time_report(info->base_name, options);
  parcoach::register_printed_findings(info->base_name, options);
  parcoach::register_instrumentation_gc_roots(info->base_name);
  parcoach::register_buffer_check_gc_roots(info->base_name);
  parcoach::register_unit_analysis(info->base_name, options);
  register_pass_info pass = {parcoach::make_collective_pass(g, options), "cfg", 1,
                             PASS_POS_INSERT_AFTER};
  register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &pass);
  register_pass_info work_arming = {parcoach::make_work_arming_pass(g, options), "omplower", 1,
                                    PASS_POS_INSERT_BEFORE};
  register_callback(info->base_name, PLUGIN_PASS_MANAGER_SETUP, nullptr, &work_arming);
  return 0;
}
