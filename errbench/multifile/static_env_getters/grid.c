/* A public record of the decomposition: `me' differs between processes,
   `parts' and `cells' do not. */
#include "grid.h"
#include "env.h"

grid_t grid;

void grid_setup(int cells)
{
  grid.me = env_rank();
  grid.parts = env_size();
  grid.cells = cells;
}
