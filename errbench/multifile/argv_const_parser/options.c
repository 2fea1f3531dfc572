/* An options file: parses the text it is given (mpiexec gives every
   process the same arguments). */
#include <stdlib.h>
#include <string.h>

int steps_from(const char *text) { return text ? atoi(text) : 3; }

int verbose_requested(const char *program) { return strstr(program, "verbose") != NULL; }
