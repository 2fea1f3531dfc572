int nsteps = 0; /* read by main.c */

/* Stores the same constant on every process that calls it. */
void set_defaults(void) { nsteps = 3; }
