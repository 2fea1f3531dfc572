/* The step count, private to this file, set by config_set_steps() and
   read by config_steps(). */
static int nsteps = 1;

void config_set_steps(int n) { nsteps = n; }
int config_steps(void) { return nsteps; }
