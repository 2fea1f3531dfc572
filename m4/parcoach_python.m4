# parcoach_python.m4 -- Python 3 runs the integration tests.
#
# PARCOACH_PYTHON
# ---------------
# Finds python3 (precious variable PYTHON) and checks it is Python >= 3.6.
AC_DEFUN([PARCOACH_PYTHON],
[PARCOACH_FIND_TOOL([PYTHON], [python3], [Python 3 interpreter], [the Debian package python3])
AC_MSG_CHECKING([whether $PYTHON is Python 3.6 or later])
AS_IF([$PYTHON -c 'import sys; sys.exit(sys.version_info < (3, 6))' >&AS_MESSAGE_LOG_FD 2>&1],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([PYTHON=$PYTHON is not Python 3.6 or later.  Install the Debian package python3.])])
])
