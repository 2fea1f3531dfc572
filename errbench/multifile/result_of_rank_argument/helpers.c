/* Helpers whose results are computed from their arguments: as the same
   everywhere as what each call passes. */
int shifted(int value, int by) { return value + by; }

int read_through(const int *value) { return *value; }
