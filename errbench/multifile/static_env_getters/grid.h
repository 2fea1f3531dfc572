typedef struct {
  int me, parts, cells;
} grid_t;
extern grid_t grid;
void grid_setup(int cells);
