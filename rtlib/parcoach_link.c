/* Run time across files: which functions the link step armed.

   parcoach-link adds to the program, when it reports calls to functions of
   other files that run collectives where not all processes may call them,
   an object defining parcoach_linked_keys: "\nKEY\nKEY\n...", one key per
   calling function.  Such a function starts with
   parcoach_enter_linked_region (KEY): if the program lists its key, the
   function's extent is checked like a flagged function's (its own dormant
   checks, its function-exit checks and those of everything it calls come
   alive), so that the process entering the other file's collective and
   the one skipping it both stop at a check.  Programs without findings
   have no such object: the weak reference is null and nothing happens.

   Keys starting with "pcd" name functions whose conditionals depend on
   results of functions of other files, which only the link step can judge
   (plugin/core/cross_file_values.h).  The link step adds the object (maybe
   with no key) to every program that has such functions; without it (a
   link that did not run parcoach-link) they are armed: the run stops
   rather than hangs if processes disagree there.  */
#include "parcoach_rt.h"

#include <string.h>

extern const char parcoach_linked_keys[] __attribute__ ((weak));

int
parcoach_enter_linked_region (const char *key)
{
  const char *keys = parcoach_linked_keys;
  size_t length;
  const char *at;
  int armed = 0;

  if (!keys && key && strncmp (key, "pcd", 3) == 0)
    armed = 1;
  else if (keys && key)
    {
      length = strlen (key);
      for (at = strstr (keys, key); at; at = strstr (at + 1, key))
        if (at > keys && at[-1] == '\n' && at[length] == '\n')
          {
            armed = 1;
            break;
          }
    }
  return parcoach_enter_work (armed);
}
