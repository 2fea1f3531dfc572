! Sets the run parameters: a constant here, the same on every process.
subroutine setup()
  use params
  implicit none
  niter = 3
end subroutine setup
