typedef struct {
  int nsteps, output_every;
  double dt;
} params_t;
void share_params(params_t *params);
