# parcoach_tools.m4 -- small helpers shared by the PARCOACH configure macros.
#
# PARCOACH_FIND_TOOL(VARIABLE, CANDIDATES, WHAT, HOW-TO-INSTALL, [PREFERRED])
# ---------------------------------------------------------------------------
# Set VARIABLE to the absolute path of the first program of CANDIDATES found
# in $PATH.  When the user already set VARIABLE (./configure VAR=... or in the
# environment) that value is kept as is -- it may be a bare name, a path, or
# a command with options -- but its first word must be an executable.
# PREFERRED (a shell word list, expanded at run time) holds absolute paths
# tried before CANDIDATES: the first executable one wins (used for the
# siblings of the MPI C wrapper: mpicxx next to mpicc...).
# Exactly one AC_MSG_ERROR when nothing usable is found; it names WHAT is
# missing and HOW-TO-INSTALL it (the Debian package(s)).
AC_DEFUN([PARCOACH_FIND_TOOL],
[AC_ARG_VAR([$1], [$3])
AS_IF([test -n "$$1"],
  [AC_MSG_CHECKING([for $3 (user-supplied $1)])
   set dummy $$1
   parcoach_tool_word=$[2]
   AS_CASE([$parcoach_tool_word],
     [*/*], [AS_IF([test -f "$parcoach_tool_word" && test -x "$parcoach_tool_word"],
                   [parcoach_tool_ok=yes], [parcoach_tool_ok=no])],
     [AS_IF([command -v "$parcoach_tool_word" >/dev/null 2>&1],
            [parcoach_tool_ok=yes], [parcoach_tool_ok=no])])
   AC_MSG_RESULT([$$1])
   AS_IF([test "$parcoach_tool_ok" != yes],
     [AC_MSG_ERROR([$1=$$1: '$parcoach_tool_word' is not an executable program.
Fix or unset $1 (configure then looks for: $2),
or install $4.])])],
  [parcoach_tool_found=
   for parcoach_tool_try in $5; do
     AS_IF([test -f "$parcoach_tool_try" && test -x "$parcoach_tool_try"],
       [parcoach_tool_found=$parcoach_tool_try; break])
   done
   AS_IF([test -n "$parcoach_tool_found"],
     [AC_MSG_CHECKING([for $3])
      $1=$parcoach_tool_found
      AC_MSG_RESULT([$$1])],
     [AC_PATH_PROGS([$1], [$2])])
   AS_IF([test -z "$$1"],
     [AC_MSG_ERROR([$3 not found (looked for: $2).
Install $4, or pass $1=/path/to/program to configure (or to make on the first build).])])])
])

# PARCOACH_TRY_BUILD(COMPILER, EXTENSION, SOURCE, [IF-OK], [IF-FAILED])
# ----------------------------------------------------------------------
# Write SOURCE to conftest_parcoach.EXTENSION, compile and link it with
# COMPILER (a command: $MPICC, "$CC -fopenmp", ...) and run IF-OK or
# IF-FAILED.  The command and its output go to config.log.  Used for the
# compiler wrappers that are not the AC_LANG compilers (mpicc, mpif90...).
AC_DEFUN([PARCOACH_TRY_BUILD],
[rm -f conftest_parcoach*
cat > conftest_parcoach.$2 <<_PARCOACH_EOF
$3
_PARCOACH_EOF
parcoach_try_cmd="$1 conftest_parcoach.$2 -o conftest_parcoach$EXEEXT"
AS_ECHO(["$as_me:$LINENO: $parcoach_try_cmd"]) >&AS_MESSAGE_LOG_FD
AS_IF([(eval "$parcoach_try_cmd") >&AS_MESSAGE_LOG_FD 2>&1 && test -s conftest_parcoach$EXEEXT],
  [rm -f conftest_parcoach*
   $4],
  [AS_ECHO(["$as_me: failed program was:"]) >&AS_MESSAGE_LOG_FD
   sed 's/^/| /' conftest_parcoach.$2 >&AS_MESSAGE_LOG_FD
   rm -f conftest_parcoach*
   $5])
])

# PARCOACH_GCC_VERSION_OF(COMMAND)
# --------------------------------
# Expand to a shell command substitution printing `COMMAND -dumpversion'
# (empty when COMMAND does not run).
AC_DEFUN([PARCOACH_GCC_VERSION_OF],
[`$1 -dumpversion 2>/dev/null`])
