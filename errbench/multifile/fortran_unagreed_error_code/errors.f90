! Error handling that does not agree: a code above the limits is reset,
! any other is left as the process set it.
subroutine agree_on_error(code)
  implicit none
  integer, intent(inout) :: code
  if (code > 100) code = 0
end subroutine agree_on_error
