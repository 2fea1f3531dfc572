// The one translation unit with Catch2's main(); test cases live in the
// other tests/unit/*.cpp files.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
