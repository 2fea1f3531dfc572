#include "lib.h"
double scale(double value) { return 2.0 * value; }
