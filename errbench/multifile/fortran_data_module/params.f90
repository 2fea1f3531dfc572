! A module of data only, as Fortran codes keep their run parameters: the
! object defines the variables and holds no code.
module params
  implicit none
  integer :: niter
  double precision :: tolerance = 1.0d-6
end module params
