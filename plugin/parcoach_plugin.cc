// parcoach.so: the file users name in -fplugin=.  It refers to no GCC
// symbol, so that it loads into any GCC; it checks that this is the GCC
// PARCOACH was built for, and only then loads the pass itself
// (parcoach-pass.so, next to it), whose references to GCC internals would
// otherwise make the load fail with an unreadable "undefined symbol" error.
#include "gcc-plugin.h"
#include "plugin-version.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <string>

int plugin_is_GPL_compatible;

namespace {

const char *const pass_library = "parcoach-pass.so";

bool same(const char *a, const char *b) {
  return a && b && strcmp(a, b) == 0;
}

// What plugin_default_version_check compares, without calling it.
bool built_for(const plugin_gcc_version *running) {
  return same(running->basever, gcc_version.basever) &&
         same(running->devphase, gcc_version.devphase) &&
         same(running->revision, gcc_version.revision) &&
         same(running->configuration_arguments, gcc_version.configuration_arguments);
}

std::string directory_of(const char *path) {
  std::string text(path ? path : "");
  std::string::size_type slash = text.rfind('/');
  return slash == std::string::npos ? std::string(".") : text.substr(0, slash);
}

} // namespace

extern "C" int plugin_init(plugin_name_args *info, plugin_gcc_version *version) {
  if (!built_for(version)) {
    bool same_release = same(version->basever, gcc_version.basever);
    fprintf(stderr,
            "error: parcoach.so was built for GCC %s but is loaded into GCC %s%s; "
            "build PARCOACH with this compiler (./configure CC=... CXX=...)\n",
            gcc_version.basever, version->basever,
            same_release ? " configured differently" : "");
    return 1;
  }
  std::string path = directory_of(info->full_name) + "/" + pass_library;
  void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!library) {
    fprintf(stderr, "error: parcoach.so cannot load %s: %s\n", path.c_str(), dlerror());
    return 1;
  }
  using PassInit = int (*)(plugin_name_args *, plugin_gcc_version *);
  PassInit init = reinterpret_cast<PassInit>(dlsym(library, "parcoach_pass_init"));
  if (!init) {
    fprintf(stderr, "error: %s is not a PARCOACH pass library\n", path.c_str());
    return 1;
  }
  return init(info, version);
}
